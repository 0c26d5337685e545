#!/bin/sh
# scripts/cuda/regen.sh — regenerates the SASS dumps of the CUDA suite (workloads/cuda/src/*.cu)
# into workloads/cuda/sass/. The tests read only the committed dumps: they need neither nvcc nor
# a GPU; this script is how each dump was made.
#
#   sh scripts/cuda/regen.sh local [NAME...]
#       here, with Debian's nvidia-cuda-toolkit (CUDA 11.8: nvcc, cuobjdump, nvdisasm), installed
#       when missing (as root: adds the contrib and non-free components of bookworm, then
#       apt-get install nvidia-cuda-toolkit clang-14). CUDA 11.8's nvcc needs a host compiler it
#       accepts (clang-14; Debian 12's gcc 12 is too new for it) and /usr/bin ahead of CUDA 13's
#       folder on PATH (CUDA 13's nvcc comes first otherwise, and cuobjdump 11.8 cannot read
#       CUDA 13 cubins). Writes, per NAME:
#         sass/NAME.sm_80.cuda11.sass     cuobjdump -sass of `nvcc -arch=sm_80 -cubin -O3` (11.8)
#         sass/NAME.sm_80.cuda11.elf.txt  cuobjdump -elf of the same cubin
#         sass/NAME.sm_90.cuda11.sass, NAME.sm_90.cuda11.elf.txt   the same for sm_90
#
#   sh scripts/cuda/regen.sh device DIR [NAME...]
#       on the H100 machine (the `run` tool; validation/cuda-h100/run.sh calls it), whose CUDA 13
#       nvcc and cuobjdump are the ones that built the measured programs. Writes into DIR, per NAME:
#         NAME.sm_90.sass     cuobjdump -sass of `nvcc -arch=sm_90 -cubin -O3` (13.0): the code that
#                             runs on the H100 (run.sh checks that it matches the measured binary)
#         NAME.sm_90.elf.txt  cuobjdump -elf of the sm_90 cubin: .nv.info (parameter offsets and
#                             sizes, CBANK_PARAM_SIZE, register counts, frame sizes ...), the
#                             sections' sizes (.nv.shared.*: static shared memory), the constant
#                             bank 2 words (.nv.constant2.*) and the relocations
#         NAME.sm_80.sass, NAME.sm_80.elf.txt   the same for sm_80 (the A100's generation)
#       run.sh copies them to workloads/cuda/sass/ through the results tarball.
#
# Each .sass has its .elf.txt beside it, same stem (NAME.X.sass -> NAME.X.elf.txt), made from the
# same cubin: what the SASS text does not say (shared memory, registers, bank 2) is read from it.
#
# Flags: -O3 only (default device optimisation, no fast math, no -G or -lineinfo), the same for
# the cubins as for the programs run.sh measures, so the dumped code is the code that ran.
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
src=$here/workloads/cuda/src
mode=${1:-}
[ $# -gt 0 ] && shift

names() {
    if [ $# -gt 0 ]; then echo "$@"; else (cd "$src" && ls *.cu | sed 's/\.cu$//'); fi
}

case $mode in
local)
    if ! [ -x /usr/lib/nvidia-cuda-toolkit/bin/nvcc ] || ! command -v clang-14 >/dev/null; then
        [ "$(id -u)" = 0 ] || { echo "regen.sh: install nvidia-cuda-toolkit and clang-14 (needs root)" >&2; exit 2; }
        if ! grep -rqs 'non-free' /etc/apt/sources.list /etc/apt/sources.list.d/; then
            # Debian 12's deb822 sources: add contrib and non-free beside main
            cat > /etc/apt/sources.list.d/warpsim-nonfree.sources <<'SRC'
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: contrib non-free
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
        fi
        apt-get update -q
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends nvidia-cuda-toolkit clang-14
    fi
    out=$here/workloads/cuda/sass
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    mkdir -p "$out"
    PATH=/usr/bin:$PATH nvcc --version | tail -2
    for n in $(names "$@"); do
        for a in 80 90; do
            PATH=/usr/bin:$PATH nvcc -ccbin clang-14 -arch=sm_$a -cubin -O3 -o "$tmp/$n.sm_$a.cubin" "$src/$n.cu"
            /usr/bin/cuobjdump -sass "$tmp/$n.sm_$a.cubin" > "$out/$n.sm_$a.cuda11.sass"
            /usr/bin/cuobjdump -elf "$tmp/$n.sm_$a.cubin" > "$out/$n.sm_$a.cuda11.elf.txt"
        done
        echo "$n: sass/$n.sm_{80,90}.cuda11.sass sass/$n.sm_{80,90}.cuda11.elf.txt"
    done
    ;;
device)
    out=${1:?regen.sh device DIR}
    shift
    mkdir -p "$out"
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    nvcc --version | tail -2
    for n in $(names "$@"); do
        for a in 80 90; do
            nvcc -arch=sm_$a -cubin -O3 -o "$tmp/$n.sm_$a.cubin" "$src/$n.cu"
            cuobjdump -sass "$tmp/$n.sm_$a.cubin" > "$out/$n.sm_$a.sass"
            cuobjdump -elf "$tmp/$n.sm_$a.cubin" > "$out/$n.sm_$a.elf.txt"
        done
        echo "$n: $n.sm_80.sass $n.sm_90.sass $n.sm_80.elf.txt $n.sm_90.elf.txt"
    done
    ;;
*)
    echo "usage: sh scripts/cuda/regen.sh local [NAME...] | device DIR [NAME...]" >&2
    exit 2
    ;;
esac
