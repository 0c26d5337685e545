#!/bin/sh
# validation/h100/run.sh — build and run the H100 benchmarks on the device
# machine; every raw output goes to $OUT (kept in validation/h100/raw/).
#   device run: sh validation/h100/run.sh [seeds-arg]
set -u
OUT=${OUT:-/tmp/h100-out}
mkdir -p "$OUT"
cd "$(dirname "$0")"
B=/tmp/h100-bin; mkdir -p $B
{
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.limit,temperature.gpu --format=csv
  nvcc --version | tail -2
  for f in micro seeds spinlock; do
    nvcc -arch=sm_90 -O3 -lineinfo -o $B/$f $f.cu || exit 1
  done
} > "$OUT/env.txt" 2>&1 || { cat "$OUT/env.txt"; exit 1; }
for f in micro seeds spinlock; do cuobjdump -sass $B/$f; done > "$OUT/sass.txt" 2>&1
timeout 60 $B/spinlock > "$OUT/spinlock.txt" 2>&1; echo "spinlock exit $?" >> "$OUT/spinlock.txt"
timeout 240 $B/micro > "$OUT/micro.txt" 2>&1; echo "micro exit $?" >> "$OUT/micro.txt"
timeout 200 $B/seeds ${1:-all} > "$OUT/seeds.txt" 2>&1; echo "seeds exit $?" >> "$OUT/seeds.txt"
#timeout 120 $B/seeds big > "$OUT/seeds_big.txt" 2>&1; echo "seeds big exit $?" >> "$OUT/seeds_big.txt"
REPS=1 timeout 200 ncu --clock-control none --cache-control all --csv \
  --metrics gpu__time_duration.sum,sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,gpc__cycles_elapsed.max \
  $B/seeds ${1:-all} > "$OUT/seeds_ncu.csv" 2>&1; echo "ncu exit $?" >> "$OUT/seeds_ncu.csv"
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv >> "$OUT/env.txt" 2>&1
tail -3 "$OUT/spinlock.txt"; grep -c micro "$OUT/micro.txt"; tail -2 "$OUT/micro.txt"; tail -4 "$OUT/seeds.txt";  tail -2 "$OUT/seeds_ncu.csv"
