#!/bin/sh
# validation/seed-full-h100/run.sh — the seed's array sums at the seed's size
# (n = 43,435,342 doubles) under ncu's full section set (issue 59): cycles,
# L1/L2 hit rates, DRAM bytes, the carveout and occupancy. On the H100, from
# the repo root; writes to $OUT.
set -u
out=${OUT:?}
B=/tmp/seedbin; mkdir -p $B
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv > "$out/seedfull_card.txt"
nvcc -arch=sm_90 -O3 -lineinfo -o $B/seeds validation/h100/seeds.cu >> "$out/seedfull_card.txt" 2>&1 || exit 1
for cc in all none; do
  REPS=1 timeout 240 ncu --clock-control none --cache-control $cc --set full --page raw --csv \
    -k regex:'sum_chunked|sum_grid_stride' $B/seeds big > "$out/seedfull_ncu_cache_$cc.csv" 2>&1
  echo "ncu cache-control $cc exit $?" >> "$out/seedfull_card.txt"
done
REPS=10 $B/seeds big >> "$out/seedfull_card.txt" 2>&1
