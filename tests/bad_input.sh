#!/bin/sh
# Bad input of every kind, each case checked for: the exit status (2 bad
# input, 3 a kernel fault or limit), a message that names the place (file:
# line:col with a caret, or kernel/block/warp/PC, or the option) and one
# that says what to do, and no output file left behind (each case writes
# into an empty directory, which must stay empty).
. "${top_srcdir:-.}/tests/lib.sh"
# each case runs in its own empty directory: absolute paths
top=$(cd "$top" && pwd)
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
wl=$top/workloads/basics/vecadd.sass
out=$tmp/out
cases=0
# bad STATUS LOCATION ADVICE -- command...   (LOCATION, ADVICE: grep -E patterns)
bad() {
    want=$1 loc=$2 advice=$3; shift 4
    rm -rf "$out"; mkdir "$out"
    msg=$(cd "$out" && "$@" 2>&1 >/dev/null); got=$?
    cases=$((cases + 1))
    if [ "$got" -ne "$want" ]; then echo "FAIL [$cases]: exit $got, want $want: $*"; echo "$msg" | head -5; fail=1; return; fi
    printf '%s' "$msg" | grep -Eq -- "$loc" || { echo "FAIL [$cases]: no location /$loc/: $*"; echo "$msg" | head -5; fail=1; }
    printf '%s' "$msg" | grep -Eq -- "$advice" || { echo "FAIL [$cases]: no advice /$advice/: $*"; echo "$msg" | head -5; fail=1; }
    [ -z "$(ls -A "$out")" ] || { echo "FAIL [$cases]: files left: $(ls -A "$out"): $*"; fail=1; }
}
# a copy of vecadd.sass with sed expression $1 applied, as $tmp/w.sass
mutate() { sed "$1" "$wl" > "$tmp/w.sass"; }
W=$tmp/w.sass
at() { printf '%s' "w.sass:$1"; }

# ---- the assembler ----
mutate 's/IMAD  R0, R1, R2, R0/IMAD4 R0, R1, R2, R0/';          bad 2 "$(at 12:9)" "did you mean 'IMAD'" -- "$bin" run "$W"
mutate 's/ISETP.GE.U32.AND/ISETP.GE.U32.ADN/';                   bad 2 "$(at 13:)" "did you mean '.AND'" -- "$bin" run "$W"
mutate 's/S2R   R0, SR_TID.X/S2R   R0, SR_TID.W/';               bad 2 "$(at 9:)" "did you mean 'SR_TID.X'" -- "$bin" run "$W"
mutate 's/DADD  R8, R8, R10/DADD  R9, R8, R10/';                 bad 2 "$(at 19:)" "cannot hold a 64-bit value" -- "$bin" run "$W"
mutate 's/c\[n\]/c[nn]/';                                        bad 2 "$(at 13:)" "did you mean 'n'" -- "$bin" run "$W"
mutate 's/^   @P0  EXIT/   @P0  BRA nowhere/';                   bad 2 "$(at 14:)" "undefined label" -- "$bin" run "$W"
mutate 's/IMAD  R0, R1, R2, R0/IADD3 R0, R1, 1e30, RZ/';         bad 2 "$(at 12:)" "expected an integer" -- "$bin" run "$W"
mutate 's/IMAD  R0, R1, R2, R0/FADD R0, R1, 1e300/';             bad 2 "$(at 12:)" "beyond the f32 range" -- "$bin" run "$W"
mutate 's/IMAD  R0, R1, R2, R0/IADD3 R0, R1, 0x1ffffffff, RZ/';  bad 2 "$(at 12:)" "does not fit in 32 bits" -- "$bin" run "$W"
mutate 's/^\.param n u32/.param n u128/';                        bad 2 "$(at 8:)" "unknown parameter type" -- "$bin" run "$W"
mutate 's/^\.param n u32/.param a u32/';                         bad 2 "$(at 8:)" "declared twice" -- "$bin" run "$W"
mutate '23d';                                                    bad 2 "$(at 24:1)" "add .end after its last instruction" -- "$bin" run "$W"
mutate '33d';                                                    bad 2 "$(at 25:)" "has no .end" -- "$bin" run "$W"
mutate 's/^\.kernel vecadd/.kernal vecadd/';                     bad 2 "$(at 4:1)" "did you mean '.kernel'" -- "$bin" run "$W"
mutate 's/^        EXIT$/        NOP/';                           bad 2 "$(at 22:)" "can run past its last instruction" -- "$bin" run "$W"
mutate 's/STG.E.64 \[R4\], R8/STG.E.64 [R4, R8/';                bad 2 "$(at 21:)" "missing '\]'" -- "$bin" run "$W"
mutate 's/LDG.E.64 R8, \[R4\]/LDG.E.64 R8, [R5]/';               bad 2 "$(at 17:)" "cannot hold a 64-bit address" -- "$bin" run "$W"
mutate 's/MOV/MOV/; s/S2R   R1, SR_CTAID.X/MOV R1, R2, 3, R3/';  bad 2 "$(at 10:)" "takes 3 operands" -- "$bin" run "$W"
# ---- the manifest ----
mutate 's/let n = 10000/lett n = 10000/';                        bad 2 "$(at 26:3)" "did you mean 'let'" -- "$bin" run "$W"
mutate 's/let n = 10000/let n = 10000 +/';                       bad 2 "$(at 26:)" "expected a number or a name" -- "$bin" run "$W"
mutate 's/let n = 10000/let n = 7 \/ (3 - 3)/';                  bad 2 "$(at 26:13)" "divisor must not be 0" -- "$bin" run "$W"
mutate 's/let n = 10000/let n = 7 % 0/';                         bad 2 "$(at 26:13)" "divisor must not be 0" -- "$bin" run "$W"
mutate 's/let n = 10000/let n = 1 << 5000/';                     bad 2 "$(at 26:)" "keep values within" -- "$bin" run "$W"
mutate "s/let n = 10000/let n = $(awk 'BEGIN { for (i = 0; i < 3000; i++) printf "1+"; print 1 }')/"
                                                                 bad 2 "$(at 26:)" "split it into several let lines" -- "$bin" run "$W"
