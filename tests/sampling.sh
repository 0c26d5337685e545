#!/bin/sh
# Sampled simulation (--sample, docs/sampling.md), quick pass:
# - tests/sampling.list against the full runs (a CUDA program's output too) (scripts/sampling.sh): each
#   case's program cycles within 5% of the full run's, the mean within 2%,
#   the 95% interval holding every full value, the results (checks, warp
#   instructions) the same;
# - a broken projection fails: the same cases with a stability test that
#   stops at the launch's first two windows of 16 cycles (ramp-up) and no
#   interval floor must miss those bounds;
# - deterministic: a sampled run's JSON is the same with 1 and 2 threads;
# - a projected launch is marked (cycles_are) and keeps its cycles;
# - warpsim trace --sample keeps every count of the full replay.
. "${top_srcdir:-.}/tests/lib.sh"
list=$top/tests/sampling.list
bin=$(cd "$(dirname "$bin")" && pwd)/warpsim   # scripts/sampling.sh runs from the source tree
# `warpsim cuda` needs the stand-in libcudart, which the sanitizer and
# fuzzing builds leave out: their cases are left out there
if [ ! -d "${top_builddir:-.}/cudart" ]; then grep -v '^cuda ' "$list" > "$tmp/list"; list=$tmp/list; fi
WARPSIM=$bin SAMPLING_BOUND_MEAN=2 SAMPLING_BOUND_WORST=5 SAMPLING_COVERAGE=100 \
    sh "$top/scripts/sampling.sh" "$list" > "$tmp/good" 2>&1 \
    || { echo "FAIL: sampled runs against full ones:"; cat "$tmp/good"; fail=1; }
WARPSIM=$bin SAMPLING_BOUND_MEAN=2 SAMPLING_BOUND_WORST=5 SAMPLING_COVERAGE=100 \
    SAMPLING_ARGS="--set sample.window=16 --set sample.windows=2 --set sample.tolerance=100 --set sample.confirm=0 --set sample.floor=0" \
    sh "$top/scripts/sampling.sh" "$list" > "$tmp/bad" 2>&1
grep -q "^FAIL: a target was missed" "$tmp/bad" \
    || { echo "FAIL: a projection from the ramp-up was not caught:"; cat "$tmp/bad"; fail=1; }
strip() { sed 's/,"host":{[^}]*}//; s/"sets":\[[^]]*\]//'; }
w=$top/workloads/sum/gpu3_grid_stride.sass
a=$("$bin" run -c gf100 --sample --stats=json --threads 1 -D n=1000000 "$w" 2>&1 | strip)
b=$("$bin" run -c gf100 --sample --stats=json --threads 2 -D n=1000000 "$w" 2>&1 | strip)
[ "$a" = "$b" ] || { echo "FAIL: a sampled run depends on --threads"; fail=1; }
printf '%s' "$a" | grep -q '"cycles_are":"sampled"' || { echo "FAIL: the sampled launch is not marked: $a" | head -c 600; fail=1; }
j=$("$bin" run -c h100 --sample --stats=json "$top/workloads/cuda/scan_block.sass" 2>&1)
printf '%s' "$j" | grep -q '"cycles":[0-9]*,"cycles_are":"projected","cycles_low":[0-9]*,"cycles_high"' \
    || { echo "FAIL: a projected launch lacks its cycles or its mark"; fail=1; }
printf '%s' "$j" | grep -q '"sample":{"cycles":[0-9]*,"cycles_low"' || { echo "FAIL: no program interval"; fail=1; }
expect 0 "95% interval" -- "$bin" run -c h100 --sample "$top/workloads/cuda/scan_block.sass"
expect 0 "timed: 4 of 5 launches" -- "$bin" run -c h100 --sample "$top/workloads/cuda/scan_block.sass"
# warpsim trace --sample: the rest of a launch counted from the trace, the
# counts those of the full replay, cycles marked and near the run's
"$bin" run -c gf100 --emit-trace "$tmp/tr" -D n=1000000 "$w" > /dev/null 2>&1
counts() { tr ',' '\n' | grep -E '^"(warp|thread)_instructions"|^"(global|shared)_(loads|stores|atomics)"|^"branches"' | head -8; }
full=$("$bin" trace -c gf100 --stats=json "$tmp/tr/kernelslist.g" 2>&1)
smp=$("$bin" trace -c gf100 --sample --stats=json "$tmp/tr/kernelslist.g" 2>&1)
[ -n "$(printf '%s' "$full" | counts)" ] && [ "$(printf '%s' "$full" | counts)" = "$(printf '%s' "$smp" | counts)" ] \
    || { echo "FAIL: trace --sample changed the counts"; fail=1; }
printf '%s' "$smp" | grep -q '"cycles_are":"sampled"' || { echo "FAIL: trace --sample: the launch is not sampled"; fail=1; }
exit $fail
