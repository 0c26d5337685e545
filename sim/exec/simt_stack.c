/* sim/exec/simt_stack.c — immediate-post-dominator reconvergence stack. */
#include "simt_stack.h"

void stack_init(simt_stack *s, int32_t pc, uint64_t mask)
{
    s->depth = 0;
    if (!mask) return;
    s->e[0] = (stack_entry){ pc, -1, mask };
    s->depth = 1;
}

/* pop entries that reached their reconvergence point or have no lanes */
static void settle(simt_stack *s)
{
    while (s->depth > 0) {
        const stack_entry *t = &s->e[s->depth - 1];
        if (t->mask && t->pc != t->rpc) break;
        s->depth--;
    }
}

void stack_advance(simt_stack *s, int32_t next_pc)
{
    s->e[s->depth - 1].pc = next_pc;
    settle(s);
}

int stack_branch(simt_stack *s, uint64_t taken, int32_t target, int32_t fallthrough,
                 int32_t rpc, stack_order order)
{
    stack_entry *t = &s->e[s->depth - 1];
    uint64_t not_taken = t->mask & ~taken;
    taken &= t->mask;
    if (!not_taken || !taken) {
        t->pc = taken ? target : fallthrough;
        settle(s);
        return 0;
    }
    if (s->depth + 2 > STACK_MAX_DEPTH) return -1;
    int sync = rpc >= 0 && (rpc & STACK_SYNC);
    int32_t at = sync ? rpc & ~STACK_SYNC : rpc;
    stack_entry first = { target, rpc, taken }, second = { fallthrough, rpc, not_taken };
    if (order == STACK_FALLTHROUGH_FIRST || (sync && second.pc == at)) {
        /* (a path already at the barrier goes first: it issues the BSYNC) */
        stack_entry tmp = first; first = second; second = tmp;
    }
    if (sync && t->rpc == rpc) {
        /* a path bound for the same barrier splits: the two take its place */
        *t = second;
        s->e[s->depth++] = first;
        return 1;
    }
    /* the top becomes the reconvergence entry; paths already at rpc wait
     * there (a path to a barrier's BSYNC is pushed: it issues the BSYNC) */
    t->pc = at;
    /* push the path that runs second first, so that the other is on top */
    if (sync || second.pc != rpc) s->e[s->depth++] = second;
    if (sync || first.pc != rpc) s->e[s->depth++] = first;
    settle(s);
    return 1;
}

int stack_sync(simt_stack *s, int32_t pc)
{
    stack_entry *t = &s->e[s->depth - 1];
    if (t->rpc != (pc | STACK_SYNC) || t->pc != pc) {
        stack_advance(s, pc + 1);
        return 0;
    }
    s->depth--;
    if (s->depth == 0) return 1;
    t = &s->e[s->depth - 1];
    /* the reconvergence entry, every path arrived: on past the BSYNC (a
     * sibling still to run or to arrive has the same rpc) */
    if (t->pc == pc && t->rpc != (pc | STACK_SYNC)) stack_advance(s, pc + 1);
    else settle(s);
    return 1;
}

void stack_exit(simt_stack *s, uint64_t lanes, int32_t next_pc)
{
    for (int i = 0; i < s->depth; i++) s->e[i].mask &= ~lanes;
    if (s->depth > 0 && s->e[s->depth - 1].mask) s->e[s->depth - 1].pc = next_pc;
    settle(s);
    /* an entry below may have lost all its lanes too */
    while (s->depth > 0 && !s->e[s->depth - 1].mask) s->depth--;
}

int stack_yield(simt_stack *s)
{
    if (s->depth < 2) return 0;
    stack_entry *top = &s->e[s->depth - 1], *below = &s->e[s->depth - 2];
    int32_t at = stack_rpc(top);
    if (below->rpc == top->rpc && (below->pc != at || (top->rpc >= 0 && (top->rpc & STACK_SYNC)))) {
        /* a sibling path of the same divergence: interleave */
        stack_entry tmp = *top; *top = *below; *below = tmp;
        return 1;
    }
    if (below->pc != at) return 0;
    uint64_t arrived = below->mask & ~top->mask;
    if (!arrived) return 0;
    /* the lanes at the barrier go on without the yielding path; both now
     * reconverge where the barrier's own entry would have (lanes that
     * issued their BSYNC go on past it) */
    int32_t next = top->rpc >= 0 && (top->rpc & STACK_SYNC) ? at + 1 : below->pc;
    stack_entry spinner = { top->pc, below->rpc, top->mask }, released = { next, below->rpc, arrived };
    *below = spinner;
    *top = released;
    return 1;
}

void stack_pass_barrier(simt_stack *s, int32_t pc)
{
    for (int i = 0; i < s->depth; i++)
        if (s->e[i].pc == pc) s->e[i].pc = pc + 1;
    int n = 0;
    for (int i = 0; i < s->depth; i++) {
        if (n && s->e[n - 1].pc == s->e[i].pc && s->e[n - 1].rpc == s->e[i].rpc) { s->e[n - 1].mask |= s->e[i].mask; continue; }
        s->e[n++] = s->e[i];
    }
    s->depth = n;
}

int stack_merge_top(simt_stack *s)
{
    if (s->depth < 2) return 0;
    stack_entry *top = &s->e[s->depth - 1], *below = &s->e[s->depth - 2];
    if (top->pc != below->pc || top->rpc != below->rpc) return 0;
    below->mask |= top->mask;
    s->depth--;
    return 1;
}
