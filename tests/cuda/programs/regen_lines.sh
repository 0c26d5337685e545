#!/bin/sh
# tests/cuda/programs/regen_lines.sh — rebuild lines.cu (the views by CUDA
# source line: tests/cuda_lines.sh) with -lineinfo for sm_80 and sm_90 with
# Debian's CUDA 11.8, and its dumps: the SASS (cuobjdump -sass), the ELF
# listing (cuobjdump -elf) and the line table (nvdisasm -gi of the cubin,
# docs/cuda.md). The binaries and dumps are committed: the tests need
# neither nvcc nor a GPU. The source is compiled from this folder by a
# relative path, so the recorded path is where it was built (the tests find
# it beside the program).
set -e
cd "$(dirname "$0")"
export PATH=/usr/bin:$PATH
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for arch in 80 90; do
    nvcc -ccbin clang-14 -lineinfo -cudart shared -arch=sm_$arch -O2 -o lines.sm_$arch lines.cu
    strip lines.sm_$arch
    cuobjdump -sass lines.sm_$arch > lines.sm_$arch.sass
    cuobjdump -elf lines.sm_$arch > lines.sm_$arch.elf.txt
    (cd "$tmp" && rm -f ./*.cubin && cuobjdump -xelf all "$OLDPWD/lines.sm_$arch" > /dev/null)
    for c in "$tmp"/*.cubin; do nvdisasm -gi -c "$c"; done > lines.sm_$arch.lines.txt
done
nvcc --version | tail -2
