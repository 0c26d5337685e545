#!/bin/sh
# Simulation speed: for each workload, the median wall time of RUNS runs,
# simulated warp instructions per second and (timing runs) simulated cycles
# per second, from the "host" object of --stats=json.
# usage: bench/run.sh [RUNS]   (make bench)
#        WARPSIM_BASE=old/warpsim bench/run.sh [RUNS]
#   with WARPSIM_BASE: only the comparison — each timing workload run by the
#   old and the new binary alternately, RUNS times each, and the ratio of the
#   medians (new / old; below 1 = faster), all measured in this one run.
#   BENCH_SIDE_BY_SIDE=1: the old and the new binary run at the same time in
#   each round (one core each), so that both meet the same noise of a shared
#   machine; BENCH_SAME_CORE=1: at the same time on one core (taskset -c 0),
#   time-sliced, so that both meet the same noise of that core too (on a VM
#   whose cores slow down apart, the steadiest ratio), and new / old is the
#   median of the rounds' ratios; BENCH_LIST=FILE: the workloads, a line
#   each as "workloads/... .sass ARGS", instead of the fixed set below.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${WARPSIM:-$top/warpsim}
runs=${1:-5}
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
host_seconds() { sed 's/.*"host":{"seconds":\([0-9.e+-]*\).*/\1/'; }
cpu_seconds() { sed 's/.*"cpu_seconds":\([0-9.e+-]*\).*/\1/'; }
# run a command, on core 0 alone when BENCH_SAME_CORE=1 (in a background
# job: the job's shell pins itself, found through /proc/self by a builtin)
pinned() {
    if [ -n "$pin" ]; then read -r me _ < /proc/self/stat; taskset -p -c 0 "$me" > /dev/null; fi
    "$@"
}
# RUNS alternating runs of the shell functions run_a and run_b (each given
# the arguments, printing --stats=json): the medians of their host seconds
# in ma and mb
# (BENCH_SAME_CORE=1: both at once on core 0, the CPU seconds of each, and
# mr the median of the rounds' b / a)
alternate() {
    ta=""; tb=""; rr=""; ro=""
    pin=""; [ "${BENCH_SAME_CORE:-0}" != 1 ] || pin=1
    for _ in $(seq "$runs"); do
        if [ "${BENCH_SIDE_BY_SIDE:-0}" = 1 ] || [ -n "$pin" ]; then
            pinned run_a "$@" > "$side/a" & pa=$!
            pinned run_b "$@" > "$side/b" & pb=$!
            wait "$pa"; wait "$pb"
            if [ -n "$pin" ]; then
                x=$(cpu_seconds < "$side/a"); y=$(cpu_seconds < "$side/b")
                rr="$rr $(awk -v a="$x" -v b="$y" 'BEGIN { print b / a }')"
            else
                x=$(host_seconds < "$side/a"); y=$(host_seconds < "$side/b")
            fi
            ta="$ta $x"; tb="$tb $y"
        else
            x=$(run_a "$@" | host_seconds); y=$(run_b "$@" | host_seconds)
            ta="$ta $x"; tb="$tb $y"
            ro="$ro $(awk -v a="$x" -v b="$y" 'BEGIN { print b / a }')"
        fi
    done
    ma=$(median $ta); mb=$(median $tb)
    mr=""; [ -z "$rr" ] || mr=$(median $rr)
    # alternating: the median of the rounds' b / a too (a round's pair meets
    # the same hour of a machine whose speed drifts)
    mo=""; [ -z "$ro" ] || mo=$(median $ro)
}
side=$(mktemp -d)
trap 'rm -rf "$side"' EXIT
if [ -n "${WARPSIM_BASE:-}" ]; then
    [ -x "$WARPSIM_BASE" ] || { echo "bench: WARPSIM_BASE=$WARPSIM_BASE is not an executable" >&2; exit 2; }
    # the old binary reads the configs of its own tree when it has one
    base_cfgs=$(cd "$(dirname "$WARPSIM_BASE")" && pwd)/configs
    [ -d "$base_cfgs" ] || base_cfgs=$top/configs
    how=alternating; [ "${BENCH_SIDE_BY_SIDE:-0}" != 1 ] || how="side by side"
    [ "${BENCH_SAME_CORE:-0}" != 1 ] || how="on one core, CPU s; ratio: median of rounds"
    printf '%-58s %10s %10s %9s\n' "new vs old (median of $runs, $how)" old_s new_s new/old
    geo=0; n=0
    if [ -n "${BENCH_LIST:-}" ]; then cp "$BENCH_LIST" "$side/list"; else cat > "$side/list" <<EOF0
