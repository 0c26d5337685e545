/* isa/sem_int.c — integer, uniform and control semantics. */
#include "exec_internal.h"

SEM(IADD3)
{
    isa_src a, b, c;
    src_at(x, 1, &a); src_at(x, 2, &b); src_at(x, 3, &c);
    FOR_LANES(x, l) put_u32(x, 0, l, get_u32(&a, l) + get_u32(&b, l) + get_u32(&c, l));
}

SEM(IMAD)
{
    isa_src a, b, c;
    src_at(x, 1, &a); src_at(x, 2, &b); src_at(x, 3, &c);
    FOR_LANES(x, l) put_u32(x, 0, l, get_u32(&a, l) * get_u32(&b, l) + get_u32(&c, l));
}

SEM(IMAD_WIDE)
{
    isa_src a, b, c;
    src_at(x, 1, &a); src_at(x, 2, &b); src_at(x, 3, &c);
    int sign = isa_type_is_signed(isa_insn_type(x->in));
    FOR_LANES(x, l) {
        uint32_t va = get_u32(&a, l), vb = get_u32(&b, l);
        uint64_t p = sign ? (uint64_t)((int64_t)(int32_t)va * (int64_t)(int32_t)vb)
                          : (uint64_t)va * vb;
        put_u64(x, 0, l, p + get_u64(&c, l));
    }
}

SEM(IMUL)
{
    isa_src a, b;
    src_at(x, 1, &a); src_at(x, 2, &b);
    int sign = isa_type_is_signed(isa_insn_type(x->in)), hi = x->in->hi != 0;
    FOR_LANES(x, l) {
        uint32_t va = get_u32(&a, l), vb = get_u32(&b, l);
        uint64_t p = sign ? (uint64_t)((int64_t)(int32_t)va * (int64_t)(int32_t)vb) : (uint64_t)va * vb;
        put_u32(x, 0, l, hi ? (uint32_t)(p >> 32) : (uint32_t)p);
    }
}

SEM(IMUL24)
{
    isa_src a, b;
    src_at(x, 1, &a); src_at(x, 2, &b);
    int sign = isa_type_is_signed(isa_insn_type(x->in));
    FOR_LANES(x, l) {
        uint32_t va = get_u32(&a, l) & 0xffffff, vb = get_u32(&b, l) & 0xffffff;
        if (sign) {
            int32_t sa = (int32_t)(va << 8) >> 8, sb = (int32_t)(vb << 8) >> 8;
            put_u32(x, 0, l, (uint32_t)((int64_t)sa * sb));
        } else {
            put_u32(x, 0, l, va * vb);
        }
    }
}

static int64_t as_int(uint32_t v, int sign) { return sign ? (int64_t)(int32_t)v : (int64_t)v; }

SEM(ISETP)
{
    isa_src a, b;
    src_at(x, 2, &a); src_at(x, 3, &b);
    int sign = isa_type_is_signed(isa_insn_type(x->in));
    uint64_t t = 0;
    FOR_LANES(x, l)
        if (cmp_i64(x->in->cmp, as_int(get_u32(&a, l), sign), as_int(get_u32(&b, l), sign))) t |= 1ull << l;
    uint64_t c = pred_src(x, 4);
    pred_dst(x, 0, bool_combine(x->in->boolop, t, c));
    pred_dst(x, 1, bool_combine(x->in->boolop, ~t, c));
}

SEM(IMNMX)
{
    isa_src a, b;
    src_at(x, 1, &a); src_at(x, 2, &b);
    int sign = isa_type_is_signed(isa_insn_type(x->in));
    uint64_t want_min = pred_src(x, 3);
    FOR_LANES(x, l) {
        int64_t va = as_int(get_u32(&a, l), sign), vb = as_int(get_u32(&b, l), sign);
        int64_t r = (want_min >> l & 1) ? (va < vb ? va : vb) : (va > vb ? va : vb);
        put_u32(x, 0, l, (uint32_t)r);
    }
}

static uint32_t lop(int func, uint32_t a, uint32_t b)
{
    switch (func) {
    case MOD_LOP_AND: return a & b;
    case MOD_LOP_OR: return a | b;
    case MOD_LOP_XOR: return a ^ b;
    default: return ~a;
    }
}

SEM(LOP)
{
    isa_src a, b;
    src_at(x, 1, &a);
    src_at(x, x->in->nops > 2 ? 2 : 1, &b);
    FOR_LANES(x, l) put_u32(x, 0, l, lop(x->in->func, get_u32(&a, l), get_u32(&b, l)));
}

SEM(SHL)
{
    isa_src a, b;
    src_at(x, 1, &a); src_at(x, 2, &b);
    FOR_LANES(x, l) {
        uint32_t s = get_u32(&b, l);
        put_u32(x, 0, l, s >= 32 ? 0 : get_u32(&a, l) << s);
    }
}

