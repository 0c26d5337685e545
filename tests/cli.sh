#!/bin/sh
# The command line: exit statuses, error messages that name the nearest
# option or key, asm output with reconvergence points, config show.
. "${top_srcdir:-.}/tests/lib.sh"
wl=$top/workloads/basics/vecadd.sass
expect 0 "result: pass" -- "$bin" run "$wl"
expect 0 "usage: warpsim run" -- "$bin" run --help
expect 0 "warpsim asm" -- "$bin" --help
expect 2 "unknown option '--stat' (did you mean '--stats'?)" -- "$bin" run --stat=json "$wl"
expect 2 "unknown command 'rnu' (did you mean 'run'?)" -- "$bin" rnu "$wl"
expect 2 "cannot open 'nothere.sass'" -- "$bin" run nothere.sass
expect 2 "did you mean 'sm.warp_size'" -- "$bin" run --set sm.warpsize=64 "$wl"
expect 2 "no let variable 'nn' (did you mean 'n'?)" -- "$bin" run -D nn=5 "$wl"
expect 2 "no config 'gf999'" -- "$bin" run -c gf999 "$wl"
expect 2 "no config 'gf110'.*did you mean 'gf100'" -- "$bin" run -c gf110 "$wl"
# --version: the version and the build
expect 0 "^warpsim [0-9][0-9.]*$" -- "$bin" --version
expect 0 "built with .*sanitizers=" -- "$bin" --version
# the man page comes from the --help texts: every run option is in it, and
# groff (where installed) reads it without a warning
"$bin" docs man > "$tmp/warpsim.1" || { echo "FAIL: warpsim docs man"; fail=1; }
for opt in $("$bin" run --help | sed -n 's/^  \(--[a-z-]*\).*/\1/p'); do
    grep -q -- "$(printf '%s' "$opt" | sed 's/-/\\\\-/g')" "$tmp/warpsim.1" || { echo "FAIL: the man page lacks $opt"; fail=1; }
done
grep -q '^\.SH EXIT STATUS' "$tmp/warpsim.1" || { echo "FAIL: the man page has no EXIT STATUS"; fail=1; }
if command -v groff > /dev/null; then
    warn=$(groff -man -ww -z "$tmp/warpsim.1" 2>&1)
    [ -z "$warn" ] || { echo "FAIL: groff warns about warpsim.1: $warn"; fail=1; }