workloads/sum/gpu3_grid_stride.sass -c gf100 -D n=4343534
workloads/sum/gpu4_local.sass -c gf100 -D n=4343534
workloads/histogram/v1_atomic_per_byte.sass -c gf100 -D n=4194304
workloads/histogram/v3_shared_bins.sass -c gf100 -D n=16777216
workloads/histogram/v45_contiguous.sass -c gf100 -D n=16777216
workloads/histogram/v3_shared_bins.sass -c gcn-tahiti -D n=4194304
workloads/histogram/v1_atomic_per_byte.sass -c gcn-tahiti -D n=4194304
EOF0
    fi
    while read -r file args; do
        [ -n "$file" ] || continue
        run_a() { WARPSIM_CONFIGS=$base_cfgs "$WARPSIM_BASE" run --stats=json --threads 1 "$@"; }
        run_b() { "$bin" run --stats=json --threads 1 "$@"; }
        # shellcheck disable=SC2086
        alternate $args "$top/$file"
        o=$ma; nw=$mb
        r=$(awk -v a="$nw" -v b="$o" 'BEGIN { print a / b }')
        [ -z "$mr" ] || r=$mr
        geo=$(awk -v g="$geo" -v r="$r" 'BEGIN { print g + log(r) }'); n=$((n + 1))
        printf '%-58s %10.3f %10.3f %9.3f\n' "$(basename "$file") $args" "$o" "$nw" "$r"
    done < "$side/list"
    printf '%-58s %10s %10s %9.3f\n' "geometric mean" "" "" "$(awk -v g="$geo" -v n="$n" 'BEGIN { print exp(g / n) }')"
    exit 0
