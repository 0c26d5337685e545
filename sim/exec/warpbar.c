/* sim/exec/warpbar.c — a block's barriers and its warps' exits, for both
 * modes: warps arrive at BAR.SYNC (or, under independent thread
 * scheduling, their paths one by one) at one of the block's 16 barriers
 * (PTX ISA bar.sync a, b); a barrier completes when every live warp is
 * there, or, for one named with a thread count, when that many threads
 * have arrived (each warp counts as its warp-size threads), and frees the
 * warps waiting at it alone. Threads that exited are waited for or not as
 * simt.exited_at_barrier says, and a barrier some threads can never reach
 * is reported. */
#include "warpexec.h"
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

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

static int complete(const xrun *r, const xblock *b, const xbarrier *x)
{
    if (!x->arrived) return 0;
    if (x->named) return (uint64_t)x->arrived * (uint64_t)r->ws >= x->need;
    return x->arrived >= b->live_warps;
}

/* barrier id has its threads: the warps waiting there go on, with
 * BAR.RED's result; the barrier starts its next round */
static void release_if_complete(xsm *c, xblock *b, int id)
{
    xrun *r = c->r;
    xbarrier *x = &b->bar[id];
    if (!complete(r, b, x)) return;
    int all = x->red_count == x->red_total, any = x->red_count > 0;
    uint64_t freed = 0;
    for (int i = 0; i < b->nwarps; i++) {
        xwarp *w = &r->warps[b->first_warp + i];
        if (!w->at_barrier || w->bar_id != id) continue;
        if (x->red_op) {   /* BAR.RED's result, for B2R.RESULT */
            w->regs.bar_count = x->red_count;
            w->regs.bar_pred = (uint8_t)(x->red_op == MOD_BRED_AND ? all : x->red_op == MOD_BRED_OR ? any : 0);
        }
        w->at_barrier = r->peek[b->first_warp + i].at_barrier = 0;
        freed |= i < 64 ? 1ull << i : ~0ull;
    }
    memset(x, 0, sizeof *x);
    b->bar_busy &= ~(1u << id);
    b->released_warps = freed;
    b->released++;
    c->local_epoch++;
}

void xbar_describe(const xrun *r, const xwarp *w, char *buf, size_t len)
{
    const xblock *b = &r->blocks[w->block];
    const xbarrier *x = &b->bar[w->bar_id];
    if (x->named)
        snprintf(buf, len, "at barrier %d (%d of its %u threads arrived, counting a warp's %d)", w->bar_id,
                 x->arrived * r->ws, x->need, r->ws);
    else
        snprintf(buf, len, "at barrier %d (%d of the block's %d live warps arrived)", w->bar_id, x->arrived, b->live_warps);
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

int xbar_arrive(xsm *c, xwarp *w, xblock *b, int pc, const isa_result *res)
{
    int id = res->bar_id;
    xbarrier *x = &b->bar[id];
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
    if (x->arrived && (x->named != (res->bar_threads != 0) || x->need != res->bar_threads)) {
        char why[200];
        snprintf(why, sizeof why, "barrier %d is named here with %s%u threads, by the warps before with %s%u (PTX ISA "
                 "bar.sync a, b: every thread of a barrier's round names the same count)", id,
                 res->bar_threads ? "" : "the block's ", res->bar_threads ? res->bar_threads : (uint32_t)c->r->threads_per_block,
                 x->named ? "" : "the block's ", x->named ? x->need : (uint32_t)c->r->threads_per_block);
        return barrier_fault(c, w, why, pc);
    }
    if (res->bar_threads && res->bar_threads > (uint32_t)(b->nwarps * c->r->ws)) {
        char why[200];
        snprintf(why, sizeof why, "barrier %d waits for %u threads, more than the block's %d (warps of %d)", id,
                 res->bar_threads, c->r->threads_per_block, c->r->ws);
        return barrier_fault(c, w, why, pc);
    }
    if (!res->bar_threads && b->exited_warps && !c->r->release_exited)
        return barrier_fault(c, w, "other warps of the block have already exited (simt.exited_at_barrier = fault)", pc);
    x->named = res->bar_threads != 0;
    x->need = res->bar_threads;
    if (!res->bar_arrive) {
        w->at_barrier = c->r->peek[w - c->r->warps].at_barrier = 1;
        w->bar_id = id;
    }
    if (res->bar_red) x->red_op = res->bar_red;
    x->red_count += (uint32_t)__builtin_popcountll(w->red_true);
    x->red_total += (uint32_t)__builtin_popcountll(w->red_seen);
    w->red_true = w->red_seen = 0;
    x->arrived++;
    b->bar_busy |= 1u << id;
    if (!passed) stack_advance(&w->stack, pc + 1);
    release_if_complete(c, b, id);
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
    /* barriers of the whole block wait for fewer warps now, or can never
     * complete (those with a thread count wait on: the deadlock detector
     * reports them) */
    for (int id = 0; id < ISA_BARRIERS && r->release_exited; id++)
        if (b->bar_busy >> id & 1 && !b->bar[id].named) release_if_complete(c, b, id);
    if (!r->release_exited && b->bar_busy) {
        for (int i = 0; i < b->nwarps; i++) {
            xwarp *o = &r->warps[b->first_warp + i];
            if (o->at_barrier && !b->bar[o->bar_id].named) {
                char why[160];
                snprintf(why, sizeof why, "warp %d exited while this warp waits at the barrier", w->index);
                return barrier_fault(c, o, why, o->stack.depth ? stack_top(&o->stack)->pc - 1 : pc);
            }
        }
    }
    return 0;
}

