#!/bin/sh
# validation/l1-sets-h100/run.sh — on the H100 (device tool), from the repo root; writes l1sets.csv to $OUT
set -u
out=${OUT:?}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv > "$out/l1sets_card.txt"
nvcc -arch=sm_90 -O3 -o /tmp/l1sets "$(dirname "$0")/l1sets.cu" >> "$out/l1sets_card.txt" 2>&1 || exit 1
/tmp/l1sets > "$out/l1sets.csv" 2>&1; echo "exit $?" >> "$out/l1sets_card.txt"
cuobjdump -sass /tmp/l1sets | grep -E "LDG|CS2R" >> "$out/l1sets_card.txt"
