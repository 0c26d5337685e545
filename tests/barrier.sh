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
# named barriers (PTX ISA bar.sync a, b): two groups of warps on barriers 1
# and 2, each waiting for its own 64 threads; group 1 passes before the
# second group's last warp arrives (the flag the kernel computes from clocks)
wl=$top/tests/barrier/named.sass
for cfg in gf100 h100 a100; do
    expect 0 "result: pass" -- "$bin" run -c "$cfg" "$wl"
    expect 0 "result: pass" -- "$bin" run --functional -c "$cfg" "$wl"
done
# BAR.ARV: a producer arrives without waiting, its consumers wait
wl=$top/tests/barrier/named_arv.sass
for cfg in gf100 h100; do
    expect 0 "result: pass" -- "$bin" run -c "$cfg" "$wl"
    expect 0 "result: pass" -- "$bin" run --functional -c "$cfg" "$wl"
done
# a count too few threads reach is a deadlock report naming the barrier; a
# count above the block's threads, or not a multiple of the warp size, a fault
wl=$top/tests/barrier/named_short.sass
expect 3 "waiting at barrier 1 (64 of its 96 threads arrived" -- "$bin" run -c h100 "$wl"
expect 3 "waiting at barrier 1 (64 of its 96 threads arrived" -- "$bin" run --functional "$wl"
expect 3 "barrier 1 waits for 256 threads, more than the block's 128" -- "$bin" run -c h100 -D count=256 "$wl"
expect 3 "not a positive multiple of the warp size (PTX ISA bar.sync a, b): 48" -- "$bin" run --functional -D count=48 "$wl"
expect 0 "result: pass" -- "$bin" run -c a100 -D count=64 "$wl"
exit $fail
