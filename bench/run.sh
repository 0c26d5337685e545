#!/bin/sh
# Simulation speed: for each workload, the median wall time of RUNS runs,
# simulated warp instructions per second and (timing runs) simulated cycles
# per second, from the "host" object of --stats=json.
# usage: bench/run.sh [RUNS]   (make bench)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${WARPSIM:-$top/warpsim}
runs=${1:-5}
printf '%-58s %12s %12s %9s %12s %12s\n' run warp_insns cycles median_s Minsn/s Mcycles/s
while read -r file args; do
    [ -n "$file" ] || continue
    times=""
    for _ in $(seq "$runs"); do
        # shellcheck disable=SC2086
        json=$("$bin" run --stats=json $args "$top/$file")
        times="$times $(printf '%s' "$json" | sed 's/.*"host":{"seconds":\([0-9.e+-]*\).*/\1/')"
    done
    insns=$(printf '%s' "$json" | grep -o '"warp_instructions":[0-9]*' | cut -d: -f2 | awk '{ s += $1 } END { print s }')
    cycles=$(printf '%s' "$json" | grep -o '"cycles":[0-9]*' | cut -d: -f2 | awk '{ s += $1 } END { print s + 0 }')
    median=$(printf '%s\n' $times | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    printf '%-58s %12s %12s %9.3f %12.2f %12.2f\n' "$(basename "$file") $args" "$insns" "$cycles" "$median" \
        "$(awk -v i="$insns" -v m="$median" 'BEGIN { print i / m / 1e6 }')" \
        "$(awk -v c="$cycles" -v m="$median" 'BEGIN { print c / m / 1e6 }')"
done <<EOF2
workloads/sum/gpu3_grid_stride.sass --functional -D n=43435342
workloads/sum/gpu2_chunked.sass -c gf100 -D n=4343534
workloads/sum/gpu3_grid_stride.sass -c gf100 -D n=4343534
workloads/sum/gpu4_local.sass -c gf100 -D n=4343534
workloads/sum/gpu5_two_kernels.sass -c gf100 -D n=4343534
workloads/histogram/v1_atomic_per_byte.sass -c gf100 -D n=4194304
workloads/histogram/v3_shared_bins.sass -c gf100 -D n=16777216
workloads/histogram/v4_interleaved.sass -c gf100 -D n=16777216
workloads/histogram/v45_contiguous.sass -c gf100 -D n=16777216
EOF2
