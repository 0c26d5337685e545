#!/bin/sh
# Trace-driven runs: the A100 vectorAdd trace on every NVIDIA config, and
# hand-made traces for each address mode, tracer version, divergent masks,
# bank conflicts, barriers, atomics, .xz input and every trace error.
. "${top_srcdir:-.}/tests/lib.sh"
# the value of a counter in the first kernel of a JSON run
field() { printf '%s' "$1" | grep -o "\"$2\":[0-9.]*" | head -1 | cut -d: -f2; }

# ---- a recorded trace: vectorAdd on an A100 (26,601 warp instructions) ----
# (a copy: its binary cache, kernel-1.traceg.xz.wsb, is written beside it, not in the source tree)
va=$tmp/vectoradd-sm80/kernelslist.g
mkdir "$tmp/vectoradd-sm80" && cp "$top"/tests/traces/vectoradd-sm80/kernelslist.g "$top"/tests/traces/vectoradd-sm80/kernel-1.traceg.xz "$tmp/vectoradd-sm80/"
if [ -f "$va" ]; then
    for c in gt200 gf100 gf104 gk110 gm204 a100 h100; do
        out=$("$bin" trace -c "$c" --stats=json "$va" 2>&1)
        got="$(field "$out" warp_instructions) $(field "$out" global_line_requests) $(field "$out" global_sector_requests)"
        cycles=$(field "$out" cycles)
        # 1,563 warps x (2 loads + 1 store) of consecutive floats: one 128 B line and four 32 B
        # sectors each, but two sectors for the last warp's 16 threads
        if [ "$got" != "26601 4689 18750" ] || [ -z "$cycles" ] || [ "$cycles" -le 500 ]; then
            echo "FAIL: vectoradd on $c: warp instructions, lines, sectors = $got; $cycles cycles"; fail=1
        fi
    done
    expect 0 "00a0 LDG.E .*1563" -- "$bin" trace -c gf100 --per-pc "$va"
    expect 2 "NVIDIA traces have 32-lane warps" -- "$bin" trace -c gcn-tahiti "$va"
else
    echo "FAIL: the vectoradd-sm80 trace is missing"; fail=1
fi

# ---- hand-made traces ----
header() {  # header VERSION LINEINFO THREADS
    cat <<EOF
-kernel name = handmade
-kernel id = 1
-grid dim = (1,1,1)
-block dim = ($3,1,1)
-shmem = 4096
-nregs = 16
-binary version = 80
-cuda stream id = 0
-shmem base_addr = 0x00007f0000000000
-local mem base_addr = 0x00007e0000000000
-nvbit version = 1.7
-accelsim tracer version = $1
-enable lineinfo = $2

#traces format = [line_num] PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width [adrrescompress?] [mem_addresses] immediate

#BEGIN_TB

thread block = 0,0,0

EOF
}
list32() {  # 32 hex addresses from $1 step $2
    i=0; a=$1; s=""
    while [ $i -lt 32 ]; do s="$s $(printf '0x%x' $((a + i * $2)))"; i=$((i + 1)); done
    printf '%s' "$s"
}
deltas31() { i=1; s=""; while [ $i -lt 32 ]; do s="$s $1"; i=$((i + 1)); done; printf '%s' "$s"; }
imm() { [ "$1" -ge 5 ] && printf ' 0'; }   # the trailing immediate (tracer version 5)

# the same three coalesced loads in address modes 0, 1 and 2, in tracer versions 3, 4 (with line numbers) and 5
for v in 3 4 5; do
    li=0; pre=""; [ $v = 4 ] && li=1
    ln() { [ $li = 1 ] && printf '%s ' "$1"; }
    {
        header $v $li 32
        echo "warp = 0"; echo "insts = 5"
        echo "$(ln 10)0000 ffffffff 1 R2 LDG.E 1 R4 4 0$(list32 0x10000 4)$(imm $v)"
        echo "$(ln 11)0010 ffffffff 1 R3 LDG.E 1 R4 4 1 0x10080 4$(imm $v)"
        echo "$(ln 12)0020 ffffffff 1 R5 LDG.E 1 R4 4 2 0x10100$(deltas31 4)$(imm $v)"
        echo "$(ln 13)0030 ffffffff 1 R6 FADD 2 R2 R3$(printf ' 0')$(imm $v)"
        echo "$(ln 14)0040 ffffffff 0 EXIT 0 0$(imm $v)"
        echo "#END_TB"
    } > "$tmp/v$v.traceg"
    out=$("$bin" trace -c gf100 --stats=json "$tmp/v$v.traceg" 2>&1)
    eval "cycles_v$v=$(field "$out" cycles)"
    [ "$(field "$out" global_line_requests)" = 3 ] && [ "$(field "$out" global_sector_requests)" = 12 ] \
        && [ "$(field "$out" warp_instructions)" = 5 ] || { echo "FAIL: tracer version $v: $out" | head -c 600; fail=1; }
