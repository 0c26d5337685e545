/* sim/util/lockstep.c — a team of threads stepping together (lockstep.h). */
#include "lockstep.h"
#include "xalloc.h"
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

typedef struct {
    lockstep *team;
    int id;
} member;

struct lockstep {
    int n, started;
    void (*fn)(void *ctx, int member);
    void *ctx;
    pthread_t *threads;
    member *members;
    atomic_uint_fast64_t step;   /* steps begun; a member runs when it moves */
    atomic_int pending;          /* members still running the current step */
    atomic_int quit;
};

/* a waiting member spins this many times before it starts to yield: long
 * enough for the cycle's serial part, short enough not to starve a team
 * that has fewer cores than members */
#define SPINS 4000

static void relax(unsigned *spins)
{
    if (++*spins > SPINS) { sched_yield(); return; }
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

static void *member_main(void *arg)
{
    member *m = arg;
    lockstep *t = m->team;
    uint_fast64_t seen = 0;
    for (;;) {
        unsigned spins = 0;
        uint_fast64_t now;
        while ((now = atomic_load_explicit(&t->step, memory_order_acquire)) == seen) relax(&spins);
        seen = now;
        if (atomic_load_explicit(&t->quit, memory_order_relaxed)) return NULL;
        t->fn(t->ctx, m->id);
        atomic_fetch_sub_explicit(&t->pending, 1, memory_order_release);
    }
}

lockstep *lockstep_new(int members, void (*fn)(void *ctx, int member), void *ctx)
{
    if (members < 2) return NULL;
    lockstep *t = xcalloc(1, sizeof *t);
    t->n = members;
    t->fn = fn;
    t->ctx = ctx;
    atomic_init(&t->step, 0);
    atomic_init(&t->pending, 0);
    atomic_init(&t->quit, 0);
    t->threads = xcalloc((size_t)members, sizeof *t->threads);
    t->members = xcalloc((size_t)members, sizeof *t->members);
    for (int k = 1; k < members; k++) {
        t->members[k] = (member){ t, k };
        if (pthread_create(&t->threads[k], NULL, member_main, &t->members[k])) break;
        t->started++;
    }
    if (t->started != members - 1) { lockstep_free(t); return NULL; }
    return t;
}

void lockstep_step(lockstep *t)
{
    atomic_store_explicit(&t->pending, t->n - 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&t->step, 1, memory_order_release);
    t->fn(t->ctx, 0);
    unsigned spins = 0;
    while (atomic_load_explicit(&t->pending, memory_order_acquire) > 0) relax(&spins);
}

void lockstep_free(lockstep *t)
{
    if (!t) return;
    atomic_store_explicit(&t->quit, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&t->step, 1, memory_order_release);
    for (int k = 1; k <= t->started; k++) pthread_join(t->threads[k], NULL);
    free(t->threads);
    free(t->members);
    free(t);
}
