#!/bin/sh
# tests/cuda_programs.sh — `warpsim cuda`: unmodified CUDA programs (built by
# tests/cuda/programs/regen.sh with CUDA 11.8's nvcc -cudart shared, for sm_80
# and sm_90, committed with their SASS dumps) run on warpsim's stand-in
# libcudart, no GPU and no nvcc needed: results checked by the program and
# printed on its stdout (warpsim's summary on stderr or --stats-file only),
# events in simulated time, the same per-kernel statistics as the CUDA
# suite's workload manifest, and clear errors with the documented exit
# statuses for an unimplemented call, a kernel without SASS, a host pointer
# passed to a kernel, a missing cuobjdump, a program that does not load the
# stand-in; the program's own exit status passed through.
. "$(dirname "$0")/lib.sh"
P=$top/tests/cuda/programs
lib=${top_builddir:-.}/cudart
for arch in 80 90; do
    cfg=$([ $arch = 90 ] && echo h100 || echo a100)
    prog=$P/cudademo.sm_$arch
    dump=$P/cudademo.sm_$arch.sass
    # a vector add: the program's output alone on stdout, the summary on stderr
    "$bin" cuda -c $cfg --sass "$dump" -- "$prog" vecadd 1000 > "$tmp/out" 2> "$tmp/err"; st=$?
    printf 'c[0] = 0, c[1] = 1.5, c[999] = 1498.5\nPASS: 0 of 1000 wrong\n' > "$tmp/want"
    if [ $st -ne 0 ] || ! cmp -s "$tmp/out" "$tmp/want"; then
        echo "FAIL: vecadd on $cfg: exit $st, stdout:"; cat "$tmp/out"; head -5 "$tmp/err"; fail=1
    fi
    grep -q "launch 0: kernel vecadd(float const\*, float const\*, float\*, int) grid (8, 1, 1) block (128, 1, 1)" "$tmp/err" && grep -q "^  cycles " "$tmp/err" \
        && grep -q "^  IPC " "$tmp/err" && grep -q "^  scheduler cycles " "$tmp/err" \
        || { echo "FAIL: vecadd on $cfg: no per-launch summary on stderr"; cat "$tmp/err"; fail=1; }
    # events measure simulated time: the launch's cycles at the config's clock
    "$bin" cuda -c $cfg --stats=json --stats-file "$tmp/ev.json" --sass "$dump" -- "$prog" events 1000 > "$tmp/out" 2> "$tmp/err" \
        || { echo "FAIL: events on $cfg: exit $?"; cat "$tmp/err"; fail=1; }
    cycles=$(sed -n 's/.*"cycles":\([0-9]*\).*/\1/p' "$tmp/ev.json" | head -1)
    mhz=$("$bin" config show -c $cfg | sed -n 's/^gpu\.clock_mhz *= *\([0-9]*\).*/\1/p')
    want=$(awk -v c="$cycles" -v m="$mhz" 'BEGIN { printf "%.6f", c / (m * 1000) }')
    grep -q "vecadd of 1000 elements: $want ms" "$tmp/out" \
        || { echo "FAIL: events on $cfg: want $want ms ($cycles cycles at $mhz MHz), got:"; cat "$tmp/out"; fail=1; }
    [ -s "$tmp/err" ] && { echo "FAIL: events on $cfg: --stats-file left stderr with:"; cat "$tmp/err"; fail=1; }
    # clear errors, and their exit statuses
    expect 0 "graph created" -- "$bin" cuda -c $cfg --sass "$dump" -- "$prog" unimpl   # cudaGraphCreate: implemented since
    expect 2 "cudaIpcGetMemHandle: not implemented by warpsim" -- "$bin" cuda -c $cfg --sass "$P/runtime.sm_$arch.sass" -- "$P/runtime.sm_$arch" unimpl
    expect 2 "kernel _Z6vecaddPKfS0_Pfi is in none of the SASS dumps" -- \
        "$bin" cuda -c $cfg --sass "$top/workloads/cuda/sass/saxpy.sm_$arch.sass" -- "$prog" vecadd 100
    expect 3 "access outside every buffer at global address" -- "$bin" cuda -c $cfg --sass "$dump" -- "$prog" hostptr
    expect 3 "cudaErrorIllegalAddress" -- "$bin" cuda -c $cfg --sass "$dump" -- "$prog" hostptr
    expect 7 "PASS" -- "$bin" cuda -c $cfg --sass "$dump" -- "$prog" exit 7
    # the suite's saxpy kernel: the same per-kernel statistics as its workload manifest
    "$bin" cuda -c $cfg --stats=json --stats-file "$tmp/p.json" --sass "$top/workloads/cuda/sass/saxpy.sm_$arch.sass" \
        -- "$prog" saxpy 8192 > "$tmp/out" 2>&1 || { echo "FAIL: saxpy on $cfg"; cat "$tmp/out"; fail=1; }
    "$bin" run -c $cfg --stats=json "$top/workloads/cuda/saxpy.sass" > "$tmp/w.json" 2>&1
    a=$(sed 's/.*"kernels":\[\(.*\)\]}$/\1/' "$tmp/p.json")
    b=$(sed 's/.*"kernels":\[\(.*\)\],"reports".*/\1/' "$tmp/w.json")
    case $a in *'"cycles":'*) ;; *) [ $cfg = h100 ] && { echo "FAIL: saxpy on $cfg: no cycles"; fail=1; } ;; esac
    [ -n "$a" ] && [ "$a" = "$b" ] || { echo "FAIL: saxpy on $cfg: per-kernel statistics differ from workloads/cuda/saxpy.sass"; \
        echo "program: $a" | cut -c1-300; echo "workload: $b" | cut -c1-300; fail=1; }
