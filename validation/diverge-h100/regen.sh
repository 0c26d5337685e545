#!/bin/sh
# validation/diverge-h100/regen.sh — rebuild diverge.cu with Debian's CUDA 11.8
# (sh scripts/cuda/regen.sh local NONEXIST installs it; its nvcc wants clang-14
# and /usr/bin first on PATH): diverge.sm_90 (-cudart shared, what
# tests/cuda_diverge.sh runs under `warpsim cuda`), its SASS and ELF listings,
# and diverge.static (-cudart static, not committed: what run.sh runs on the
# H100). Both builds hold the same SASS; this script checks it.
set -e
cd "$(dirname "$0")"
export PATH=/usr/bin:$PATH
nvcc -ccbin clang-14 -cudart shared -arch=sm_90 -O2 -o diverge.sm_90 diverge.cu
strip diverge.sm_90
cuobjdump -sass diverge.sm_90 > diverge.sm_90.sass
cuobjdump -elf diverge.sm_90 > diverge.sm_90.elf.txt
nvcc -ccbin clang-14 -cudart static -arch=sm_90 -O2 -o diverge.static diverge.cu
strip diverge.static
norm() { grep -E '^[[:space:]]+/\*[0-9a-f]{4}\*/' "$1" | sed -E 's@ */\* 0x[0-9a-f]+ \*/@@; s/[[:space:]]+/ /g'; }
cuobjdump -sass diverge.static > /tmp/diverge.static.sass
norm /tmp/diverge.static.sass > /tmp/diverge.a; norm diverge.sm_90.sass > /tmp/diverge.b
cmp -s /tmp/diverge.a /tmp/diverge.b && echo "static and shared builds: the same SASS" || { echo "static and shared builds DIFFER" >&2; exit 1; }
nvcc --version | tail -2
