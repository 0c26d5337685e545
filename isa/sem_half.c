/* isa/sem_half.c — FP16 and BF16: the pair instructions (HADD2, HMUL2,
 * HFMA2, HSETP2, HSET2, HMNMX2), packing (F2FP) and the conversions to and
 * from one half that I2F, F2I and F2F use (isa/sem_float.c).
 *
 * A pair register holds two halves: bits 0-15 (lane 0, .x) and 16-31
 * (lane 1, .y). nvcc's operand selectors pick halves: R8.H0_H0 puts the low
 * half in both lanes, R8.H1_H1 the high one, R8.F32 reads an FP32 value
 * for both; an immediate pair is printed high half first (HFMA2.MMA R5,
 * -RZ, RZ, 0, 2.38e-07 sets R5 = 0x00000004). Arithmetic is done in double,
 * where a sum or product of two halves is exact, then rounded once to the
 * half format. A NaN result is the canonical 0x7fff (PTX ISA: "canonical
 * NaN" of the f16 and bf16 types). */
#include "exec_internal.h"
#include <fenv.h>

/* the half (bf: BF16) bits h as a double (exact) */
double isa_half_value(uint16_t h, int bf)
{
    if (bf) {
        uint32_t u = (uint32_t)h << 16;
        float f;
        memcpy(&f, &u, 4);
        return f;
    }
    int e = (h >> 10) & 0x1f, m = h & 0x3ff;
    double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(m | 0x400, e - 25);
    return (h & 0x8000) ? -v : v;
}

/* v rounded to a half (bf: BF16) in direction rnd (-1: nearest even, or
 * FE_TOWARDZERO FE_DOWNWARD FE_UPWARD), as IEEE 754 does: a result past the
 * largest finite value is infinity, unless the direction is toward zero
 * from it (then the largest finite value); subnormals are kept */
uint16_t isa_half_round(double v, int bf, int rnd)
{
    int mant = bf ? 7 : 10, emin = bf ? -126 : -14, emax = bf ? 127 : 15, bias = bf ? 127 : 15;
    uint16_t sign = signbit(v) ? 0x8000 : 0, inf = (uint16_t)((emax + bias + 1) << mant);
    if (isnan(v)) return 0x7fff;
    double a = fabs(v);
    if (isinf(a)) return sign | inf;
    if (a == 0) return sign;
    int e;
    frexp(a, &e);
    int lead = e - 1 < emin ? emin : e - 1;
    double q = ldexp(1.0, lead - mant), n = a / q, r;   /* exact: a power of two */
    if (rnd == FE_TOWARDZERO) r = trunc(n);
    else if (rnd == FE_DOWNWARD) r = sign ? ceil(n) : floor(n);
    else if (rnd == FE_UPWARD) r = sign ? floor(n) : ceil(n);
    else r = n - floor(n) == 0.5 ? 2 * round(n / 2) : round(n);
    double res = r * q, maxf = ldexp(2.0 - ldexp(1.0, -mant), emax);
    if (res > maxf) {
        int to_zero = rnd == FE_TOWARDZERO || (rnd == FE_DOWNWARD && !sign) || (rnd == FE_UPWARD && sign);
        return sign | (to_zero ? (uint16_t)(inf - 1) : inf);
    }
    if (res < ldexp(1.0, emin)) return sign | (uint16_t)ldexp(res, mant - emin);   /* subnormal (or 0) */
    frexp(res, &e);
    uint32_t m = (uint32_t)ldexp(res, mant - (e - 1)) - (1u << mant);
    return sign | (uint16_t)((e - 1 + bias) << mant) | (uint16_t)m;
}

static double half_ftz(double v, int bf)
{
    return fabs(v) < ldexp(1.0, bf ? -126 : -14) ? copysign(0.0, v) : v;
}

/* the two lane values of source slot i at lane l (out[0] low, out[1]
 * high); an immediate pair takes slots i and i + 1 (*used = 2) */
static void half_pair(const isa_xctx *x, int i, int l, int bf, double out[2], int *used)
{
    const isa_operand *o = &x->in->o[i];
    *used = 1;
    if (o->kind == OPK_IMM && i + 1 < x->in->nops && x->in->o[i + 1].kind == OPK_IMM) {
        for (int k = 0; k < 2; k++) {
            uint32_t bits = (uint32_t)x->in->o[i + 1 - k].imm;
            float f;
            memcpy(&f, &bits, 4);
            out[k] = f;
        }
        *used = 2;
        return;
    }
    isa_src s;
    src_at(x, i, &s);
    uint32_t v = s.lo[l * s.stride];
    if (o->kind == OPK_IMM || o->half == HALF_F32) {
        /* one FP32 number for both lanes: an immediate, or R.F32 */
        float f;
        memcpy(&f, &v, 4);
        out[0] = out[1] = f;
    } else {
        uint16_t lo = (uint16_t)v, hi = (uint16_t)(v >> 16);
        if (o->half == HALF_H0_H0 || o->half == HALF_H0) hi = lo;
        if (o->half == HALF_H1_H1 || o->half == HALF_H1) lo = hi;
        out[0] = isa_half_value(lo, bf);
        out[1] = isa_half_value(hi, bf);
    }
    for (int k = 0; k < 2; k++) {
        if (o->absval) out[k] = fabs(out[k]);
        if (o->neg) out[k] = -out[k];
        if (INSN_HAS(x->in, FTZ)) out[k] = half_ftz(out[k], bf);
    }
}

