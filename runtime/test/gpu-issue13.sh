#!/usr/bin/env bash
# The GPU run of issue 13, parts 2-4 (needs the GPU machine: torch 2.11 with
# CUDA, cmake, ninja). Phases, one device call each, results under $OUT:
#
#   runtime/test/gpu-issue13.sh main        build; step-list and P5 benchmarks;
#                                           the Python fixtures; the stress harness
#   runtime/test/gpu-issue13.sh sanitizers  ASan and TSan builds; the stress harness
#                                           under each
#   runtime/test/gpu-issue13.sh all         both in one call, fewer runs (under 10 min)
#   runtime/test/gpu-issue13.sh final       P5, the empty_cache fixture, the stress harness
#                                           under ASan and TSan, libstdc++ link facts
#                                           (one call, about 7 minutes)
#   runtime/test/gpu-issue13.sh p5          build, libstdc++ NEEDED check, P5, a short
#                                           stress run and the empty_cache fixture (2.5 min)
#   runtime/test/gpu-issue13.sh ab OLD      the runtime of OLD (a folder holding an
#                                           older runtime's src/ and include/) and of
#                                           this tree side by side: the stress harness
#                                           with the crash tracer (stacks of crashed
#                                           runs) and the Python fixtures, each twice.
#                                           STRESS_N runs per mode of AB_MODES (default
#                                           "main exit monitor"), AB_BARE=1 adds the bare
#                                           baseline (of AB_BARE_MODES), AB_DIAG=1 the
#                                           libstdc++ facts, AB_PY_BEFORE=0 skips the
#                                           older runtime's Python fixtures
#
# Back on the CPU machine, `runtime/test/gpu-issue13.sh ingest DIR` copies the
# stripped Python fixtures from the $OUT files into runtime/test/fixtures/python.
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
  local pids=() list=" ${PY_FIXTURES:-leak_loop fixed_loop eval_no_grad empty_cache plain_leak} "
  for f in leak_loop fixed_loop eval_no_grad empty_cache; do
    [[ "$list" == *" $f "* ]] || continue
    (cd "$py" && { [ ! -f "$trace" ] || export LD_PRELOAD=$trace GPULEAK_CRASH_TRACE=$py/$f.crash; } \
      && GPULEAK_OUTPUT=$py/$f GPULEAK_HISTORY=start GPULEAK_ATTRIBUTION_STEPS=8 \
      timeout -s KILL 120 python3 "$root/runtime/test/python/fixtures/$f.py" 60 \
      > "$py/$f.log" 2>&1; echo "$f rc=$?") & pids+=($!)
  done
  [[ "$list" != *" plain_leak "* ]] || (cd "$py" && { [ ! -f "$trace" ] || export LD_PRELOAD=$trace GPULEAK_CRASH_TRACE=$py/plain_leak.crash; } \
    && timeout -s KILL 120 python3 -m gpuleak run --output "$py/plain_leak" \
    --interval-ms 100 -- "$root/runtime/test/python/fixtures/plain_leak.py" 4 \
    > "$py/plain_leak.log" 2>&1; echo "plain_leak (python -m gpuleak run) rc=$?") & pids+=($!)
  wait "${pids[@]}"
  )
  local f
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