done
# __constant__ and __device__ variables: bank 3 as cudaMemcpyToSymbol last set
# it, initial values from the cubin, addresses patched in by the loader (in
# the code: CUDA 11.8; in bank 4: CUDA 13), as the program checks
for run in "a100 symbols.sm_80" "h100 symbols.sm_90" "h100 symbols.cuda13"; do
    set -- $run
    expect 0 "^PASS" -- "$bin" cuda -c "$1" --sass "$P/$2.sass" -- "$P/$2"
    expect 0 "^PASS" -- "$bin" cuda -c "$1" --functional --sass "$P/$2.sass" -- "$P/$2"
done
# managed memory: the host fills and reads cudaMallocManaged buffers through
# the kernel's own pointers; a __managed__ variable with an initial value
for arch in 80 90; do
    cfg=$([ $arch = 90 ] && echo h100 || echo a100)
    expect 0 "^PASS" -- "$bin" cuda -c $cfg --sass "$P/managed.sm_$arch.sass" -- "$P/managed.sm_$arch"
    expect 0 "total = 65541 (expected 65541)" -- "$bin" cuda -c $cfg --functional --sass "$P/managed.sm_$arch.sass" -- "$P/managed.sm_$arch"
done
# CUDA 11's texture and surface references (texref.cu checks its results on
# the host): bound linear memory, a filtered array, a surface reference
for arch in 80 90; do
    cfg=$([ $arch = 90 ] && echo h100 || echo a100)
    expect 0 "^PASS" -- "$bin" cuda -c $cfg --sass "$P/texref.sm_$arch.sass" -- "$P/texref.sm_$arch"
    expect 0 "^PASS" -- "$bin" cuda -c $cfg --functional --sass "$P/texref.sm_$arch.sass" -- "$P/texref.sm_$arch"
done
grep -q 'LDC.64 R[0-9]*, c\[0x4\]' "$P/symbols.cuda13.sass" || { echo "FAIL: symbols.cuda13 reads no bank 4"; fail=1; }
mkdir "$tmp/sym"
cp "$P/symbols.sm_90.sass" "$tmp/sym/"
sed 's/R_CUDA_ABS32_LO_32/R_CUDA_ABS32_LO_20/' "$P/symbols.sm_90.elf.txt" > "$tmp/sym/symbols.sm_90.elf.txt"
expect 2 "relocation R_CUDA_ABS32_LO_20 at 0x[0-9a-f]* is not one warpsim's loader knows" -- \
    "$bin" cuda -c h100 --sass "$tmp/sym/symbols.sm_90.sass" -- "$P/symbols.sm_90"
