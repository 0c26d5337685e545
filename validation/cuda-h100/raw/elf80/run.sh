#!/bin/sh
# validation/cuda-h100/raw/elf80/run.sh — the device run that made the CUDA 13.0 sm_80 ELF listings
# (workloads/cuda/sass/NAME.sm_80.elf.txt). On the H100 machine (the `run` tool, repository root,
# carry .elf80):  sh validation/cuda-h100/raw/elf80/run.sh ; results in $OUT/elf80.tgz, which
# unpacks to elf80/ (its logs kept here; the .elf.txt dumps installed into workloads/cuda/sass/).
#   1. scripts/cuda/regen.sh device (now writing NAME.sm_80.elf.txt too), all 15 kernels at once,
#      as validation/cuda-h100/run.sh calls it: elf80/regen/
#   2. compare.txt: each regenerated NAME.sm_80.sass, NAME.sm_90.sass, NAME.sm_90.elf.txt against
#      the committed one (cmp, byte for byte; diffs.txt holds any diff)
#   3. the sm_80 cubins built here by the local CUDA 13.0 nvcc (carried in .elf80/: `nvcc
#      -arch=sm_80 -cubin -O3`): cmp against the device's own cubin, and their cuobjdump -sass /
#      -elf against the committed sm_80.sass / the regenerated sm_80.elf.txt
#   sha256.txt: the regenerated dumps' checksums (what was installed)
set -u
OUT=${OUT:-/tmp/elf80-out}
root=$(pwd)
W=/tmp/elf80
R=$W/elf80
rm -rf "$W"
mkdir -p "$OUT" "$R/regen" "$R/build" "$W/dev" "$W/local"
{
    date -u
    nvidia-smi --query-gpu=name,driver_version --format=csv
    command -v nvcc cuobjdump
    nvcc --version
    cuobjdump --version
} > "$R/env.txt" 2>&1

names=$(cd workloads/cuda/src && ls *.cu | sed 's/\.cu$//')
for n in $names; do
    (sh scripts/cuda/regen.sh device "$R/regen" "$n" > "$R/build/$n.regen.txt" 2>&1 || echo "$n regen" >> "$R/build/FAILED") &
    (nvcc -arch=sm_80 -cubin -O3 -o "$W/dev/$n.sm_80.cubin" "workloads/cuda/src/$n.cu" > "$R/build/$n.cubin.txt" 2>&1 || echo "$n cubin" >> "$R/build/FAILED") &
done
wait

c=$R/compare.txt
: > "$c"; : > "$R/diffs.txt"
for n in $names; do
    for x in sm_80.sass sm_90.sass sm_90.elf.txt; do
        if cmp -s "$R/regen/$n.$x" "workloads/cuda/sass/$n.$x"; then echo "$n.$x regen=committed same" >> "$c"
        else echo "$n.$x regen=committed DIFFERENT" >> "$c"; diff -u "workloads/cuda/sass/$n.$x" "$R/regen/$n.$x" >> "$R/diffs.txt" 2>&1; fi
    done
    l=.elf80/$n.sm_80.cubin
    if cmp -s "$l" "$W/dev/$n.sm_80.cubin"; then echo "$n.sm_80.cubin local=device same" >> "$c"; else echo "$n.sm_80.cubin local=device DIFFERENT" >> "$c"; fi
    cuobjdump -sass "$l" > "$W/local/$n.sm_80.sass" 2>&1
    cuobjdump -elf "$l" > "$W/local/$n.sm_80.elf.txt" 2>&1
    if cmp -s "$W/local/$n.sm_80.sass" "workloads/cuda/sass/$n.sm_80.sass"; then echo "$n.sm_80.sass local=committed same" >> "$c"
    else echo "$n.sm_80.sass local=committed DIFFERENT" >> "$c"; diff -u "workloads/cuda/sass/$n.sm_80.sass" "$W/local/$n.sm_80.sass" >> "$R/diffs.txt" 2>&1; fi
    if cmp -s "$W/local/$n.sm_80.elf.txt" "$R/regen/$n.sm_80.elf.txt"; then echo "$n.sm_80.elf.txt local=regen same" >> "$c"
    else echo "$n.sm_80.elf.txt local=regen DIFFERENT" >> "$c"; fi
done
(cd "$R/regen" && sha256sum *) > "$R/sha256.txt"
cp "$0" "$R/run.sh"
tar -C "$W" -czf "$OUT/elf80.tgz" elf80

echo "== env:"; grep -E 'release|H100|H200' "$R/env.txt"
echo "== regen: $(ls "$R/regen" | wc -l) files ($(ls "$R/regen"/*.sm_80.elf.txt | wc -l) sm_80.elf.txt); FAILED: $(cat "$R/build/FAILED" 2>/dev/null)"
echo "== compare: $(grep -c ' same$' "$c") same, $(grep -c DIFFERENT "$c") DIFFERENT"
awk '{print $1 ~ /sm_80.sass/ && $2 ~ /regen/ ? "sm_80.sass regen=committed" : $1 ~ /sm_90.sass/ ? "sm_90.sass regen=committed" : $1 ~ /sm_90.elf/ ? "sm_90.elf regen=committed" : $1 ~ /cubin/ ? "cubin local=device" : $1 ~ /sm_80.sass/ ? "sm_80.sass local=committed" : "sm_80.elf local=regen", $3}' "$c" | sort | uniq -c
grep DIFFERENT "$c"
echo "== diffs.txt: $(wc -l < "$R/diffs.txt") lines"; head -40 "$R/diffs.txt"