# Facts for the Python crash: which libstdc++ the runtime and the interpreter
# use, and a report written from Python through ctypes with no CUDA work
# (each build, with the crash tracer).
diag() {
  echo "== diag: toolchain and libstdc++"
  g++ --version | head -1
  echo "g++ configured: $(g++ -v 2>&1 | grep -o -- '--[a-z-]*static[a-z=-]*' | tr '\n' ' ')"
  echo "flags in the environment: $(env | grep -E '^(LDFLAGS|CXXFLAGS|CFLAGS|CPPFLAGS)=' | tr '\n' ' ')"
  echo "link of libgpuleak_runtime.so:"
  grep -A4 '^build libgpuleak_runtime.so' "$work/after/build.ninja" | grep -E 'LINK_FLAGS|LINK_LIBRARIES' | cut -c1-700
  local so; so=$(g++ -print-file-name=libstdc++.so); echo "g++ libstdc++.so: $so"
  [ "$(head -c 4 "$so" | tr -d '\0')" = "$(printf '\177ELF')" ] || head -c 300 "$so"; echo
  for v in before after; do
    local rt=$work/$v/libgpuleak_runtime.so
    echo "-- $v: NEEDED $(readelf -d "$rt" | grep -o 'NEEDED.*\[.*\]' | grep -o '\[.*\]' | tr '\n' ' ')"
    echo "   defined std:: symbols (dynamic): $(nm -D --defined-only "$rt" | c++filt | grep -c ' std::')"
    nm -D --defined-only "$rt" | c++filt | grep -E 'execute_native|locale::id|_M_insert<long>|filebuf<char, std::char_traits<char> >::underflow|ios_base::Init' | head -8
    echo "   python maps:"
    RT=$rt python3 -c "import torch,ctypes,os; ctypes.CDLL(os.environ['RT']); print(''.join(sorted(set(l.split()[-1]+chr(10) for l in open('/proc/self/maps') if 'stdc++' in l or 'gcc_s' in l))))"
    echo "   a report from Python, no CUDA work:"
    (cd "$work" && rm -f diag-$v.json diag-$v.crash && LD_PRELOAD=$work/$v/libgpuleak_crash_trace.so \
      GPULEAK_CRASH_TRACE=$work/diag-$v.crash GPULEAK_OUTPUT=$work/diag-$v GPULEAK_QUIET=1 RT=$rt \
      timeout 120 python3 -c "
import torch, ctypes, os, sys
lib = ctypes.CDLL(os.environ['RT'])
lib.gpuleak_monitor_new.restype = ctypes.c_void_p
lib.gpuleak_monitor_finish.argtypes = [ctypes.c_void_p]
h = lib.gpuleak_monitor_new()
print('finish:', lib.gpuleak_monitor_finish(h)); sys.stdout.flush()
"; echo "   rc=$? report: $(test -f diag-$v.json && echo yes || echo no)")
    [ ! -s "$work/diag-$v.crash" ] || python3 "$root/runtime/test/stress/symbolize_crash.py" \
      "$work/diag-$v.crash" | head -24 | cut -c1-240
  done
}

# Before and after, side by side in one device call: OLD's runtime (src/ and
# include/ of an older commit, on top of this tree's tests and harness) and
# this tree's, each built with the crash tracer; the Python fixtures and the
# stress harness with each.
ab() {
  local t0=$SECONDS old=$1
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  python3 -c 'import torch;print("torch", torch.__version__, "cuda", torch.version.cuda)'
  echo "gdb: $(command -v gdb || echo none); addr2line: $(command -v addr2line || echo none);" \
    "core_pattern: $(cat /proc/sys/kernel/core_pattern 2>/dev/null)"
  local src=$work/before-src; rm -rf "$src"; cp -r "$root/runtime" "$src"
  rm -rf "$src/src" "$src/include"; cp -r "$old/src" "$old/include" "$src/"
  # Sources this tree's CMakeLists.txt names that OLD did not have yet.
  for f in src/ExitInterpose.cpp; do
    [ -f "$src/$f" ] || echo "// not in OLD" > "$src/$f"
  done
  local targets=(gpuleak_runtime gpuleak_preload gpuleak_stress_prog gpuleak_crash_trace)
  (root=$work/before-root; mkdir -p "$root"; rm -rf "$root/runtime"; ln -s "$src" "$root/runtime"
   JOBS=8 build "$work/before" "" "${targets[@]}") & local b=$!
  JOBS=8 build "$work/after" "" "${targets[@]}" & local a=$!
  wait $b || { tail -30 "$work/before.log"; return 1; }
  wait $a || { tail -30 "$work/after.log"; return 1; }
  echo "builds: $((SECONDS - t0)) s"
  [ "${AB_DIAG:-0}" = 0 ] || diag
  [ "${AB_PY_BEFORE:-1}" = 0 ] || python_fixtures "$work/before" py-before
  python_fixtures "$work/after" py-after
  echo "python: $((SECONDS - t0)) s"
  for v in ${AB_ORDER:-before after}; do
    echo "== stress, $v (${AB_MODES:-main exit monitor}: ${STRESS_N:-24} runs each; bare runs: ${AB_BARE:-0})"
    STRESS_BARE=${AB_BARE:-0} STRESS_BARE_MODES="${AB_BARE_MODES:-main exit thread}" \
      STRESS_MODES="${AB_MODES:-main exit monitor}" timeout -s KILL "${AB_STRESS_S:-240}" \
      "$root/runtime/test/stress/stress.sh" "$work/$v" "$work/stress-$v" "${STRESS_N:-24}" 16
    tar -C "$work" -czf "$out/stress-$v.tar.gz" "stress-$v/results.txt" \
      $(cd "$work" && ls stress-$v/*/crash.txt 2>/dev/null | head -40)
    echo "$v: $((SECONDS - t0)) s"
  done
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

# Where libgpuleak_runtime.so's libstdc++ comes from (on the H200 of
# 2026-12-01 its NEEDED list had no libstdc++.so.6 and it defined 4,475 std::
# symbols): the compiler, what -lstdc++ finds, the link command, the files
# the linker took (-Wl,-t), and the same link with a shared libstdc++ named
# first (-l:libstdc++.so.6), each into a scratch file. BUILD_DIR: a plain build.
linkdiag() {
  local b=$1 prefix so t
  prefix=$(python3 -c 'import torch;print(torch.utils.cmake_prefix_path)')
  echo "== libstdc++ in the runtime's link"
  grep -E '^CMAKE_CXX_COMPILER:|^CMAKE_(SHARED|EXE|MODULE)_LINKER_FLAGS:|^CMAKE_CXX_FLAGS:' "$b/CMakeCache.txt"
  echo "c++ is $(readlink -f "$(command -v c++)"): $(c++ --version | head -1)"
  for so in libstdc++.so libstdc++.a libstdc++.so.6 libstdc++_nonshared.a; do
    t=$(c++ -print-file-name=$so); echo "-print-file-name=$so: $t -> $(readlink -f "$t" 2>/dev/null)" \
      "$(stat -L -c '%s bytes' "$t" 2>/dev/null || echo missing)"
  done
  echo "static-libstdc++ or -static in torch's CMake package: $(grep -rln -e 'static-libstdc' -e 'static-libgcc' "$prefix" 2>/dev/null | head -5 | tr '\n' ' ')"
  echo "specs mentioning static: $(c++ -dumpspecs 2>/dev/null | grep -c 'static-libstdc')"
  for t in libgpuleak_runtime.so libgpuleak_preload.so gpuleak_p5_bench gpuleak-snapshot-report; do
    [ -f "$b/$t" ] || continue
    echo "$t: NEEDED $(readelf -d "$b/$t" | grep -o 'NEEDED.*\[.*\]' | grep -o '\[.*\]' | tr '\n' ' ')" \
      "; std:: defined (dynamic): $(nm -D --defined-only "$b/$t" 2>/dev/null | c++filt | grep -c ' std::')"
  done
  local cmd; cmd=$(cd "$b" && ninja -t commands libgpuleak_runtime.so | tail -1)
  cmd=${cmd#: && }; cmd=${cmd% && :} # ninja's wrapper: flags appended must reach the link
  echo "link command: $cmd" | cut -c1-4000
  local trace=${cmd//-o libgpuleak_runtime.so/-o $work/linkdiag-trace.so}
  echo "-- the driver's collect2 line and the libstdc++/libgcc files ld took:"
  (cd "$b" && eval "$trace -v -Wl,-t" 2>&1 | grep -E 'collect2|stdc\+\+|libgcc|crtbegin' | tr ' ' '\n' \
    | grep -E 'stdc|gcc|static|Bdynamic|Bstatic|as-needed|^-L|crt' | sort | uniq -c | head -60)
  echo "LIBRARY_PATH=${LIBRARY_PATH:-} LD_LIBRARY_PATH=${LD_LIBRARY_PATH:-}"
  echo "-- libstdc++ files in the link's -L folders, in their order:"
  (cd "$b" && eval "$trace -v" 2>&1 | grep collect2 | tr ' ' '\n' | grep '^-L' | cut -c3- \
    | while read -r d; do ls -d "$d"/libstdc++* 2>/dev/null | sed "s|^|  $d: |"; done)
  local fix=${cmd//-o libgpuleak_runtime.so/-o $work/linkdiag-fix.so}
  (cd "$b" && eval "$fix -Wl,-Bdynamic -l:libstdc++.so.6" > /dev/null 2>&1) || echo "the link with -l:libstdc++.so.6 failed"
  for t in linkdiag-trace.so linkdiag-fix.so; do
    [ -f "$work/$t" ] || continue
    echo "$t: NEEDED $(readelf -d "$work/$t" | grep -o 'NEEDED.*\[.*\]' | grep -o '\[.*\]' | tr '\n' ' ')" \
      "; std:: defined (dynamic): $(nm -D --defined-only "$work/$t" | c++filt | grep -c ' std::')"
  done
  echo "-- a C++ program linked as CMake links ours, and plain g++:"
  printf '#include <iostream>\nint main(){std::cout<<42<<std::endl;}\n' > "$work/hello.cpp"
  (cd "$work" && c++ -O1 hello.cpp -o hello && echo "c++ hello: NEEDED $(readelf -d hello | grep -o 'NEEDED.*\[.*\]' | grep -o '\[.*\]' | tr '\n' ' ')")
  (cd "$work" && c++ -shared -fPIC hello.cpp -o hello.so && echo "c++ -shared hello.so: NEEDED $(readelf -d hello.so | grep -o 'NEEDED.*\[.*\]' | grep -o '\[.*\]' | tr '\n' ' ')")
}

# The last GPU call of issue 13 (one device call, about 7 minutes): builds
# (plain, ASan, TSan at once); while the sanitizer builds run, the libstdc++
# facts (linkdiag) and the Python fixtures of PY_FIXTURES (default:
# empty_cache); then P5 on a quiet machine (P5_SECONDS, default 24: about 2
# minutes; every block's time in $OUT/p5-blocks.txt); then the stress harness
# under ASan and TSan (STRESS_ASAN_N, STRESS_TSAN_N runs per mode) in the time
# left before FINAL_S (default 400) seconds.
final() {
  local t0=$SECONDS left budget=${FINAL_S:-400}
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  python3 -c 'import torch;print("torch", torch.__version__, "cuda", torch.version.cuda)'
  echo "cores: $(nproc); load: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "== builds (plain, ASan, TSan at once)"
  JOBS=8 build "$work/rt" "" gpuleak_runtime gpuleak_preload gpuleak_p5_bench gpuleak_crash_trace \
    gpuleak-snapshot-report & local p=$!
  JOBS=4 build "$work/asan" address gpuleak_preload gpuleak_stress_prog & local a=$!
  JOBS=4 build "$work/tsan" thread gpuleak_preload gpuleak_stress_prog & local t=$!
  wait $p || { tail -30 "$work/rt.log"; return 1; }
  echo "plain build: $((SECONDS - t0)) s"
  linkdiag "$work/rt" > "$out/libstdcxx.txt" 2>&1
  cat "$out/libstdcxx.txt"
  PY_FIXTURES=${PY_FIXTURES:-empty_cache} python_fixtures # nothing here is timed
  echo "python: $((SECONDS - t0)) s"
  wait $a || tail -20 "$work/asan.log"; wait $t || tail -20 "$work/tsan.log"
  echo "all builds: $((SECONDS - t0)) s; load: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "== P5 (part 3)"
  P5_RAW=$out/p5-blocks.txt timeout -s KILL $((${P5_SECONDS:-24} * 6 + 60)) \
    "$work/rt/gpuleak_p5_bench" "${P5_SECONDS:-24}" "${P5_BLOCK_MS:-10}" 2>&1 | grep '^p5'
  gzip -f "$out/p5-blocks.txt"
  echo "P5: $((SECONDS - t0)) s"
  for s in asan tsan; do
    left=$((budget - (SECONDS - t0)))
    [ "$s" = tsan ] || left=$((left * 2 / 5))
    [ -x "$work/$s/gpuleak_stress_prog" ] || { echo "$s: not built"; continue; }
    [ "$left" -gt 30 ] || { echo "$s: skipped, $left s left"; continue; }
    echo "== stress (part 2), $s build ($left s)"
    timeout -s KILL "$left" "$root/runtime/test/stress/stress.sh" "$work/$s" "$work/stress-$s" \
      "$([ $s = asan ] && echo "${STRESS_ASAN_N:-16}" || echo "${STRESS_TSAN_N:-8}")" 16
    [ -f "$work/stress-$s/results.txt" ] && python3 "$root/runtime/test/stress/sanitizer_reports.py" "$work/stress-$s"
    # The first two logs with a report of each kind and mode (bare and monitored).
    tar -C "$work" -czf "$out/stress-$s.tar.gz" "stress-$s/results.txt" \
      $(cd "$work" && for k in $(ls -d stress-$s/*-*/ | sed 's|-[0-9]*/$||' | sort -u); do
          grep -l -E "ERROR: AddressSanitizer|WARNING: ThreadSanitizer" "$k"-*/log 2>/dev/null | head -2; done) 2>/dev/null
    echo "$s: $((SECONDS - t0)) s"
  done
  echo "total: $((SECONDS - t0)) s"
}

