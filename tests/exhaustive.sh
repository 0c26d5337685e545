#!/bin/sh
# The event-driven simulation (parked warps, sleeping schedulers and SMs,
# skipped cycles) must give the statistics of the exhaustive one, which ticks
# every block and examines every scheduler in every cycle (sim.exhaustive=1):
# every shipped workload on configs with two schedulers issuing every second
# cycle (gf100), four dual-issuing ones (gk110), GCN's turn-taking SIMDs and
# four sub-partitions with independent thread scheduling (h100), under three
# scheduling policies. WARPSIM_LONG=1 (make check-long): each workload in all
# four; the quick pass: workload i in mode i mod 4 (each mode on a quarter).
. "${top_srcdir:-.}/tests/lib.sh"
stats() { "$bin" run --stats=json "$@" 2>&1 | sed 's/,"host":{[^}]*}//; s/"sets":\[[^]]*\]//'; }
n=0
i=0
for f in $(ls "$top"/workloads/*/*.sass | grep -v /workloads/cuda/); do
    set -- "-c gf100" "-c gk110 --set sched.policy=gto" "-c gcn-tahiti" "-c h100 --set sched.policy=two_level"
    [ -n "$long" ] || { shift $((i % 4)); set -- "$1"; }
    i=$((i + 1))
    for mode in "$@"; do
        # shellcheck disable=SC2086
        a=$(stats $mode "$f"); b=$(stats $mode --set sim.exhaustive=1 "$f")
        n=$((n + 1))
        # no SM charges more slots to issuing than it issued instructions
        over=$(printf '%s' "$a" | grep -o '"warp_instructions":[0-9]*,"stalls":{"issued":[0-9]*' \
            | awk -F'[:,]' '$5 > $2 { n++ } END { print n + 0 }')
        [ "$over" -eq 0 ] || { echo "FAIL: $f $mode: $over SMs charge more issue slots than they issued"; fail=1; }
        if [ "$a" != "$b" ]; then
            echo "FAIL: $f $mode: event-driven and exhaustive statistics differ"
            printf '%s\n' "$a" | tr ',' '\n' > "$tmp/a"; printf '%s\n' "$b" | tr ',' '\n' > "$tmp/b"
            diff "$tmp/a" "$tmp/b" | head -10
            fail=1
        fi
    done
done
# windows (sim.window=0): a block dispatched at a window's end changes what
# the SM's sleeping schedulers would find (two_level's active set: 2 cycles
# of scoreboard stalls were charged to another PC), and a new warp's first
# wait counts from the window's end (--warp's "waited") in both runs
f=$top/workloads/divergence/branch_probability.sass
for v in "" "--warp 3000:1"; do
    # shellcheck disable=SC2086
    a=$(stats -c h100 --set sched.policy=two_level --set sim.window=0 $v "$f")
    # shellcheck disable=SC2086
    b=$(stats -c h100 --set sched.policy=two_level --set sim.window=0 --set sim.exhaustive=1 $v "$f")
    n=$((n + 1))
    [ "$a" = "$b" ] || { echo "FAIL: $f h100 two_level windows${v:+ $v}: event-driven and exhaustive differ"; fail=1; }
done
# the comparison can fail: a model that skips a cycle it must not is caught
a=$(stats -c gf100 "$top/workloads/sum/gpu3_grid_stride.sass")
b=$(stats -c gf100 --set sched.warp_issue_interval=7 "$top/workloads/sum/gpu3_grid_stride.sass")
[ "$a" != "$b" ] || { echo "FAIL: a changed config gave the same statistics (the comparison cannot fail)"; fail=1; }
echo "exhaustive: $n runs compared${long:+ (every workload in every mode)}"
exit $fail
