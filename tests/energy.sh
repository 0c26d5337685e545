#!/bin/sh
# tests/energy.sh — the energy model in real runs (docs/energy.md): a config
# without energy.source says it reports none; with values, the parts in the
# CSV sum to energy_j, the JSON's events are the launch's own counters, the
# events this workload makes are charged, and a sweep takes energy_j and
# edp_js as metrics. (tests/test_energy.c checks every event alone.)
set -u
bin=${top_builddir:-.}/warpsim
top=${top_srcdir:-.}
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
w=$top/workloads/sum/gpu3_grid_stride.sass
c=$top/configs/h100.cfg
E="--set energy.source=test"
for k in issue_fj=1000 int_fj=2000 fp32_fj=2100 fp64_fj=3000 half_fj=1500 sfu_fj=4000 tensor_fj=90000 uniform_fj=500 \
         control_fj=800 memory_fj=2500 reg_read_fj=100 reg_write_fj=120 shared_pass_fj=700 l1_hit_fj=500 l1_miss_fj=900 \
         l2_hit_fj=3000 l2_miss_fj=5000 icnt_flit_fj=300 dram_act_fj=900000 dram_read_fj=20000 dram_write_fj=22000 \
         dram_refresh_fj=100000 sm_active_mw=500 sm_idle_mw=100 constant_mw=100000; do
    E="$E --set energy.$k"
done
"$bin" run -c "$c" "$w" > "$tmp/off" 2>&1 || { echo "FAIL: run without energy"; fail=1; }
grep -q '^  energy  *not reported: the config has no measured \[energy\] values' "$tmp/off" \
    || { echo "FAIL: no 'not reported' line without energy.source"; fail=1; }
"$bin" run -c "$c" $E "$w" > "$tmp/text" 2>&1 || { echo "FAIL: run with energy"; fail=1; }
grep -q '^  energy  *[0-9.e+-]* [munp]*J, [0-9.]* W average' "$tmp/text" || { echo "FAIL: no energy line"; cat "$tmp/text"; fail=1; }
grep -q '^  energy by part  *constant' "$tmp/text" || { echo "FAIL: no breakdown line"; fail=1; }
# CSV: energy_j is the sum of the energy.* parts
"$bin" run -c "$c" $E --stats=csv "$w" > "$tmp/csv" 2>/dev/null || { echo "FAIL: --stats=csv"; fail=1; }
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "energy_j") t = i; if ($i ~ /^energy\./) p[i] = 1 } next }
         { s = 0; for (i in p) s += $i; n++
           if (!t || $t <= 0 || (s - $t) > 1e-6 * $t || ($t - s) > 1e-6 * $t) { print "FAIL: parts " s " vs energy_j " $t; bad = 1 } }
         END { if (n != 1 || length(p) != 18) { print "FAIL: " n " rows, " length(p) " parts"; bad = 1 } exit bad }' "$tmp/csv" || fail=1
# JSON: the events are the launch's counters; those this kernel makes are charged
"$bin" run -c "$c" $E --stats=json "$w" > "$tmp/json" 2>/dev/null || { echo "FAIL: --stats=json"; fail=1; }
ev=$(sed 's/.*"events":{\([^}]*\)}.*/\1/' "$tmp/json")
for e in warp_instructions int_lanes fp64_lanes control_insts memory_lanes reg_reads reg_writes l1_misses l2_misses \
         icnt_flits dram_activations dram_reads dram_refreshes sm_active_seconds sm_seconds seconds; do
    echo "$ev" | grep -q "\"$e\":[0-9.]*[1-9]" || { echo "FAIL: event $e not charged: $ev"; fail=1; }
done
wi=$(sed 's/.*"kernels":\[{[^]]*\],"block":\[[^]]*\],"warp_instructions":\([0-9]*\),.*/\1/' "$tmp/json")
echo "$ev" | grep -q "\"warp_instructions\":$wi\.0," || { echo "FAIL: events' warp_instructions is not the counter $wi"; fail=1; }
grep -q '"energy_j":[0-9]' "$tmp/json" || { echo "FAIL: no per-PC energy_j"; fail=1; }
grep -q '"energy":{"reported":"no"' "$tmp/json" && { echo "FAIL: energy not reported"; fail=1; }
# --per-pc: each executed instruction's energy, and the footer
"$bin" run -c "$c" $E --per-pc "$w" > "$tmp/pc" 2>&1 || { echo "FAIL: --per-pc"; fail=1; }
grep -q 'LDG.64.*\[energy [0-9.e+-]* [munp]*J\]' "$tmp/pc" || { echo "FAIL: no per-PC energy"; fail=1; }
grep -q 'energy charged to the instructions above' "$tmp/pc" || { echo "FAIL: no per-PC footer"; fail=1; }
# --report: the parts as bars
"$bin" run -c "$c" $E --report "$tmp/r.html" "$w" > /dev/null 2>&1 || { echo "FAIL: --report"; fail=1; }
grep -q 'id="energy-parts-0"' "$tmp/r.html" || { echo "FAIL: no energy chart in the report"; fail=1; }
# a sweep's metric: energy and the energy-delay product
"$bin" sweep -c "$c" $E --vary sched.policy=lrr,gto --metric edp_js -j 1 -o "$tmp/sweep" "$w" > "$tmp/sw" 2>&1 \
    || { echo "FAIL: sweep --metric edp_js"; cat "$tmp/sw"; fail=1; }
[ -s "$tmp/sweep/edp_js.svg" ] || { echo "FAIL: no edp_js plot"; ls "$tmp/sweep"; fail=1; }
exit $fail