# P5 again after the bench's short phases, and the libstdc++ link fix
# checked (one device call, about 2.5 minutes): a plain build; every binary's
# NEEDED libstdc++ and its own std:: symbols; P5 (P5_SECONDS, default 14);
# a short plain stress run (STRESS_N, default 8 a mode) and the empty_cache
# fixture, to see the runtime still ends every program with rc 0 and a report.
p5() {
  local t0=$SECONDS f
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  echo "cores: $(nproc); load: $(cut -d' ' -f1-3 /proc/loadavg); CXX=${CXX:-}; PATH=$PATH"
  JOBS=16 build "$work/rt" "" gpuleak_runtime gpuleak_preload gpuleak_p5_bench gpuleak_stress_prog \
    gpuleak-snapshot-report || { tail -30 "$work/rt.log"; return 1; }
  echo "build: $((SECONDS - t0)) s"
  echo "== libstdc++ (GPULEAK_RUNTIME_SHARED_LIBSTDCXX)"
  grep -E '^CMAKE_CXX_COMPILER:|^CMAKE_CXX_STANDARD_LIBRARIES:' "$work/rt/CMakeCache.txt"
  for f in libgpuleak_runtime.so libgpuleak_preload.so gpuleak_p5_bench gpuleak_stress_prog gpuleak-snapshot-report; do
    echo "$f: libstdc++.so.6 NEEDED: $(readelf -d "$work/rt/$f" | grep -c -F '[libstdc++.so.6]');" \
      "std:: defined (dynamic): $(nm -D --defined-only "$work/rt/$f" | c++filt | grep -c ' std::')"
  done
  echo "== P5 (part 3)"
  P5_RAW=$out/p5-blocks.txt timeout -s KILL $((${P5_SECONDS:-14} * 7 + 40)) \
    "$work/rt/gpuleak_p5_bench" "${P5_SECONDS:-14}" "${P5_BLOCK_MS:-10}" 2>&1 | grep '^p5'
  gzip -f "$out/p5-blocks.txt"
  echo "P5: $((SECONDS - t0)) s"
  STRESS_MODES="main exit thread monitor" STRESS_BARE=0 timeout -s KILL 60 \
    "$root/runtime/test/stress/stress.sh" "$work/rt" "$work/stress-plain" "${STRESS_N:-8}" 16 | grep -v '^  bare'
  PY_FIXTURES=empty_cache python_fixtures
  echo "total: $((SECONDS - t0)) s"
}