fi
# an installed binary finds its data in PREFIX/share/warpsim, from anywhere
mkdir -p "$tmp/p/bin" "$tmp/p/share/warpsim/configs" "$tmp/elsewhere"
cp "$bin" "$tmp/p/bin/warpsim"
printf '# only this one\ninclude = %s/configs/gf100.cfg\n' "$(cd "$top" && pwd)" > "$tmp/p/share/warpsim/configs/mine.cfg"
out=$(cd "$tmp/elsewhere" && "$tmp/p/bin/warpsim" configs 2>&1)
[ "$out" = "mine           only this one" ] || { echo "FAIL: the installed binary lists: $out"; fail=1; }
abs_top=$(cd "$top" && pwd)
out=$(cd "$tmp/elsewhere" && WARPSIM_DATA="$abs_top" "$tmp/p/bin/warpsim" configs 2>&1 | grep -c .)
[ "$out" -gt 5 ] || { echo "FAIL: WARPSIM_DATA is not used: $out configs"; fail=1; }
expect 2 "--max-instructions takes a whole number from 0 to 18446744073709551615, found '-1'" -- "$bin" run --max-instructions=-1 "$wl"
expect 2 "--max-instructions takes a whole number" -- "$bin" run --max-instructions=1e6 "$wl"
# a broken config rule points at the value in the file that set it
printf 'include = %s/configs/gf100.cfg\nsm.max_threads = 5000\n' "$(cd "$top" && pwd)" > "$tmp/rule.cfg"
expect 2 "rule.cfg:2:18: error: sm.max_threads = 5000 breaks the rule" -- "$bin" run -c "$tmp/rule.cfg" "$wl"
expect 2 "sm.max_threads set by --set" -- "$bin" run --set sm.max_threads=5000 "$wl"
# a launch beyond the SM's limits: the launch's file:line:col
expect 2 "gpu3_grid_stride.sass:36:10: note: in this launch" -- "$bin" run -c gf100 -D block=2048 "$top/workloads/sum/gpu3_grid_stride.sass"
expect 0 "result: pass" -- "$bin" run -c gf100 -D n=777 "$wl"
# a failing check exits 1
sed 's/check c == a + b/check c == a - b/' "$wl" > "$tmp/bad.sass"
expect 1 "check failed: c == a - b" -- "$bin" run "$tmp/bad.sass"
# bad assembly exits 2 with file:line:col and a caret
sed 's/DADD  R8, R8, R10/DADD  R9, R8, R10/' "$wl" > "$tmp/odd.sass"
expect 2 "odd.sass:19:15: error: R9 cannot hold a 64-bit value" -- "$bin" run "$tmp/odd.sass"
# asm: reconvergence points and the register count
expect 0 "@P0 BRA done  *# reconverge at 16 done" -- "$bin" asm "$top/workloads/sum/gpu3_grid_stride.sass"
expect 0 "11 registers per thread" -- "$bin" asm "$top/workloads/sum/gpu3_grid_stride.sass"
# --per-pc text: the groups of pc_stats.def, per access where the table says so
expect 0 "LDS R2, .*4.0 bank passes/access, worst bank conflict 4-way" -- "$bin" run -c gf100 --per-pc -D stride=4 "$top/workloads/microbench/shared_stride.sass"
expect 0 "LDG R14, .*16.0 lines/access, 32.0 sectors/access.*L1 misses 8192" -- "$bin" run -c gf100 --per-pc -D stride=16 "$top/workloads/microbench/global_stride.sass"
# --warp B:W: a warp's life; GT200 runs the else path first (W10): lane 0's
# path (the last "then") issues last, and the stack pops back to the full mask
po=$top/workloads/microbench/path_order.sass
expect 0 "@P0 BRA else0  *-#######-#######-#######-####### *3+ .*<- diverged" -- "$bin" run -c gt200 --warp 0:0 "$po"
expect 0 "BRA join  *#.......#.......#.......#....... *1- " -- "$bin" run -c gt200 --warp 0:0 "$po"
expect 0 "EXIT  *################################ *0- " -- "$bin" run -c gt200 --warp 0:0 "$po"
expect 0 "has no warp 7 in kernel path_order" -- "$bin" run -c gt200 --warp 0:7 "$po"
expect 2 "--warp takes BLOCK:WARP" -- "$bin" run -c gt200 --warp 0 "$po"
expect 2 "--report need a timed run" -- "$bin" run --functional --warp 0:0 "$po"
# --banks: a stride of 4 words puts 4 lanes' words on every 4th bank (4 passes)
ss=$top/workloads/microbench/shared_stride.sass
expect 0 "bank  4: 1@0x10 9@0x90 17@0x110 25@0x190   <- 4 words: 4 passes" -- "$bin" run -c gf100 --banks 4 -D stride=4 "$ss"
expect 0 "unused banks: 1-3,5-7,9-11" -- "$bin" run -c gf100 --banks 4 -D stride=4 "$ss"
expect 0 "^1 pass, worst conflict 1-way" -- "$bin" run -c gf100 --banks 4 -D stride=1 "$ss"
# 64-bit mode banks (CC 3.5): two neighbouring 4-byte words share one 8-byte bank word
expect 0 "^1 pass, worst conflict 1-way" -- "$bin" run -c gk110 --banks 4 -D stride=1 "$ss"
# --coalesce: gpu2's lanes are m doubles apart, one line each; gpu3's neighbours share two lines
expect 0 "32 line requests, 32 sectors (1024 B moved for 256 B used: 25% efficiency)" -- "$bin" run -c gf100 --coalesce 12 "$top/workloads/sum/gpu2_chunked.sass"
expect 0 "lanes 16-31" -- "$bin" run -c gf100 --coalesce 12 "$top/workloads/sum/gpu3_grid_stride.sass"
expect 0 "2 line requests, 8 sectors (256 B moved for 256 B used: 100% efficiency)" -- "$bin" run -c gf100 --coalesce 12 "$top/workloads/sum/gpu3_grid_stride.sass"
expect 2 "--coalesce takes PC or PC:N" -- "$bin" run -c gf100 --coalesce 5:x "$ss"
expect 0 "kernel stride32 has 9 instructions" -- "$bin" run -c gf100 --banks 40 "$ss"
expect 0 "in kernel stride32, pc 4 (LDS R2, \[R1\]) ran 1 shared-memory time: fewer than asked" -- "$bin" run -c gf100 --banks 4:2 "$ss"
expect 0 "bank map of kernel stride64, pc 4 (LDS.64 R2, \[R1\])" -- "$bin" run -c gf100 --banks 4 "$ss"
# the views together, with trace emission
expect 0 "bank map of kernel stride32, pc 4" -- "$bin" run -c gf100 --banks 4 --warp 0:0 --emit-trace "$(mktemp -d)/t" "$ss"
# --timeline: trace-event JSON (it parses: warpsim compare reads it), a process
# per SM, tracks, issue and stall slices, counters, and only the window asked for
tl=$(mktemp -d)
"$bin" run -c gf100 --timeline "$tl/t.json" --timeline-cycles 100:1500 --timeline-blocks 0:1 "$top/workloads/sum/gpu4_local.sass" > /dev/null \
    || { echo "FAIL: --timeline run"; fail=1; }
