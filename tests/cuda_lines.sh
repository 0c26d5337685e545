#!/bin/sh
# tests/cuda_lines.sh — the views by CUDA source line (issue 62) on
# tests/cuda/programs/lines.cu, built with -lineinfo for sm_80 and sm_90 by
# regen_lines.sh (binaries, dumps and line tables committed: no nvcc, no
# GPU). The lines are found by the marks in lines.cu ("LINE: conflict" ...),
# not copied from warpsim's output: the divergent loop's lines run below
# 100% SIMD efficiency, the conflicting store's line has a worst conflict
# above 1-way, the uncoalesced load's line more than one line per access,
# the __syncthreads() line none of these. The source is found beside the
# program when the recorded path is gone, else under --source-path; without
# a table the views say once how to get one; --warp and the JSON name lines.
. "$(dirname "$0")/lib.sh"
P=$top/tests/cuda/programs
line_of() { grep -n "LINE: $1\$" "$P/lines.cu" | cut -d: -f1; }
unc=$(line_of uncoalesced); div=$(line_of divergent); body=$(line_of divergent-body)
conf=$(line_of conflict); inl=$(line_of inlined); sync=$((conf + 1))
[ -n "$unc" ] && [ -n "$div" ] && [ -n "$conf" ] && [ -n "$inl" ] || { echo "FAIL: lines.cu lacks its marks"; exit 1; }
# the row of line N in the per-line table of file F
row() { sed -n '/by CUDA source line/,$p' "$1" | grep "^  lines.cu:$2 "; }
simd() { row "$1" "$2" | awk '{ sub("%", "", $4); print $4 }'; }
for arch in 80 90; do
    cfg=$([ $arch = 90 ] && echo h100 || echo a100)
    d=$tmp/sm_$arch
    mkdir -p "$d/src"
    cp "$P/lines.sm_$arch" "$P/lines.sm_$arch.sass" "$P/lines.sm_$arch.elf.txt" "$d/"
    # the table records a path that does not exist here: the source is found beside the program
    sed 's#//\#\# File "[^"]*/lines.cu"#//\#\# File "/nonexistent/build/lines.cu"#; s#inlined at "[^"]*/lines.cu"#inlined at "/nonexistent/build/lines.cu"#g' \
        "$P/lines.sm_$arch.lines.txt" > "$d/lines.sm_$arch.lines.txt"
    grep -q '/nonexistent/build/lines.cu' "$d/lines.sm_$arch.lines.txt" || { echo "FAIL: sm_$arch: the table's paths were not rewritten"; fail=1; }
    cp "$P/lines.cu" "$d/"
    "$bin" cuda -c $cfg --per-pc --sass "$d/lines.sm_$arch.sass" -- "$d/lines.sm_$arch" > "$d/out" 2> "$d/err" \
        || { echo "FAIL: sm_$arch: exit $?"; cat "$d/err"; fail=1; continue; }
    grep -q "lessons: out\[0\] = .*: PASS" "$d/out" || { echo "FAIL: sm_$arch: the program's own check:"; cat "$d/out"; fail=1; }
    grep -q "by CUDA source line" "$d/err" || { echo "FAIL: sm_$arch: no table by CUDA line"; sed -n 1,40p "$d/err"; fail=1; continue; }
    grep -q "launch 0: kernel lessons(float const\*, float\*, int) grid" "$d/err" || { echo "FAIL: sm_$arch: kernel name not demangled"; fail=1; }
    # divergence: the loop and its body below 100%; __syncthreads() at 100%
    for l in $div $inl; do
        s=$(simd "$d/err" $l)
        [ -n "$s" ] && [ "$s" -lt 100 ] || { echo "FAIL: sm_$arch: line $l (divergent) SIMD '$s', want < 100"; row "$d/err" $l; fail=1; }
    done
    [ "$(simd "$d/err" $sync)" = 100 ] || { echo "FAIL: sm_$arch: line $sync (__syncthreads) not at 100% SIMD"; row "$d/err" $sync; fail=1; }
    # the bank conflict: tile[t * 32], every lane in one bank
    deg=$(row "$d/err" $conf | sed -n 's/.*worst bank conflict \([0-9]*\)-way.*/\1/p')
    [ -n "$deg" ] && [ "$deg" -gt 1 ] || { echo "FAIL: sm_$arch: line $conf's worst conflict '$deg', want > 1"; row "$d/err" $conf; fail=1; }
    row "$d/err" $sync | grep -q "bank conflict" && { echo "FAIL: sm_$arch: line $sync has shared accesses"; fail=1; }
    # the uncoalesced load: in[t * stride], a line per lane
    lpa=$(row "$d/err" $unc | sed -n 's/.*\[\([0-9.]*\) lines\/access.*/\1/p')
    awk -v v="$lpa" 'BEGIN { exit !(v > 1) }' || { echo "FAIL: sm_$arch: line $unc's lines/access '$lpa', want > 1"; row "$d/err" $unc; fail=1; }
    # the source text beside each line, found beside the program
    sed -n "/^  lines.cu:$conf /{n;p}" "$d/err" | grep -q "|    tile\[t \* 32\] = v;" \
        || { echo "FAIL: sm_$arch: line $conf's source text not shown"; fail=1; }
    # the per-PC table names each instruction's line
    grep -q "^ *[0-9]* *[0-9]* lines.cu:$conf  *STS" "$d/err" || { echo "FAIL: sm_$arch: the STS is not on line $conf in --per-pc"; fail=1; }