/* HADD2 (op 0), HMUL2 (1), HFMA2 (2); .F32: lane 0's result as FP32 */
static void half2_arith(isa_xctx *x, int op)
{
    int bf = INSN_HAS(x->in, BF16_V2), sat = INSN_HAS(x->in, SAT), relu = INSN_HAS(x->in, RELU);
    FOR_LANES(x, l) {
        double a[2], b[2], c[2] = { -0.0, -0.0 };
        int used, slot = 1;
        half_pair(x, slot, l, bf, a, &used); slot += used;
        half_pair(x, slot, l, bf, b, &used); slot += used;
        if (op == 2) half_pair(x, slot, l, bf, c, &used);
        uint32_t r = 0;
        for (int k = 0; k < 2; k++) {
            double v = op == 0 ? a[k] + b[k] : op == 1 ? a[k] * b[k] : fma(a[k], b[k], c[k]);
            /* .SAT clamps to [+0, 1], a NaN and -0 to +0 (PTX ISA fma.sat;
             * the H100 gives +0 for __hmul2_sat of -0: idioms.cu, halfs);
             * .RELU makes negative results +0 and keeps NaN (PTX ISA fma.relu) */
            if (sat) v = isnan(v) || v <= 0 ? 0.0 : v > 1 ? 1.0 : v;
            if (relu && v < 0) v = 0.0;
            if (INSN_HAS(x->in, F32)) {
                float f = (float)v;   /* one rounding: v is exact */
                uint32_t u;
                memcpy(&u, &f, 4);
                r = f != f ? 0x7fffffffu : u;
                break;
            }
            uint16_t h = isa_half_round(v, bf, -1);
            if (INSN_HAS(x->in, FTZ) && (h & 0x7fff) < (bf ? 0x80 : 0x400)) h &= 0x8000;
            r |= (uint32_t)h << (16 * k);
        }
        put_u32(x, 0, l, r);
    }
}

SEM(HADD2) { half2_arith(x, 0); }
SEM(HMUL2) { half2_arith(x, 1); }
SEM(HFMA2) { half2_arith(x, 2); }

/* the two lanes' comparisons of HSETP2 and HSET2, as bits 0 and 1 */
static unsigned half_cmp2(const isa_xctx *x, int first, int l)
{
    int bf = INSN_HAS(x->in, BF16_V2), used;
    double a[2], b[2];
    half_pair(x, first, l, bf, a, &used);
    half_pair(x, first + used, l, bf, b, &used);
    return (unsigned)cmp_f64(x->in->cmp, a[0], b[0]) | (unsigned)cmp_f64(x->in->cmp, a[1], b[1]) << 1;
}

SEM(HSETP2)
{
    uint64_t lo = 0, hi = 0;
    FOR_LANES(x, l) {
        unsigned t = half_cmp2(x, 2, l);
        if (INSN_HAS(x->in, H_AND)) t = t == 3 ? 3 : 0;
        lo |= (uint64_t)(t & 1) << l;
        hi |= (uint64_t)(t >> 1) << l;
    }
    uint64_t c = pred_src(x, x->in->nops - 1);
    pred_dst(x, 0, bool_combine(x->in->boolop, lo, c));
    pred_dst(x, 1, bool_combine(x->in->boolop, hi, c));
}

SEM(HSET2)
{
    uint64_t c = pred_src(x, x->in->nops - 1);
    int bf = INSN_HAS(x->in, BF16_V2);
    uint32_t one = INSN_HAS(x->in, BF) ? (bf ? 0x3f80u : 0x3c00u) : 0xffffu;
    FOR_LANES(x, l) {
        unsigned t = half_cmp2(x, 1, l);
        uint32_t r = 0;
        for (int k = 0; k < 2; k++)
            if (bool_combine(x->in->boolop, (t >> k) & 1, (c >> l) & 1) & 1) r |= one << (16 * k);
        put_u32(x, 0, l, r);
    }
}

/* fmin/fmax of one lane: a NaN operand gives the other, -0 is below +0 */
static double half_minmax(double a, double b, int want_min, int nan)
{
    if (nan && (isnan(a) || isnan(b))) return NAN;
    if (isnan(a)) return b;
    if (isnan(b)) return a;
    if (a == b) return (signbit(a) != 0) == want_min ? a : b;
    return (a < b) == want_min ? a : b;
}

SEM(HMNMX2)
{
    int bf = INSN_HAS(x->in, BF16_V2);
    uint64_t want_min = pred_src(x, x->in->nops - 1);
    FOR_LANES(x, l) {
        double a[2], b[2];
        int used;
        half_pair(x, 1, l, bf, a, &used);
        half_pair(x, 1 + used, l, bf, b, &used);
        uint32_t r = 0;
        for (int k = 0; k < 2; k++)
            r |= (uint32_t)isa_half_round(half_minmax(a[k], b[k], (int)(want_min >> l & 1), (int)INSN_HAS(x->in, NANP)), bf, -1) << (16 * k);
        put_u32(x, 0, l, r);
    }
}

