/* isa/sem_float.c — FP32, FP64, special functions and conversions. */
#include "exec_internal.h"
#include <fenv.h>
#include <math.h>

/* .FTZ: subnormal inputs and results are zero (keeping the sign) */
static float ftz(float v) { return fpclassify(v) == FP_SUBNORMAL ? copysignf(0.0f, v) : v; }

/* An FP32 operation whose result is NaN writes NVIDIA's canonical NaN,
 * 0x7fffffff, whatever the inputs' payloads (the host's would keep them, or
 * give x86's 0xffc00000): the H100 does so for FADD, FMUL, FRND and FMNMX
 * of two NaNs (tests/cuda/programs/idioms.cu, kernel fround); FFMA and MUFU
 * are taken to follow the same rule. */
static float canon(float v)
{
    if (!isnan(v)) return v;
    uint32_t b = 0x7fffffffu;
    memcpy(&v, &b, 4);
    return v;
}

/* the rounding direction an instruction's .RZ .RM .RP names (fenv), or -1 for
 * round to nearest even, the default */
static int rounding(const isa_insn *in)
{
    if (INSN_HAS(in, RZ)) return FE_TOWARDZERO;
    if (INSN_HAS(in, RM)) return FE_DOWNWARD;
    if (INSN_HAS(in, RP)) return FE_UPWARD;
    return -1;
}

/* FADD, FMUL, FFMA without .FTZ, .SAT or a rounding mode, the fast path:
 * the destination row found once, not per lane (FP32 arithmetic is most
 * of a real kernel's ALU work: black_scholes, softmax, nbody). One IEEE
 * operation in the default rounding, so no volatile is needed; a NaN is
 * made canonical as in f32_arith. */
static void f32_fast(const isa_xctx *x, int op, const isa_src *a, const isa_src *b, const isa_src *c)
{
    uint32_t sink[ISA_MAX_LANES], *d = dst_or(x, 0, sink);
    FOR_LANES(x, l) {
        float va = get_f32(a, l), vb = get_f32(b, l);
        float r = op == 0 ? va + vb : op == 1 ? va * vb : fmaf(va, vb, get_f32(c, l));
        uint32_t u;
        memcpy(&u, &r, 4);
        d[l] = r != r ? 0x7fffffffu : u;
    }
}

/* FMUL's product scaled by .D2 ... .M8 (mod, 0 for none), rounded once
 * in the current mode: the FP32 product is exact in a double (24 + 24
 * bits) and a power-of-two scale of it too, so the conversion is the one
 * rounding (the hardware scales the exponent before it rounds, as the
 * field's place in the multiplier suggests: an assumption; the two orders
 * differ only where a * b or the result leaves the normal range) */
static float fmul_scaled(float a, float b, int mod)
{
    static const struct { int mod, exp; } scale[] = {
        { MOD_FSCALE_D2, -1 }, { MOD_FSCALE_D4, -2 }, { MOD_FSCALE_D8, -3 },
        { MOD_FSCALE_M2, 1 }, { MOD_FSCALE_M4, 2 }, { MOD_FSCALE_M8, 3 },
    };
    if (!mod) return a * b;
    int e = 0;
    for (size_t i = 0; i < sizeof scale / sizeof scale[0]; i++)
        if (scale[i].mod == mod) e = scale[i].exp;
    volatile double p = ldexp((double)a * (double)b, e);
    return (float)p;
}

