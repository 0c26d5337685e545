#!/bin/sh
# scripts/cuda/build_programs.sh — the CUDA suite's programs as whole CUDA
# programs for `warpsim cuda` (issue 30): workloads/cuda/bin/NAME, built by
# Debian's CUDA 11.8 (see regen.sh for installing it) with the runtime as a
# shared library (-cudart shared: libcudart.so.11.0, which warpsim's
# stand-in replaces) and SASS for sm_80 and sm_90. tests/cuda_suite.sh runs
# them with the CUDA 13 dumps of workloads/cuda/sass (--sass).
set -eu
cd "$(dirname "$0")/../../workloads/cuda"
mkdir -p bin
for src in src/*.cu; do
    name=$(basename "$src" .cu)
    PATH=/usr/bin:$PATH nvcc -ccbin clang-14 -cudart shared \
        -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 \
        -O3 -Isrc -o "bin/$name" "$src" -lstdc++ -lm
done
# one program by CUDA 13's nvcc too (it needs no GPU; it links libcudart.so.13):
# tests/cuda_suite.sh runs it with the stand-in's .so.13
nvcc -cudart shared -arch=sm_90 -O3 -Isrc -o ../../tests/cuda/programs/saxpy.cuda13 src/saxpy.cu
