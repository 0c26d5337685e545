/* isa/asm_operand.c — parsing one operand of an instruction. */
#include "asm_internal.h"
#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_ident_start(int c) { return isalpha(c) || c == '_' || c == '$'; }
static int is_ident(int c) { return isalnum(c) || c == '_' || c == '$' || c == '.'; }

/* parse a register-like token R12/RZ/UR3/URZ/P2/PT/UP1/UPT; returns kind or 0 */
static int parse_regname(const char *s, int len, int *index)
{
    struct { const char *prefix; int kind, zero, count; } forms[] = {
        { "UR", OPK_UREG, ISA_UREG_URZ, ISA_NUM_UREGS },
        { "UP", OPK_UPRED, ISA_PRED_PT, ISA_PRED_PT },
        { "R", OPK_REG, ISA_REG_RZ, ISA_NUM_REGS },
        { "P", OPK_PRED, ISA_PRED_PT, ISA_PRED_PT },
    };
    for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++) {
        int pl = (int)strlen(forms[f].prefix);
        if (len <= pl || strncmp(s, forms[f].prefix, (size_t)pl) != 0) continue;
        const char *rest = s + pl;
        int rl = len - pl;
        char zname = forms[f].kind == OPK_UREG || forms[f].kind == OPK_REG ? 'Z' : 'T';
        if (rl == 1 && rest[0] == zname) { *index = forms[f].zero; return forms[f].kind; }
        int v = 0;
        for (int i = 0; i < rl; i++) {
            if (!isdigit((unsigned char)rest[i])) return 0;
            v = v * 10 + (rest[i] - '0');
            if (v > 100000) v = 100000;
        }
        if (v >= forms[f].count) v = 100000;   /* R255 is not RZ: out of range */
        *index = v;
        return forms[f].kind;
    }
    return 0;
}

/* a number: decimal, hex, or float (contains . or e, or inf/nan) */
int asm_parse_number(const char *s, int len, int64_t *ival, double *fval, int *is_float)
{
    char buf[80];
    if (len <= 0 || len >= (int)sizeof buf) return -1;
    memcpy(buf, s, (size_t)len);
    buf[len] = 0;
    const char *p = buf;
    int neg = 0;
    if (*p == '-' || *p == '+') { neg = *p == '-'; p++; }
    if (!*p) return -1;
    if (!strcmp(p, "INF") || !strcmp(p, "QNAN") || !strcmp(p, "NAN")) {
        /* nvcc prints infinities and NaNs as +INF, -INF, +QNAN */
        double v = p[0] == 'I' ? INFINITY : NAN;
        *fval = neg ? -v : v; *is_float = 1; *ival = 0;
        return 0;
    }
    int hex = p[0] == '0' && (p[1] == 'x' || p[1] == 'X');
    if (!hex && (strpbrk(p, ".eE") || !strcmp(p, "inf") || !strcmp(p, "nan"))) {
        char *end;
        errno = 0;
        double v = strtod(buf, &end);
        if (*end || errno == ERANGE) return -1;
        /* the integer view only where it exists: casting a double beyond
         * the int64 range is undefined behaviour */
        *fval = v; *is_float = 1;
        *ival = v > -9223372036854775808.0 && v < 9223372036854775807.0 ? (int64_t)v : 0;
        return 0;
    }
    if (!isdigit((unsigned char)*p)) return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(p, &end, hex ? 16 : 10);
    if (*end || errno == ERANGE) return -1;
    *ival = (int64_t)(neg ? 0 - v : v);   /* negated as unsigned: -2^63 is no overflow */
    *fval = neg ? -(double)v : (double)v;
    *is_float = 0;
    return 0;
}

static int bad(asm_ctx *c, int col, const char *fmt, const char *a, const char *b)
{
    diag_at(c->d, c->file, c->line, col, c->src, fmt, a, b);
    return -1;
}

