#!/bin/sh
# Regenerates the dumps of dyn_shared.cu with Debian's CUDA 11.8
# (nvidia-cuda-toolkit; see scripts/cuda/regen.sh for installing it).
set -eu
cd "$(dirname "$0")"
for sm in 80 90; do
    PATH=/usr/bin:$PATH nvcc -ccbin clang-14 -arch=sm_$sm -cubin -O3 -o /tmp/dyn_shared.$sm.cubin dyn_shared.cu
    /usr/bin/cuobjdump -sass /tmp/dyn_shared.$sm.cubin > dyn_shared.sm_$sm.sass
    /usr/bin/cuobjdump -elf /tmp/dyn_shared.$sm.cubin > dyn_shared.sm_$sm.elf.txt
done