mutate "s/let n = 10000/let n = $(awk 'BEGIN { for (i = 0; i < 20000; i++) printf "("; printf 1; for (i = 0; i < 20000; i++) printf ")"; print "" }')/"
                                                                 bad 2 "$(at 26:)" "split the expression" -- "$bin" run "$W"
mutate 's/let n = 10000/let n = nn/';                            bad 2 "$(at 26:)" "did you mean 'n'|define it with let" -- "$bin" run "$W"
mutate 's/let block = 256/let n = 256/';                         bad 2 "$(at 27:)" "defined twice" -- "$bin" run "$W"
mutate 's/buffer a f64\[n\]/buffer a f16[n]/';                   bad 2 "$(at 28:)" "unknown element type" -- "$bin" run "$W"
mutate 's/buffer a f64\[n\]/buffer a f64[-1]/';                  bad 2 "$(at 28:)" "whole number from 0" -- "$bin" run "$W"
mutate 's/buffer c f64\[n\] = 0/buffer c u8[n] = 300/';          bad 2 "$(at 30:)" "holds 0 to 255" -- "$bin" run "$W"
mutate 's/random(seed=1, -1, 1)/random(seed=1, 1, -1)/';         bad 2 "$(at 28:)" "needs lo <= hi" -- "$bin" run "$W"
mutate 's/random(seed=1, -1, 1)/random(sed=1, -1, 1)/';          bad 2 "$(at 28:)" "random\(seed=S, lo, hi\)" -- "$bin" run "$W"
mutate 's/launch vecadd/launch vecad/';                          bad 2 "$(at 31:)" "did you mean 'vecadd'" -- "$bin" run "$W"
mutate 's/(a, b, c, n)/(a, b, c)/';                              bad 2 "$(at 31:)" "takes 4 parameters" -- "$bin" run "$W"
mutate 's/(a, b, c, n)/(a, b, c, 4.5)/';                         bad 2 "$(at 31:)" "is an integer" -- "$bin" run "$W"
mutate 's/(a, b, c, n)/(a, b, c, 1e30)/';                        bad 2 "$(at 31:)" "holds 0 to" -- "$bin" run "$W"
mutate 's/(a, b, c, n)/(a, b, n, c)/';                           bad 2 "$(at 31:)" "not u64" -- "$bin" run "$W"
mutate 's/grid=(n + block - 1) \/ block/grid=0/';                bad 2 "$(at 31:)" "whole number from 1" -- "$bin" run "$W"
mutate 's/grid=(n + block - 1) \/ block/grid=(1,70000)/';        bad 2 "$(at 31:)" "CUDA's limit" -- "$bin" run "$W"
mutate 's/block=block/block=(1,1,1,1)/';                         bad 2 "$(at 31:)" "at most 3 dimensions" -- "$bin" run "$W"
mutate 's/block=block/block=100000/';                            bad 2 "$(at 31:)" "65536|whole number from 1" -- "$bin" run "$W"
mutate 's/check c == a + b/check c == a + summ(b)/';             bad 2 "$(at 32:)" "did you mean 'sum'" -- "$bin" run "$W"
mutate 's/check c == a + b/check c == a rel=0.1/';               bad 2 "$(at 32:)" "needs '~='" -- "$bin" run "$W"
mutate 's/block=block/block=2048/';                              bad 2 "$(at 31:10)" "use smaller blocks" -- "$bin" run -c gf100 "$W"
# ---- -D ----
bad 2 "-D:1:3" "define it with let" -- "$bin" run -D n=abc "$wl"
bad 2 "-D:1:4" "divisor must not be 0" -- "$bin" run -D n=1/0 "$wl"
bad 2 "-D:1:3" "needs a value after" -- "$bin" run -D n= "$wl"
bad 2 "-D nn=4" "did you mean 'n'" -- "$bin" run -D nn=4 "$wl"
bad 2 "-D" "needs name=value" -- "$bin" run -D 4 "$wl"
# ---- options ----
bad 2 "--stats" "text, json or csv" -- "$bin" run --stats=xml "$wl"
bad 2 "--max-instructions" "whole number from 0" -- "$bin" run --max-instructions=-1 "$wl"
bad 2 "--max-cycles" "whole number from 0" -- "$bin" run --max-cycles=1e9 "$wl"
bad 2 "--warp" "BLOCK:WARP" -- "$bin" run --warp 1 "$wl"
bad 2 "--banks" "PC or PC:N" -- "$bin" run --banks abc "$wl"
bad 2 "--timeline-cycles" "A:B" -- "$bin" run --timeline-cycles 5 "$wl"
bad 2 "--emit-trace-version 5" "30-37, 50-62" -- "$bin" run --emit-trace-version 5 --emit-trace "$out/tr" "$wl"
bad 2 "unknown option '--stat'" "did you mean '--stats'" -- "$bin" run --stat=json "$wl"
bad 2 "--set" "needs a value|--help" -- "$bin" run "$wl" --set
bad 2 "--threads" "whole number from 1 to 256" -- "$bin" run --threads 0 "$wl"
bad 2 "--threads" "whole number from 1 to 256" -- "$bin" trace --threads x "$wl"
bad 2 "unknown command 'rn'" "did you mean 'run'" -- "$bin" rn "$wl"
bad 2 "nosuch.sass" "No such file" -- "$bin" run "$tmp/nosuch.sass"
bad 2 "/none/r.html" "there is no directory .*create it first" -- "$bin" run --report "$tmp/none/r.html" "$wl"
bad 2 "none/t.json" "create it first" -- "$bin" run --timeline "$tmp/none/t.json" "$wl"
# ---- configs ----
bad 2 "no config 'gf110'" "did you mean 'gf100'" -- "$bin" run -c gf110 "$wl"
bad 2 "--set: unknown key 'sm.cont'" "did you mean 'sm.count'" -- "$bin" run --set sm.cont=4 "$wl"
bad 2 "--set" "needs an integer" -- "$bin" run --set sm.count=abc "$wl"
bad 2 "--set" "must be one of lrr" -- "$bin" run --set sched.policy=fifo "$wl"
bad 2 "--set" "must be one of lrr" -- "$bin" config show --set sched.policy=fifo
bad 2 "sm.count = -1" "must be 1 .. 1024" -- "$bin" config show --set sm.count=-1
abs_top=$(cd "$top" && pwd)
printf 'include = %s/configs/gf100.cfg\nsm.max_threads = 5000\n' "$abs_top" > "$tmp/c1.cfg"
bad 2 "c1.cfg:2:18" "breaks the rule" -- "$bin" run -c "$tmp/c1.cfg" "$wl"
printf 'sm.cont = 4\n' > "$tmp/c2.cfg";          bad 2 "c2.cfg:1:1" "did you mean 'sm.count'" -- "$bin" run -c "$tmp/c2.cfg" "$wl"
printf '[sm\ncount = 4\n' > "$tmp/c3.cfg";       bad 2 "c3.cfg:1:1" "missing '\]'" -- "$bin" run -c "$tmp/c3.cfg" "$wl"
printf 'sm.count 4\n' > "$tmp/c4.cfg";           bad 2 "c4.cfg:1:1" "expected 'key = value'" -- "$bin" run -c "$tmp/c4.cfg" "$wl"
printf 'include = nothere.cfg\n' > "$tmp/c5.cfg"; bad 2 "c5.cfg:1:11" "included from here" -- "$bin" run -c "$tmp/c5.cfg" "$wl"
printf 'include = c6.cfg\n' > "$tmp/c6.cfg";     bad 2 "c6.cfg:1:11" "include cycle" -- "$bin" run -c "$tmp/c6.cfg" "$wl"
awk 'BEGIN { printf "sm.count = "; for (i = 0; i < 600; i++) printf "1"; print "" }' > "$tmp/c7.cfg"
                                                 bad 2 "c7.cfg:1:" "longer than 511 characters" -- "$bin" run -c "$tmp/c7.cfg" "$wl"
