#!/bin/sh
# tests/report_lines.sh — `warpsim cuda --report` of a program built with
# -lineinfo (tests/cuda/programs/lines.cu) in a real headless browser
# (Debian's chromium): the page loads without console errors, its CUDA
# source table shows the kernel's lines with their text and figures (the
# conflicting store's line its worst conflict, the divergent loop's its SIMD
# efficiency below 100%, the uncoalesced load's its lines per access), the
# heat map colours those rows, and a click on a line marks its SASS rows.
# The lines are found by lines.cu's marks, not copied from warpsim's output.
. "$(dirname "$0")/lib.sh"
P=$top/tests/cuda/programs
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || { echo "FAIL: no chromium (scripts/setup.sh installs it)"; exit 1; }
line_of() { grep -n "LINE: $1\$" "$P/lines.cu" | cut -d: -f1; }
unc=$(line_of uncoalesced); div=$(line_of divergent); conf=$(line_of conflict); blank=$(($(line_of inlined) + 1))
"$bin" cuda -c h100 --report "$tmp/r.html" --sass "$P/lines.sm_90.sass" -- "$P/lines.sm_90" > /dev/null 2> "$tmp/err" \
    || { echo "FAIL: --report run: exit $?"; cat "$tmp/err"; exit 1; }
grep -q 'src="http\|href="http\|<link\|src="//' "$tmp/r.html" && { echo "FAIL: the report loads external resources"; fail=1; }
# a click on the conflict's line, then the DOM (the script runs before it is dumped)
sed "s#</body>#<script>document.querySelector('table.cuda tr[data-line=\"$conf\"]').click();</script></body>#" "$tmp/r.html" > "$tmp/c.html"
timeout 120 "$browser" --headless --no-sandbox --disable-gpu --enable-logging=stderr --v=0 \
    --dump-dom "file://$tmp/c.html" > "$tmp/dom" 2> "$tmp/berr"
grep ':CONSOLE' "$tmp/berr" && { echo "FAIL: console messages"; fail=1; }
[ -s "$tmp/dom" ] || { echo "FAIL: the browser returned no DOM"; sed -n 1,20p "$tmp/berr"; exit 1; }
grep -q '<table class="src cuda" id="cuda-0">' "$tmp/dom" || { echo "FAIL: no CUDA source table"; fail=1; }
grep -q 'kernel lessons(float const\*, float\*, int) (launch 0)' "$tmp/dom" || { echo "FAIL: the kernel's name is not demangled"; fail=1; }
# each marked line's row: its text and its figure (one row a line in the DOM)
tr -d '\n' < "$tmp/dom" | sed 's#<tr#\n<tr#g' | grep '^<tr data-line=' > "$tmp/rows"
r() { grep "^<tr data-line=\"$1\"" "$tmp/rows"; }
r $conf | grep -q 'tile\[t \* 32\] = v;' && r $conf | grep -q '<td class="worst">\([2-9]\|[1-9][0-9]\)-way</td>' \
    || { echo "FAIL: line $conf: no text or no conflict degree > 1"; r $conf; fail=1; }
r $div | grep -q 'for (int i = 0; i &lt; (t &amp; 7); i++)' && r $div | grep -q '<td class="simd">\([0-9]\|[1-9][0-9]\)%</td>' \
    || { echo "FAIL: line $div: no text or SIMD not below 100%"; r $div; fail=1; }
lpa=$(r $unc | sed -n 's#.*<td class="lines">\([0-9.]*\)</td>.*#\1#p')
awk -v v="$lpa" 'BEGIN { exit !(v > 1) }' || { echo "FAIL: line $unc: lines/access '$lpa', want > 1"; fail=1; }
# the heat map coloured the source (stall cycles first), and lines without code stay plain
r $conf | grep -q 'style="background: rgba(225, 87, 89' || { echo "FAIL: the heat map did not colour line $conf"; fail=1; }
r $blank | grep -q "style=" && { echo "FAIL: line $blank (no code) is coloured"; fail=1; }
r $blank >/dev/null || { echo "FAIL: line $blank (no code) is not shown"; fail=1; }
# the click marked the line and its SASS rows (the STS among them)
r $conf | grep -q 'class="picked"' || { echo "FAIL: the clicked line is not marked"; fail=1; }
tr -d '\n' < "$tmp/dom" | sed 's#<tr#\n<tr#g' | grep "data-cuda=\"lines.cu:$conf\"" | grep 'class="picked"' | grep -q 'STS' \
    || { echo "FAIL: the clicked line's SASS rows are not marked"; fail=1; }
