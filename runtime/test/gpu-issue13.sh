#!/usr/bin/env bash
# The GPU run of issue 13, parts 2-4 (needs the GPU machine: torch 2.11 with
# CUDA, cmake, ninja). Two phases, one device call each, results under $OUT:
#
#   runtime/test/gpu-issue13.sh main        build; step-list and P5 benchmarks;
#                                           the Python fixtures; the stress harness
#   runtime/test/gpu-issue13.sh sanitizers  ASan and TSan builds; the stress harness
#                                           under each
#   runtime/test/gpu-issue13.sh all         both in one call, fewer runs (under 10 min)
#   runtime/test/gpu-issue13.sh ab OLD      the runtime of OLD (a folder holding an
#                                           older runtime's src/ and include/) and of
#                                           this tree side by side: the stress harness
#                                           with the crash tracer (stacks of crashed
#                                           runs) and the Python fixtures, each twice
#
# Back on the CPU machine, `runtime/test/gpu-issue13.sh ingest DIR` copies the
# stripped Python fixtures from an unpacked $OUT into runtime/test/fixtures/python.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
phase=${1:-main}
out=${OUT:-$root/.device/out}; mkdir -p "$out"
work=/tmp/gpuleak-issue13; mkdir -p "$work"
gen=(-G Ninja); command -v ninja >/dev/null || gen=()

build() { # DIR SANITIZER TARGETS...
  local dir=$1 san=$2; shift 2
  local prefix; prefix=$(python3 -c 'import torch;print(torch.utils.cmake_prefix_path)')
  cmake -S "$root/runtime" -B "$dir" "${gen[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_INSTALL_PREFIX="$dir/install" \
    -DGPULEAK_RUNTIME_SANITIZE="$san" -DGPULEAK_RUNTIME_TESTS=OFF > "$dir.log" 2>&1 \
    && cmake --build "$dir" -j "${JOBS:-16}" --target "$@" >> "$dir.log" 2>&1
}

