/* sim/sm/sched_gto.c — greedy then oldest (Rogers et al., MICRO 2012): keep
 * issuing from the same warp until it stalls, then the oldest ready one. */
#include "sched.h"

static void gto_init(sched_state *s) { s->last = -1; }

static int gto_order(sched_state *s, int *out)
{
    int n = 0, greedy = s->last >= 0 && s->last < s->nwarps && sched_live(s, s->last) ? s->last : -1;
    if (greedy >= 0 && sched_listed(s, greedy)) out[n++] = greedy;
    return n + sched_by_age(s, out + n, greedy);
}

static int gto_first(sched_state *s)
{
    int greedy = s->last >= 0 && s->last < s->nwarps && sched_live(s, s->last) ? s->last : -1;
    return greedy >= 0 && sched_listed(s, greedy) ? greedy : sched_oldest_listed(s);
}

static void gto_notify(sched_state *s, int pos, int event) { if (event == SCHED_ISSUED) s->last = pos; }

const sched_policy sched_gto = { "gto", 0, -1, gto_init, gto_order, gto_notify, gto_first };
