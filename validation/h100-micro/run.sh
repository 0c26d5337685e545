#!/bin/sh
# validation/h100-micro/run.sh — build micro31.cu on the device machine, run
# every section twice (two processes: run-to-run spread) and the barrier
# checks under a watchdog, dump the SASS and ELF listing of the binary that
# ran, and pack it all into $OUT/h100-micro.tar.gz (kept in raw/).
#   device: sh validation/h100-micro/run.sh
# Clocks are left as found (METHOD.md): env.txt records them before and after.
set -u
OUT=${OUT:-/tmp/h100-micro-out}
R=/tmp/h100-micro/raw; B=/tmp/h100-micro/bin
rm -rf /tmp/h100-micro; mkdir -p $R $B "$OUT"
cd "$(dirname "$0")"
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,pci.bus_id,clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem,power.draw,power.limit,temperature.gpu,persistence_mode,compute_mode --format=csv
  nvcc --version | tail -2
  uname -r
} > $R/env.txt 2>&1
# the same flags as sim.sh's local build (-cudart shared: the binary warpsim cuda runs)
nvcc -cudart shared -arch=sm_90 -O3 -o $B/micro31 micro31.cu > $R/build.txt 2>&1 || { cat $R/build.txt; exit 1; }
nvcc -cudart shared -arch=sm_90 -O3 -Xptxas -v -cubin -o $B/micro31.cubin micro31.cu >> $R/build.txt 2>&1
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
if [ "${1:-}" = front-cold ]; then
  # the front end with instructions out of L2: code loaded at start-up (EAGER),
  # then a 256 MB write before every launch (third device call)
  M31_REPS=5 timeout 120 $B/micro31 clock front > $R/front_lazy_flush1.txt 2>&1; echo "exit $?" >> $R/front_lazy_flush1.txt
  CUDA_MODULE_LOADING=EAGER M31_FLUSH_EACH=1 M31_REPS=5 timeout 120 $B/micro31 clock front > $R/front_eager_flusheach.txt 2>&1
  echo "exit $?" >> $R/front_eager_flusheach.txt
  cuobjdump -sass $B/micro31 | md5sum >> $R/env.txt
  (cd /tmp/h100-micro && tar czf "$OUT/h100-micro-front.tar.gz" raw/env.txt raw/front_*.txt)
  cat $R/env.txt $R/front_*.txt
  exit 0
fi
# a shared libcudart that does not load: link it statically (the kernels' SASS is the same)
if ldd $B/micro31 | grep -q "not found"; then
  echo "libcudart.so not found: static build" >> $R/build.txt
  nvcc -arch=sm_90 -O3 -o $B/micro31 micro31.cu >> $R/build.txt 2>&1 || exit 1
fi
cuobjdump -sass $B/micro31 > $R/micro31.sm_90.sass 2>&1
cuobjdump -elf $B/micro31 > $R/micro31.sm_90.elf.txt 2>&1
ldd $B/micro31 | grep -i cudart >> $R/env.txt
M31_REPS=9 timeout 240 $B/micro31 clock front smem atom dram divmod > $R/run1.txt 2>&1; echo "exit $?" >> $R/run1.txt
M31_REPS=9 timeout 240 $B/micro31 clock front smem atom dram > $R/run2.txt 2>&1; echo "exit $?" >> $R/run2.txt
M31_REPS=5 timeout 200 $B/micro31 clock hist > $R/hist.txt 2>&1; echo "exit $?" >> $R/hist.txt
M31_REPS=1 timeout 60 $B/micro31 bar > $R/bar.txt 2>&1; echo "exit $?" >> $R/bar.txt
{
  echo "after:"
  nvidia-smi --query-gpu=clocks.sm,clocks.max.sm,clocks.mem,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv
} >> $R/env.txt 2>&1
(cd /tmp/h100-micro && tar czf "$OUT/h100-micro.tar.gz" raw)
ls -la $R
grep -h "clock_mhz\|exit\|bar_exit\|divmod" $R/run1.txt $R/run2.txt $R/hist.txt $R/bar.txt
grep -h "fe_\|chase \|lds .*warps=16 \|atomg_rate" $R/run1.txt | cut -c1-150
