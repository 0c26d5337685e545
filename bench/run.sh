#!/bin/sh
# Simulation speed: for each workload, the median wall time of RUNS runs,
# simulated warp instructions per second and (timing runs) simulated cycles
# per second, from the "host" object of --stats=json.
# usage: bench/run.sh [RUNS]   (make bench)
#        WARPSIM_BASE=old/warpsim bench/run.sh [RUNS]
#   with WARPSIM_BASE: only the comparison — each timing workload run by the
#   old and the new binary alternately, RUNS times each, and the ratio of the
#   medians (new / old; below 1 = faster), all measured in this one run.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${WARPSIM:-$top/warpsim}
runs=${1:-5}
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
host_seconds() { sed 's/.*"host":{"seconds":\([0-9.e+-]*\).*/\1/'; }
if [ -n "${WARPSIM_BASE:-}" ]; then
    [ -x "$WARPSIM_BASE" ] || { echo "bench: WARPSIM_BASE=$WARPSIM_BASE is not an executable" >&2; exit 2; }
    # the old binary reads the configs of its own tree when it has one
    base_cfgs=$(cd "$(dirname "$WARPSIM_BASE")" && pwd)/configs
    [ -d "$base_cfgs" ] || base_cfgs=$top/configs
    printf '%-58s %10s %10s %9s\n' "new vs old (median of $runs, alternating)" old_s new_s new/old
    geo=0; n=0
    while read -r file args; do
        [ -n "$file" ] || continue
        old_t=""; new_t=""
        for _ in $(seq "$runs"); do
            # shellcheck disable=SC2086
            old_t="$old_t $(WARPSIM_CONFIGS=$base_cfgs "$WARPSIM_BASE" run --stats=json $args "$top/$file" | host_seconds)"
            # shellcheck disable=SC2086
            new_t="$new_t $("$bin" run --stats=json $args "$top/$file" | host_seconds)"
        done
        o=$(median $old_t); nw=$(median $new_t)
        r=$(awk -v a="$nw" -v b="$o" 'BEGIN { print a / b }')
        geo=$(awk -v g="$geo" -v r="$r" 'BEGIN { print g + log(r) }'); n=$((n + 1))
        printf '%-58s %10.3f %10.3f %9.3f\n' "$(basename "$file") $args" "$o" "$nw" "$r"
    done <<EOF0
workloads/sum/gpu3_grid_stride.sass -c gf100 -D n=4343534
workloads/sum/gpu4_local.sass -c gf100 -D n=4343534
workloads/histogram/v1_atomic_per_byte.sass -c gf100 -D n=4194304
workloads/histogram/v3_shared_bins.sass -c gf100 -D n=16777216
workloads/histogram/v45_contiguous.sass -c gf100 -D n=16777216
workloads/histogram/v3_shared_bins.sass -c gcn-tahiti -D n=4194304
EOF0
    printf '%-58s %10s %10s %9.3f\n' "geometric mean" "" "" "$(awk -v g="$geo" -v n="$n" 'BEGIN { print exp(g / n) }')"
    exit 0
fi
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

# Trace-driven against execution-driven: the same timed run, replayed from the
# trace `warpsim run --emit-trace` wrote (identical statistics), and the
# shipped A100 vectorAdd trace.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '\n%-58s %12s %12s %12s %9s\n' "trace-driven vs execution-driven" warp_insns run_Minsn/s trace_Minsn/s ratio
while read -r file cfg defs; do
    [ -n "$file" ] || continue
    args="-c $cfg $defs"
    rm -rf "$tmp/t"
    # shellcheck disable=SC2086
    json=$("$bin" run --stats=json --emit-trace "$tmp/t" $args "$top/$file")
    insns=$(printf '%s' "$json" | grep -o '"warp_instructions":[0-9]*' | cut -d: -f2 | awk '{ s += $1 } END { print s }')
    run_t=""; trace_t=""
    for _ in $(seq "$runs"); do
        # shellcheck disable=SC2086
        run_t="$run_t $("$bin" run --stats=json $args "$top/$file" | host_seconds)"
        # shellcheck disable=SC2086
        trace_t="$trace_t $("$bin" trace --stats=json -c "$cfg" "$tmp/t/kernelslist.g" | host_seconds)"
    done
    rm_=$(median $run_t); tm_=$(median $trace_t)
    printf '%-58s %12s %12.2f %12.2f %9.2f\n' "$(basename "$file") $args" "$insns" \
        "$(awk -v i="$insns" -v m="$rm_" 'BEGIN { print i / m / 1e6 }')" \
        "$(awk -v i="$insns" -v m="$tm_" 'BEGIN { print i / m / 1e6 }')" \
        "$(awk -v a="$rm_" -v b="$tm_" 'BEGIN { print a / b }')"
done <<EOF3
workloads/sum/gpu3_grid_stride.sass gf100 -D n=4343534
workloads/histogram/v3_shared_bins.sass gf100 -D n=16777216
EOF3
va=$top/tests/traces/vectoradd-sm80/kernelslist.g
trace_t=""
for _ in $(seq "$runs"); do trace_t="$trace_t $("$bin" trace --stats=json -c gf100 "$va" | host_seconds)"; done
printf '%-58s %12s %12s %12.2f\n' "vectoradd-sm80 (A100 trace, xz) -c gf100" 26601 - \
    "$(awk -v m="$(median $trace_t)" 'BEGIN { print 26601 / m / 1e6 }')"

# Sweep throughput: points per minute at -j = cores (every shipped policy on
# gf100 and gk110 over the sched and sum workloads), the median of RUNS fresh
# sweeps, and at -j 1 for the speed-up of the thread pool.
cores=$(nproc 2>/dev/null || echo 1)
printf '\n%-58s %8s %8s %12s\n' "sweep (fresh directory each run)" points jobs points/min
for jobs in "$cores" 1; do
    times=""
    for _ in $(seq "$runs"); do
        rm -rf "$tmp/sw"
        t0=$(date +%s.%N)
        "$bin" sweep -j "$jobs" -o "$tmp/sw" -c gf100,gk110 --vary sched.policy=lrr,gto,two_level,oldest \
            "$top"/workloads/sched/*.sass "$top"/workloads/sum/*.sass > /dev/null
        t1=$(date +%s.%N)
        times="$times $(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')"
    done
    np=$(tail -n +2 "$tmp/sw/results.csv" | cut -d, -f1 | sort -u | wc -l)
    printf '%-58s %8s %8s %12.1f\n' "policies x gf100,gk110 x sched+sum workloads" "$np" "$jobs" \
        "$(awk -v n="$np" -v m="$(median $times)" 'BEGIN { print n / m * 60 }')"
    [ "$cores" -gt 1 ] || break
done