/* d = a op b (op 0 add, 1 mul, 2 fma with c) with .FTZ, .SAT and rounding */
static void f32_arith(isa_xctx *x, int op)
{
    isa_src a, b, c;
    src_at(x, 1, &a); src_at(x, 2, &b);
    if (op == 2) src_at(x, 3, &c);
    int z = INSN_HAS(x->in, FTZ), sat = INSN_HAS(x->in, SAT), rnd = rounding(x->in);
    if (isa_exec_fast && !z && !sat && rnd < 0 && !x->in->func) {
        f32_fast(x, op, &a, &b, op == 2 ? &c : &a);
        return;
    }
    if (rnd >= 0) fesetround(rnd);
    FOR_LANES(x, l) {
        float va = get_f32(&a, l), vb = get_f32(&b, l), vc = op == 2 ? get_f32(&c, l) : 0.0f;
        if (z) { va = ftz(va); vb = ftz(vb); vc = ftz(vc); }
        volatile float r = op == 0 ? va + vb : op == 1 ? fmul_scaled(va, vb, x->in->func) : fmaf(va, vb, vc);
        float v = canon(r);
        if (z) v = ftz(v);
        if (sat) v = isnan(v) || v <= 0.0f ? 0.0f : v > 1.0f ? 1.0f : v;   /* -0 too gives +0, as HFMA2.SAT (sem_half.c) */
        put_f32(x, 0, l, v);
    }
    if (rnd >= 0) fesetround(FE_TONEAREST);
}

SEM(FADD) { f32_arith(x, 0); }
SEM(FMUL) { f32_arith(x, 1); }
SEM(FFMA) { f32_arith(x, 2); }

SEM(FSETP)
{
    isa_src a, b;
    src_at(x, 2, &a); src_at(x, 3, &b);
    uint64_t t = 0;
    int z = INSN_HAS(x->in, FTZ);
    FOR_LANES(x, l) {
        float va = get_f32(&a, l), vb = get_f32(&b, l);
        if (z) { va = ftz(va); vb = ftz(vb); }
        if (cmp_f64(x->in->cmp, va, vb)) t |= 1ull << l;
    }
    uint64_t c = pred_src(x, 4);
    pred_dst(x, 0, bool_combine(x->in->boolop, t, c));
    pred_dst(x, 1, bool_combine(x->in->boolop, ~t, c));
}

/* PTX ISA set: true writes 1.0f for a floating-point destination (.BF)
 * and 0xffffffff for an integer one, false writes 0 */
SEM(FSET)
{
    isa_src a, b;
    src_at(x, 1, &a); src_at(x, 2, &b);
    uint64_t t = 0;
    int z = INSN_HAS(x->in, FTZ);
    FOR_LANES(x, l) {
        float va = get_f32(&a, l), vb = get_f32(&b, l);
        if (z) { va = ftz(va); vb = ftz(vb); }
        if (cmp_f64(x->in->cmp, va, vb)) t |= 1ull << l;
    }
    t = bool_combine(x->in->boolop, t, pred_src(x, 3));
    uint32_t one = INSN_HAS(x->in, BF) ? 0x3f800000u : 0xffffffffu;
    FOR_LANES(x, l) put_u32(x, 0, l, (t >> l & 1) ? one : 0);
}

SEM(FMNMX)
{
    isa_src a, b;
    src_at(x, 1, &a); src_at(x, 2, &b);
    uint64_t want_min = pred_src(x, 3);
    int z = INSN_HAS(x->in, FTZ);
    FOR_LANES(x, l) {
        float va = get_f32(&a, l), vb = get_f32(&b, l);
        if (z) { va = ftz(va); vb = ftz(vb); }
        float r = (want_min >> l & 1) ? fminf(va, vb) : fmaxf(va, vb);
        if (INSN_HAS(x->in, NANP) && (isnan(va) || isnan(vb))) r = NAN;
        put_f32(x, 0, l, canon(r));
    }
}

SEM(FMNMX3)
{
    isa_src s[3];
    for (int i = 0; i < 3; i++) src_at(x, 1 + i, &s[i]);
    uint64_t want_min = pred_src(x, 4);
    int z = INSN_HAS(x->in, FTZ);
    FOR_LANES(x, l) {
        float v[3];
        for (int i = 0; i < 3; i++) v[i] = z ? ftz(get_f32(&s[i], l)) : get_f32(&s[i], l);
        int mn = (int)(want_min >> l & 1);
        float r = mn ? fminf(fminf(v[0], v[1]), v[2]) : fmaxf(fmaxf(v[0], v[1]), v[2]);
        if (INSN_HAS(x->in, NANP) && (isnan(v[0]) || isnan(v[1]) || isnan(v[2]))) r = NAN;
        put_f32(x, 0, l, canon(r));
    }
}

