#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine (scripts/setup.sh), builds gpuleak and runs
# every test through ctest. Exit status: 0 when all tests pass.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build"
# The runtime verifier (LibTorch-linked) has its own CPU-only unit tests.
if [ -x "$root/runtime/ci-test.sh" ]; then
  "$root/runtime/ci-test.sh"
fi
cd "$root/build" && ctest --output-on-failure
