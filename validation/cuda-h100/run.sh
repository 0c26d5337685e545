#!/bin/sh
# validation/cuda-h100/run.sh — builds the CUDA suite (workloads/cuda/src/*.cu) on the H100 machine
# and measures every kernel launch at the sizes below; all raw output goes into one tarball,
# $OUT/cuda-h100.tgz, which unpacks to raw/ (kept as validation/cuda-h100/raw/).
#
#   device run (the `run` tool, repository root):  sh validation/cuda-h100/run.sh
#   then, here:  tar -xzf FILES_AT/cuda-h100.tgz -C validation/cuda-h100
#                sh validation/cuda-h100/install.sh   (copies dumps and SASS into workloads/cuda/)
#                python3 validation/cuda-h100/measured.py > validation/cuda-h100/measured.csv
#
# What is measured, per program and size set (one process per program measures all its sizes):
#   raw/env.txt           GPU, driver, clocks before and after, nvcc / ncu / cuobjdump versions
#   raw/build/NAME.txt    nvcc -arch=sm_90 -O3 -Xptxas -v (registers, shared memory, spills)
#   raw/sass/NAME.sm_90.sass, NAME.sm_80.sass, NAME.sm_90.elf.txt
#                         scripts/cuda/regen.sh device: the cubins' SASS (CUDA 13.0)
#   raw/sass/NAME.exe.sass  cuobjdump -sass of the measured program: the SASS that ran;
#                         raw/sass/compare.txt says whether its instructions equal NAME.sm_90.sass
#   raw/dump/NAME.BUF.bin the outputs at the small test size (NAME --dump)
#   raw/time/NAME.txt     NAME --time: per kernel launch, cudaEvent median and min over 100 launches
#                         with the L2 flushed before each, and the median of 100 back to back
#   raw/ncu/NAME.csv      ncu --csv --print-units base --clock-control none --cache-control all
#                         (one profiled launch per kernel and size: NAME --once); raw/ncu/NAME.out
#                         the program's own output under ncu (PASS/FAIL, launches in order)
#   raw/clocks.csv        nvidia-smi clocks sampled every 500 ms during the timing runs
# Clocks: left as found (no nvidia-smi -lgc; ncu --clock-control none), so the SM runs at its
# boost clock, as in validation/h100/.
set -eu
OUT=${OUT:-/tmp/cuda-h100-out}
root=$(cd "$(dirname "$0")/../.." && pwd)
src=$root/workloads/cuda/src
W=/tmp/cuda-h100
R=$W/raw
rm -rf "$W"
mkdir -p "$OUT" "$W/bin" "$R/build" "$R/sass" "$R/dump" "$R/time" "$R/ncu"

# The sizes. A program's default (no arguments) is the small test size, the `let`s of
# workloads/cuda/NAME.sass; the two sets after it fill the H100's 132 SMs (at least one block per
# SM; up to ~4M threads for the streaming kernels) and still simulate in seconds to a minute.
# Keys are the workload's -D names; `/` separates size sets.
cat > "$W/sizes.txt" <<'SIZES'
saxpy            n=1048576 / n=4194304
reduce_shared    n=1048576 / n=4194304
reduce_shuffle   n=1048576 / n=4194304
transpose_naive  rows=1024 cols=1024 / rows=2048 cols=2048
transpose_tiled  rows=1024 cols=1024 / rows=2048 cols=2048
sgemm_tiled      m=256 n=256 k=256 / m=512 n=512 k=512
stencil2d        w=1024 h=1024 / w=2048 h=2048
histogram_shared n=4194304 / n=16777216
scan_block       n=1048576 / n=4194304
spmv_csr         rows=262144 / rows=1048576
bfs_step         n=262144 / n=1048576
black_scholes    n=262144 / n=1048576
nbody            n=4224 bs=32 / n=8448 bs=64
softmax          rows=1024 cols=1024 / rows=8192 cols=1024
async_copy       ntiles=8192 blocks=528 / ntiles=32768 blocks=1056
SIZES
cp "$W/sizes.txt" "$R/sizes.txt"
cp "$0" "$R/run.sh"

{
    date -u
    nvidia-smi --query-gpu=name,driver_version,pci.bus_id,clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem,power.limit,temperature.gpu,persistence_mode --format=csv
    nvidia-smi -q -d CLOCK,PERFORMANCE
    nvcc --version
    ncu --version
    cuobjdump --version
    nproc
} > "$R/env.txt" 2>&1

