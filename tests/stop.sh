#!/bin/sh
# Long runs: a kernel that never ends is stopped by SIGINT or SIGTERM with a
# report of where every resident warp is, the statistics so far marked
# partial and exit 128+signal; --max-cycles ends it with exit 3 and the same
# report; the progress line appears; a stopped or failed run leaves no
# trace directory or timeline behind.
. "${top_srcdir:-.}/tests/lib.sh"
cat > "$tmp/loop.sass" <<'SASS'
.kernel spin
.param out u64
  MOV R0, RZ
loop:
  IADD3 R0, R0, 1, RZ
  BRA loop
.end

.workload spin
  buffer out u32[32]
  launch spin grid=2 block=64 (out)
.end
SASS

# run "$@" in the background until its progress line shows (it is in the
# loop), then send signal $sig; the exit status in $got, outputs in $tmp
stop_with() {
    sig=$1; shift
    rm -f "$tmp/out" "$tmp/err"
    "$@" --progress > "$tmp/out" 2> "$tmp/err" &
    pid=$!
    n=0
    until grep -q "warp instructions, blocks" "$tmp/err" 2>/dev/null || [ $n -ge 300 ]; do sleep 0.1; n=$((n + 1)); done
    kill -"$sig" "$pid"
    wait "$pid"; got=$?
}
check_stop() {
    what=$1 want=$2 signame=$3
    [ "$got" -eq "$want" ] || { echo "FAIL: $what: exit $got, want $want"; fail=1; }
    grep -q "kernel 'spin' stopped by $signame at" "$tmp/err" \
        || { echo "FAIL: $what: no stop message:"; head -5 "$tmp/err"; fail=1; }
    grep -q "block (1,0,0), warp 1: .* at pc [12], line [56]: " "$tmp/err" \
        || { echo "FAIL: $what: the warps are not reported:"; head -12 "$tmp/err"; fail=1; }
}

stop_with INT "$bin" run -c gf100 "$tmp/loop.sass"
check_stop "timed, SIGINT" 130 SIGINT
grep -q "waits for .* (SM [01])" "$tmp/err" || { echo "FAIL: timed stop: no stall reason per warp"; fail=1; }
grep -q "^result: stopped by SIGINT (the statistics of the last launch are partial)" "$tmp/out" \
    || { echo "FAIL: timed stop: no partial statistics:"; cat "$tmp/out"; fail=1; }
grep -q "^  warp instructions  *[1-9]" "$tmp/out" || { echo "FAIL: timed stop: no counts"; fail=1; }

stop_with TERM "$bin" run -c gf100 --stats=json "$tmp/loop.sass"
check_stop "timed, SIGTERM" 143 SIGTERM
grep -q '"check":"stopped"' "$tmp/out" || { echo "FAIL: SIGTERM: the JSON does not say stopped"; fail=1; }

stop_with INT "$bin" run --functional "$tmp/loop.sass"
check_stop "functional, SIGINT" 130 SIGINT

# a stopped run writes no trace and no timeline
stop_with INT "$bin" run -c gf100 --emit-trace "$tmp/tr" --timeline "$tmp/tl.json" "$tmp/loop.sass"
[ "$got" -eq 130 ] || { echo "FAIL: stop with outputs: exit $got"; fail=1; }
[ ! -e "$tmp/tr" ] && [ ! -e "$tmp/tl.json" ] && [ ! -e "$tmp/tl.json.tmp" ] \
    || { echo "FAIL: a stopped run left files:"; ls -R "$tmp"; fail=1; }

# --max-cycles: a fault (3) with the same report, at that cycle
expect 3 "kernel 'spin' reached --max-cycles=5000" -- "$bin" run -c gf100 --max-cycles=5000 "$tmp/loop.sass"
expect 3 "block (0,0,0), warp 0: waits for" -- "$bin" run -c gf100 --max-cycles=5000 "$tmp/loop.sass"
expect 3 "cycles *5000 " -- "$bin" run -c gf100 --max-cycles=5000 "$tmp/loop.sass"
expect 2 "--max-cycles takes a whole number" -- "$bin" run --max-cycles=-3 "$tmp/loop.sass"
# a run that faults leaves no trace directory either
"$bin" run -c gf100 --max-cycles=3000 --emit-trace "$tmp/tr2" "$tmp/loop.sass" > /dev/null 2>&1
[ ! -e "$tmp/tr2" ] || { echo "FAIL: a faulted run left $tmp/tr2:"; ls "$tmp/tr2"; fail=1; }
# ... but a directory that was there stays, with nothing of this run in it
mkdir "$tmp/tr3"
"$bin" run -c gf100 --max-cycles=3000 --emit-trace "$tmp/tr3" "$tmp/loop.sass" > /dev/null 2>&1
[ -d "$tmp/tr3" ] && [ -z "$(ls "$tmp/tr3")" ] || { echo "FAIL: the existing trace directory changed"; fail=1; }
# a launch too large to end soon, and buffers beyond the machine's memory:
# warnings before the run, with the launch's file:line:col
cat > "$tmp/huge.sass" <<'SASS'
.kernel k
.param out u64
  EXIT
