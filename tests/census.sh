#!/bin/sh
# The SASS census (validation/census): every instruction form that nvcc
# (CUDA 11.8 and 13, sm_80 and sm_90) emits over the census corpus is fed to
# warpsim's SASS reader as a synthetic instruction of that form
# (scripts/census/judge.sh). A form the reader refuses must be listed in
# validation/census/not-yet.txt, and a listed form must still be refused: the
# list only shrinks. When you teach warpsim a form, delete its line there.
# Prints the forms, the executable ones, the pending ones, and the coverage
# weighted by programs (each form counts as often as programs use it).
. "${top_srcdir:-.}/tests/lib.sh"
dir=$top/validation/census
census=$dir/census.tsv; list=$dir/not-yet.txt
for f in "$census" "$list"; do [ -f "$f" ] || { echo "FAIL: $f missing"; exit 1; }; done
sh "$top/scripts/census/judge.sh" "$bin" "$census" "$tmp/j" || { echo "FAIL: scripts/census/judge.sh could not judge the census"; exit 1; }
cut -f1-3 "$tmp/j/refused.tsv" | sort -u > "$tmp/refused"
grep -v '^#' "$list" | grep . | cut -f1-3 | sort > "$tmp/listed"
if [ -n "$(uniq -d "$tmp/listed")" ]; then echo "FAIL: not-yet.txt lists a form twice:"; uniq -d "$tmp/listed"; fail=1; fi
sort -u -o "$tmp/listed" "$tmp/listed"
cut -f1-3 "$tmp/j/forms.tsv" | sort -u > "$tmp/forms"
new=$(comm -23 "$tmp/refused" "$tmp/listed")
if [ -n "$new" ]; then
    echo "FAIL: census forms refused by warpsim's SASS reader, not in validation/census/not-yet.txt (a regression, or add them with the reason):"
    printf '%s\n' "$new" | while IFS= read -r l; do grep -F -- "$l	" "$tmp/j/refused.tsv" | head -n 1; done | sed 's/^/  /'
    fail=1
fi
gone=$(comm -13 "$tmp/refused" "$tmp/listed")
if [ -n "$gone" ]; then
    echo "FAIL: forms in validation/census/not-yet.txt that warpsim now accepts (or that the census no longer has): delete their lines"
    printf '%s\n' "$gone" | sed 's/^/  /'
    fail=1
fi
awk -F'\t' '
FILENAME ~ /refused$/ { r[$1 "\t" $2 "\t" $3] = 1; next }
{
    k = $1 "\t" $2 "\t" $3; n[$1]++; w[$1] += $4; N++; W += $4
    if (!(k in r)) { e[$1]++; we[$1] += $4; E++; WE += $4 }
}
END {
    for (a in n) printf "census %s: %d forms, %d executable, %d pending; weighted by programs %.1f%%\n", a, n[a], e[a], n[a] - e[a], 100 * we[a] / w[a]
    printf "census: %d forms, %d executable, %d pending; weighted by programs %.1f%%\n", N, E, N - E, 100 * WE / W
}' "$tmp/refused" "$tmp/j/forms.tsv" | sort
exit $fail
