#!/bin/sh
# Every shipped workload under every scheduling policy on every shipped
# config: each point passes its checks (the spin-lock deadlock is reported
# as a deadlock on every config without independent thread scheduling and
# completes on those with it), and no policy leaves a warp stuck.
# WARPSIM_LONG=1 (make check-long, .ci/run): the whole cross product, as one
# sweep. The quick pass (make check): every workload under every policy on
# one config (workload i on config i mod the number of configs, one sweep
# per config), and the spin lock on every config.
. "${top_srcdir:-.}/tests/lib.sh"
policies=$(sed -n 's/^SCHED_POLICY(\([a-z_0-9]*\),.*/\1/p' "$top/sim/sm/sched_policies.def" | paste -sd, -)
configs=$(ls "$top/configs/"*.cfg | sed 's|.*/||; s|\.cfg$||' | paste -sd, -)
spin=$top/workloads/divergence/spinlock_deadlock.sass
if [ -n "$long" ]; then
    min=500
    "$bin" sweep -j 2 -o "$tmp/s" -c "$configs" --vary "sched.policy=$policies" $(ls "$top"/workloads/*/*.sass | grep -v /workloads/cuda/) > "$tmp/out" 2>&1
    rows=$(tail -n +2 "$tmp/s/results.csv")
else
    min=200   # every assembly workload under 4 policies once, and the spin lock on every config
    nc=$(printf '%s\n' "$configs" | tr ',' '\n' | wc -l)
    rows=
    k=0
    for c in $(printf '%s\n' "$configs" | tr ',' ' '); do
        set --
        i=0
        for f in $(ls "$top"/workloads/*/*.sass | grep -v /workloads/cuda/); do
            [ $((i % nc)) -eq $k ] && [ "$f" != "$spin" ] && set -- "$@" "$f"
            i=$((i + 1))
        done
        "$bin" sweep -j 2 -o "$tmp/s$k" -c "$c" --vary "sched.policy=$policies" "$@" "$spin" > "$tmp/out" 2>&1
        rows="$rows$(tail -n +2 "$tmp/s$k/results.csv" | sed "s/^/$k./")
"
        k=$((k + 1))
    done
    rows=$(printf '%s' "$rows")
fi
total=$(printf '%s\n' "$rows" | cut -d, -f1 | sort -u | wc -l)
[ "$total" -gt "$min" ] || { echo "FAIL: only $total points ran"; fail=1; }
its=$(grep -l '^model *= *its' "$top/configs/"*.cfg | sed 's|.*/||; s|\.cfg$||' | paste -sd'|' -)
[ -n "$its" ] || { echo "FAIL: no config has simt.model = its"; fail=1; }
older() { grep -Ev ",($its)," || true; }
bad=$(printf '%s\n' "$rows" | grep -v ',pass,0,' | grep -v 'spinlock_deadlock.sass,' || true)
bad="$bad$(printf '%s\n' "$rows" | grep 'spinlock_deadlock.sass,' | grep -E ",($its)," | grep -v ',pass,0,' || true)"
[ -z "$bad" ] || { echo "FAIL: points that did not pass:"; printf '%s\n' "$bad" | head -20; fail=1; }
dl=$(printf '%s\n' "$rows" | grep 'spinlock_deadlock.sass,' | older | grep -c ',fault,3,"*deadlock' || true)
want=$(printf '%s\n' "$rows" | grep 'spinlock_deadlock.sass,' | older | grep -c . || true)
[ "$dl" = "$want" ] && [ "$want" -gt 0 ] || { echo "FAIL: $dl of $want spin-lock points report a deadlock"; fail=1; }
[ $fail -eq 0 ] && echo "policies: $total points ($policies on $configs${long:+, every combination}), all pass"
exit $fail