"$bin" compare "$tl/t.json" "$tl/t.json" > "$tl/cmp" 2>&1 && grep -q "^0 of [1-9][0-9]* figures differ" "$tl/cmp" \
    || { echo "FAIL: the timeline is not valid JSON"; cat "$tl/cmp"; fail=1; }
for k in '"traceEvents":\[' '"ph":"M","pid":0,"args":{"name":"SM 0"}' '"thread_name"' '"cat":"issue","ph":"X"' \
         '"cat":"stall","ph":"X"' '"ph":"C"' '"warp instructions":' '"truncated":false' \
         '"name":"memory system"' '"L1 misses":[0-9]*,"L2 misses":[0-9]*,"DRAM bytes per cycle":'; do
    grep -q "$k" "$tl/t.json" || { echo "FAIL: timeline lacks $k"; fail=1; }
done
ts=$(grep -o '"ts":[0-9]*' "$tl/t.json" | cut -d: -f2 | sort -n | sed -n '1p;$p' | tr '\n' ' ')
set -- $ts
[ "$1" -ge 1 ] && [ "$2" -lt 1500 ] || { echo "FAIL: timeline timestamps $ts outside the window"; fail=1; }
[ "$(grep -o '"pid":[0-9]*' "$tl/t.json" | grep -v ':100000$' | sort -u | wc -l)" = 2 ] || { echo "FAIL: blocks 0:1 should give 2 SMs"; fail=1; }
grep -q '"block slot":[2-9]' "$tl/t.json" && { echo "FAIL: the block filter let other blocks in"; fail=1; }
"$bin" run -c gf100 --timeline "$tl/s.json" --timeline-tracks scheduler --timeline-cycles 0:500 "$top/workloads/sum/gpu4_local.sass" > /dev/null
grep -q '"name":"scheduler 1"' "$tl/s.json" || { echo "FAIL: scheduler tracks"; fail=1; }
[ ! -e "$tl/t.json.tmp" ] || { echo "FAIL: a temporary timeline was left"; fail=1; }
expect 2 "--timeline-cycles takes A:B" -- "$bin" run -c gf100 --timeline "$tl/x.json" --timeline-cycles 9:1 "$top/workloads/sum/gpu4_local.sass"
expect 2 "--timeline-tracks takes warp or scheduler" -- "$bin" run --timeline-tracks sm "$top/workloads/sum/gpu4_local.sass"
# each launch counts its cycles from its own start: even_odd's three launches
# in the --report page (cycles 0 to at most the launch's cycles, the run's
# cycle it began at) and in --timeline (ts within the launch, 'run cycle' =
# the launch's start + ts, a process per SM and launch, labelled)
"$bin" run -c gf100 --stats=json --report "$tl/r.html" --timeline "$tl/m.json" --timeline-blocks 0:0 \
    "$top/workloads/divergence/even_odd.sass" > "$tl/m.out" || { echo "FAIL: the three-launch report run"; fail=1; }