# DIR: where the device call's files came back (read-only is fine), holding
# python-fixtures.tar.gz (phase main) or py-after-fixtures.tar.gz (phase ab);
# or the tar file itself.
ingest() {
  local src=$1 dst=$root/runtime/test/fixtures/python tmp tarball
  tarball=$src
  [ -f "$tarball" ] || tarball=$src/python-fixtures.tar.gz
  [ -f "$tarball" ] || tarball=$src/py-after-fixtures.tar.gz
  tmp=$(mktemp -d)
  tar -C "$tmp" -xzf "$tarball" || return 1
  mkdir -p "$dst"
  cp "$tmp"/stripped/*.json "$tmp"/stripped/*.pickle "$dst/"
  rm -rf "$tmp"
  # Snapshots over 4 MB are kept xz-compressed (check_fixtures.py reads both).
  find "$dst" -name '*.pickle' -size +4M -exec xz -9 -f {} \;
  du -sh "$dst"; ls "$dst"
}

case "$phase" in
  main) main 2>&1 | tee "$out/issue13-main.log" ;;
  sanitizers) sanitizers 2>&1 | tee "$out/issue13-sanitizers.log" ;;
  all) all 2>&1 | tee "$out/issue13-all.log" ;;
  ingest) ingest "${2:?ingest DIR}" ;;
  final) final 2>&1 | tee "$out/issue13-final.log" ;;
  p5) p5 2>&1 | tee "$out/issue13-p5.log" ;;
  ab) ab "$(cd "${2:?ab OLD}" && pwd)" 2>&1 | tee "$out/issue13-ab.log" ;;
  *) sed -n 2,27p "$0"; exit 2 ;;
esac