done
[ -n "$cycles_v5" ] && [ "$cycles_v3" = "$cycles_v5" ] && [ "$cycles_v4" = "$cycles_v5" ] \
    || { echo "FAIL: versions 3/4/5 of one trace differ: $cycles_v3 $cycles_v4 $cycles_v5"; fail=1; }
# numbers in every spelling the reader takes: upper-case hex and 0X, 16 hex
# digits, a pc with a leading zero run; the same statistics as v5
{ header 5 0 32; echo "warp = 0"; echo "insts = 5"
  echo "0000 FFFFFFFF 1 R2 LDG.E 1 R4 4 0$(list32 0x10000 4 | tr 'x' 'X') 0"
  echo "00000010 ffffffff 1 R3 LDG.E 1 R4 4 1 0x0000000000010080 4 0"
  echo "0020 ffffffff 1 R5 LDG.E 1 R4 4 2 0X10100$(deltas31 4) 0"
  echo "0030 ffffffff 1 R6 FADD 2 R2 R3 0 0"; echo "0040 ffffffff 0 EXIT 0 0 0"; echo "#END_TB"; } > "$tmp/spell.traceg"
a=$("$bin" trace -c gf100 --stats=json "$tmp/v5.traceg" | sed 's/,"host":{[^}]*}//; s/"file":"[^"]*"//; s/"trace":"[^"]*"//')
b=$("$bin" trace -c gf100 --stats=json "$tmp/spell.traceg" | sed 's/,"host":{[^}]*}//; s/"file":"[^"]*"//; s/"trace":"[^"]*"//')
[ -n "$a" ] && [ "$a" = "$b" ] || { echo "FAIL: number spellings change the run"; printf '%s\n%s\n' "$a" "$b" | head -c 800; fail=1; }
expect 0 "  1    11 0010 LDG.E " -- "$bin" trace -c gf100 --per-pc "$tmp/v4.traceg"
out=$("$bin" trace -c gf100 --stats=json "$tmp/v4.traceg")
printf '%s' "$out" | grep -q '"pc":1,"line":11,"text":"0010 LDG.E"' || { echo "FAIL: lineinfo not in per_pc"; fail=1; }
# addresses that fall from lane to lane: a negative stride (mode 1) and
# negative deltas (mode 2) give what the list of the same addresses gives
down() {  # down MODE-1-LINE MODE-2-LINE: a trace of those loads after a list
    { header 5 0 32; echo "warp = 0"; echo "insts = 3"
      echo "$1"; echo "$2"; echo "0020 ffffffff 0 EXIT 0 0 0"; echo "#END_TB"; } > "$tmp/down.traceg"
    "$bin" trace -c gf100 --stats=json "$tmp/down.traceg" | sed 's/,"host":{[^}]*}//; s/"file":"[^"]*"//; s/"trace":"[^"]*"//'
}
a=$(down "0000 ffffffff 1 R2 LDG.E 1 R4 4 0$(list32 0x30f80 -128) 0" "0010 ffffffff 1 R3 LDG.E 1 R4 4 0$(list32 0x2007c -4) 0")
b=$(down "0000 ffffffff 1 R2 LDG.E 1 R4 4 1 0x30f80 -128 0" "0010 ffffffff 1 R3 LDG.E 1 R4 4 2 0x2007c$(deltas31 -4) 0")
[ -n "$a" ] && [ "$a" = "$b" ] && [ "$(field "$a" global_line_requests)" = 33 ] \
    || { echo "FAIL: falling addresses: a stride or deltas below zero differ from the list"; printf '%s\n%s\n' "$a" "$b" | head -c 800; fail=1; }
# a strided access: 32 lanes 128 B apart touch 32 lines (mode 1 with a stride)
{ header 5 0 32; echo "warp = 0"; echo "insts = 2"
  echo "0000 ffffffff 1 R2 LDG.E 1 R4 4 1 0x20000 128 0"; echo "0010 ffffffff 0 EXIT 0 0 0"; echo "#END_TB"; } > "$tmp/stride.traceg"
