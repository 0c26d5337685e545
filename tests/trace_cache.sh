#!/bin/sh
# The binary cache of a kernel trace (FILE.wsb beside FILE, sim/front/trace_bin.c):
# written by the first run, read by the next (the text is not read), the same
# statistics; a damaged, truncated, stale or misplaced cache and a directory
# that cannot take one fall back to the text; --trace-cache=off|refresh.
. "${top_srcdir:-.}/tests/lib.sh"
# the statistics of a JSON run, without the host's figures (and the paths, for a copy elsewhere)
stats() { sed 's/,"host":{[^}]*}//; s/"file":"[^"]*"//; s/"trace":"[^"]*"//'; }
# a text trace is cached only once its time is 2 s old (sim/front/trace_bin.c, settled)
age() { touch -d '1 minute ago' "$@"; }
inode() { ls -i "$1" 2>/dev/null | cut -d' ' -f1; }
leftovers() { ls "$1" | grep -q '\.wsb\.' && { echo "FAIL: a temporary cache file is left in $1: $(ls "$1")"; fail=1; }; }

# ---- emitted traces: vecadd, a histogram (atomics, shared memory) and a three-kernel scan ----
"$bin" run -c gf100 --emit-trace "$tmp/va" "$top/workloads/basics/vecadd.sass" > /dev/null \
    && "$bin" run -c gf100 -D n=65536 --emit-trace "$tmp/hi" "$top/workloads/histogram/v3_shared_bins.sass" > /dev/null \
    && "$bin" run -c gf100 -D n=8192 --emit-trace "$tmp/sc" "$top/workloads/scan/block_scan.sass" > /dev/null \
    || { echo "FAIL: --emit-trace"; exit 1; }
for d in va hi sc; do
    age "$tmp/$d"/kernel-*.traceg
    list=$tmp/$d/kernelslist.g
    "$bin" trace -c gf100 --stats=json --trace-cache=off "$list" | stats > "$tmp/$d.text"
    ls "$tmp/$d" | grep -q '\.wsb' && { echo "FAIL: $d: --trace-cache=off wrote a cache"; fail=1; }
    "$bin" trace -c gf100 --stats=json "$list" | stats > "$tmp/$d.first"
    for k in "$tmp/$d"/kernel-*.traceg; do
        [ -s "$k.wsb" ] || { echo "FAIL: $d: the first run left no cache $k.wsb"; fail=1; }
    done
    "$bin" trace -c gf100 --stats=json "$list" | stats > "$tmp/$d.cached"
    [ -s "$tmp/$d.text" ] && cmp -s "$tmp/$d.text" "$tmp/$d.first" && cmp -s "$tmp/$d.text" "$tmp/$d.cached" \
        || { echo "FAIL: $d: the statistics of the text, the writing run and the cached run differ"; fail=1; }
    leftovers "$tmp/$d"
done
# the cache a run writes while its blocks are read ahead (two threads:
# sim/front/trace_ahead.c) is the one a run of one thread writes, byte for byte
for th in 1 2; do
    "$bin" trace -c gf100 --threads $th --trace-cache=refresh "$tmp/hi/kernelslist.g" > /dev/null
    cp "$tmp/hi/kernel-1.traceg.wsb" "$tmp/hi-cache-$th"
done
[ -s "$tmp/hi-cache-1" ] && cmp -s "$tmp/hi-cache-1" "$tmp/hi-cache-2" \
    || { echo "FAIL: the cache written with the blocks read ahead differs from one thread's"; fail=1; }
