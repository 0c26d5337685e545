#!/bin/sh
# tests/cuda/programs/regen_textures.sh — rebuild textures.cu's programs and
# dumps (tests/cuda_textures.sh), and texref.cu's (tests/cuda_programs.sh), with Debian's CUDA 11.8, as regen.sh does
# for the others: textures.sm_80 and .sm_90 (-cudart shared, what the test
# runs under warpsim cuda, with their -sass and -elf dumps) and
# textures.static.sm_90 (-cudart static: what ran on the H100 for
# textures.h100.txt; validation/textures-h100/ keeps that run's raw files).
set -e
cd "$(dirname "$0")"
export PATH=/usr/bin:$PATH
# texref.cu: CUDA 11's texture references (gone in CUDA 12: 11.8 only)
for prog in textures texref; do
    for arch in 80 90; do
        nvcc -ccbin clang-14 -cudart shared -arch=sm_$arch -O2 -o $prog.sm_$arch $prog.cu
        strip $prog.sm_$arch
        cuobjdump -sass $prog.sm_$arch > $prog.sm_$arch.sass
        cuobjdump -elf $prog.sm_$arch > $prog.sm_$arch.elf.txt
    done
done
nvcc -ccbin clang-14 -cudart static -arch=sm_90 -O2 -o textures.static.sm_90 textures.cu
strip textures.static.sm_90
nvcc --version | tail -2
