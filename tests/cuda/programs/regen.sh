#!/bin/sh
# tests/cuda/programs/regen.sh — rebuild the test programs of `warpsim cuda`
# (tests/cuda_programs.sh) and their SASS dumps, with Debian's CUDA 11.8
# (apt-get install nvidia-cuda-toolkit: nvcc, cuobjdump; its nvcc wants
# clang-14 and /usr/bin first on PATH). The binaries and dumps are committed:
# make check needs neither nvcc nor a GPU.
set -e
cd "$(dirname "$0")"
export PATH=/usr/bin:$PATH
for arch in 80 90; do
    nvcc -ccbin clang-14 -cudart shared -arch=sm_$arch -O2 -o cudademo.sm_$arch cudademo.cu
    strip cudademo.sm_$arch
    cuobjdump -sass cudademo.sm_$arch > cudademo.sm_$arch.sass
    cuobjdump -elf cudademo.sm_$arch > cudademo.sm_$arch.elf.txt
done
nvcc --version | tail -2
