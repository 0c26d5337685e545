/* sim/sched_lrr.c — loose round robin: start after the warp that issued last. */
#include "sched.h"

static void lrr_init(sched_state *s) { s->last = -1; }

static int lrr_order(sched_state *s, int *out)
{
    int n = 0;
    for (int i = 1; i <= s->nwarps; i++) {
        int p = (s->last + i) % s->nwarps;
        if (p < 0) p += s->nwarps;
        if (s->live[s->warps[p]]) out[n++] = p;
    }
    return n;
}

static void lrr_notify(sched_state *s, int pos, int event) { if (event == SCHED_ISSUED) s->last = pos; }

const sched_policy sched_lrr = { "lrr", "loose round robin: each cycle starts after the warp that issued last",
                                 lrr_init, lrr_order, lrr_notify };
