#!/bin/sh
# The fuzz harnesses without libFuzzer: every input that ever crashed a
# parser (tests/fuzz/regress/NAME) and every shipped file of the kind go
# through each harness once; a crash, a hang or (in a sanitizer build) a
# report fails the test. make fuzz runs the harnesses with libFuzzer.
. "${top_srcdir:-.}/tests/lib.sh"
run_replay() {
    name=$1; shift
    out=$(timeout 300 "${top_builddir:-.}/tests/fuzz/replay_$name" "$@" 2>&1); rc=$?
    n=$(printf '%s' "$out" | sed -n 's/^replay: \([0-9]*\) inputs$/\1/p')
    if [ $rc -ne 0 ] || [ -z "$n" ] || [ "$n" -lt 1 ]; then
        echo "FAIL: replay_$name (exit $rc):"; printf '%s\n' "$out" | tail -20; fail=1
    fi
}
run_replay asm "$top/tests/fuzz/regress/asm" "$top"/workloads/*/*.sass
run_replay config "$top/tests/fuzz/regress/config" "$top"/configs/*.cfg
n=0
for t in "$top"/tests/traces/*/*.traceg.xz; do n=$((n + 1)); xz -dc "$t" > "$tmp/seed$n.traceg"; done
run_replay trace "$top/tests/fuzz/regress/trace" "$tmp"/seed*.traceg
run_replay rows "$top/tests/fuzz/regress/rows" "$top"/validation/*.val
run_replay sass "$top/tests/fuzz/regress/sass" "$top/tests/fuzz/seed/sass" "$top"/tests/sass/*.sass \
    "$top"/tests/sass/bad/dumps/*.sass "$top"/workloads/cuda/sass/*.sass
# the regression corpus must hold the crashes issue 17 lists
for f in deep_chain deep_parens deep_minus float_beyond_int; do
    [ -s "$top/tests/fuzz/regress/asm/$f.sass" ] || { echo "FAIL: tests/fuzz/regress/asm/$f.sass is missing"; fail=1; }
done
exit $fail
