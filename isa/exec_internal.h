/* isa/exec_internal.h — operand access for the semantics files. A source
 * operand resolves once per instruction to a row pointer and a stride
 * (1 for registers, 0 for uniform, immediate and constant values). */
#ifndef WARPSIM_EXEC_INTERNAL_H
#define WARPSIM_EXEC_INTERNAL_H
#include "exec.h"
#include <math.h>
#include <string.h>

typedef struct {
    const isa_kernel *k;
    const isa_insn *in;
    isa_warp_regs *w;
    const isa_env *env;
    isa_result *res;
    uint64_t mask;          /* lanes to execute */
    isa_window *win;        /* the instruction's memory window (isa_env.window) */
} isa_xctx;

typedef struct {
    const uint32_t *lo, *hi;
    int stride;
    uint32_t neg;
    uint32_t absmask;       /* 0x7fffffff for |R|, else all ones (the sign bit of the high word for FP64) */
    uint32_t scalar[4];
} isa_src;

static const uint32_t isa_zero_row[ISA_MAX_LANES];

static inline void src_at(const isa_xctx *x, int i, isa_src *s)
{
    const isa_operand *o = &x->in->o[i];
    int ws = x->w->warp_size;
    s->neg = o->neg;
    s->absmask = o->absval ? 0x7fffffffu : 0xffffffffu;
    s->stride = 0;
    s->lo = s->hi = s->scalar;
    s->scalar[0] = s->scalar[1] = 0;
    switch (o->kind) {
    case OPK_REG:
        if (o->reg == ISA_REG_RZ) { s->lo = s->hi = isa_zero_row; s->stride = 1; break; }
        s->lo = x->w->regs + (size_t)o->reg * ws;
        s->hi = o->width > 1 ? s->lo + ws : isa_zero_row;
        s->stride = 1;
        break;
    case OPK_UREG:
        if (o->reg != ISA_UREG_URZ) {
            s->scalar[0] = x->w->uregs[o->reg];
            s->scalar[1] = o->width > 1 ? x->w->uregs[o->reg + 1] : 0;
        }
        s->hi = s->scalar + 1;
        break;
    case OPK_IMM:
        s->scalar[0] = (uint32_t)o->imm;
        s->scalar[1] = (uint32_t)((uint64_t)o->imm >> 32);
        s->hi = s->scalar + 1;
        break;
    case OPK_CONST: {
        uint32_t bytes = o->width > 1 ? 8 : 4;
        if ((uint64_t)o->imm + bytes <= x->env->cbank_size)
            memcpy(s->scalar, x->env->cbank + o->imm, bytes);
        s->hi = s->scalar + 1;
        break;
    }
    default:
        break;
    }
}

static inline uint32_t get_u32(const isa_src *s, int lane)
{
    uint32_t v = s->lo[lane * s->stride];
    return s->neg == NEG_NOT ? ~v : s->neg ? 0u - v : v;
}
static inline uint64_t get_u64(const isa_src *s, int lane)
{
    uint64_t v = s->lo[lane * s->stride] | (uint64_t)s->hi[lane * s->stride] << 32;
    return s->neg == NEG_NOT ? ~v : s->neg ? 0u - v : v;
}
/* the 33-bit value an adder sees: -b is ~b + 1 (so that the carry out of
 * a - b is "no borrow", as the hardware's), ~b is ~b */
static inline uint64_t get_add33(const isa_src *s, int lane)
{
    uint32_t v = s->lo[lane * s->stride];
    if (s->neg == NEG_MINUS) return (uint64_t)(uint32_t)~v + 1;
    return s->neg == NEG_NOT ? (uint32_t)~v : v;
}
static inline float get_f32(const isa_src *s, int lane)
{
    uint32_t v = (s->lo[lane * s->stride] & s->absmask) ^ ((uint32_t)(s->neg != 0) << 31);
    float f;
    memcpy(&f, &v, 4);
    return f;
}
static inline double get_f64(const isa_src *s, int lane)
{
    uint64_t v = ((s->lo[lane * s->stride] | (uint64_t)s->hi[lane * s->stride] << 32) & ((uint64_t)s->absmask << 32 | 0xffffffffu))
                 ^ ((uint64_t)(s->neg != 0) << 63);
    double d;
    memcpy(&d, &v, 8);
    return d;
}