set -- $(grep -o '"cycles":[0-9]*' "$tl/m.out" | cut -d: -f2)
start=0
for k in 0 1 2; do
    c=$1; shift
    h=$(grep -A1 "<h3 id=\"timeline-title-$k\">" "$tl/r.html" | tr '\n' ' ')
    last=$(printf '%s' "$h" | sed -n 's/.*cycles 0 to \([0-9]*\) of this launch.*/\1/p')
    at=$(printf '%s' "$h" | sed -n "s/.*the run's cycle \([0-9]*\).*/\1/p")
    [ -n "$last" ] && [ "$last" -lt "$c" ] && [ "$at" = "$start" ] \
        || { echo "FAIL: report timeline of launch $k ($c cycles from run cycle $start): $h"; fail=1; }
    bad=$(grep -o '"ts":[0-9]*,"dur":1,"pid":[0-9]*,"tid":[0-9]*,"args":{"kernel":"[a-z_]*","launch":'$k',"run cycle":[0-9]*' "$tl/m.json" \
          | awk -F'[:,]' -v c="$c" -v s="$start" '{ n++ } $2 >= c || $NF != s + $2 { b++ } END { print (n ? b + 0 : "none") }')
    [ "$bad" = 0 ] || { echo "FAIL: timeline of launch $k: $bad issues outside its $c cycles or with a wrong run cycle"; fail=1; }
    [ $k = 0 ] || grep -q "\"pid\":$((k * 2048)),\"args\":{\"labels\":\"launch $k, kernel even_odd_[a-z_]*, from run cycle $start\"" "$tl/m.json" \
        || { echo "FAIL: timeline: launch $k's SM 0 process is not labelled"; fail=1; }
    start=$((start + c))