out=$("$bin" trace -c gf100 --stats=json "$tmp/stride.traceg")
[ "$(field "$out" global_line_requests)" = 32 ] || { echo "FAIL: strided access: $(field "$out" global_line_requests) lines"; fail=1; }

# widths from the modifiers: 16 bytes per lane (.128) span 4 lines, 1 byte (.U8) one sector
{ header 5 0 32; echo "warp = 0"; echo "insts = 3"
  echo "0000 ffffffff 1 R4 LDG.E.128 1 R2 16 1 0x40000 16 0"
  echo "0010 ffffffff 1 R8 LDG.E.U8 1 R2 1 1 0x50000 1 0"; echo "0020 ffffffff 0 EXIT 0 0 0"; echo "#END_TB"; } > "$tmp/width.traceg"
out=$("$bin" trace -c gf100 --stats=json "$tmp/width.traceg")
[ "$(field "$out" global_line_requests)" = 5 ] && [ "$(field "$out" global_sector_requests)" = 17 ] \
    || { echo "FAIL: widths: $(field "$out" global_line_requests) lines, $(field "$out" global_sector_requests) sectors"; fail=1; }

# divergent masks: a branch splits the warp, each half runs its path, then they meet
{ header 5 0 32; echo "warp = 0"; echo "insts = 6"
  echo "0000 ffffffff 0 ISETP.GE.AND 1 R1 0 0"
  echo "0010 ffffffff 0 BRA 0 0 0"
  echo "0040 0000ffff 1 R2 FADD 2 R2 R2 0 0"
  echo "0050 0000ffff 0 BRA 0 0 0"
  echo "0020 ffff0000 1 R2 FMUL 2 R2 R2 0 0"
  echo "0060 ffffffff 0 EXIT 0 0 0"; echo "#END_TB"; } > "$tmp/div.traceg"
out=$("$bin" trace -c gf100 --stats=json "$tmp/div.traceg")
[ "$(field "$out" thread_instructions)" = 144 ] && [ "$(field "$out" divergent_branches)" = 1 ] \
    && [ "$(field "$out" branches)" = 2 ] || { echo "FAIL: divergent masks: $out" | head -c 700; fail=1; }

# shared memory: 32 lanes 8 bytes apart hit 16 banks twice: a 2-way conflict on gf100 (32 banks of 4 bytes)
{ header 5 0 32; echo "warp = 0"; echo "insts = 3"
  echo "0000 ffffffff 1 R2 LDS 1 R4 4 1 0x7f0000000000 8 0"
  echo "0010 ffffffff 1 R3 LDS 1 R4 4 1 0x7f0000000000 4 0"
  echo "0020 ffffffff 0 EXIT 0 0 0"; echo "#END_TB"; } > "$tmp/banks.traceg"
out=$("$bin" trace -c gf100 --stats=json "$tmp/banks.traceg")
printf '%s' "$out" | grep -q '"bank_conflict_degrees":{"1":1,"2":1,' && [ "$(field "$out" shared_loads)" = 2 ] \
    || { echo "FAIL: bank conflicts: $(printf '%s' "$out" | grep -o '"bank_conflict_degrees":{[^}]*}')"; fail=1; }

# a barrier: warp 1 reaches it at once and waits for warp 0's dependent chain
{ header 5 0 64; echo "warp = 0"; echo "insts = 6"
  for pc in 0000 0010 0020 0030; do echo "$pc ffffffff 1 R2 FADD 2 R2 R2 0 0"; done
  echo "0040 ffffffff 0 BAR.SYNC 0 0 0"; echo "0050 ffffffff 0 EXIT 0 0 0"
  echo "warp = 1"; echo "insts = 2"
  echo "0040 ffffffff 0 BAR.SYNC 0 0 0"; echo "0050 ffffffff 0 EXIT 0 0 0"; echo "#END_TB"; } > "$tmp/bar.traceg"
out=$("$bin" trace -c gf100 --stats=json "$tmp/bar.traceg")
waited=$(printf '%s' "$out" | grep -o '"barrier":[0-9]*' | head -1 | cut -d: -f2)
[ "$(field "$out" barriers)" = 2 ] && [ "${waited:-0}" -gt 10 ] || { echo "FAIL: barrier: $waited cycles waited"; fail=1; }