done
d=$tmp/sm_90
# the source elsewhere: said, then found with --source-path
mv "$d/lines.cu" "$d/src/"
"$bin" cuda -c h100 --per-pc --sass "$d/lines.sm_90.sass" -- "$d/lines.sm_90" > /dev/null 2> "$d/err"
grep -q "source /nonexistent/build/lines.cu not found.*--source-path" "$d/err" || { echo "FAIL: a missing source is not said"; fail=1; }
"$bin" cuda -c h100 --per-pc --source-path "$d/src" --sass "$d/lines.sm_90.sass" -- "$d/lines.sm_90" > /dev/null 2> "$d/err"
sed -n "/^  lines.cu:$conf /{n;p}" "$d/err" | grep -q "tile\[t \* 32\]" || { echo "FAIL: --source-path: the source is not shown"; fail=1; }
expect 2 "source-path $d/nowhere: no such folder" -- "$bin" cuda -c h100 --source-path "$d/nowhere" --sass "$d/lines.sm_90.sass" -- "$d/lines.sm_90"
# JSON: file and line per PC, a per_line array with the conflict's degree
"$bin" cuda -c h100 --stats=json --stats-file "$d/s.json" --sass "$d/lines.sm_90.sass" -- "$d/lines.sm_90" > /dev/null 2>&1
grep -q "\"source_file\":\"/nonexistent/build/lines.cu\",\"source_line\":$conf" "$d/s.json" || { echo "FAIL: JSON: no source_line $conf in per_pc"; fail=1; }
tr '{' '\n' < "$d/s.json" | grep "\"file\":\"/nonexistent/build/lines.cu\",\"line\":$conf," | grep -q '"worst_bank_conflict":\([2-9]\|[1-9][0-9]\)' \
    || { echo "FAIL: JSON: per_line lacks line $conf with its conflict"; fail=1; }
grep -q '"name":"_Z7lessonsPKfPfi","demangled_name":"lessons(float const\*, float\*, int)"' "$d/s.json" || { echo "FAIL: JSON: names"; fail=1; }
# --warp rows name the line
"$bin" cuda -c h100 --warp 0:0 --sass "$d/lines.sm_90.sass" -- "$d/lines.sm_90" > /dev/null 2> "$d/err"
grep -q "lines.cu:$conf  *STS" "$d/err" || { echo "FAIL: --warp rows do not name line $conf"; grep -m3 STS "$d/err"; fail=1; }
# --banks and --coalesce by CUDA line: the line's first such access
"$bin" cuda -c h100 --banks lines.cu:$conf --coalesce lines.cu:$unc --sass "$d/lines.sm_90.sass" -- "$d/lines.sm_90" > /dev/null 2> "$d/err"
grep -q "^bank map of kernel lessons(.*(STS " "$d/err" && grep -q "worst conflict \([2-9]\|[1-9][0-9]\)-way" "$d/err" \
    || { echo "FAIL: --banks lines.cu:$conf: no bank map of the STS with a conflict"; grep -A3 "bank map" "$d/err"; fail=1; }
grep -q "^coalescing map of kernel lessons(.*(LDG " "$d/err" && grep -q "^\([2-9]\|[1-9][0-9]\) line requests" "$d/err" \
    || { echo "FAIL: --coalesce lines.cu:$unc: no map of the LDG with several lines"; grep -A3 "coalescing map" "$d/err"; fail=1; }
expect 0 "no shared-memory access on lines.cu:$sync" -- "$bin" cuda -c h100 --banks lines.cu:$sync --sass "$d/lines.sm_90.sass" -- "$d/lines.sm_90"
expect 2 "or FILE:LINE\[:N\]" -- "$bin" cuda -c h100 --banks lines.cu:x --sass "$d/lines.sm_90.sass" -- "$d/lines.sm_90"
# warpsim asm: the CUDA line (and its text) above its instructions
"$bin" asm "$P/lines.sm_90.sass" > "$d/asm" 2>&1
sed -n "/^  # lines.cu:$conf /,/^  #/p" "$d/asm" | grep -q "STS" && grep -q "^  # lines.cu:$conf .*tile\[t \* 32\] = v;" "$d/asm" \
    || { echo "FAIL: warpsim asm does not show line $conf above its STS"; fail=1; }
# the timeline: the kernel demangled, each issue with its CUDA line
"$bin" cuda -c h100 --timeline "$d/t.json" --sass "$d/lines.sm_90.sass" -- "$d/lines.sm_90" > /dev/null 2>&1
grep -q '"kernel":"lessons(float const\*, float\*, int)"' "$d/t.json" && grep -q "\"CUDA line\":\"lines.cu:$conf\"" "$d/t.json" \
    || { echo "FAIL: the timeline lacks the demangled kernel or line $conf"; fail=1; }
# without a table: SASS only, and said once
rm "$d/lines.sm_90.lines.txt"
"$bin" cuda -c h100 --per-pc --sass "$d/lines.sm_90.sass" -- "$d/lines.sm_90" > /dev/null 2> "$d/err"
[ "$(grep -c "no CUDA source lines: build the program with 'nvcc -lineinfo'" "$d/err")" = 1 ] \
    || { echo "FAIL: without a table, the way to get one is not said once"; fail=1; }
grep -q "by CUDA source line" "$d/err" && { echo "FAIL: a table by line without a line table"; fail=1; }
[ $fail -eq 0 ] && echo "cuda_lines: per-line figures on sm_80 and sm_90 name the divergent, conflicting and uncoalesced lines"
exit $fail