done
rm -rf "$tl"
# per line: SIMD efficiency, divergence at the branch, the conflict-degree histogram
expect 0 "@P0 BRA odd  -> reconverges at pc 31 (line 58)  *2048  100% .*diverged 2048 times" -- "$bin" run -c gf100 --per-pc "$top/workloads/divergence/even_odd.sass"
expect 0 "MUFU.RCP R8, c\[d\]  *16384   50% " -- "$bin" run -c gf100 --per-pc "$top/workloads/divergence/even_odd.sass"
expect 0 "LDS R2, .*\[1x 3-4-way\]" -- "$bin" run -c gf100 --per-pc -D stride=4 "$top/workloads/microbench/shared_stride.sass"
expect 0 '"text":"@P0 BRA odd","reconverges_at_pc":31,"reconverges_at_line":58,' -- "$bin" run -c gf100 --stats=json "$top/workloads/divergence/even_odd.sass"
expect 0 '"text":"LDS R2, \[R1\]".*"conflict_3_4":[1-9]' -- "$bin" run -c gf100 --stats=json -D stride=4 "$top/workloads/microbench/shared_stride.sass"
expect 0 '"text":"MUFU.RCP R8, c\[d\]","executions":16384,"active_lanes":262144,"simd_efficiency":0.5,' -- "$bin" run -c gf100 --stats=json "$top/workloads/divergence/even_odd.sass"
# config show: values and origins
expect 0 "sm.max_warps = 48 .*configs/gf100.cfg:13" -- "$bin" config show -c "$top/configs/gf100.cfg"
expect 0 "sm.warp_size = 64 .*--set" -- "$bin" config show -c "$top/configs/gf100.cfg" --set sm.warp_size=64
expect 2 "out of range" -- "$bin" config show --set sm.warp_size=100
expect 0 "gf100 " -- "$bin" configs
# a kernel fault exits 3 and names kernel, block, warp, lane, pc, address
expect 3 "deadlock in kernel 'spinlock'" -- "$bin" run "$top/workloads/divergence/spinlock_deadlock.sass"
# independent thread scheduling: the same spin lock completes on Volta and
# later (a100, h100), a lock nobody releases is still a deadlock, and the
# spinning path's branch shows the paths switching
expect 0 "result: pass" -- "$bin" run -c a100 -D threads=256 "$top/workloads/divergence/spinlock_deadlock.sass"
expect 0 "result: pass" -- "$bin" run -c h100 "$top/workloads/divergence/spinlock_deadlock.sass"
expect 0 "result: pass" -- "$bin" run -c gf100 --set simt.model=its "$top/workloads/divergence/spinlock_deadlock.sass"
expect 3 "deadlock in kernel 'spinlock'" -- "$bin" run -c a100 -D held=1 "$top/workloads/divergence/spinlock_deadlock.sass"
expect 3 "deadlock in kernel 'spinlock'" -- "$bin" run -c gm204 "$top/workloads/divergence/spinlock_deadlock.sass"
expect 0 "switched paths 31 times" -- "$bin" run -c a100 --per-pc "$top/workloads/divergence/spinlock_deadlock.sass"
# the unified L1 keeps what the launch's shared-memory carveout leaves: 7 ways of 32 KB
# beside one block's reserved 1 KB (carveout 8 KB), 4 beside gpu4's 8 x (8 KB + 1 KB) (100 KB)
expect 0 '"l1_bytes":229376' -- "$bin" run -c h100 --stats=json "$top/workloads/basics/vecadd.sass"
expect 0 '"l1_bytes":131072' -- "$bin" run -c h100 --stats=json "$top/workloads/sum/gpu4_local.sass"
expect 0 '"l1_bytes":16384' -- "$bin" run -c gf100 --stats=json "$top/workloads/sum/gpu4_local.sass"
expect 2 "l2.fill_bytes = 48 must be 0 or a multiple of mem.sector_size" -- "$bin" run -c h100 --set l2.fill_bytes=48 "$top/workloads/basics/vecadd.sass"
# the shared TLB's geometry: pages a power of two, whole sets
expect 2 "tlb.page_bytes = 6000 is not a power of two (tlb.page_bytes set by --set)" -- "$bin" run -c h100 --set tlb.page_bytes=6000 "$top/workloads/basics/vecadd.sass"
expect 2 "tlb.entries = 10 is not a multiple of tlb.assoc = 4" -- "$bin" run -c h100 --set tlb.entries=10 --set tlb.assoc=4 "$top/workloads/basics/vecadd.sass"
# an opcode's own latency replaces its unit's (IMAD is the second chain)
expect 0 "cycles_per_instruction: [0-9.]* 39\.[0-9]* " -- "$bin" run -c h100 --set opcode.IMAD.latency=40 "$top/workloads/microbench/opcode_latency.sass"
expect 0 "cycles_per_instruction: [0-9.]* 4\.[0-9]* " -- "$bin" run -c h100 "$top/workloads/microbench/opcode_latency.sass"
expect 2 "latency needs an integer from 0 to 10000, found .-1." -- "$bin" run -c h100 --set opcode.IMAD.latency=-1 "$top/workloads/basics/vecadd.sass"
expect 2 "l1.carveouts = '8K,4K': expected at most 32 ascending" -- "$bin" run -c h100 --set l1.carveouts=8K,4K "$top/workloads/basics/vecadd.sass"
sed 's/IMAD.WIDE.U32 R4, R0, 8, c\[c\]/IMAD.WIDE.U32 R4, R0, 16, c[c]/' "$wl" > "$tmp/oob.sass"
expect 3 "kernel 'vecadd', block (.*), warp .*, lane .*, pc 12: access outside every buffer" -- "$bin" run "$tmp/oob.sass"
expect 3 "max-instructions=100" -- "$bin" run --max-instructions=100 "$wl"
# a block's shared memory is limited per block as well as per SM (CC 5.x: 48 KB of the 96)
sed 's/^.shared buf 8192/.shared buf 81920/' "$top/workloads/microbench/shared_stride.sass" > "$tmp/big_shared.sass"
expect 2 "needs 81920 shared memory bytes but a block may use at most 49152 (sm.shared_per_block)" -- "$bin" run -c gm204 "$tmp/big_shared.sass"
# a clock register at a fraction of the core clock reads in steps of it (GT200: half rate)
expect 0 "report cycles: [048] [048] [048] [048] [048] [048] [048] [048]$" -- "$bin" run -c gf100 --set sm.clock_divider=4 "$top/workloads/microbench/clock_overhead.sass"
expect 0 "report cycles: 6 6 6" -- "$bin" run -c gf100 "$top/workloads/microbench/clock_overhead.sass"
# caches persist across the launches of a workload (launch.flush): without
# the prefetcher the first launch of straight-line code misses and the second
# hits; launch.flush=all makes both cold; the prefetcher hides the misses
sc=$top/workloads/microbench/straight_chain.sass
expect 0 "report cycles_per_add: 2[0-9.]* 1[89][0-9.]*$" -- "$bin" run -c gf100 --set icache.prefetch_lines=0 "$sc"
expect 0 "report cycles_per_add: \(2[0-9.]*\) \1$" -- "$bin" run -c gf100 --set icache.prefetch_lines=0 --set launch.flush=all "$sc"
expect 0 "report cycles_per_add: 18 18$" -- "$bin" run -c gf100 "$sc"
expect 0 "icache_prefetches.*[1-9]" -- "$bin" run -c gf100 --stats=json "$sc"
# the L2 keeps the first launch's data for the second (launch.flush = l1, the
# default); all starts it cold; none also keeps the L1s
sed 's|^  launch vecadd .*$|&\n&|' "$wl" > "$tmp/vec2.sass"
out=$("$bin" run -c gf100 "$tmp/vec2.sass" | grep "cache hit rates" | sed -n 2p)
printf '%s' "$out" | grep -q "L1 0.0% of [0-9]*, L2 \(9[0-9]\|100\)\." || { echo "FAIL: second launch, launch.flush=l1: $out"; fail=1; }
out=$("$bin" run -c gf100 --set launch.flush=all "$tmp/vec2.sass" | grep "cache hit rates" | sed -n 2p)
printf '%s' "$out" | grep -q "L2 0.0%" || { echo "FAIL: second launch, launch.flush=all: $out"; fail=1; }
out=$("$bin" run -c gf100 --set launch.flush=none "$tmp/vec2.sass" | grep "cache hit rates" | sed -n 2p)
printf '%s' "$out" | grep -q "L1 [1-9]" || { echo "FAIL: second launch, launch.flush=none: $out"; fail=1; }
# a warp's own issue interval holds in both issue modes (per warp, and GCN's per category)
expect 0 "report cycles_per_instruction: 12\." -- "$bin" run -c gf100 --set sched.warp_issue_interval=12 "$top/workloads/microbench/independent_issue.sass"
expect 0 "report cycles_per_instruction: 12\." -- "$bin" run -c gcn-tahiti --set sched.warp_issue_interval=12 "$top/workloads/microbench/independent_issue.sass"
# the A100 config loads and runs (its seed 004 rows are in make validate)
expect 0 "result: pass" -- "$bin" run -c a100 "$wl"
expect 0 "report cycles_per_load: 3[6-9]" -- "$bin" run -c a100 -D size=8192 "$top/workloads/microbench/pointer_chase.sass"
# the host object's totals are the kernels' (make bench reads them), and the
# peak memory is a positive count of KiB
json=$("$bin" run --stats=json -c gf100 "$top/workloads/sum/gpu5_two_kernels.sass")
host=$(printf '%s' "$json" | grep -o '"host":{[^}]*}')
host_field() { printf '%s' "$host" | sed "s/.*\"$1\":\([0-9]*\).*/\1/"; }
# each kernel's own counters: the JSON objects that start with its name
kernel_sum() { printf '%s' "$json" | tr '{' '\n' | grep '^"name"' | grep -o "\"$1\":[0-9]*" | cut -d: -f2 | awk '{ s += $1 } END { print s }'; }
for key in warp_instructions cycles; do
    got=$(host_field $key); want=$(kernel_sum $key)
    [ "$got" = "$want" ] && [ "$got" -gt 0 ] || { echo "FAIL: host $key $got, the kernels' sum $want"; fail=1; }
