#!/bin/sh
# warpsim sweep: results byte-identical at -j 1 and -j 2; an interrupted sweep
# resumes; GNU parallel and a Slurm array (its script run per array index)
# with --merge give the in-process CSV; a failing point is recorded without
# stopping the sweep; bad input stops it before any point runs; plot, compare
# and --stats=csv.
set -u
top=${top_srcdir:-.}
bin=$(cd "${top_builddir:-.}" && pwd)/warpsim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
w1=$top/workloads/sched/warp_locality.sass
# the quick pass (without WARPSIM_LONG=1): 4 passes over the data, not 32 (each
# of the sweeps below runs its 12 points ~7x faster)
if [ -z "${WARPSIM_LONG:-}" ]; then
    sed 's/^  let passes = 32$/  let passes = 4/' "$w1" > "$tmp/warp_locality.sass"
    grep -q '^  let passes = 4$' "$tmp/warp_locality.sass" || { echo "FAIL: warp_locality.sass has no 'let passes = 32'"; fail=1; }
    w1=$tmp/warp_locality.sass
fi
w2=$top/workloads/basics/vecadd.sass
args="-c gf100,gk110 --vary sched.policy=lrr,two_level --vary sched.active_set=2..8*2 --baseline sched.policy=lrr --plot $w1 $w2"
# shellcheck disable=SC2086
"$bin" sweep -j 1 -o "$tmp/j1" $args > "$tmp/j1.out" 2>&1 || { echo "FAIL: sweep -j 1"; cat "$tmp/j1.out"; fail=1; }
# shellcheck disable=SC2086
"$bin" sweep -j 2 -o "$tmp/j2" $args > "$tmp/j2.out" 2>&1 || { echo "FAIL: sweep -j 2"; fail=1; }
for f in results.csv results.json summary.txt cycles.svg cycles_over_sched.active_set.svg cycles.dat cycles.gp; do
    [ -s "$tmp/j1/$f" ] || { echo "FAIL: no $f"; fail=1; }
    cmp -s "$tmp/j1/$f" "$tmp/j2/$f" || { echo "FAIL: $f differs between -j 1 and -j 2"; fail=1; }
done
# 2 configs x 2 policies x 3 active sets x 2 workloads = 24 points, one kernel each
[ "$(grep -c '^[0-9]*,pass,0,' "$tmp/j1/results.csv")" = 24 ] || { echo "FAIL: expected 24 passing rows"; fail=1; }
head -1 "$tmp/j1/results.csv" | grep -q '^point,status,exit,message,workload,gpu,config,sched.policy,sched.active_set,kernel,launch,grid,block,' \
    || { echo "FAIL: CSV header"; head -1 "$tmp/j1/results.csv"; fail=1; }
grep -q 'geometric mean' "$tmp/j1/summary.txt" || { echo "FAIL: no geometric means"; fail=1; }
grep -q '"sets":\["sched.policy=two_level","sched.active_set=8"\],"defines":\[\]' "$tmp/j1/results.json" \
    || { echo "FAIL: point JSON lacks its --set and -D"; fail=1; }
grep -q '<svg' "$tmp/j1/cycles.svg" && grep -q '</svg>' "$tmp/j1/cycles.svg" || { echo "FAIL: SVG"; fail=1; }
# resume: drop two points' files; only those run again, the results are the same
ls "$tmp/j1/points/"*.csv | head -2 | xargs rm -f
# shellcheck disable=SC2086
"$bin" sweep -j 2 -o "$tmp/j1" $args > "$tmp/resume.out" 2>&1
grep -q '22 of 24 points already' "$tmp/resume.out" || { echo "FAIL: resume"; cat "$tmp/resume.out"; fail=1; }
cmp -s "$tmp/j1/results.csv" "$tmp/j2/results.csv" || { echo "FAIL: resumed results differ"; fail=1; }
# a sweep killed part-way resumes: points written whole are kept, the rest run
# shellcheck disable=SC2086
"$bin" sweep -j 1 -o "$tmp/int" $args > /dev/null 2>&1 &
pid=$!
sleep 0.5
kill -INT $pid 2>/dev/null
wait $pid 2>/dev/null
# shellcheck disable=SC2086
"$bin" sweep -j 2 -o "$tmp/int" $args > "$tmp/int.out" 2>&1 || { echo "FAIL: the resumed sweep"; cat "$tmp/int.out"; fail=1; }
cmp -s "$tmp/int/results.csv" "$tmp/j2/results.csv" || { echo "FAIL: an interrupted, resumed sweep differs"; fail=1; }
# GNU parallel, then --merge
# shellcheck disable=SC2086
"$bin" sweep --emit-jobs "$tmp/par" $args > /dev/null || { echo "FAIL: --emit-jobs"; fail=1; }
[ "$(wc -l < "$tmp/par/jobs.txt")" = 24 ] || { echo "FAIL: jobs.txt should have 24 lines"; fail=1; }
if command -v parallel > /dev/null 2>&1; then
    parallel -j 2 < "$tmp/par/jobs.txt" || { echo "FAIL: parallel"; fail=1; }
    "$bin" sweep --merge "$tmp/par" > /dev/null || { echo "FAIL: --merge"; fail=1; }
    cmp -s "$tmp/par/results.csv" "$tmp/j1/results.csv" || { echo "FAIL: parallel + merge CSV differs"; fail=1; }