prog=$P/cudademo.sm_90
# copies take simulated time, as config [copy] says: an overhead, then the
# bytes at the host link's pinned or pageable rate, or at a share of the
# DRAM's peak (device to device: read and written); none when functional
key() { "$bin" config show -c "$1" | sed -n "s/^$2 *= *\([0-9.]*\).*/\1/p"; }
"$bin" cuda -c h100 --sass "$P/cudademo.sm_90.sass" -- "$prog" copies 1000000 > "$tmp/out" 2> "$tmp/err"
peak=$("$bin" cuda -c h100 --stats=json --sass "$P/cudademo.sm_90.sass" -- "$prog" vecadd 100 2>&1 >/dev/null | sed -n 's/.*"dram_peak_gbps":\([0-9.]*\).*/\1/p')
for row in "h2d_pageable $(key h100 copy.pageable_mbps) $(key h100 copy.host_overhead_ns) 1" \
           "h2d_pinned $(key h100 copy.pinned_mbps) $(key h100 copy.host_overhead_ns) 1" \
           "d2h_pinned $(key h100 copy.pinned_mbps) $(key h100 copy.host_overhead_ns) 1" \
           "d2d $(awk -v p="$peak" -v e="$(key h100 copy.device_efficiency)" 'BEGIN { print p * e * 10 }') $(key h100 copy.device_overhead_ns) 2" \
           "memset $(awk -v p="$peak" -v e="$(key h100 copy.device_efficiency)" 'BEGIN { print p * e * 10 }') $(key h100 copy.device_overhead_ns) 1"; do
    set -- $row
    want=$(awk -v mbps="$2" -v ns="$3" -v k="$4" 'BEGIN { printf "%.6f", (ns + k * 4000000 / mbps * 1e3) / 1e6 }')
    got=$(sed -n "s/^$1 4000000 bytes: \([0-9.]*\) ms$/\1/p" "$tmp/out")
    awk -v a="$got" -v b="$want" 'BEGIN { exit !(a != "" && b > 0 && a / b > 0.9999 && a / b < 1.0001) }' \
        || { echo "FAIL: $1 of 4 MB: $got ms, want $want (config [copy], DRAM peak $peak GB/s)"; fail=1; }
done
grep -q "^copies and memsets: 5, " "$tmp/err" || { echo "FAIL: the summary does not count the 5 copies"; cat "$tmp/err"; fail=1; }
"$bin" cuda -c h100 --functional --sass "$P/cudademo.sm_90.sass" -- "$prog" copies 1000 2> /dev/null | grep -v ": 0.000000 ms$" > "$tmp/out2"
[ -s "$tmp/out2" ] && { echo "FAIL: copies take time in a functional run:"; cat "$tmp/out2"; fail=1; }
# cudaFree unmaps: a kernel given freed memory faults, and the report says so
expect 3 "the program freed it (cudaFree) before this launch" -- "$bin" cuda -c h100 --sass "$P/cudademo.sm_90.sass" -- "$prog" usefree
# the views print on stderr (the program's stdout stays its own); the trace
# replays to the same cycles (traces carry no nvcc stall counts: both runs
# without them)
"$bin" cuda -c h100 --warp 0:1 --coalesce 13 --sass "$P/cudademo.sm_90.sass" -- "$prog" vecadd 300 > "$tmp/out" 2> "$tmp/err"
printf 'c[0] = 0, c[1] = 1.5, c[299] = 448.5\nPASS: 0 of 300 wrong\n' > "$tmp/want"
cmp -s "$tmp/out" "$tmp/want" || { echo "FAIL: --warp/--coalesce: the program's stdout changed:"; cat "$tmp/out"; fail=1; }
grep -q "^warp 0:1 of kernel vecadd(float const\*, float const\*, float\*, int)" "$tmp/err" && grep -q "LDG R3, \[R2\]" "$tmp/err" \
    && grep -q "^coalescing map of kernel vecadd(float const\*, float const\*, float\*, int), pc 13 " "$tmp/err" && grep -q "line 0x1000[0-9a-f]*  sectors ####  lanes 0-31" "$tmp/err" \
    || { echo "FAIL: --warp 0:1 --coalesce 13 under warpsim cuda"; head -20 "$tmp/err"; fail=1; }
"$bin" cuda -c h100 --set sched.ctl_stalls=0 --emit-trace "$tmp/tr" --stats=json --stats-file "$tmp/c.json" --sass "$P/cudademo.sm_90.sass" -- "$prog" vecadd 3000 > /dev/null 2>&1
"$bin" trace -c h100 --set sched.ctl_stalls=0 --stats=json "$tmp/tr/kernelslist.g" > "$tmp/t.json" 2>&1
c1=$(sed -n 's/.*"cycles":\([0-9]*\).*/\1/p' "$tmp/c.json"); c2=$(sed -n 's/.*"cycles":\([0-9]*\).*/\1/p' "$tmp/t.json")
[ -n "$c1" ] && [ "$c1" = "$c2" ] || { echo "FAIL: --emit-trace under warpsim cuda: $c1 cycles, the trace $c2"; fail=1; }
expect 2 "need a timed run" -- "$bin" cuda -c h100 --functional --warp 0:0 --sass "$P/cudademo.sm_90.sass" -- "$prog" vecadd 100
expect 2 "warp takes BLOCK:WARP" -- "$bin" cuda -c h100 --warp 0 --sass "$P/cudademo.sm_90.sass" -- "$prog" vecadd 100
expect 2 "banks takes PC or PC:N" -- "$bin" cuda -c h100 --banks x9 --sass "$P/cudademo.sm_90.sass" -- "$prog" vecadd 100
expect 3 "access outside every buffer" -- "$bin" cuda -c h100 --emit-trace "$tmp/tr2" --sass "$P/cudademo.sm_90.sass" -- "$prog" hostptr
[ -e "$tmp/tr2/kernelslist.g" ] && { echo "FAIL: a faulting program left a trace"; fail=1; }
# --stats=csv into a file; --functional
"$bin" cuda -c h100 --stats=csv --stats-file "$tmp/s.csv" --sass "$P/cudademo.sm_90.sass" -- "$prog" vecadd 100 > /dev/null 2>&1
grep -q "^workload,gpu," "$tmp/s.csv" && grep -q "_Z6vecaddPKfS0_Pfi" "$tmp/s.csv" || { echo "FAIL: --stats=csv --stats-file"; fail=1; }
expect 0 "functional run, 1 launch" -- "$bin" cuda -c h100 --functional --sass "$P/cudademo.sm_90.sass" -- "$prog" vecadd 100
# without --sass: cuobjdump from PATH, or an error naming the tool
expect 2 "no cuobjdump on PATH" -- env PATH=/nonexistent "$bin" cuda -c h100 -- "$prog" vecadd 100
if command -v cuobjdump > /dev/null 2>&1 && cuobjdump --version 2>/dev/null | grep -q "11\.8"; then
    expect 0 "PASS" -- "$bin" cuda -c a100 -- "$P/cudademo.sm_80" vecadd 100
