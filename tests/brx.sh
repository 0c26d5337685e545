#!/bin/sh
# BRX: a switch's indirect branch through the jump table in bank 2, each
# lane to its case, reconverging where the ELF's targets meet; functional
# and timed. The expected values are the C source's (tests/brx/switch.cu).
. "$(dirname "$0")/lib.sh"
wl=$top/tests/brx/switch.sass
want="report out: 0 21 70 147 252 385 546 735 952 1197 1470 1771 2100 2457 2842 3255 3696 4165 4662 5187 5740 6321 6930 7567 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1"
expect 0 "$want" -- "$bin" run -c a100 "$wl"
expect 0 "$want" -- "$bin" run --functional -c a100 "$wl"
expect 0 "$want" -- "$bin" run -c h100 --set gpu.sass_arch=80 "$wl"
# the listing shows where a BRX's lanes meet again (the targets' post-dominator)
expect 0 "BRX R6 -0x170  *# reconverge at /\*0b50\*/" -- "$bin" asm "$top/tests/brx/switch.sm_80.sass"
# without the ELF listing there is no jump table: refused, not run
cp "$top/tests/brx/switch.sm_80.sass" "$top/tests/brx/switch.sass" "$tmp/"
expect 2 "bank 2 is in the cubin" -- "$bin" run -c a100 "$tmp/switch.sass"
exit $fail
