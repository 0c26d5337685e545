#!/bin/sh
# validation/energy-h100/sim.sh — each microbenchmark's events under
# `warpsim cuda -c h100`, with the SASS of the binary that ran on the H100
# (raw/energy.sm_90.sass.gz; only the host code is built here, by CUDA 11.8
# with -cudart shared). Every kernel runs at two loop counts (A and B); the
# fit (fit.py) takes the events of one iteration as their difference over
# B - A. An [energy] model must be on for the per-instruction events:
# energy.source is set, every energy value left 0.
#   sh validation/energy-h100/sim.sh [KERNEL...]      (default: all)
#   WARPSIM=path (default: the build in the repository root)
# Output: raw/sim/KERNEL.A.json.gz (warpsim's --stats=json, gzipped) and
# KERNEL.A.txt (the program's output and warpsim's summary) for both counts.
set -eu
H=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$H/../.." && pwd)
WS=${WARPSIM:-$ROOT/warpsim}
T=${TMPDIR:-/tmp}/energy-sim.$$
O=$H/raw/sim
mkdir -p "$T" "$O"
trap 'rm -rf "$T"' EXIT
PATH=/usr/bin:$PATH nvcc -ccbin clang-14 -arch=sm_90 -O3 -cudart shared -o "$T/energy" "$H/energy.cu" -ldl -lpthread
gunzip -c "$H/raw/energy.sm_90.sass.gz" > "$T/energy.sm_90.sass"
gunzip -c "$H/raw/energy.sm_90.elf.txt.gz" > "$T/energy.sm_90.elf.txt"
{ echo "warpsim: $WS"; git -C "$ROOT" describe --always --dirty 2>/dev/null || echo unknown; } > "$O/version.txt"
sim() {   # KERNEL ITERS [MB]
  echo "== $1 $2 ${3:-}" >&2
  "$WS" cuda -c h100 --set energy.source=events --sass "$T/energy.sm_90.sass" --stats=json --stats-file "$O/$1.$2.json" \
    -- "$T/energy" sim "$@" > "$O/$1.$2.txt" 2>&1 || echo "exit $?" >> "$O/$1.$2.txt"
  gzip -9f "$O/$1.$2.json"
}
all="fp32 fp32_66sm fp64 half int imad sfu hmma smem l1 l2 int_sel sleep_132 sleep_66 sleep_1 mix_fp32_int mix_smem_fp32 mix_l2_sfu dram_rd dram_wr mix_dram_fp32"
for k in ${*:-$all}; do
  case $k in
  dram_rd|dram_wr|mix_dram_fp32) sim "$k" 1 64; sim "$k" 2 64 ;;   # passes over 64 MB (> the 50 MB L2)
  *) sim "$k" 4; sim "$k" 8 ;;   # multiples of 4: nvcc unrolls some loops 4 times
  esac
done
