#!/bin/sh
# validation/h100-dram/sim.sh — dram31.cu under `warpsim cuda` with the SASS
# that ran on the H100 (raw/dram31.sm_90.sass.gz, the device's cuobjdump),
# at the 1590 MHz base clock Nsight Compute ran the H100 at (raw/ncu.csv), so
# its kernel times compare with gpu__time_duration. Only the host program is
# built here (CUDA 13's nvcc, the same fat binary).
#   WARPSIM=./warpsim sh validation/h100-dram/sim.sh [OUT_DIR]   (~10 min on 2 cores)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
bin=${WARPSIM:-$top/warpsim}
out=${1:-$here/raw/sim}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"
nvcc -cudart shared -arch=sm_90 -O3 -o "$tmp/dram31" "$here/dram31.cu"
gzip -dc "$here/raw/dram31.sm_90.sass.gz" > "$tmp/dram31.sm_90.sass"
gzip -dc "$here/raw/dram31.sm_90.elf.txt.gz" > "$tmp/dram31.sm_90.elf.txt"
git -C "$top" log -1 --format='warpsim %h %cs' > "$out/version.txt" 2>/dev/null || true
D31_SIM=1 D31_REPS=1 "$bin" cuda -c h100 --set launch.flush=all --set gpu.clock_mhz=1590 \
    --sass "$tmp/dram31.sm_90.sass" -- "$tmp/dram31" stream scatter > "$out/sim.txt" 2> "$out/sim.log"
cat "$out/sim.txt"
