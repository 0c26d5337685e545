# scripts/census/forms.awk — the instruction forms of `cuobjdump -sass` text.
#
# Reads one or more dumps (cuobjdump -sass output; several concatenated are
# fine) and prints one line per instruction:
#   ARCH <TAB> FORM <TAB> SHAPE
# ARCH   sm_80, sm_90, ... from the last "code for sm_XX" / "arch = sm_XX" line
# FORM   the opcode with its modifiers as printed (HMMA.16816.F32.BF16),
#        without the guard predicate (@P0, @!UP1)
# SHAPE  the operands' kinds in order, comma-separated: R UR P UP B SB
#        (registers, RZ/URZ/PT/UPT counted as their kind), imm (hex integer),
#        fimm (a float or decimal immediate: 0.5, -INF, +QNAN), label (a
#        branch target), c[imm][imm] (constant bank), [R.64+imm] (memory),
#        SR_TID.X (special registers by name); operand decorations stay as
#        printed (-R, |R|, !P, ~R, R.H1_H1, desc[UR][R.64]); .reuse is dropped.
# An instruction that the dump prints as a bare encoding (CUDA 11.8's
# cuobjdump with some sm_90 instructions) is FORM "(bare)" and SHAPE
# "op=0xNNN", the low 12 bits of the encoding's first word (the opcode field).
# Trailing NOP padding after the function's final BRA is not reported.
# With -v enc=1, a fourth column gives each printed instruction's opcode
# field the same way (to name the bare encodings of another dump).
# usage: awk [-v enc=1] -f forms.awk DUMP... | sort -u
function kind(w, prev) {
    if (prev == ".") return w          # a suffix: R2.B1, R4.64, SR_TID.X
    if (w ~ /^0[xX][0-9a-fA-F]+$/) return "imm"
    if (w ~ /^(R[0-9]+|RZ)$/) return "R"
    if (w ~ /^(UR[0-9]+|URZ)$/) return "UR"
    if (w ~ /^(P[0-7]|PT)$/) return "P"
    if (w ~ /^(UP[0-7]|UPT)$/) return "UP"
    if (w ~ /^B[0-9]+$/) return "B"
    if (w ~ /^SB[0-9]+$/) return "SB"
    if (w ~ /^[0-9]+$/) return "N"
    return w
}
function shape_of(op,   s, out, w, prev) {
    gsub(/^[ \t]+|[ \t]+$/, "", op)
    if (op ~ /^[-+|!~]*[|]?([0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?|INF|QNAN|NAN)[|]?$/) {
        s = op; gsub(/[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?|INF|QNAN|NAN/, "fimm", s); gsub(/^\+/, "", s)
        return s
    }
    out = ""; prev = ""
    while (match(op, /[A-Za-z0-9_]+/)) {
        out = out substr(op, 1, RSTART - 1)
        prev = RSTART > 1 ? substr(op, RSTART - 1, 1) : ""
        out = out kind(substr(op, RSTART, RLENGTH), prev)
        op = substr(op, RSTART + RLENGTH)
    }
    out = out op
    gsub(/[ \t]+/, " ", out)
    return out
}
# split operands at top-level commas
function operands(t, ops,   n, i, c, depth, cur) {
    n = 0; depth = 0; cur = ""
    for (i = 1; i <= length(t); i++) {
        c = substr(t, i, 1)
        if (c == "[" || c == "{" || c == "(") depth++
        if (c == "]" || c == "}" || c == ")") depth--
        if (c == "," && depth == 0) { ops[++n] = cur; cur = ""; continue }
        cur = cur c
    }
    if (cur ~ /[^ \t]/) ops[++n] = cur
    return n
}
BEGIN { arch = "sm_??"; labelops = "^(BRA|BSSY|CALL|JMP|SSY|PBK|PCNT|BRX|JMX|BPT)$" }
/code for sm_[0-9]+/ { match($0, /sm_[0-9]+[a-z]?/); arch = substr($0, RSTART, RLENGTH); next }
/arch = sm_[0-9]+/   { match($0, /sm_[0-9]+[a-z]?/); arch = substr($0, RSTART, RLENGTH); next }
/^[ \t]*\/\*[0-9a-f]+\*\// {
    line = $0
    sub(/^[ \t]*\/\*[0-9a-f]+\*\/[ \t]*/, "", line)
    if (line ~ /^\/\* 0x[0-9a-f]+ \*\//) {           # a bare encoding: no text
        match(line, /0x[0-9a-f]+/); enc = substr(line, RSTART + 2, RLENGTH - 2)
        print arch "\t(bare)\top=0x" substr(enc, length(enc) - 2)
        next
    }
    sub(/;.*/, "", line)                               # the ';' and the encoding comment
    gsub(/\.reuse/, "", line)
    sub(/^@!?U?P([0-7]|T)[ \t]+/, "", line)            # the guard
    gsub(/^[ \t]+|[ \t]+$/, "", line)
    if (line == "") next
    opc = line; sub(/[ \t].*/, "", opc)
    rest = substr(line, length(opc) + 1)
    base = opc; sub(/\..*/, "", base)
    n = operands(rest, ops)
    shape = ""
    for (i = 1; i <= n; i++) {
        s = shape_of(ops[i])
        if (i == n && base ~ labelops && s ~ /imm$/ && base != "BPT") sub(/imm$/, "label", s)
        shape = shape (i > 1 ? "," : "") s
    }
    if (shape == "") shape = "-"
    # padding: NOPs after the function's final self-branch
    if (opc == "NOP" && padding) next
    padding = (base == "BRA" && n == 1 && ops[1] ~ /^[ \t]*0x/ && hex(ops[1]) == hex("0x" substr($0, index($0, "/*") + 2, index($0, "*/") - index($0, "/*") - 2))) ? 1 : (opc == "NOP" ? padding : 0)
    if (enc) { match($0, /\/\* 0x[0-9a-f]+ \*\//); e = substr($0, RSTART + 5, RLENGTH - 8); print arch "\t" opc "\t" shape "\top=0x" substr(e, length(e) - 2) }
    else print arch "\t" opc "\t" shape
    next
}
/Function :/ { padding = 0 }
function hex(s,   v, i, c) {
    gsub(/[ \t]/, "", s); s = tolower(substr(s, 3)); v = 0
    for (i = 1; i <= length(s); i++) { c = index("0123456789abcdef", substr(s, i, 1)); if (!c) break; v = v * 16 + c - 1 }
    return v
}