# a hand-made SASS trace: addresses spread over more than 4 GB, within 64 KB and
# between, not evenly spaced; an empty mask; a pc whose registers differ in another warp
lanes() {  # lanes N HI LO: N hex addresses, HI * 2^32 + LO, expressions of i (below 2^31 each: awk's %x)
    awk -v n="$1" "BEGIN { for (i = 0; i < n; i++) printf \" 0x%x%08x\", $2, $3 }"
}
{ printf '%s\n' "-kernel name = handmade" "-kernel id = 1" "-grid dim = (2,1,1)" "-block dim = (64,1,1)" "-shmem = 4096" \
      "-nregs = 16" "-binary version = 80" "-accelsim tracer version = 5" "-enable lineinfo = 0" "" "#traces format = PC mask ..." ""
  for blk in 0 1; do
      printf '%s\n' "#BEGIN_TB" "thread block = $blk,0,0" "warp = 0" "insts = 6"
      echo "0000 ffffffff 1 R2 LDG.E 1 R4 4 0$(lanes 32 "i % 3" "4096 + i * 4 + (i * i % 7) * 64 + $blk * 8") 0"
      echo "0010 0000ffff 1 R3 LDS 1 R4 4 0$(lanes 16 0 "(i * 37 % 16) * 4 + 128") 0"
      echo "0020 ffffffff 1 R5 LDG.E 1 R4 4 2 0x10000$(awk 'BEGIN { for (i = 1; i < 32; i++) printf " %d", i % 2 ? 4 : 70000 }') 0"
      echo "0030 00000000 1 R6 LDG.E 1 R4 4 1 0x20000 4 0"
      echo "0040 ffffffff 1 R6 FADD 2 R2 R3 0 0"
      echo "0050 ffffffff 0 EXIT 0 0 0"
      printf '%s\n' "warp = 1" "insts = 3"
      echo "0040 ffffffff 1 R7 FADD 2 R5 R6 0 0"
      echo "0000 0f0f0f0f 1 R2 LDG.E 1 R4 4 1 0x30000 4 0"
      echo "0050 ffffffff 0 EXIT 0 0 0"
      echo "#END_TB"
  done; } > "$tmp/hand.traceg"
age "$tmp/hand.traceg"
a=$("$bin" trace -c gf100 --stats=json --trace-cache=off "$tmp/hand.traceg" 2>&1 | stats)
b=$("$bin" trace -c gf100 --stats=json "$tmp/hand.traceg" 2>&1 | stats)
c=$("$bin" trace -c gf100 --stats=json "$tmp/hand.traceg" 2>&1 | stats)
printf '%s' "$a" | grep -q '"warp_instructions":18,' && [ "$a" = "$b" ] && [ "$a" = "$c" ] && [ -s "$tmp/hand.traceg.wsb" ] \
    || { echo "FAIL: the hand-made trace differs with its cache"; printf '%s\n%s\n' "$a" "$c" | head -c 600; fail=1; }

# the per-PC view (opcode texts and lines from the cache's tables)
a=$("$bin" trace -c gf100 --per-pc --trace-cache=off "$tmp/hi/kernelslist.g")
b=$("$bin" trace -c gf100 --per-pc "$tmp/hi/kernelslist.g")
[ -n "$a" ] && [ "$a" = "$b" ] || { echo "FAIL: --per-pc differs with the cache"; fail=1; }

# the cached run reads no text: the same size and time, other bytes, the same statistics
k=$tmp/va/kernel-1.traceg
cp -p "$k" "$tmp/saved.traceg"
tr -c '\n' 'x' < "$tmp/saved.traceg" > "$k"; touch -r "$tmp/saved.traceg" "$k"
"$bin" trace -c gf100 --stats=json "$tmp/va/kernelslist.g" | stats > "$tmp/va.blind"
cmp -s "$tmp/va.text" "$tmp/va.blind" || { echo "FAIL: the second run did not use the cache"; fail=1; }
cp -p "$tmp/saved.traceg" "$k"
cp "$k.wsb" "$tmp/good.wsb"

# ---- damage: bytes flipped in a block, in the trailer, a truncated file, another file ----
run_damaged() {  # run_damaged WHAT: the statistics as the text's, a note, the cache written anew
    out=$("$bin" trace -c gf100 --stats=json "$tmp/va/kernelslist.g" 2> "$tmp/err"); st=$?
    printf '%s\n' "$out" | stats > "$tmp/va.damaged"
    [ $st = 0 ] && cmp -s "$tmp/va.text" "$tmp/va.damaged" || { echo "FAIL: $1: exit $st, or the statistics differ"; fail=1; }
    [ "$(wc -l < "$tmp/err")" -le 1 ] || { echo "FAIL: $1: more than a line on stderr: $(cat "$tmp/err")"; fail=1; }
    cmp -s "$k.wsb" "$tmp/good.wsb" || { echo "FAIL: $1: the cache was not written anew as it was"; fail=1; }
    leftovers "$tmp/va"
}
size=$(wc -c < "$k.wsb")
for at in 200 $((size / 2)) $((size - 100)); do
    printf 'XYZW' | dd of="$k.wsb" bs=1 seek=$at conv=notrunc 2> /dev/null
    run_damaged "4 bytes flipped at $at of $size"
    grep -q "note: the trace cache .*kernel-1.traceg.wsb is damaged" "$tmp/err" || { echo "FAIL: no note for a damaged cache: $(cat "$tmp/err")"; fail=1; }
