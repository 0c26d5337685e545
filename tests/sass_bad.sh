#!/bin/sh
# The bad-SASS catalogue (issue 29): each workload tests/sass/bad/NAME.sass
# imports a broken dump (tests/sass/bad/dumps) or launches a good one
# wrongly. Its comments name the config (# config: h100) and the text the
# error must hold (# expect: FILE:LINE:COL: error: ..., one line each); warpsim
# run must exit 2 with every expected text, a caret line under the place,
# and no output file. A fixture without an expectation fails the test.
. "${top_srcdir:-.}/tests/lib.sh"
top=$(cd "$top" && pwd)
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
n=0
for f in "$top"/tests/sass/bad/*.sass; do
    name=$(basename "$f" .sass)
    cfg=$(sed -n 's/^# config: //p' "$f")
    if [ -z "$cfg" ] || ! grep -q '^# expect: ' "$f"; then echo "FAIL [$name]: no '# config:' or '# expect:' line"; fail=1; continue; fi
    out=$tmp/out; rm -rf "$out"; mkdir "$out"
    msg=$(cd "$out" && "$bin" run -c "$cfg" --functional "$f" 2>&1); got=$?
    n=$((n + 1))
    if [ "$got" -ne 2 ]; then echo "FAIL [$name]: exit $got, want 2"; echo "$msg" | head -8; fail=1; continue; fi
    sed -n 's/^# expect: //p' "$f" > "$tmp/want"
    while IFS= read -r want; do
        printf '%s\n' "$msg" | grep -qF -- "$want" || { echo "FAIL [$name]: output lacks: $want"; echo "$msg" | head -8; fail=1; }
    done < "$tmp/want"
    # the place is shown: the source line, then a caret
    printf '%s\n' "$msg" | grep -q '^ *\^$' || { echo "FAIL [$name]: no caret line"; echo "$msg" | head -8; fail=1; }
    [ -z "$(ls -A "$out")" ] || { echo "FAIL [$name]: files left: $(ls -A "$out")"; fail=1; }
done
[ "$n" -ge 13 ] || { echo "FAIL: $n cases ran, the catalogue has 13"; fail=1; }
exit $fail
