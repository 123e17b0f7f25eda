#!/usr/bin/env bash
# The README's first command: sets up a fresh Debian 12 machine
# (scripts/setup.sh), builds gpuleak, configures examples/ to get its
# compile_commands.json, and runs `gpuleak check` on it.
# Exit status is gpuleak's: 1, because examples/ has findings on purpose.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build" >&2  # build log on stderr: stdout is the report
# Only the compile database is needed; nothing is compiled or linked.
cmake -S "$root/examples" -B "$root/examples/build" -G Ninja \
  -DCMAKE_PREFIX_PATH="$root/.cache/libtorch" -Wno-dev >/dev/null 2>&1 ||
  { echo "check-examples: error: configuring examples/ failed (run: cmake -S examples -B examples/build -DCMAKE_PREFIX_PATH=.cache/libtorch)" >&2; exit 2; }
exec "$root/build/bin/gpuleak" check -p "$root/examples/build" "$@"
