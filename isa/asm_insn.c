/* isa/asm_insn.c — one instruction: guard, mnemonic, modifiers, operands,
 * each operand checked against its letter in isa/opcodes.def. */
#include "asm_internal.h"
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *xstrndup_tmp(asm_ctx *c, const char *s, int len)
{
    char *t = c->tmp[c->tmp_next++ & 7];
    snprintf(t, sizeof c->tmp[0], "%.*s", len, s);
    return t;
}

const char *asm_tmp_printf(asm_ctx *c, const char *fmt, ...)
{
    char *t = c->tmp[c->tmp_next++ & 7];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t, sizeof c->tmp[0], fmt, ap);
    va_end(ap);
    return t;
}

static int err(asm_ctx *c, int col, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int err(asm_ctx *c, int col, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_at(c->d, c->file, c->line, col, c->src, "%s", msg);
    return -1;
}

static int find_opcode(const char *name)
{
    for (int i = 0; i < OP_COUNT; i++)
        if (!strcmp(isa_ops[i].mnemonic, name)) return i;
    return -1;
}

static const char *group_hint(unsigned g)
{
    switch (g) {
    case MG_CMP: return "a comparison (.LT .LE .GT .GE .EQ .NE)";
    case MG_LOP: return "an operation (.AND .OR .XOR .NOT)";
    case MG_ATOM: return "an operation (.ADD .MIN .MAX .EXCH .CAS .AND .OR .XOR .INC)";
    case MG_SHFL: return "a mode (.IDX .UP .DOWN .BFLY)";
    case MG_MUFU: return "a function (.RCP .RSQ .SQRT .SIN .COS .EX2 .LG2)";
    case MG_SCOPE: return "a scope (.CTA .GL)";
    case MG_BRED: return "a reduction (.POPC .AND .OR)";
    default: return "a modifier";
    }
}

/* mnemonic with modifiers; sets in->op and modifier fields */
static int parse_mnemonic(asm_ctx *c, isa_insn *in, const char *s, int len, int col)
{
    char text[96];
    if (len >= (int)sizeof text) return err(c, col, "instruction name too long");
    snprintf(text, sizeof text, "%.*s", len, s);
    /* the longest dotted prefix that is an opcode (IMAD.WIDE before IMAD) */
    int op = -1, used = len;
    for (int cut = len; cut > 0; cut--) {
        if (cut < len && text[cut] != '.') continue;
        char save = text[cut];
        text[cut] = 0;
        op = find_opcode(text);
        text[cut] = save;
        if (op >= 0) { used = cut; break; }
    }
    if (op < 0) {
        int base = (int)strcspn(text, ".");
        const char *cands[OP_COUNT];
        for (int i = 0; i < OP_COUNT; i++) cands[i] = isa_ops[i].mnemonic;
        char basename[96];
        snprintf(basename, sizeof basename, "%.*s", base, text);
        const char *near = util_nearest(basename, cands, OP_COUNT);
        if (!near) near = util_nearest(text, cands, OP_COUNT);
        return err(c, col, "unknown opcode '%s'%s%s%s; warpsim executes the %d opcodes `warpsim docs isa` lists%s", basename,
                   near ? " (did you mean '" : "", near ? near : "", near ? "'?)" : "", OP_COUNT,
                   c->k && c->k->sass_arch ? " (nvcc's tensor-core, texture and surface instructions are not among them)" : "");
    }
    in->op = (uint16_t)op;
    uint64_t allowed = isa_ops[op].allowed;
    unsigned seen = 0;
    int pos = used;
    while (pos < len) {
        int start = pos + 1, end = start;
        while (end < len && text[end] != '.') end++;
        char mod[32];
        snprintf(mod, sizeof mod, "%.*s", end - start, text + start);
        int mcol = col + start;
        if (!mod[0]) return err(c, mcol, "empty modifier after '.'");
        int found = 0;
        for (int m = 1; m < MOD_COUNT_ && !found; m++) {
            if (strcmp(isa_mod_text(m), mod) || !isa_mod_allowed(op, m)) continue;
            found = m;
        }
        if (!found) {
            const char *cands[MOD_COUNT_];
            int n = 0;
            for (int m = 1; m < MOD_COUNT_; m++)
                if (isa_mod_allowed(op, m)) cands[n++] = isa_mod_text(m);
            const char *near = util_nearest(mod, cands, n);
            if (!n) return err(c, mcol, "%s takes no modifiers, found '.%s'", isa_ops[op].mnemonic, mod);
            /* the modifiers that change its result: the ones to choose from */
            char list[400] = "";
            for (int m = 1; m < MOD_COUNT_; m++) {
                if (!isa_mod_allowed(op, m) || isa_mod_group(m) == MG_HINT) continue;
                size_t l = strlen(list);
                if (l + 12 < sizeof list) snprintf(list + l, sizeof list - l, " .%s", isa_mod_text(m));
            }
            return err(c, mcol, "unknown modifier '.%s' for %s%s%s%s; it takes%s%s", mod, isa_ops[op].mnemonic,
                       near ? " (did you mean '." : "", near ? near : "", near ? "'?)" : "",
                       list[0] ? list : " only hints", (isa_ops[op].allowed & MG_HINT) ? " and nvcc's hints (isa/modifiers.def)" : "");
        }
        unsigned g = (unsigned)isa_mod_group(found);
        uint8_t *slot = NULL;
        if (g == MG_FLAG) {
            if (in->flags & ISA_FLAG_BIT(found)) return err(c, mcol, "modifier '.%s' given twice", mod);
            in->flags |= ISA_FLAG_BIT(found);
            pos = end;
            continue;
        }
        if (g == MG_HINT) { pos = end; continue; }
        if (g == MG_TYPE && (allowed & MG_TYPE2) && (op == OP_I2F || op == OP_F2I)) {
            /* nvcc names one type where the other is the default: a float
             * type is I2F's destination and F2I's source (I2F.U32.RP,
             * I2F.F64, F2I.U64.TRUNC, F2I.S64.F64) */
            int is_dst = isa_type_is_float(found) == (op == OP_I2F);
            uint8_t *t = is_dst ? &in->type : &in->type2;
            if (*t) return err(c, mcol, "second %s type '.%s'", is_dst ? "destination" : "source", mod);
            *t = (uint8_t)found;
            seen |= g;
            pos = end;
            continue;
        }
        switch (g) {
        case MG_CMP: slot = &in->cmp; break;
        case MG_BOOL: slot = &in->boolop; break;
        case MG_TYPE: slot = in->type && (allowed & MG_TYPE2) ? &in->type2 : &in->type; break;
        case MG_SIGN: slot = &in->type; break;
        case MG_CACHE: slot = &in->cache; break;
        case MG_SCOPE: slot = &in->scope; break;
        case MG_HI: case MG_TEXC: case MG_SURFB: slot = &in->hi; break;
        case MG_E: slot = NULL; break;
        default: slot = &in->func; break;
        }
        if (slot && *slot) return err(c, mcol, "second %s modifier '.%s' (one is allowed)", g == MG_TYPE ? "type" : "conflicting", mod);
        if (slot) *slot = (uint8_t)found;
        seen |= g;
        pos = end;
    }
    unsigned missing = isa_ops[op].required & ~seen;
    for (unsigned g = 1; missing && g <= MG_BRED; g <<= 1)
        if (missing & g) return err(c, col, "%s needs %s", isa_ops[op].mnemonic, group_hint(g));
    if ((allowed & MG_TYPE2) && in->type && in->type2 == 0 && op == OP_F2F)
        return err(c, col, "F2F needs two types, destination then source (e.g. F2F.F64.F32)");
    if (in->func == MOD_ATOM_CAS && op == OP_RED)
        return err(c, col, "RED cannot do .CAS (it returns nothing); use ATOMG.CAS");
    if (isa_type_is_float(isa_insn_type(in)) && isa_ops[op].kind == KIND_ATOMIC
        && in->func != MOD_ATOM_ADD && in->func != MOD_ATOM_EXCH)
        return err(c, col, "floating-point atomics support only .ADD and .EXCH");
    return 0;
}

static int reg_width_for(const isa_insn *in, char letter)
{
    switch (letter) {
    case 'W': case 'w': case 'g': case 'Y': case 'y': return 2;
    case 'D': case 'd': case 'V': case 'X': return isa_type_regs(isa_insn_type(in));
    case 'x': return isa_type_regs(isa_insn_type2(in));
    default: return 1;
    }
}

static int is_float_slot(const isa_insn *in, char letter)
{
    if (letter == 'f' || letter == 'g' || letter == 'h') return 1;
    if (letter == 'd') return isa_type_is_float(isa_insn_type(in));
    if (letter == 'x') return isa_type_is_float(isa_insn_type2(in));
    return 0;
}

static void note_regs(asm_ctx *c, const isa_operand *o, int global_addr)
{
    if (o->kind == OPK_REG && o->reg != ISA_REG_RZ && o->reg + o->width > c->k->nregs)
        c->k->nregs = o->reg + o->width;
    if (o->kind == OPK_UREG && o->reg != ISA_UREG_URZ && o->reg + o->width > c->k->nuregs)
        c->k->nuregs = o->reg + o->width;
    if (o->kind == OPK_MEM && o->base_kind == OPK_REG && o->reg != ISA_REG_RZ) {
        int top = o->reg + (global_addr ? 2 : 1);
        if (top > c->k->nregs) c->k->nregs = top;
    }
    if (o->kind == OPK_CONST && o->base_kind == OPK_REG && o->reg >= c->k->nregs) c->k->nregs = o->reg + 1;
    if (o->kind == OPK_CONST && o->base_kind == OPK_UREG && o->reg >= c->k->nuregs) c->k->nuregs = o->reg + 1;
    if (o->kind == OPK_MEM && o->base_kind == OPK_UREG && o->reg != ISA_UREG_URZ) {
        int top = o->reg + (global_addr ? 2 : 1);
        if (top > c->k->nuregs) c->k->nuregs = top;
    }
}

static int check_alignment(asm_ctx *c, isa_operand *o, int col, const char *what)
{
    int zero = o->kind == OPK_REG ? ISA_REG_RZ : ISA_UREG_URZ;
    if (o->reg == zero || o->width == 1) return 0;
    const char *pre = o->kind == OPK_REG ? "R" : "UR";
    int limit = o->kind == OPK_REG ? ISA_NUM_REGS : ISA_NUM_UREGS;
    if (o->reg % o->width)
        return err(c, col, "%s%d cannot hold a %d-bit %s: use a register whose number is a multiple of %d",
                   pre, o->reg, 32 * o->width, what, o->width);
    if (o->reg + o->width > limit)
        return err(c, col, "%s%d..%s%d runs past the last register", pre, o->reg, pre, o->reg + o->width - 1);
    return 0;
}

static int check_operand(asm_ctx *c, isa_insn *in, char letter, isa_operand *o, int col)
{
    const char *mn = isa_ops[in->op].mnemonic;
    int width = reg_width_for(in, letter);
    int kind = o->kind;
    if (o->kind != OPK_MEM && o->half && letter != 'h' && !(letter == 'x' && isa_type_bytes(isa_insn_type2(in)) == 2))
        return err(c, col, "%s: this operand takes no half selector (.H0_H0 .H1_H1 .H0 .H1 .F32 are for FP16 sources)", mn);
    if (o->byte && letter == 'x' && isa_type_bytes(isa_insn_type2(in)) == 1 && (in->op == OP_I2F || in->op == OP_I2FP)) {
        /* I2F.S8 R0, R2.B1: the byte converted, kept in the operand (the
         * readers of I2F and I2FP, sem_float.c's read_int, take it) */
    } else if (o->byte) {
        /* R2P PR, R8.B1, mask: the byte is the instruction's .B1 .. .B3
         * (as P2R.B1's); only where the destination is PR */
        static const uint32_t bit[] = { 0, FL(B1) >> 32, FL(B2) >> 32, FL(B3) >> 32 };
        if (isa_ops[in->op].operands[0] != 'Z' || letter != 'r' || !(isa_ops[in->op].allowed >> 32 & bit[o->byte]))
            return err(c, col, "%s: this operand takes no byte selector (.B1 .B2 .B3 are R2P's source's, and I2F's of a byte type)", mn);
        if (in->flags & ~bit[o->byte] & (uint32_t)((FL(B1) | FL(B2) | FL(B3)) >> 32))
            return err(c, col, "%s: a second byte selector", mn);
        in->flags |= (uint32_t)bit[o->byte];
        o->byte = 0;
    }
    if (o->offset && letter != 'J')
        return err(c, col, "%s: a register with an offset (R6 -0x170) is BRX's target operand only", mn);
    if (kind == OPK_PR && letter != 'Z' && letter != 'z')
        return err(c, col, "%s: PR (all predicates as bits) is an operand of P2R and R2P only", mn);
    if (kind == OPK_LABEL && letter != 'L' && letter != 'A' && letter != 'n') {
        /* a bare name in a value slot is a symbol (.shared name) */
        char name[64];
        snprintf(name, sizeof name, "%s", c->src + col - 1);
        name[strcspn(name, " \t,;#")] = 0;
        int found = 0;
        for (int i = 0; i < c->k->nsymbols; i++)
            if (!strcmp(c->k->symbols[i].name, name)) { o->kind = OPK_IMM; o->imm = c->k->symbols[i].value; found = 1; }
        if (!found) return err(c, col, "unknown name '%s' (not a register, number or .shared symbol)", name);
        kind = OPK_IMM;
        c->imm_is_float = 0;
    }
    switch (letter) {
    case 'R': case 'W': case 'D': case 'X':
        if (kind != OPK_REG || o->neg) return err(c, col, "%s: expected a destination register here", mn);
        o->width = (uint8_t)width;
        return check_alignment(c, o, col, "value");
    case 'U': case 'V': case 'Y':
        if (kind != OPK_UREG) return err(c, col, "%s: expected a uniform destination register (URn) here", mn);
        o->width = (uint8_t)width;
        return check_alignment(c, o, col, "value");
    case 'P': case 'Q':
        if (kind != (letter == 'P' ? OPK_PRED : OPK_UPRED) || o->neg)
            return err(c, col, "%s: expected a %spredicate destination here", mn, letter == 'Q' ? "uniform " : "");
        return 0;
    case 'b':   /* a barrier id: 0..15, or a register holding it (PTX ISA bar.sync a) */
        if (kind == OPK_REG && !o->neg && !o->absval) return 0;
        if (kind != OPK_IMM || o->imm < 0 || o->imm >= ISA_BARRIERS)
            return err(c, col, "%s: a barrier id is 0..15 or a register (PTX ISA bar.sync a: each block has barriers "
                       "0 to 15; 0 is __syncthreads')", mn);
        return 0;
    case 'c':   /* a named barrier's thread count, or a register holding it */
        if (kind == OPK_REG && !o->neg && !o->absval) return 0;
        if (kind != OPK_IMM || o->imm <= 0 || o->imm > ISA_BAR_MAX_THREADS)
            return err(c, col, "%s: a barrier's thread count is a positive multiple of the warp size, at most %d, "
                       "or a register (PTX ISA bar.sync a, b)", mn, ISA_BAR_MAX_THREADS);
        return 0;
    case 'Z': case 'z':
        if (kind != OPK_PR || o->neg) return err(c, col, "%s: expected PR (the predicates P0..P6 as bits) here", mn);
        return 0;
    case 'o':
        if (kind != OPK_PRED && kind != OPK_UPRED) return err(c, col, "%s: expected a predicate (P0, UP0, !PT) here", mn);
        return 0;
    case 'p': case 'q':
        if (in->op == OP_BRA && kind == OPK_UPRED) return 0;   /* BRA.U !UP0, L and BRA !P2, L */
        if (kind != (letter == 'p' ? OPK_PRED : OPK_UPRED))
            return err(c, col, "%s: expected a %spredicate here", mn, letter == 'q' ? "uniform " : "");
        return 0;
    case 'M':
        if (kind != OPK_MEM) return err(c, col, "%s: expected a memory operand [Rn+offset] here", mn);
        if (o->base_kind != OPK_NONE && o->reg != (o->base_kind == OPK_REG ? ISA_REG_RZ : ISA_UREG_URZ)) {
            int global = isa_mem_addr64(in, (int)(o - in->o));
            isa_operand base = { .kind = o->base_kind, .reg = o->reg, .width = (uint8_t)(global ? 2 : 1) };
            if (check_alignment(c, &base, col + 1, "address")) return -1;
        }
        return 0;
    case 'E': case 'a':
        /* a texture's destination or coordinates: registers, their count set
         * once the whole instruction is read (tex_widths) */
        if (kind != OPK_REG || o->neg || o->absval)
            return err(c, col, "%s: expected a register here (R0..R254 or RZ)", mn);
        return 0;
    case 'T':
        if (kind != OPK_TEXDIM) return err(c, col, "%s: expected the texture's dimensions here (1D, 2D, 3D, ARRAY_1D, ARRAY_2D, CUBE, ARRAY_CUBE)", mn);
        return 0;
    case 'J':   /* BRX's target: a register pair, then the offset */
        if (kind != OPK_REG || o->neg || o->absval || !o->offset)
            return err(c, col, "%s: expected a register and an offset here (BRX R6 -0x170)", mn);
        o->width = 2;
        return check_alignment(c, o, col, "value");
    case 'K':
        if (kind != OPK_MEM || o->base_kind != OPK_REG || o->uindex || o->imm || o->scale)
            return err(c, col, "%s: expected the surface's coordinate registers here, [Rx]", mn);
        return 0;
    case 'S':
        if (kind != OPK_SREG) return err(c, col, "%s: expected a special register (SR_...) here", mn);
        if (in->op == OP_S2UR && !isa_sreg_uniform((int)o->imm))
            return err(c, col, "%s differs between lanes; read it with S2R, not S2UR", isa_sreg_name((int)o->imm));
        return 0;
    case 'L':
        if (kind != OPK_LABEL) return err(c, col, "%s: expected a label here", mn);
        return 0;
    case 'A':   /* a code address nothing jumps to: a label, or a byte address kept as given */
        if (kind != OPK_LABEL && (kind != OPK_IMM || o->imm < 0 || c->imm_is_float))
            return err(c, col, "%s: expected a label or a code address (0x1f0) here", mn);
        return 0;
    case 'n':
        if (kind != OPK_LABEL) return err(c, col, "%s: expected a name here (DEPBAR.LE SB0, 0x0)", mn);
        return 0;
    case 'B':
        if (kind != OPK_BREG) return err(c, col, "%s: expected a convergence barrier register (B0..B15) here", mn);
        return 0;
    case 'C':
        if (kind != OPK_CONST) return err(c, col, "%s: expected a constant c[...] here", mn);
        /* a uniform result takes a uniform index: ULDC UR4, c[0x0][UR8+0x10] */
        if (o->base_kind == OPK_REG && isa_ops[in->op].unit == UNIT_UNIFORM)
            return err(c, col, "%s: a uniform result cannot take a per-lane index; index with a uniform register (c[0x0][UR4+0x10])", mn);
        break;
    case 'i':
        if (kind != OPK_IMM) return err(c, col, "%s: expected an immediate number here", mn);
        return asm_immediate_bits(c, o, 0, 32, col);
    case 'u': case 'y':
        if (kind != OPK_UREG && kind != OPK_IMM && kind != OPK_CONST)
            return err(c, col, "%s: expected a uniform register, immediate or constant here", mn);
        if (kind == OPK_CONST && o->base_kind != OPK_NONE)
            return err(c, col, "%s: an indexed constant c[0x0][URn+off] is read by LDC and ULDC only", mn);
        break;
    default: /* r f w g d x: value sources */
        if (kind != OPK_REG && kind != OPK_UREG && kind != OPK_IMM && kind != OPK_CONST)
            return err(c, col, "%s: expected a register, immediate or constant here", mn);
        if (kind == OPK_CONST && o->base_kind != OPK_NONE)
            return err(c, col, "%s: an indexed constant c[0x0][Rn+off] is read by LDC and ULDC only", mn);
        /* IMAD.WIDE R2, R4, 0x4, -R6: nvcc's a * b - c64, c negated as a
         * 64-bit integer; where a carry out is asked for it would be the
         * adder's (of ~c + 1), which is not modeled: refused there */
        if (o->neg && (width > 1 && !is_float_slot(in, letter))
            && !(o->neg == NEG_MINUS && letter == 'w' && isa_operand_letter(in, 1) == 'P' && in->o[1].kind == OPK_NONE))
            return err(c, col, "%s: '-' is not allowed on a 64-bit integer operand (IMAD.WIDE's c without a carry out takes it)", mn);
        break;
    }
    o->width = (uint8_t)width;
    if (kind == OPK_IMM) {
        if (width == 4) return err(c, col, "%s: a 128-bit value cannot be an immediate", mn);
        return asm_immediate_bits(c, o, is_float_slot(in, letter), width == 2 ? 64 : 32, col);
    }
    if (kind == OPK_CONST && o->bank) return 0;   /* bank 2: resolved from the cubin's ELF (isa/sass_dump.c) */
    if (kind == OPK_CONST && o->base_kind != OPK_NONE) return 0;   /* the offset is known at run time (out of the bank reads 0) */
    if (kind == OPK_CONST) {
        uint32_t bytes = 4u * (uint32_t)width;
        if (o->imm < 0 || (uint64_t)o->imm + bytes > c->k->cbank_bytes)
            return err(c, col, "constant c[0x0][0x%llx] (%u bytes) is outside the kernel's parameters (bank 0 ends at 0x%x)",
                       (unsigned long long)o->imm, bytes, c->k->cbank_bytes);
        return 0;
    }
    return check_alignment(c, o, col, "value");
}

/* predicate slots (P p Q q) take predicates; the others take the rest */
static int pred_letter(char l) { return l == 'P' || l == 'p' || l == 'Q' || l == 'q' || l == 'o'; }
static int pred_operand(const isa_operand *o) { return o->kind == OPK_PRED || o->kind == OPK_UPRED; }

/* an optional slot (letter *p) takes the next operand when the operand is of
 * its class (predicate or not) and enough operands of that class remain for
 * the required slots after it: IADD3 R0, P0, R1, R2, R3 fills the first
 * carry-out slot, LEA.HI.X.SX32 R5, R2, R5, 0x1, P0 leaves its optional
 * third source empty. */
static int take_optional(const char *p, const isa_operand *rest, int nrest)
{
    int cls = pred_letter(*p);
    if (pred_operand(&rest[0]) != cls) return 0;
    if (*p == 'a' && rest[0].kind != OPK_REG) return 0;   /* TEX's Rb, absent before the handle UR4 */
    int have = 0, need = 0;
    for (int i = 0; i < nrest; i++) have += pred_operand(&rest[i]) == cls;
    for (const char *q = p + 1; *q; q++) {
        if (*q == ',' || isdigit((unsigned char)*q)) continue;
        if (*q == '?') { q++; continue; }
        need += pred_letter(*q) == cls;
    }
    return have > need;
}

/* the coordinates of dimensions dim (an array's layer first) */
static int tex_dim_coords(int dim)
{
    static const struct { int mod, n; } dims[] = {
        { MOD_TEXD_D1, 1 }, { MOD_TEXD_D2, 2 }, { MOD_TEXD_D3, 3 }, { MOD_TEXD_A1, 2 },
        { MOD_TEXD_A2, 3 }, { MOD_TEXD_CUBE, 3 }, { MOD_TEXD_ACUBE, 4 },
    };
    for (size_t i = 0; i < sizeof dims / sizeof dims[0]; i++)
        if (dims[i].mod == dim) return dims[i].n;
    return 1;
}

/* how many values a texture instruction reads: the coordinates, then a
 * level of detail or bias (.LL .B .LB) */
static int tex_coords(const isa_insn *in, int dim)
{
    int lod = in->func == MOD_TEXL_LL || in->func == MOD_TEXL_B || in->func == MOD_TEXL_LB;
    return tex_dim_coords(dim) + lod;
}

static void tex_note(asm_ctx *c, const isa_operand *o)
{
    if (o->reg != ISA_REG_RZ && o->reg + o->width > c->k->nregs) c->k->nregs = o->reg + o->width;
}

/* the registers a texture or surface instruction's operands cover, which
 * its other operands decide: TEX's destinations hold the components the
 * mask enables (the first two in Rd, the rest in Rd2; TLD4 all four); its
 * values (an array's layer, the coordinates, then a level or bias) split
 * between Ra and Rb, differently by generation: sm_80 puts the first half,
 * rounded up, in Ra (TLD4.SCR.R R6, R4, R0, R5 reads x from R0, y from R5;
 * TEX.SCR.LL on 3D x, y from Ra, z and the level from Rb), sm_90 the
 * coordinates in Ra and the level in Rb (TEX.LL on 3D: x, y, z from Ra);
 * without Rb all are in Ra. A surface's [Rx]: one register a dimension.
 * Read off nvcc's SASS of tex1D to tex3DLod and the layered forms
 * (docs/cuda.md, "Textures"). */
static int tex_widths(asm_ctx *c, isa_insn *in, int col)
{
    const char *sig = isa_ops[in->op].operands;
    if (!strchr(sig, 'T') && !strchr(sig, 'K')) return 0;
    if (strchr(sig, 'K')) {
        int k = isa_operand_letter(in, 0) == 'K' ? 0 : 1;
        int n = tex_dim_coords(in->func);
        in->o[k].width = (uint8_t)n;
        if (in->o[k].reg != ISA_REG_RZ && in->o[k].reg + n > ISA_NUM_REGS) return err(c, col, "%s: its coordinates run past R254", isa_ops[in->op].mnemonic);
        if (in->o[k].reg + n > c->k->nregs) c->k->nregs = in->o[k].reg + n;
        return 0;
    }
    int dim = (int)in->o[6].imm, mask = in->o[7].kind == OPK_IMM ? (int)in->o[7].imm : 0xf;
    if (in->o[6].kind != OPK_TEXDIM) return err(c, col, "%s: the dimensions operand is missing", isa_ops[in->op].mnemonic);
    if (dim == MOD_TEXD_CUBE || dim == MOD_TEXD_ACUBE)
        return err(c, col, "%s: cube maps are not executed by warpsim (1D, 2D, 3D and layered textures are)", isa_ops[in->op].mnemonic);
    if (mask < 1 || mask > 0xf) return err(c, col, "%s: the component mask 0x%x is not 0x1..0xf", isa_ops[in->op].mnemonic, (unsigned)mask);
    int comps = in->op == OP_TLD4 ? 4 : __builtin_popcount((unsigned)mask);
    in->o[1].width = (uint8_t)(comps < 2 ? comps : 2);
    in->o[0].width = (uint8_t)(comps > 2 ? comps - 2 : 1);
    int n = tex_coords(in, dim), rb = in->o[3].kind == OPK_REG && in->o[3].reg != ISA_REG_RZ;
    int coords = tex_dim_coords(dim);
    in->o[2].width = (uint8_t)(!rb ? n : c->k->sass_arch >= 90 ? coords : (n + 1) / 2);
    if (rb) in->o[3].width = (uint8_t)(n - in->o[2].width);
    for (int i = 0; i < 4; i++) {
        if (in->o[i].kind != OPK_REG || in->o[i].reg == ISA_REG_RZ) continue;
        if (in->o[i].reg + in->o[i].width > ISA_NUM_REGS) return err(c, col, "%s: its registers run past R254", isa_ops[in->op].mnemonic);
        tex_note(c, &in->o[i]);
    }
    return 0;
}

/* split operands at top-level commas; returns count or -1 */
static int split_operands(asm_ctx *c, const char *s, int len, int base_col, int start[], int olen[], int max)
{
    int n = 0, i = 0;
    while (i < len) {
        while (i < len && isspace((unsigned char)s[i])) i++;
        if (i >= len) break;
        if (n == max) return err(c, base_col + i, "too many operands");
        int j = i, depth = 0;
        while (j < len && (depth || s[j] != ',')) {
            if (s[j] == '[') depth++;
            if (s[j] == ']') depth--;
            j++;
        }
        int e = j;
        while (e > i && isspace((unsigned char)s[e - 1])) e--;
        if (e == i) return err(c, base_col + i, "empty operand");
        start[n] = i;
        olen[n] = e - i;
        n++;
        i = j + 1;
        if (j < len && i >= len) return err(c, base_col + j, "operand expected after ','");
    }
    return n;
}

int asm_instruction(asm_ctx *c, const char *s, int col)
{
    isa_insn in;
    memset(&in, 0, sizeof in);
    in.guard = ISA_PRED_PT;
    in.line = c->line;
    in.col = col;
    in.reconv = -1;
    in.target = -1;
    int i = 0, len = (int)strlen(s);
    if (s[0] == '@') {
        int j = 1;
        while (j < len && !isspace((unsigned char)s[j])) j++;
        isa_operand g;
        if (asm_parse_operand(c, s + 1, j - 1, col + 1, &g)) return -1;
        if (g.kind != OPK_PRED && g.kind != OPK_UPRED) return err(c, col, "a guard must be a predicate, e.g. @P0 or @!P1");
        in.guard = g.reg;
        in.guard_neg = g.neg;
        in.guard_uniform = g.kind == OPK_UPRED;
        i = j;
        while (i < len && isspace((unsigned char)s[i])) i++;
        if (i >= len) return err(c, col + i, "guard without an instruction");
    }
    int m = i;
    while (m < len && !isspace((unsigned char)s[m])) m++;
    if (parse_mnemonic(c, &in, s + i, m - i, col + i)) return -1;
    int start[8], olen[8];
    int n = split_operands(c, s + m, len - m, col + m, start, olen, 8);
    if (n < 0) return -1;
    const char *sig = isa_ops[in.op].operands;
    int slot = 0, given = 0;
    isa_operand parsed[8];
    double imm_float[8];     /* each operand's immediate as read (asm_immediate_bits converts it by slot) */
    int imm_is_float[8];
    for (int j = 0; j < n; j++) {
        if (asm_parse_operand(c, s + m + start[j], olen[j], col + m + start[j], &parsed[j])) return -1;
        imm_float[j] = c->imm_float;
        imm_is_float[j] = c->imm_is_float;
    }
    for (const char *p = sig; *p; p++) {
        if (*p == ',') continue;
        int optional = *p == '?';
        if (optional) p++;
        if (given >= n) {
            if (optional) { in.o[slot++].kind = OPK_NONE; continue; }
            return err(c, col + len, "%s needs more operands (operands: %s)", isa_ops[in.op].mnemonic, sig);
        }
        if (optional && !take_optional(p, parsed + given, n - given)) { in.o[slot++].kind = OPK_NONE; continue; }
        int ocol = col + m + start[given];
        isa_operand *o = &in.o[slot];
        *o = parsed[given];
        c->imm_float = imm_float[given];
        c->imm_is_float = imm_is_float[given];
        if (check_operand(c, &in, *p, o, ocol)) return -1;
        if (isdigit((unsigned char)p[1])) {
            /* a register group (opcodes_mma.def: R4 = four registers) */
            o->width = (uint8_t)(*++p - '0');
            if (o->kind == OPK_REG && check_alignment(c, o, ocol, "matrix fragment")) return -1;
        }
        if (o->kind == OPK_LABEL && (*p == 'L' || *p == 'A')) {
            if (c->nrefs == c->cap_refs) {
                c->cap_refs = c->cap_refs ? 2 * c->cap_refs : 16;
                c->refs = xrealloc(c->refs, sizeof *c->refs * (size_t)c->cap_refs);
            }
            asm_label_ref *r = &c->refs[c->nrefs++];
            snprintf(r->name, sizeof r->name, "%.*s", olen[given], s + m + start[given]);
            r->pc = c->k->ncode; r->line = c->line; r->col = ocol; r->slot = slot;
        }
        int global = isa_mem_addr64(&in, slot);
        note_regs(c, o, global);
        slot++;
        given++;
    }
    if (given < n) return err(c, col + m + start[given], "%s takes %d operand%s, found %d",
                             isa_ops[in.op].mnemonic, slot, slot == 1 ? "" : "s", n);
    in.nops = (uint8_t)slot;
    if (tex_widths(c, &in, col)) return -1;
    if (c->k->ncode == c->cap_code) {
        c->cap_code = c->cap_code ? 2 * c->cap_code : 64;
        c->k->code = xrealloc(c->k->code, sizeof(isa_insn) * (size_t)c->cap_code);
    }
    c->k->code[c->k->ncode++] = in;
    return 0;
}
