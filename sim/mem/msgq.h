/* sim/mem/msgq.h — the two queues of the memory system, holding messages by
 * value: a bounded FIFO (a port: a full FIFO stalls the sender) and a timed
 * list (messages that become visible at a cycle: pipelines and wires). The
 * timed list gives its messages in (ready cycle, arrival order), so the
 * order is deterministic; its capacity grows by doubling when a burst needs
 * it (a handful of times per run at most). */
#ifndef WARPSIM_MEM_MSGQ_H
#define WARPSIM_MEM_MSGQ_H
#include "msg.h"
#include "util/hugemem.h"
#include <stdlib.h>

typedef struct {
    mem_msg *m;
    int head, n, cap;
} msg_fifo;

/* the slot k places after the head (0 <= k <= cap): a wrap, not a division
 * (queues are looked into many times a cycle) */
static inline int fifo_slot(const msg_fifo *q, int k)
{
    int i = q->head + k;
    return i >= q->cap ? i - q->cap : i;
}
static inline void fifo_init(msg_fifo *q, int cap) { q->m = hugemem_calloc((size_t)cap * sizeof *q->m); q->cap = cap; q->head = q->n = 0; }
static inline void fifo_free(msg_fifo *q) { hugemem_free(q->m); q->m = NULL; }
static inline int fifo_full(const msg_fifo *q) { return q->n >= q->cap; }
static inline int fifo_room(const msg_fifo *q) { return q->cap - q->n; }
static inline void fifo_push(msg_fifo *q, const mem_msg *m) { q->m[fifo_slot(q, q->n++)] = *m; }
static inline mem_msg *fifo_peek(msg_fifo *q) { return q->n ? &q->m[q->head] : NULL; }
static inline void fifo_pop(msg_fifo *q) { q->head = fifo_slot(q, 1); q->n--; }
/* the k-th message from the head (k < n) */
static inline mem_msg *fifo_at(msg_fifo *q, int k) { return &q->m[fifo_slot(q, k)]; }
/* take out the k-th message: the k before it move up one place, keeping their order */
static inline void fifo_remove(msg_fifo *q, int k)
{
    for (int i = k; i > 0; i--) q->m[fifo_slot(q, i)] = q->m[fifo_slot(q, i - 1)];
    fifo_pop(q);
}

typedef struct {
    uint64_t ready, seq;
    mem_msg m;
} timed_msg;

/* A timed list holds its messages as up to TIMED_RUNS sorted runs, each a
 * ring: an insert joins the run whose last message is the latest one not
 * after it (so a wire with a near and a far latency, the L2's two
 * partitions, keeps two runs), a pop takes the earliest of the runs'
 * heads. Only an insert that fits no run while every run is open makes
 * the messages a binary heap, until the list empties. Keys (ready, seq)
 * are unique: runs and heap give the same order. */
#define TIMED_RUNS 4
typedef struct {
    timed_msg *e;            /* a ring of cap messages (a power of two) */
    int head, n, cap;
    uint64_t last;           /* the cycle of its last message (when n > 0): an
                                insert's choice of run reads this, not a message
                                the host's caches have mostly let go */
} timed_run;

typedef struct {
    uint64_t next;           /* the first message's cycle, UINT64_MAX when empty: the
                                per-cycle look reads this word only */
    timed_msg *first;        /* the first message, NULL when empty */
    int n;                   /* messages held */
    int runs;                /* runs opened (each may be empty now) */
    int cur;                 /* the run whose head is first */
    int heap;                /* the messages are the binary heap h[0 .. n) */
    timed_msg *h;
    int hcap, cap0;          /* the heap's room; a new run's first room */
    timed_run run[TIMED_RUNS];
    uint64_t seq;            /* arrival counter: ties leave in arrival order */
} msg_timed;

void timed_init(msg_timed *t, int cap);
void timed_free(msg_timed *t);
void timed_insert(msg_timed *t, const mem_msg *m, uint64_t ready);
/* the first message whose cycle has come, or NULL */
static inline mem_msg *timed_ready(msg_timed *t, uint64_t now)
{
    return t->next <= now ? &t->first->m : NULL;
}
void timed_pop(msg_timed *t);
/* the first message, ready or not (NULL when empty) */
static inline const mem_msg *timed_head(const msg_timed *t) { return t->first ? &t->first->m : NULL; }
/* the cycle of the first message (UINT64_MAX when empty) */
static inline uint64_t timed_next(const msg_timed *t) { return t->next; }

/* messages parked by a block (merged misses, reads waiting for DRAM), each
 * in a numbered slot the block can hand a neighbour as an opaque token;
 * storage grows by doubling, a few times per run at most */
typedef struct {
    mem_msg *m;
    int *next, free, cap;
} msg_pool;

static inline void pool_init(msg_pool *p) { p->m = NULL; p->next = NULL; p->free = -1; p->cap = 0; }
static inline void pool_free(msg_pool *p) { hugemem_free(p->m); hugemem_free(p->next); pool_init(p); }
/* park a copy of m; returns its slot */
int pool_put(msg_pool *p, const mem_msg *m);
static inline mem_msg *pool_at(msg_pool *p, int slot) { return &p->m[slot]; }
static inline void pool_release(msg_pool *p, int slot) { p->next[slot] = p->free; p->free = slot; }

#endif
