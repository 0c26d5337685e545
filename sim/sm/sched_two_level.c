/* sim/sm/sched_two_level.c — two-level scheduling (Narasiman et al., MICRO
 * 2011; Gebhart et al., ISCA 2011): round robin within a small active set;
 * a warp that issues a long-latency load leaves it for the back of the
 * pending queue, and the next pending warp takes its place. */
#include "sched.h"

static void tl_init(sched_state *s)
{
    s->last = -1;
    s->nfifo = s->nwarps;
    for (int i = 0; i < s->nwarps; i++) s->fifo[i] = i;
}

static int tl_order(sched_state *s, int *out)
{
    int active[SCHED_MAX_WARPS], na = 0;
    for (int i = 0; i < s->nfifo && na < s->active_set; i++)
        if (s->live[s->warps[s->fifo[i]]]) active[na++] = s->fifo[i];
    /* round robin within the active set, after the last warp that issued */
    int start = 0;
    for (int i = 0; i < na; i++)
        if (active[i] == s->last) start = i + 1;
    for (int i = 0; i < na; i++) out[i] = active[(start + i) % na];
    return na;
}

static void tl_notify(sched_state *s, int pos, int event)
{
    if (event == SCHED_ISSUED) { s->last = pos; return; }
    int at = -1;
    for (int i = 0; i < s->nfifo; i++)
        if (s->fifo[i] == pos) at = i;
    if (at < 0) return;
    for (int i = at; i + 1 < s->nfifo; i++) s->fifo[i] = s->fifo[i + 1];
    s->fifo[s->nfifo - 1] = pos;
}

const sched_policy sched_two_level = { "two_level",
    "two-level: round robin within an active set of sched.active_set warps; long-latency loads demote a warp",
    tl_init, tl_order, tl_notify };
