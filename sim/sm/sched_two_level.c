/* sim/sm/sched_two_level.c — two-level scheduling (Narasiman et al., MICRO
 * 2011; Gebhart et al., ISCA 2011): round robin within a small active set;
 * a warp that issues a long-latency load, or waits at a barrier, leaves it
 * for the back of the pending queue, and the next pending warp takes its
 * place (a barrier waiter that stayed would keep out the warps it waits for). */
#include "sched.h"
#include "config/config.h"

/* the pending queue: positions, the active set first */
typedef struct {
    int fifo[SCHED_MAX_WARPS];
    int nfifo;
} tl_state;

static void tl_init(sched_state *s)
{
    tl_state *t = s->priv;
    s->last = -1;
    t->nfifo = s->nwarps;
    for (int i = 0; i < s->nwarps; i++) t->fifo[i] = i;
}

static int tl_order(sched_state *s, int *out)
{
    const tl_state *t = s->priv;
    int active[SCHED_MAX_WARPS], na = 0;
    for (int i = 0; i < t->nfifo && na < s->param; i++)   /* param: sched.active_set */
        if (sched_live(s, t->fifo[i])) active[na++] = t->fifo[i];
    /* round robin within the active set, after the last warp that issued
     * (the set is of live warps; parked ones are then left out) */
    int start = 0, n = 0;
    for (int i = 0; i < na; i++)
        if (active[i] == s->last) start = i + 1;
    for (int i = 0; i < na; i++)
        if (sched_listed(s, active[(start + i) % na])) out[n++] = active[(start + i) % na];
    return n;
}

static void tl_notify(sched_state *s, int pos, int event)
{
    if (event == SCHED_ISSUED) { s->last = pos; return; }
    tl_state *t = s->priv;
    int at = -1;
    for (int i = 0; i < t->nfifo; i++)
        if (t->fifo[i] == pos) at = i;
    if (at < 0) return;
    for (int i = at; i + 1 < t->nfifo; i++) t->fifo[i] = t->fifo[i + 1];
    t->fifo[t->nfifo - 1] = pos;
}

const sched_policy sched_two_level = { "two_level", sizeof(tl_state), CFGK_sched_active_set,
    tl_init, tl_order, tl_notify, NULL };
