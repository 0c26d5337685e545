#!/bin/sh
# tests/cuda_textures.sh — texture and surface objects against the H100:
# tests/cuda/programs/textures.cu (one class of fetch a kernel: point and
# linear filtering in 1D, 2D, 3D and layered arrays, pitched and linear
# memory, wrap, mirror, clamp and border modes, normalised reads, gathers,
# surfaces) runs under `warpsim cuda` on h100 and a100, functional and timed,
# and every kernel's line (an FNV-1a hash of its output) must equal the line
# the H100 printed for the same SASS (textures.h100.txt, from
# textures.static.sm_90 by the device run kept in validation/textures-h100/).
. "$(dirname "$0")/lib.sh"
P=$top/tests/cuda/programs
want=$P/textures.h100.txt
[ -s "$want" ] || { echo "FAIL: $want missing"; exit 1; }
for arch in 90 80; do
    cfg=$([ $arch = 90 ] && echo h100 || echo a100)
    for mode in --functional ""; do
        "$bin" cuda -c $cfg $mode --sass "$P/textures.sm_$arch.sass" -- "$P/textures.sm_$arch" > "$tmp/out" 2> "$tmp/err" \
            || { echo "FAIL: textures on $cfg $mode: exit $?"; head -5 "$tmp/err"; fail=1; continue; }
        if ! diff "$want" "$tmp/out" > "$tmp/diff"; then
            echo "FAIL: textures on $cfg ${mode:-timed}: lines that differ from the H100's (< H100, > warpsim):"
            head -20 "$tmp/diff"
            fail=1
        fi
    done
    [ $fail -eq 0 ] && echo "textures on $cfg (functional and timed): $(wc -l < "$want") lines as on the H100"
done
exit $fail