python_fixtures() { # [BUILD_DIR [NAME]]: the runtime of BUILD_DIR (default $work/rt)
  local rt=${1:-$work/rt} name=${2:-py}
  echo "== Python fixtures (part 4), $(basename "$rt")"
  local py=$work/$name; rm -rf "$py"; mkdir -p "$py"
  (
  export PYTHONPATH=$root/runtime/python GPULEAK_RUNTIME_LIB=$rt/libgpuleak_runtime.so
  # The crash tracer (test-only) leaves each crashed fixture's stacks.
  trace=$rt/libgpuleak_crash_trace.so
  local pids=()
  for f in leak_loop fixed_loop eval_no_grad empty_cache; do
    (cd "$py" && { [ ! -f "$trace" ] || export LD_PRELOAD=$trace GPULEAK_CRASH_TRACE=$py/$f.crash; } \
      && GPULEAK_OUTPUT=$py/$f GPULEAK_HISTORY=start GPULEAK_ATTRIBUTION_STEPS=8 \
      timeout -s KILL 120 python3 "$root/runtime/test/python/fixtures/$f.py" 60 \
      > "$py/$f.log" 2>&1; echo "$f rc=$?") & pids+=($!)
  done
  (cd "$py" && { [ ! -f "$trace" ] || export LD_PRELOAD=$trace GPULEAK_CRASH_TRACE=$py/plain_leak.crash; } \
    && timeout -s KILL 120 python3 -m gpuleak run --output "$py/plain_leak" \
    --interval-ms 100 -- "$root/runtime/test/python/fixtures/plain_leak.py" 4 \
    > "$py/plain_leak.log" 2>&1; echo "plain_leak (python -m gpuleak run) rc=$?") & pids+=($!)
  wait "${pids[@]}"
  )
  for f in "$py"/*.log; do echo "---- $(basename "$f")"; grep -v '^$' "$f" | head -14; done
  if ls "$py"/*.crash > /dev/null 2>&1; then
    echo "---- stacks of the crashed fixtures ($(ls "$py"/*.crash | wc -l)), the first two:"
    python3 "$root/runtime/test/stress/symbolize_crash.py" $(ls "$py"/*.crash | head -2) | cut -c1-240
  fi
  mkdir -p "$py/stripped"
  for f in "$py"/*.json "$py"/*.pickle; do
    python3 "$root/runtime/test/strip_fixture.py" "$root" "$f" "$py/stripped/$(basename "$f")"
  done
  tar -C "$py" -czf "$out/$([ "$name" = py ] && echo python-fixtures || echo "$name-fixtures").tar.gz" \
    stripped $(cd "$py" && ls *.log *.crash 2>/dev/null)
}

# Before and after, side by side in one device call: OLD's runtime (src/ and
# include/ of an older commit, on top of this tree's tests and harness) and
# this tree's, each built with the crash tracer; the stress harness
# (STRESS_N runs of main and exit, STRESS_MONITOR_N of library mode) and the
# Python fixtures with each.
ab() {
  local t0=$SECONDS old=$1
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  python3 -c 'import torch;print("torch", torch.__version__, "cuda", torch.version.cuda)'
  echo "gdb: $(command -v gdb || echo none); addr2line: $(command -v addr2line || echo none);" \
    "core_pattern: $(cat /proc/sys/kernel/core_pattern 2>/dev/null)"
  local src=$work/before-src; rm -rf "$src"; cp -r "$root/runtime" "$src"
  rm -rf "$src/src" "$src/include"; cp -r "$old/src" "$old/include" "$src/"
  local targets=(gpuleak_runtime gpuleak_preload gpuleak_stress_prog gpuleak_crash_trace)
  (root=$work/before-root; mkdir -p "$root"; rm -rf "$root/runtime"; ln -s "$src" "$root/runtime"
   JOBS=8 build "$work/before" "" "${targets[@]}") & local b=$!
  JOBS=8 build "$work/after" "" "${targets[@]}" & local a=$!
  wait $b || { tail -30 "$work/before.log"; return 1; }
  wait $a || { tail -30 "$work/after.log"; return 1; }
  echo "builds: $((SECONDS - t0)) s"
  for v in before after; do
    echo "== stress, $v (main, exit: ${STRESS_N:-24} runs; monitor: ${STRESS_MONITOR_N:-16})"
    STRESS_BARE=0 STRESS_MODES="main exit" timeout -s KILL 200 \
      "$root/runtime/test/stress/stress.sh" "$work/$v" "$work/stress-$v" "${STRESS_N:-24}" 16
    STRESS_BARE=0 STRESS_MODES=monitor timeout -s KILL 100 \
      "$root/runtime/test/stress/stress.sh" "$work/$v" "$work/stress-$v-monitor" "${STRESS_MONITOR_N:-16}" 16 \
      | grep -v '^#### \|^  \|^==' | head -8
    tar -C "$work" -czf "$out/stress-$v.tar.gz" "stress-$v/results.txt" "stress-$v-monitor/results.txt" \
      $(cd "$work" && ls stress-$v/*/crash.txt stress-$v-monitor/*/crash.txt 2>/dev/null | head -40)
    echo "$v: $((SECONDS - t0)) s"
  done
  if [ $((SECONDS - t0)) -lt 420 ]; then
    python_fixtures "$work/before" py-before
    python_fixtures "$work/after" py-after
  fi
  echo "total: $((SECONDS - t0)) s"
}

main() {
  local t0=$SECONDS
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  python3 -c 'import torch;print("torch", torch.__version__, "cuda", torch.version.cuda)'
  echo "== build"
  mkdir -p "$work"
  build "$work/rt" "" gpuleak_runtime gpuleak_preload gpuleak_p5_bench gpuleak_stress_prog \
    gpuleak_step_list_bench gpuleak-snapshot-report || { tail -30 "$work/rt.log"; return 1; }
  cmake --install "$work/rt" > /dev/null 2>&1 || true
  echo "build: $((SECONDS - t0)) s"
  echo "== step list (part 3)"
  "$work/rt/gpuleak_step_list_bench" 100000
  echo "== P5 (part 3)"
  timeout -s KILL 240 "$work/rt/gpuleak_p5_bench" "${P5_ROUNDS:-40}" 4000 400 2>&1 | grep '^p5'
  echo "P5: $((SECONDS - t0)) s"
  python_fixtures
  echo "python: $((SECONDS - t0)) s"
  echo "== stress (part 2), plain build"
  "$root/runtime/test/stress/stress.sh" "$work/rt" "$work/stress-plain" "${STRESS_N:-48}" 16
  echo "stress: $((SECONDS - t0)) s"
  tar -C "$work" -czf "$out/stress-plain.tar.gz" stress-plain/results.txt 2>/dev/null
  echo "total: $((SECONDS - t0)) s"
}

sanitizers() {
  local t0=$SECONDS
  echo "== ASan and TSan builds"
  build "$work/asan" address gpuleak_preload gpuleak_stress_prog & local a=$!
  build "$work/tsan" thread gpuleak_preload gpuleak_stress_prog & local t=$!
  wait $a || tail -20 "$work/asan.log"; wait $t || tail -20 "$work/tsan.log"
  echo "build: $((SECONDS - t0)) s"
  for s in asan tsan; do
    [ -x "$work/$s/gpuleak_stress_prog" ] || { echo "$s: not built"; continue; }
    echo "== stress (part 2), $s build"
    "$root/runtime/test/stress/stress.sh" "$work/$s" "$work/stress-$s" "${STRESS_N:-24}" 16
    tar -C "$work" -czf "$out/stress-$s.tar.gz" "stress-$s/results.txt" 2>/dev/null
    echo "$s: $((SECONDS - t0)) s"
  done
}

# Everything in one device call (under its 10-minute limit): the three builds
# at once, then the benchmarks, the Python fixtures and the stress harness,
# plain, ASan and TSan, each stage skipped when the time is short.
all() {
  local t0=$SECONDS left
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  python3 -c 'import torch;print("torch", torch.__version__, "cuda", torch.version.cuda)'
  echo "== builds (plain, ASan, TSan at once)"
  JOBS=8 build "$work/rt" "" gpuleak_runtime gpuleak_preload gpuleak_p5_bench gpuleak_stress_prog \
    gpuleak_step_list_bench gpuleak-snapshot-report & local p=$!
  JOBS=4 build "$work/asan" address gpuleak_preload gpuleak_stress_prog & local a=$!
  JOBS=4 build "$work/tsan" thread gpuleak_preload gpuleak_stress_prog & local t=$!
  wait $p || { tail -30 "$work/rt.log"; return 1; }
  echo "plain build: $((SECONDS - t0)) s"
  python_fixtures # while the sanitizer builds run: nothing here is timed
  echo "python: $((SECONDS - t0)) s"
  wait $a || tail -20 "$work/asan.log"; wait $t || tail -20 "$work/tsan.log"
  echo "all builds: $((SECONDS - t0)) s"
  echo "== step list (part 3)"
  "$work/rt/gpuleak_step_list_bench" 100000
  echo "== P5 (part 3)"
  timeout -s KILL 150 "$work/rt/gpuleak_p5_bench" "${P5_ROUNDS:-30}" 4000 400 2>&1 | grep '^p5'
  echo "P5: $((SECONDS - t0)) s"
  left=$((540 - (SECONDS - t0)))
  echo "== stress (part 2), plain build"
  timeout -s KILL "$left" "$root/runtime/test/stress/stress.sh" "$work/rt" "$work/stress-plain" "${STRESS_N:-32}" 16
  tar -C "$work" -czf "$out/stress-plain.tar.gz" stress-plain/results.txt 2>/dev/null
  echo "stress plain: $((SECONDS - t0)) s"
  for s in asan tsan; do
    left=$((560 - (SECONDS - t0)))
    [ -x "$work/$s/gpuleak_stress_prog" ] || { echo "$s: not built"; continue; }
    [ "$left" -gt 60 ] || { echo "$s: skipped, $left s left"; continue; }
    echo "== stress (part 2), $s build ($left s left)"
    timeout -s KILL "$left" "$root/runtime/test/stress/stress.sh" "$work/$s" "$work/stress-$s" \
      "$([ $s = asan ] && echo "${STRESS_ASAN_N:-16}" || echo "${STRESS_TSAN_N:-8}")" 16
    tar -C "$work" -czf "$out/stress-$s.tar.gz" "stress-$s/results.txt" \
      $(cd "$work" && grep -l -E "ERROR: AddressSanitizer|WARNING: ThreadSanitizer" stress-$s/*/log 2>/dev/null | head -5) 2>/dev/null
    echo "$s: $((SECONDS - t0)) s"
  done
  echo "total: $((SECONDS - t0)) s"
}

# DIR: where the device call's files came back (read-only is fine).
ingest() {
  local src=$1 dst=$root/runtime/test/fixtures/python tmp
  tmp=$(mktemp -d)
  tar -C "$tmp" -xzf "$src/python-fixtures.tar.gz" || return 1
  mkdir -p "$dst"
  cp "$tmp"/stripped/*.json "$tmp"/stripped/*.pickle "$dst/"
  rm -rf "$tmp"
  du -sh "$dst"; ls "$dst"
}

case "$phase" in
  main) main 2>&1 | tee "$out/issue13-main.log" ;;
  sanitizers) sanitizers 2>&1 | tee "$out/issue13-sanitizers.log" ;;
  all) all 2>&1 | tee "$out/issue13-all.log" ;;
  ingest) ingest "${2:?ingest DIR}" ;;
  ab) ab "$(cd "${2:?ab OLD}" && pwd)" 2>&1 | tee "$out/issue13-ab.log" ;;
  *) sed -n 2,13p "$0"; exit 2 ;;
esac
