/* sim/sm/sched_two_level.c — two-level scheduling (Narasiman et al., MICRO
 * 2011; Gebhart et al., ISCA 2011): round robin within a small active set;
 * a warp that issues a long-latency load, or waits at a barrier, leaves it
 * for the back of the pending queue, and the next pending warp takes its
 * place (a barrier waiter that stayed would keep out the warps it waits for).
 * Barrier waiters stay behind every other warp until they issue again: a
 * load's warp queues in front of them, else the waiters could fill the
 * active set while the warps they wait for sit behind it (a deadlock). */
#include "sched.h"
#include "config/config.h"

/* the pending queue: positions, the active set first */
typedef struct {
    int fifo[SCHED_MAX_WARPS];
    int nfifo;
    unsigned char at_barrier[SCHED_MAX_WARPS];   /* by position: waits at a barrier, not issued since */
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

/* move the warp at fifo index `at` to index `to` (at < to: the others shift forward) */
static void tl_move(tl_state *t, int at, int to)
{
    int pos = t->fifo[at];
    for (int i = at; i < to; i++) t->fifo[i] = t->fifo[i + 1];
    t->fifo[to] = pos;
}

static void tl_notify(sched_state *s, int pos, int event)
{
    tl_state *t = s->priv;
    if (event == SCHED_ISSUED) { s->last = pos; t->at_barrier[pos] = 0; return; }
    int at = -1;
    for (int i = 0; i < t->nfifo; i++)
        if (t->fifo[i] == pos) at = i;
    if (at < 0) return;
    int to = t->nfifo - 1;
    if (event == SCHED_BARRIER) t->at_barrier[pos] = 1;
    else    /* a load's warp: behind the other warps, in front of the barrier waiters at the back */
        while (to > at && t->at_barrier[t->fifo[to]]) to--;
    tl_move(t, at, to);
}

const sched_policy sched_two_level = { "two_level", sizeof(tl_state), CFGK_sched_active_set,
    tl_init, tl_order, tl_notify, NULL };
