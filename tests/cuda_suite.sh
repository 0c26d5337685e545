#!/bin/sh
# The CUDA suite's programs (workloads/cuda/bin, built with nvcc -cudart
# shared: scripts/cuda/build_programs.sh) run whole under `warpsim cuda`:
# each prints PASS (its own CPU reference check) on h100 with the sm_90
# SASS that ran on the H100 and on a100 with the sm_80 SASS, and on h100
# every launch's statistics are those of its workload-manifest twin
# (workloads/cuda/NAME.sass), byte for byte.
. "$(dirname "$0")/lib.sh"
n=0
for prog in "$top"/workloads/cuda/bin/*; do
    name=$(basename "$prog")
    for cfg in h100 a100; do
        arch=90; [ "$cfg" = a100 ] && arch=80
        out=$("$bin" cuda -c "$cfg" --stats=json --stats-file "$tmp/$name.$cfg.json" \
              --sass "$top/workloads/cuda/sass/$name.sm_$arch.sass" -- "$prog" 2> "$tmp/err"); st=$?
        n=$((n + 1))
        if [ "$st" -ne 0 ] || ! printf '%s\n' "$out" | grep -q "^PASS" || printf '%s\n' "$out" | grep -q "FAIL"; then
            echo "FAIL: $name on $cfg: exit $st"; printf '%s\n' "$out" | tail -3; head -5 "$tmp/err"; fail=1; continue
        fi
        [ "$cfg" = h100 ] || continue
        "$bin" run -c h100 --stats=json "$top/workloads/cuda/$name.sass" > "$tmp/$name.run.json" 2>&1 \
            || { echo "FAIL: $name: the workload manifest did not run"; fail=1; continue; }
        a=$(sed 's/.*"kernels":\[//; s/\]}$//' "$tmp/$name.$cfg.json")
        b=$(sed 's/.*"kernels":\[//; s/}\],"reports":.*$/}/' "$tmp/$name.run.json")
        [ "$a" = "$b" ] || { echo "FAIL: $name: warpsim cuda's per-launch statistics differ from the manifest's"; fail=1; }
    done
done
[ "$n" -ge 30 ] || { echo "FAIL: only $n program runs"; fail=1; }
# launches picked for timing (--kernel-name, --launch-skip, --launch-count):
# the program still passes, and each launch's statistics, timed or run
# functionally, are the manifest's under the same options
sb="--sass $top/workloads/cuda/sass/scan_block.sm_90.sass"
for pick in "-k add_block" "--launch-skip 1 --launch-count 2" "--kernel-name ^_Z10scan --launch-skip 1"; do
    # shellcheck disable=SC2086
    out=$("$bin" cuda -c h100 --stats=json --stats-file "$tmp/pick.json" $sb $pick -- "$top/workloads/cuda/bin/scan_block" 2> "$tmp/err")
    printf '%s\n' "$out" | grep -q "^PASS" || { echo "FAIL: scan_block $pick: no PASS"; head -5 "$tmp/err"; fail=1; }
    # shellcheck disable=SC2086
    "$bin" run -c h100 --stats=json $pick "$top/workloads/cuda/scan_block.sass" > "$tmp/pick.run.json" 2>&1
    a=$(sed 's/.*"kernels":\[//; s/\]}$//' "$tmp/pick.json")
    b=$(sed 's/.*"kernels":\[//; s/}\],"reports":.*$/}/' "$tmp/pick.run.json")
    [ -n "$a" ] && [ "$a" = "$b" ] || { echo "FAIL: scan_block $pick: warpsim cuda and warpsim run differ"; fail=1; }
    t=$(grep -o '"cycles":' "$tmp/pick.json" | wc -l)
    [ "$t" -eq 2 ] || { echo "FAIL: scan_block $pick: $t launches timed, want 2"; fail=1; }
done
expect 2 "--kernel-name: 'scan(' is not a POSIX extended regular expression" -- \
    "$bin" cuda -c h100 -k 'scan(' $sb -- "$top/workloads/cuda/bin/scan_block"
expect 2 "with --functional none is" -- "$bin" cuda -c h100 --functional --launch-count 1 $sb -- "$top/workloads/cuda/bin/scan_block"
# a program CUDA 13's nvcc built: it links libcudart.so.13 (the stand-in's)
expect 0 "^PASS saxpy" -- "$bin" cuda -c h100 --sass "$top/workloads/cuda/sass/saxpy.sm_90.sass" -- "$top/tests/cuda/programs/saxpy.cuda13"
exit $fail
