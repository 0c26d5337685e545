#!/bin/sh
# Parallel SMs (sim.threads, --threads: SMs in windows of cycles on
# threads, then the L2 slices with their DRAM channels) must give the
# statistics of one thread, the slices run apart (sim.spans) those of
# the memory side cycle by cycle, and loads applied at an SM's own window's
# end (sim.early_loads) those applied at the window's end: every shipped workload
# with 1, 2 and 3 threads and with sim.spans=0 on gf100 (15 SMs, global atomics, spin locks and
# deadlocks among the workloads), GCN (compute units taking turns) and the
# H100 (132 SMs, independent thread scheduling); a trace replay too. The quick pass (without
# WARPSIM_LONG=1): workload i on one of the three (i mod 3), with its counts.
. "${top_srcdir:-.}/tests/lib.sh"
# every step of the windows by the thread team (sim.team_gauge=0), so that
# the team's split is what is compared; the gauge's mix of steps alone and
# the team's is compared on its own below
strip() { sed 's/,"host":{[^}]*}//; s/"sets":\[[^]]*\]//'; }
stats() { c=$1; shift; "$bin" "$c" --set sim.team_gauge=0 "$@" 2>&1 | strip; }
gauged() { "$bin" "$@" 2>&1 | strip; }
n=0
same() {   # what, then the runs' outputs
    what=$1; a=$2; shift 2
    for b in "$@"; do
        n=$((n + 1))
        [ "$a" = "$b" ] && continue
        echo "FAIL: $what: the statistics depend on the thread count (or sim.spans, sim.early_loads)"
        printf '%s\n' "$a" | tr ',' '\n' > "$tmp/a"; printf '%s\n' "$b" | tr ',' '\n' > "$tmp/b"
        diff "$tmp/a" "$tmp/b" | head -10
        fail=1
    done
}
i=0
for f in $(ls "$top"/workloads/*/*.sass | grep -v /workloads/cuda/); do
    k=$((i % 3)); i=$((i + 1))
    [ -n "$long" ] || [ $k -eq 0 ] && same "$f gf100" "$(stats run --stats=json -c gf100 --threads 1 "$f")" \
        "$(stats run --stats=json -c gf100 --threads 2 "$f")" "$(stats run --stats=json -c gf100 --threads=3 "$f")" \
        "$(stats run --stats=json -c gf100 --set sim.spans=0 "$f")" "$(stats run --stats=json -c gf100 --set sim.early_loads=0 "$f")"
    for cfg in gcn-tahiti h100; do
        k=$((k - 1))
        [ -n "$long" ] || [ $k -eq 0 ] || continue
        same "$f $cfg" "$(stats run --stats=json -c $cfg --threads 1 "$f")" "$(stats run --stats=json -c $cfg "$f")" \
            "$(stats run --stats=json -c $cfg --set sim.threads=3 "$f")" "$(stats run --stats=json -c $cfg --set sim.spans=0 "$f")" \
            "$(stats run --stats=json -c $cfg --set sim.threads=2 --set sim.early_loads=0 "$f")"
    done
done
# the windows are on by default (sim.window = 0, auto); sim.window = 1 is
# the one-cycle loop, on one thread whatever --threads says
w=$("$bin" config show -c h100 2>&1 | grep '^sim.window')
case $w in "sim.window = 0 "*) ;; *) echo "FAIL: sim.window is not 0 (auto) by default: $w"; fail=1 ;; esac
f=$top/workloads/sum/gpu3_grid_stride.sass
same "$f h100 sim.window=1" "$(stats run --stats=json -c h100 --set sim.window=1 "$f")" \
    "$(stats run --stats=json -c h100 --set sim.window=1 --threads 3 "$f")"
same "$f h100 --threads auto" "$(stats run --stats=json -c h100 "$f")" "$(stats run --stats=json -c h100 --threads auto "$f")"
# the gauge (sim.team_gauge=1, the default) gives some steps to the team
# and runs others alone, as the host's times say: the same statistics
for f in histogram/v3_shared_bins sum/gpu3_grid_stride divergence/spinlock_fixed; do
    for cfg in gf100 h100; do
        same "$f $cfg, gauged" "$(stats run --stats=json -c $cfg --threads 1 "$top/workloads/$f.sass")" \
            "$(gauged run --stats=json -c $cfg --threads 2 "$top/workloads/$f.sass")" \
            "$(gauged run --stats=json -c $cfg --threads 3 "$top/workloads/$f.sass")"
    done
done
same "gpu2 h100, gauged" "$(stats run --stats=json -c h100 --threads 1 -D n=300000 "$top/workloads/sum/gpu2_chunked.sass")" \
    "$(gauged run --stats=json -c h100 --threads 2 -D n=300000 "$top/workloads/sum/gpu2_chunked.sass")"
# (a run windows change: gpu3's statistics are the same either way)
f=$top/workloads/compaction/warp_ballot.sass
a=$(stats run --stats=json -c h100 --set sim.window=1 "$f")
b=$(stats run --stats=json -c h100 "$f")
[ "$a" != "$b" ] || { echo "FAIL: the default gave the statistics of one-cycle steps on h100 (are windows on?)"; fail=1; }
# an SM the window loop does not look at (it has no warps, or its last
# warp has just finished) charges its slots to no_warp, as the one-cycle
# loop's looks do (not to the reason its schedulers start with or the last
# EXIT's issue): one block on gf104, a kernel as long either way
f=$top/workloads/microbench/throughput.sass
per_sm() { "$bin" run --stats=json -c gf104 "$@" "$f" 2>&1 | sed 's/"per_pc".*//; s/.*"per_sm"://'; }
a=$(per_sm --set sim.window=1); b=$(per_sm --set sim.window=0)
n=$((n + 1))
[ "$a" = "$b" ] || { echo "FAIL: $f gf104: the first kernel's per-SM stalls differ with windows: $a / $b"; fail=1; }
# loads an SM applied at its own window's end are applied again where a
# lower SM stored in the window (sim.early_loads): block 1 spins on the flag
# block 0 stores, on two SMs (without the second application, h100's run
# takes 6510 cycles instead of 6453)
f=$top/tests/windows/flag_handoff.sass
for cfg in h100 gf100; do
    same "$f $cfg" "$(stats run --stats=json -c $cfg --set sim.early_loads=0 "$f")" "$(stats run --stats=json -c $cfg --threads 1 "$f")" \
        "$(stats run --stats=json -c $cfg --threads 2 "$f")"
done
trace=$top/tests/traces/vectoradd-sm80/kernelslist.g
same "$trace" "$(stats trace --stats=json -c gf100 --threads 1 "$trace")" "$(stats trace --stats=json -c gf100 --threads 2 "$trace")" \
    "$(stats trace --stats=json -c gf100 --threads 3 "$trace")"
# a fault stops the run with the first SM's report, whichever thread ran
# that SM: every block but the first reads past the buffer, in one cycle
cat > "$tmp/fault.sass" <<'EOT'
.kernel past
.param a u64
        S2R   R0, SR_TID.X
        S2R   R1, SR_CTAID.X
        S2R   R2, SR_NTID.X
        IMAD  R0, R1, R2, R0
        IMAD.WIDE.U32 R4, R0, 8, c[a]
        LDG.E.64 R8, [R4]
        EXIT
.end
.workload past
  buffer a f64[256] = 1
  launch past grid=30 block=256 (a)
.end
EOT
one=$("$bin" run -c gf100 "$tmp/fault.sass" 2>&1); rc=$?
[ $rc -eq 3 ] && printf '%s' "$one" | grep -q "access outside every buffer" || { echo "FAIL: the faulting workload: exit $rc: $one"; fail=1; }
for th in 2 3; do
    same "fault, $th threads" "$one" "$("$bin" run -c gf100 --threads $th "$tmp/fault.sass" 2>&1)"
done
# a congested interconnect (slice inputs of four requests, an unbuffered
# wire): the slices' inputs fill within every window, and a span replays
# the window's injection after its slices ran, with the room each slice
# held at each tick (icnt_later); most windows still run as spans, with
# the statistics of the memory side cycle by cycle
f=$top/workloads/sum/gpu2_chunked.sass
tight="-c h100 -D n=200000 --set l2.queue=4 --set icnt.wire_room=0"
# shellcheck disable=SC2086
spans=$("$bin" run --stats=json --threads 2 $tight "$f" 2>&1)
# shellcheck disable=SC2086
same "$f h100, congested: spans" "$(printf '%s' "$spans" | sed 's/,"host":{[^}]*}//; s/"sets":\[[^]]*\]//')" \
    "$(stats run --stats=json --threads 1 --set sim.spans=0 $tight "$f")"
share=$(printf '%s' "$spans" | sed -n 's/.*"span_share":\([0-9.e+-]*\).*/\1/p')
awk -v s="$share" 'BEGIN { exit !(s > 0.5) }' || { echo "FAIL: $f h100, congested: only '$share' of the windows ran as spans"; fail=1; }
# the windows' predicted imbalance per thread count: at least an even
# share (1) and at most all the work on one thread (n)
host=$("$bin" run --stats=json --threads 1 -c h100 -D n=100000 "$top/workloads/sum/gpu3_grid_stride.sass" 2>&1)
for n in 2 8 16 64; do
    v=$(printf '%s' "$host" | sed -n "s/.*\"imbalance_$n\":\([0-9.e+-]*\).*/\1/p")
    awk -v v="$v" -v n=$n 'BEGIN { exit !(v >= 1 && v <= n) }' || { echo "FAIL: imbalance_$n is '$v' (1 to $n)"; fail=1; }
done
# the comparison can fail: the output of a changed run differs
a=$(stats run --stats=json -c gf100 --threads 2 "$top/workloads/histogram/v1_atomic_per_byte.sass")
b=$(stats run --stats=json -c gf100 --threads 2 --set sched.warp_issue_interval=7 "$top/workloads/histogram/v1_atomic_per_byte.sass")
[ "$a" != "$b" ] || { echo "FAIL: a changed config gave the same statistics (the comparison cannot fail)"; fail=1; }
# bad counts are refused with the range, said of the option (and of the key for --set)
for bad in 0 257 x; do
    out=$("$bin" run -c gf100 --threads "$bad" "$top/workloads/basics/empty.sass" 2>&1); rc=$?
    [ $rc -eq 2 ] && printf '%s' "$out" | grep -q -- "--threads takes a whole number from 1 to 256" \
        || { echo "FAIL: --threads $bad: exit $rc: $out"; fail=1; }
done
out=$("$bin" run -c gf100 --set sim.threads=257 "$top/workloads/basics/empty.sass" 2>&1); rc=$?
[ $rc -eq 2 ] && printf '%s' "$out" | grep -q "sim.threads" || { echo "FAIL: --set sim.threads=257: exit $rc: $out"; fail=1; }
# the default (sim.threads = 0, auto): one thread per core online, as the
# host object says; --threads and --set give their count (crews beyond the
# cores online share their threads)
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
upto() { [ "$1" -lt "$cores" ] && echo "$1" || echo "$cores"; }
sum=$top/workloads/sum/gpu3_grid_stride.sass
for args in ":$cores" "--threads 1:1" "--threads 3:$(upto 3)" "--set sim.threads=2:$(upto 2)" "--threads auto:$cores"; do
    # shellcheck disable=SC2086
    got=$("$bin" run --stats=json -c gf100 ${args%:*} "$sum" | sed -n 's/.*"host":{[^}]*"threads":\([0-9]*\).*/\1/p')
    [ "$got" = "${args##*:}" ] || { echo "FAIL: run ${args%:*}: the SMs ran on '$got' threads, not ${args##*:}"; fail=1; }
done
echo "threads: $n comparisons"
exit $fail
