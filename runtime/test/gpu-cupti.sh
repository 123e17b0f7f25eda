#!/usr/bin/env bash
# The GPU run of the raw CUDA watch (RawCuda.h; issue 9, runtime confirmation).
# One device call; results under $OUT (reports, logs, the overhead numbers).
#   runtime/test/gpu-cupti.sh [CASES_DIR]
# CASES_DIR holds the handed .cu cases (018, 021, 023, 026) and the
# negatives 107 and 114 (copied there from /work/shared/cases). Builds the
# runtime against the machine's torch, the programs of runtime/test/cupti/
# and the cases with nvcc (-g -O0; cudart static, nvcc's default), runs each
# under gpuleak run (100 ms intervals), one LibTorch case (012) to see that
# torch's own CUDA resources are counted apart, a second CUPTI subscriber,
# the unit tests, and runtime/bench/raw_cuda_overhead.sh.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cases=${1:-$root/../cases}
out=${OUT:-$root/.device/out}; mkdir -p "$out"
work=/tmp/gpuleak-cupti; rm -rf "$work"; mkdir -p "$work"/{bin,rep,log}
t0=$SECONDS
echo "== machine"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
nvcc --version | tail -2 | head -1
tdir=$(python3 -c 'import torch,os;print(os.path.dirname(torch.__file__))')
python3 -c 'import torch;print("torch", torch.__version__, "cuda", torch.version.cuda)'
echo "== CUPTI libraries"
ls /usr/local/cuda/lib64/libcupti* /usr/local/cuda/extras/CUPTI/lib64/libcupti* 2>/dev/null
ldconfig -p | grep -i cupti
find "$tdir/.." "$tdir/../nvidia" -maxdepth 4 -name 'libcupti*' 2>/dev/null | head -5
ldd "$tdir/lib/libtorch_cpu.so" | grep -i cupti
ls /usr/local/cuda/include/cupti.h /usr/local/cuda/extras/CUPTI/include/cupti.h 2>/dev/null
command -v addr2line

echo "== build (runtime, programs, cases, in parallel)"
prefix=$(python3 -c 'import torch;print(torch.utils.cmake_prefix_path)')
(cmake -S "$root/runtime" -B "$work/rt" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_PREFIX_PATH="$prefix" > "$work/log/rt.log" 2>&1 \
  && cmake --build "$work/rt" -j 12 --target gpuleak_preload gpuleak_raw_cuda_tests \
  >> "$work/log/rt.log" 2>&1; echo "runtime build rc=$? ($((SECONDS - t0)) s)"; grep -i "CUPTI headers" "$work/log/rt.log") &