SEM(MUFU)
{
    isa_src a;
    src_at(x, 1, &a);
    FOR_LANES(x, l) {
        float v = get_f32(&a, l), r;
        switch (x->in->func) {
        case MOD_MUFU_RCP: r = 1.0f / v; break;
        case MOD_MUFU_RSQ: r = 1.0f / sqrtf(v); break;
        case MOD_MUFU_SQRT: r = sqrtf(v); break;
        case MOD_MUFU_SIN: r = sinf(v); break;
        case MOD_MUFU_COS: r = cosf(v); break;
        case MOD_MUFU_EX2: r = exp2f(v); break;
        case MOD_MUFU_TANH: r = tanhf(v); break;
        case MOD_MUFU_RCP64H: case MOD_MUFU_RSQ64H: {
            /* the high word of 1/d or 1/sqrt(d) for the FP64 value whose
             * high word is a; nvcc refines it with DFMA (Newton steps) */
            uint64_t bits = (uint64_t)get_u32(&a, l) << 32;
            double d;
            memcpy(&d, &bits, 8);
            d = x->in->func == MOD_MUFU_RCP64H ? 1.0 / d : 1.0 / sqrt(d);
            memcpy(&bits, &d, 8);
            put_u32(x, 0, l, (uint32_t)(bits >> 32));
            continue;
        }
        default: r = log2f(v); break;
        }
        if (INSN_HAS(x->in, FTZ)) r = ftz(r);
        put_f32(x, 0, l, canon(r));
    }
}

/* one lane of DADD (op 0), DMUL (1), DFMA (2), out of line so that both
 * paths give a NaN the same payload (x86 keeps the first operand's, and the
 * compiler may swap a commutative operation's operands at each inlined copy) */
static __attribute__((noinline)) double f64_op(int op, double a, double b, double c)
{
    volatile double r = op == 0 ? a + b : op == 1 ? a * b : fma(a, b, c);
    return r;
}

/* DADD, DMUL, DFMA without source modifiers */
static void f64_fast(const isa_xctx *x, int op, const isa_src *a, const isa_src *b, const isa_src *c)
{
    uint32_t sink[2 * ISA_MAX_LANES], *d = dst_or(x, 0, sink);
    int ws = d == sink ? ISA_MAX_LANES : x->w->warp_size;
    FOR_LANES(x, l) {
        uint64_t ua = raw_u64(a, l), ub = raw_u64(b, l), uc = op == 2 ? raw_u64(c, l) : 0, ur;
        double va, vb, vc;
        memcpy(&va, &ua, 8); memcpy(&vb, &ub, 8); memcpy(&vc, &uc, 8);
        double r = f64_op(op, va, vb, vc);
        memcpy(&ur, &r, 8);
        d[l] = (uint32_t)ur;
        d[l + ws] = (uint32_t)(ur >> 32);
    }
}

static void f64_arith(isa_xctx *x, int op)
{
    isa_src a, b, c;
    src_at(x, 1, &a); src_at(x, 2, &b);
    if (op == 2) src_at(x, 3, &c);
    int rnd = rounding(x->in);
    if (rnd >= 0) fesetround(rnd);
    if (srcs_plain(x, 1, op == 2 ? 3 : 2)) {
        f64_fast(x, op, &a, &b, op == 2 ? &c : &a);
    } else {
        FOR_LANES(x, l) {
            put_f64(x, 0, l, f64_op(op, get_f64(&a, l), get_f64(&b, l), op == 2 ? get_f64(&c, l) : 0.0));
        }
    }
    if (rnd >= 0) fesetround(FE_TONEAREST);
}

SEM(DADD) { f64_arith(x, 0); }
SEM(DMUL) { f64_arith(x, 1); }
SEM(DFMA) { f64_arith(x, 2); }

SEM(DSETP)
{
    isa_src a, b;
    src_at(x, 2, &a); src_at(x, 3, &b);
    uint64_t t = 0;
    FOR_LANES(x, l)
        if (cmp_f64(x->in->cmp, get_f64(&a, l), get_f64(&b, l))) t |= 1ull << l;
    uint64_t c = pred_src(x, 4);
    pred_dst(x, 0, bool_combine(x->in->boolop, t, c));
    pred_dst(x, 1, bool_combine(x->in->boolop, ~t, c));
}

