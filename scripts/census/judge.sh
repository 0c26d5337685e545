#!/bin/sh
# scripts/census/judge.sh — which census forms warpsim's SASS reader accepts.
#
# usage: sh scripts/census/judge.sh WARPSIM CENSUS.tsv OUTDIR
# For each form of the census (validation/census/census.tsv) and each arch
# it appears in, one synthetic instruction of that form (canonical operands
# built from its shape: R8, R16, ... UR4, UR8, ... P0, P1, ... 0x1, 0.5,
# c[0x0][0x20], [R8.64+0x10], a label at the next instruction) is put in a
# function of its own, in a cuobjdump-style dump per arch (OUTDIR/sm_XX.sass),
# and read with `WARPSIM asm`. The reader reports every refused instruction
# (file:line:col) and goes on, so one run judges every form. Writes:
#   OUTDIR/forms.tsv    arch, form, shape, weight (programs using it, summed
#                       over the census columns of that arch)
#   OUTDIR/refused.tsv  arch, form, shape, the reader's first message (the
#                       forms used by most programs first)
# (the format of validation/census/not-yet.txt; with only the refusals of
# today's reader, it is that list regenerated: check what it adds first).
set -u
[ $# -eq 3 ] || { echo "usage: $0 WARPSIM CENSUS.tsv OUTDIR" >&2; exit 2; }
ws=$1; census=$2; out=$3
[ -x "$ws" ] || { echo "$0: $ws: not an executable" >&2; exit 2; }
[ -f "$census" ] || { echo "$0: $census: no such file" >&2; exit 2; }
mkdir -p "$out" || exit 2
# one line per (arch, form, shape) with its weight
awk -F'\t' '
NR == 1 { for (i = 4; i <= NF; i++) { a = $i; sub(/.*\//, "", a); arch[i] = a } ; nf = NF; next }
/^#/ || NF < 4 { next }
{
    delete w
    for (i = 4; i <= nf; i++) if ($i > 0) w[arch[i]] += $i
    for (a in w) print a "\t" $2 "\t" $3 "\t" w[a]
}' "$census" | sort > "$out/forms.tsv"
[ -s "$out/forms.tsv" ] || { echo "$0: $census: no forms in it" >&2; exit 2; }
: > "$out/refused.tsv"
for arch in $(cut -f1 "$out/forms.tsv" | sort -u); do
    dump=$out/$arch.sass
    awk -F'\t' -v arch="$arch" -v map="$out/$arch.map" '
    function operand(s, nth,   o, w, depth, c, i, pre) {
        o = ""
        while (match(s, /[A-Za-z0-9_]+/)) {
            pre = substr(s, 1, RSTART - 1); o = o pre
            for (i = 1; i <= length(pre); i++) { c = substr(pre, i, 1); if (c == "[") depth++; if (c == "]") depth-- }
            w = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
            if (w == "R") w = "R" (8 * ++nr)
            else if (w == "UR") w = "UR" (4 * ++nur)
            else if (w == "P") w = "P" (np++ % 7)
            else if (w == "UP") w = "UP" (nup++ % 7)
            else if (w == "B") w = "B" nb++
            else if (w == "SB") w = "SB0"
            else if (w == "imm") w = depth ? "0x10" : "0x1"
            else if (w == "fimm") w = "0.5"
            else if (w == "N") w = "1"
            else if (w == "label") w = "0x10"
            o = o w
        }
        return o s
    }
    function insn(form, shape,   n, ops, i, t) {
        nr = nur = np = nup = nb = 0
        if (shape == "-") return form
        gsub(/c\[imm\]\[imm\]/, "c[0x0][0x20]", shape)
        gsub(/c\[imm\] \[imm\]/, "c[0x0] [0x20]", shape)   # sm_80 FP16 forms print a space: c[0x0] [0x184].H1_H1
        gsub(/c\[imm\]\[/, "c[0x0][", shape)
        n = split(shape, ops, ",")      # shapes hold no commas inside brackets
        t = form " "
        for (i = 1; i <= n; i++) t = t (i > 1 ? ", " : "") operand(ops[i])
        return t
    }
    BEGIN { sm = substr(arch, 4); printf "\n\tcode for %s\n", arch; line = 2 }
    $1 == arch {
        k++
        printf "\t\tFunction : census_%d\n", k; line++
        print line "\t" $2 "\t" $3 > map
        printf "\t.headerflags    @\"EF_CUDA_SM%s EF_CUDA_PTX_SM(EF_CUDA_SM%s)\"\n", sm, sm; line++
        printf "        /*0000*/                   %s ;   /* 0x0000000000000000 */\n", insn($2, $3)
        printf "                                                                    /* 0x000fc00000000000 */\n"
        printf "        /*0010*/                   EXIT ;                           /* 0x000000000000794d */\n"
        printf "                                                                    /* 0x000fea0003800000 */\n"
        printf "        /*0020*/                   BRA 0x20;                        /* 0xfffffffc00fc7947 */\n"
        printf "                                                                    /* 0x000fc0000383ffff */\n"
        printf "\t\t..........\n\n\n"
        line += 9
    }' "$out/forms.tsv" > "$dump"
    "$ws" asm "$dump" > "$out/$arch.out" 2> "$out/$arch.err"
    rc=$?
    [ $rc -le 2 ] || { echo "$0: $ws asm $dump: exit $rc (a crash?)" >&2; tail -n 5 "$out/$arch.err" >&2; exit 2; }
    # the first message of each function: the form of the lines from its "Function :"
    awk -F'\t' -v arch="$arch" -v f="$dump" '
    FILENAME ~ /\.map$/ { start[++n] = $1; form[n] = $2 "\t" $3; next }
    index($0, f ":") == 1 {
        split(substr($0, length(f) + 2), a, ":"); ln = a[1] + 0
        msg = $0; sub(/^[^ ]* (error|warning): /, "", msg); sub(/;.*/, "", msg); gsub(/\t/, " ", msg)
        if ($0 !~ / error: /) next
        lo = 1; hi = n
        while (lo < hi) { mid = int((lo + hi + 1) / 2); if (start[mid] <= ln) lo = mid; else hi = mid - 1 }
        if (!(lo in seen)) { seen[lo] = 1; print arch "\t" form[lo] "\t" msg }
    }' "$out/$arch.map" "$out/$arch.err" >> "$out/refused.tsv"
    [ $rc -eq 0 ] || grep -q ' error: ' "$out/$arch.err" || { echo "$0: $ws asm $dump: exit $rc without an error line" >&2; head -n 5 "$out/$arch.err" >&2; exit 2; }
done
# most programs first (the order of a work list)
awk -F'\t' 'FILENAME ~ /forms.tsv$/ { w[$1 "\t" $2 "\t" $3] = $4; next } { print w[$1 "\t" $2 "\t" $3] + 0 "\t" $0 }' \
    "$out/forms.tsv" "$out/refused.tsv" | sort -t"$(printf '\t')" -k1,1nr -k2,4 | cut -f2- > "$out/refused.sorted"
mv "$out/refused.sorted" "$out/refused.tsv"
