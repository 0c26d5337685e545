#!/bin/sh
# Regenerates the dumps of dyn_shared.cu and extern_c.cu with Debian's CUDA 11.8
# (nvidia-cuda-toolkit; see scripts/cuda/regen.sh for installing it).
set -eu
cd "$(dirname "$0")"
for src in dyn_shared extern_c; do
for sm in 80 90; do
    PATH=/usr/bin:$PATH nvcc -ccbin clang-14 -arch=sm_$sm -cubin -O3 -o /tmp/$src.$sm.cubin $src.cu
    /usr/bin/cuobjdump -sass /tmp/$src.$sm.cubin > $src.sm_$sm.sass
    /usr/bin/cuobjdump -elf /tmp/$src.$sm.cubin > $src.sm_$sm.elf.txt
done
done