/* The fast paths' condition, decided once per instruction: sources i to
 * i + n - 1 without negation or |.|, so that a lane reads its value as
 * raw_u32/raw_u64 (isa_exec_fast off: the general path always, for tests) */
static inline int srcs_plain(const isa_xctx *x, int i, int n)
{
    if (!isa_exec_fast) return 0;
    for (int k = i; k < i + n; k++)
        if (x->in->o[k].neg | x->in->o[k].absval) return 0;
    return 1;
}
static inline uint32_t raw_u32(const isa_src *s, int lane) { return s->lo[lane * s->stride]; }
static inline uint64_t raw_u64(const isa_src *s, int lane)
{
    return s->lo[lane * s->stride] | (uint64_t)s->hi[lane * s->stride] << 32;
}

/* destination row of operand i (NULL for RZ) */
static inline uint32_t *dst_row(const isa_xctx *x, int i, int part)
{
    const isa_operand *o = &x->in->o[i];
    if (o->reg == ISA_REG_RZ) return NULL;
    return x->w->regs + (size_t)(o->reg + part) * x->w->warp_size;
}
/* destination row of operand i, or sink (as many rows as written) for RZ */
static inline uint32_t *dst_or(const isa_xctx *x, int i, uint32_t *sink)
{
    uint32_t *r = dst_row(x, i, 0);
    return r ? r : sink;
}
static inline void put_u32(const isa_xctx *x, int i, int lane, uint32_t v)
{
    uint32_t *r = dst_row(x, i, 0);
    if (r) r[lane] = v;
}
static inline void put_u64(const isa_xctx *x, int i, int lane, uint64_t v)
{
    uint32_t *r = dst_row(x, i, 0);
    if (!r) return;
    r[lane] = (uint32_t)v;
    r[lane + x->w->warp_size] = (uint32_t)(v >> 32);
}
static inline void put_f32(const isa_xctx *x, int i, int lane, float f)
{
    uint32_t v;
    memcpy(&v, &f, 4);
    put_u32(x, i, lane, v);
}
static inline void put_f64(const isa_xctx *x, int i, int lane, double d)
{
    uint64_t v;
    memcpy(&v, &d, 8);
    put_u64(x, i, lane, v);
}

/* predicates as lane masks */
static inline uint64_t pred_src(const isa_xctx *x, int i)
{
    const isa_operand *o = &x->in->o[i];
    uint64_t m = x->w->preds[o->reg];
    return o->neg ? ~m & x->w->lanes : m;
}
static inline void pred_dst(const isa_xctx *x, int i, uint64_t value)
{
    const isa_operand *o = &x->in->o[i];
    if (o->reg == ISA_PRED_PT) return;
    x->w->preds[o->reg] = (x->w->preds[o->reg] & ~x->mask) | (value & x->mask);
}
static inline int upred_src(const isa_xctx *x, int i)
{
    const isa_operand *o = &x->in->o[i];
    return (int)(((x->w->upreds >> o->reg) & 1) ^ o->neg);
}
/* a predicate source that may be uniform (PLOP3.LUT P1, PT, PT, PT, UP0):
 * a uniform one holds in every lane or in none */
