#!/bin/sh
# validation/h100-dram/run_rows2.sh — on the device machine (the `run` tool):
# rows31.cu's kernels again under Nsight Compute with only the time and the
# SM cycles (one collection pass), to check whether run_rows.sh's six-metric
# collection (several replay passes) moved the timings (validation/h100-tlb
# found one warp's chase at ~700 cycles a hop in plain runs, 931 under that
# ncu run). Everything into $OUT/h100-rows2.tar.gz (kept in raw/rows2/).
set -u
OUT=${OUT:-/tmp/h100-rows2-out}
R=/tmp/h100-rows2/rows2; B=/tmp/h100-rows2/bin
rm -rf /tmp/h100-rows2; mkdir -p $R $B "$OUT"
cd "$(dirname "$0")"
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem,power.draw,temperature.gpu,ecc.mode.current --format=csv
  nvcc --version | tail -2
} > $R/env.txt 2>&1
nvcc -cudart shared -arch=sm_90 -O3 -o $B/rows31 rows31.cu > $R/build.txt 2>&1 || { cat $R/build.txt; exit 1; }
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
M=gpu__time_duration.sum,sm__cycles_elapsed.max
R31_REPS=1 timeout 200 ncu --cache-control all -k regex:"k_chunk|k_chase" --metrics $M \
  --csv $B/rows31 all > $R/ncu2.csv 2> $R/ncu2.err; echo "exit $?" >> $R/ncu2.err
# the same chase under run_rows.sh's six metrics, printing ncu's pass count
M6=gpu__time_duration.sum,sm__cycles_elapsed.max,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum
R31_REPS=1 timeout 120 ncu --cache-control all -k regex:"k_chase" --metrics $M6 \
  --csv $B/rows31 chase > $R/ncu6.csv 2> $R/ncu6.err; echo "exit $?" >> $R/ncu6.err
{
  echo "after:"
  nvidia-smi --query-gpu=clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv
} >> $R/env.txt 2>&1
(cd /tmp/h100-rows2 && tar czf "$OUT/h100-rows2.tar.gz" rows2)
cat $R/env.txt; grep -c . $R/ncu2.csv; tail -n 3 $R/ncu2.err $R/ncu6.err; grep -i "pass" $R/ncu6.err $R/ncu6.csv | head -5