SEM(SHR)
{
    isa_src a, b;
    src_at(x, 1, &a); src_at(x, 2, &b);
    int sign = isa_type_is_signed(isa_insn_type(x->in));
    FOR_LANES(x, l) {
        uint32_t s = get_u32(&b, l), v = get_u32(&a, l);
        if (s > 31) s = 32;
        uint32_t r = sign ? (uint32_t)((int64_t)(int32_t)v >> s) : (s == 32 ? 0 : v >> s);
        put_u32(x, 0, l, r);
    }
}

SEM(POPC)
{
    isa_src a;
    src_at(x, 1, &a);
    FOR_LANES(x, l) put_u32(x, 0, l, (uint32_t)__builtin_popcount(get_u32(&a, l)));
}

SEM(FLO)
{
    isa_src a;
    src_at(x, 1, &a);
    int sign = isa_type_is_signed(isa_insn_type(x->in));
    FOR_LANES(x, l) {
        uint32_t v = get_u32(&a, l);
        if (sign && (int32_t)v < 0) v = ~v;
        put_u32(x, 0, l, v ? 31u - (uint32_t)__builtin_clz(v) : 0xffffffffu);
    }
}

SEM(BREV)
{
    isa_src a;
    src_at(x, 1, &a);
    FOR_LANES(x, l) {
        uint32_t v = get_u32(&a, l), r = 0;
        for (int i = 0; i < 32; i++) r |= ((v >> i) & 1u) << (31 - i);
        put_u32(x, 0, l, r);
    }
}

SEM(SEL)
{
    isa_src a, b;
    src_at(x, 1, &a); src_at(x, 2, &b);
    uint64_t c = pred_src(x, 3);
    FOR_LANES(x, l) put_u32(x, 0, l, (c >> l & 1) ? get_u32(&a, l) : get_u32(&b, l));
}

SEM(MOV)
{
    isa_src a;
    src_at(x, 1, &a);
    FOR_LANES(x, l) put_u32(x, 0, l, get_u32(&a, l));
}

SEM(IABS)
{
    isa_src a;
    src_at(x, 1, &a);
    FOR_LANES(x, l) {
        int32_t v = (int32_t)get_u32(&a, l);
        put_u32(x, 0, l, v < 0 ? 0u - (uint32_t)v : (uint32_t)v);
    }
}

SEM(LEA)
{
    isa_src a, b;
    src_at(x, 1, &a); src_at(x, 2, &b);
    uint32_t s = (uint32_t)x->in->o[3].imm & 31;
    FOR_LANES(x, l) put_u32(x, 0, l, (get_u32(&a, l) << s) + get_u32(&b, l));
}

/* ---- control ---- */
SEM(BRA) { x->res->taken_mask = x->mask; }
SEM(EXIT) { x->res->exited = 1; }
SEM(BAR_SYNC) { x->res->barrier = 1; }
SEM(MEMBAR) { (void)x; }
SEM(NOP) { (void)x; }

/* ---- uniform: one value per warp ---- */
static uint32_t uval(const isa_xctx *x, int i)
{
    isa_src s;
    src_at(x, i, &s);
    return get_u32(&s, 0);
}

SEM(UMOV) { ureg_dst(x, 0, uval(x, 1)); }
SEM(UIADD3) { ureg_dst(x, 0, uval(x, 1) + uval(x, 2) + uval(x, 3)); }
SEM(UIMAD) { ureg_dst(x, 0, uval(x, 1) * uval(x, 2) + uval(x, 3)); }
SEM(ULOP) { ureg_dst(x, 0, lop(x->in->func, uval(x, 1), uval(x, x->in->nops > 2 ? 2 : 1))); }
SEM(USEL) { ureg_dst(x, 0, upred_src(x, 3) ? uval(x, 1) : uval(x, 2)); }

SEM(UISETP)
{
    int sign = isa_type_is_signed(isa_insn_type(x->in));
    int t = cmp_i64(x->in->cmp, as_int(uval(x, 2), sign), as_int(uval(x, 3), sign));
    int c = upred_src(x, 4);
    upred_dst(x, 0, (int)bool_combine(x->in->boolop, (uint64_t)t, (uint64_t)c) & 1);
    upred_dst(x, 1, (int)bool_combine(x->in->boolop, (uint64_t)!t, (uint64_t)c) & 1);
}

SEM(ULDC)
{
    const isa_operand *d = &x->in->o[0], *c = &x->in->o[1];
    for (int i = 0; i < d->width; i++) {
        uint32_t v = 0;
        if ((uint64_t)c->imm + 4u * (uint64_t)(i + 1) <= x->env->cbank_size)
            memcpy(&v, x->env->cbank + c->imm + 4 * i, 4);
        if (d->reg != ISA_UREG_URZ) x->w->uregs[d->reg + i] = v;
    }
}

SEM(S2UR)
{
    ureg_dst(x, 0, x->env->sreg(x->env->ctx, (isa_sreg)x->in->o[1].imm, __builtin_ctzll(x->mask)));
}