printf 'sm.count = 1e3\n' > "$tmp/c8.cfg";       bad 2 "c8.cfg:1:12" "integer" -- "$bin" run -c "$tmp/c8.cfg" "$wl"
# ---- traces ----
"$bin" run -c gf100 --emit-trace "$tmp/tr" "$wl" > /dev/null
tr=$tmp/tr/kernel-1.traceg
tmut() { sed "$1" "$tr" > "$tmp/b.traceg"; }
B=$tmp/b.traceg
tmut 's/^-grid dim = .*/-grid dim = (0,1,1)/';    bad 2 "b.traceg:3:13" "needs dimensions from 1" -- "$bin" trace -c gf100 "$B"
tmut 's/^-block dim = .*/-block dim = (abc)/';    bad 2 "b.traceg:4:14" "three whole numbers" -- "$bin" trace -c gf100 "$B"
tmut 's/^-nregs = .*/-nregs = 99999/';            bad 2 "b.traceg:6:10" "from 0 to 255" -- "$bin" trace -c gf100 "$B"
tmut 's/^-shmem = .*/-shmem = -5/';               bad 2 "b.traceg:5:10" "from 0 to 2\^24" -- "$bin" trace -c gf100 "$B"
tmut '/^-grid dim/d';                             bad 2 "b.traceg:[0-9]+" "without a '-grid dim' line" -- "$bin" trace -c gf100 "$B"
tmut '/^-warpsim/d; s/^-binary version = .*/-binary version = 12/'; bad 2 "b.traceg:7:" "30-37, 50-62" -- "$bin" trace -c gf100 "$B"
tmut '/^#END_TB/d';                               bad 2 "b.traceg:[0-9]+" "truncated trace|expected #BEGIN_TB|unexpected line" -- "$bin" trace -c gf100 "$B"
bad 2 "huge_pc.traceg:116:" "PCs are offsets from the kernel's start" -- "$bin" trace -c gf100 "$top/tests/fuzz/regress/trace/huge_pc.traceg"
bad 2 "nosuch.traceg" "No such file" -- "$bin" trace -c gf100 "$tmp/nosuch.traceg"
bad 2 "--set" "needs a value" -- "$bin" trace -c gf100 "$tr" --set
# ---- rows files (warpsim validate) ----
printf 'section "s\n' > "$tmp/r1.val";           bad 2 "r1.val:1:9" "not closed" -- "$bin" validate "$tmp/r1.val"
printf 'sectoin "s"\n' > "$tmp/r2.val";          bad 2 "r2.val:1:1" "unknown statement" -- "$bin" validate "$tmp/r2.val"
printf 'section "s"\nrun a: -c gf100 nothere.sass\nrow "x" seed=1 value="cycles(a)" info\n' > "$tmp/r3.val"
                                                 bad 2 "r3.val:2:1" "cannot start" -- "$bin" validate -o "$out/r.md" "$tmp/r3.val"