# a lab's program (docs/labs/bank_conflicts.md, On CUDA): two launches, a source table each; the
# column read of tile[32][32] shows its 32 passes (every lane in one bank), of tile[32][33] one
L=$top/workloads/cuda/labs
lab_line() { grep -n "LINE: $1\$" "$L/bank_conflicts.cu" | cut -d: -f1; }
naive=$(lab_line naive-column); padded=$(lab_line padded-column)
"$bin" cuda -c h100 --report "$tmp/lab.html" --sass "$L/bank_conflicts.sass" -- "$L/bank_conflicts" > /dev/null 2> "$tmp/err" \
    || { echo "FAIL: lab --report run: exit $?"; cat "$tmp/err"; fail=1; }
timeout 120 "$browser" --headless --no-sandbox --disable-gpu --enable-logging=stderr --v=0 \
    --dump-dom "file://$tmp/lab.html" > "$tmp/labdom" 2> "$tmp/berr"
grep ':CONSOLE' "$tmp/berr" && { echo "FAIL: lab report: console messages"; fail=1; }
# each source table's rows, prefixed by the table's id
tr -d '\n' < "$tmp/labdom" | sed 's#<table#\n<table#g' | grep '^<table class="src cuda"' \
    | sed 's#^<table class="src cuda" id="\([^"]*\)".*#\1#' > "$tmp/labtables"
[ "$(cat "$tmp/labtables")" = "$(printf 'cuda-0\ncuda-1')" ] || { echo "FAIL: lab report: source tables '$(cat "$tmp/labtables")', want cuda-0 and cuda-1"; fail=1; }
tr -d '\n' < "$tmp/labdom" | sed 's#<table#\n<table#g' | grep '^<table class="src cuda"' | awk '{
    id = $0; sub(/^<table class="src cuda" id="/, "", id); sub(/".*/, "", id)
    n = split($0, r, "<tr"); for (i = 2; i <= n; i++) print id " <tr" r[i] }' > "$tmp/labrows"
lr() { grep "^$1 <tr data-line=\"$2\"" "$tmp/labrows"; }
lr cuda-0 "$naive" | grep -q 'tile\[x\]\[y\];' && lr cuda-0 "$naive" | grep -q '<td class="passes">32.0</td><td class="worst">32-way</td>' \
    || { echo "FAIL: lab report: transpose_naive's line $naive lacks its text or 32 passes"; lr cuda-0 "$naive"; fail=1; }
lr cuda-0 "$naive" | grep -q 'style="background: rgba(225, 87, 89' || { echo "FAIL: lab report: the heat map did not colour line $naive"; fail=1; }
lr cuda-1 "$padded" | grep -q '<td class="passes">1.0</td><td class="worst">1-way</td>' \
    || { echo "FAIL: lab report: transpose_padded's line $padded lacks its one pass"; lr cuda-1 "$padded"; fail=1; }
# the scheduler-cycle bars stay in their cells (no_warp is ~99% on a 132-SM GPU with 4 blocks)
grep -o 'class="bar" style="width:[0-9.]*%' "$tmp/labdom" | sed 's/.*width://; s/%//' | awk '$1 > 100 { bad = 1 } END { exit bad }' \
    || { echo "FAIL: lab report: a scheduler-cycle bar is wider than its cell"; fail=1; }
[ $fail -eq 0 ] && echo "report_lines: the CUDA source view shows the kernel's lines with their figures in headless chromium (lines.cu and the bank-conflict lab)"
exit $fail
