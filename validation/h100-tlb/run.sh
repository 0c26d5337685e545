#!/bin/sh
# validation/h100-tlb/run.sh — on the device machine (the `run` tool): build
# tlb31.cu, run it twice (two processes, event/clock64 timed, clocks as found),
# then Nsight Compute: the one-thread chase at ncu's base clock (1590 MHz, for
# the cycles a hop against earlier ncu figures), and the L2 pairs with
# --cache-control none (no flush between a pair's two launches; tlb31 flushes
# by a 256 MB read before each pair); the SASS and ELF listing of the binary
# that ran; everything into $OUT/h100-tlb.tar.gz (kept in raw/).
# Clocks are left as found (METHOD.md): env.txt records them.
set -u
OUT=${OUT:-/tmp/h100-tlb-out}
R=/tmp/h100-tlb/raw; B=/tmp/h100-tlb/bin
rm -rf /tmp/h100-tlb; mkdir -p $R $B "$OUT"
cd "$(dirname "$0")"
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem,power.draw,temperature.gpu,ecc.mode.current,memory.used,memory.total --format=csv
  nvcc --version | tail -2
  ncu --version | tail -1
} > $R/env.txt 2>&1
nvcc -cudart shared -arch=sm_90 -O3 -Xptxas -v -o $B/tlb31 tlb31.cu -L/usr/local/cuda/lib64/stubs -lcuda > $R/build.txt 2>&1 || { cat $R/build.txt; exit 1; }
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
cuobjdump -sass $B/tlb31 > $R/tlb31.sm_90.sass 2>&1
cuobjdump -elf $B/tlb31 > $R/tlb31.sm_90.elf.txt 2>&1
pack() { (cd /tmp/h100-tlb && tar czf "$OUT/h100-tlb.tar.gz" raw); }
TLB_DUMP=$R/hops1.txt timeout 80 $B/tlb31 tlb l2 > $R/run1.txt 2>&1; echo "exit $?" >> $R/run1.txt
pack
TLB_DUMP=$R/hops2.txt timeout 80 $B/tlb31 tlb l2 > $R/run2.txt 2>&1; echo "exit $?" >> $R/run2.txt
nvidia-smi --query-gpu=clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv > $R/env-mid.txt 2>&1
pack
# the one-thread chase at ncu's base clock: cycles a hop comparable with the 931 of the 1 GB chase
TLB_REPS=1 timeout 45 ncu -k regex:k_tlb --metrics gpu__time_duration.sum,sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second \
  --csv $B/tlb31 tlb1 > $R/ncu_tlb.csv 2> $R/ncu_tlb.err; echo "exit $?" >> $R/ncu_tlb.err
pack
M1=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_read.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum
L2_REPS=1 timeout 120 ncu --cache-control none -k regex:"k_read|k_write|k_rsub" --metrics $M1 \
  --csv $B/tlb31 l2 > $R/ncu_l2.csv 2> $R/ncu_l2.err; echo "exit $?" >> $R/ncu_l2.err
pack
M2=gpu__time_duration.sum,lts__t_sectors_op_write.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_sectors_srcunit_ltcfabric.sum,lts__t_sectors_srcunit_ltcfabric_lookup_hit.sum,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum
L2_REPS=1 timeout 45 ncu --cache-control none -k regex:"k_read|k_write" --metrics $M2 \
  --csv $B/tlb31 l2small > $R/ncu_l2x.csv 2> $R/ncu_l2x.err; echo "exit $?" >> $R/ncu_l2x.err
{
  echo "after:"
  nvidia-smi --query-gpu=clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv
} >> $R/env.txt 2>&1
gzip -9 $R/tlb31.sm_90.sass $R/tlb31.sm_90.elf.txt $R/hops1.txt $R/hops2.txt
pack
cat $R/env.txt; grep -E "^(device|tlb buffer|exit)" $R/run1.txt; grep -E "rep=1" $R/run1.txt | cut -c1-150
grep -E "seq=" $R/run1.txt | cut -c1-130 | head -80
tail -n 2 $R/ncu_tlb.err $R/ncu_l2.err $R/ncu_l2x.err; grep -c pass $R/ncu_l2.err; grep -m3 pass $R/ncu_l2.err