fi
# Issue 33's figures (BENCH_SECTION=windows runs only these): one-thread
# speed in CPU seconds, --threads 2 against 1 in wall seconds on the full
# size H100 sum, and the parallel efficiency the windows allow (from the
# one-thread run's host object: see docs/speed.md). Printed as a Markdown
# table for docs/speed.md.
windows_section() {
    BENCH_SIDE_BY_SIDE=0   # its pairs compare thread counts: never at the same time
    cpu() { sed 's/.*"cpu_seconds":\([0-9.e+-]*\).*/\1/'; }
    printf '| figure | value |\n|---|---|\n'
    for cfg in gf100 h100; do
        c=""; insns=0
        for _ in $(seq "$runs"); do
            json=$("$bin" run --stats=json --threads 1 -c $cfg -D n=4343534 "$top/workloads/sum/gpu3_grid_stride.sass")
            c="$c $(printf '%s' "$json" | cpu)"; insns=$(printf '%s' "$json" | field warp_instructions)
        done
        printf '| %s gpu3 n = 4.3 M, one thread: warp-instr/s (CPU, median of %s) | %.0f K |\n' "$cfg" "$runs" \
            "$(awk -v i="$insns" -v t="$(median $c)" 'BEGIN { print i / t / 1e3 }')"
    done
    full="-c h100 -D n=43435342 -D groups=1024 $top/workloads/sum/gpu3_grid_stride.sass"
    # the full-size targets in CPU seconds, one thread (gpu2 takes minutes:
    # at most 3 runs)
    big=$runs; [ "$big" -le 3 ] || big=3
    for w in "gpu3_grid_stride.sass -D groups=1024" gpu2_chunked.sass; do
        c=""
        for _ in $(seq "$big"); do
            # shellcheck disable=SC2086
            json=$("$bin" run --stats=json --threads 1 --no-checks -c h100 -D n=43435342 $top/workloads/sum/$w)
            c="$c $(printf '%s' "$json" | cpu)"
        done
        printf '| h100 %s n = 43.4 M, one thread: CPU s (median of %s) | %.2f |\n' "$w" "$big" "$(median $c)"
    done
    # what the windows allow gpu2 (its memory side runs as spans: decisions.md)
    printf '| h100 gpu2 n = 43.4 M, one thread: span_share, sm_share, slice_share, speedup_2 | %.3f, %.3f, %.3f, %.2f |\n' \
        "$(printf '%s' "$json" | field span_share)" "$(printf '%s' "$json" | field sm_share)" \
        "$(printf '%s' "$json" | field slice_share)" "$(printf '%s' "$json" | field speedup_2)"
    run_a() { "$bin" run --stats=json --threads 1 "$@"; }
    run_b() { "$bin" run --stats=json --threads 1 --threads 2 "$@"; }
    # shellcheck disable=SC2086
    alternate $full
    printf '| h100 gpu3 n = 43.4 M, 1,024 blocks: wall s, 1 and 2 threads (median of %s, alternating) | %.2f, %.2f: %.2fx (median of the rounds: %.2fx) |\n' \
        "$runs" "$ma" "$mb" "$(awk -v a="$ma" -v b="$mb" 'BEGIN { print a / b }')" "$(awk -v r="$mo" 'BEGIN { print 1 / r }')"
    # the same with every core held by a spinning process: --threads 2 must
    # not be much slower than one thread on a busy machine
    spin=""
    for _ in $(seq "$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)"); do
        sh -c 'while :; do :; done' & spin="$spin $!"
    done
    # shellcheck disable=SC2086
    alternate $full
    # shellcheck disable=SC2086
    kill $spin; spin=""
    printf '| the same with every core busy (a spinning process each): wall s, 1 and 2 threads | %.2f, %.2f: 2 threads take %.2fx (median of the rounds: %.2fx) |\n' \
        "$ma" "$mb" "$(awk -v a="$ma" -v b="$mb" 'BEGIN { print b / a }')" "$mo"
    # a small GPU's short windows (gf100: 10 cycles, about 20 us of work):
    # the gauge keeps the team off the steps it would slow (sim.team_gauge)
    small="-c gf100 -D n=16777216 $top/workloads/histogram/v3_shared_bins.sass"
    # shellcheck disable=SC2086
    alternate $small
    printf '| gf100 histogram v3 16 MB: wall s, 1 and 2 threads (median of %s, alternating) | %.2f, %.2f: %.2fx (median of the rounds: %.2fx) |\n' \
        "$runs" "$ma" "$mb" "$(awk -v a="$ma" -v b="$mb" 'BEGIN { print a / b }')" "$(awk -v r="$mo" 'BEGIN { print 1 / r }')"
    # shellcheck disable=SC2086
    json=$("$bin" run --stats=json --threads 1 $full)
    for k in windows syncs_per_cycle span_share sm_share slice_share imbalance_2 imbalance_8 imbalance_16 imbalance_64 speedup_2 speedup_8 speedup_16 speedup_64; do
        printf '| h100 full size, one thread: %s | %.3f |\n' "$k" "$(printf '%s' "$json" | field $k)"
    done
}
# Real kernels: the CUDA suite's workloads (the SASS nvcc made for
# workloads/cuda/src) on h100, one thread, at the middle of the sizes
# measured on the H100 (validation/cuda-h100/measured.csv): CPU seconds
# (median of RUNS) and simulated warp instructions per CPU second. Printed
# as a Markdown table for docs/speed.md (BENCH_SECTION=cuda runs only this).
cuda_section() {
    printf '| h100, one thread (median of %s) | warp instr | cycles | CPU s | warp-instr/s |\n|---|---|---|---|---|\n' "$runs"
    while read -r w defs; do
        [ -n "$w" ] || continue
        c=""
        for _ in $(seq "$runs"); do
            # shellcheck disable=SC2086
            json=$("$bin" run --stats=json --threads 1 --no-checks -c h100 $defs "$top/workloads/cuda/$w.sass")
            c="$c $(printf '%s' "$json" | field cpu_seconds)"
        done
        printf '%s\n' "$json" | awk -v w="$w" -v d="$defs" -v t="$(median $c)" -v i="$(printf '%s' "$json" | field warp_instructions)" \
            -v y="$(printf '%s' "$json" | field cycles)" 'BEGIN { gsub(/-D /, "", d); printf "| %s %s | %d | %d | %.2f | %.0f K |\n", w, d, i, y, t, i / t / 1e3 }'
    done <<EOF4
saxpy -D n=1048576
reduce_shared -D n=1048576
reduce_shuffle -D n=1048576
transpose_naive -D rows=1024 -D cols=1024
transpose_tiled -D rows=1024 -D cols=1024
sgemm_tiled -D m=256 -D n=256 -D k=256
stencil2d -D w=1024 -D h=1024
histogram_shared -D n=4194304
scan_block -D n=1048576
spmv_csr -D rows=262144 -D deg=8
bfs_step -D n=262144 -D deg=8
black_scholes -D n=262144
nbody -D n=4224 -D bs=32
softmax -D rows=1024 -D cols=1024
async_copy -D ntiles=8192 -D blocks=528
EOF4
    # trace-driven against execution-driven on a large GPU, where every
    # block of these is resident at once (docs/trace.md): the trace that
    # the run emitted, replayed from its binary cache, and each one's peak
    # memory
    printf '\n| h100, one thread (median of %s) | exec CPU s | trace CPU s | trace / exec | exec MB | trace MB |\n|---|---|---|---|---|---|\n' "$runs"
    while read -r w defs; do
        [ -n "$w" ] || continue
        rm -rf "$tmp/ct"
        # shellcheck disable=SC2086
        "$bin" run --threads 1 --no-checks -c h100 $defs --emit-trace "$tmp/ct" "$top/workloads/cuda/$w.sass" > /dev/null
        touch -d '1 minute ago' "$tmp"/ct/kernel-*.traceg
        "$bin" trace --threads 1 -c h100 "$tmp/ct/kernelslist.g" > /dev/null
        e=""; t=""
        for _ in $(seq "$runs"); do
            # shellcheck disable=SC2086
            json=$("$bin" run --stats=json --threads 1 --no-checks -c h100 $defs "$top/workloads/cuda/$w.sass")
            e="$e $(printf '%s' "$json" | field cpu_seconds)"; em=$(printf '%s' "$json" | field peak_rss_kib)
            json=$("$bin" trace --stats=json --threads 1 -c h100 "$tmp/ct/kernelslist.g")
            t="$t $(printf '%s' "$json" | field cpu_seconds)"; tm=$(printf '%s' "$json" | field peak_rss_kib)
        done
        awk -v w="$w" -v d="$defs" -v e="$(median $e)" -v t="$(median $t)" -v em="$em" -v tm="$tm" \
            'BEGIN { gsub(/-D /, "", d); printf "| %s %s | %.2f | %.2f | %.2f | %.0f | %.0f |\n", w, d, e, t, t / e, em / 1024, tm / 1024 }'
    done <<EOF5
sgemm_tiled -D m=256 -D n=256 -D k=256
spmv_csr -D rows=262144 -D deg=8
stencil2d -D w=1024 -D h=1024
EOF5
    rm -rf "$tmp/ct"
    # a manifest of five launches with every one timed, and with one picked
    # (--kernel-name, --launch-count: the others run functionally)
    sb="--stats=json --threads 1 --no-checks -c h100 -D n=1048576 $top/workloads/cuda/scan_block.sass"
    a=""; b=""
    for _ in $(seq "$runs"); do
        # shellcheck disable=SC2086
        a="$a $("$bin" run $sb | field cpu_seconds)"
        # shellcheck disable=SC2086
        b="$b $("$bin" run -k add_block --launch-count 1 $sb | field cpu_seconds)"
    done
    printf '\n| scan_block n=1048576, 5 launches (median of %s) | CPU s |\n|---|---|\n| every launch timed | %.2f |\n' "$runs" "$(median $a)"
    printf '| one timed (-k add_block --launch-count 1) | %.2f |\n' "$(median $b)"
}
# The fixed set: each workload on each config, execution-driven and replayed
# from the trace that run emitted (identical statistics), against the
# functional run of the same workload: simulated warp instructions and
# cycles per second, timing speed as a share of functional speed, and the
# peak resident memory of the process.
tmp=$(mktemp -d)
spin=""
# shellcheck disable=SC2086
trap 'rm -rf "$tmp" "$side"; [ -z "$spin" ] || kill $spin 2>/dev/null' EXIT
# Sampled simulation (--sample, docs/sampling.md) beside the full run: the
# program's cycles both ways, the error, whether the 95% interval holds the
# full value, and each run's CPU seconds, median of RUNS alternating runs
# (BENCH_SECTION=sampling runs only this)
sampling_section() {
    printf '%-44s %-6s %10s %10s %8s %5s %8s %8s %7s\n' "sampled vs full (one thread, CPU s)" config full sampled error holds full_s sampled_s ratio
    while read -r cfg file defs; do
        [ -n "$file" ] || continue
        run_a() { "$bin" run --stats=json --threads 1 -c "$cfg" "$@"; }
        run_b() { "$bin" run --stats=json --threads 1 -c "$cfg" --sample "$@"; }
        # shellcheck disable=SC2086
        full=$(run_a $defs "$top/$file"); smp=$(run_b $defs "$top/$file")
        fc=$(printf '%s' "$full" | field cycles); sc=$(printf '%s' "$smp" | field cycles)
        lo=$(printf '%s' "$smp" | grep -o '"sample":{"cycles":[0-9]*,"cycles_low":[0-9]*' | sed 's/.*://')
        hi=$(printf '%s' "$smp" | grep -o '"sample":{"cycles":[0-9]*,"cycles_low":[0-9]*,"cycles_high":[0-9]*' | sed 's/.*://')
        ta=""; tb=""
        for _ in $(seq "$runs"); do
            # shellcheck disable=SC2086
            ta="$ta $(run_a $defs "$top/$file" | cpu_seconds)"; tb="$tb $(run_b $defs "$top/$file" | cpu_seconds)"
        done
        ma=$(median $ta); mb=$(median $tb)
        printf '%-44s %-6s %10s %10s %s\n' "$(basename "$file" .sass) $defs" "$cfg" "$fc" "$sc" \
            "$(awk -v f="$fc" -v s="$sc" -v l="${lo:-$sc}" -v h="${hi:-$sc}" -v a="$ma" -v b="$mb" 'BEGIN {
                printf "%+7.2f%% %5s %8.2f %8.2f %6.1fx", 100 * (s - f) / f, (l <= f && f <= h) ? "yes" : "no", a, b, a / b }')"
    done <<EOF4
