#!/usr/bin/env bash
# The GPU run of gpuleak's runtime verifier.
#
#   scripts/gpu-run.sh prepare [CASES_DIR]   CPU machine: copies the handed cases to .device/cases
#                                            and their static findings to .device/findings
#   scripts/gpu-run.sh gpu                   GPU machine (no LLVM there): builds runtime/, the
#                                            cases and examples/ with the runtime, runs them for a
#                                            bounded time under gpuleak-run, records the unit-test
#                                            fixtures, measures overhead; leaves everything in
#                                            $OUT/gpu-run.tar.gz (or .device/out)
#   scripts/gpu-run.sh verify TARBALL|DIR    CPU machine: unpacks the results (or takes a folder of
#                                            reports, e.g. test/verify/Inputs/gpu), runs
#                                            `gpuleak verify` on each case and prints the table
#
# Why verify runs on the CPU side: `gpuleak verify` is LLVM-linked (build/bin/gpuleak) and the GPU
# machine has no LLVM; the GPU phase only produces runtime reports, which are plain files.
# Findings come from `gpuleak check --format=json` on this machine (prepare), or, until that
# exists, from test/verify/Inputs/findings/ (written by hand from the cases' `expect:` lines).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cmd=${1:-}

positives="001 004 006 009 010 012 014 017"
negatives="101 103 105 109 112"

