#!/bin/sh
# workloads/cuda/labs/regen.sh — builds the labs' CUDA programs (docs/labs/, "On CUDA") with
# Debian's CUDA 11.8 (nvcc, cuobjdump, nvdisasm in /usr/bin; its nvcc wants clang-14; install
# them with `sh scripts/cuda/regen.sh local NONEXIST`), for sm_90 (the H100, `-c h100`). Per NAME.cu:
#   NAME            nvcc -lineinfo -cudart shared -arch=sm_90 (stripped): what `warpsim cuda` runs
#   NAME.sass       cuobjdump -sass of it
#   NAME.elf.txt    cuobjdump -elf of it (shared memory, registers, parameter layout)
#   NAME.lines.txt  nvdisasm -gi of its cubin: the CUDA line of every instruction (docs/cuda.md)
# All are committed, so the labs run (tests/labs.sh) on a machine without nvcc.
#
#   sh workloads/cuda/labs/regen.sh [NAME...]
#   sh workloads/cuda/labs/regen.sh --static DIR [NAME...]
#       also writes DIR/NAME.static: the same source with -cudart static, for the H100 machine
#       (validation/labs-h100/run.sh measures them with ncu). The device code is the same as in
#       NAME (only the host runtime differs): run.sh checks it with cuobjdump.
# Each source is compiled from this folder by its bare name, so the recorded path is NAME.cu
# (warpsim finds it beside the program).
set -e
cd "$(dirname "$0")"
static=
if [ "${1:-}" = --static ]; then static=$(cd "$2" && pwd); shift 2; fi
export PATH=/usr/bin:$PATH
names=${*:-$(ls *.cu | sed 's/\.cu$//')}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for n in $names; do
    nvcc -ccbin clang-14 -lineinfo -cudart shared -arch=sm_90 -o "$n" "$n.cu"
    strip "$n"
    cuobjdump -sass "$n" > "$n.sass"
    cuobjdump -elf "$n" > "$n.elf.txt"
    rm -rf "$tmp/x" && mkdir "$tmp/x"
    (cd "$tmp/x" && cuobjdump -xelf all "$OLDPWD/$n" > /dev/null)
    for c in "$tmp"/x/*.cubin; do nvdisasm -gi -c "$c"; done > "$n.lines.txt"
    if [ -n "$static" ]; then
        nvcc -ccbin clang-14 -lineinfo -cudart static -arch=sm_90 -o "$static/$n.static" "$n.cu"
        strip "$static/$n.static"
    fi
    echo "$n: $n $n.sass $n.elf.txt $n.lines.txt${static:+ $static/$n.static}"
done
nvcc --version | tail -2
