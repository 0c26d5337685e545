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
skip="bits:_Z4bitsPKjPj ctrl:_Z4ctrlPKjPj vote:_Z4votePKjPj dmath:_Z5dmathPKjPj halfs:_Z5halfsPKjPj
fexact:_Z6fexactPKjPj atomics:_Z7atomicsPKjPj fapprox:_Z7fapproxPKjPj int32ops:_Z8int32opsPKjPj
satomics:_Z8satomicsPKjPj"
skip80="shfl:_Z4shflPKjPj"
[ -s "$want" ] || { echo "FAIL: $want missing"; exit 1; }
for arch in 90 80; do
    cfg=$([ $arch = 90 ] && echo h100 || echo a100)
    cut=$(echo $skip); [ $arch = 80 ] && cut="$cut $skip80"
    names=$(for k in $cut; do printf '%s ' "${k#*:}"; done)
    run=$(awk '{ print $1 }' "$want" | while read -r k; do case " $cut " in *" $k:"*) ;; *) printf '%s,' "$k" ;; esac; done)
    run=${run%,}
    awk -v DROP="$names" 'BEGIN { n = split(DROP, d, " "); for (k = 1; k <= n; k++) drop[d[k]] = 1 }
        /Function : / { skip = ($3 in drop) } !skip { print }' "$P/idioms.sm_$arch.sass" > "$tmp/idioms.sm_$arch.sass"
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
    [ $fail -eq 0 ] && echo "idioms on $cfg: $n kernels as on the H100; not run (opcodes warpsim lacks):$(for k in $cut; do printf ' %s' "${k%%:*}"; done)"
done
exit $fail
