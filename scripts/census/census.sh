#!/bin/sh
# scripts/census/census.sh — the census table of a corpus's SASS dumps.
#
# usage: sh scripts/census/census.sh OUTDIR SET=DUMPDIR...
#   SET      a compiler's name (cuda11.8, cuda13); the table's columns are
#            SET/ARCH for each arch its dumps hold (sm_80, sm_90)
#   DUMPDIR  one file PROGRAM.sass per program: the `cuobjdump -sass` text of
#            all of the program's compiled files (sm_80 and sm_90 code)
# Only programs with code in their dump in every DUMPDIR are counted (the
# same corpus in each column). Writes into OUTDIR:
#   census.tsv          one row per form (opcode with modifiers, operand
#                       shape: scripts/census/forms.awk): how many programs
#                       use it in each column
#   census-opcodes.tsv  one row per base opcode: its forms, the programs
#                       using it in each column, the columns it appears in
#   bare.tsv            instructions printed as bare encodings (CUDA 11.8's
#                       cuobjdump with sm_90 code), by opcode field, with the
#                       mnemonics that field has where another column prints it
#   programs.txt        the programs counted
set -u
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 2 ] || { echo "usage: $0 OUTDIR SET=DUMPDIR..." >&2; exit 2; }
out=$1; shift
mkdir -p "$out" || exit 2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
sets=""
for a in "$@"; do
    set_=${a%%=*}; dir=${a#*=}
    [ -d "$dir" ] || { echo "$0: $dir: no such directory" >&2; exit 2; }
    # a program counts where its dump holds code (not one that only calls libraries)
    ls "$dir" | sed -n 's/\.sass$//p' | while read -r p; do grep -q 'Function :' "$dir/$p.sass" && echo "$p"; done | sort > "$tmp/progs.$set_"
    sets="$sets $set_"
done
first=1
for s in $sets; do
    if [ $first = 1 ]; then cp "$tmp/progs.$s" "$tmp/progs"; first=0
    else comm -12 "$tmp/progs" "$tmp/progs.$s" > "$tmp/p2"; mv "$tmp/p2" "$tmp/progs"; fi
done
cp "$tmp/progs" "$out/programs.txt"
[ -s "$tmp/progs" ] || { echo "$0: no program has a dump in every directory" >&2; exit 2; }
# SET PROGRAM ARCH FORM SHAPE ENC, one line per distinct instruction of a program
for a in "$@"; do
    set_=${a%%=*}; dir=${a#*=}
    while read -r p; do
        awk -v enc=1 -f "$here/forms.awk" "$dir/$p.sass" | sort -u | awk -v s="$set_" -v p="$p" -F'\t' '{print s "\t" p "\t" $0}'
    done < "$tmp/progs"
done > "$tmp/all"
awk -F'\t' -v sets="$sets" -v out="$out" '
BEGIN { ns = split(sets, S, " ") }
{
    col = $1 "/" $3
    cols[col] = 1
    if ($4 == "(bare)") { bk = col SUBSEP $5; if (!((bk, $2) in bseen)) { bseen[bk, $2] = 1; bare[bk]++ } ; next }
    key = $4 "\t" $5
    if (!((key, col, $2) in seen)) { seen[key, col, $2] = 1; n[key, col]++; forms[key] = 1 }
    base = $4; sub(/\..*/, "", base)
    if (!((base, col, $2) in bseenp)) { bseenp[base, col, $2] = 1; nb[base, col]++ }
    if (!((base, key) in bforms)) { bforms[base, key] = 1; nforms[base]++ }
    bases[base] = 1
    if ($6 != "") { e = $3 SUBSEP $6; if (!((e, base) in emap)) { emap[e, base] = 1; enc[e] = (e in enc) ? enc[e] "/" base : base } }
}
END {
    nc = 0
    for (i = 1; i <= ns; i++) for (a = 80; a <= 120; a += 10) if ((S[i] "/sm_" a) in cols) C[++nc] = S[i] "/sm_" a
    f = out "/census.tsv"
    printf "# base\tform\tshape" > f
    for (j = 1; j <= nc; j++) printf "\t%s", C[j] > f
    printf "\n" > f
    for (k in forms) {
        split(k, kk, "\t"); b = kk[1]; sub(/\..*/, "", b)
        printf "%s\t%s", b, k > f
        for (j = 1; j <= nc; j++) printf "\t%d", n[k, C[j]] > f
        printf "\n" > f
    }
    g = out "/census-opcodes.tsv"
    printf "# base\tforms" > g
    for (j = 1; j <= nc; j++) printf "\t%s", C[j] > g
    printf "\tcolumns\n" > g
    for (b in bases) {
        printf "%s\t%d", b, nforms[b] > g
        w = 0
        for (j = 1; j <= nc; j++) { printf "\t%d", nb[b, C[j]] > g; if (nb[b, C[j]]) w++ }
        printf "\t%d\n", w > g
    }
    h = out "/bare.tsv"
    printf "# column\topcode field\tprograms\tprinted as (the same field in that arch where a dump has the text)\n" > h
    for (k in bare) {
        split(k, kk, SUBSEP); split(kk[1], ca, "/"); e = ca[2] SUBSEP substr(kk[2], 4)
        printf "%s\t%s\t%d\t%s\n", kk[1], kk[2], bare[k], (e in enc) ? enc[e] : "?" > h
    }
}' "$tmp/all"
# sorted: most programs first
for t in census census-opcodes bare; do
    { head -n 1 "$out/$t.tsv"; tail -n +2 "$out/$t.tsv" | awk -F'\t' -v t=$t '{s = 0; for (i = (t == "census" ? 4 : t == "bare" ? 3 : 3); i <= NF - (t == "census-opcodes"); i++) s += $i; print s "\t" $0}' | sort -t"$(printf '\t')" -k1,1nr -k2,2 -k3,3 | cut -f2-; } > "$tmp/s" && mv "$tmp/s" "$out/$t.tsv"
done
echo "census: $(wc -l < "$out/programs.txt") programs, $(($(wc -l < "$out/census.tsv") - 1)) forms, $(($(wc -l < "$out/census-opcodes.tsv") - 1)) base opcodes, $(($(wc -l < "$out/bare.tsv") - 1)) bare-encoding rows"
