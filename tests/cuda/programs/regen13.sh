#!/bin/sh
# tests/cuda/programs/regen13.sh — symbols.cu built by CUDA 13 (nvcc
# -cudart shared -arch=sm_90: its code reads the addresses of __device__
# variables from constant bank 4, which the loader fills from the cubin's
# relocations). Two steps, as CUDA 13 is split between machines here:
#   sh regen13.sh          here (CUDA 13's nvcc, no cuobjdump): the binary,
#                          linked against this machine's C library
#   sh regen13.sh dump     on the H100 machine (CUDA 13 complete, the `run`
#                          tool): the SASS and ELF listing, from the same
#                          nvcc 13.0 (the fat binaries were checked equal
#                          byte for byte: objcopy --only-section=.nv_fatbin)
# The binary and dumps are committed.
set -e
cd "$(dirname "$0")"
nvcc -cudart shared -arch=sm_90 -O2 -o symbols.cuda13 symbols.cu
# devlib.cuda13: its dumps come from devlib.device.sh on the H100 machine (the
# same source, nvcc 13.0 and flags, -cudart static; the static and shared
# builds hold the same SASS, as idioms.notes.txt found)
nvcc -cudart shared -arch=sm_90 -O2 -o devlib.cuda13 devlib.cu
nvcc --version | tail -1
if [ "${1:-}" = dump ]; then
    cuobjdump -sass symbols.cuda13 > symbols.cuda13.sass
    cuobjdump -elf symbols.cuda13 > symbols.cuda13.elf.txt
else
    strip symbols.cuda13
fi
# runtime13.cu: CUDA 12 and 13 forms of runtime calls (cudaLaunchKernelEx,
# three-argument cudaGraphInstantiate, CUDA 13's struct layouts), built by
# CUDA 13's nvcc here; its kernel's SASS and ELF listing come from CUDA
# 11.8's build of the same file for sm_90 (the kernel uses no global
# variables: the same code and parameters), so no CUDA 13 cuobjdump is needed
nvcc -cudart shared -arch=sm_90 -O2 -o runtime13.cuda13 runtime13.cu
strip runtime13.cuda13
PATH=/usr/bin:$PATH nvcc -ccbin clang-14 -cudart shared -arch=sm_90 -O2 -o runtime13.sm_90.tmp runtime13.cu
PATH=/usr/bin:$PATH cuobjdump -sass runtime13.sm_90.tmp > runtime13.sm_90.sass
PATH=/usr/bin:$PATH cuobjdump -elf runtime13.sm_90.tmp > runtime13.sm_90.elf.txt
rm -f runtime13.sm_90.tmp
