#!/bin/sh
# validation/h100-tlb/run_x.sh — the second batch on the device machine (the
# `run` tool): the chase over buffers allocated other ways (a cudaMalloc of
# exactly F; the driver's virtual-memory calls with 2 MB physical pieces, and
# with one piece) and the L2 pairs inside ONE launch (two sweeps with a
# grid-wide barrier), each run twice, then the in-launch pairs under ncu
# (--cache-control none); SASS and ELF; everything into $OUT/h100-tlb-x.tar.gz
# (kept in raw/batch2/). Clocks are left as found; env.txt records them.
set -u
OUT=${OUT:-/tmp/h100-tlb-out}
R=/tmp/h100-tlb-x/batch2; B=/tmp/h100-tlb-x/bin
rm -rf /tmp/h100-tlb-x; mkdir -p $R $B "$OUT"
cd "$(dirname "$0")"
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem,power.draw,temperature.gpu,ecc.mode.current,memory.used,memory.total --format=csv
  nvidia-smi -q | grep -iE "confidential|CC (status|mode)|mig mode|addressing|virtualization|host vgpu|persistence|compute mode|bar1" -A1
  nvcc --version | tail -2
  ncu --version | tail -1
} > $R/env.txt 2>&1
nvcc -cudart shared -arch=sm_90 -O3 -Xptxas -v -o $B/tlb31 tlb31.cu -L/usr/local/cuda/lib64/stubs -lcuda > $R/build.txt 2>&1 || { cat $R/build.txt; exit 1; }
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
cuobjdump -sass $B/tlb31 > $R/tlb31.sm_90.sass 2>&1
cuobjdump -elf $B/tlb31 > $R/tlb31.sm_90.elf.txt 2>&1
pack() { (cd /tmp/h100-tlb-x && tar czf "$OUT/h100-tlb-x.tar.gz" batch2); }
TLB_DUMP=$R/hops1.txt timeout 120 $B/tlb31 tlbx l2x > $R/run1.txt 2>&1; echo "exit $?" >> $R/run1.txt
pack
TLB_DUMP=$R/hops2.txt timeout 120 $B/tlb31 tlbx l2x > $R/run2.txt 2>&1; echo "exit $?" >> $R/run2.txt
pack
M3=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum,lts__d_sectors_fill_device.sum
L2_REPS=1 timeout 120 ncu --cache-control none -k regex:"k_two|k_read" --metrics $M3 \
  --csv $B/tlb31 l2x > $R/ncu_two.csv 2> $R/ncu_two.err; echo "exit $?" >> $R/ncu_two.err
{
  echo "after:"
  nvidia-smi --query-gpu=clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv
} >> $R/env.txt 2>&1
gzip -9 $R/tlb31.sm_90.sass $R/tlb31.sm_90.elf.txt $R/hops1.txt $R/hops2.txt
pack
cat $R/env.txt; grep -E "^(device|vmm|tlbx|exit|l2x k_two|l2x BARR)" $R/run1.txt
grep -E "^tlb .*rep=1" $R/run1.txt | awk '{print $2,$3,$5,$12,$13,$16,$18,$20,$21,$24}'
grep -E "^l2x (op|pair)" $R/run1.txt | cut -c1-120; tail -n 2 $R/ncu_two.err