prepare() {
  local cases=${1:-$root/../shared/cases}
  mkdir -p "$root/.device/cases" "$root/.device/findings"
  cp "$cases"/*.cpp "$root/.device/cases/"
  if [ -n "${GPULEAK_REAL_FINDINGS:-}" ]; then
    # One `gpuleak check` over all cases, split into one findings file per case.
    python3 "$root/scripts/make-compdb.py" "$root/.device/cases" "$root/.device/cdb" >/dev/null
    "$root/build/bin/gpuleak" check -p "$root/.device/cdb" --format=json \
      -o "$root/.device/findings-all.json" "$root"/.device/cases/*.cpp || true
    python3 - "$root/.device/findings-all.json" "$root/.device/findings" <<'PY'
import json, os, sys
d = json.load(open(sys.argv[1]))
by = {}
for x in d["findings"]:
    by.setdefault(os.path.basename(x["file"])[:3], []).append(x)
for name in os.listdir(os.path.join(os.path.dirname(sys.argv[1]), "cases")):
    doc = dict(d, findings=by.get(name[:3], []), errors=[])
    json.dump(doc, open(os.path.join(sys.argv[2], name[:3] + ".json"), "w"), indent=1)
PY
  fi
  for f in "$root"/.device/cases/*.cpp; do
    local id; id=$(basename "$f" | cut -c1-3)
    local out="$root/.device/findings/$id.json"
    if [ -n "${GPULEAK_REAL_FINDINGS:-}" ]; then
      : # written above
    elif [ -f "$root/test/verify/Inputs/findings/$id.json" ]; then
      cp "$root/test/verify/Inputs/findings/$id.json" "$out"
    fi
  done
  echo "prepared $(ls "$root/.device/cases" | wc -l) cases in .device/cases (carry .device)"
}

gpu() {
  local out=${OUT:-$root/.device/out}; mkdir -p "$out"
  local work=/tmp/gpuleak-gpu; rm -rf "$work"; mkdir -p "$work"/{res,fixtures,models,logs}
  local t0=$SECONDS
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader || true
  local prefix; prefix=$(python3 -c 'import torch;print(torch.utils.cmake_prefix_path)')
  python3 -c 'import torch;print("torch", torch.__version__, "cuda", torch.version.cuda)'
  local gen=(-G Ninja); command -v ninja >/dev/null || gen=()
  echo "== build runtime and cases (in parallel)"
  mkdir -p "$work/cases"
  {
    echo 'cmake_minimum_required(VERSION 3.18)'
    echo 'project(gpuleak_cases LANGUAGES CXX)'
    echo 'set(CMAKE_CXX_STANDARD 17)'
    echo 'find_package(Torch REQUIRED)'
    for f in "$root"/.device/cases/*.cpp; do
      local id; id=$(basename "$f" | cut -c1-3)
      echo "add_executable(case-$id \"$f\")"
      echo "target_link_libraries(case-$id PRIVATE \${TORCH_LIBRARIES})"
    done
  } > "$work/cases/CMakeLists.txt"
  # Debug (-O0 -g): with -O2, torch's inline functions are inlined into the
  # caller and the symbolizer names the inlined header line instead of the
  # user's line (seen in the first GPU run: 009, 012, 017 lost their lines).
  (cmake -S "$work/cases" -B "$work/cases/build" "${gen[@]}" -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_PREFIX_PATH="$prefix" > "$work/logs/cases-build.log" 2>&1 \
    && cmake --build "$work/cases/build" -j 12 >> "$work/logs/cases-build.log" 2>&1) &
  local cpid=$!
  # A real project (pytorch/examples cpp/dcgan, copied by `prepare-ext`), built
  # like the cases; it is not committed here.
  local dpid=
  if [ -f "$root/.device/ext/dcgan/dcgan.cpp" ]; then
    (cmake -S "$root/.device/ext/dcgan" -B "$work/dcgan" "${gen[@]}" -DCMAKE_BUILD_TYPE=Debug \
      -DCMAKE_PREFIX_PATH="$prefix" > "$work/logs/dcgan-build.log" 2>&1 \
      && cmake --build "$work/dcgan" -j 4 >> "$work/logs/dcgan-build.log" 2>&1) &
    dpid=$!
  fi
  cmake -S "$root/runtime" -B "$work/rt" "${gen[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_INSTALL_PREFIX="$work/install" > "$work/logs/rt-build.log" 2>&1 \
    && cmake --build "$work/rt" -j 8 >> "$work/logs/rt-build.log" 2>&1 \
    && cmake --install "$work/rt" >/dev/null || { tail -20 "$work/logs/rt-build.log"; return 1; }
  echo "build runtime: $((SECONDS - t0)) s"
  wait "$cpid"; tail -2 "$work/logs/cases-build.log"
  echo "build cases: $((SECONDS - t0)) s"
  if [ -f "$root/examples/CMakeLists.txt" ] && [ "${GPULEAK_GPU_EXAMPLES:-1}" = 1 ]; then
    echo "== build examples"
    cmake -S "$root/examples" -B "$work/ex" "${gen[@]}" -DCMAKE_BUILD_TYPE=Debug \
      -DCMAKE_PREFIX_PATH="$prefix;$work/install" -DGPULEAK_WITH_RUNTIME=ON >/dev/null \
      && cmake --build "$work/ex" -j 16 2>&1 | tail -3
  fi
  python3 "$root/runtime/test/make_models.py" "$work/models"
  local run="$work/install/bin/gpuleak-run"
  echo "== fixtures"
  "$work/rt/gpuleak_record_fixtures" "$work/fixtures" > "$work/logs/fixtures.log" 2>&1
  echo "fixtures rc=$?"
  echo "== cases"
  local stop=${GPULEAK_GPU_STOP_AFTER:-8}
  runcase() {
    local id=$1 exe="$work/cases/build/case-$1" arg=
    [ -x "$exe" ] || { echo "case $id: not built"; return; }
    case $id in
      004|105) arg="$work/models/conv.pt" ;; 006) arg="$work/models/mlp.pt" ;;
      103|014) arg="$work/models/detector.pt" ;;
    esac
    local s=$SECONDS
    (cd "$work/res" && GPULEAK_MAX_ENTRIES=60000 GPULEAK_ATTRIBUTION_STEPS=30 timeout -s KILL $((stop + 30)) "$run" \
       --output "$work/res/$id" --interval-ms 100 --stop-after "$stop" -- "$exe" $arg \
       > "$work/logs/$id.log" 2>&1 < /dev/null)
    echo "case $id: rc=$? $((SECONDS - s)) s"
  }
  # Explicit pids: a bare `wait` would also wait for process substitutions.
  local pids=()
  for id in $positives $negatives; do
    runcase "$id" & pids+=($!)
    if [ ${#pids[@]} -ge ${GPULEAK_GPU_PARALLEL:-13} ]; then wait "${pids[@]}"; pids=(); fi
  done
  [ ${#pids[@]} -eq 0 ] || wait "${pids[@]}"
  if [ -x "$work/ex/classifier" ]; then
    echo "== examples"
    (cd "$work/res" && GPULEAK_MAX_ENTRIES=60000 timeout -s KILL 60 "$run" \
       --output "$work/res/classifier" --interval-ms 100 --stop-after 30 \
       -- "$work/ex/classifier" 400 > "$work/logs/classifier.log" 2>&1 < /dev/null)
    echo "classifier rc=$?"
  fi
  echo "cases done: $((SECONDS - t0)) s"
  race "$work"
  nodevice "$work"
  [ -z "$dpid" ] || { wait "$dpid"; tail -1 "$work/logs/dcgan-build.log"; }
  dcgan "$work"
  if [ -x "$work/cases/build/case-017" ]; then
    echo "== case 017 alone, default settings"
    (cd "$work/res" && timeout -s KILL 60 "$run" --output "$work/res/017-alone" --stop-after 8 \
       -- "$work/cases/build/case-017" > "$work/logs/017-alone.log" 2>&1 < /dev/null)
    echo "017 alone rc=$?"; grep -E "closing|wrapped|growth|GROWTH" "$work/logs/017-alone.log" | head -6
  fi
  pack "$work" "$out"
  echo "== overhead"
  [ -n "${GPULEAK_GPU_SKIP_BENCH:-}" ] || timeout -s KILL 150 "$work/rt/gpuleak_overhead_bench" ${GPULEAK_GPU_BENCH_STEPS:-300} ${GPULEAK_GPU_BENCH_REPS:-2} < /dev/null 2>&1 \
    | tee "$work/logs/overhead.log" | grep overhead
  echo "== strip"
  mkdir -p "$work/stripped"
  for f in "$work"/fixtures/*.json "$work"/fixtures/*.pickle "$work"/res/*.json; do
    [ -f "$f" ] || continue
    local d=$work/stripped/$(basename "$(dirname "$f")")-$(basename "$f")
    python3 "$root/runtime/test/strip_fixture.py" "$root" "$f" "$d" || echo "strip failed: $f"
  done
  for f in "$work"/res/*.json; do
    echo "---- $(basename "$f")"; head -c 200000 "$f" | grep -E '"detected"|"kind"' | head -8
  done
  echo "total: $((SECONDS - t0)) s"
  pack "$work" "$out"
  ls -la "$out"
}

# Reading the allocator while the host initializes it (runtime/test/init_race.cpp):
# GPULEAK_GPU_RACE_N processes per mode, 16 at a time; then case 017 under the
# preload, 16 copies at once, as in the batch where it crashed (rc 139).
race() {
  local work=$1 n=${GPULEAK_GPU_RACE_N:-96}
  [ "$n" -gt 0 ] && [ -x "$work/rt/gpuleak_init_race" ] || return 0
  echo "== init race ($n processes per mode, 16 at a time)"
  for mode in naive gpuleak; do
    local s=$SECONDS
    seq "$n" | xargs -P 16 -I{} sh -c "timeout -s KILL 60 '$work/rt/gpuleak_init_race' $mode \
      >/dev/null 2>&1; echo \$?" > "$work/logs/race-$mode.rc"
    echo "race $mode: $(sort "$work/logs/race-$mode.rc" | uniq -c | awk '{printf "rc %s x%s, ", $2, $1}')$((SECONDS - s)) s"
  done
  local exe="$work/cases/build/case-017" run="$work/install/bin/gpuleak-run"
  [ -x "$exe" ] || return 0
  mkdir -p "$work/race017"
  local s=$SECONDS
  seq 16 | xargs -P 16 -I{} sh -c "cd '$work/race017' && timeout -s KILL 40 '$run' \
    --output r{} --interval-ms 100 --stop-after 4 -- '$exe' >/dev/null 2>&1 </dev/null; echo \$?" \
    > "$work/logs/race-017.rc"
  echo "case 017 x16 under gpuleak-run: $(sort "$work/logs/race-017.rc" | uniq -c | awk '{printf "rc %s x%s, ", $2, $1}')$((SECONDS - s)) s"
}

# No visible CUDA device: the Monitor says so and writes nothing; so does the
# preload (gpuleak-run) around a program that never touches CUDA.
nodevice() {
  local work=$1 t="$work/rt/gpuleak_monitor_nodevice_tests"
  [ -x "$t" ] || return 0
  echo "== no CUDA device (CUDA_VISIBLE_DEVICES=)"
  CUDA_VISIBLE_DEVICES= "$t" no-cuda; echo "monitor rc=$?"
  mkdir -p "$work/nodev"
  (cd "$work/nodev" && CUDA_VISIBLE_DEVICES= timeout -s KILL 30 "$work/install/bin/gpuleak-run" \
     --output "$work/nodev/run" --stop-after 10 -- "$t" no-cuda > "$work/logs/nodev-run.log" 2>&1)
  echo "gpuleak-run rc=$? files: $(ls "$work/nodev" | tr '\n' ' ')"; cat "$work/logs/nodev-run.log"
}

# pytorch/examples cpp/dcgan for one epoch on synthetic MNIST files (the
# reader wants exactly 60,000 images; the machine has no internet), under
# gpuleak-run with one history window from the start until the 300,000-entry
# trace ring is 90% full (a few hundred batches), so the checkpoint sampling at
# batch 200 is recorded.
dcgan() {
  local work=$1 exe="$work/dcgan/dcgan"
  [ -x "$exe" ] || return 0
  echo "== pytorch/examples cpp/dcgan (1 epoch, synthetic MNIST)"
  mkdir -p "$work/dcgan-run/data"
  python3 - "$work/dcgan-run/data" <<'PY'
import os, struct, sys
d = sys.argv[1]
with open(os.path.join(d, "train-images-idx3-ubyte"), "wb") as f:
    f.write(struct.pack(">iiii", 2051, 60000, 28, 28)); f.write(os.urandom(60000 * 784))
with open(os.path.join(d, "train-labels-idx1-ubyte"), "wb") as f:
    f.write(struct.pack(">ii", 2049, 60000)); f.write(bytes(i % 10 for i in range(60000)))
PY
  local s=$SECONDS
  (cd "$work/dcgan-run" && GPULEAK_MAX_ENTRIES=300000 GPULEAK_ATTRIBUTION_STEPS=2000 \
     timeout -s KILL 240 "$work/install/bin/gpuleak-run" --output "$work/res/dcgan" \
     --stop-after 200 -- "$exe" --epochs 1 > "$work/logs/dcgan.log" 2>&1 < /dev/null)
  echo "dcgan rc=$? $((SECONDS - s)) s"; grep -E "checkpoint|gpuleak|graph-retention|growth" "$work/logs/dcgan.log" | head -12
}

# Results come back in two tarballs (the device tool returns at most 8 files of
# 16 MiB): reports, logs, fixtures; and the raw pickles, largest dropped first.
pack() {
  local work=$1 out=$2
  tar -C "$work" -czf "$out/gpu-run.tar.gz" --exclude='*.pt' --exclude='res/*.pickle' \
    res fixtures stripped logs 2>/dev/null
  local list; list=$(cd "$work" && ls -S res/*.pickle 2>/dev/null | tac)
  local keep=()
  for f in $list; do
    keep+=("$f")
    tar -C "$work" -czf "$out/gpu-pickles.tar.gz" "${keep[@]}"
    if [ "$(stat -c %s "$out/gpu-pickles.tar.gz")" -gt 15000000 ]; then
      unset 'keep[-1]'; tar -C "$work" -czf "$out/gpu-pickles.tar.gz" "${keep[@]}"; break
    fi
  done
}

verify() {
  local src=$1 dir="$root/.device/results"
  rm -rf "$dir"; mkdir -p "$dir/res"
  if [ -d "$src" ]; then cp "$src"/*.json "$dir/res/"; else tar -C "$dir" -xzf "$src" || return 2; fi
  local gl=${GPULEAK_BIN:-$root/build/bin/gpuleak}
  printf '%-5s %-9s %-10s %-34s %s\n' case expect growth verdicts "evidence (first)"
  for id in $positives $negatives; do
    local rep="$dir/res/$id.json" fnd="$root/.device/findings/$id.json"
    local kind=positive; case " $negatives " in *" $id "*) kind=negative ;; esac
    [ -f "$rep" ] || { printf '%-5s %-9s %s\n' "$id" "$kind" "no report"; continue; }
    local growth; growth=$(python3 -c "import json,sys;r=json.load(open(sys.argv[1]));print('yes' if any(l['growth']['detected'] for l in r['loops']) or any(e['kind']=='growth' for e in r['evidence']) else 'no')" "$rep")
    local verdicts="-"
    if [ -f "$fnd" ] && [ -x "$gl" ]; then
      verdicts=$("$gl" verify --findings "$fnd" --runtime "$rep" --format=json 2>/dev/null \
        | python3 -c "import json,sys;d=json.load(sys.stdin);print(' '.join(f['label'].replace(' ','-')+'@'+str(f['line']) for f in d['findings']) or '-')" 2>/dev/null || echo error)
    fi
    local ev; ev=$(python3 -c "import json,sys;r=json.load(open(sys.argv[1]));e=r['evidence'];print(f\"{e[0]['kind']} {e[0]['file'].split('/')[-1]}:{e[0]['line']} {e[0]['bytes_per_step']:.0f}B/step\" if e else '-')" "$rep")
    printf '%-5s %-9s %-10s %-34s %s\n' "$id" "$kind" "$growth" "$verdicts" "$ev"
  done
}

case "$cmd" in
  prepare) shift; prepare "$@" ;;
  gpu) mkdir -p "${OUT:-$root/.device/out}"; gpu 2>&1 | tee "${OUT:-$root/.device/out}/gpu-run.log" ;;
  verify) shift; verify "$@" ;;
  *) sed -n 2,17p "$0"; exit 2 ;;
esac
