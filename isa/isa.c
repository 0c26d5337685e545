/* isa/isa.c — tables generated from the .def files, and the disassembler. */
#include "isa.h"
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

const isa_opinfo isa_ops[OP_COUNT] = {
#define OP(id, mn, unit, space, kind, sig, allowed, required, doc) \
    { mn, UNIT_##unit, SPACE_##space, KIND_##kind, sig, allowed, required, doc },
#include "opcodes.def"
#undef OP
};

static const char *const unit_names[UNIT_COUNT] = {
#define UNIT(id, name, lanes, count, latency, category, doc) #name,
#include "units.def"
#undef UNIT
};

const char *isa_unit_name(isa_unit u) { return u < UNIT_COUNT ? unit_names[u] : "?"; }

const char *isa_space_name(isa_space s)
{
    switch (s) {
    case SPACE_GLOBAL: return "global";
    case SPACE_SHARED: return "shared";
    case SPACE_LOCAL: return "local";
    case SPACE_CONST: return "constant";
    default: return "";
    }
}

const char *isa_kind_name(isa_kind k)
{
    static const char *const names[] = { "", "load", "store", "atomic", "barrier", "fence", "exit", "branch" };
    return k >= KIND_ALU && k <= KIND_BRANCH ? names[k] : "?";
}

const char *isa_unit_choices(void)
{
    /* " int fp32 ..." built by the preprocessor; skip the leading space */
    static const char all[] = ""
#define UNIT(id, name, lanes, count, latency, category, doc) " " #name
#include "units.def"
#undef UNIT
        ;
    return all + 1;
}

int isa_unit_find(const char *name, size_t len)
{
    for (int u = 0; u < UNIT_COUNT; u++)
        if (strlen(unit_names[u]) == len && !strncmp(unit_names[u], name, len)) return u;
    return -1;
}

static const struct { const char *text; int uniform; } sregs[SR_COUNT] = {
#define SREG(id, text, uniform, doc) { text, uniform },
#include "sregs.def"
#undef SREG
};

const char *isa_sreg_name(int sr) { return sr >= 0 && sr < SR_COUNT ? sregs[sr].text : "?"; }
int isa_sreg_uniform(int sr) { return sr >= 0 && sr < SR_COUNT && sregs[sr].uniform; }

static const struct { const char *text; int group; } mods[MOD_COUNT_] = {
    { "", 0 },
#define MOD(group, id, text) { text, MG_##group },
#include "modifiers.def"
#undef MOD
};

const char *isa_mod_text(int mod) { return mod > 0 && mod < MOD_COUNT_ ? mods[mod].text : ""; }

/* may modifier m follow opcode op? Its group (or, for a flag, its own bit)
 * is in the row's allowed column; the unordered compares are for floats */
int isa_mod_allowed(int op, int m)
{
    uint64_t allowed = isa_ops[op].allowed;
    unsigned g = mods[m].group;
    if (g == MG_FLAG) return (int)((allowed >> (32 + m - MOD_FLAG_X)) & 1);
    if (g == MG_CMP && m >= MOD_CMP_EQU) {
        char l = isa_ops[op].operands[0] ? isa_ops[op].operands[strlen(isa_ops[op].operands) > 4 ? 4 : 0] : 0;
        if (l != 'f' && l != 'g' && l != 'h') return 0;
    }
    return (allowed & (g == MG_TYPE ? (MG_TYPE | MG_TYPE2) : g)) != 0;
}
int isa_mod_group(int mod) { return mod > 0 && mod < MOD_COUNT_ ? mods[mod].group : 0; }

int isa_type_bytes(int t)
{
    switch (t) {
    case MOD_TYPE_U8: case MOD_TYPE_S8: return 1;
    case MOD_TYPE_U16: case MOD_TYPE_S16: case MOD_TYPE_F16: case MOD_TYPE_BF16: return 2;
    case MOD_TYPE_B64: case MOD_TYPE_U64: case MOD_TYPE_S64: case MOD_TYPE_F64: return 8;
    case MOD_TYPE_B128: return 16;
    case 0: return 0;
    default: return 4;
    }
}

int isa_type_regs(int t)
{
    int b = isa_type_bytes(t);
    return b <= 4 ? 1 : b / 4;
}

/* the operand letter of operand i in the opcode's signature */
char isa_operand_letter(const isa_insn *in, int i)
{
    const char *p = isa_ops[in->op].operands;
    for (int n = 0; *p; p++) {
        if (*p == ',' || *p == '?' || (*p >= '0' && *p <= '9')) continue;   /* R4: a register group's size */
        if (n++ == i) return *p;
    }
    return 0;
}

/* immediates in floating-point slots print as numbers, not bit patterns */
static int put_float_imm(const isa_insn *in, const isa_operand *o, char letter, char *buf, size_t len)
{
    int t = letter == 'x' ? isa_insn_type2(in) : isa_insn_type(in);
    int is_f32 = letter == 'f' || letter == 'h' || ((letter == 'd' || letter == 'x') && t == MOD_TYPE_F32);
    int is_f64 = letter == 'g' || ((letter == 'd' || letter == 'x') && t == MOD_TYPE_F64);
    if (!is_f32 && !is_f64) return -1;
    double v;
    if (is_f32) {
        uint32_t bits = (uint32_t)o->imm;
        float f;
        memcpy(&f, &bits, 4);
        v = f;
    } else {
        uint64_t bits = (uint64_t)o->imm;
        memcpy(&v, &bits, 8);
    }
    int n = snprintf(buf, len, "%.*g", is_f32 ? 9 : 17, v);
    if (n > 0 && (size_t)n < len && !strpbrk(buf, ".eEn")) n += snprintf(buf + n, len - (size_t)n, ".0");
    return n;
}

static int put_const(const isa_kernel *k, const isa_operand *o, char *buf, size_t len)
{
    /* nvcc's module banks, read through bank 0's image (isa.h) */
    int bank = !k || !k->sass_arch ? 0 : o->imm >= ISA_CBANK_FLAT(2) ? 2 : o->imm >= ISA_CBANK_FLAT(4) ? 4
             : o->imm >= ISA_CBANK_FLAT(3) ? 3 : 0;
    uint64_t off = (uint64_t)o->imm - (bank ? ISA_CBANK_FLAT(bank) : 0);
    if (o->base_kind == OPK_REG || o->base_kind == OPK_UREG) {
        /* nvcc's own spelling of a negative offset: c[0x0][R2+-0x10] */
        int64_t so = (int64_t)off;
        return snprintf(buf, len, "c[0x%x][%s%d+%s0x%" PRIx64 "]", bank, o->base_kind == OPK_REG ? "R" : "UR",
                        o->reg, so < 0 ? "-" : "", so < 0 ? (uint64_t)-so : (uint64_t)so);
    }
    if (bank) return snprintf(buf, len, "c[0x%x][0x%" PRIx64 "]", bank, off);
    for (int i = 0; k && i < k->nparams; i++)
        if (k->params[i].offset == (uint32_t)o->imm)
            return snprintf(buf, len, "c[%s]", k->params[i].name);
    return snprintf(buf, len, "c[0x0][0x%" PRIx64 "]", (uint64_t)o->imm);
}

static int put_operand(const isa_kernel *k, const isa_insn *in, const isa_operand *o,
                       char *buf, size_t len)
{
    const char *neg = o->neg ? (o->kind == OPK_PRED || o->kind == OPK_UPRED ? "!" : o->neg == NEG_NOT ? "~" : "-") : "";
    const char *bar = o->absval ? "|" : "";
    switch (o->kind) {
    case OPK_REG: {
        static const char *const half[] = { "", ".H0_H0", ".H1_H1", ".F32", ".H0", ".H1" };
        const char *h = o->half < sizeof half / sizeof half[0] ? half[o->half] : "";
        if (o->reg == ISA_REG_RZ) return snprintf(buf, len, "%s%sRZ%s%s", neg, bar, bar, h);
        if (o->offset)   /* BRX R6 -0x170 */
            return snprintf(buf, len, "R%d %s0x%" PRIx64, o->reg, o->imm < 0 ? "-" : "", o->imm < 0 ? (uint64_t)-o->imm : (uint64_t)o->imm);
        if (o->byte) return snprintf(buf, len, "R%d.B%d", o->reg, o->byte);   /* I2F.S8 R0, R2.B1 */
        return snprintf(buf, len, "%s%sR%d%s%s", neg, bar, o->reg, bar, h);
    }
    case OPK_BREG:
        return snprintf(buf, len, "B%d", o->reg);
    case OPK_TEXDIM:
        return snprintf(buf, len, "%s", isa_mod_text((int)o->imm));
    case OPK_PR:
        return snprintf(buf, len, "PR");
    case OPK_UREG:
        if (o->reg == ISA_UREG_URZ) return snprintf(buf, len, "%sURZ", neg);
        return snprintf(buf, len, "%sUR%d", neg, o->reg);
    case OPK_PRED:
        if (o->reg == ISA_PRED_PT) return snprintf(buf, len, "%sPT", neg);
        return snprintf(buf, len, "%sP%d", neg, o->reg);
    case OPK_UPRED:
        if (o->reg == ISA_PRED_PT) return snprintf(buf, len, "%sUPT", neg);
        return snprintf(buf, len, "%sUP%d", neg, o->reg);
    case OPK_IMM: {
        int n = put_float_imm(in, o, isa_operand_letter(in, (int)(o - in->o)), buf, len);
        if (n >= 0) return n;
        if (o->imm < 0 || o->imm > 0xffff) return snprintf(buf, len, "0x%" PRIx64, (uint64_t)o->imm);
        return snprintf(buf, len, "%" PRId64, o->imm);
    }
    case OPK_CONST: {
        static const char *const half[] = { "", ".H0_H0", ".H1_H1", ".F32", ".H0", ".H1" };
        char c[96];
        put_const(k, o, c, sizeof c);
        return snprintf(buf, len, "%s%s%s%s%s", neg, bar, c, bar, o->half < sizeof half / sizeof half[0] ? half[o->half] : "");
    }
    case OPK_MEM: {
        char base[24] = "";
        if (o->base_kind == OPK_REG && o->reg != ISA_REG_RZ) snprintf(base, sizeof base, "R%d%s", o->reg, o->scale ? (o->scale == 2 ? ".X4" : o->scale == 3 ? ".X8" : ".X16") : "");
        if (o->base_kind == OPK_UREG && o->reg != ISA_UREG_URZ) snprintf(base, sizeof base, "UR%d", o->reg);
        if (o->uindex) {
            size_t b = strlen(base);
            snprintf(base + b, sizeof base - b, "%sUR%d", b ? "+" : "", o->uindex - 1);
        }
        if (!base[0]) return snprintf(buf, len, "[0x%" PRIx64 "]", (uint64_t)o->imm);
        if (o->imm == 0) return snprintf(buf, len, "[%s]", base);
        if (o->imm < 0) return snprintf(buf, len, "[%s-0x%" PRIx64 "]", base, (uint64_t)-o->imm);
        return snprintf(buf, len, "[%s+0x%" PRIx64 "]", base, (uint64_t)o->imm);
    }
    case OPK_SREG:
        return snprintf(buf, len, "%s", isa_sreg_name((int)o->imm));
    case OPK_LABEL:
        if (k && o->imm >= 0 && o->imm < k->ncode && k->labels && k->labels[o->imm])
            return snprintf(buf, len, "%s", k->labels[o->imm]);
        return snprintf(buf, len, "pc%" PRId64, o->imm);
    default:
        return snprintf(buf, len, "?");
    }
}

char *isa_disasm(const isa_kernel *k, const isa_insn *in, char *buf, size_t len)
{
    size_t pos = 0;
#define PUT(...) do { int n_ = snprintf(buf + pos, pos < len ? len - pos : 0, __VA_ARGS__); \
                      if (n_ > 0) pos += (size_t)n_; } while (0)
    buf[0] = 0;
    if (in->guard != ISA_PRED_PT || in->guard_neg)
        PUT("@%s%s%d ", in->guard_neg ? "!" : "", in->guard_uniform ? "UP" : "P", in->guard);
    PUT("%s", isa_ops[in->op].mnemonic);
    const uint8_t order[] = { in->hi, in->func, in->cmp, in->type, in->type2, in->boolop, in->scope, in->cache };
    for (size_t i = 0; i < sizeof order; i++)
        if (order[i]) PUT(".%s", isa_mod_text(order[i]));
    for (int m = MOD_FLAG_X; m < MOD_COUNT_; m++)
        if (in->flags & ISA_FLAG_BIT(m)) PUT(".%s", isa_mod_text(m));
    for (int i = 0, shown = 0; i < in->nops; i++) {
        if (in->o[i].kind == OPK_NONE) continue;   /* an optional operand not given */
        PUT(shown++ ? ", " : " ");
        if (pos < len) pos += (size_t)put_operand(k, in, &in->o[i], buf + pos, len - pos);
    }
    if (pos >= len && len > 0) buf[len - 1] = 0;
#undef PUT
    return buf;
}