/* DSETP.MAX / DSETP.MIN P, Q, a, b, c: nvcc's fmax/fmin of doubles is
 * this, then FSEL/SEL of a's or b's words by P, and b's quiet bit
 * (0x80000 of the high word) set when Q: so P says the result is a (a not
 * NaN, and b NaN or a beyond b, +0 above -0) and Q that both are NaN (the
 * result NaN is then b, quieted: the PTX ISA's max.f64 gives NaN only when
 * both operands are) */
static int dminmax_takes_a(double a, double b, int want_min)
{
    if (isnan(a)) return 0;
    if (isnan(b)) return 1;
    if (a == b) return (signbit(a) != 0) == want_min;
    return (a < b) == want_min;
}

static void dsetp_minmax(isa_xctx *x, int want_min)
{
    isa_src a, b;
    src_at(x, 2, &a); src_at(x, 3, &b);
    uint64_t t = 0, nan2 = 0;
    FOR_LANES(x, l) {
        double va = get_f64(&a, l), vb = get_f64(&b, l);
        if (dminmax_takes_a(va, vb, want_min)) t |= 1ull << l;
        if (isnan(va) && isnan(vb)) nan2 |= 1ull << l;
    }
    uint64_t c = pred_src(x, 4);
    pred_dst(x, 0, bool_combine(x->in->boolop, t, c));
    pred_dst(x, 1, bool_combine(x->in->boolop, nan2, c));
}

SEM(DSETP_MAX) { dsetp_minmax(x, 0); }
SEM(DSETP_MIN) { dsetp_minmax(x, 1); }

/* DMNMX d, a, b, p: p ? fmin : fmax, as DSETP.MAX's selection (both NaN:
 * b, quieted) */
SEM(DMNMX)
{
    isa_src a, b;
    src_at(x, 1, &a); src_at(x, 2, &b);
    uint64_t want_min = pred_src(x, 3);
    FOR_LANES(x, l) {
        double va = get_f64(&a, l), vb = get_f64(&b, l);
        int take_a = dminmax_takes_a(va, vb, (int)(want_min >> l & 1));
        uint64_t r;
        memcpy(&r, take_a ? &va : &vb, 8);
        if (isnan(va) && isnan(vb)) r |= 1ull << 51;
        put_u64(x, 0, l, r);
    }
}

/* FRND.F64: to an integer in FP64; a NaN keeps its payload, quieted */
SEM(FRND_F64)
{
    isa_src a;
    src_at(x, 1, &a);
    FOR_LANES(x, l) {
        double v = get_f64(&a, l);
        if (isnan(v)) { uint64_t u; memcpy(&u, &v, 8); put_u64(x, 0, l, u | 1ull << 51); continue; }
        v = INSN_HAS(x->in, TRUNC) ? trunc(v) : INSN_HAS(x->in, FLOOR) ? floor(v) : INSN_HAS(x->in, CEIL) ? ceil(v)
          : v - floor(v) == 0.5 ? 2 * round(v / 2) : round(v);
        put_f64(x, 0, l, v);
    }
}

/* ---- conversions: read the source as a double or an integer ---- */
static int is_half(int type) { return type == MOD_TYPE_F16 || type == MOD_TYPE_BF16; }

/* a float source of the type; a half is the register's low half, or its
 * high one with the selector .H1 (F2I.F16.TRUNC R21, R5.H1) */
static double read_float(const isa_src *s, int type, int lane, int half)
{
    if (is_half(type)) {
        uint32_t v = get_u32(s, lane);
        uint16_t h = half == HALF_H1 || half == HALF_H1_H1 ? (uint16_t)(v >> 16) : (uint16_t)v;
        return isa_half_value(h, type == MOD_TYPE_BF16);
    }
    return type == MOD_TYPE_F64 ? get_f64(s, lane) : (double)get_f32(s, lane);
}