# 1. build (programs and the cubins' dumps, all at once: 16 cores)
for f in "$src"/*.cu; do
    n=$(basename "$f" .cu)
    (nvcc -arch=sm_90 -O3 -Xptxas -v -o "$W/bin/$n" "$f" > "$R/build/$n.txt" 2>&1 || echo "$n" >> "$R/build/FAILED") &
    (sh "$root/scripts/cuda/regen.sh" device "$R/sass" "$n" > "$R/build/$n.regen.txt" 2>&1 || echo "$n regen" >> "$R/build/FAILED") &
done
wait
if [ -s "$R/build/FAILED" ]; then
    cat "$R/build/FAILED"
    cat "$R/build/"*.txt | head -50
    tar -C "$W" -czf "$OUT/cuda-h100.tgz" raw
    exit 1
fi
for n in $(awk '{print $1}' "$W/sizes.txt"); do
    cuobjdump -sass "$W/bin/$n" > "$R/sass/$n.exe.sass"
    # instruction text only (the lines with /*addr*/), the headers differ
    a=$(grep -E '^ +/\*[0-9a-f]{4}\*/' "$R/sass/$n.exe.sass" | md5sum)
    b=$(grep -E '^ +/\*[0-9a-f]{4}\*/' "$R/sass/$n.sm_90.sass" | md5sum)
    if [ "$a" = "$b" ]; then echo "$n same"; else echo "$n DIFFERENT"; fi >> "$R/sass/compare.txt"
done

# 2. outputs at the small size, for the workloads' reference checks
for n in $(awk '{print $1}' "$W/sizes.txt"); do
    timeout 120 "$W/bin/$n" --dump "$R/dump" > "$R/dump/$n.txt" 2>&1 || echo "exit $?" >> "$R/dump/$n.txt"
done

# 3. cudaEvent timings, every size (the first, empty, set is the default size)
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv -lms 500 > "$R/clocks.csv" 2>&1 &
smi=$!
while read -r n sizes; do
    # $sizes is split into arguments on purpose
    timeout 300 "$W/bin/$n" --time 100 / $sizes > "$R/time/$n.txt" 2>&1 || echo "exit $?" >> "$R/time/$n.txt"
done < "$W/sizes.txt"
kill "$smi" || true

# 4. ncu: one profiled launch per kernel and size, caches flushed before each (--cache-control all)
M=gpu__time_duration.sum,sm__cycles_elapsed.max,gpc__cycles_elapsed.max,smsp__inst_executed.sum,dram__bytes_read.sum,dram__bytes_write.sum,launch__grid_size,launch__block_size,launch__registers_per_thread
while read -r n sizes; do
    timeout 300 ncu --csv --print-units base --clock-control none --cache-control all --metrics "$M" \
        --log-file "$R/ncu/$n.csv" "$W/bin/$n" --once / $sizes > "$R/ncu/$n.out" 2>&1 || echo "exit $?" >> "$R/ncu/$n.out"
done < "$W/sizes.txt"

nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv >> "$R/env.txt" 2>&1
date -u >> "$R/env.txt"
tar -C "$W" -czf "$OUT/cuda-h100.tgz" raw

# summary (the reply carries the end of the output)
echo "== sass: $(grep -c same "$R/sass/compare.txt") same, $(grep -c DIFFERENT "$R/sass/compare.txt") different"
echo "== dump:"; cat "$R"/dump/*.txt | grep -E 'PASS|FAIL|exit' | sort | uniq -c | awk '{print $1, $2, $3}'
echo "== time: $(cat "$R"/time/*.txt | grep -c '^kernel=') lines; $(cat "$R"/time/*.txt | grep -c PASS) PASS, $(cat "$R"/time/*.txt | grep -c -E 'FAIL|exit') FAIL/exit"
echo "== ncu: $(cat "$R"/ncu/*.csv | grep -c 'smsp__inst_executed.sum') inst rows; $(cat "$R"/ncu/*.out | grep -c PASS) PASS, $(cat "$R"/ncu/*.out | grep -c -E 'FAIL|exit') FAIL/exit"
grep -h -E 'FAIL|exit|rror' "$R"/time/*.txt "$R"/ncu/*.out "$R"/dump/*.txt | head -20 || true
grep -h '^kernel=' "$R"/time/*.txt | awk '{print $1, $3, $6, $7}' | head -60
