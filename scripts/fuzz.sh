#!/bin/sh
# make fuzz: each libFuzzer harness of tests/fuzz for FUZZ_SECONDS (default
# 600), seeded with the shipped files of its kind and the regression corpus,
# with its dictionary. The corpus grows in fuzz-out/NAME/corpus; a crash is
# written to fuzz-out/NAME/ (add it to tests/fuzz/regress/NAME). Prints each
# harness's executions; exits 1 when one found anything.
# usage: scripts/fuzz.sh SRCDIR NAME...
set -u
src=$1; shift
secs=${FUZZ_SECONDS:-600}
status=0
for name in "$@"; do
    out=fuzz-out/$name
    mkdir -p "$out/corpus"
    case $name in
        asm) cp "$src"/workloads/*/*.sass "$out/corpus/" ;;
        config) for f in "$src"/configs/*.cfg; do { echo "sched.policy=gto"; cat "$f"; } > "$out/corpus/$(basename "$f")"; done ;;
        trace) n=0; for t in "$src"/tests/traces/*/*.traceg.xz; do n=$((n + 1)); xz -dc "$t" > "$out/corpus/seed$n.traceg"; done ;;
        rows) cp "$src"/validation/*.val "$out/corpus/" ;;
        sass) cp "$src"/tests/fuzz/seed/sass/* "$src"/tests/sass/*.sass "$out/corpus/" ;;
    esac
    # FUZZ_RUNS: a fixed number of executions from a fixed seed instead
    # (the CI smoke run: the same code gives the same result)
    limit="-max_total_time=$secs"
    [ -n "${FUZZ_RUNS:-}" ] && limit="-runs=$FUZZ_RUNS -seed=1"
    # shellcheck disable=SC2086
    "./tests/fuzz/fuzz_$name" $limit -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
        -dict="$src/tests/fuzz/$name.dict" -artifact_prefix="$out/" \
        "$out/corpus" "$src/tests/fuzz/regress/$name" > "$out/log" 2>&1
    rc=$?
    runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$out/log" | tail -1)
    how="in $secs s"
    [ -n "${FUZZ_RUNS:-}" ] && how="from seed 1"
    echo "fuzz $name: ${runs:-?} executions $how, exit $rc$( [ $rc -ne 0 ] && echo ": see $out/log")"
    [ $rc -eq 0 ] || status=1
done
exit $status