/* an integer term inside [] or as an immediate: number or symbol */
static int parse_int_term(asm_ctx *c, const char *s, int len, int col, int64_t *v)
{
    double f; int isf;
    if (asm_parse_number(s, len, v, &f, &isf) == 0) {
        if (isf) return bad(c, col, "expected an integer, found '%s'%s", xstrndup_tmp(c, s, len), "");
        return 0;
    }
    if (is_ident_start((unsigned char)s[0])) {
        char name[64];
        snprintf(name, sizeof name, "%.*s", len, s);
        for (int i = 0; i < c->k->nsymbols; i++)
            if (!strcmp(c->k->symbols[i].name, name)) { *v = c->k->symbols[i].value; return 0; }
        const char *cands[256];
        int n = 0;
        for (int i = 0; i < c->k->nsymbols && n < 256; i++) cands[n++] = c->k->symbols[i].name;
        const char *near = util_nearest(name, cands, n);
        return bad(c, col, "unknown symbol '%s'%s", name,
                   near ? asm_tmp_printf(c, " (did you mean '%s'?)", near) : " (declare it with .shared)");
    }
    return bad(c, col, "expected a number, found '%s'%s", xstrndup_tmp(c, s, len), "");
}

/* [base + off + ...] */
static int parse_mem(asm_ctx *c, const char *s, int len, int col, isa_operand *o)
{
    if (len < 2 || s[len - 1] != ']') return bad(c, col, "missing ']' in memory operand '%s'%s", xstrndup_tmp(c, s, len), "");
    int i = 1, end = len - 1;
    o->kind = OPK_MEM;
    o->base_kind = OPK_NONE;
    o->imm = 0;
    int sign = 1, first = 1;
    while (i < end) {
        while (i < end && isspace((unsigned char)s[i])) i++;
        if (i >= end) break;
        if (!first) {
            if (s[i] != '+' && s[i] != '-') return bad(c, col + i, "expected '+' or '-' in memory operand%s%s", "", "");
            sign = s[i] == '-' ? -1 : 1;
            i++;
            while (i < end && isspace((unsigned char)s[i])) i++;
            /* nvcc prints a negative offset as [R2.64+-0x4] */
            if (i < end && s[i] == '-') { sign = -sign; i++; }
        }
        int j = i;
        if (j < end && (s[j] == '-' || s[j] == '+') && first) j++;
        while (j < end && (isalnum((unsigned char)s[j]) || s[j] == '_' || s[j] == '.')) j++;
        if (j == i) return bad(c, col + i, "empty term in memory operand%s%s", "", "");
        /* nvcc prints a 64-bit address register as R2.64 */
        int tl = j - i, scale = 0;
        if (tl > 3 && !strncmp(s + j - 3, ".64", 3)) tl -= 3;
        /* sm_80's scaled index: [R11.X4] is R11 * 4 */
        if (tl > 3 && !strncmp(s + j - 3, ".X4", 3)) { tl -= 3; scale = 2; }
        else if (tl > 3 && !strncmp(s + j - 3, ".X8", 3)) { tl -= 3; scale = 3; }
        else if (tl > 4 && !strncmp(s + j - 4, ".X16", 4)) { tl -= 4; scale = 4; }
        int idx, kind = parse_regname(s + i, tl, &idx);
        if (kind == OPK_UREG && !first && sign > 0 && !o->uindex && o->base_kind == OPK_REG) {
            /* [R2+UR4]: a uniform register added to a per-lane base (SASS of sm_75 and later) */
            if (idx >= ISA_NUM_UREGS && idx != ISA_UREG_URZ)
                return bad(c, col + i, "register %s out of range%s", xstrndup_tmp(c, s + i, tl), "");
            if (idx != ISA_UREG_URZ) o->uindex = (uint8_t)(idx + 1);
            first = 0;
            i = j;
            continue;
        }
        if (kind == OPK_REG || kind == OPK_UREG) {
            if (!first || sign < 0) return bad(c, col + i, "the base register must come first in '%s'%s", xstrndup_tmp(c, s, len), "");
            int limit = kind == OPK_REG ? ISA_NUM_REGS : ISA_NUM_UREGS;
            if (idx >= limit && idx != (kind == OPK_REG ? ISA_REG_RZ : ISA_UREG_URZ))
                return bad(c, col + i, "register %s out of range%s", xstrndup_tmp(c, s + i, j - i), "");
            o->base_kind = (uint8_t)kind;
            o->reg = (uint8_t)idx;
            o->scale = (uint8_t)scale;
        } else {
            int64_t v;
            if (parse_int_term(c, s + i, j - i, col + i, &v)) return -1;
            o->imm += sign * v;
        }
        first = 0;
        i = j;
    }
    if (o->imm > INT32_MAX || o->imm < INT32_MIN)
        return bad(c, col, "memory offset out of the 32-bit range%s%s", "", "");
    return 0;
}

