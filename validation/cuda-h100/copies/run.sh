#!/bin/sh
# validation/cuda-h100/copies/run.sh — on the H100 machine (the `run` tool):
# build copies.cu and keep its output, the GPU and the clocks in $OUT
set -eu
cd "$(dirname "$0")"
OUT=${OUT:-/tmp/copies-out}
mkdir -p "$OUT"
nvcc -O2 -arch=sm_90 -o /tmp/copies copies.cu
{ nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.current,pcie.link.width.current,clocks.sm,clocks.mem --format=csv
  nvcc --version | tail -1; } > "$OUT/env.txt"
/tmp/copies > "$OUT/copies.csv"
nvidia-smi -q -d PERFORMANCE,CLOCK | head -40 >> "$OUT/env.txt"