done
head -c $((size / 3)) "$tmp/good.wsb" > "$k.wsb"
run_damaged "a cache cut at a third"
: > "$k.wsb"
run_damaged "an empty cache"
printf 'kernel-1.traceg\n' > "$k.wsb"
run_damaged "a text file as the cache"
# another warpsim's layout (the format word): ignored without a note, written anew
printf '\377' | dd of="$k.wsb" bs=1 seek=8 conv=notrunc 2> /dev/null
run_damaged "another format"
[ -s "$tmp/err" ] && { echo "FAIL: a note for a cache of another format: $(cat "$tmp/err")"; fail=1; }

# ---- a changed text: another size, or the same bytes with a new time: the cache is ignored and rebuilt ----
"$bin" run -c gf100 -D n=1000 --emit-trace "$tmp/va2" "$top/workloads/basics/vecadd.sass" > /dev/null
cp "$tmp/va2/kernel-1.traceg" "$k"; age "$k"
"$bin" trace -c gf100 --stats=json --trace-cache=off "$tmp/va/kernelslist.g" | stats > "$tmp/va2.text"
"$bin" trace -c gf100 --stats=json "$tmp/va/kernelslist.g" | stats > "$tmp/va2.cached"
"$bin" trace -c gf100 --stats=json "$tmp/va/kernelslist.g" | stats > "$tmp/va2.again"
cmp -s "$tmp/va2.text" "$tmp/va2.cached" && cmp -s "$tmp/va2.text" "$tmp/va2.again" && ! cmp -s "$tmp/va.text" "$tmp/va2.text" \
    || { echo "FAIL: a trace of another size ran with its old cache"; fail=1; }
cp -p "$tmp/saved.traceg" "$k"
"$bin" trace -c gf100 "$tmp/va/kernelslist.g" > /dev/null
before=$(inode "$k.wsb")
touch -d '30 seconds ago' "$k"
"$bin" trace -c gf100 "$tmp/va/kernelslist.g" > /dev/null
[ -n "$before" ] && [ "$(inode "$k.wsb")" != "$before" ] || { echo "FAIL: a new time of the text did not rebuild the cache"; fail=1; }
# refresh writes it anew; off leaves it alone
before=$(inode "$k.wsb")
"$bin" trace -c gf100 --trace-cache=refresh "$tmp/va/kernelslist.g" > /dev/null
[ "$(inode "$k.wsb")" != "$before" ] || { echo "FAIL: --trace-cache=refresh did not write the cache anew"; fail=1; }
before=$(inode "$k.wsb")
"$bin" trace -c gf100 --trace-cache=off "$tmp/va/kernelslist.g" > /dev/null
[ "$(inode "$k.wsb")" = "$before" ] || { echo "FAIL: --trace-cache=off touched the cache"; fail=1; }
expect 2 "trace-cache takes on, off or refresh, found 'sometimes'" -- "$bin" trace --trace-cache=sometimes "$tmp/va/kernelslist.g"
# a text just written is not cached yet (its time could still hide a change)
cp "$tmp/saved.traceg" "$tmp/fresh.traceg"
"$bin" trace -c gf100 "$tmp/fresh.traceg" > /dev/null
[ -e "$tmp/fresh.traceg.wsb" ] && { echo "FAIL: a text written this second was cached"; fail=1; }

# ---- where no cache can be written: the run is the same, nothing is left ----
mkdir "$tmp/ro"; cp -p "$tmp/saved.traceg" "$tmp/ro/kernel-1.traceg"; printf 'kernel-1.traceg\n' > "$tmp/ro/kernelslist.g"
if [ "$(id -u)" != 0 ]; then   # (root writes in a directory without write permission)
    chmod a-w "$tmp/ro"
    out=$("$bin" trace -c gf100 --stats=json "$tmp/ro/kernelslist.g" 2>&1 | stats)
    chmod u+w "$tmp/ro"
    [ "$out" = "$(cat "$tmp/va.text")" ] && [ ! -e "$tmp/ro/kernel-1.traceg.wsb" ] \
        || { echo "FAIL: a directory without write permission: $(printf '%s' "$out" | head -c 300)"; fail=1; }