.end
.workload w
  buffer out u64[1000000000000]
  launch k grid=1000000000 block=1024 (out)
.end
SASS
expect 3 "huge.sass:7:10: warning: this launch has 1e+09 blocks of 1024 threads" -- "$bin" run -c gf100 --max-cycles=1000 "$tmp/huge.sass"
expect 3 "huge.sass: warning: the buffers hold 8000.0 GB, more than this machine's" -- "$bin" run -c gf100 --max-cycles=1000 "$tmp/huge.sass"
expect 3 "and [0-9]* more resident warps, not listed" -- "$bin" run -c gf100 --max-cycles=1000 "$tmp/huge.sass"

# ---- stop requests as supervisors send them ----
# Each leaves, with stdout and stderr redirected to files (stdout fully
# buffered), the statistics and the stop report, and exits 128 + signal.
stopped_whole() {  # what want signame
    what=$1 want=$2 signame=$3
    [ "$got" -eq "$want" ] || { echo "FAIL: $what: exit $got, want $want"; fail=1; }
    grep -q "^result: stopped by $signame (the statistics of the last launch are partial)" "$tmp/out" \
        && grep -q "^  warp instructions  *[1-9]" "$tmp/out" \
        || { echo "FAIL: $what: the statistics are lost ($(wc -c < "$tmp/out") bytes of stdout)"; fail=1; }
    grep -q "kernel 'spin' stopped by $signame at" "$tmp/err" && grep -q "block (1,0,0), warp 1: " "$tmp/err" \
        || { echo "FAIL: $what: the stop report is lost:"; head -5 "$tmp/err"; fail=1; }
}
# GNU timeout signals the child and then its own process group: two at once
rm -f "$tmp/out" "$tmp/err"
timeout --preserve-status -s INT 1 "$bin" run -c gf100 "$tmp/loop.sass" > "$tmp/out" 2> "$tmp/err"; got=$?
stopped_whole "timeout -s INT" 130 SIGINT
timeout --preserve-status 1 "$bin" run -c gf100 "$tmp/loop.sass" > "$tmp/out" 2> "$tmp/err"; got=$?
stopped_whole "timeout (SIGTERM)" 143 SIGTERM
# two signals from one program (perl-base, no modules), GAP seconds apart (a
# shell's two kills are too slow to land inside the run): warpsim runs in a
# process group of its own; TARGET 'group' sends the second to the group, as
# timeout does
pair() {  # GAP SIG1 SIG2 TARGET
    perl -e '
        my ($gap, $s1, $s2, $target, $out, $err, @cmd) = @ARGV;
        unlink($out, $err);   # not the progress line of the run before
        my $pid = fork() // die "fork: $!";
        if (!$pid) { setpgrp(0, 0); open(STDOUT, ">", $out); open(STDERR, ">", $err); exec(@cmd); exit 127 }
        for (1 .. 300) {
            my $shown = 0;
            if (open(my $f, "<", $err)) { $shown = grep { /warp instructions, blocks/ } <$f> }
            last if $shown;
            select(undef, undef, undef, 0.1);
        }
        kill $s1, $pid; select(undef, undef, undef, $gap) if $gap > 0; kill $s2, $target eq "group" ? -$pid : $pid;
        waitpid($pid, 0);
        exit($? & 127 ? 200 + ($? & 127) : $? >> 8);' \
        "$@" "$tmp/out" "$tmp/err" "$bin" run -c gf100 --progress "$tmp/loop.sass"
    got=$?
}
for gap in 0 0.0002 0.01 0.05; do
    pair $gap INT INT pid;    stopped_whole "two SIGINTs $gap s apart" 130 SIGINT
done
pair 0.0002 TERM TERM group;  stopped_whole "SIGTERM, then SIGTERM to the process group" 143 SIGTERM
pair 0 INT INT group;         stopped_whole "SIGINT to the process and its group at once" 130 SIGINT
# a separate request (another signal) before the loop looked: still the statistics
pair 0.0002 INT TERM pid;     stopped_whole "SIGINT, then SIGTERM" 130 SIGINT

# sweep and validate: finished points and rows whole, no .tmp file, a
# summary of what ran, exit 130
mkdir -p "$tmp/data/workloads"
ln -s "$(cd "$top" && pwd)/configs" "$tmp/data/configs"
cp "$tmp/loop.sass" "$tmp/data/workloads/spin.sass"
cp "$top/workloads/basics/vecadd.sass" "$tmp/data/workloads/vecadd.sass"
WARPSIM_DATA=$tmp/data "$bin" sweep -j 2 -c gf100 -o "$tmp/sw" "$tmp/data/workloads/vecadd.sass" "$tmp/loop.sass" \
    > "$tmp/out" 2> "$tmp/err" &
