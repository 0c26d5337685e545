#!/bin/sh
# tests/cuda_mma.sh — warpsim's tensor cores on nvcc's code:
# tests/cuda/programs/mma.cu (WMMA and mma.sync GEMMs of every HMMA / IMMA /
# DMMA form nvcc emits, ldmatrix, movmatrix; built by mma.regen.sh with CUDA
# 11.8 for sm_80 and sm_90) runs under `warpsim cuda --functional` on h100
# (sm_90) and a100 (sm_80).
#  1. Every test on exact data (NAME_x: small integers, so that every sum is
#     exact) must print ref=exact: the program's host code compares the
#     kernel's output with its own product, which checks the fragment
#     layouts against an independent computation.
#  2. When the H100's reference lines exist (mma.h100.txt, printed by
#     mma.static.sm_90 on the GPU: validation/tensor-h100/run.sh), each
#     test's line (FNV-1a hash of its output, first words, ref=) must equal
#     the H100's, random data included.
. "$(dirname "$0")/lib.sh"
P=$top/tests/cuda/programs
want=$P/mma.h100.txt
for arch in 90 80; do
    cfg=$([ $arch = 90 ] && echo h100 || echo a100)
    "$bin" cuda -c $cfg --functional --sass "$P/mma.sm_$arch.sass" -- "$P/mma.sm_$arch" > "$tmp/out" 2> "$tmp/err" \
        || { echo "FAIL: mma on $cfg: exit $?"; head -5 "$tmp/err"; fail=1; continue; }
    nx=$(grep -c '_x hash=' "$tmp/out")
    bad=$(grep '_x hash=' "$tmp/out" | grep -v 'ref=exact$' | awk '{ print $1 }' | tr '\n' ' ')
    if [ "$nx" -lt 20 ] || [ -n "$bad" ]; then
        echo "FAIL: mma on $cfg: $nx exact-data tests, not equal to the host's product: $bad"; fail=1
    else
        echo "mma on $cfg: $nx exact-data tests equal the host's product (layouts)"
    fi
    if [ -s "$want" ]; then
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
    else
        echo "mma on $cfg: not compared with the H100 ($want not recorded yet: validation/tensor-h100/run.sh)"
    fi
done
exit $fail
