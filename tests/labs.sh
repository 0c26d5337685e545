#!/bin/sh
# Every lab in docs/labs/ is checked: in its ```console blocks each "$ ..."
# line is run (from the top of the tree, ./warpsim being the built binary)
# and the lines quoted under it must appear in its output, in order ("..."
# skips any lines). So a figure a lab quotes is what the tool prints.
set -u
top=${top_srcdir:-.}
bin=$(cd "${top_builddir:-.}" && pwd)/warpsim
fail=0
nlabs=0
nocudart=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run_check() {   # $1 lab, $2 command, $3 file of expected lines
    # `warpsim cuda` needs the stand-in libcudart, which the sanitizer and
    # fuzzing builds do not make (configure.ac, CUDART): those commands
    # are left to the other builds there
    case $2 in *"warpsim cuda"*) [ -d "${top_builddir:-.}/cudart" ] || { nocudart=$((nocudart + 1)); return; } ;; esac
    out="$tmp/out"
    # ./warpsim at the start or after a pipe is the built binary
    cmd=$(printf '%s' "$2" | sed "s#^\./warpsim#\"$bin\"#; s#| \./warpsim#| \"$bin\"#g")
    (cd "$top" && sh -c "$cmd") 2>&1 | sed 's/[[:space:]]*$//' > "$out"
    # each expected line in order: search forward from the last match
    pos=0
    while IFS= read -r want; do
        [ "$want" = "..." ] && continue
        [ -z "$want" ] && continue
        n=$(tail -n +$((pos + 1)) "$out" | grep -nxF -- "$want" | head -1 | cut -d: -f1)
        if [ -z "$n" ]; then
            echo "FAIL: $1: \$ $2"
            echo "  expected (in order): $want"
            echo "  got:"; sed 's/^/    /' "$out" | head -40
            fail=1
            return
        fi
        pos=$((pos + n))
    done < "$3"
}
for lab in "$top"/docs/labs/*.md; do
    [ "$(basename "$lab")" = README.md ] && continue
    nlabs=$((nlabs + 1))
    inblock=0; cmd=""; : > "$tmp/want"; nchecks=0
    while IFS= read -r line; do
        case $inblock:$line in
        0:'```console') inblock=1; cmd=""; : > "$tmp/want" ;;
        1:'```')
            [ -n "$cmd" ] && { run_check "$lab" "$cmd" "$tmp/want"; nchecks=$((nchecks + 1)); }
            inblock=0; cmd="" ;;
        1:'$ '*)
            [ -n "$cmd" ] && { run_check "$lab" "$cmd" "$tmp/want"; nchecks=$((nchecks + 1)); }
            cmd=${line#\$ }; : > "$tmp/want" ;;
        1:*) printf '%s\n' "$line" | sed 's/[[:space:]]*$//' >> "$tmp/want" ;;
        esac
    done < "$lab"
    [ $nchecks -gt 0 ] || { echo "FAIL: $lab has no console block to check"; fail=1; }
    for part in '## The question' '## Run it' '## What to look at' '## Exercise'; do
        grep -q "^$part" "$lab" || { echo "FAIL: $lab lacks '$part'"; fail=1; }
    done
done
[ $nlabs -ge 12 ] || { echo "FAIL: $nlabs labs in docs/labs (at least 12)"; fail=1; }
[ $fail -eq 0 ] && echo "labs: $nlabs labs, every quoted figure is what the tool prints$([ $nocudart -gt 0 ] && echo " ($nocudart warpsim cuda commands left out: this build has no libcudart)")"
exit $fail
