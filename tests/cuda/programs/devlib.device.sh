#!/bin/sh
# devlib.device.sh OUTDIR — run on the GPU machine: every mode of the static
# CUDA 11.8 build (devlib.static), stdout and stderr apart with the exit
# status; then the same source built by the machine's CUDA 13 nvcc (if any),
# its modes again and its sm_90 SASS (CUDA 13's form of the calls).
set -u
cd "$(dirname "$0")"
out=${1:?usage: devlib.device.sh OUTDIR}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader > "$out/env.txt" 2>&1
runall() {  # PROG TAG
    for m in formats lanes "fifo 4096" "fifo 8192" "fifo 1048576" assert assert-handled trap heap sleep; do
        echo "=== $2 $m"
        timeout 60 ./$1 $m > /tmp/o 2> /tmp/e; echo "exit $?"
        echo "--- stdout"; cat /tmp/o; echo "--- stderr"; cat /tmp/e
    done
}
runall devlib.static cuda11.8 > "$out/devlib.h100.cuda11.txt" 2>&1
nv=$(command -v nvcc || ls /usr/local/cuda*/bin/nvcc 2>/dev/null | head -1)
od=$(command -v cuobjdump || ls /usr/local/cuda*/bin/cuobjdump 2>/dev/null | head -1)
echo "nvcc: $nv $($nv --version 2>&1 | tail -1); cuobjdump: $od" >> "$out/env.txt"
if [ -n "$nv" ]; then
    $nv -cudart static -arch=sm_90 -O2 -o /tmp/devlib13 devlib.cu >> "$out/env.txt" 2>&1 && cp /tmp/devlib13 ./devlib13 &&
        runall devlib13 cuda13 > "$out/devlib.h100.cuda13.txt" 2>&1
    [ -n "$od" ] && { $od -sass devlib13 > "$out/devlib.cuda13.sass" 2>&1; $od -elf devlib13 > "$out/devlib.cuda13.elf.txt" 2>&1; }
fi
cat "$out/env.txt"
