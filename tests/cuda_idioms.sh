#!/bin/sh
# tests/cuda_idioms.sh — differential test of warpsim's SASS semantics
# against the H100: tests/cuda/programs/idioms.cu (many small kernels, one
# class of nvcc idioms each; built by regen.sh with CUDA 11.8 for sm_80 and
# sm_90) runs under `warpsim cuda` on h100 and a100, and every kernel's line
# (FNV-1a hash of its output, first words) must equal the line the real GPU
# printed for the same SASS (idioms.h100.txt, from idioms.static.sm_90 by
# idioms.device.sh). Kernels holding opcodes warpsim does not execute yet are
# cut from the dump and listed (idioms.notes.txt says which opcodes); the
# a100 list also cuts sm_80 code forms warpsim lacks.
. "$(dirname "$0")/lib.sh"
P=$top/tests/cuda/programs
want=$P/idioms.h100.txt
# kernel:mangled name, cut on both arches / on a100 only
skip="dmath:_Z5dmathPKjPj fapprox:_Z7fapproxPKjPj"
skip80=""
[ -s "$want" ] || { echo "FAIL: $want missing"; exit 1; }
for arch in 90 80; do
    cfg=$([ $arch = 90 ] && echo h100 || echo a100)
    cut=$(echo $skip); [ $arch = 80 ] && cut="$cut $skip80"
    names=$(for k in $cut; do printf '%s ' "${k#*:}"; done)
    run=$(awk '{ print $1 }' "$want" | while read -r k; do case " $cut " in *" $k:"*) ;; *) printf '%s,' "$k" ;; esac; done)
    run=${run%,}
    # CUDA 11.8's cuobjdump leaves some sm_90 instructions (VIMNMX) as bare
    # encodings: their lines come from CUDA 13's dump of the same binary
    fill=/dev/null; [ $arch = 90 ] && fill=$P/idioms.sm_90.cuda13.sass
    awk -v DROP="$names" -v FILL="$fill" 'function hex(s,  v, i) { v = 0; s = tolower(s)
            for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1; return v }
        function addr(line) { return match(line, /\/\*[0-9a-f]+\*\//) ? hex(substr(line, RSTART + 2, RLENGTH - 4)) : -1 }
        BEGIN { n = split(DROP, d, " "); for (k = 1; k <= n; k++) drop[d[k]] = 1 }
        /Function : / { f = $3; skip = ($3 in drop); last = -16 }
        FILENAME == FILL { if (/VIMNMX/) { a = addr($0); gap[f, a] = $0; getline ctl; gapctl[f, a] = ctl }; next }
        !skip && /^ +\/\*[0-9a-f]+\*\/ / { a = addr($0)
            for (g = last + 16; g < a; g += 16) if ((f, g) in gap) print gap[f, g] "\n" gapctl[f, g]
            last = a }
        !skip { print }' "$fill" "$P/idioms.sm_$arch.sass" > "$tmp/idioms.sm_$arch.sass"
    cp "$P/idioms.sm_$arch.elf.txt" "$tmp/idioms.sm_$arch.elf.txt"
    "$bin" cuda -c $cfg --functional --sass "$tmp/idioms.sm_$arch.sass" -- "$P/idioms.sm_$arch" "$run" > "$tmp/out" 2> "$tmp/err" \
        || { echo "FAIL: idioms on $cfg: exit $?"; head -5 "$tmp/err"; fail=1; continue; }
    differ=""
    for k in $(echo "$run" | tr , ' '); do
        grep -q -x -F "$(grep "^$k " "$want")" "$tmp/out" || differ="$differ $k"
    done
    if [ -n "$differ" ]; then
        echo "FAIL: idioms on $cfg: kernels that differ from the H100:$differ"
        for k in $differ; do echo "  H100:    $(grep "^$k " "$want")"; echo "  warpsim: $(grep "^$k " "$tmp/out")"; done
        fail=1
    fi
    n=$(echo "$run" | tr , '\n' | wc -l)
    [ $fail -eq 0 ] && echo "idioms on $cfg: $n kernels as on the H100; not run (idioms.notes.txt says why):$(for k in $cut; do printf ' %s' "${k%%:*}"; done)"
done
exit $fail
