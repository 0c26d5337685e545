#!/bin/sh
# The statistics of every shipped workload on every shipped config (and the
# trace tests' runs) as JSON without the host key, one file per run, so that
# a refactor can be checked byte for byte:
#   scripts/golden.sh OUT_DIR [WARPSIM]   then   diff -r BEFORE AFTER
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: scripts/golden.sh OUT_DIR [WARPSIM]}
bin=${2:-$top/warpsim}
jobs=${JOBS:-2}
mkdir -p "$out"
strip_host() { sed 's/,"host":{[^}]*}//'; }
list=$(mktemp)
trap 'rm -f "$list"' EXIT
for f in "$top"/workloads/*/*.sass; do
    for mode in "-c gt200" "-c gf100" "-c gf104" "-c gk110" "-c gm204" "-c gcn-tahiti" \
                "-c gf100 --set sm.warp_size=64" "-c a100" "-c h100" \
                "-c gf100 --set sched.policy=gto" "-c gk110 --set sched.policy=two_level" \
                "-c gm204 --set sched.policy=oldest"; do
        printf '%s\t%s\n' "$f" "$mode" >> "$list"
    done
done
run_one() {
    f=$1; mode=$2
    name=$(basename "$(dirname "$f")")_$(basename "$f" .sass)_$(printf '%s' "$mode" | tr -c 'a-zA-Z0-9.=' '_')
    # shellcheck disable=SC2086
    "$bin" run --stats=json --threads 1 $mode "$f" 2>&1 | sed 's/,"host":{[^}]*}//' > "$out/$name.json"
    echo "exit $?" >> "$out/$name.json"
}
while IFS="$(printf '\t')" read -r f mode; do
    run_one "$f" "$mode" &
    while [ "$(jobs -p | wc -l)" -ge "$jobs" ]; do sleep 0.05; done
done < "$list"
wait
for cfg in gt200 gf100 gf104 gk110 gm204; do
    "$bin" trace --stats=json -c $cfg "$top/tests/traces/vectoradd-sm80/kernelslist.g" 2>&1 | strip_host > "$out/trace_vectoradd_$cfg.json"
done
