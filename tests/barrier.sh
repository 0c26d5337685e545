#!/bin/sh
# simt.exited_at_barrier: threads that exited before a block barrier are a
# fault by default (the report names the barrier) and are not waited for
# with `release` (the Volta-and-later configs), functional and timed.
. "$(dirname "$0")/lib.sh"
wl=$top/tests/barrier/exit_before_barrier.sass
expect 3 "exited" -- "$bin" run -c gf100 "$wl"
expect 3 "exited" -- "$bin" run --functional "$wl"
for cfg in h100 a100; do
    expect 0 "result: pass" -- "$bin" run -c "$cfg" "$wl"
    expect 0 "result: pass" -- "$bin" run --functional -c "$cfg" "$wl"
done
expect 0 "result: pass" -- "$bin" run -c gf100 --set simt.exited_at_barrier=release "$wl"
expect 3 "exited" -- "$bin" run -c h100 --set simt.exited_at_barrier=fault "$wl"
exit $fail