# atomics: 32 lanes add to one address; a reduction without a result
{ header 5 0 32; echo "warp = 0"; echo "insts = 3"
  echo "0000 ffffffff 1 R2 ATOMG.E.ADD.STRONG.GPU 2 R4 R6 4 1 0x30000 0 0"
  echo "0010 ffffffff 0 RED.E.ADD.STRONG.GPU 2 R4 R6 4 1 0x30000 0 0"
  echo "0020 ffffffff 0 EXIT 0 0 0"; echo "#END_TB"; } > "$tmp/atom.traceg"
out=$("$bin" trace -c gf100 --stats=json "$tmp/atom.traceg")
[ "$(field "$out" global_atomics)" = 2 ] && [ "$(field "$out" l2_atomics)" -ge 2 ] || { echo "FAIL: atomics: $out" | head -c 700; fail=1; }

# a list of copies and kernels, and an .xz kernel giving the same cycles
# (each kernel on a cold GPU: by default the second would find warm caches)
printf 'MemcpyHtoD,0x0000000000010000,4096\nkernel-1.traceg.xz\nkernel-2.traceg\n' > "$tmp/kernelslist.g"
cp "$tmp/v5.traceg" "$tmp/kernel-2.traceg"
xz -c "$tmp/v5.traceg" > "$tmp/kernel-1.traceg.xz"
out=$("$bin" trace -c gf100 --set launch.flush=all --stats=json "$tmp/kernelslist.g" 2>&1)
n=$(printf '%s' "$out" | grep -o "\"cycles\":$cycles_v5," | wc -l)
[ "$n" = 2 ] && printf '%s' "$out" | grep -q '"memcpy_h2d":{"copies":1,"bytes":4096}' \
    || { echo "FAIL: list with an .xz kernel: $out" | head -c 500; fail=1; }

# ---- round trip: every workload run with --emit-trace, then replayed, gives the same statistics ----
# (a trace holds no control-flow graph: the run's reconvergence points are left out)
kernels() { sed -e 's/.*"kernels":\[//' -e 's/\],"reports".*//' -e 's/\],"host".*//' \
                -e 's/,"reconverges_at_pc":[0-9]*,"reconverges_at_line":[0-9]*//g' "$1"; }
