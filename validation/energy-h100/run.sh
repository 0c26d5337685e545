#!/bin/sh
# validation/energy-h100/run.sh — the energy microbenchmarks on the GPU
# (issue 61). Needs the prebuilt binary `energy` beside this script (CUDA 11.8,
# -arch=sm_90, static libcudart; NVML loaded at run time), no compiler.
#   device: OUT=/some/dir sh run.sh        (about 3 minutes; at most 8: timeouts 300 + 2 x (60 + 30) s)
# Writes into $OUT:
#   env.txt          the card: nvidia-smi before and after, clocks, power limit, driver
#   energy.csv       per measurement: loop count, kernel time, NVML energy counter
#                    at the edges around it, SM clock, temperature, throttle reasons
#   samples.csv      every 20 ms: energy counter, power, SM and memory clock, label
#   ncu_1.csv, ncu_2.csv   (when ncu is found and allowed) each kernel's counters
#                    at two loop counts (energy simall 1 and 2), for the events
#                    of one iteration on the hardware
#   energy.sass      the SASS of the binary that ran (when cuobjdump is found)
# Clocks are left as found; the run records what the SM clock was.
set -u
H=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-/tmp/energy-out}
mkdir -p "$OUT"
B=$H/energy
SECS=${ENERGY_SECONDS:-3}
ROUNDS=${ENERGY_ROUNDS:-2}
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,pci.bus_id,clocks.sm,clocks.max.sm,clocks.applications.graphics,clocks.mem,clocks.max.mem,power.draw,power.limit,enforced.power.limit,temperature.gpu,persistence_mode,compute_mode,pstate,clocks_throttle_reasons.active --format=csv 2>&1
  nvidia-smi -q -d CLOCK,POWER,PERFORMANCE 2>&1 | head -120
  uname -r
  md5sum "$B"
} > "$OUT/env.txt" 2>&1
ENERGY_SAMPLES=$OUT/samples.csv timeout 300 "$B" run "$SECS" "$ROUNDS" > "$OUT/energy.csv" 2> "$OUT/energy.err"
echo "exit $?" >> "$OUT/energy.err"
{
  echo "after:"
  date -u
  nvidia-smi --query-gpu=clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv 2>&1
} >> "$OUT/env.txt"
# the hardware's event counts of one iteration: every kernel at two loop counts
NCU=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
if [ -n "$NCU" ]; then
  M=smsp__inst_executed.sum,smsp__thread_inst_executed.sum,sm__inst_executed_pipe_fma.sum,sm__inst_executed_pipe_alu.sum,sm__inst_executed_pipe_fp64.sum,sm__inst_executed_pipe_fp16.sum,sm__inst_executed_pipe_xu.sum,sm__inst_executed_pipe_uniform.sum,sm__inst_executed_pipe_lsu.sum,sm__inst_executed_pipe_tensor_op_hmma.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_miss.sum,lts__t_sectors_srcunit_tex_lookup_hit.sum,lts__t_sectors_srcunit_tex_lookup_miss.sum,dram__sectors_read.sum,dram__sectors_write.sum,sm__cycles_active.sum,gpc__cycles_elapsed.max
  for s in 1 2; do
    timeout 60 "$NCU" --csv --metrics "$M" "$B" simall $s > "$OUT/ncu_$s.csv" 2> "$OUT/ncu_$s.err"
    rc=$?
    echo "exit $rc" >> "$OUT/ncu_$s.err"
    if [ $rc -ne 0 ] && ! grep -q ERR_NVGPUCTRPERM "$OUT/ncu_$s.csv" "$OUT/ncu_$s.err"; then   # a metric this ncu lacks: the basic ones
      timeout 30 "$NCU" --csv --metrics smsp__inst_executed.sum,dram__sectors_read.sum,dram__sectors_write.sum,lts__t_sectors.sum,l1tex__t_sectors.sum \
        "$B" simall $s > "$OUT/ncu_${s}_basic.csv" 2>> "$OUT/ncu_$s.err"
      echo "basic exit $?" >> "$OUT/ncu_$s.err"
    fi
  done
else
  echo "no ncu" > "$OUT/ncu.txt"
fi
CUOBJ=$(command -v cuobjdump || ls /usr/local/cuda*/bin/cuobjdump 2>/dev/null | head -1)
[ -n "$CUOBJ" ] && "$CUOBJ" -sass "$B" > "$OUT/energy.sass" 2>&1
grep -v "^#" "$OUT/energy.csv" | cut -d, -f1,2,5,7,15,16,17,18,20,21 | column -t -s, 2>/dev/null || cat "$OUT/energy.csv"
tail -3 "$OUT/energy.err"