fi
mkdir "$tmp/ro/kernel-1.traceg.wsb"   # a directory in the cache's place: it cannot be replaced
out=$("$bin" trace -c gf100 --stats=json "$tmp/ro/kernelslist.g" 2> /dev/null | stats)
[ "$out" = "$(cat "$tmp/va.text")" ] && [ -d "$tmp/ro/kernel-1.traceg.wsb" ] || { echo "FAIL: a directory in the cache's place"; fail=1; }
leftovers "$tmp/ro"
# a text with an error leaves no cache
head -c 20000 "$tmp/saved.traceg" > "$tmp/cut.traceg"; age "$tmp/cut.traceg"
expect 2 "a truncated trace" -- "$bin" trace -c gf100 "$tmp/cut.traceg"
[ -e "$tmp/cut.traceg.wsb" ] && { echo "FAIL: a trace with an error was cached"; fail=1; }
leftovers "$tmp"

# ---- a message from a cached run names the line the text run names: the
# line each form was first read on, which the cache keeps beside the form ----
mkdir "$tmp/unit"
{ printf '%s\n' "-kernel name = units" "-kernel id = 1" "-grid dim = (1,1,1)" "-block dim = (64,1,1)" "-shmem = 0" \
      "-nregs = 16" "-binary version = 80" "-cuda stream id = 0" "-shmem base_addr = 0x00007f0000000000" \
      "-local mem base_addr = 0x00007e0000000000" "-nvbit version = 1.7" "-accelsim tracer version = 5" \
      "-enable lineinfo = 0" "" "#traces format = PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width" \
      "" "#BEGIN_TB" "" "thread block = 0,0,0" "" "warp = 0" "insts = 2" \
      "0000 ffffffff 1 R2 IADD3 2 R2 R2 0 0" "0010 ffffffff 0 EXIT 0 0 0" "warp = 1" "insts = 3" \
      "0000 ffffffff 1 R2 IADD3 2 R2 R2 0 0" "0010 ffffffff 1 R4 HMMA.16816.F32 2 R4 R6 0 0" \
      "0020 ffffffff 0 EXIT 0 0 0" "#END_TB"; } > "$tmp/unit/kernel-1.traceg"
echo "MemcpyHtoD,0x0000000000000000,0" > "$tmp/unit/kernelslist.g"; echo kernel-1.traceg >> "$tmp/unit/kernelslist.g"
age "$tmp/unit/kernel-1.traceg"
"$bin" trace -c gf100 --set unit_tensor.count=1 "$tmp/unit/kernelslist.g" > /dev/null 2>&1
[ -s "$tmp/unit/kernel-1.traceg.wsb" ] || { echo "FAIL: no cache of the tensor trace"; fail=1; }
for m in off on; do
    expect 2 "kernel-1.traceg:28: HMMA.16816.F32 needs a tensor unit" -- \
        "$bin" trace -c gf100 --set unit_tensor.count=0 --trace-cache=$m "$tmp/unit/kernelslist.g"
done

# ---- the shipped A100 trace (.xz): cached, the second run needs no xz ----
mkdir "$tmp/xz"; cp "$top"/tests/traces/vectoradd-sm80/kernelslist.g "$top"/tests/traces/vectoradd-sm80/kernel-1.traceg.xz "$tmp/xz/"; age "$tmp/xz/kernel-1.traceg.xz"
a=$("$bin" trace -c a100 --stats=json --trace-cache=off "$tmp/xz/kernelslist.g" | stats)
"$bin" trace -c a100 --stats=json "$tmp/xz/kernelslist.g" > /dev/null
[ -s "$tmp/xz/kernel-1.traceg.xz.wsb" ] || { echo "FAIL: no cache of the .xz trace"; fail=1; }
b=$(env PATH=/nonexistent "$bin" trace -c a100 --stats=json "$tmp/xz/kernelslist.g" | stats)
[ -n "$a" ] && [ "$a" = "$b" ] || { echo "FAIL: the cached .xz trace differs, or needed xz"; fail=1; }
exit $fail