/* the type an instruction works on when its text names none */
int isa_insn_type(const isa_insn *in)
{
    if (in->type) return in->type;
    switch (in->op) {
    case OP_I2F: return MOD_TYPE_F32;
    case OP_IMAD_WIDE: case OP_IMUL: case OP_IMUL24: case OP_ISETP: case OP_IMNMX:
    case OP_SHR: case OP_FLO: case OP_UISETP: case OP_F2I:
    case OP_IMAD_HI: case OP_VIMNMX: case OP_VIMNMX3: case OP_UFLO: case OP_UIMAD_WIDE:   /* nvcc's: signed unless .U32, as their rows say */
        return MOD_TYPE_S32;
    default: return MOD_TYPE_B32;
    }
}

int isa_insn_type2(const isa_insn *in)
{
    if (in->type2) return in->type2;
    switch (in->op) {
    case OP_I2F: return MOD_TYPE_S32;
    case OP_F2I: return MOD_TYPE_F32;
    default: return MOD_TYPE_B32;
    }
}

int isa_type_is_float(int t)
{
    return t == MOD_TYPE_F32 || t == MOD_TYPE_F64 || t == MOD_TYPE_F16 || t == MOD_TYPE_BF16
        || t == MOD_TYPE_F16X2 || t == MOD_TYPE_BF16X2;
}
int isa_type_is_signed(int t)
{
    return t == MOD_TYPE_S8 || t == MOD_TYPE_S16 || t == MOD_TYPE_S32 || t == MOD_TYPE_S64 || t == MOD_SIGN_S32;
}
