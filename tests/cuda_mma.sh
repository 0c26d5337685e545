#!/bin/sh
# tests/cuda_mma.sh — differential test of warpsim's tensor cores against
# the H100: tests/cuda/programs/mma.cu (WMMA and mma.sync GEMMs of every
# HMMA / IMMA / DMMA form nvcc emits, ldmatrix, movmatrix; built by
# mma.regen.sh with CUDA 11.8 for sm_80 and sm_90) runs under `warpsim cuda
# --functional` on h100 (sm_90) and a100 (sm_80), and each test's line
# (FNV-1a hash of its output, first words, and whether the output equals the
# host's exact product) must equal the line the H100 printed for the same
# source (mma.h100.txt, from mma.static.sm_90 by validation/tensor-h100/run.sh).
# CUDA 11.8's cuobjdump leaves some sm_90 instructions unprinted: the sm_90
# dump is CUDA 13's of the same binary (mma.sm_90.cuda13.sass).
. "$(dirname "$0")/lib.sh"
P=$top/tests/cuda/programs
want=$P/mma.h100.txt
[ -s "$want" ] || { echo "FAIL: $want missing"; exit 1; }
for arch in 90 80; do
    cfg=$([ $arch = 90 ] && echo h100 || echo a100)
    dump=$P/mma.sm_$arch.sass; [ $arch = 90 ] && dump=$P/mma.sm_90.cuda13.sass
    "$bin" cuda -c $cfg --functional --sass "$dump" -- "$P/mma.sm_$arch" > "$tmp/out" 2> "$tmp/err" \
        || { echo "FAIL: mma on $cfg: exit $?"; head -5 "$tmp/err"; fail=1; continue; }
    differ=""
    for k in $(awk '{ print $1 }' "$want"); do
        grep -q -x -F "$(grep "^$k " "$want")" "$tmp/out" || differ="$differ $k"
    done
    if [ -n "$differ" ]; then
        echo "FAIL: mma on $cfg: tests that differ from the H100:$differ"
        for k in $differ; do echo "  H100:    $(grep "^$k " "$want")"; echo "  warpsim: $(grep "^$k " "$tmp/out")"; done
        fail=1
    else
        echo "mma on $cfg: $(wc -l < "$want") tests as on the H100"
    fi
done
exit $fail
