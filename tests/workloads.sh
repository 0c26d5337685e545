#!/bin/sh
# Every shipped workload of warpsim assembly (workloads/cuda, nvcc's SASS for
# sm_80 and sm_90, is tests/cuda.sh's) passes its check at warp size 32 and 64 in the
# functional run and in a timed run with 64-lane warps (tests/every_policy.sh
# runs each under timing on every shipped config and policy); the spin-lock
# deadlock is reported as one (exit 3); runs are deterministic.
set -u
top=${top_srcdir:-.}
bin=${top_builddir:-.}/warpsim
fail=0
for f in $(ls "$top"/workloads/*/*.sass | grep -v /workloads/cuda/); do
    for mode in "--functional --set sm.warp_size=32" "--functional --set sm.warp_size=64" \
                "-c gf100 --set sm.warp_size=64"; do
        ws="$mode"
        # shellcheck disable=SC2086
        out=$("$bin" run $mode "$f" 2>&1)
        status=$?
        case "$f" in
        *deadlock*)
            if [ $status -ne 3 ] || ! printf '%s' "$out" | grep -q "deadlock in kernel"; then
                echo "FAIL: $f ($ws): expected a deadlock report, exit $status"; echo "$out"; fail=1
            fi ;;
        *)
            if [ $status -ne 0 ] || ! printf '%s' "$out" | grep -q "^result: \(pass\|none\)"; then
                echo "FAIL: $f ($ws): exit $status"; echo "$out"; fail=1
            fi ;;
        esac
    done
done
# determinism: two runs give byte-identical JSON
# (apart from the host key: wall time and simulation rate)
strip_host() { sed 's/,"host":{[^}]*}//'; }
a=$("$bin" run --stats=json "$top/workloads/histogram/v4_interleaved.sass" | strip_host)
b=$("$bin" run --stats=json "$top/workloads/histogram/v4_interleaved.sass" | strip_host)
[ "$a" = "$b" ] || { echo "FAIL: two runs differ"; fail=1; }
printf '%s' "$a" | grep -q '"host"' && { echo "FAIL: host key not stripped"; fail=1; }
# the JSON object has the keys the issue names
for key in '"workload":' '"check":"pass"' '"kernels":' '"name":' '"warp_instructions":' \
           '"thread_instructions":' '"simd_efficiency":' '"divergent_branches":' '"reports":'; do
    printf '%s' "$a" | grep -q "$key" || { echo "FAIL: JSON lacks $key"; fail=1; }
done
# seed 000's full-size array sum through the grid-stride kernel
out=$("$bin" run --functional -D n=43435342 "$top/workloads/sum/gpu3_grid_stride.sass" 2>&1) \
    || { echo "FAIL: gpu3 at n=43435342"; echo "$out"; fail=1; }
[ $fail -eq 0 ] && echo "all workloads pass, functional at warp sizes 32 and 64, timed at 64"
exit $fail