else
    echo "FAIL: GNU parallel is not installed (scripts/setup.sh installs it)"; fail=1
fi
# the Slurm array script: valid sh, an array over every point, each index runs its point
sh -n "$tmp/par/sweep.sbatch" || { echo "FAIL: sweep.sbatch syntax"; fail=1; }
grep -q '^#SBATCH --array=0-23$' "$tmp/par/sweep.sbatch" || { echo "FAIL: array range"; fail=1; }
rm -rf "$tmp/par/points" "$tmp/par/results.csv"
mkdir "$tmp/par/points"
i=0
while [ $i -lt 24 ]; do SLURM_ARRAY_TASK_ID=$i sh "$tmp/par/sweep.sbatch" || fail=1; i=$((i + 1)); done
"$bin" sweep --merge "$tmp/par" > /dev/null || { echo "FAIL: merge after the array"; fail=1; }
cmp -s "$tmp/par/results.csv" "$tmp/j1/results.csv" || { echo "FAIL: Slurm array + merge CSV differs"; fail=1; }
sh "$tmp/par/sweep.sbatch" > /dev/null 2>&1 && { echo "FAIL: sbatch script ran without an array index"; fail=1; }
# a merge with points missing says so
rm -f "$tmp/par/points/"*.csv
"$bin" sweep --merge "$tmp/par" > "$tmp/miss.out" 2>&1; st=$?
[ $st -eq 2 ] && grep -q '24 of 24 points have no results' "$tmp/miss.out" || { echo "FAIL: missing points ($st)"; fail=1; }
# failures are recorded per point and the sweep goes on (exit 1)
"$bin" sweep -j 2 -o "$tmp/f" -c gt200,gf100 "$top/workloads/divergence/spinlock_deadlock.sass" "$top/workloads/basics/vecadd.sass" \
    > "$tmp/f.out" 2>&1; st=$?
