#!/bin/sh
# validation/cuda-h100/install.sh — copies what the H100 run made (raw/, unpacked from run.sh's
# cuda-h100.tgz) to where the workloads read it:
#   raw/dump/NAME.BUF.bin                  -> workloads/cuda/data/   (the small size's outputs,
#                                             the workloads' file("data/...") references)
#   raw/sass/NAME.sm_{80,90}.sass, NAME.sm_90.elf.txt -> workloads/cuda/sass/  (CUDA 13.0 dumps)
# The CUDA 11.8 dumps (NAME.sm_*.cuda11.sass) are made here by scripts/cuda/regen.sh local.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
w=$here/../../workloads/cuda
mkdir -p "$w/data" "$w/sass"
cp "$here"/raw/dump/*.bin "$w/data/"
for f in "$here"/raw/sass/*.sm_80.sass "$here"/raw/sass/*.sm_90.sass "$here"/raw/sass/*.elf.txt; do
    cp "$f" "$w/sass/"
done
echo "installed $(ls "$here"/raw/dump/*.bin | wc -l) data files and $(ls "$here"/raw/sass/*.sm_[89]0.sass "$here"/raw/sass/*.elf.txt | wc -l) dumps"
