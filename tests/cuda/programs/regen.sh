#!/bin/sh
# tests/cuda/programs/regen.sh — rebuild the test programs of `warpsim cuda`
# (tests/cuda_programs.sh) and their SASS dumps, with Debian's CUDA 11.8
# (apt-get install nvidia-cuda-toolkit: nvcc, cuobjdump; its nvcc wants
# clang-14 and /usr/bin first on PATH). The binaries and dumps are committed:
# make check needs neither nvcc nor a GPU.
set -e
cd "$(dirname "$0")"
export PATH=/usr/bin:$PATH
for prog in cudademo symbols managed idioms runtime coop devlib textures texref; do
    for arch in 80 90; do
        nvcc -ccbin clang-14 -cudart shared -arch=sm_$arch -O2 -o $prog.sm_$arch $prog.cu
        strip $prog.sm_$arch
        cuobjdump -sass $prog.sm_$arch > $prog.sm_$arch.sass
        cuobjdump -elf $prog.sm_$arch > $prog.sm_$arch.elf.txt
    done
done
# devlib.static: the same source for the GPU machine (devlib.device.sh
# writes devlib.h100.txt, the reference of tests/cuda_devlib.sh)
nvcc -ccbin clang-14 -cudart static -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 -O2 \
    -o devlib.static devlib.cu
strip devlib.static
# textures.static.sm_90: what runs on the GPU machine for textures.h100.txt
# (validation/textures-h100/run.sh, the reference of tests/cuda_textures.sh);
# texref.cu uses CUDA 11's texture references, gone in CUDA 12: 11.8 only
nvcc -ccbin clang-14 -cudart static -arch=sm_90 -O2 -o textures.static.sm_90 textures.cu
strip textures.static.sm_90
nvcc --version | tail -2
# symbols.cuda13 (CUDA 13's way: __device__ addresses in constant bank 4) is
# built and dumped by regen13.sh on a machine with CUDA 13's cuobjdump
