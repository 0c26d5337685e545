#!/bin/sh
# tests/cuda_labs.sh — the labs' CUDA programs (workloads/cuda/labs/, docs/labs/ "On CUDA") under
# `warpsim cuda -c h100`, from their committed binaries, dumps and line tables (no nvcc, no GPU).
# Each program checks its own result (PASS); the figures checked here are the ones each lab
# derives from its kernel, found by the "LINE:" marks of the sources, not copied from warpsim:
# the parity branch's work line at 50% SIMD and the warp split's at 100%, with twice the warp
# instructions; a column of tile[32][32] 32 passes and 4 x 32 x 31 replays, of tile[32][33] one
# pass; a double a lane 2 passes on 4-byte banks, floats 2 words apart 2, consecutive floats 1;
# lanes 1 KB apart 32 sectors a load, lanes 8 B apart 8; ptxas's own per-warp atomic (one lane,
# guarded) against one per lane; 5 shuffles a warp; 16 warps as fast as 1, 32 warps ~1024 x 4
# cycles more; the spin lock deadlocking under one stack a warp, reported by kernel and CUDA line.
# --banks FILE:LINE finds an access inlined into the line (atomicAdd's ATOMS).
. "$(dirname "$0")/lib.sh"
L=$top/workloads/cuda/labs
[ -d "${top_builddir:-.}/cudart" ] || { echo "cuda_labs: skipped (this build has no libcudart)"; exit 77; }
run() {   # $1 program, then warpsim options: output in $tmp/$1.out
    p=$1; shift
    "$bin" cuda -c h100 "$@" --sass "$L/$p.sass" -- "$L/$p" > "$tmp/$p.out" 2>&1
}
mark() { grep -n "LINE: $2\$" "$L/$1.cu" | cut -d: -f1; }
# the by-line row of FILE:LINE in launch N (0-based) of $tmp/P.out
row() { awk -v n="$2" -v want="$3" '/^launch /{l++} l==n+1 && /by CUDA source line/ {t=1} l==n+1 && t && index($0, "  " want " ") == 1 {print; exit}' "$tmp/$1.out"; }
simd() { row "$@" | awk '{ sub("%", "", $4); print $4 }'; }
per_access() { row "$1" "$2" "$3" | sed -n "s/.*[[ ]\([0-9.]*\) $4\/access.*/\1/p"; }
summary() { awk -v n="$2" -v k="$3" '/^launch /{l++} l==n+1 && index($0, "  " k " ") == 1 {print; exit}' "$tmp/$1.out"; }
num() { summary "$@" | awk '{print $(NF)}'; }
for p in divergence bank_conflicts banks_64bit coalescing compaction histogram warp_scan latency_hiding spinlock; do
    run $p --per-pc || { echo "FAIL: $p: exit $?"; tail -5 "$tmp/$p.out"; fail=1; }
    grep -q "^$p: .*: PASS\$" "$tmp/$p.out" || { echo "FAIL: $p: its own check did not pass"; head -3 "$tmp/$p.out"; fail=1; }
    # a long CUDA label (device_atomic_functions.hpp:77) is followed by a space in --per-pc
    grep -E '^ +[0-9]+ +[0-9]+ [a-z_0-9]+\.(cu|hpp|h):[0-9]+[^ 0-9]' "$tmp/$p.out" && { echo "FAIL: $p: a CUDA line label runs into its instruction"; fail=1; }
done
# divergence: half the lanes of every warp, or every lane of half the warps
w=divergence.cu:$(mark divergence work)
[ "$(simd divergence 0 "$w")" = 50 ] && [ "$(simd divergence 1 "$w")" = 100 ] \
    || { echo "FAIL: divergence: $w SIMD '$(simd divergence 0 "$w")' and '$(simd divergence 1 "$w")', want 50 and 100"; fail=1; }
a=$(num divergence 0 "warp instructions"); b=$(num divergence 1 "warp instructions")
awk -v a="$a" -v b="$b" 'BEGIN { exit !(a > 1.9 * b && a < 2.1 * b) }' || { echo "FAIL: divergence: warp instructions $a and $b, want a ratio of 2"; fail=1; }
# bank conflicts: a column of 32-word rows is one bank; 33-word rows spread it
c=bank_conflicts.cu:$(mark bank_conflicts naive-column); pc=bank_conflicts.cu:$(mark bank_conflicts padded-column)
[ "$(per_access bank_conflicts 0 "$c" "bank passes")" = 32.0 ] && [ "$(per_access bank_conflicts 1 "$pc" "bank passes")" = 1.0 ] \
    || { echo "FAIL: bank_conflicts: passes of $c and $pc"; row bank_conflicts 0 "$c"; row bank_conflicts 1 "$pc"; fail=1; }
