#!/bin/sh
# tests/cuda/programs/mma.regen.sh — rebuild mma.cu's programs and dumps
# with Debian's CUDA 11.8 (as regen.sh): mma.sm_80 and mma.sm_90 (shared
# cudart, for warpsim cuda), mma.static.sm_90 (static, for the H100 run of
# validation/tensor-h100/run.sh), and CUDA 11.8's dumps. The sm_90 dump
# tests/cuda_mma.sh reads, mma.sm_90.cuda13.sass (+ .elf.txt), is CUDA 13's
# cuobjdump of mma.sm_90, made by validation/tensor-h100/run.sh on the device.
set -e
cd "$(dirname "$0")"
export PATH=/usr/bin:$PATH
for arch in 80 90; do
    nvcc -ccbin clang-14 -cudart shared -arch=sm_$arch -O2 -o mma.sm_$arch mma.cu
    strip mma.sm_$arch
    cuobjdump -sass mma.sm_$arch > mma.sm_$arch.sass
    cuobjdump -elf mma.sm_$arch > mma.sm_$arch.elf.txt
done
nvcc -ccbin clang-14 -cudart static -arch=sm_90 -O2 -o mma.static.sm_90 mma.cu
nvcc --version | tail -2
