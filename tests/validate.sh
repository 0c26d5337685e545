#!/bin/sh
# `warpsim validate`: the fast subset of validation/seeds.val (every
# microbenchmark row against the seeds' measurements) must keep passing, and
# the rows file's errors, regressions and report format are checked.
. "${top_srcdir:-.}/tests/lib.sh"
# the fast subset of the seeds' comparisons: no regression, the share holds
expect 0 "0 regressions" -- "$bin" validate --fast -j 2 -o "$tmp/fast.md" "$top/validation/seeds.val"
grep -q "^| 4 | Global load, L1 bypassed, L2 miss (cycles) | ~495 | [0-9]" "$tmp/fast.md" \
    || { echo "FAIL: the fast report lacks the L1-bypass row"; fail=1; }
grep -q "warpsim run -c gf100 -D size=8192 workloads/microbench/pointer_chase.sass" "$tmp/fast.md" \
    || { echo "FAIL: the fast report lacks the command of run chase_l1"; fail=1; }
if grep -q "Array sum" "$tmp/fast.md"; then echo "FAIL: --fast ran the array sums"; fail=1; fi
# the H100 microbenchmark rows (calibrated from validation/h100's measurements)
expect 0 "0 regressions" -- "$bin" validate --fast -j 2 -o "$tmp/h100.md" "$top/validation/h100.val"
grep -q "^| 9 | DRAM (cold chase, 16 KB stride) (cycles) | 683.5 | [0-9]" "$tmp/h100.md" \
    || { echo "FAIL: the H100 report lacks the DRAM row"; fail=1; }

# a miss without why= is a regression: exit 1, the row named
cat > "$tmp/miss.val" <<'ROWS'
section "s"
run l fast: -c gf100 microbench/latency_chain.sass
row "int latency" seed=5 value="report(l, cycles_per_instruction, 0)" tol=10%
row "fp32 latency" seed=18.5 value="report(l, cycles_per_instruction, 1)" tol=10%
ROWS
expect 1 "miss.val:3: row 'int latency': misses its tolerance" -- "$bin" validate -o "$tmp/miss.md" "$tmp/miss.val"
grep -q "| 1 | int latency | 5 | 1[78][0-9.]* | .* | \*\*miss\*\* |" "$tmp/miss.md" || { echo "FAIL: miss row"; cat "$tmp/miss.md"; fail=1; }
grep -q "| 2 | fp32 latency | 18.5 | 1[78][0-9.]* | .* | pass |" "$tmp/miss.md" || { echo "FAIL: pass row"; fail=1; }
# the same miss with a reason passes the command (1 of 2 = 50% >= require 50%) and prints the reason
sed -e 's/tol=10%$/tol=10% why="a known gap"/' -e '1i require 50%' "$tmp/miss.val" > "$tmp/why.val"
sed -i '5s/ why="a known gap"//' "$tmp/why.val"
expect 0 "1 of 2 predicted rows pass" -- "$bin" validate -o "$tmp/why.md" "$tmp/why.val"
grep -q "a known gap" "$tmp/why.md" || { echo "FAIL: the reason of a miss is not in the report"; fail=1; }
# below the required share: exit 1
sed 's/require 50%/require 60%/' "$tmp/why.val" > "$tmp/share.val"
expect 1 "1 of 2 predicted rows pass (50%, 60% required)" -- "$bin" validate -o "$tmp/share.md" "$tmp/share.val"