/* F2FP.PACK_AB d, a, b: d = half(a) << 16 | half(b) (cvt.rn.f16x2.f32 d,
 * a, b puts a in the upper half) */
SEM(F2FP)
{
    isa_src a, b;
    src_at(x, 1, &a); src_at(x, 2, &b);
    int bf = x->in->type == MOD_TYPE_BF16, relu = INSN_HAS(x->in, RELU);
    int rnd = INSN_HAS(x->in, RZ) ? FE_TOWARDZERO : INSN_HAS(x->in, RM) ? FE_DOWNWARD : INSN_HAS(x->in, RP) ? FE_UPWARD : -1;
    FOR_LANES(x, l) {
        double v[2] = { get_f32(&b, l), get_f32(&a, l) };
        uint32_t r = 0;
        for (int k = 0; k < 2; k++) {
            if (relu && v[k] < 0) v[k] = 0.0;
            r |= (uint32_t)isa_half_round(v[k], bf, rnd) << (16 * k);
        }
        put_u32(x, 0, l, r);
    }
}

/* FRND.F16, FRND.BF16: one half rounded to an integer in its own format
 * (PTX ISA cvt.rmi.f16.f16 ...: exact, as an integral value of a format is
 * one of the format's values); a NaN gives the canonical 0x7fff */
static void frnd_half(isa_xctx *x, int bf)
{
    FOR_LANES(x, l) {
        double v[2];
        int used;
        half_pair(x, 1, l, bf, v, &used);
        double r = INSN_HAS(x->in, TRUNC) ? trunc(v[0]) : INSN_HAS(x->in, FLOOR) ? floor(v[0])
                 : INSN_HAS(x->in, CEIL) ? ceil(v[0]) : nearbyint(v[0]);
        put_u32(x, 0, l, isa_half_round(r, bf, -1));
    }
}
SEM(FRND_F16) { frnd_half(x, 0); }
SEM(FRND_BF16) { frnd_half(x, 1); }

/* v as OCP FP8 (e5m2: E5M2, else E4M3), rounded to nearest even with
 * .satfinite (PTX ISA cvt): past the largest finite value, infinities
 * included, the largest finite value with v's sign; NaN 0x7f; subnormals
 * kept */
uint8_t isa_fp8_round(double v, int e5m2)
{
    int mant = e5m2 ? 2 : 3, emin = e5m2 ? -14 : -6, bias = e5m2 ? 15 : 7;
    uint8_t sign = signbit(v) ? 0x80 : 0, maxcode = e5m2 ? 0x7b : 0x7e;
    double maxf = e5m2 ? 57344.0 : 448.0;
    if (isnan(v)) return 0x7f;
    double a = fabs(v);
    if (a == 0) return sign;
    if (isinf(a) || a >= maxf) return sign | maxcode;
    int e;
    frexp(a, &e);
    int lead = e - 1 < emin ? emin : e - 1;
    double q = ldexp(1.0, lead - mant), n = a / q;
    double r = n - floor(n) == 0.5 ? 2 * round(n / 2) : round(n), res = r * q;
    if (res > maxf) return sign | maxcode;
    if (res < ldexp(1.0, emin)) return sign | (uint8_t)ldexp(res, mant - emin);   /* subnormal (or 0) */
    frexp(res, &e);
    uint32_t m = (uint32_t)ldexp(res, mant - (e - 1)) - (1u << mant);
    return sign | (uint8_t)((e - 1 + bias) << mant) | (uint8_t)m;
}

/* F2FP.SATFINITE.E4M3/E5M2.F32.PACK_AB_MERGE_C d, a, b, c.H1: the pair
 * (a's FP8 above b's) in d's low half, c's high half kept above it; with
 * c.H0 the pair goes above c's low half (ptxas' merge of a 16-bit value
 * into one half of a register: an assumption, not measured) */
static void f2fp_fp8(isa_xctx *x, int e5m2)
{
    isa_src a, b, c;
    src_at(x, 1, &a); src_at(x, 2, &b);
    int has_c = x->in->nops > 3, h0 = has_c && x->in->o[3].half == HALF_H0;
    if (has_c) src_at(x, 3, &c);
    FOR_LANES(x, l) {
        uint32_t pair = (uint32_t)isa_fp8_round(get_f32(&a, l), e5m2) << 8 | isa_fp8_round(get_f32(&b, l), e5m2);
        uint32_t cv = has_c ? raw_u32(&c, l) : 0;
        put_u32(x, 0, l, h0 ? pair << 16 | (cv & 0xffffu) : (cv & 0xffff0000u) | pair);
    }
}
SEM(F2FP_E4M3) { f2fp_fp8(x, 0); }
SEM(F2FP_E5M2) { f2fp_fp8(x, 1); }