h100 workloads/sum/gpu3_grid_stride.sass -D n=4343534
gf100 workloads/sum/gpu3_grid_stride.sass -D n=4343534
h100 workloads/cuda/scan_block.sass
EOF4
    printf '%s\n' "The full-size comparison (every shipped workload, >= 10 s in full): make sampling."
}
field() { sed "s/.*\"host\":{.*\"$1\":\([0-9.e+-]*\).*/\1/"; }
if [ "${BENCH_SECTION:-}" = windows ]; then windows_section; exit 0; fi
if [ "${BENCH_SECTION:-}" = sampling ]; then sampling_section; exit 0; fi
if [ "${BENCH_SECTION:-}" = cuda ]; then cuda_section; exit 0; fi
printf '%-34s %-10s %11s %11s %8s %8s %8s %8s %7s %7s %7s\n' workload config warp_insns cycles \
    Minsn/s trace text Mcyc/s %func MB MB_trace
worst=""
while read -r file defs; do
    [ -n "$file" ] || continue
    ftimes=""
    for _ in $(seq "$runs"); do
        # shellcheck disable=SC2086
        ftimes="$ftimes $("$bin" run --stats=json --threads 1 --functional $defs "$top/$file" | host_seconds)"
    done
    ft=$(median $ftimes)
    for cfg in gf100 gk110 gcn-tahiti; do
        rm -rf "$tmp/t"
        # traces hold 32-lane masks: no trace for GCN's wave64
        emit=""; [ $cfg = gcn-tahiti ] || emit="--emit-trace $tmp/t"
        # shellcheck disable=SC2086
        json=$("$bin" run --stats=json --threads 1 $emit -c $cfg $defs "$top/$file")
        insns=$(printf '%s' "$json" | field warp_instructions)
        cycles=$(printf '%s' "$json" | field cycles)
        # the trace's binary cache (docs/trace.md) is written by an untimed run and read by
        # the timed ones; a text is cached once it is 2 s old, so the emitted one is aged
        if [ -n "$emit" ]; then
            touch -d '1 minute ago' "$tmp"/t/kernel-*.traceg
            "$bin" trace -c $cfg "$tmp/t/kernelslist.g" > /dev/null
        fi
        run_t=""; trace_t=""; text_t=""; mem=0; tmem=0
        for _ in $(seq "$runs"); do
            # shellcheck disable=SC2086
            json=$("$bin" run --stats=json --threads 1 -c $cfg $defs "$top/$file")
            run_t="$run_t $(printf '%s' "$json" | host_seconds)"; mem=$(printf '%s' "$json" | field peak_rss_kib)
            [ -n "$emit" ] || continue
            json=$("$bin" trace --stats=json -c $cfg "$tmp/t/kernelslist.g")
            trace_t="$trace_t $(printf '%s' "$json" | host_seconds)"; tmem=$(printf '%s' "$json" | field peak_rss_kib)
            json=$("$bin" trace --stats=json --trace-cache=off -c $cfg "$tmp/t/kernelslist.g")
            text_t="$text_t $(printf '%s' "$json" | host_seconds)"
        done
        rt=$(median $run_t); tt=$rt; xt=$rt
        [ -z "$emit" ] || { tt=$(median $trace_t); xt=$(median $text_t); }
        line=$(awk -v i="$insns" -v c="$cycles" -v r="$rt" -v t="$tt" -v x="$xt" -v f="$ft" -v m="$mem" -v tm="$tmem" 'BEGIN {
            printf "%11d %11d %8.2f ", i, c, i / r / 1e6
            if (tm > 0) printf "%8.2f %8.2f ", i / t / 1e6, i / x / 1e6; else printf "%8s %8s ", "-", "-"
            printf "%8.2f %6.0f%% %7.1f ", c / r / 1e6, 100 * f / r, m / 1024
            if (tm > 0) printf "%7.1f", tm / 1024; else printf "%7s", "-" }')
        printf '%-34s %-10s %s\n' "$(basename "$file" .sass) $defs" "$cfg" "$line"
        worst="$worst $(awk -v i="$insns" -v r="$rt" -v t="$tt" 'BEGIN { a = i / r / 1e6; b = i / t / 1e6; print a < b ? a : b }')"
    done