static int64_t read_int(const isa_src *s, int type, int byte, int lane, uint64_t *as_unsigned)
{
    uint64_t v = isa_type_regs(type) > 1 ? get_u64(s, lane) : get_u32(s, lane);
    v >>= 8 * byte;   /* I2F.S8 R0, R2.B1: byte 1 of R2 */
    /* I2F.S8, I2F.U16 ((float)(signed char)a): the register's low byte or
     * halfword, extended by its type */
    switch (type) {
    case MOD_TYPE_S32: v = (uint64_t)(int64_t)(int32_t)v; break;
    case MOD_TYPE_S16: v = (uint64_t)(int64_t)(int16_t)v; break;
    case MOD_TYPE_U16: v = (uint16_t)v; break;
    case MOD_TYPE_S8: v = (uint64_t)(int64_t)(int8_t)v; break;
    case MOD_TYPE_U8: v = (uint8_t)v; break;
    default: break;
    }
    *as_unsigned = v;
    return (int64_t)v;
}

/* rnd: the instruction's rounding (-1 nearest); a half goes to the low
 * half of the register, the high one zero */
static void write_float(const isa_xctx *x, int type, int lane, double v, int rnd)
{
    if (is_half(type)) put_u32(x, 0, lane, isa_half_round(v, type == MOD_TYPE_BF16, rnd));
    else if (type == MOD_TYPE_F64) put_f64(x, 0, lane, v);
    else put_f32(x, 0, lane, (float)v);
}

/* the integer |v| (negative when neg) rounded to a float of p significant
 * bits in direction rnd (-1: nearest even), exactly: a 64-bit source
 * converted through a double would be rounded twice (__ll2float_rn,
 * __ull2double_rz: I2F.F32.S64, I2F.F64.U64.RZ) */
static double round_int(uint64_t v, int neg, int p, int rnd)
{
    int len = 64 - (v ? __builtin_clzll(v) : 64), sh = len > p ? len - p : 0;
    uint64_t q = v >> sh, rem = sh ? v & ((1ull << sh) - 1) : 0, half = sh ? 1ull << (sh - 1) : 0;
    int up = rnd < 0 ? rem > half || (rem == half && rem && (q & 1))
           : rnd == FE_UPWARD ? rem && !neg : rnd == FE_DOWNWARD ? rem && neg : 0;
    double m = ldexp((double)(q + (uint64_t)up), sh);
    return neg ? -m : m;
}

SEM(I2F)
{
    isa_src a;
    src_at(x, 1, &a);
    int dt = isa_insn_type(x->in), st = isa_insn_type2(x->in);
    int sign = isa_type_is_signed(st), rnd = rounding(x->in);
    FOR_LANES(x, l) {
        uint64_t u;
        int64_t s = read_int(&a, st, x->in->o[1].byte, l, &u);
        int neg = sign && s < 0;
        int bits = dt == MOD_TYPE_F64 ? 53 : dt == MOD_TYPE_F16 ? 11 : dt == MOD_TYPE_BF16 ? 8 : 24;
        double v = round_int(neg ? 0 - u : u, neg, bits, rnd);
        write_float(x, dt, l, v, rnd);   /* exact: v has at most 24 significant bits for F32 */
    }
}

