/* isa/sem_intx.c — integer forms of real programs beyond sem_int.c and
 * sem_sass.c: the predicate file as a register (P2R, R2P), sm_90's
 * three-input min/max (VIMNMX3), saturating narrowing (I2I) and the byte
 * dot products (IDP.4A, IDP.2A). */
#include "exec_internal.h"

/* the byte P2R and R2P work on: .B1 .B2 .B3 shift PR and the mask there */
static int pr_shift(const isa_insn *in)
{
    return INSN_HAS(in, B1) ? 8 : INSN_HAS(in, B2) ? 16 : INSN_HAS(in, B3) ? 24 : 0;
}

/* P2R d, PR, b, mask: d = (PR & mask) | (b & ~mask), PR bit i = Pi for
 * i = 0..6 (bit 7, PT, reads 0 in this model: nvcc's masks stop at 0x7f) */
SEM(P2R)
{
    isa_src b;
    src_at(x, 2, &b);
    int sh = pr_shift(x->in);
    uint32_t mask = ((uint32_t)x->in->o[3].imm & 0x7fu) << sh;
    FOR_LANES(x, l) {
        uint32_t pr = 0;
        for (int i = 0; i < ISA_PRED_PT; i++) pr |= (uint32_t)(x->w->preds[i] >> l & 1) << i;
        put_u32(x, 0, l, (pr << sh & mask) | (get_u32(&b, l) & ~mask));
    }
}

/* R2P PR, a, mask: Pi = bit i (of the byte) of a, for each bit i of mask */
SEM(R2P)
{
    isa_src a;
    src_at(x, 1, &a);
    int sh = pr_shift(x->in);
    uint32_t mask = (uint32_t)x->in->o[2].imm & 0x7fu;
    for (int i = 0; i < ISA_PRED_PT; i++) {
        if (!(mask >> i & 1)) continue;
        uint64_t v = 0;
        FOR_LANES(x, l) v |= (uint64_t)(get_u32(&a, l) >> (sh + i) & 1) << l;
        x->w->preds[i] = (x->w->preds[i] & ~x->mask) | v;
    }
}

static int64_t as_int(uint32_t v, int sign) { return sign ? (int64_t)(int32_t)v : (int64_t)v; }

/* VIMNMX3 d, a, b, c, p: p ? min(a, b, c) : max(a, b, c) */
SEM(VIMNMX3)
{
    isa_src s[3];
    for (int i = 0; i < 3; i++) src_at(x, 1 + i, &s[i]);
    int sign = isa_type_is_signed(isa_insn_type(x->in));
    uint64_t want_min = pred_src(x, 4);
    FOR_LANES(x, l) {
        int64_t r = as_int(get_u32(&s[0], l), sign);
        for (int i = 1; i < 3; i++) {
            int64_t v = as_int(get_u32(&s[i], l), sign);
            if ((want_min >> l & 1) ? v < r : v > r) r = v;
        }
        put_u32(x, 0, l, (uint32_t)r);
    }
}

/* an integer type's range and its value extended from its low bits */
static void int_range(int t, int64_t *lo, int64_t *hi)
{
    int bits = 8 * isa_type_bytes(t);
    if (t == MOD_TYPE_B32) bits = 32;
    int sign = isa_type_is_signed(t);
    *lo = sign ? -((int64_t)1 << (bits - 1)) : 0;
    *hi = sign ? ((int64_t)1 << (bits - 1)) - 1 : (bits >= 63 ? INT64_MAX : ((int64_t)1 << bits) - 1);
}

static int64_t int_extend(uint64_t v, int t)
{
    int bits = 8 * isa_type_bytes(t);
    if (bits >= 64) return (int64_t)v;
    uint64_t m = (1ull << bits) - 1;
    v &= m;
    if (isa_type_is_signed(t) && (v >> (bits - 1) & 1)) v |= ~m;
    return (int64_t)v;
}

/* I2I.S8.S32.SAT d, a: a read as the source type, clamped to the
 * destination's range with .SAT (PTX ISA cvt.sat), else cut to its low
 * bits; then sign- or zero-extended to the 32-bit register */
SEM(I2I)
{
    isa_src a;
    src_at(x, 1, &a);
    int dt = x->in->type ? x->in->type : MOD_TYPE_S32, st = x->in->type2 ? x->in->type2 : MOD_TYPE_S32;
    int64_t lo, hi;
    int_range(dt, &lo, &hi);
    FOR_LANES(x, l) {
        int64_t v = int_extend(get_u32(&a, l), st);
        if (INSN_HAS(x->in, SAT)) v = v < lo ? lo : v > hi ? hi : v;
        put_u32(x, 0, l, (uint32_t)int_extend((uint64_t)v, dt));
    }
}

/* byte or halfword k of v, signed when t is */
static int32_t part(uint32_t v, int k, int bytes, int t)
{
    uint32_t u = v >> (8 * bytes * k) & (bytes == 1 ? 0xffu : 0xffffu);
    if (!isa_type_is_signed(t)) return (int32_t)u;
    return bytes == 1 ? (int32_t)(int8_t)u : (int32_t)(int16_t)u;
}

/* IDP.4A.S8.U8 d, a, b, c: d = c + sum of a's bytes times b's (PTX ISA
 * dp4a: a's type first, then b's; the sum wraps at 32 bits) */
SEM(IDP4A)
{
    isa_src a, b, c;
    src_at(x, 1, &a); src_at(x, 2, &b); src_at(x, 3, &c);
    int ta = x->in->type, tb = x->in->type2;
    FOR_LANES(x, l) {
        uint32_t va = get_u32(&a, l), vb = get_u32(&b, l), r = get_u32(&c, l);
        for (int k = 0; k < 4; k++) r += (uint32_t)(part(va, k, 1, ta) * part(vb, k, 1, tb));
        put_u32(x, 0, l, r);
    }
}

/* IDP.2A.LO.S16.S8 d, a, b, c: d = c + a's two halfwords times two bytes
 * of b (.LO: bytes 0 and 1, .HI: 2 and 3) (PTX ISA dp2a.lo / dp2a.hi) */
SEM(IDP2A)
{
    isa_src a, b, c;
    src_at(x, 1, &a); src_at(x, 2, &b); src_at(x, 3, &c);
    int ta = x->in->type, tb = x->in->type2, base = x->in->hi ? 2 : 0;
    FOR_LANES(x, l) {
        uint32_t va = get_u32(&a, l), vb = get_u32(&b, l), r = get_u32(&c, l);
        for (int k = 0; k < 2; k++) r += (uint32_t)(part(va, k, 2, ta) * part(vb, base + k, 1, tb));
        put_u32(x, 0, l, r);
    }
}