printf 'section "s"\nrow "x" seed=1 value="cycles(b)" info\n' > "$tmp/r4.val"
                                                 bad 2 "r4.val:2:" "no run is named 'b'" -- "$bin" validate "$tmp/r4.val"
bad 2 "-j" "whole number from 1 to 256" -- "$bin" validate -j abc "$tmp/r4.val"
printf 'section "s"\nrun a: -c gf100 microbench/latency_chain.sass\nrow "x" seed=1 value="cycles(a)" info\n' > "$tmp/r5.val"
bad 2 "$tmp/none" "create it first" -- "$bin" validate -o "$tmp/none/r.md" "$tmp/r5.val"
# ---- kernel faults and limits (exit 3) ----
mutate 's/LDG.E.64 R8, \[R4\]/LDG.E.64 R8, [R4+0x100000]/';    bad 3 "block \([0-9]+,0,0\)|lane" "buffer|outside" -- "$bin" run "$W"
bad 3 "block \(0,0,0\), warp 0" "raise the limit" -- "$bin" run -c gf100 --max-cycles=100 "$wl"
bad 3 "pc [0-9]+" "raise the limit" -- "$bin" run --max-instructions=10 "$wl"
bad 3 "spinlock_deadlock.sass|block" "deadlock" -- "$bin" run "$top/workloads/divergence/spinlock_deadlock.sass"
# a failed run leaves no trace directory and no timeline
bad 3 "block" "raise the limit" -- "$bin" run -c gf100 --max-cycles=100 --emit-trace "$out/tr" --timeline "$out/t.json" "$wl"

[ "$cases" -ge 80 ] || { echo "FAIL: only $cases cases"; fail=1; }
echo "bad input: $cases cases"
exit $fail
