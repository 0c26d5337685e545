#!/bin/sh
# Every shipped workload under every scheduling policy on every shipped
# config, as one sweep: each point passes its checks (the spin-lock deadlock
# is reported as a deadlock on every config without independent thread
# scheduling and completes on those with it), and no policy leaves a warp stuck.
. "${top_srcdir:-.}/tests/lib.sh"
policies=$(sed -n 's/^SCHED_POLICY(\([a-z_0-9]*\),.*/\1/p' "$top/sim/sm/sched_policies.def" | paste -sd, -)
configs=$(ls "$top/configs/"*.cfg | sed 's|.*/||; s|\.cfg$||' | paste -sd, -)
# the sanitizer pass (scripts/check-more.sh, ~3x slower) takes two policies
min=500
if [ -n "${WARPSIM_SANITIZED:-}" ]; then policies=lrr,gto; min=250; fi
"$bin" sweep -j 2 -o "$tmp/s" -c "$configs" --vary "sched.policy=$policies" "$top"/workloads/*/*.sass > "$tmp/out" 2>&1
rows=$(tail -n +2 "$tmp/s/results.csv")
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
[ $fail -eq 0 ] && echo "policies: $total points ($policies on $configs), all pass"
exit $fail
