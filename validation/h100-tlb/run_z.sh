#!/bin/sh
# validation/h100-tlb/run_z.sh — the third batch on the device machine (the
# `run` tool): the chase over 2 MB pieces mapped in a shuffled order (tlbz),
# whether the L2 keeps data across a kernel boundary (l2z), each run twice;
# then under ncu the one-thread chase over four kinds of buffer (tlbn) with
# --cache-control all (caches flushed and invalidated before the kernel) and
# none, and l2z with --cache-control none; everything into
# $OUT/h100-tlb-z.tar.gz (kept in raw/batch3/). Clocks are left as found.
set -u
OUT=${OUT:-/tmp/h100-tlb-out}
R=/tmp/h100-tlb-z/batch3; B=/tmp/h100-tlb-z/bin
rm -rf /tmp/h100-tlb-z; mkdir -p $R $B "$OUT"
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
pack() { (cd /tmp/h100-tlb-z && tar czf "$OUT/h100-tlb-z.tar.gz" batch3); }
TLB_DUMP=$R/hops1.txt timeout 120 $B/tlb31 tlbz l2z > $R/run1.txt 2>&1; echo "exit $?" >> $R/run1.txt
pack
TLB_DUMP=$R/hops2.txt timeout 120 $B/tlb31 tlbz l2z > $R/run2.txt 2>&1; echo "exit $?" >> $R/run2.txt
pack
MT=gpu__time_duration.sum,sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second
timeout 150 ncu --cache-control all -k regex:k_tlb --metrics $MT --csv $B/tlb31 tlbn > $R/ncu_tlbn_all.csv 2> $R/ncu_tlbn_all.err; echo "exit $?" >> $R/ncu_tlbn_all.err
pack
timeout 150 ncu --cache-control none -k regex:k_tlb --metrics $MT --csv $B/tlb31 tlbn > $R/ncu_tlbn_none.csv 2> $R/ncu_tlbn_none.err; echo "exit $?" >> $R/ncu_tlbn_none.err
pack
ML=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum
timeout 90 ncu --cache-control none -k regex:"k_probe|k_read" --metrics $ML --csv $B/tlb31 l2z > $R/ncu_l2z.csv 2> $R/ncu_l2z.err; echo "exit $?" >> $R/ncu_l2z.err
# how many passes each metric set of batches 1 and 2 needed (ncu says so without --csv)
M1=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_read.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum
M2=gpu__time_duration.sum,lts__t_sectors_op_write.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_sectors_srcunit_ltcfabric.sum,lts__t_sectors_srcunit_ltcfabric_lookup_hit.sum,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum
M3=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum,lts__d_sectors_fill_device.sum
for m in M1 M2 M3 ML; do
  eval ms=\$$m
  echo "== $m $ms" >> $R/ncu_passes.txt
  L2_REPS=1 timeout 40 ncu --cache-control none -k regex:k_read -c 1 --metrics $ms $B/tlb31 l2small 2>&1 | grep -E "==PROF==|pass|k_read|dram__|lts__|gpu__" >> $R/ncu_passes.txt
done
{
  echo "after:"
  nvidia-smi --query-gpu=clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv
} >> $R/env.txt 2>&1
gzip -9 $R/tlb31.sm_90.sass $R/tlb31.sm_90.elf.txt $R/hops1.txt $R/hops2.txt
pack
cat $R/env.txt; grep -E "^(device|vmm|tlbz|exit)" $R/run1.txt
grep -E "^tlb .*rep=1" $R/run1.txt | awk '{print $2,$3,$5,$12,$13,$16,$18,$20,$21,$24}'
grep -E "^l2z" $R/run1.txt $R/run2.txt
for f in ncu_tlbn_all ncu_tlbn_none; do echo "== $f"; grep -E "^tlb " $R/$f.csv | awk '{print $2,$3,$5,$12,$13,$20,$21,$22}'; done
tail -n 2 $R/*.err; grep -E '^==|pass' $R/ncu_passes.txt
