#!/bin/sh
# Functional-simulation speed: for each workload, the median wall time of
# RUNS runs and the warp instructions simulated per second.
# usage: bench/run.sh [RUNS]   (make bench)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${WARPSIM:-$top/warpsim}
runs=${1:-5}
printf '%-44s %14s %10s %14s\n' workload warp_insns median_s Minsn/s
while read -r file defines; do
    [ -n "$file" ] || continue
    times=""
    for _ in $(seq "$runs"); do
        t0=$(date +%s.%N)
        json=$("$bin" run --stats=json $defines "$top/$file")
        t1=$(date +%s.%N)
        times="$times $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }')"
    done
    insns=$(printf '%s' "$json" | grep -o '"warp_instructions":[0-9]*' | cut -d: -f2 | awk '{ s += $1 } END { print s }')
    median=$(printf '%s\n' $times | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    printf '%-44s %14s %10.3f %14.1f\n' "$file $defines" "$insns" "$median" "$(awk -v i="$insns" -v m="$median" 'BEGIN { print i / m / 1e6 }')"
done <<EOF2
workloads/sum/gpu3_grid_stride.sass -D n=43435342
workloads/sum/gpu2_chunked.sass -D n=4343534
workloads/sum/gpu4_local.sass -D n=4343534
workloads/histogram/v3_shared_bins.sass -D n=16777216
workloads/histogram/v4_interleaved.sass -D n=16777216
EOF2
