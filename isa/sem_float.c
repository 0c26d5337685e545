/* isa/sem_float.c — FP32, FP64, special functions and conversions. */
#include "exec_internal.h"
#include <math.h>

SEM(FADD)
{
    isa_src a, b;
    src_at(x, 1, &a); src_at(x, 2, &b);
    FOR_LANES(x, l) put_f32(x, 0, l, get_f32(&a, l) + get_f32(&b, l));
}

SEM(FMUL)
{
    isa_src a, b;
    src_at(x, 1, &a); src_at(x, 2, &b);
    FOR_LANES(x, l) put_f32(x, 0, l, get_f32(&a, l) * get_f32(&b, l));
}

SEM(FFMA)
{
    isa_src a, b, c;
    src_at(x, 1, &a); src_at(x, 2, &b); src_at(x, 3, &c);
    FOR_LANES(x, l) put_f32(x, 0, l, fmaf(get_f32(&a, l), get_f32(&b, l), get_f32(&c, l)));
}

SEM(FSETP)
{
    isa_src a, b;
    src_at(x, 2, &a); src_at(x, 3, &b);
    uint64_t t = 0;
    FOR_LANES(x, l)
        if (cmp_f64(x->in->cmp, get_f32(&a, l), get_f32(&b, l))) t |= 1ull << l;
    uint64_t c = pred_src(x, 4);
    pred_dst(x, 0, bool_combine(x->in->boolop, t, c));
    pred_dst(x, 1, bool_combine(x->in->boolop, ~t, c));
}

SEM(FMNMX)
{
    isa_src a, b;
    src_at(x, 1, &a); src_at(x, 2, &b);
    uint64_t want_min = pred_src(x, 3);
    FOR_LANES(x, l) {
        float va = get_f32(&a, l), vb = get_f32(&b, l);
        put_f32(x, 0, l, (want_min >> l & 1) ? fminf(va, vb) : fmaxf(va, vb));
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
        default: r = log2f(v); break;
        }
        put_f32(x, 0, l, r);
    }
}

SEM(DADD)
{
    isa_src a, b;
    src_at(x, 1, &a); src_at(x, 2, &b);
    FOR_LANES(x, l) put_f64(x, 0, l, get_f64(&a, l) + get_f64(&b, l));
}

SEM(DMUL)
{
    isa_src a, b;
    src_at(x, 1, &a); src_at(x, 2, &b);
    FOR_LANES(x, l) put_f64(x, 0, l, get_f64(&a, l) * get_f64(&b, l));
}

SEM(DFMA)
{
    isa_src a, b, c;
    src_at(x, 1, &a); src_at(x, 2, &b); src_at(x, 3, &c);
    FOR_LANES(x, l) put_f64(x, 0, l, fma(get_f64(&a, l), get_f64(&b, l), get_f64(&c, l)));
}

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

/* ---- conversions: read the source as a double or an integer ---- */
static double read_float(const isa_src *s, int type, int lane)
{
    return type == MOD_TYPE_F64 ? get_f64(s, lane) : (double)get_f32(s, lane);
}

static int64_t read_int(const isa_src *s, int type, int lane, uint64_t *as_unsigned)
{
    uint64_t v = isa_type_regs(type) > 1 ? get_u64(s, lane) : get_u32(s, lane);
    if (type == MOD_TYPE_S32) v = (uint64_t)(int64_t)(int32_t)v;
    *as_unsigned = v;
    return (int64_t)v;
}

static void write_float(const isa_xctx *x, int type, int lane, double v)
{
    if (type == MOD_TYPE_F64) put_f64(x, 0, lane, v);
    else put_f32(x, 0, lane, (float)v);
}

SEM(I2F)
{
    isa_src a;
    src_at(x, 1, &a);
    int dt = isa_insn_type(x->in), st = isa_insn_type2(x->in);
    int sign = isa_type_is_signed(st);
    FOR_LANES(x, l) {
        uint64_t u;
        int64_t s = read_int(&a, st, l, &u);
        write_float(x, dt, l, sign ? (double)s : (double)u);
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
    FOR_LANES(x, l) {
        double v = trunc(read_float(&a, st, l));
        if (isnan(v)) v = 0;
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
    int dt = isa_insn_type(x->in), st = isa_insn_type2(x->in);
    FOR_LANES(x, l) write_float(x, dt, l, read_float(&a, st, l));
}