/* c[0x0][R3+0x10], c[0x0][UR8+-0x10]: a register-indexed constant (LDC,
 * ULDC; nvcc prints a negative offset as +-0x10); off[0..len) is the part
 * in the second brackets */
static int parse_const_index(asm_ctx *c, const char *off, int len, int col, isa_operand *o)
{
    int rl = 0, idx;
    while (rl < len && off[rl] != '+' && off[rl] != '-') rl++;
    int kind = parse_regname(off, rl, &idx);
    int limit = kind == OPK_REG ? ISA_NUM_REGS : ISA_NUM_UREGS, zero = kind == OPK_REG ? ISA_REG_RZ : ISA_UREG_URZ;
    if ((kind != OPK_REG && kind != OPK_UREG) || (idx >= limit && idx != zero))
        return bad(c, col, "expected a register or an offset, found '%s'%s", xstrndup_tmp(c, off, len), "");
    int64_t v = 0; double f; int isf;
    if (rl < len) {
        int i = rl + 1, sign = off[rl] == '-' ? -1 : 1;
        if (i < len && off[i] == '-' && sign > 0) { sign = -1; i++; }
        if (asm_parse_number(off + i, len - i, &v, &f, &isf) || isf || v < 0 || v > 0xffff)
            return bad(c, col + i, "expected a constant offset, found '%s'%s", xstrndup_tmp(c, off + i, len - i), "");
        v *= sign;
    }
    o->imm = v;
    if (idx == zero) return 0;
    o->base_kind = (uint8_t)kind;
    o->reg = (uint8_t)idx;
    return 0;
}

/* c[name] or c[0x0][0xNN] */
static int parse_const(asm_ctx *c, const char *s, int len, int col, isa_operand *o)
{
    o->kind = OPK_CONST;
    const char *close = memchr(s, ']', (size_t)len);
    if (len < 4 || s[1] != '[' || !close) return bad(c, col, "malformed constant '%s'%s", xstrndup_tmp(c, s, len), " (write c[name] or c[0x0][0x160])");
    const char *in = s + 2;
    int inlen = (int)(close - in);
    int64_t v; double f; int isf;
    if (close + 1 < s + len) {
        if (asm_parse_number(in, inlen, &v, &f, &isf) || isf || (v != 0 && !((v >= 2 && v <= 4) && c->k->sass_arch)))
            return bad(c, col + 2, "only constant bank 0 (the parameters and the driver's words) exists, found c[%s]%s",
                       xstrndup_tmp(c, in, inlen), c->k->sass_arch ? "; nvcc's code also reads banks 2 (its own constants), "
                       "3 (__constant__ variables) and 4 (the addresses of __device__ variables)" : "");
        o->bank = (uint8_t)v;
        /* sm_80's FP16 forms print a space between the brackets:
         * HFMA2 R0, R2.H0_H0, c[0x0] [0x188].H0_H0, R4.H0_H0 */
        while (close + 1 < s + len && close[1] == ' ') close++;
        const char *off = close + 2;
        const char *close2 = off <= s + len ? memchr(off, ']', (size_t)(s + len - off)) : NULL;
        if (close[1] != '[' || !close2 || close2 + 1 != s + len)
            return bad(c, col, "malformed constant '%s'%s", xstrndup_tmp(c, s, len), "");
        if (off[0] == 'R' || off[0] == 'U')
            return parse_const_index(c, off, (int)(close2 - off), (int)(col + (off - s)), o);
        if (asm_parse_number(off, (int)(close2 - off), &v, &f, &isf) || isf || v < 0)
            return bad(c, (int)(col + (off - s)), "expected a constant offset, found '%s'%s", xstrndup_tmp(c, off, (int)(close2 - off)), "");
        o->imm = v;
        return 0;
    }
    if (close + 1 != s + len) return bad(c, col, "malformed constant '%s'%s", xstrndup_tmp(c, s, len), "");
    char name[64];
    snprintf(name, sizeof name, "%.*s", inlen, in);
    for (int i = 0; i < c->k->nparams; i++)
        if (!strcmp(c->k->params[i].name, name)) { o->imm = c->k->params[i].offset; return 0; }
    const char *cands[64];
    int n = 0;
    for (int i = 0; i < c->k->nparams && n < 64; i++) cands[n++] = c->k->params[i].name;
    const char *near = util_nearest(name, cands, n);
    return bad(c, col + 2, "unknown parameter '%s'%s", name,
               near ? asm_tmp_printf(c, " (did you mean '%s'?)", near) : " (declare it with .param)");
}

