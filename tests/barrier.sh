#!/bin/sh
# simt.exited_at_barrier: threads that exited before a block barrier are a
# fault by default (the report names the barrier) and are not waited for
# with `release` (the Volta-and-later configs), functional and timed; under
# independent thread scheduling the paths of a diverged warp reach a
# barrier one by one (Volta and later count threads, not warps).
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
# paths arriving one by one: the stack model reconverges them first; ITS
# lets the early lanes wait at the barrier while the others still loop
wl=$top/tests/barrier/paths_at_barrier.sass
for cfg in gf100 h100 a100; do
    expect 0 "result: pass" -- "$bin" run -c "$cfg" "$wl"
    expect 0 "result: pass" -- "$bin" run --functional -c "$cfg" "$wl"
done
# half of each warp skips the barrier and exits: released (Volta and later),
# or reported when exited threads must reach it, or under the stack model
wl=$top/tests/barrier/skip_barrier.sass
expect 0 "result: pass" -- "$bin" run -c h100 "$wl"
expect 0 "result: pass" -- "$bin" run --functional -c a100 "$wl"
expect 3 "exited before it (simt.exited_at_barrier = fault)" -- "$bin" run -c h100 --set simt.exited_at_barrier=fault "$wl"
expect 3 "a barrier inside divergent code" -- "$bin" run -c gf100 "$wl"
# BAR.RED and B2R.RESULT: the block-wide count, AND and OR of a predicate
wl=$top/tests/barrier/bar_red.sass
for cfg in gf100 h100 a100; do
    expect 0 "result: pass" -- "$bin" run -c "$cfg" "$wl"
    expect 0 "result: pass" -- "$bin" run --functional -c "$cfg" "$wl"
done
exit $fail
