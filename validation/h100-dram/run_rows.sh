#!/bin/sh
# validation/h100-dram/run_rows.sh — on the device machine (the `run` tool):
# build rows31.cu, run it twice (two processes), then Nsight Compute's counts
# for every launch (base clock 1590 MHz as ncu locks it, caches flushed), the
# L2 and DRAM clocks as ncu counts them, and the SASS and ELF listing of the
# binary that ran; everything into $OUT/h100-rows.tar.gz (kept in raw/rows/).
# Clocks are otherwise left as found (METHOD.md): env.txt records them.
set -u
OUT=${OUT:-/tmp/h100-rows-out}
R=/tmp/h100-rows/rows; B=/tmp/h100-rows/bin
rm -rf /tmp/h100-rows; mkdir -p $R $B "$OUT"
cd "$(dirname "$0")"
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem,power.draw,temperature.gpu,ecc.mode.current --format=csv
  nvcc --version | tail -2
} > $R/env.txt 2>&1
nvcc -cudart shared -arch=sm_90 -O3 -o $B/rows31 rows31.cu > $R/build.txt 2>&1 || { cat $R/build.txt; exit 1; }
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
cuobjdump -sass $B/rows31 > $R/rows31.sm_90.sass 2>&1
cuobjdump -elf $B/rows31 > $R/rows31.sm_90.elf.txt 2>&1
R31_REPS=5 timeout 150 $B/rows31 all > $R/run1.txt 2>&1; echo "exit $?" >> $R/run1.txt
R31_REPS=5 timeout 150 $B/rows31 all > $R/run2.txt 2>&1; echo "exit $?" >> $R/run2.txt
M=gpu__time_duration.sum,sm__cycles_elapsed.max,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum
R31_REPS=1 timeout 150 ncu --cache-control all -k regex:"k_chunk|k_chase" --metrics $M \
  --csv $B/rows31 all > $R/ncu.csv 2> $R/ncu.err; echo "exit $?" >> $R/ncu.err
# extra counts (a second pass, so that an unknown metric name cannot lose the first)
X=gpu__time_duration.sum,lts__cycles_elapsed.avg,lts__cycles_elapsed.avg.per_second,dram__cycles_elapsed.avg.per_second,sm__cycles_elapsed.avg.per_second,lts__t_requests_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum
R31_REPS=1 timeout 150 ncu --cache-control all -k regex:"k_chunk" --metrics $X \
  --csv $B/rows31 chunk > $R/ncu_x.csv 2> $R/ncu_x.err; echo "exit $?" >> $R/ncu_x.err
ncu --query-metrics --chip gh100 2>/dev/null | grep -E "^(lts|dram|fbpa|ltc)__" > $R/metrics_gh100.txt
{
  echo "after:"
  nvidia-smi --query-gpu=clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv
} >> $R/env.txt 2>&1
gzip -9 $R/rows31.sm_90.sass $R/rows31.sm_90.elf.txt $R/metrics_gh100.txt
(cd /tmp/h100-rows && tar czf "$OUT/h100-rows.tar.gz" rows)
cat $R/env.txt $R/run1.txt; tail -n 3 $R/ncu.err $R/ncu_x.err
