#!/bin/sh
# validation/h100-dram/run.sh — on the device machine (the `run` tool): build
# dram31.cu, run every section twice (two processes), Nsight Compute's DRAM
# and L2 counts for the scattered stores, the SASS and ELF listing of the
# binary that ran; everything into $OUT/h100-dram.tar.gz (kept in raw/).
#   sh run.sh boost: only ncu again with the clocks as found (--clock-control none)
# Clocks are left as found (METHOD.md): env.txt records them before and after.
set -u
OUT=${OUT:-/tmp/h100-dram-out}
R=/tmp/h100-dram/raw; B=/tmp/h100-dram/bin
rm -rf /tmp/h100-dram; mkdir -p $R $B "$OUT"
cd "$(dirname "$0")"
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem,power.draw,temperature.gpu,ecc.mode.current --format=csv
  nvcc --version | tail -2
} > $R/env.txt 2>&1
nvcc -cudart shared -arch=sm_90 -O3 -o $B/dram31 dram31.cu > $R/build.txt 2>&1 || { cat $R/build.txt; exit 1; }
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
if ldd $B/dram31 | grep -q "not found"; then
  echo "libcudart.so not found: static build" >> $R/build.txt
  nvcc -arch=sm_90 -O3 -o $B/dram31 dram31.cu >> $R/build.txt 2>&1 || exit 1
fi
if [ "${1:-}" = boost ]; then
  # the same ncu counts with the clocks left as found (the SMs at 1980 MHz
  # under load) instead of ncu's base-clock lock: which limits follow the SM clock
  nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv >> $R/env.txt 2>&1
  D31_REPS=1 timeout 300 ncu --clock-control none --cache-control all -k regex:"scatter|sector|k_read|k_copy" \
    --metrics gpu__time_duration.sum,sm__cycles_elapsed.max,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum \
    --csv $B/dram31 stream scatter > $R/ncu_boost.csv 2> $R/ncu_boost.err; echo "exit $?" >> $R/ncu_boost.err
  cuobjdump -sass $B/dram31 | md5sum >> $R/env.txt
  (cd /tmp/h100-dram && tar czf "$OUT/h100-dram-boost.tar.gz" raw/env.txt raw/ncu_boost.csv raw/ncu_boost.err)
  cat $R/env.txt; tail -3 $R/ncu_boost.err
  exit 0
fi
cuobjdump -sass $B/dram31 > $R/dram31.sm_90.sass 2>&1
cuobjdump -elf $B/dram31 > $R/dram31.sm_90.elf.txt 2>&1
D31_REPS=7 timeout 200 $B/dram31 all > $R/run1.txt 2>&1; echo "exit $?" >> $R/run1.txt
D31_REPS=7 timeout 200 $B/dram31 stream scatter > $R/run2.txt 2>&1; echo "exit $?" >> $R/run2.txt
D31_REPS=1 timeout 240 ncu --cache-control all -k regex:"scatter|sector|k_read|k_copy" \
  --metrics gpu__time_duration.sum,sm__cycles_elapsed.max,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum \
  --csv $B/dram31 stream scatter > $R/ncu.csv 2> $R/ncu.err; echo "exit $?" >> $R/ncu.err
{
  echo "after:"
  nvidia-smi --query-gpu=clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv
} >> $R/env.txt 2>&1
gzip -9 $R/dram31.sm_90.sass $R/dram31.sm_90.elf.txt
(cd /tmp/h100-dram && tar czf "$OUT/h100-dram.tar.gz" raw)
cat $R/env.txt $R/run1.txt; tail -5 $R/ncu.err