pid=$!
n=0
until [ "$(ls "$tmp/sw/points/"*.csv 2>/dev/null | wc -l)" -ge 1 ] || [ $n -ge 300 ]; do sleep 0.1; n=$((n + 1)); done
sleep 0.2
kill -INT "$pid"; wait "$pid"; got=$?
[ "$got" -eq 130 ] || { echo "FAIL: sweep stopped by SIGINT: exit $got"; fail=1; }
grep -q "warpsim sweep: stopped by SIGINT: 1 of the 2 points to run finished .*1 stopped part way and 0 never started" "$tmp/err" \
    || { echo "FAIL: sweep: no summary of what ran:"; cat "$tmp/err"; fail=1; }
[ "$(ls "$tmp/sw/points" | grep -c '\.csv$')" = 1 ] && [ "$(ls "$tmp/sw/points" | grep -c '\.json$')" = 1 ] \
    && [ -z "$(find "$tmp/sw" -name '*.tmp')" ] && [ ! -e "$tmp/sw/results.csv" ] \
    || { echo "FAIL: sweep: the points left are not the finished one, whole:"; ls -R "$tmp/sw"; fail=1; }
grep -q ',pass,0,' "$tmp/sw/points/"*.csv || { echo "FAIL: sweep: the finished point's row is not whole"; fail=1; }
# a sweep whose points are all done, stopped while it writes the results:
# exit 130 as well, no results.csv, nothing half written. One point's JSON
# is a FIFO, so that the collection waits on it until the signal came.
"$bin" sweep --functional -j 1 -c gf100 -o "$tmp/sc" -D n=100,200 "$tmp/data/workloads/vecadd.sass" > /dev/null 2>&1 \
    || { echo "FAIL: sweep of two points"; fail=1; }
j=$(ls "$tmp/sc/points/"*.json | head -1)
cp "$j" "$tmp/point.json" && rm -f "$j" "$tmp/sc/results.csv" "$tmp/sc/results.json" && mkfifo "$j"
"$bin" sweep --functional -j 1 -c gf100 -o "$tmp/sc" -D n=100,200 "$tmp/data/workloads/vecadd.sass" > "$tmp/out" 2> "$tmp/err" &
pid=$!
n=0
until grep -q "2 of 2 points already in" "$tmp/err" 2>/dev/null || [ $n -ge 300 ]; do sleep 0.1; n=$((n + 1)); done
sleep 0.3
kill -INT "$pid"
timeout 20 sh -c 'cat "$1" > "$2"' sh "$tmp/point.json" "$j" || { echo "FAIL: the sweep never read its point's FIFO"; fail=1; kill -KILL "$pid"; }
wait "$pid"; got=$?
[ "$got" -eq 130 ] || { echo "FAIL: sweep stopped while writing its results: exit $got"; cat "$tmp/err"; fail=1; }
grep -q "warpsim sweep: stopped by SIGINT while writing the results" "$tmp/err" || { echo "FAIL: sweep: no stop message:"; cat "$tmp/err"; fail=1; }
[ ! -e "$tmp/sc/results.csv" ] && [ -z "$(find "$tmp/sc" -name '*.tmp')" ] \
    || { echo "FAIL: sweep stopped while writing its results left results.csv or a .tmp:"; ls -R "$tmp/sc"; fail=1; }
rm -f "$j" && cp "$tmp/point.json" "$j"
expect 0 "" -- "$bin" sweep --merge "$tmp/sc"
[ -s "$tmp/sc/results.csv" ] || { echo "FAIL: sweep --merge after the stop wrote no results.csv"; fail=1; }

cat > "$tmp/data/stop.val" <<'ROWS'
title "stop"
section "runs"
run quick: -c gf100 vecadd.sass
run spin: -c gf100 spin.sass
row "vecadd cycles" seed=1 value="cycles(quick)" info
row "spin cycles" seed=1 value="cycles(spin)" info
ROWS
echo previous > "$tmp/v.md"
WARPSIM_DATA=$tmp/data "$bin" validate -j 2 -o "$tmp/v.md" "$tmp/data/stop.val" > "$tmp/out" 2> "$tmp/err" &
pid=$!
sleep 1
kill -TERM "$pid"; wait "$pid"; got=$?
[ "$got" -eq 143 ] || { echo "FAIL: validate stopped by SIGTERM: exit $got"; cat "$tmp/err"; fail=1; }
grep -q "validate: stopped by SIGTERM: 1 of 2 runs finished, 1 stopped part way, 0 never started" "$tmp/err" \
    || { echo "FAIL: validate: no summary of what ran:"; cat "$tmp/err"; fail=1; }
[ "$(cat "$tmp/v.md")" = previous ] && [ ! -e "$tmp/v.md.tmp" ] || { echo "FAIL: validate: the report changed or a .tmp was left"; fail=1; }
exit $fail
