/* isa/sem_warp.c — lane exchange (SHFL), votes, special registers. */
#include "exec_internal.h"

/* SHFL [P,] d, a, b [, c]: nvcc's c packs the clamp (low 5 bits) and the
 * segment mask (bits 8-12); the sub-warp forms (width < 32) use it. P tells
 * whether the source lane was in range. */
SEM(SHFL)
{
    isa_src a, b, cc;
    src_at(x, 2, &a); src_at(x, 3, &b);
    int has_c = x->in->o[4].kind != OPK_NONE;
    if (has_c) src_at(x, 4, &cc);
    int ws = x->w->warp_size;
    uint32_t value[ISA_MAX_LANES];
    /* read every source first: the destination may be the source */
    for (int l = 0; l < ws; l++) value[l] = get_u32(&a, l);
    uint64_t in_range = 0;
    FOR_LANES(x, l) {
        int64_t arg = (int64_t)get_u32(&b, l), src;
        if (!has_c) {
            switch (x->in->func) {
            case MOD_SHFL_IDX: src = arg % ws; break;
            case MOD_SHFL_UP: src = l - arg; break;
            case MOD_SHFL_DOWN: src = l + arg; break;
            default: src = l ^ arg; break;
            }
            if (src < 0 || src >= ws) src = l;
            put_u32(x, 1, l, value[src]);
            continue;
        }
        /* PTX shfl.sync: segment mask (c >> 8), clamp c & 0x1f (the
         * highest lane of a segment, or the lowest for .UP) */
        uint32_t c = get_u32(&cc, l), segmask = (c >> 8) & 0x1f, clamp = c & 0x1f;
        int64_t minl = l & segmask, maxl = minl | (clamp & ~segmask);
        int ok;
        switch (x->in->func) {
        case MOD_SHFL_IDX: src = minl | (arg & 0x1f & ~segmask); ok = src <= maxl; break;
        case MOD_SHFL_UP: src = l - arg; ok = src >= maxl; break;
        case MOD_SHFL_DOWN: src = l + arg; ok = src <= maxl; break;
        default: src = l ^ arg; ok = src <= maxl; break;
        }
        if (!ok || src < 0 || src >= ws) src = l;
        else in_range |= 1ull << l;
        put_u32(x, 1, l, value[src]);
    }
    if (x->in->o[0].kind == OPK_PRED) pred_dst(x, 0, in_range);
}

/* VOTE.ALL / .ANY [R,] P, p: R = the ballot (nvcc's form) */
SEM(VOTE_ALL)
{
    uint64_t p = pred_src(x, 2) & x->mask;
    if (x->in->o[0].kind == OPK_REG) FOR_LANES(x, l) put_u32(x, 0, l, (uint32_t)p);
    pred_dst(x, 1, p == x->mask ? ~0ull : 0);
}

SEM(VOTE_ANY)
{
    uint64_t p = pred_src(x, 2) & x->mask;
    if (x->in->o[0].kind == OPK_REG) FOR_LANES(x, l) put_u32(x, 0, l, (uint32_t)p);
    pred_dst(x, 1, p ? ~0ull : 0);
}

/* REDUX[.op] UR, a: a reduced over the executing lanes into a uniform
 * register (PTX ISA redux.sync: .add, .min/.max .u32/.s32, .and/.or/.xor) */
static uint32_t redux_step(int func, int sign, uint32_t acc, uint32_t v)
{
    switch (func) {
    case MOD_ATOM_SUM: case MOD_ATOM_ADD: return acc + v;
    case MOD_ATOM_MIN: return sign ? ((int32_t)v < (int32_t)acc ? v : acc) : (v < acc ? v : acc);
    case MOD_ATOM_MAX: return sign ? ((int32_t)v > (int32_t)acc ? v : acc) : (v > acc ? v : acc);
    case MOD_ATOM_OR: return acc | v;
    case MOD_ATOM_XOR: return acc ^ v;
    default: return acc & v;
    }
}

