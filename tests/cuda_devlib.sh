#!/bin/sh
# tests/cuda_devlib.sh — the device-side library calls under `warpsim cuda`:
# kernel printf, assert, __trap, malloc/free, clock64 and __nanosleep, in
# tests/cuda/programs/devlib.cu (CUDA 11.8, sm_80 and sm_90, committed with
# their dumps), compared with what an H100 printed for the same source
# (devlib.h100.txt, from devlib.device.sh: stdout and stderr of every mode;
# devlib.h100.cuda13.txt for the CUDA 13 build).
# printf's order is defined where the program makes it so (one warp at a
# time between __syncthreads, one block per launch); the many-block launch
# has no defined order on a GPU and is compared sorted.
. "$(dirname "$0")/lib.sh"
P=$top/tests/cuda/programs
ref=$P/devlib.h100
# the H100's stdout (or stderr) of one mode: section MODE of devlib.h100.txt
cuda=cuda11.8
gpu() { awk -v m="=== $cuda $1" -v part="--- $2" '$0 == m { f = 1; next } /^=== / { f = 0 }
        f && /^--- / { s = ($0 == part); next } f && s && !/^exit / { print }' "$ref$([ $cuda = cuda13 ] && echo .cuda13).txt"; }
run() {   # CFG ARCH MODE...: the program's stdout in $tmp/out, stderr in $tmp/err
    cfg=$1; arch=$2; shift 2
    prog=$P/devlib.sm_$arch; [ "$arch" = 13 ] && prog=$P/devlib.cuda13
    "$bin" cuda -c "$cfg" $extra --sass "$prog.sass" -- "$prog" "$@" > "$tmp/out" 2> "$tmp/err"
}
same() {  # WHAT: $tmp/out against $tmp/want
    cmp -s "$tmp/out" "$tmp/want" || { echo "FAIL: $1: stdout differs from the H100's:"; diff "$tmp/want" "$tmp/out" | head -10; fail=1; }
}
# (arch 13: the same source built by CUDA 13's nvcc, whose code calls
# through addresses in bank 4: CALL.ABS.NOINC R2; the H100's output of its
# own CUDA 13 build is devlib.h100.cuda13.txt)
for run_as in "h100 90" "a100 80" "h100 90 --functional" "h100 90 --threads 2" "h100 13"; do
    set -- $run_as
    cuda=cuda11.8; [ "$2" = 13 ] && cuda=cuda13
    cfg=$1; arch=$2; extra=${3:-}${4:+ $4}
    what="$cfg$extra"
    # the formats, and printf's return values
    # (line 4, "%hd %hhd %hu %hhu": CUDA's device side takes no argument for
    # %hu and %hhu, and the H100's host side printed bytes of its record
    # there, 26661 and 32; warpsim prints the values, as C does)
    run $cfg $arch formats; gpu formats stdout | sed '4s/.*/-3 -4 65535 200/' > "$tmp/want"; same "formats on $what"
    # lanes in lane order, warps in turn, blocks in turn; then 4 blocks in no defined order (sorted)
    run $cfg $arch lanes; gpu lanes stdout > "$tmp/w"
    sed '/^host after sync$/q' "$tmp/w" > "$tmp/want"; sed '/^host after sync$/q' "$tmp/out" > "$tmp/o1"
    cmp -s "$tmp/o1" "$tmp/want" || { echo "FAIL: lanes on $what: the ordered part differs:"; diff "$tmp/want" "$tmp/o1" | head; fail=1; }
    sed '1,/^host after sync$/d' "$tmp/w" | sort > "$tmp/want"; sed '1,/^host after sync$/d' "$tmp/out" | sort > "$tmp/o2"
    cmp -s "$tmp/o2" "$tmp/want" || { echo "FAIL: lanes on $what: the unordered part differs (sorted):"; diff "$tmp/want" "$tmp/o2" | head; fail=1; }
    # the heap: every thread's block, aligned and distinct, reused; NULL when too big
    # (distinct: a block freed by a finished thread may be handed out again to
    # a later one, as the H100's CUDA 13 run did in round 1: not compared)
    run $cfg $arch heap; gpu heap stdout | sed 's/, distinct [01]$//' > "$tmp/want"
    sed -i 's/, distinct [01]$//' "$tmp/out"; same "heap on $what"
    # assert: the program's view (cudaErrorAssert from then on), the driver's line, exit status 3 (a fault)
    run $cfg $arch assert; st=$?
    gpu assert stdout > "$tmp/want"; same "assert on $what"
    gpu assert stderr | grep "Assertion" > "$tmp/line"
    [ -s "$tmp/line" ] && grep -qxF -f "$tmp/line" "$tmp/err" || { echo "FAIL: assert on $what: not the H100's line:"; cat "$tmp/line"; grep Assert "$tmp/err"; fail=1; }
    [ $st -eq 3 ] || { echo "FAIL: assert on $what: exit $st, want 3 (a kernel faulted)"; fail=1; }
    # __trap: cudaErrorLaunchFailure; the report names kernel, block, warp, lane and pc
    run $cfg $arch trap; st=$?
    gpu trap stdout > "$tmp/want"; same "trap on $what"
    grep -q "kernel 'trapping(int\*)', block (1,0,0), warp 0, lane 5 (thread 5), pc [0-9]*: __trap() (BPT.TRAP)" "$tmp/err" \
        || { echo "FAIL: trap on $what: no report naming block (1,0,0), warp 0, lane 5:"; head -3 "$tmp/err"; fail=1; }
    [ $st -eq 3 ] || { echo "FAIL: trap on $what: exit $st, want 3"; fail=1; }
    # the printf FIFO: 4096 and 8192 bytes read back as 512 KB (the driver's least), every line kept
    for size in 4096 8192 1048576; do
        run $cfg $arch fifo $size; gpu "fifo $size" stdout > "$tmp/want"; same "fifo $size on $what"
    done
done
# __nanosleep sleeps its nanoseconds at gpu.clock_mhz in timing runs (the
# H100 slept 447 cycles for 1000 ns and 246424 for 100000: the PTX ISA
# allows [0, 2t]); functional runs do not sleep
mhz=$("$bin" config show -c h100 | sed -n 's/^gpu\.clock_mhz *= *\([0-9]*\).*/\1/p')
cuda=cuda11.8; extra=; run h100 90 sleep
for ns in 1000 100000; do
    got=$(sed -n "s/^nanosleep $ns: lane 0 waited \([0-9]*\) cycles$/\1/p" "$tmp/out")
    awk -v g="$got" -v ns=$ns -v m="$mhz" 'BEGIN { w = ns * m / 1000; exit !(g != "" && g >= w && g < w + 200) }' \
        || { echo "FAIL: nanosleep $ns: $got cycles, want $ns ns at $mhz MHz"; fail=1; }
done
extra=--functional; run h100 90 sleep
grep -q "^nanosleep 100000: lane 0 waited [0-9] cycles$" "$tmp/out" || { echo "FAIL: a functional run slept:"; cat "$tmp/out"; fail=1; }
# without the ELF listing nothing names the callee: a clear fault, exit status 3
mkdir "$tmp/noelf"; cp "$P/devlib.sm_90.sass" "$tmp/noelf/"
expect 3 "needs the dump's .elf.txt beside it" -- "$bin" cuda -c h100 --sass "$tmp/noelf/devlib.sm_90.sass" -- "$P/devlib.sm_90" heap
[ $fail -eq 0 ] && echo "cuda devlib: printf, assert, __trap, malloc/free, the FIFO and __nanosleep as on the H100 (h100, a100, functional, 2 threads)"
exit $fail
