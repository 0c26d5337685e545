#!/bin/sh
# tests/cuda_diverge.sh — warp instructions as the H100 counts them where
# warps diverge (issue 59). validation/diverge-h100/diverge.cu's twelve
# kernels (if/else in BSSY/BSYNC regions, nested, chains, loops left by
# lanes apart, a break, a data-dependent branch, paths that never rejoin, an
# early return, __syncwarp) run under `warpsim cuda -c h100` from their
# CUDA 11.8 build: the program checks its results against the host's
# (independent thread scheduling once let a path's loop clobber the uniform
# register of its sibling's: chain and loopif failed), and each launch's
# warp instructions must equal Nsight Compute's smsp__inst_executed.sum on
# the H100 (validation/diverge-h100/raw/inst.r3.csv and inst.r0.csv: the
# same program with reps 3 and 0), and each instruction's executions
# ncu's per-address count (raw/source.r3.csv, SourceCounters).
. "$(dirname "$0")/lib.sh"
D=$top/validation/diverge-h100
raw=$D/raw
# ncu's CSV (--csv --print-units base): per launch, in order, "KERNEL(ARGS)" and the metric's value
ncu_counts() {  # FILE METRIC -> "name=value" per launch, in launch order
    awk -F'","' -v m="$2" '$0 ~ "\"" m "\"" { n = $5; sub(/\(.*/, "", n); v = $NF; gsub(/[",]/, "", v); printf "%s=%s\n", n, v }' "$1"
}
sim_counts() {  # JSON -> "name=warp_instructions" per launch
    tr '{' '\n' < "$1" | grep '"launch":' \
        | sed -n 's/.*"demangled_name":"\([A-Za-z_0-9]*\)(.*"warp_instructions":\([0-9]*\).*/\1=\2/p'
}
for r in 3 0; do
    "$bin" cuda -c h100 --stats=json --stats-file "$tmp/d$r.json" --sass "$D/diverge.sm_90.sass" -- "$D/diverge.sm_90" $r \
        > "$tmp/out" 2> "$tmp/err" || { echo "FAIL: diverge $r: exit $?"; head -5 "$tmp/err"; fail=1; }
    [ "$(grep -c ' PASS (0 of 896 wrong)' "$tmp/out")" = 12 ] && grep -q '^PASS$' "$tmp/out" \
        || { echo "FAIL: diverge $r: the program's checks:"; cat "$tmp/out"; fail=1; }
    if [ ! -f "$raw/inst.r$r.csv" ]; then
        echo "note: no H100 reference in $raw yet (validation/diverge-h100/run.sh): counts not compared"; continue
    fi
    want=$(ncu_counts "$raw/inst.r$r.csv" smsp__inst_executed.sum)
    got=$(sim_counts "$tmp/d$r.json")
    [ "$(printf '%s\n' "$want" | grep -c =)" = 12 ] || { echo "FAIL: $raw/inst.r$r.csv: not 12 launches"; fail=1; }
    if [ "$want" != "$got" ]; then
        echo "FAIL: diverge reps $r: warp instructions per launch differ from the H100's (ncu), warpsim | H100:"
        printf '%s\n' "$got" > "$tmp/g"; printf '%s\n' "$want" > "$tmp/w"; paste "$tmp/g" "$tmp/w"; fail=1
    fi
done
[ $fail -eq 0 ] && echo "12 kernels of divergence: results right$([ -f "$raw/inst.r3.csv" ] && echo ", warp instructions equal to the H100's")"
exit $fail