static inline uint64_t any_pred_src(const isa_xctx *x, int i)
{
    if (x->in->o[i].kind == OPK_UPRED) return upred_src(x, i) ? x->w->lanes : 0;
    return pred_src(x, i);
}
static inline void upred_dst(const isa_xctx *x, int i, int v)
{
    const isa_operand *o = &x->in->o[i];
    if (o->reg == ISA_PRED_PT) return;
    x->w->upreds = (uint8_t)((x->w->upreds & ~(1u << o->reg)) | ((unsigned)(v != 0) << o->reg));
}
static inline void ureg_dst(const isa_xctx *x, int i, uint32_t v)
{
    const isa_operand *o = &x->in->o[i];
    if (o->reg != ISA_UREG_URZ) x->w->uregs[o->reg] = v;
}

/* CALL.ABS's device-library call, at issue or when deferred (isa/sem_call.c) */
void isa_call_run(const isa_kernel *k, const isa_insn *in, isa_warp_regs *w, const isa_env *env, isa_result *res);

#define FOR_LANES(x, lane) \
    for (uint64_t m_ = (x)->mask; m_; m_ &= m_ - 1) \
        for (int lane = __builtin_ctzll(m_), once_ = 1; once_; once_ = 0)

/* comparisons and boolean combination for the SETP family */
static inline int cmp_i64(int cmp, int64_t a, int64_t b)
{
    switch (cmp) {
    case MOD_CMP_LT: return a < b;
    case MOD_CMP_LE: return a <= b;
    case MOD_CMP_GT: return a > b;
    case MOD_CMP_GE: return a >= b;
    case MOD_CMP_EQ: return a == b;
    default: return a != b;
    }
}
static inline int cmp_f64(int cmp, double a, double b)
{
    switch (cmp) {
    case MOD_CMP_LT: return a < b;
    case MOD_CMP_LE: return a <= b;
    case MOD_CMP_GT: return a > b;
    case MOD_CMP_GE: return a >= b;
    case MOD_CMP_EQ: return a == b;
    case MOD_CMP_NE: return a < b || a > b;  /* ordered: false when either is NaN (FSETP.NE; C's != is NEU) */
    case MOD_CMP_EQU: return !(a < b || a > b);
    case MOD_CMP_NEU: return a != b;
    case MOD_CMP_LTU: return !(a >= b);
    case MOD_CMP_LEU: return !(a > b);
    case MOD_CMP_GTU: return !(a <= b);
    case MOD_CMP_GEU: return !(a < b);
    case MOD_CMP_NUM: return !isnan(a) && !isnan(b);
    default: return isnan(a) || isnan(b);   /* .NAN */
    }
}
static inline uint64_t bool_combine(int op, uint64_t a, uint64_t b)
{
    switch (op) {
    case MOD_BOOL_OR: return a | b;
    case MOD_BOOL_XOR: return a ^ b;
    default: return a & b;
    }
}

/* isa/sem_mem.c's accesses, for the other memory semantics (sem_tex.c):
 * begin an access of size bytes a lane; one lane's access (records its
 * address, or a fault: -1); a loaded value into operand 0; whether the
 * runner applies global accesses later (isa_env.defer_global) */
void isa_mem_begin(const isa_xctx *x, int size, int store);
int isa_mem_access(const isa_xctx *x, int lane, uint64_t addr, void *buf, int size, int write);
void isa_mem_put(const isa_xctx *x, int lane, uint32_t buf[4]);
int isa_mem_deferred(const isa_xctx *x);
/* isa/sem_half.c: a half's (bf: a BF16's) value, and a value rounded to
 * one (rnd: -1 nearest even, or FE_TOWARDZERO FE_DOWNWARD FE_UPWARD) */
double isa_half_value(uint16_t h, int bf);
uint16_t isa_half_round(double v, int bf, int rnd);
uint8_t isa_fp8_round(double v, int e5m2);   /* OCP FP8 E4M3 or E5M2, nearest even, .satfinite (isa/sem_half.c) */

#define SEM(id) void sem_##id(isa_xctx *x)
#define OP(id, mn, unit, space, kind, sig, allowed, required, doc) SEM(id);
#include "opcodes.def"
#undef OP

#endif
