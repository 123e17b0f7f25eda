#!/usr/bin/env bash
# CPU-only tests of the runtime verifier, run by scripts/test.sh in CI (no GPU).
# Builds runtime/'s CUDA-free core (snapshot reader, growth detection,
# attribution, report) and its unit tests against the LibTorch that
# scripts/setup.sh unpacked into .cache/libtorch, and runs them on the
# fixtures recorded on the GPU machine (runtime/test/fixtures/README.md).
#   runtime/ci-test.sh           build + test (exit status: 0 when all pass)
#   runtime/ci-test.sh --fuzz N  also fuzz the snapshot reader for N seconds (clang++-22)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
torch=${GPULEAK_LIBTORCH_DIR:-$root/.cache/libtorch}
build=$root/build-runtime/ci
if [ ! -f "$torch/share/cmake/Torch/TorchConfig.cmake" ]; then
  echo "runtime/ci-test.sh: no LibTorch at $torch (run scripts/setup.sh)" >&2
  exit 1
fi
gen=(); command -v ninja >/dev/null && gen=(-G Ninja)
cmake -S "$root/runtime" -B "$build" "${gen[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_PREFIX_PATH="$torch" -DGPULEAK_RUNTIME_CORE_ONLY=ON \
  -DCMAKE_CXX_COMPILER="${CXX:-g++}" >/dev/null
cmake --build "$build" -j "${GPULEAK_JOBS:-2}"
# torch_cpu needs libcudart/libcupti (CUDA 13); the wheel's RUNPATH points at
# pip's nvidia/ packages, which this tree does not have.
cuda=${GPULEAK_CUDA_DIR:-/usr/local/cuda}
export LD_LIBRARY_PATH="$cuda/lib64:$cuda/lib:$cuda/extras/CUPTI/lib64:$torch/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
ctest --test-dir "$build" --output-on-failure
# The Python package (runtime/python/gpuleak) where it cannot monitor.
python3 "$root/runtime/test/python/test_package.py"
# The Python fixtures recorded on the GPU machine (runtime/test/gpu-issue13.sh).
if [ -d "$root/runtime/test/fixtures/python" ]; then
  python3 "$root/runtime/test/python/check_fixtures.py" "$build" "$root/runtime/test/fixtures/python"
else
  echo "runtime/ci-test.sh: the Python fixtures are not recorded yet (runtime/test/gpu-issue13.sh main, then ingest)"
fi

if [ "${1:-}" = "--fuzz" ]; then
  fuzz=$root/build-runtime/fuzz
  cmake -S "$root/runtime" -B "$fuzz" "${gen[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_PREFIX_PATH="$torch" -DGPULEAK_RUNTIME_CORE_ONLY=ON -DGPULEAK_RUNTIME_TESTS=OFF \
    -DGPULEAK_RUNTIME_FUZZ=ON -DCMAKE_CXX_COMPILER=/usr/lib/llvm-22/bin/clang++ \
    -DCMAKE_CUDA_FLAGS=-allow-unsupported-compiler >/dev/null  # nvcc 13 rejects clang 22 as host
  cmake --build "$fuzz" --target gpuleak_snapshot_fuzzer -j "${GPULEAK_JOBS:-2}"
  mkdir -p "$fuzz/corpus" && cp "$root"/runtime/test/fixtures/*.pickle "$fuzz/corpus/"
  "$fuzz/gpuleak_snapshot_fuzzer" -max_total_time="${2:-60}" -max_len=200000 \
    -rss_limit_mb=4096 "$fuzz/corpus"
fi
