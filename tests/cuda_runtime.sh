#!/bin/sh
# tests/cuda_runtime.sh — `warpsim cuda`: the CUDA runtime calls beyond
# launches and copies, in programs built by tests/cuda/programs/regen.sh
# (CUDA 11.8's nvcc -cudart shared, for sm_80 and sm_90, committed with their
# dumps) that check their own results on the host and print PASS or FAIL:
# every cudaDeviceGetAttribute number (runtime attrs), 3D memory, memory
# info, pointer attributes, mapped and registered host memory, streams,
# host functions in stream order, pools, limits (runtime misc), bad
# arguments answered with CUDA's error codes (runtime bad), stream
# capture and graphs (runtime graph), cooperative groups' grid-wide sync and
# the co-residency limit (coop), in timed and functional runs on h100 and
# a100; CUDA 13's forms of the calls (runtime13.cuda13).
. "$(dirname "$0")/lib.sh"
P=$top/tests/cuda/programs
for arch in 80 90; do
    cfg=$([ $arch = 90 ] && echo h100 || echo a100)
    prog=$P/runtime.sm_$arch
    dump=$P/runtime.sm_$arch.sass
    expect 0 "attributes: 137 answered, 63 refused" -- "$bin" cuda -c $cfg --sass "$dump" -- "$prog" attrs
    expect 0 "^PASS: attrs" -- "$bin" cuda -c $cfg --sass "$dump" -- "$prog" attrs
    for mode in misc graph bad; do
        expect 0 "^PASS: $mode" -- "$bin" cuda -c $cfg --sass "$dump" -- "$prog" $mode
        expect 0 "^PASS: $mode" -- "$bin" cuda -c $cfg --functional --sass "$dump" -- "$prog" $mode
    done
    # replayed graph kernels are simulated and summarised like any launch:
    # 2 captured x 3 replays, the built graph's kernel twice, then once in
    # each of two launches of its parent captured into another graph
    "$bin" cuda -c $cfg --stats=json --stats-file "$tmp/g.json" --sass "$dump" -- "$prog" graph > /dev/null 2>&1
    n=$(grep -o '"name":"_Z9scale_addPfffi"' "$tmp/g.json" | wc -l)
    [ "$n" -eq 10 ] || { echo "FAIL: graph on $cfg: $n launches of scale_add in the summary, want 10"; fail=1; }
    grep -q '"cycles":[1-9]' "$tmp/g.json" || { echo "FAIL: graph on $cfg: replayed launches were not timed"; fail=1; }
done
# CUDA 13's forms on libcudart.so.13: cudaLaunchKernelEx (a 2x1x1 cluster
# refused by name), cudaGraphInstantiate's three arguments, CUDA 13's
# cudaDeviceProp, cudaPointerAttributes and cudaFuncAttributes
expect 0 "^PASS: CUDA 13" -- "$bin" cuda -c h100 --sass "$P/runtime13.sm_90.sass" -- "$P/runtime13.cuda13"
expect 0 "cudaLaunchAttributeClusterDimension (2, 1, 1)" -- "$bin" cuda -c h100 --functional --sass "$P/runtime13.sm_90.sass" -- "$P/runtime13.cuda13"
# cooperative launches: nvcc's grid sync traps (BPT.TRAP) when bank 0 has no
# grid workspace; until warpsim's ISA has BPT, the dumps' traps (never
# reached in a cooperative launch) are replaced by EXIT here, and said
if "$bin" docs isa 2>/dev/null | grep -q '^| `BPT'; then
    cdir=$P
else
    echo "note: warpsim's ISA has no BPT yet: coop runs with its BPT.TRAP (the null-workspace trap) replaced by EXIT"
    cdir=$tmp/coop
    mkdir -p "$cdir"
    for arch in 80 90; do
        sed 's/BPT\.TRAP 0x1 ;/EXIT ;/' "$P/coop.sm_$arch.sass" > "$cdir/coop.sm_$arch.sass"
        cp "$P/coop.sm_$arch.elf.txt" "$cdir/"
    done
fi
for arch in 80 90; do
    cfg=$([ $arch = 90 ] && echo h100 || echo a100)
    run="$bin cuda -c $cfg --sass $cdir/coop.sm_$arch.sass"
    expect 0 "^PASS: coop" -- $run --functional -- "$P/coop.sm_$arch"
    expect 0 "^PASS: coop" -- $run --set sm.count=4 -- "$P/coop.sm_$arch"
    expect 0 "cudaErrorCooperativeLaunchTooLarge\|cannot all be resident at once" -- $run --set sm.count=4 -- "$P/coop.sm_$arch"
done
[ $fail -eq 0 ] && echo "cuda runtime: attributes, memory, streams, graphs and cooperative launches on h100 and a100"
exit $fail
