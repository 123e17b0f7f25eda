#!/usr/bin/env bash
# The raw CUDA watch's cost per cudaMalloc/cudaFree pair (GPU machine).
#   runtime/bench/raw_cuda_overhead.sh BIN GPULEAK_RUN [ROUNDS] [PAIRS] [BYTES]
# BIN: raw_cuda_overhead (nvcc -O2 runtime/bench/raw_cuda_overhead.cu, cudart
# static); GPULEAK_RUN: the gpuleak-run launcher. Three modes, interleaved
# round by round in one run (the order rotates): bare, `gpuleak run` with the
# watch off (GPULEAK_CUPTI=0: the sampler only), `gpuleak run` with it on.
# Prints each round and the median ns per pair, and the ratios to bare.
set -uo pipefail
bin=$1 run=$2 rounds=${3:-7} pairs=${4:-20000} bytes=${5:-1048576}
tmp=$(mktemp -d)
one() { # MODE -> ns per pair
  case $1 in
    bare) "$bin" "$pairs" "$bytes" ;;
    sampler) GPULEAK_CUPTI=0 GPULEAK_QUIET=1 "$run" --output "$tmp/off" -- "$bin" "$pairs" "$bytes" ;;
    cupti) GPULEAK_QUIET=1 "$run" --output "$tmp/on" -- "$bin" "$pairs" "$bytes" ;;
  esac 2>/dev/null | awk '/^ns_per_pair/ {print $2}'
}
modes=(bare sampler cupti)
declare -A all
for r in $(seq 1 "$rounds"); do
  line="round $r:"
  for k in 0 1 2; do
    m=${modes[$(( (k + r) % 3 ))]}
    v=$(one "$m"); all[$m]="${all[$m]:-} $v"; line="$line $m=$v"
  done
  echo "$line"
done
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
b=$(echo "${all[bare]}" | median)
for m in bare sampler cupti; do
  v=$(echo "${all[$m]}" | median)
  awk -v m="$m" -v v="$v" -v b="$b" -v p="$pairs" -v s="$bytes" \
    'BEGIN {printf "%-8s median %.1f ns per cudaMalloc+cudaFree pair (%d pairs of %d bytes), ratio to bare %.3f\n", m, v, p, s, v / b}'
done
if [ -f "$tmp/on.json" ]; then
  python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["raw_cuda"]; print("watch:", r["status"], "creates", r["creates"], "releases", r["releases"], "sites", len(r["sites"]))' "$tmp/on.json"
fi
rm -rf "$tmp"
