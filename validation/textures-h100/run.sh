#!/bin/sh
# validation/textures-h100/run.sh — the H100 reference of tests/cuda_textures.sh.
# On the GPU machine (the device tool), from the repository root, with the
# program copied into a carried folder:
#   mkdir -p .dev-tex && cp tests/cuda/programs/textures.static.sm_90 tests/cuda/programs/textures.cu .dev-tex/
#   run: sh validation/textures-h100/run.sh   (carry .dev-tex; results in $OUT)
# It records the card, runs the CUDA 11.8 static build (the same SASS as the
# textures.sm_90 the test runs under warpsim) three times and a CUDA 13 build
# once; run1.txt becomes tests/cuda/programs/textures.h100.txt.
set -u
out=${OUT:-.}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv > "$out/card.txt"
for i in 1 2 3; do ./.dev-tex/textures.static.sm_90 > "$out/run$i.txt" 2>&1; echo "run $i: exit $?" >> "$out/card.txt"; done
cmp "$out/run1.txt" "$out/run2.txt" && cmp "$out/run1.txt" "$out/run3.txt" && echo "deterministic over 3 runs" >> "$out/card.txt"
nvcc -arch=sm_90 -O2 -o /tmp/t13 .dev-tex/textures.cu && /tmp/t13 > "$out/cuda13.txt" 2>&1
cuobjdump -sass .dev-tex/textures.static.sm_90 > "$out/static.sass"