# errors in the rows file name file:line:column and exit 2
bad() {  # bad PATTERN ROW-LINE
    printf 'section "s"\nrun l: -c gf100 microbench/latency_chain.sass\n%s\n' "$2" > "$tmp/bad.val"
    expect 2 "$1" -- "$bin" validate -o "$tmp/bad.md" "$tmp/bad.val"
    [ ! -e "$tmp/bad.md" ] || { echo "FAIL: a report was written for a bad rows file"; fail=1; }
}
bad "bad.val:3:30: error: no run is named 'm'" 'row "x" seed=1 value="report(m, a)" tol=1%'
bad "bad.val:3:1: error: the row needs a rule" 'row "x" seed=1 value="cycles(l)"'
bad "bad.val:3:34: error: unknown row attribute 'tolerance'" 'row "x" seed=1 value="cycles(l)" tolerance=1%'
bad "bad.val:3:34: error: bad range '5..1'" 'row "x" seed=1 value="cycles(l)" range=5..1'
bad "bad.val:3:22: error: write the value in quotes" 'row "x" seed=1 value=cycles(l) info'
bad "bad.val:3:1: error: unknown statement 'rwo'" 'rwo "x"'
# a row must be able to fail both ways
bad "bad.val:3:1: error: min=4 cannot fail above" 'row "x" seed=5 value="cycles(l)" min=4'
bad "bad.val:3:1: error: max=9 cannot fail below" 'row "x" seed=5 value="cycles(l)" max=9'
bad "bad.val:3:1: error: range=6..8 does not contain the seed's figure 5" 'row "x" seed=5 value="cycles(l)" range=6..8'
# calibrated rows name their parameters and carry an id
bad "error: name the config parameters set from this figure" 'row "x" seed=5 value="cycles(l)" tol=5% calibrated'
bad "bad.val:3:1: error: a calibrated row needs an id=" 'row "x" seed=5 value="cycles(l)" tol=5% calibrated=unit_int.latency'
bad "error: calibrated=unit_int.lat: 'unit_int.lat' is not a config key" 'row "x" seed=5 id=a value="cycles(l)" tol=5% calibrated=unit_int.lat'
# calibration strict: the configs' [calibrated: ID] tags and the rows agree both ways
grep -q "^calibration strict" "$top/validation/seeds.val" || { echo "FAIL: seeds.val does not check its calibration"; fail=1; }
printf '[unit_int]\nlatency = 18 # [calibrated: lat]\n' > "$tmp/t.cfg"
cal() {  # cal STATUS PATTERN ROW
    printf 'calibration strict\nsection "s"\nrun l: -c %s microbench/latency_chain.sass\n%s\n' "$tmp/t.cfg" "$3" > "$tmp/cal.val"
    expect "$1" "$2" -- "$bin" validate -o "$tmp/cal.md" "$tmp/cal.val"
}
cal 0 "0 of 0 predicted rows pass.*1 of 1 calibrated rows pass" \
    'row "int" seed=18 value="report(l, cycles_per_instruction, 0)" tol=10% id=lat calibrated=unit_int.latency'
grep -q "| calibrated (\`unit_int.latency\`) | pass |" "$tmp/cal.md" || { echo "FAIL: the calibrated row's kind"; fail=1; }
cal 2 "t.cfg:2: unit_int.latency was set from row 'int' .*counted as predicted" \
    'row "int" seed=18 value="report(l, cycles_per_instruction, 0)" tol=10% id=lat'
cal 2 "no config its runs use tags unit_fp32.latency with \[calibrated: lat\]" \
    'row "int" seed=18 value="report(l, cycles_per_instruction, 1)" tol=10% id=lat calibrated=unit_fp32.latency'

# a row whose expression fails at run time is an error row and a regression
printf 'section "s"\nrun l: -c gf100 microbench/latency_chain.sass\nrow "x" seed=1 value="report(l, nothere)" info\n' > "$tmp/rt.val"
expect 1 "run l has no report 'nothere'" -- "$bin" validate -o "$tmp/rt.md" "$tmp/rt.val"
# a run that cannot start (no workload, no config, a bad -D) stops validate
# before anything has run: exit 2, the run's line, no report
printf 'section "s"\nrun l: -c gf100 nothere.sass\nrow "x" seed=1 value="cycles(l)" info\n' > "$tmp/nf.val"
expect 2 "nf.val:2:1: error: run 'l' cannot start (nothing has run)" -- "$bin" validate -o "$tmp/nf.md" "$tmp/nf.val"
[ ! -e "$tmp/nf.md" ] || { echo "FAIL: validate wrote a report although a run could not start"; fail=1; }
printf 'section "s"\nrun l: -c gf110 microbench/latency_chain.sass\nrow "x" seed=1 value="cycles(l)" info\n' > "$tmp/nc.val"
expect 2 "no config 'gf110'.*did you mean 'gf100'" -- "$bin" validate "$tmp/nc.val"
printf 'section "s"\nrun l: -c gf100 -D size=abc microbench/pointer_chase.sass\nrow "x" seed=1 value="cycles(l)" info\n' > "$tmp/nd.val"
expect 2 "-D:1:6: error: unknown name 'abc'" -- "$bin" validate "$tmp/nd.val"
# options and the output directory are checked first
expect 2 "-j takes a whole number from 1 to 256, found 'abc'" -- "$bin" validate -j abc "$tmp/rt.val"
expect 2 "-j takes a whole number from 1 to 256, found '0'" -- "$bin" validate -j 0 "$tmp/rt.val"
expect 2 "-j takes a whole number from 1 to 256, found '-5'" -- "$bin" validate -j -5 "$tmp/rt.val"
expect 2 "-o needs a value" -- "$bin" validate "$tmp/rt.val" -o
expect 2 "cannot write $tmp/no/r.md: there is no directory $tmp/no" -- "$bin" validate -o "$tmp/no/r.md" "$tmp/rt.val"
# a quote left open, and a line too long to read whole
printf 'section "s\n' > "$tmp/q.val"
expect 2 "q.val:1:9: error: this '\"' is not closed on its line" -- "$bin" validate "$tmp/q.val"
awk 'BEGIN { printf "section \"s\"\ntext "; for (i = 0; i < 2100; i++) printf "x"; print "" }' > "$tmp/long.val"
expect 2 "long.val:2:2048: error: this line is longer than 2047 characters" -- "$bin" validate "$tmp/long.val"
exit $fail
