#!/bin/sh
# tests/cuda_textures.sh — texture and surface objects under `warpsim cuda`:
# tests/cuda/programs/textures.cu (one class of fetch a kernel: point and
# linear filtering in 1D, 2D, 3D and layered arrays, pitched and linear
# memory, wrap, mirror, clamp and border modes, normalised reads, gathers,
# surfaces) runs on h100 (its sm_90 build) and a100 (sm_80), functional and
# timed. The two builds' texture instructions split their coordinates
# between registers differently, so all four runs must print the same
# lines; and where the H100's own output is recorded
# (textures.h100.txt, validation/textures-h100/run.sh), they must equal it.
# The filtering rules themselves are checked value by value in
# tests/test_sem_tex.c.
. "$(dirname "$0")/lib.sh"
P=$top/tests/cuda/programs
want=$P/textures.h100.txt
first=""
for arch in 90 80; do
    cfg=$([ $arch = 90 ] && echo h100 || echo a100)
    for mode in --functional --threads=1; do
        out=$tmp/out.$arch$mode
        "$bin" cuda -c $cfg $mode --sass "$P/textures.sm_$arch.sass" -- "$P/textures.sm_$arch" > "$out" 2> "$tmp/err" \
            || { echo "FAIL: textures on $cfg $mode: exit $?"; head -5 "$tmp/err"; fail=1; continue; }
        [ "$(wc -l < "$out")" -ge 23 ] || { echo "FAIL: textures on $cfg $mode printed $(wc -l < "$out") lines"; fail=1; }
        [ -n "$first" ] || first=$out
        if ! diff "$first" "$out" > "$tmp/diff"; then
            echo "FAIL: textures on $cfg $mode differs from h100 --functional:"; head -10 "$tmp/diff"; fail=1
        fi
        if [ -s "$want" ] && ! diff "$want" "$out" > "$tmp/diff"; then
            echo "FAIL: textures on $cfg $mode: lines that differ from the H100's (< H100, > warpsim):"; head -20 "$tmp/diff"; fail=1
        fi
    done
done
[ $fail -eq 0 ] && echo "textures: sm_80 and sm_90 code, functional and timed, print the same $(wc -l < "$first") lines$([ -s "$want" ] && echo ", as the H100 did" || echo " (the H100's reference is not recorded yet: validation/textures-h100)")"
exit $fail