done <<EOF2
workloads/sum/gpu3_grid_stride.sass -D n=4343534
workloads/sum/gpu4_local.sass -D n=4343534
workloads/histogram/v1_atomic_per_byte.sass -D n=4194304
workloads/histogram/v3_shared_bins.sass -D n=16777216
workloads/sort/bitonic_sort.sass
workloads/scan/block_scan.sass -D n=65536
EOF2
printf '%-45s %8.2f\n' "slowest pair (M warp instructions/s)" "$(printf '%s\n' $worst | sort -g | head -1)"
printf '%s\n' "Minsn/s, trace, text: execution-driven, trace-driven from the binary cache and from the text (--trace-cache=off); %func: timing speed over functional speed (whole runs);" \
    "MB: peak resident memory."

# Parallel SMs: --threads 2 against 1 on a 16-SM gf100, alternating in this
# run (the statistics are identical: tests/threads.sh)
printf '\n%-58s %8s %8s %8s\n' "--threads (gf100, sm.count = 16, median of $runs)" 1_s 2_s speedup
while read -r file defs; do
    [ -n "$file" ] || continue
    run_a() { "$bin" run --stats=json --threads 1 -c gf100 --set sm.count=16 "$@"; }
    run_b() { "$bin" run --stats=json --threads 1 -c gf100 --set sm.count=16 --threads 2 "$@"; }
    # shellcheck disable=SC2086
    alternate $defs "$top/$file"
    o=$ma; t=$mb
    printf '%-58s %8.3f %8.3f %8.2f\n' "$(basename "$file" .sass) $defs" "$o" "$t" "$(awk -v a="$o" -v b="$t" 'BEGIN { print a / b }')"
done <<EOF3
workloads/sum/gpu3_grid_stride.sass -D n=4343534
workloads/histogram/v3_shared_bins.sass -D n=16777216
EOF3

# The shipped A100 vectorAdd trace (xz-compressed)
# (a copy, aged, its cache written by an untimed run: not beside the shipped file)
mkdir "$tmp/va"; cp "$top"/tests/traces/vectoradd-sm80/kernelslist.g "$top"/tests/traces/vectoradd-sm80/kernel-1.traceg.xz "$tmp/va/"
touch -d '1 minute ago' "$tmp/va/kernel-1.traceg.xz"
va=$tmp/va/kernelslist.g
"$bin" trace -c gf100 "$va" > /dev/null
trace_t=""
for _ in $(seq "$runs"); do trace_t="$trace_t $("$bin" trace --stats=json -c gf100 "$va" | host_seconds)"; done
printf '\n%-58s %12s %12.2f\n' "vectoradd-sm80 (A100 trace, xz) -c gf100: Minsn/s" 26601 \
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

printf '\nReal kernels: the CUDA suite (docs/speed.md)\n'
cuda_section

printf '\nIssue 33 (docs/speed.md)\n'
windows_section

printf '\nSampled simulation (docs/sampling.md)\n'
sampling_section
