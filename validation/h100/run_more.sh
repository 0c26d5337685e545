#!/bin/sh
# validation/h100/run_more.sh — more.cu under ncu (cycles per launch, cold
# caches); raw outputs to $OUT.
set -u
OUT=${OUT:-/tmp/h100-out}
mkdir -p "$OUT"
cd "$(dirname "$0")"
B=/tmp/h100-bin; mkdir -p $B
nvcc -arch=sm_90 -O3 -lineinfo -o $B/more more.cu > "$OUT/env.txt" 2>&1 || { cat "$OUT/env.txt"; exit 1; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv >> "$OUT/env.txt" 2>&1
cuobjdump -sass $B/more > "$OUT/sass.txt" 2>&1
timeout 120 $B/more > "$OUT/more.txt" 2>&1; echo "more exit $?" >> "$OUT/more.txt"
timeout 300 ncu --clock-control none --cache-control all --csv \
  --metrics gpu__time_duration.sum,sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,dram__bytes.sum \
  $B/more > "$OUT/more_ncu.csv" 2>&1; echo "ncu exit $?" >> "$OUT/more_ncu.csv"
tail -2 "$OUT/more.txt"; tail -1 "$OUT/more_ncu.csv"
