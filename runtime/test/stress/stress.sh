#!/usr/bin/env bash
# Stress harness of gpuleak's runtime (issue 13, part 2): hundreds of short
# programs at once under `gpuleak run`, ending from main, with exit(), with
# exit() from another thread, and with a global Monitor; each also run bare
# (no gpuleak) as the baseline. Run on the GPU machine:
#
#   runtime/test/stress/stress.sh BUILD_DIR OUT_DIR [RUNS_PER_MODE] [PARALLEL]
#
# BUILD_DIR is a runtime/ build (plain, or -DGPULEAK_RUNTIME_SANITIZE=address
# or thread) holding gpuleak_stress_prog and libgpuleak_preload.so. Prints,
# per mode, the exit statuses counted ("rc 0 x48") and the reports missing;
# exits 1 when a run under gpuleak ended otherwise than rc 0 with a report
# (bare runs are the baseline and do not fail the harness).
#
# Environment: STRESS_MODES (default "main exit thread monitor"), STRESS_BARE=0
# (no bare runs), STRESS_BARE_MODES (the modes run bare too; default "main
# exit thread"), STRESS_TRACE=0 (no crash tracer; sanitizer builds). When BUILD_DIR holds libgpuleak_crash_trace.so (test-only,
# crash_trace.cpp), every run preloads it: a crashed run leaves the stacks of
# all its threads in OUT_DIR/<run>/crash.txt (symbolize_crash.py reads them),
# and the first three are printed, symbolized, at the end.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$1" && pwd); out=$2; n=${3:-48}; par=${4:-16}
mkdir -p "$out"; out=$(cd "$out" && pwd)
prog=$build/gpuleak_stress_prog
[ -x "$prog" ] || { echo "stress: no $prog" >&2; exit 2; }
export GPULEAK_PRELOAD=$build/libgpuleak_preload.so GPULEAK_QUIET=1
# Short intervals and windows, so that a window closes mid-run (torch's
# symbolizer is then constructed) and the growth window is open at exit.
export GPULEAK_INTERVAL_MS=40 GPULEAK_SAMPLE_MS=2 GPULEAK_ATTRIBUTION_STEPS=4 \
  GPULEAK_WARMUP=2 GPULEAK_WINDOW=4 GPULEAK_MAX_ENTRIES=20000
# CUDA maps memory over ASan's shadow gap; torch keeps memory until exit.
trace=$build/libgpuleak_crash_trace.so; [ -f "$trace" ] && [ "${STRESS_TRACE:-1}" != 0 ] || trace=
export ASAN_OPTIONS=${ASAN_OPTIONS:-protect_shadow_gap=0:detect_leaks=0:verify_asan_link_order=0:exitcode=86}
export TSAN_OPTIONS=${TSAN_OPTIONS:-exitcode=66:report_signal_unsafe=0:halt_on_error=0}
one() { # KIND MODE INDEX
  local kind=$1 mode=$2 i=$3 dir=$out/$1-$2-$3 rc
  # 300-1000 ms of training: some runs end with a history window open.
  local ms=$((300 + (i % 8) * 100))
  mkdir -p "$dir"; cd "$dir" || return
  if [ -n "$trace" ]; then
    export LD_PRELOAD=$trace GPULEAK_CRASH_TRACE=$dir/crash.txt
  fi
  if [ "$kind" = bare ]; then
    timeout -s KILL 120 "$prog" "$mode" "$ms" > log 2>&1 < /dev/null; rc=$?
  elif [ "$mode" = monitor ]; then
    GPULEAK_OUTPUT=$dir/run timeout -s KILL 120 "$prog" "$mode" "$ms" > log 2>&1 < /dev/null; rc=$?
  else
    timeout -s KILL 120 "$here/../../bin/gpuleak-run" --output "$dir/run" -- "$prog" "$mode" "$ms" \
      > log 2>&1 < /dev/null; rc=$?
  fi
  local rep=no; [ -f run.json ] && rep=bad && grep -q '"status": "ok"' run.json && rep=yes
  local san=no; grep -q -E "ERROR: AddressSanitizer|WARNING: ThreadSanitizer" log && san=yes
  echo "$kind $mode rc=$rc report=$rep sanitizer=$san"
}
export -f one; export out prog here trace
list() { for mode in ${STRESS_MODES:-main exit thread monitor}; do for i in $(seq "$n"); do
  echo "gpuleak $mode $i"
  case " ${STRESS_BARE_MODES:-main exit thread} " in *" $mode "*)
    [ "${STRESS_BARE:-1}" = 0 ] || echo "bare $mode $i" ;; esac; done; done; }
s=$SECONDS
list | xargs -P "$par" -L 1 bash -c 'one "$@"' _ > "$out/results.txt"
echo "stress: $(wc -l < "$out/results.txt") runs, $par at a time, $((SECONDS - s)) s ($(basename "$build"))"
sort "$out/results.txt" | uniq -c | awk '{printf "  %-8s %-8s %-7s %-10s %-14s x%s\n", $2, $3, $4, $5, $6, $1}'
# A sanitizer's first report of each kind, for the record.
for f in $(grep -l -E "ERROR: AddressSanitizer|WARNING: ThreadSanitizer" "$out"/*/log 2>/dev/null | head -3); do
  echo "---- $f"; grep -A12 -m1 -E "ERROR: AddressSanitizer|WARNING: ThreadSanitizer" "$f"
done
crashes=$(ls "$out"/*/crash.txt 2>/dev/null | head -3)
if [ -n "$crashes" ]; then
  echo "stress: $(ls "$out"/*/crash.txt | wc -l) runs left stacks; the first three:"
  python3 "$here/symbolize_crash.py" $crashes
fi
bad=$(grep '^gpuleak' "$out/results.txt" | grep -v -c 'rc=0 report=yes sanitizer=no')
echo "stress: $bad gpuleak runs ended badly"
[ "$bad" -eq 0 ]
