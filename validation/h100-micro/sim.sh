#!/bin/sh
# validation/h100-micro/sim.sh — micro31.cu under `warpsim cuda -c h100`,
# with the SASS that ran on the H100 (raw/h100/micro31.sm_90.sass.gz, the
# device's cuobjdump; only the host code is built here).  Every section runs
# as on the device; the figures are the kernels' own clock64 readings.
#   sh validation/h100-micro/sim.sh [SECTION...]     (default: all)
#   WARPSIM=path/to/warpsim  (default: the build in the repository root);
#   WARPSIM_COMMIT=...       (recorded in raw/sim/version.txt when WARPSIM's
#                             folder is not a git checkout)
#   CONFIG=h100 or a path    (the config of that warpsim's tree: -c h100 finds
#                             configs/ from the current folder)
# Output: raw/sim/SECTION.txt (the program's lines) and SECTION.log (warpsim's
# per-launch summary).  Needs CUDA 13's nvcc (no GPU).
set -eu
H=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$H/../.." && pwd)
WS=${WARPSIM:-$ROOT/warpsim}
CFG=${CONFIG:-h100}       # a name (configs/ as warpsim finds it) or a path: the config that goes with $WS
T=${TMPDIR:-/tmp}/h100-micro-sim.$$
O=$H/raw/sim
mkdir -p "$T" "$O"
trap 'rm -rf "$T"' EXIT
nvcc -cudart shared -arch=sm_90 -O3 -o "$T/micro31" "$H/micro31.cu"
gunzip -c "$H/raw/h100/micro31.sm_90.sass.gz" > "$T/micro31.sm_90.sass"
gunzip -c "$H/raw/h100/micro31.sm_90.elf.txt.gz" > "$T/micro31.sm_90.elf.txt"
{ echo "warpsim: $WS"; "$WS" --version 2>&1 || true
  echo "commit: ${WARPSIM_COMMIT:-$(git -C "$(dirname "$WS")" describe --always --dirty 2>/dev/null || echo unknown)}"
  echo "config: $CFG"; "$WS" config show -c "$CFG" | md5sum | sed 's/-$/(md5 of warpsim config show)/'
} > "$O/version.txt"
sim() {   # NAME REPS [--set ...] -- ARGS
  name=$1; reps=$2; shift 2
  sets=""
  while [ "$1" != "--" ]; do sets="$sets $1"; shift; done; shift
  echo "== $name" >&2
  M31_SIM=1 M31_REPS=$reps "$WS" cuda -c "$CFG" $sets --sass "$T/micro31.sm_90.sass" -- "$T/micro31" "$@" \
    > "$O/$name.txt" 2> "$O/$name.log" || echo "exit $?" >> "$O/$name.txt"
}
secs=${*:-front smem atom dram divmod bar hist}
for s in $secs; do
  case $s in
  front) sim front 3 -- front ;;
  smem) sim smem 2 -- smem ;;
  atom) sim atom 2 -- atom ;;
  dram) sim dram 2 --set launch.flush=all -- dram ;;      # each launch cold, as the GPU after its L2 flush
  divmod) sim divmod 1 -- divmod ;;
  bar) for i in 0 1 2 3 4 5; do sim bar$i 1 -- bar:$i; done ;;   # a fault ends the program: one case each
  hist) export M31_HIST=5,6      # v4 and v4.5; launch 1 is timed (launch 0 leaves the input in L2, as on the GPU)
        for mb in 4 16 64; do sim hist$mb 2 -- hist=$mb; done
        unset M31_HIST ;;
  esac
done
