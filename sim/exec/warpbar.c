/* sim/exec/warpbar.c — a block's barriers and its warps' exits, for both
 * modes: warps arrive at BAR.SYNC (or, under independent thread
 * scheduling, their paths one by one), the block is released when every
 * live warp is there; threads that exited are waited for or not as
 * simt.exited_at_barrier says, and a barrier some threads can never reach
 * is reported. */
#include "warpexec.h"
#include <inttypes.h>
#include <stdio.h>

static int barrier_fault(xsm *c, const xwarp *w, const char *why, int pc)
{
    const xrun *r = c->r;
    char at[160], line[256];
    xrun_where(r, w, at, sizeof at);
    const isa_insn *in = &r->k->code[pc];
    diag_error(c->d, "%s, pc %d: barrier reached by part of the block: %s\n  %s:%d: %s",
               at, pc, why, r->k->file, in->line, xrun_src_text(r, in->line, line, sizeof line));
    return -1;
}

static void release_if_complete(xsm *c, xblock *b)
{
    xrun *r = c->r;
    if (b->arrived == 0 || b->arrived < b->live_warps) return;
    /* BAR.RED's result, for B2R.RESULT in every warp */
    int all = b->red_count == b->red_total, any = b->red_count > 0;
    for (int i = 0; i < b->nwarps && b->red_op; i++) {
        isa_warp_regs *g = &r->warps[b->first_warp + i].regs;
        g->bar_count = b->red_count;
        g->bar_pred = (uint8_t)(b->red_op == MOD_BRED_AND ? all : b->red_op == MOD_BRED_OR ? any : 0);
    }
    b->red_count = b->red_total = 0;
    b->red_op = 0;
    for (int i = 0; i < b->nwarps; i++) r->warps[b->first_warp + i].at_barrier = r->peek[b->first_warp + i].at_barrier = 0;
    b->arrived = 0;
    b->released++;
    c->local_epoch++;
}

/* Volta and later count a block barrier's threads, not its warps: a path of
 * a diverged warp that reaches it waits there while the warp's other paths
 * run on (PTX ISA, bar.sync: "for .target sm_70 and above, the barrier can
 * be executed by threads of a warp in divergent paths"). The path stays on
 * the barrier's pc; once every lane of the warp is there the warp arrives.
 * Returns 1 while the warp's lanes are still arriving, 0 when they all are,
 * -1 on a fault (reported). */
static int arrive_in_paths(xsm *c, xwarp *w, uint64_t expect, int pc)
{
    const stack_entry *t = stack_top(&w->stack);
    uint64_t before = w->bar_lanes;
    w->bar_lanes |= t->mask;
    if ((w->bar_lanes & expect) == expect) {
        w->bar_lanes = 0;
        stack_pass_barrier(&w->stack, pc);
        return 0;
    }
    while (stack_merge_top(&w->stack)) {}   /* paths waiting here wait as one */
    uint64_t missing = expect & ~w->bar_lanes;
    if (before == w->bar_lanes && c->since_progress >= c->r->opt->spin_threshold) {
        /* the waiting paths keep their turn and the lanes still to come
         * never run: warpsim's reconvergence stack holds them below */
        char why[300];
        snprintf(why, sizeof why, "lanes 0x%" PRIx64 " wait here while lanes 0x%" PRIx64 " of the warp cannot run on to "
                 "it (warpsim's reconvergence stack holds them under simt.model = its; simt.model = stack runs such "
                 "code when the paths reconverge before the barrier)", w->bar_lanes, missing);
        return barrier_fault(c, w, why, pc);
    }
    if (!stack_yield(&w->stack)) {
        char why[240];
        if (!(missing & w->live))
            snprintf(why, sizeof why, "lanes 0x%" PRIx64 " of this warp exited before it (simt.exited_at_barrier = fault)",
                     missing);
        else
            snprintf(why, sizeof why, "lanes 0x%" PRIx64 " of this warp's 0x%" PRIx64 " are here and no other path of "
                     "the warp can run to it", w->bar_lanes, expect);
        return barrier_fault(c, w, why, pc);
    }
    if (before != w->bar_lanes) c->local_epoch++;   /* progress, for the spin detector */
    return 1;
}

int xbar_arrive(xsm *c, xwarp *w, xblock *b, int pc)
{
    const stack_entry *t = stack_top(&w->stack);
    /* release: lanes that exited are not waited for (Volta and later) */
    uint64_t expect = c->r->release_exited ? w->live : w->regs.lanes;
    int passed = 0;
    if (t->mask != expect && c->r->its) {
        int st = arrive_in_paths(c, w, expect, pc);
        if (st) return st < 0 ? -1 : 0;
        passed = 1;
    } else if (t->mask != expect) {
        char why[200];
        snprintf(why, sizeof why, "only lanes 0x%" PRIx64 " of this warp's 0x%" PRIx64 " are here "
                 "(a barrier inside divergent code, or after some threads exited)", t->mask, w->regs.lanes);
        return barrier_fault(c, w, why, pc);
    }
    if (b->exited_warps && !c->r->release_exited)
        return barrier_fault(c, w, "other warps of the block have already exited (simt.exited_at_barrier = fault)", pc);
    w->at_barrier = c->r->peek[w - c->r->warps].at_barrier = 1;
    b->red_count += (uint32_t)__builtin_popcountll(w->red_true);
    b->red_total += (uint32_t)__builtin_popcountll(w->red_seen);
    w->red_true = w->red_seen = 0;
    b->arrived++;
    if (!passed) stack_advance(&w->stack, pc + 1);
    release_if_complete(c, b);
    return 0;
}

int xbar_exit(xsm *c, xwarp *w, xblock *b, uint64_t lanes, int pc)
{
    xrun *r = c->r;
    w->live &= ~lanes;
    stack_exit(&w->stack, lanes, pc + 1);
    c->local_epoch++;
    if (!stack_empty(&w->stack)) return 0;
    w->done = 1;
    b->live_warps--;
    b->exited_warps++;
    if (b->arrived && r->release_exited) { release_if_complete(c, b); return 0; }
    if (b->arrived) {
        for (int i = 0; i < b->nwarps; i++) {
            xwarp *o = &r->warps[b->first_warp + i];
            if (o->at_barrier) {
                char why[160];
                snprintf(why, sizeof why, "warp %d exited while this warp waits at the barrier", w->index);
                return barrier_fault(c, o, why, o->stack.depth ? stack_top(&o->stack)->pc - 1 : pc);
            }
        }
    }
    return 0;
}