static int parse_sreg(asm_ctx *c, const char *s, int len, int col, isa_operand *o)
{
    char name[64];
    snprintf(name, sizeof name, "%.*s", len, s);
    const char *cands[SR_COUNT];
    for (int i = 0; i < SR_COUNT; i++) {
        cands[i] = isa_sreg_name(i);
        if (!strcmp(cands[i], name)) { o->kind = OPK_SREG; o->imm = i; return 0; }
    }
    const char *near = util_nearest(name, cands, SR_COUNT);
    return bad(c, col, "unknown special register '%s'%s", name,
               near ? asm_tmp_printf(c, " (did you mean '%s'?)", near) : "");
}

/* parse the operand text s[0..len) into o (syntax only; asm_check_operand
 * checks it against the opcode's operand letter) */
/* nvcc's half selectors after a register or constant (R8.H0_H0, R5.H1,
 * R2.F32: isa.h HALF_*); the suffix's length, and *half set, or 0 */
static int half_suffix(const char *s, int len, uint8_t *half)
{
    static const struct { const char *text; uint8_t half; } sfx[] = {
        { ".H0_H0", HALF_H0_H0 }, { ".H1_H1", HALF_H1_H1 }, { ".F32", HALF_F32 }, { ".H0", HALF_H0 }, { ".H1", HALF_H1 },
    };
    for (size_t i = 0; i < sizeof sfx / sizeof sfx[0]; i++) {
        int n = (int)strlen(sfx[i].text);
        if (len > n && !strncmp(s + len - n, sfx[i].text, (size_t)n)) { *half = sfx[i].half; return n; }
    }
    return 0;
}

