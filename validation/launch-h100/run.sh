#!/bin/sh
# validation/launch-h100/run.sh — on the H100 (device tool), from the repo root;
# writes launch.csv (event timings), launch_ncu.csv (ncu per launch), card.txt.
set -u
out=${OUT:?}
d=$(dirname "$0")
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv > "$out/launch_card.txt"
nvcc -arch=sm_90 -O3 -o /tmp/launch "$d/launch.cu" >> "$out/launch_card.txt" 2>&1 || exit 1
/tmp/launch > "$out/launch.csv" 2>&1
timeout 200 ncu --clock-control none --csv \
  --metrics gpc__cycles_elapsed.max,sm__cycles_elapsed.max,sm__cycles_active.max,gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum \
  /tmp/launch ncu > "$out/launch_ncu.csv" 2>&1
echo "ncu exit $?" >> "$out/launch_card.txt"