# (the quick pass, without WARPSIM_LONG=1: every third workload here and below)
i=0
for f in $(ls "$top"/workloads/*/*.sass | grep -v /workloads/cuda/); do
    case $f in *deadlock*) continue ;; esac
    i=$((i + 1)); [ -n "$long" ] || [ $((i % 3)) -eq 1 ] || continue
    rm -rf "$tmp/rt"
    if ! "$bin" run -c gf100 --stats=json --emit-trace "$tmp/rt" "$f" > "$tmp/run.json" 2> "$tmp/err" \
       || ! "$bin" trace -c gf100 --stats=json "$tmp/rt/kernelslist.g" > "$tmp/trace.json" 2>> "$tmp/err"; then
        echo "FAIL: round trip of $f: $(head -3 "$tmp/err")"; fail=1; continue
    fi
    kernels "$tmp/run.json" > "$tmp/run.k"; kernels "$tmp/trace.json" > "$tmp/trace.k"
    cmp -s "$tmp/run.k" "$tmp/trace.k" || { echo "FAIL: round trip of $f: the statistics differ"; fail=1; }
done
grep -q '^-warpsim pc 0 = ' "$tmp/rt/kernel-1.traceg" || { echo "FAIL: the emitted trace lacks its header"; fail=1; }
# the default label is a version Accel-Sim maps to an opcode table (its dev branch,
# gpu-simulator/trace-driven/trace_driven.cc: 35 60 61 70 75 80 86; 90 makes it print
# 'unsupported binary version: 90' and simulate nothing), on every config
for c in gt200 gf100 gk110 gm204 a100 h100; do
    rm -rf "$tmp/lab"
    "$bin" run -c $c --emit-trace "$tmp/lab" "$top/workloads/basics/vecadd.sass" > /dev/null 2>&1
    v=$(sed -n 's/^-binary version = //p' "$tmp/lab/kernel-1.traceg" 2>/dev/null)
    case " 35 60 61 70 75 80 86 " in *" $v "*) ;; *) echo "FAIL: -c $c labels its trace '-binary version = $v', which Accel-Sim does not read"; fail=1 ;; esac
    [ "$v" = 86 ] || { echo "FAIL: -c $c: the default label is $v, not 86"; fail=1; }
done
expect 0 "note: --emit-trace-version 90: Accel-Sim reads only binary versions 35, 60, 61, 70, 75, 80, 86" -- \
    "$bin" run --emit-trace-version 90 --emit-trace "$tmp/v90" "$top/workloads/basics/vecadd.sass"
grep -q '^-binary version = 90$' "$tmp/v90/kernel-1.traceg" || { echo "FAIL: --emit-trace-version 90 is not written"; fail=1; }
"$bin" run --emit-trace-version 80 --emit-trace "$tmp/v80" "$top/workloads/basics/vecadd.sass" 2>&1 | grep -q "note:" \
    && { echo "FAIL: a note for version 80, which Accel-Sim reads"; fail=1; }
expect 2 "emit-trace needs a timed run with 32-lane warps" -- "$bin" run --functional --emit-trace "$tmp/x" "$top/workloads/basics/vecadd.sass"
expect 2 "emit-trace needs a timed run with 32-lane warps" -- "$bin" run -c gcn-tahiti --emit-trace "$tmp/x" "$top/workloads/basics/vecadd.sass"
sed -e '/^-warpsim/d' -e 's/^-binary version = 86$/-binary version = 1/' "$tmp/rt/kernel-1.traceg" > "$tmp/nofacts.traceg"
expect 2 "needs the '-warpsim' header lines" -- "$bin" trace -c gf100 "$tmp/nofacts.traceg"
# bad header values: file:line:col at the value, and what it needs
bad_header() {
    sed "$1" "$tmp/v5.traceg" > "$tmp/badh.traceg"
    expect 2 "$2" -- "$bin" trace -c gf100 "$tmp/badh.traceg"
}
bad_header 's/^-grid dim = .*/-grid dim = (0,1,1)/' "badh.traceg:[0-9]*:13: error: '-grid dim' needs dimensions from 1"
bad_header 's/^-grid dim = .*/-grid dim = (1,70000,1)/' "'-grid dim' needs dimensions from 1 (x to 2^31-1, y and z to 65535), found '(1,70000,1)'"
bad_header 's/^-block dim = .*/-block dim = (abc)/' "badh.traceg:[0-9]*:14: error: '-block dim' needs (X,Y,Z), three whole numbers"
bad_header 's/^-block dim = .*/-block dim = (1024,1024,1)/' "at most 65536 threads in all"
bad_header 's/^-block dim = .*/-block dim = (32,1,99999999999999999999999)/' "at most 65536 threads in all"
bad_header 's/^-nregs = .*/-nregs = 99999/' "'-nregs' needs registers from 0 to 255, found '99999'"
bad_header 's/^-shmem = .*/-shmem = -5/' "'-shmem' needs bytes from 0 to 2^24, found '-5'"
bad_header 's/^-kernel name = .*/-kernel name =/' "'-kernel name' needs a kernel name"
bad_header '/^-grid dim/d' "badh.traceg:[0-9]*: the header ended here without a '-grid dim' line"
bad_header '/^-block dim/d' "without a '-block dim' line"
expect 2 "emit-trace-version 20 is not a SASS version" -- "$bin" run --emit-trace-version 20 --emit-trace "$tmp/x" "$top/workloads/basics/vecadd.sass"

# ---- emitted traces as Accel-Sim's parser reads them (gpu-simulator/trace-parser) ----
# every shipped 32-lane workload, emitted on gf100 and labelled 86 (or 90): the header
# ends at the first '#' line, so every '-warpsim' line comes before it and the only
# '#' lines are the format line and the block markers (any other '#' line inside the
# block stream is parsed as an instruction and trips an assertion); at most 1
# destination and 4 sources (MAX_DST, MAX_SRC); the mask is NVBit's, the lanes that
# executed: without the -warpsim lines the file is a plain SASS trace of that
# generation that must run (every opcode in its table, addresses for the mask's
# lanes, a partly predicated EXIT ends only its lanes); and it runs on a100 and h100
accel_rules() {  # accel_rules FILE
    awk 'BEGIN { fmt = 0; bad = "" }
         /^#/ { if ($0 ~ /^#traces format/) { if (fmt++) bad = bad " second-format-line" }
                else if ($0 != "#BEGIN_TB" && $0 != "#END_TB") bad = bad " comment:" NR
                next }
         /^-/ { if (fmt) bad = bad " header-after-format:" NR; next }
         /^(thread block|warp|insts) = / || /^$/ { next }
         { if ($4 > 1) bad = bad " dsts:" NR; n = 5 + $4; if ($(n + 1) > 4) bad = bad " srcs:" NR }
         END { if (!fmt) bad = bad " no-format-line"; if (bad != "") { print FILENAME ":" bad; exit 1 } }' "$1"
}
n_rules=0
i=0
for f in $(ls "$top"/workloads/*/*.sass | grep -v /workloads/cuda/); do
    case $f in *deadlock*) continue ;; esac
    i=$((i + 1)); [ -n "$long" ] || [ $((i % 3)) -eq 2 ] || case $f in *scan*) ;; *) continue ;; esac
    v=86; case $f in *scan*) v=90 ;; esac
    rm -rf "$tmp/ax"
    "$bin" run -c gf100 --emit-trace-version $v --emit-trace "$tmp/ax" "$f" > /dev/null 2> "$tmp/err" \
        || { echo "FAIL: --emit-trace of $f: $(head -3 "$tmp/err")"; fail=1; continue; }
    for k in "$tmp"/ax/kernel-*.traceg; do
        accel_rules "$k" || { echo "FAIL: $k of $f breaks Accel-Sim's parser rules"; fail=1; }
        grep -q "^-binary version = $v\$" "$k" || { echo "FAIL: $k is not labelled $v"; fail=1; }
        sed '/^-warpsim/d' "$k" > "${k%.traceg}.plain.traceg"
        n_rules=$((n_rules + 1))
    done
    sed 's/\.traceg$/.plain.traceg/' "$tmp/ax/kernelslist.g" > "$tmp/ax/plain.g"
    for c in a100 h100; do
        "$bin" trace -c $c "$tmp/ax/kernelslist.g" > /dev/null 2> "$tmp/err" \
            || { echo "FAIL: the trace of $f on $c: $(head -3 "$tmp/err")"; fail=1; }
    done
    "$bin" trace -c h100 "$tmp/ax/plain.g" > /dev/null 2> "$tmp/err" \
        || { echo "FAIL: the trace of $f without warpsim's lines, as plain SASS: $(head -3 "$tmp/err")"; fail=1; }
done
[ "$n_rules" -gt "$([ -n "$long" ] && echo 40 || echo 15)" ] || { echo "FAIL: only $n_rules emitted kernels checked"; fail=1; }
# an opcode the labelled generation lacks (IMUL24 on 86) is written as one of its
# opcodes of the same unit class, and the plain trace runs
sed 's/^        S2R   R2, SR_NTID.X$/        S2R   R2, SR_NTID.X\n        IMUL24 R20, R1, R2/' "$top/workloads/basics/vecadd.sass" > "$tmp/mul24.sass"
grep -q IMUL24 "$tmp/mul24.sass" || { echo "FAIL: no IMUL24 in the test kernel"; fail=1; }
rm -rf "$tmp/m24"
expect 0 "result: pass" -- "$bin" run -c gf100 --emit-trace "$tmp/m24" "$tmp/mul24.sass"
if grep -v '^-' "$tmp/m24/kernel-1.traceg" | grep -q ' IMUL24' || ! grep -q '^-warpsim pc 3 = IMUL24' "$tmp/m24/kernel-1.traceg"; then
    echo "FAIL: IMUL24 was not written as an opcode of generation 86"; fail=1
fi
sed '/^-warpsim/d' "$tmp/m24/kernel-1.traceg" > "$tmp/m24/plain.traceg"
expect 0 "warp instructions" -- "$bin" trace -c h100 "$tmp/m24/plain.traceg"
# NVBit's mask: a partly predicated EXIT (vecadd's bounds check) carries only the exiting lanes
rm -rf "$tmp/vx"
"$bin" run -c gf100 -D n=1000 --emit-trace "$tmp/vx" "$top/workloads/basics/vecadd.sass" > /dev/null
grep -E '^[0-9]+ [0-9a-f]{4} [0-9a-f]{8} 0 EXIT 0 0 ' "$tmp/vx/kernel-1.traceg" | grep -v ' ffffffff ' | grep -v ' 00000000 ' | grep -q . \
    || { echo "FAIL: no partly predicated EXIT with the exiting lanes as its mask"; fail=1; }
# a memory instruction no lane executes (warps past the end, their accesses
# guarded off): NVBit's tracer writes the opcode's width and an empty address
# (4 1 0x0 0; Accel-Sim asserts data_size > 0), and the reader takes it back
sed 's/^   @P0  EXIT.*$//; s/^        \([LS][DT]G\.E\.64\)/   @!P0 \1/' "$top/workloads/basics/vecadd.sass" > "$tmp/guarded.sass"
[ "$(grep -c '@!P0 [LS][DT]G' "$tmp/guarded.sass")" = 3 ] || { echo "FAIL: the guarded test kernel has not 3 guarded accesses"; fail=1; }
rm -rf "$tmp/gx"
expect 0 "result: pass" -- "$bin" run -c gf100 -D n=960 --emit-trace "$tmp/gx" "$tmp/guarded.sass"
z=$(grep -cE '^[0-9]+ [0-9a-f]{4} 00000000 [0-9]( R[0-9]+)? [LS][DT]G(\.E)?\.64 [0-9]( R[0-9]+)* 8 1 0x0 0 [0-9]+$' "$tmp/gx/kernel-1.traceg")
[ "$z" = 6 ] || { echo "FAIL: want 6 empty-mask accesses written as width 8, '1 0x0 0' (2 warps x 3), found $z:"; \
    grep ' 00000000 ' "$tmp/gx/kernel-1.traceg" | head -4; fail=1; }
[ "$(grep -cE '^[0-9]+ [0-9a-f]{4} 00000000 .*[LS][DT]G' "$tmp/gx/kernel-1.traceg")" = 6 ] \
    || { echo "FAIL: not 6 accesses without lanes (2 warps x 3) in the trace"; fail=1; }
sed '/^-warpsim/d' "$tmp/gx/kernel-1.traceg" > "$tmp/gx/plain.traceg"
for t in "$tmp/gx/kernelslist.g" "$tmp/gx/plain.traceg"; do
    "$bin" trace -c gf100 --stats=json "$t" > "$tmp/gx.json" 2> "$tmp/err" || { echo "FAIL: reading back $t: $(head -3 "$tmp/err")"; fail=1; }
    # 32 warps of 13 instructions; 30 warps with lanes load twice
    grep -q '"warp_instructions":416,.*"global_loads":60,' "$tmp/gx.json" \
        || { echo "FAIL: $t read back: want 416 warp instructions and 60 global loads"; \
             grep -o '"warp_instructions":[0-9]*\|"global_loads":[0-9]*' "$tmp/gx.json" | head -2; fail=1; }
done

# ---- errors: file:line and exit 2 ----
# (each with one thread and with two, whose run reads the blocks ahead on
# a thread of its own: sim/front/trace_ahead.c; the same words either way)
bad() {  # bad PATTERN LINE... : a v5 trace whose one warp holds the lines
    { header 5 0 32; echo "warp = 0"; echo "insts = $(($# - 1))"; p=$1; shift
      for l in "$@"; do echo "$l"; done; echo "#END_TB"; } > "$tmp/bad.traceg"
    expect 2 "$p" -- "$bin" trace -c gf100 --threads 1 "$tmp/bad.traceg"
    one=$out
    expect 2 "$p" -- "$bin" trace -c gf100 --threads 2 "$tmp/bad.traceg"
    [ "$one" = "$out" ] || { echo "FAIL: $p: one thread and two (read ahead) say different things"; fail=1; }
}
bad "bad.traceg:23: 11 fields, expected 10" "0000 ffffffff 1 R2 FADD 2 R2 R2 0 0 7"
bad "bad.traceg:23: expected 2 source registers" "0000 ffffffff 1 R2 FADD 2 R2"
bad "bad.traceg:23: address mode 0 needs 2 values for the 2 lanes of mask 00000003, found 1" "0000 00000003 1 R2 LDG.E 1 R4 4 0 0x100"
bad "bad.traceg:23: unknown address mode 7" "0000 ffffffff 1 R2 LDG.E 1 R4 4 7 0x100 4 0"
bad "bad.traceg:23: '4x' is not a decimal stride" "0000 ffffffff 1 R2 LDG.E 1 R4 4 1 0x100 4x 0"
bad "bad.traceg:23: '-' is not a decimal address delta" "0000 00000003 1 R2 LDG.E 1 R4 4 2 0x100 - 0"
bad "bad.traceg:23: '99999999999999999999' is not a decimal address delta" "0000 00000003 1 R2 LDG.E 1 R4 4 2 0x100 99999999999999999999 0"
bad "bad.traceg:23: opcode 'FROB' is not in the SASS table for -binary version 80" "0000 ffffffff 0 FROB 0 0 0"
bad "bad.traceg:23: HMMA.16816.F32 needs a tensor unit, but the config has unit_tensor.count = 0" \
    "0000 ffffffff 1 R2 HMMA.16816.F32 2 R4 R6 0 0"
sed 's/^insts = 5$/insts = 6/' "$tmp/v5.traceg" > "$tmp/short.traceg"
expect 2 "short.traceg:28: warp 0 has 5 of the 6 instructions its 'insts' line announced" -- "$bin" trace -c gf100 "$tmp/short.traceg"
sed 's/^-grid dim = (1,1,1)$/-grid dim = (2,1,1)/' "$tmp/v5.traceg" > "$tmp/oneblock.traceg"
expect 2 "oneblock.traceg:28: the file ends after 1 of the grid's 2 thread blocks" -- "$bin" trace -c gf100 "$tmp/oneblock.traceg"
head -24 "$tmp/v5.traceg" > "$tmp/cut.traceg"
expect 2 "cut.traceg:24: the file ends inside thread block (0,0,0)" -- "$bin" trace -c gf100 "$tmp/cut.traceg"
expect 2 "reading a .xz trace needs the xz program" -- env PATH=/nonexistent "$bin" trace --trace-cache=off -c gf100 "$tmp/kernel-1.traceg.xz"
# an error in a late block, far beyond the blocks read ahead (32): the
# blocks before it run, and the message is the one-thread run's
"$bin" run -c gf100 -D n=40000 --emit-trace "$tmp/many" "$top/workloads/basics/vecadd.sass" > /dev/null
blocks=$(grep -c '^#BEGIN_TB' "$tmp/many/kernel-1.traceg")
at=$(grep -n '^#BEGIN_TB' "$tmp/many/kernel-1.traceg" | sed -n "$((blocks - 3))p" | cut -d: -f1)
ln=$(awk -v a="$at" 'NR > a && /^[0-9]+ [0-9a-f]+ [0-9a-f]+ / { print NR; exit }' "$tmp/many/kernel-1.traceg")
sed "${ln}s/^\([0-9]* [0-9a-f]*\) /\1 zz/" "$tmp/many/kernel-1.traceg" > "$tmp/late.traceg"
for th in 1 2 3; do
    expect 2 "late.traceg:$ln: 'zz[0-9a-f]*' is not a hex 32-lane mask" -- "$bin" trace -c gf100 --threads $th "$tmp/late.traceg"
    [ $th -eq 1 ] && one=$out
    [ "$one" = "$out" ] || { echo "FAIL: the late error: $th threads say other things than one"; fail=1; }
done
[ "$blocks" -gt 100 ] || { echo "FAIL: the emitted trace has only $blocks blocks"; fail=1; }
# a run of many blocks, read ahead or not, and with the blocks of the
# text's end (the last block's #END_TB) or an .xz stream: the same statistics
a=$("$bin" trace -c gf100 --stats=json --trace-cache=off --threads 1 "$tmp/many/kernelslist.g" 2>&1 | sed 's/,"host":{[^}]*}//; s/"sets":\[[^]]*\]//')
b=$("$bin" trace -c gf100 --stats=json --trace-cache=off --threads 2 "$tmp/many/kernelslist.g" 2>&1 | sed 's/,"host":{[^}]*}//; s/"sets":\[[^]]*\]//')
printf '%s' "$a" | grep -q '"warp_instructions":' && [ "$a" = "$b" ] \
    || { echo "FAIL: a trace read ahead gave other statistics"; printf '%s\n%s\n' "$a" "$b" | head -c 600; fail=1; }
printf 'kernel-1.traceg\nkernel-9.traceg\n' > "$tmp/missing.g"
cp "$tmp/v5.traceg" "$tmp/kernel-1.traceg"
expect 2 "missing.g:2: cannot open kernel trace" -- "$bin" trace -c gf100 "$tmp/missing.g"
sed 's/-binary version = 80/-binary version = 20/' "$tmp/v5.traceg" > "$tmp/old.traceg"
expect 2 "binary version = 20 is not a GPU generation" -- "$bin" trace -c gf100 "$tmp/old.traceg"
expect 2 "cannot open trace list 'nothere.g'" -- "$bin" trace nothere.g
expect 2 "did you mean '--stats'" -- "$bin" trace --stat=json "$tmp/v5.traceg"
# options that need a value say so; the value may follow '=' or, for -c, be attached
for opt in --threads -c --config --set; do
    expect 2 "error: $opt needs a value" -- "$bin" trace "$opt"
done
expect 0 "cycles" -- "$bin" trace -cgf100 --threads=2 --set=sim.threads=1 "$tmp/v5.traceg"
exit $fail