summary bank_conflicts 0 "shared memory" | grep -q " $((4 * 32 * 31)) replays" && summary bank_conflicts 1 "shared memory" | grep -q " 0 replays" \
    || { echo "FAIL: bank_conflicts: replays, want $((4 * 32 * 31)) and 0"; summary bank_conflicts 0 "shared memory"; fail=1; }
"$bin" cuda -c h100 --banks "$c" --sass "$L/bank_conflicts.sass" -- "$L/bank_conflicts" 2>&1 | grep -q "^32 passes, worst conflict 32-way" \
    || { echo "FAIL: --banks $c: no 32-pass map"; fail=1; }
# 64-bit banks: 256 bytes a warp need two passes of 32 four-byte banks
for m in float:1.0:0 double:2.0:1 stride2:2.0:2; do
    l=banks_64bit.cu:$(mark banks_64bit "${m%%:*}"); want=$(echo "$m" | cut -d: -f2); n=${m##*:}
    [ "$(per_access banks_64bit "$n" "$l" "bank passes")" = "$want" ] || { echo "FAIL: banks_64bit: $l passes, want $want"; row banks_64bit "$n" "$l"; fail=1; }
done
# coalescing: 32 lanes x 8 B, 1 KB apart (a sector each) or consecutive (256 B: 8 sectors)
[ "$(per_access coalescing 0 coalescing.cu:"$(mark coalescing chunked-load)" sectors)" = 32.0 ] \
    && [ "$(per_access coalescing 1 coalescing.cu:"$(mark coalescing stride-load)" sectors)" = 8.0 ] \
    || { echo "FAIL: coalescing: sectors per access, want 32.0 and 8.0"; fail=1; }
# compaction: ptxas aggregates atomicAdd(count, 1) (one guarded lane), not count + (v >> 30)
awk '/^launch 0/{l=1} /^launch 1/{l=0} l && /ATOMG/' "$tmp/compaction.out" | grep -q '@P[0-6] ATOMG' \
    || { echo "FAIL: compaction: compact_per_element's atomic is not one guarded lane"; fail=1; }
awk '/^launch 1/{l=1} /^launch 2/{l=0} l && /ATOMG/' "$tmp/compaction.out" | grep -q '[0-9] ATOMG' \
    || { echo "FAIL: compaction: compact_per_lane's atomic is guarded"; fail=1; }
# histogram: the shared atomics are inlined into line 32; --banks by that line finds them
"$bin" cuda -c h100 --banks histogram.cu:"$(mark histogram shared-atomic)" --sass "$L/histogram.sass" -- "$L/histogram" 2>&1 \
    | grep -q "^bank map of kernel hist_shared(.*(ATOMS" || { echo "FAIL: --banks histogram.cu:32: no map of the inlined ATOMS"; fail=1; }
# warp scan: 32 blocks x 4 warps x log2(32) shuffles
s=$(awk '/^launch 0/{l=1} /^launch 1/{l=0} l && / SHFL\.UP / { for (i = 1; i < NF; i++) if ($(i + 1) ~ /%$/) { n += $i; break } } END {print n+0}' "$tmp/warp_scan.out")
[ "$s" = $((32 * 4 * 5)) ] || { echo "FAIL: warp_scan: SHFL.UP executions $s, want $((32 * 4 * 5))"; fail=1; }
# latency hiding: 4 schedulers x 4-cycle FMAs: up to 16 warps the same time, 32 add ~1024 x 4
c1=$(summary latency_hiding 0 cycles | awk '{print $2}'); c16=$(summary latency_hiding 4 cycles | awk '{print $2}'); c32=$(summary latency_hiding 5 cycles | awk '{print $2}')
awk -v a="$c1" -v b="$c16" -v c="$c32" 'BEGIN { exit !(b < 1.1 * a && b > 0.9 * a && c - b > 0.8 * 4096 && c - b < 1.5 * 4096) }' \
    || { echo "FAIL: latency_hiding: cycles $c1 (1 warp), $c16 (16), $c32 (32)"; fail=1; }
# spin lock: one stack a warp deadlocks; the report names the kernel and the CUDA line
"$bin" cuda -c h100 --set simt.model=stack --sass "$L/spinlock.sass" -- "$L/spinlock" > "$tmp/dead" 2>&1
grep -q "^error: deadlock in kernel 'lock_outside(int\*, int volatile\*)'" "$tmp/dead" \
    && grep -q "spinning without progress at pc [0-9]*, CUDA [a-z_]*\.hpp:[0-9]* (inlined at spinlock.cu:$(mark spinlock outside-spin))" "$tmp/dead" \
    || { echo "FAIL: spinlock: the deadlock is not reported by demangled kernel and CUDA line"; head -4 "$tmp/dead"; fail=1; }
[ $fail -eq 0 ] && echo "cuda_labs: the 9 lab programs pass, each with the figures its lab derives"
exit $fail
