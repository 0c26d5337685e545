#!/bin/sh
# validation/h100/run_seeds.sh — only the seed workloads (seeds.cu): build,
# dump the SASS, time with events and under ncu; raw outputs to $OUT.
set -u
OUT=${OUT:-/tmp/h100-out}
mkdir -p "$OUT"
cd "$(dirname "$0")"
B=/tmp/h100-bin; mkdir -p $B
nvcc -arch=sm_90 -O3 -lineinfo -o $B/seeds seeds.cu > "$OUT/env.txt" 2>&1 || { cat "$OUT/env.txt"; exit 1; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu --format=csv >> "$OUT/env.txt" 2>&1
cuobjdump -sass $B/seeds > "$OUT/sass.txt" 2>&1
timeout 200 $B/seeds ${1:-all} > "$OUT/seeds.txt" 2>&1; echo "seeds exit $?" >> "$OUT/seeds.txt"
REPS=1 timeout 200 ncu --clock-control none --cache-control all --csv \
  --metrics gpu__time_duration.sum,sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,gpc__cycles_elapsed.max \
  $B/seeds ${1:-all} > "$OUT/seeds_ncu.csv" 2>&1; echo "ncu exit $?" >> "$OUT/seeds_ncu.csv"
tail -3 "$OUT/seeds.txt"; tail -1 "$OUT/seeds_ncu.csv"
