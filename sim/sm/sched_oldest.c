/* sim/sm/sched_oldest.c — oldest first: the warp dispatched earliest wins. */
#include "sched.h"

static void oldest_init(sched_state *s) { s->last = -1; }
static int oldest_order(sched_state *s, int *out) { return sched_by_age(s, out, -1); }
static int oldest_first(sched_state *s) { return sched_oldest_listed(s); }
static void oldest_notify(sched_state *s, int pos, int event) { (void)s; (void)pos; (void)event; }

const sched_policy sched_oldest = { "oldest", 0, -1, oldest_init, oldest_order, oldest_notify, oldest_first };
