/* isa/sem_warp.c — lane exchange (SHFL), votes, special registers. */
#include "exec_internal.h"

SEM(SHFL)
{
    isa_src a, b;
    src_at(x, 1, &a); src_at(x, 2, &b);
    int ws = x->w->warp_size;
    uint32_t value[ISA_MAX_LANES];
    /* read every source first: the destination may be the source */
    for (int l = 0; l < ws; l++) value[l] = get_u32(&a, l);
    FOR_LANES(x, l) {
        int64_t arg = (int64_t)get_u32(&b, l), src;
        switch (x->in->func) {
        case MOD_SHFL_IDX: src = arg % ws; break;
        case MOD_SHFL_UP: src = l - arg; break;
        case MOD_SHFL_DOWN: src = l + arg; break;
        default: src = l ^ arg; break;
        }
        if (src < 0 || src >= ws) src = l;
        put_u32(x, 0, l, value[src]);
    }
}

SEM(VOTE_ALL)
{
    uint64_t p = pred_src(x, 1) & x->mask;
    pred_dst(x, 0, p == x->mask ? ~0ull : 0);
}

SEM(VOTE_ANY)
{
    uint64_t p = pred_src(x, 1) & x->mask;
    pred_dst(x, 0, p ? ~0ull : 0);
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
        else if (sr == SR_LANEMASK_LT) v = (uint32_t)((1ull << l) - 1);
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