fi
# a cuobjdump that cannot read the program (CUDA 11.8's and a CUDA 13 binary), one that finds no sm_80 code
mkdir "$tmp/fake"
printf '#!/bin/sh\necho "cuobjdump fatal   : Unsupported ELF version" >&2\nexit 255\n' > "$tmp/fake/cuobjdump"
chmod +x "$tmp/fake/cuobjdump"
expect 2 "cuobjdump cannot read .*Unsupported ELF version" -- env PATH="$tmp/fake:/usr/bin:/bin" "$bin" cuda -c a100 -- "$prog" vecadd 100
printf '#!/bin/sh\nexit 0\n' > "$tmp/fake/cuobjdump"
expect 2 "has no SASS for sm_80" -- env PATH="$tmp/fake:/usr/bin:/bin" "$bin" cuda -c a100 -- "$prog" vecadd 100
# a program that does not load the stand-in; a config without SASS; no program
expect 2 "did not load warpsim's libcudart" -- "$bin" cuda -c h100 --sass "$P/cudademo.sm_90.sass" -- /bin/true
expect 2 "runs no nvcc SASS" -- "$bin" cuda -c gf100 --sass "$P/cudademo.sm_90.sass" -- "$prog"
expect 2 "no program given" -- "$bin" cuda -c h100
# --timeline and --report, as warpsim run writes them: each launch's warps and one HTML page
"$bin" cuda -c h100 --timeline "$tmp/tl.json" --report "$tmp/rep.html" --sass "$P/cudademo.sm_90.sass" -- "$prog" vecadd 100 > /dev/null 2>&1 \
    || { echo "FAIL: --timeline/--report run"; fail=1; }
grep -q '"traceEvents"' "$tmp/tl.json" 2>/dev/null && grep -q 'launch 0, kernel' "$tmp/tl.json" \
    || { echo "FAIL: --timeline wrote no trace of the launch"; fail=1; }
grep -q '</html>' "$tmp/rep.html" 2>/dev/null && grep -q 'vecadd\|cudademo' "$tmp/rep.html" \
    || { echo "FAIL: --report wrote no page"; fail=1; }
expect 2 "need a timed run" -- "$bin" cuda -c h100 --functional --timeline "$tmp/t2.json" --sass "$P/cudademo.sm_90.sass" -- "$prog" vecadd 100
# the sonames and symbol versions programs link against
for v in 11.0 12 13; do
    [ -f "$lib/libcudart.so.$v" ] || { echo "FAIL: $lib/libcudart.so.$v not built"; fail=1; continue; }
    if command -v objdump > /dev/null 2>&1; then
        objdump -T "$lib/libcudart.so.$v" | grep -q "libcudart.so.$v  *cudaLaunchKernel$" \
            && objdump -T "$lib/libcudart.so.$v" | grep -q "libcudart.so.$v  *cudaGraphCreate$" \
            && ! objdump -T "$lib/libcudart.so.$v" | grep -q " gmem_alloc$" \
            || { echo "FAIL: libcudart.so.$v: the API under version node libcudart.so.$v, nothing else"; fail=1; }
    fi
done
[ $fail -eq 0 ] && echo "cuda programs: vector add, events, errors, exit status and the suite's saxpy on h100 and a100"
exit $fail