SEM(REDUX)
{
    isa_src a;
    src_at(x, 1, &a);
    int sign = isa_type_is_signed(isa_insn_type(x->in));
    int first = __builtin_ctzll(x->mask);
    uint32_t acc = get_u32(&a, first);
    FOR_LANES(x, l) if (l != first) acc = redux_step(x->in->func, sign, acc, get_u32(&a, l));
    ureg_dst(x, 0, acc);
}

/* MATCH.ANY d, a / MATCH.ALL [P,] d, a: lanes holding the same value (PTX
 * ISA match.sync; .U64 compares register pairs) */
static uint64_t match_value(const isa_xctx *x, const isa_src *a, int lane)
{
    return isa_type_bytes(isa_insn_type(x->in)) == 8 ? get_u64(a, lane) : get_u32(a, lane);
}

SEM(MATCH_ANY)
{
    isa_src a;
    src_at(x, 1, &a);
    uint64_t same[ISA_MAX_LANES];
    FOR_LANES(x, l) {
        same[l] = 0;
        uint64_t v = match_value(x, &a, l);
        for (uint64_t m = x->mask; m; m &= m - 1)
            if (match_value(x, &a, __builtin_ctzll(m)) == v) same[l] |= m & -m;
    }
    FOR_LANES(x, l) put_u32(x, 0, l, (uint32_t)same[l]);
}

SEM(MATCH_ALL)
{
    isa_src a;
    src_at(x, 2, &a);
    uint64_t v = match_value(x, &a, __builtin_ctzll(x->mask));
    int all = 1;
    FOR_LANES(x, l) all &= match_value(x, &a, l) == v;
    FOR_LANES(x, l) put_u32(x, 1, l, all ? (uint32_t)x->mask : 0);
    if (x->in->o[0].kind == OPK_PRED) pred_dst(x, 0, all ? ~0ull : 0);
}

SEM(VOTE_BALLOT)
{
    uint64_t p = pred_src(x, 1) & x->mask;
    FOR_LANES(x, l) put_u64(x, 0, l, p);
}

SEM(S2R)
{
    isa_sreg sr = (isa_sreg)x->in->o[1].imm;
    uint64_t clock = 0;
    if (sr == SR_CLOCKLO || sr == SR_CLOCKHI) clock = x->env->clock(x->env->ctx);
    FOR_LANES(x, l) {
        uint32_t v;
        if (sr == SR_CLOCKLO) v = (uint32_t)clock;
        else if (sr == SR_CLOCKHI) v = (uint32_t)(clock >> 32);
        else if (sr == SR_LANEID) v = (uint32_t)l;
        else if (sr == SR_LANEMASK_LT || sr == SR_LTMASK) v = (uint32_t)((1ull << l) - 1);
        else if (sr == SR_LANEMASK_EQ) v = (uint32_t)(1ull << l);
        else if (sr == SR_LEMASK) v = (uint32_t)((2ull << l) - 1);
        else if (sr == SR_GTMASK) v = (uint32_t)~((2ull << l) - 1);
        else if (sr == SR_GEMASK) v = (uint32_t)~((1ull << l) - 1);
        else if (sr == SR_GLOBALTIMERLO) v = (uint32_t)x->env->clock(x->env->ctx);
        else if (sr == SR_GLOBALTIMERHI) v = (uint32_t)(x->env->clock(x->env->ctx) >> 32);
        else v = x->env->sreg(x->env->ctx, sr, l);
        put_u32(x, 0, l, v);
    }
}

SEM(CS2R)
{
    isa_sreg sr = (isa_sreg)x->in->o[1].imm;
    if (sr == SR_CLOCKLO || sr == SR_CLOCKHI) {
        uint64_t clock = x->env->clock(x->env->ctx);
        FOR_LANES(x, l) put_u64(x, 0, l, sr == SR_CLOCKLO ? clock : clock >> 32);
        return;
    }
    FOR_LANES(x, l) put_u64(x, 0, l, sr == SR_LANEID ? (uint64_t)l : x->env->sreg(x->env->ctx, sr, l));
}