int asm_parse_operand(asm_ctx *c, const char *s, int len, int col, isa_operand *o)
{
    memset(o, 0, sizeof *o);
    o->width = 1;
    if (len == 0) return bad(c, col, "missing operand%s%s", "", "");
    uint8_t half = 0;
    int cut = s[0] == '[' ? 0 : half_suffix(s, len, &half);
    if (cut) {
        if (asm_parse_operand(c, s, len - cut, col, o)) return -1;
        if (o->kind != OPK_REG && o->kind != OPK_UREG && o->kind != OPK_CONST)
            return bad(c, col + len - cut, "'%s' selects halves of a register or constant, not of '%s'",
                       xstrndup_tmp(c, s + len - cut, cut), xstrndup_tmp(c, s, len - cut));
        if (o->half)
            return bad(c, col + len - cut, "a second half selector '%s' (one of .H0_H0 .H1_H1 .H0 .H1 .F32)%s",
                       xstrndup_tmp(c, s + len - cut, cut), "");
        o->half = half;
        return 0;
    }
    if (len > 3 && s[0] != '[' && s[len - 3] == '.' && s[len - 2] == 'B' && s[len - 1] >= '1' && s[len - 1] <= '3') {
        /* R8.B1: a byte of a register (R2P PR, R8.B1, 0x7f reads bits 8-15) */
        if (asm_parse_operand(c, s, len - 3, col, o)) return -1;
        if (o->kind != OPK_REG || o->neg || o->absval || o->half)
            return bad(c, col + len - 3, "'%s' selects a byte of a register, not of '%s'", xstrndup_tmp(c, s + len - 3, 3),
                       xstrndup_tmp(c, s, len - 3));
        o->byte = (uint8_t)(s[len - 1] - '0');
        return 0;
    }
    if (len == 2 && !strncmp(s, "PR", 2)) { o->kind = OPK_PR; return 0; }
    const char *gap = memchr(s, ' ', (size_t)len);
    if (gap && isupper((unsigned char)s[0])) {
        /* BRX R6 -0x170: a register pair and, after a space, the offset
         * cuobjdump prints (no comma between them) */
        int rl = (int)(gap - s), idx, isf;
        const char *t = gap;
        while (t < s + len && *t == ' ') t++;
        int64_t v; double f;
        if (parse_regname(s, rl, &idx) != OPK_REG || (idx >= ISA_NUM_REGS && idx != ISA_REG_RZ))
            return bad(c, col, "expected a register before the offset, found '%s'%s", xstrndup_tmp(c, s, rl), "");
        if (asm_parse_number(t, (int)(s + len - t), &v, &f, &isf) || isf || v < INT32_MIN || v > INT32_MAX)
            return bad(c, (int)(col + (t - s)), "expected an offset after the register, found '%s'%s", xstrndup_tmp(c, t, (int)(s + len - t)), "");
        o->kind = OPK_REG;
        o->reg = (uint8_t)idx;
        o->imm = v;
        o->offset = 1;
        return 0;
    }
    if (s[0] == '[') return parse_mem(c, s, len, col, o);
    if (len > 1 && s[0] == 'c' && s[1] == '[') return parse_const(c, s, len, col, o);
    if (len > 2 && (s[0] == '-' || s[0] == '~') && s[1] == 'c' && s[2] == '[') {
        /* -c[0x0][0x170]: a negated constant (nvcc's a - param) */
        if (parse_const(c, s + 1, len - 1, col + 1, o)) return -1;
        o->neg = s[0] == '-' ? NEG_MINUS : NEG_NOT;
        return 0;
    }
    if ((len > 3 && !strncmp(s, "SR_", 3)) || (len == 3 && !strncmp(s, "SRZ", 3))) return parse_sreg(c, s, len, col, o);
    int neg = 0, off = 0;
    if (s[0] == '!') { neg = 1; off = 1; }
    else if (s[0] == '-' && len > 1 && (isalpha((unsigned char)s[1]) || s[1] == '|')) { neg = NEG_MINUS; off = 1; }
    else if (s[0] == '~' && len > 1) { neg = NEG_NOT; off = 1; }
    if (len - off > 2 && s[off] == '|' && s[len - 1] == '|') {
        /* |R2|: the magnitude of a floating-point source (FADD R0, |R2|, -RZ);
         * |c[0x0][0x20]|, -|c[0x0][0x20]|: of a constant (FADD R0, |R2|, |c[0x0][0x20]|) */
        if (len - off > 4 && s[off + 1] == 'c' && s[off + 2] == '[') {
            if (parse_const(c, s + off + 1, len - off - 2, col + off + 1, o)) return -1;
            o->neg = (uint8_t)neg;
            o->absval = 1;
            return 0;
        }
        int idx, kind = parse_regname(s + off + 1, len - off - 2, &idx);
        if (kind != OPK_REG && kind != OPK_UREG)
            return bad(c, col, "'|...|' takes a register, found '%s'%s", xstrndup_tmp(c, s, len), "");
        o->kind = (uint8_t)kind;
        o->reg = (uint8_t)idx;
        o->neg = (uint8_t)neg;
        o->absval = 1;
        return 0;
    }
    if (len - off >= 2 && s[off] == 'B' && isdigit((unsigned char)s[off + 1]) && !neg) {
        /* B0..B15: a convergence barrier register (BSSY, BSYNC, BMOV) */
        int v = 0;
        for (int i = off + 1; i < len; i++) {
            if (!isdigit((unsigned char)s[i])) return bad(c, col + i, "unexpected character '%s' in operand%s", xstrndup_tmp(c, s + i, 1), "");
            v = v * 10 + (s[i] - '0');
            if (v > 1000) v = 1000;
        }
        if (v >= ISA_NUM_BREGS) return bad(c, col, "barrier register %s out of range (B0..B15)%s", xstrndup_tmp(c, s, len), "");
        o->kind = OPK_BREG;
        o->reg = (uint8_t)v;
        return 0;
    }
    int idx, kind = parse_regname(s + off, len - off, &idx);
    if (kind) {
        int limit = kind == OPK_REG ? ISA_NUM_REGS : kind == OPK_UREG ? ISA_NUM_UREGS : ISA_PRED_PT;
        int zero = kind == OPK_REG ? ISA_REG_RZ : kind == OPK_UREG ? ISA_UREG_URZ : ISA_PRED_PT;
        if (idx >= limit && idx != zero) {
            const char *range = kind == OPK_REG ? " (R0..R254 and RZ)" : kind == OPK_UREG ? " (UR0..UR62 and URZ)"
                              : kind == OPK_PRED ? " (P0..P6 and PT)" : " (UP0..UP6 and UPT)";
            return bad(c, col + off, "register %s out of range%s", xstrndup_tmp(c, s + off, len - off), range);
        }
        if (neg == NEG_NOT && (kind == OPK_PRED || kind == OPK_UPRED))
            return bad(c, col, "negate a predicate with '!', not '~'%s%s", "", "");
        if (s[0] == '!' && kind != OPK_PRED && kind != OPK_UPRED)
            return bad(c, col, "'!' negates predicates only, found '%s'%s", xstrndup_tmp(c, s, len), "");
        if (s[0] == '-' && (kind == OPK_PRED || kind == OPK_UPRED))
            return bad(c, col, "negate a predicate with '!', not '-'%s%s", "", "");
        o->kind = (uint8_t)kind;
        o->reg = (uint8_t)idx;
        o->neg = (uint8_t)neg;
        return 0;
    }
    for (int m = 1; m < MOD_COUNT_; m++)
        if (isa_mod_group(m) == MG_TEXD && (int)strlen(isa_mod_text(m)) == len && !strncmp(s, isa_mod_text(m), (size_t)len)) {
            /* TEX's dimensions: 2D, ARRAY_2D ... (modifiers.def's TEXD rows) */
            o->kind = OPK_TEXDIM;
            o->imm = m;
            return 0;
        }
    double f; int isf; int64_t v;
    if (asm_parse_number(s, len, &v, &f, &isf) == 0) {
        o->kind = OPK_IMM;
        o->imm = v;
        c->imm_float = f;
        c->imm_is_float = isf;
        return 0;
    }
    if (is_ident_start((unsigned char)s[0])) {
        for (int i = 1; i < len; i++)
            if (!is_ident((unsigned char)s[i])) return bad(c, col + i, "unexpected character '%s' in operand%s", xstrndup_tmp(c, s + i, 1), "");
        /* a label or a symbol; resolved by the caller by operand letter */
        o->kind = OPK_LABEL;
        o->imm = -1;
        return 0;
    }
    return bad(c, col, "cannot read operand '%s'%s", xstrndup_tmp(c, s, len), "");
}

/* convert a parsed immediate to the bits an operand slot expects */
int asm_immediate_bits(asm_ctx *c, isa_operand *o, int want_float, int bits, int col)
{
    if (want_float) {
        double v = c->imm_is_float ? c->imm_float : (double)o->imm;
        if (bits == 32) {
            if (isfinite(v) && fabs(v) > FLT_MAX)
                return bad(c, col, "floating-point immediate is beyond the f32 range (+-3.4e38)%s%s", "", "");
            float fv = (float)v;
            uint32_t u;
            memcpy(&u, &fv, 4);
            o->imm = u;
        } else {
            uint64_t u;
            memcpy(&u, &v, 8);
            o->imm = (int64_t)u;
        }
        return 0;
    }
    if (c->imm_is_float) return bad(c, col, "expected an integer, found a floating-point number%s%s", "", "");
    if (bits == 32 && (o->imm > (int64_t)UINT32_MAX || o->imm < INT32_MIN))
        return bad(c, col, "immediate does not fit in 32 bits%s%s", "", "");
    return 0;
}
