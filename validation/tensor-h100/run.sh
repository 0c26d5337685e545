#!/bin/sh
# device side of warpsim's tensor-core validation (validation/tensor-h100/README.md)
set -u
cd "$(dirname "$0")"
out=${OUT:?}
{ nvidia-smi; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv; } > $out/env.txt 2>&1
mkdir -p /tmp/raw
./mma.static.sm_90 all /tmp/raw > $out/mma.h100.txt 2> $out/log.txt; echo "exit $?" >> $out/log.txt
for k in 2 3; do ./mma.static.sm_90 > /tmp/again.txt 2>&1; cmp -s $out/mma.h100.txt /tmp/again.txt && echo "run $k: same" >> $out/log.txt || echo "run $k: DIFFERENT" >> $out/log.txt; done
tar czf $out/raw.tgz -C /tmp raw
./bench_mma > $out/bench.txt 2>> $out/log.txt; echo "bench exit $?" >> $out/log.txt
./bench_mma > $out/bench2.txt 2>> $out/log.txt
od=$(command -v cuobjdump || ls /usr/local/cuda*/bin/cuobjdump 2>/dev/null | head -1)
mkdir -p /tmp/dumps; "$od" --version > /tmp/dumps/cuobjdump.version 2>&1
"$od" -sass mma.sm_90 > /tmp/dumps/mma.sm_90.cuda13.sass 2>&1; "$od" -elf mma.sm_90 > /tmp/dumps/mma.sm_90.cuda13.elf.txt 2>&1
"$od" -sass mma.static.sm_90 > /tmp/dumps/mma.static.sm_90.cuda13.sass 2>&1; "$od" -sass bench_mma > /tmp/dumps/bench_mma.cuda13.sass 2>&1
tar czf $out/dumps.tgz -C /tmp dumps
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)
for n in 256 512; do
  timeout 60 $ncu --kernel-name regex:wmma_gemm --launch-skip 2 --launch-count 1 --metrics gpc__cycles_elapsed.max,sm__cycles_active.max,sm__cycles_elapsed.max,gpu__time_duration.sum ./bench_mma $n >> $out/ncu.txt 2>&1
done
cat $out/env.txt $out/log.txt $out/mma.h100.txt $out/bench.txt $out/bench2.txt; grep -E "wmma|cycles|duration" $out/ncu.txt
