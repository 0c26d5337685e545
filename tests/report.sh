#!/bin/sh
# --report FILE.html in a real headless browser (Debian's chromium): the page
# loads with no console errors, its script has coloured the heat map, and the
# DOM holds the figures of the text summary.
set -u
top=${top_srcdir:-.}
bin=${top_builddir:-.}/warpsim
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || { echo "FAIL: no chromium (scripts/setup.sh installs it)"; exit 1; }
w=$top/workloads/divergence/even_odd.sass
"$bin" run -c gf100 --report "$tmp/r.html" "$w" > "$tmp/text" || { echo "FAIL: --report run"; fail=1; }
[ ! -e "$tmp/r.html.tmp" ] || { echo "FAIL: a temporary report was left"; fail=1; }
grep -q 'src="http\|href="http\|<link\|src="//' "$tmp/r.html" && { echo "FAIL: the report loads external resources"; fail=1; }
timeout 120 "$browser" --headless --no-sandbox --disable-gpu --enable-logging=stderr --v=0 \
    --dump-dom "file://$tmp/r.html" > "$tmp/dom" 2> "$tmp/err"
grep ':CONSOLE' "$tmp/err" && { echo "FAIL: console messages"; fail=1; }
[ -s "$tmp/dom" ] || { echo "FAIL: the browser returned no DOM"; sed -n 1,20p "$tmp/err"; fail=1; }
# the DOM holds each kernel's cycles as the text summary prints them
k=0
for c in $(grep '^  cycles' "$tmp/text" | awk '{print $2}'); do
    grep -q "<td id=\"cycles-$k\">$c</td>" "$tmp/dom" || { echo "FAIL: kernel $k's cycles ($c) not in the DOM"; fail=1; }
    k=$((k + 1))
done
[ $k -eq 3 ] || { echo "FAIL: expected 3 kernels, found $k"; fail=1; }
simd=$(grep 'SIMD efficiency' "$tmp/text" | head -1 | awk '{print $3}')
grep -q "<td id=\"simd-0\">$simd</td>" "$tmp/dom" || { echo "FAIL: SIMD efficiency $simd not in the DOM"; fail=1; }
# the script ran: source rows coloured by the heat map, the timeline drawn
grep -q 'data-stalls="[0-9]*"[^>]*style="background: rgba(225, 87, 89' "$tmp/dom" || { echo "FAIL: the heat map script did not run"; fail=1; }
grep -q '<svg id="timeline-0"' "$tmp/dom" && grep -q 'class="issue"' "$tmp/dom" || { echo "FAIL: no warp timeline"; fail=1; }
grep -q 'MUFU.RCP R8, c\[d\]' "$tmp/dom" || { echo "FAIL: the source is missing"; fail=1; }
[ $fail -eq 0 ] && echo "report: renders in headless chromium without console errors; the DOM holds the summary's figures"
exit $fail