SEM(F2I)
{
    isa_src a;
    src_at(x, 1, &a);
    int dt = isa_insn_type(x->in), st = isa_insn_type2(x->in);
    int wide = isa_type_regs(dt) > 1, sign = isa_type_is_signed(dt);
    double lo = sign ? (wide ? -9223372036854775808.0 : -2147483648.0) : 0.0;
    double hi = sign ? (wide ? 9223372036854775807.0 : 2147483647.0) : (wide ? 18446744073709551615.0 : 4294967295.0);
    /* nvcc's F2I rounds to nearest even unless .TRUNC .FLOOR .CEIL; our
     * assembly's F2I truncates (as C's cast) */
    int mode = INSN_HAS(x->in, TRUNC) ? 0 : INSN_HAS(x->in, FLOOR) ? 1 : INSN_HAS(x->in, CEIL) ? 2 : x->k->sass_arch ? 3 : 0;
    FOR_LANES(x, l) {
        double v = read_float(&a, st, l, x->in->o[1].half);
        if (INSN_HAS(x->in, FTZ) && fpclassify(v) == FP_SUBNORMAL) v = 0;
        v = mode == 0 ? trunc(v) : mode == 1 ? floor(v) : mode == 2 ? ceil(v) : nearbyint(v);
        if (isnan(v)) {
            /* a NaN converts to 0x8000000000000000 for 64-bit results, signed
             * or not; for 32-bit ones to 0 from an FP32 source, 0x80000000
             * from an FP64 one (the H100: idioms.cu, kernels f2i and d2x) */
            if (wide) put_u64(x, 0, l, 1ull << 63);
            else put_u32(x, 0, l, st == MOD_TYPE_F64 ? 0x80000000u : 0);
            continue;
        }
        if (v < lo) v = lo;
        if (v > hi) v = hi;
        uint64_t r;
        if (sign) r = v >= 9223372036854775807.0 ? (uint64_t)INT64_MAX : (uint64_t)(int64_t)v;
        else r = v >= 18446744073709551615.0 ? UINT64_MAX : (uint64_t)v;
        if (wide) put_u64(x, 0, l, r);
        else put_u32(x, 0, l, (uint32_t)r);
    }
}

SEM(F2F)
{
    isa_src a;
    src_at(x, 1, &a);
    int dt = isa_insn_type(x->in), st = isa_insn_type2(x->in), rnd = rounding(x->in);
    /* F2F.F32.F64.RZ (__double2float_rz) rounds in its own direction; a
     * NaN keeps its sign and the top of its payload, as the host's
     * conversion does (0x7ff8000000000000 <-> 0x7fc00000 on the H100) */
    if (rnd >= 0 && !is_half(dt)) fesetround(rnd);
    FOR_LANES(x, l) {
        volatile double v = read_float(&a, st, l, x->in->o[1].half);
        write_float(x, dt, l, v, rnd);
    }
    if (rnd >= 0 && !is_half(dt)) fesetround(FE_TONEAREST);
}

/* ---- nvcc's forms ---- */
SEM(FSEL)
{
    isa_src a, b;
    src_at(x, 1, &a); src_at(x, 2, &b);
    uint64_t p = pred_src(x, 3);
    FOR_LANES(x, l) put_f32(x, 0, l, (p >> l & 1) ? get_f32(&a, l) : get_f32(&b, l));
}

/* FCHK P, a, b: P is set when a / b by the reciprocal sequence could be
 * inaccurate, and nvcc's code then calls its exact slow path: b zero,
 * subnormal, infinite or NaN; a infinite, NaN or subnormal; or exponents so
 * far apart that the quotient or the reciprocal leaves the normal range. */
SEM(FCHK)
{
    isa_src a, b;
    src_at(x, 1, &a); src_at(x, 2, &b);
    uint64_t t = 0;
    FOR_LANES(x, l) {
        float va = get_f32(&a, l), vb = get_f32(&b, l);
        int ea, eb;
        frexpf(va, &ea); frexpf(vb, &eb);
        /* a zero dividend too: the H100 takes the slow path for it, which
         * keeps -0 / b = -0 (the reciprocal sequence gives +0 there:
         * idioms.cu, kernel fexact, -0 / 394460.031) */
        int bad = !isnormal(vb) || !isfinite(va) || fpclassify(va) == FP_SUBNORMAL || va == 0.0f
                  || (va != 0.0f && (ea - eb > 126 || ea - eb < -125)) || eb > 126 || eb < -125;
        if (bad) t |= 1ull << l;
    }
    pred_dst(x, 0, t);
}

SEM(FRND)
{
    isa_src a;
    src_at(x, 1, &a);
    FOR_LANES(x, l) {
        float v = get_f32(&a, l);
        if (INSN_HAS(x->in, FTZ)) v = ftz(v);
        v = INSN_HAS(x->in, TRUNC) ? truncf(v) : INSN_HAS(x->in, FLOOR) ? floorf(v) : INSN_HAS(x->in, CEIL) ? ceilf(v) : nearbyintf(v);
        put_f32(x, 0, l, canon(v));
    }
}

/* I2FP.F32.S32 (sm_90): I2F on the integer pipe */
SEM(I2FP) { sem_I2F(x); }