[ $st -eq 1 ] || { echo "FAIL: a failing point should give exit 1, got $st"; fail=1; }
[ "$(grep -c ',fault,3,"*deadlock' "$tmp/f/results.csv")" = 2 ] || { echo "FAIL: deadlock rows"; cat "$tmp/f/results.csv" | cut -c1-120; fail=1; }
[ "$(grep -c ',pass,0,' "$tmp/f/results.csv")" = 2 ] || { echo "FAIL: the other points should pass"; fail=1; }
# bad input stops the sweep before it starts
"$bin" sweep -o "$tmp/bad" --vary l1.sise=1,2 "$w1" > "$tmp/bad.out" 2>&1; st=$?
[ $st -eq 2 ] && grep -q "did you mean 'l1.size'" "$tmp/bad.out" && [ ! -e "$tmp/bad" ] || { echo "FAIL: bad key"; fail=1; }
"$bin" sweep -o "$tmp/bad" -j 0 "$w1" > /dev/null 2>&1; [ $? -eq 2 ] || { echo "FAIL: -j 0"; fail=1; }
"$bin" sweep -o "$tmp/bad" --vary l1.size=64K..16K "$w1" > /dev/null 2>&1; [ $? -eq 2 ] || { echo "FAIL: falling range"; fail=1; }
"$bin" sweep -o "$tmp/bad" "$top/workloads/nope*.sass" > /dev/null 2>&1; [ $? -eq 2 ] || { echo "FAIL: no input"; fail=1; }
# ranges (K suffix and a factor) and a -D list; a -D the workload lacks fails its points
"$bin" sweep -j 2 -o "$tmp/r" -c gf100 --vary l1.size=16K..64K*2 -D n=1000,3000 "$w2" > /dev/null \
    || { echo "FAIL: range sweep"; fail=1; }
[ "$(cut -d, -f8,9 "$tmp/r/results.csv" | tail -n +2 | tr '\n' ' ')" = "16384,1000 16384,3000 32768,1000 32768,3000 65536,1000 65536,3000 " ] \
    || { echo "FAIL: range values"; cut -d, -f8,9 "$tmp/r/results.csv"; fail=1; }
"$bin" sweep -o "$tmp/nov" -D nosuch=1,2 "$w2" > /dev/null 2>&1; [ $? -eq 1 ] && grep -q ',bad_input,2,' "$tmp/nov/results.csv" \
    || { echo "FAIL: an unknown -D variable"; fail=1; }
# a point's identity covers its config's values: editing the config file runs it again
cp "$top/configs/gf100.cfg" "$tmp/my.cfg"
"$bin" sweep -o "$tmp/cfgedit" -c "$tmp/my.cfg" "$w2" > /dev/null 2>&1 || { echo "FAIL: sweep with a config file"; fail=1; }
sed -i 's/^latency = 17 /latency = 18 /' "$tmp/my.cfg"
"$bin" sweep -o "$tmp/cfgedit" -c "$tmp/my.cfg" "$w2" > "$tmp/cfgedit.out" 2>&1
grep -q 'already in' "$tmp/cfgedit.out" && { echo "FAIL: a point of an edited config was reused"; fail=1; }
"$bin" sweep -o "$tmp/cfgedit" -c "$tmp/my.cfg" "$w2" > "$tmp/cfgedit.out" 2>&1
grep -q '1 of 1 points already in' "$tmp/cfgedit.out" || { echo "FAIL: an unchanged point was not reused"; fail=1; }
# a trace is an input like a workload
"$bin" sweep -j 2 -o "$tmp/tr" -c gf100,gm204 "$top/tests/traces/vectoradd-sm80/kernelslist.g" > /dev/null \
    || { echo "FAIL: a sweep over a trace"; fail=1; }
[ "$(grep -c ',pass,0,,.*kernelslist.g,\(gf100\|gm204\),.*_Z9vectorAddPKfS0_Pfi,0,196x1x1,256x1x1,' "$tmp/tr/results.csv")" = 2 ] \
    || { echo "FAIL: trace rows"; cut -c1-160 "$tmp/tr/results.csv"; fail=1; }
grep -q '"mode":"trace"' "$tmp/tr/results.json" || { echo "FAIL: trace mode in the JSON"; fail=1; }
# warpsim plot on another figure
"$bin" plot "$tmp/j1" --metric l1_hits --baseline sched.policy=lrr > /dev/null && [ -s "$tmp/j1/l1_hits.svg" ] \
    || { echo "FAIL: warpsim plot"; fail=1; }
"$bin" plot "$tmp/j1" --metric nosuch > /dev/null 2>&1 && { echo "FAIL: unknown metric accepted"; fail=1; }
# compare: the scheduler's effect on L1 hits shows first
"$bin" run --stats=json -c gf100 --set sched.policy=lrr "$w1" > "$tmp/a.json"
"$bin" run --stats=json -c gf100 --set sched.policy=two_level "$w1" > "$tmp/b.json"
"$bin" compare "$tmp/a.json" "$tmp/b.json" > "$tmp/cmp.out" || { echo "FAIL: compare"; fail=1; }
grep -q '^kernels\[0\]\.l1_hits ' "$tmp/cmp.out" && grep -q '^kernels\[0\]\.cycles ' "$tmp/cmp.out" || { echo "FAIL: compare rows"; cat "$tmp/cmp.out"; fail=1; }
"$bin" compare "$tmp/a.json" "$w1" > /dev/null 2>&1 && { echo "FAIL: compare of a non-JSON file"; fail=1; }
# --stats=csv: a header and one row per launch, the sweep's kernel columns
n=$("$bin" run --stats=csv -c gf100 "$top/workloads/sum/gpu5_two_kernels.sass" | wc -l)
[ "$n" = 3 ] || { echo "FAIL: --stats=csv rows ($n)"; fail=1; }
[ $fail -eq 0 ] && echo "sweep: identical at -j 1/2, resumes, parallel and Slurm paths merge to the same CSV"
exit $fail