bpid=$!
pids=()
for f in "$root"/runtime/test/cupti/*.cu; do
  [ "${BENCH_ONLY:-0}" = 1 ] && continue
  n=$(basename "$f" .cu); lib=; [[ $n == cublas* ]] && lib=-lcublas
  nvcc -g -O0 -o "$work/bin/$n" "$f" $lib > "$work/log/$n.build" 2>&1 & pids+=($!)
done
for f in "$cases"/*.cu "$cases"/1*.cpp; do
  [ "${BENCH_ONLY:-0}" = 1 ] && continue
  [ -f "$f" ] || continue
  n=$(basename "$f" | cut -c1-3)
  nvcc -g -O0 -x cu -o "$work/bin/case-$n" "$f" > "$work/log/case-$n.build" 2>&1 & pids+=($!)
done
nvcc -O2 -o "$work/bin/raw_cuda_overhead" "$root/runtime/bench/raw_cuda_overhead.cu" & pids+=($!)
# A second CUPTI subscriber, loaded before the program (busy).
cat > "$work/first.c" <<'C'
#include <cupti.h>
#include <stdio.h>
static void CUPTIAPI cb(void *u, CUpti_CallbackDomain d, CUpti_CallbackId i, const void *p) {}
__attribute__((constructor)) static void first(void) {
  CUpti_SubscriberHandle s;
  CUptiResult r = cuptiSubscribe(&s, cb, 0);
  fprintf(stderr, "first subscriber: cuptiSubscribe -> %d\n", (int)r);
}
C
cupti_lib=$(ldd "$tdir/lib/libtorch_cpu.so" | awk '/libcupti/ {print $3}')
gcc -shared -fPIC -o "$work/bin/libfirst.so" "$work/first.c" -I/usr/local/cuda/include \
  -I/usr/local/cuda/extras/CUPTI/include "$cupti_lib" -Wl,-rpath,"$(dirname "$cupti_lib")" \
  > "$work/log/first.build" 2>&1 & pids+=($!)
# One LibTorch case: torch's own cudaMalloc (its allocator), cuBLAS handles, streams.
if [ -f "$cases/012.cpp" ]; then
  g++ -std=c++17 -g -O0 -o "$work/bin/case-012" "$cases/012.cpp" -I"$tdir/include" \
    -I"$tdir/include/torch/csrc/api/include" -I/usr/local/cuda/include -L"$tdir/lib" \
    -ltorch -ltorch_cpu -ltorch_cuda -lc10 -lc10_cuda -Wl,-rpath,"$tdir/lib" \
    -Wl,--no-as-needed,-ltorch_cuda > "$work/log/case-012.build" 2>&1 & pids+=($!)
fi
wait "${pids[@]}"; wait $bpid
for f in "$work"/log/*.build; do [ -s "$f" ] && { echo "-- $(basename "$f")"; grep -i error "$f" | head -3; }; done
ls "$work/bin"
echo "build done at $((SECONDS - t0)) s"
[ -f "$work/rt/libgpuleak_preload.so" ] || { tail -30 "$work/log/rt.log"; exit 1; }

run=$root/runtime/bin/gpuleak-run
export GPULEAK_PRELOAD=$work/rt/libgpuleak_preload.so
echo "== unit tests with a driver"
"$work/rt/gpuleak_raw_cuda_tests" | tail -1
"$work/rt/gpuleak_raw_cuda_tests" watch

echo "== programs under gpuleak run"
pids=()
for b in "$work"/bin/*; do
  n=$(basename "$b")
  case $n in libfirst.so|raw_cuda_overhead) continue ;; esac
  # BENCH_ONLY=1: only the LibTorch case (torch's own resources), stopped early.
  [ "${BENCH_ONLY:-0}" = 1 ] && [ "$n" != case-012 ] && continue
  stop=0; case $n in case-018|case-021|case-026) stop=4 ;; case-012) stop=${STOP_012:-6} ;; esac
  (GPULEAK_STOP_AFTER=$stop timeout -s KILL 90 "$run" --interval-ms 100 --output "$work/rep/$n" \
    -- "$b" > "$work/log/$n.run" 2>&1; echo "$n rc=$?") & pids+=($!)
done
wait "${pids[@]}"
echo "== a second subscriber first"
[ "${BENCH_ONLY:-0}" = 1 ] || for order in before after; do
  if [ $order = before ]; then pre="$work/bin/libfirst.so"; else pre=; fi
  (export LD_PRELOAD=$pre; GPULEAK_QUIET=0 timeout 60 "$run" --interval-ms 100 \
    --output "$work/rep/busy-$order" -- "$work/bin/malloc_loop" 50 > "$work/log/busy-$order.run" 2>&1; echo "busy-$order rc=$?")
  cat "$work/log/busy-$order.run" | head -6
done
for f in "$work"/log/*.run; do [ -f "$f" ] || continue; echo "---- $(basename "$f")"; grep -v '^$' "$f" | head -16 | cut -c1-220; done
echo "runs done at $((SECONDS - t0)) s"
tar -C "$work" -czf "$out/cupti-run.tar.gz" rep log

echo "== overhead"
bash "$root/runtime/bench/raw_cuda_overhead.sh" "$work/bin/raw_cuda_overhead" "$run" "${ROUNDS:-7}" "${PAIRS:-20000}" 1048576
bash "$root/runtime/bench/raw_cuda_overhead.sh" "$work/bin/raw_cuda_overhead" "$run" "${ROUNDS:-5}" "${PAIRS:-20000}" 256
echo "all done at $((SECONDS - t0)) s"
tar -C "$work" -czf "$out/cupti-run.tar.gz" rep log
