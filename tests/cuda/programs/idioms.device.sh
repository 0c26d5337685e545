#!/bin/sh
# tests/cuda/programs/idioms.device.sh OUTDIR — run on a machine with an
# H100 (no CUDA 11.8 needed): the statically linked CUDA 11.8 build of
# idioms.cu (idioms.static.sm_90, the same source, flags and SASS as
# idioms.sm_90) prints the reference output (idioms.h100.txt, twice, to see
# that it is deterministic); the GPU's name and driver go to
# idioms.h100.env.txt; the machine's cuobjdump shows that the static and
# shared builds hold the same instructions (idioms.h100.sasscmp.txt), and
# dumps the shared build (a newer cuobjdump prints the sm_90 instructions
# CUDA 11.8's leaves as bare encodings).
set -u
cd "$(dirname "$0")"
out=${1:?usage: idioms.device.sh OUTDIR}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/idioms.h100.env.txt" 2>&1
./idioms.static.sm_90 > "$out/idioms.h100.txt" 2> "$out/stderr.txt"; echo "exit $?" >> "$out/stderr.txt"
for k in 2 3 4; do
    ./idioms.static.sm_90 > "$out/again.txt" 2>&1
    cmp -s "$out/idioms.h100.txt" "$out/again.txt" && echo "run $k: the same output" >> "$out/stderr.txt" \
        || { echo "run $k: DIFFERENT output:" >> "$out/stderr.txt"; diff "$out/idioms.h100.txt" "$out/again.txt" >> "$out/stderr.txt"; }
done
rm -f "$out/again.txt"
od=$(command -v cuobjdump || ls /usr/local/cuda*/bin/cuobjdump 2>/dev/null | head -1)
norm() { grep -E '^[[:space:]]+/\*[0-9a-f]{4}\*/' "$1" | sed -E 's@ */\* 0x[0-9a-f]+ \*/@@; s/[[:space:]]+/ /g'; }
{
    echo "cuobjdump: $od ($("$od" --version 2>&1 | tail -1))"
    "$od" -sass idioms.static.sm_90 > /tmp/static.sass 2>&1
    "$od" -sass idioms.sm_90 > "$out/idioms.sm_90.newdump.sass" 2>&1
    norm /tmp/static.sass > /tmp/a; norm "$out/idioms.sm_90.newdump.sass" > /tmp/b
    echo "instructions: static $(wc -l < /tmp/a), shared $(wc -l < /tmp/b)"
    if cmp -s /tmp/a /tmp/b; then echo "static and shared builds: the same instructions"
    else echo "static and shared builds DIFFER:"; diff /tmp/a /tmp/b | head -20; fi
    grep "Function :" /tmp/static.sass | sort > /tmp/fa; grep "Function :" "$out/idioms.sm_90.newdump.sass" | sort > /tmp/fb
    cmp -s /tmp/fa /tmp/fb && echo "the same $(wc -l < /tmp/fa) functions"
} > "$out/idioms.h100.sasscmp.txt" 2>&1
cat "$out/idioms.h100.env.txt" "$out/stderr.txt" "$out/idioms.h100.sasscmp.txt" "$out/idioms.h100.txt"