done
rss=$(host_field peak_rss_kib)
[ "$rss" -gt 0 ] 2>/dev/null || { echo "FAIL: host peak_rss_kib '$rss'"; fail=1; }
# a launch sets up only the block slots its grid fills: 64 blocks on
# h100's 132 SMs (1,056 slots of 3 KB warps when all were touched: 29 MB)
# stay small (a sanitizer build's shadow memory is not counted against it)
if "$bin" --version | grep -q "sanitizers=no"; then
    rss=$("$bin" run --functional --stats=json -c h100 -D n=1000 "$top/workloads/sum/gpu3_grid_stride.sass" \
          | sed 's/.*"peak_rss_kib":\([0-9]*\).*/\1/')
    [ "$rss" -gt 0 ] && [ "$rss" -lt 16384 ] 2>/dev/null || { echo "FAIL: h100 functional n = 1000 peak_rss_kib '$rss' (>= 16 MB)"; fail=1; }
fi
# launches picked for timing (--kernel-name, --launch-skip, --launch-count):
# scan_block's five launches (scan_block x3, add_block_offsets x2); the
# others run functionally, the checks still pass, the page marks them
sb=$top/workloads/cuda/scan_block.sass
timed_of() {   # the launches of a text summary, 1 timed, 0 not
    "$bin" run -c h100 "$@" "$sb" | awk '/^kernel /{ if (k) printf "%s", t; k = 1; t = "?" }
        /^  cycles /{ t = 1 } /^  not timed: /{ t = 0 } /^result: pass/{ printf "%s", t; ok = 1 } END { if (!ok) printf " (no pass)" }'
}
for pick in "-k add_block:00011" "--launch-skip 1 --launch-count 2:01100" "--kernel-name=^_Z10 --launch-skip=2:00100" \
             "--launch-count 0:11111" ":11111"; do
    # shellcheck disable=SC2086
    got=$(timed_of ${pick%%:*})
    [ "$got" = "${pick##*:}" ] || { echo "FAIL: run ${pick%%:*}: timed launches $got, want ${pick##*:}"; fail=1; }
done
"$bin" run -c h100 -k add_block --report "$tmp/pick.html" "$sb" > /dev/null 2>&1
[ "$(grep -c 'Not timed: this launch ran functionally' "$tmp/pick.html")" -eq 3 ] && [ "$(grep -c 'timeline-title-' "$tmp/pick.html")" -eq 2 ] \
    || { echo "FAIL: --report with -k add_block: not 3 untimed launches and 2 timelines"; fail=1; }
expect 2 "--kernel-name: 'scan(' is not a POSIX extended regular expression" -- "$bin" run -c h100 -k 'scan(' "$sb"
expect 2 "with --functional none is" -- "$bin" run -c h100 --functional --launch-skip 1 "$sb"
expect 2 "--emit-trace records every launch" -- "$bin" run -c h100 --launch-count 1 --emit-trace "$tmp/tr" "$sb"
expect 2 "--launch-count takes a whole number" -- "$bin" run --launch-count=-2 "$sb"
expect 0 "note: no kernel name matched --kernel-name 'nothere': every launch ran functionally" -- "$bin" run -c h100 -k nothere "$sb"
[ $fail -eq 0 ] && echo "cli checks pass"
exit $fail
