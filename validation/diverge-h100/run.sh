#!/bin/sh
# validation/diverge-h100/run.sh — the H100 reference of tests/cuda_diverge.sh:
# Nsight Compute's warp-instruction counts for each kernel of diverge.cu.
# On the GPU machine (the device tool), with the CUDA 11.8 static build of
# diverge.cu (diverge.static: the same SASS as diverge.sm_90, which the test
# runs under warpsim) in the folder of this script:
#   mkdir -p .dev-fid && cp validation/diverge-h100/run.sh .dev-fid/ && cp diverge.static .dev-fid/
#   run: sh .dev-fid/run.sh   (carry .dev-fid; results in $OUT, kept as raw/)
# Writes:
#   card.txt        nvidia-smi: name, driver, clocks; ncu and cuobjdump versions
#   prog.txt        the program's own output (PASS per kernel), reps 3 and 0
#   inst.r3.csv     ncu --metrics smsp__inst_executed.sum,smsp__sass_inst_executed.sum
#                   (one profiled launch per kernel, 12 kernels, reps 3); inst.r0.csv: reps 0
#   branch.r3.csv   ncu: branch targets, divergent and uniform (smsp__sass_branch_targets*)
#   source.r3.csv   ncu --section SourceCounters --page source --csv --print-source sass:
#                   instructions executed per SASS address, every kernel
#   static.sass     cuobjdump -sass of diverge.static with this machine's cuobjdump
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-/tmp/diverge-out}
mkdir -p "$out"
prog=$here/diverge.static
{
    date -u
    nvidia-smi --query-gpu=name,driver_version,pci.bus_id,clocks.sm,clocks.max.sm,clocks.mem --format=csv
    ncu --version
    cuobjdump --version
} > "$out/card.txt" 2>&1
for r in 3 0; do
    echo "== reps $r" >> "$out/prog.txt"
    timeout 60 "$prog" $r >> "$out/prog.txt" 2>&1; echo "exit $?" >> "$out/prog.txt"
    timeout 300 ncu --csv --print-units base --metrics smsp__inst_executed.sum,smsp__sass_inst_executed.sum \
        --log-file "$out/inst.r$r.csv" "$prog" $r > "$out/inst.r$r.out" 2>&1; echo "exit $?" >> "$out/inst.r$r.out"
done
timeout 300 ncu --csv --print-units base \
    --metrics smsp__sass_branch_targets.sum,smsp__sass_branch_targets_threads_divergent.sum,smsp__sass_branch_targets_threads_uniform.sum \
    --log-file "$out/branch.r3.csv" "$prog" 3 > "$out/branch.r3.out" 2>&1; echo "exit $?" >> "$out/branch.r3.out"
timeout 300 ncu --section SourceCounters --page source --csv --print-source sass "$prog" 3 > "$out/source.r3.csv" 2> "$out/source.r3.err"
echo "exit $?" >> "$out/source.r3.err"
cuobjdump -sass "$prog" > "$out/static.sass" 2>&1
# summary (the reply carries the end of the output)
cat "$out/card.txt" "$out/prog.txt"
grep -h 'inst_executed' "$out/inst.r3.csv" | cut -d, -f5,13- | head -30
tail -3 "$out/source.r3.err" "$out/branch.r3.out"
wc -l "$out"/*.csv
