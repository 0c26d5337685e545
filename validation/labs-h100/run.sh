#!/bin/sh
# validation/labs-h100/run.sh — the H100 figures of the labs' CUDA programs (workloads/cuda/labs/,
# docs/labs/ "On CUDA"): each program once plainly (its own PASS/FAIL check) and once under ncu,
# every kernel launch profiled. Writes into $OUT:
#   env.txt          nvidia-smi card info (name, driver, clocks, power), nvcc/ncu/cuobjdump versions
#   summary.txt      one line per program and launch: the metrics below, from the CSVs
#   labs-h100.tgz    raw/: NAME.out (the plain run), NAME.ncu.out (the run under ncu), NAME.csv (ncu
#                    --csv), NAME.sass.cmp (the static build's SASS encodings against the
#                    committed dump's: the code measured is the code warpsim runs)
# Keep raw/ as validation/labs-h100/raw/ (tar -xzf labs-h100.tgz -C validation/labs-h100).
#
#   sh run.sh [DIR]     DIR holds NAME.static (workloads/cuda/labs/regen.sh --static DIR) and,
#                       for the SASS comparison, NAME.sass; default: this script's folder.
#                       A NAME.static that is missing is built here from workloads/cuda/labs/NAME.cu
#                       when this script sits in the tree and nvcc is on PATH (that build's SASS is
#                       this machine's CUDA's, not 11.8's: NAME.sass.cmp says whether they differ).
# Clocks are left as found (ncu --clock-control none), as validation/cuda-h100/run.sh does: the SM
# runs at its boost clock. --cache-control all: caches flushed before each profiled launch.
set -u
OUT=${OUT:-/tmp/labs-h100-out}
here=$(cd "$(dirname "$0")" && pwd)
dir=$(cd "${1:-$here}" && pwd)
names="divergence bank_conflicts banks_64bit coalescing compaction histogram warp_scan latency_hiding spinlock"
W=$(mktemp -d)
R=$W/raw
mkdir -p "$OUT" "$R"
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null || echo ncu)
M=gpc__cycles_elapsed.max,sm__cycles_elapsed.max,smsp__inst_executed.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,smsp__thread_inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,launch__grid_size,launch__block_size
{
    date -u
    nvidia-smi --query-gpu=name,driver_version,pci.bus_id,clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem,power.limit,temperature.gpu,persistence_mode,mig.mode.current --format=csv
    nvidia-smi -q -d CLOCK,PERFORMANCE
    nvcc --version
    "$ncu" --version
    cuobjdump --version
    echo "metrics: $M"
} > "$OUT/env.txt" 2>&1
cp "$0" "$R/run.sh"
for n in $names; do
    exe=$dir/$n.static
    if [ ! -x "$exe" ] && [ -f "$here/../../workloads/cuda/labs/$n.cu" ] && command -v nvcc > /dev/null; then
        exe=$W/$n.static
        nvcc -lineinfo -cudart static -arch=sm_90 -o "$exe" "$here/../../workloads/cuda/labs/$n.cu" > "$R/$n.build.txt" 2>&1
    fi
    [ -x "$exe" ] || { echo "$n: no $n.static in $dir" | tee -a "$R/missing.txt"; continue; }
    sass=$dir/$n.sass
    [ -f "$sass" ] || sass=$here/../../workloads/cuda/labs/$n.sass
    if command -v cuobjdump > /dev/null && [ -f "$sass" ]; then
        # the encodings (each 128-bit instruction's two /* 0x... */ words), not the text: another
        # CUDA's cuobjdump prints the same instructions differently (desc[UR4][R2.64])
        cuobjdump -sass "$exe" | grep -o '/\* 0x[0-9a-f]\{16\} \*/' > "$W/a"
        grep -o '/\* 0x[0-9a-f]\{16\} \*/' "$sass" > "$W/b"
        if [ -s "$W/a" ] && cmp -s "$W/a" "$W/b"; then echo "$n: same SASS encodings as $sass ($(wc -l < "$W/a") words)"; else echo "$n: SASS DIFFERENT from $sass"; diff "$W/a" "$W/b" | head -20; fi > "$R/$n.sass.cmp"
    fi
    (cd "$W" && timeout 120 "$exe") > "$R/$n.out" 2>&1 || echo "exit $?" >> "$R/$n.out"
    (cd "$W" && timeout 300 "$ncu" --csv --print-units base --clock-control none --cache-control all --metrics "$M" \
        --log-file "$R/$n.csv" "$exe") > "$R/$n.ncu.out" 2>&1 || echo "exit $?" >> "$R/$n.ncu.out"
done
# summary: per program and launch (in order), each metric's value
for n in $names; do
    [ -f "$R/$n.csv" ] || continue
    echo "== $n: $(grep -h -E 'PASS|FAIL|exit' "$R/$n.out" | head -1)"
    python3 - "$R/$n.csv" <<'PY' || awk -F'","' 'NR > 1 { print $5, $(NF-2), $NF }' "$R/$n.csv"
import csv, sys
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 10]
head, rows = rows[0], rows[1:]
ID, K, MN, MV = head.index("ID"), head.index("Kernel Name"), head.index("Metric Name"), head.index("Metric Value")
seen = {}
for r in rows:
    seen.setdefault((int(r[ID]), r[K]), {})[r[MN]] = r[MV]
for (i, k), m in sorted(seen.items()):
    print(f"launch {i} {k.split('(')[0]}: " + " ".join(f"{a}={b}" for a, b in sorted(m.items())))
PY
done > "$OUT/summary.txt" 2>&1
tar -C "$W" -czf "$OUT/labs-h100.tgz" raw
cat "$OUT/summary.txt"
rm -rf "$W"
