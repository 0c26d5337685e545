/* sim/util/lockstep.c — a team of threads stepping together (lockstep.h). */
#include "lockstep.h"
#include "stop.h"
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
    /* a waiter that has spun long enough sleeps: the machine may have fewer
     * free cores than the team has members */
    pthread_mutex_t lock;
    pthread_cond_t moved, done;
    atomic_int sleepers;
};

/* spins before a waiter sleeps: covers the cycle's serial part when each
 * member has a core, and little more */
#define SPINS 2000

static void relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* wait until *v != old (moved) or == 0 (pending): spin, then sleep on c */
static void wait_for(lockstep *t, pthread_cond_t *c, int (*ready)(lockstep *t, uint_fast64_t old), uint_fast64_t old)
{
    for (int i = 0; i < SPINS; i++) {
        if (ready(t, old)) return;
        relax();
    }
    pthread_mutex_lock(&t->lock);
    atomic_fetch_add(&t->sleepers, 1);
    while (!ready(t, old)) pthread_cond_wait(c, &t->lock);
    atomic_fetch_sub(&t->sleepers, 1);
    pthread_mutex_unlock(&t->lock);
}

static int moved(lockstep *t, uint_fast64_t old) { return atomic_load(&t->step) != old; }
static int all_done(lockstep *t, uint_fast64_t old) { (void)old; return atomic_load(&t->pending) == 0; }

/* wake whoever sleeps on c (the check after the change: no lost wake-up,
 * as a sleeper counts itself before it looks) */
static void wake(lockstep *t, pthread_cond_t *c)
{
    if (!atomic_load(&t->sleepers)) return;
    pthread_mutex_lock(&t->lock);
    pthread_cond_broadcast(c);
    pthread_mutex_unlock(&t->lock);
}

static void *member_main(void *arg)
{
    member *m = arg;
    lockstep *t = m->team;
    uint_fast64_t seen = 0;
    for (;;) {
        wait_for(t, &t->moved, moved, seen);
        seen = atomic_load(&t->step);
        if (atomic_load(&t->quit)) return NULL;
        t->fn(t->ctx, m->id);
        if (atomic_fetch_sub(&t->pending, 1) == 1) wake(t, &t->done);
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
    atomic_init(&t->sleepers, 0);
    pthread_mutex_init(&t->lock, NULL);
    pthread_cond_init(&t->moved, NULL);
    pthread_cond_init(&t->done, NULL);
    t->threads = xcalloc((size_t)members, sizeof *t->threads);
    t->members = xcalloc((size_t)members, sizeof *t->members);
    sigset_t old;
    stop_block(&old);   /* stop requests go to the main thread (util/stop.h) */
    for (int k = 1; k < members; k++) {
        t->members[k] = (member){ t, k };
        if (pthread_create(&t->threads[k], NULL, member_main, &t->members[k])) break;
        t->started++;
    }
    stop_unblock(&old);
    if (t->started != members - 1) { lockstep_free(t); return NULL; }
    return t;
}

void lockstep_step(lockstep *t)
{
    atomic_store(&t->pending, t->n - 1);
    atomic_fetch_add(&t->step, 1);
    wake(t, &t->moved);
    t->fn(t->ctx, 0);
    wait_for(t, &t->done, all_done, 0);
}

void lockstep_free(lockstep *t)
{
    if (!t) return;
    atomic_store(&t->quit, 1);
    atomic_fetch_add(&t->step, 1);
    wake(t, &t->moved);
    for (int k = 1; k <= t->started; k++) pthread_join(t->threads[k], NULL);
    pthread_mutex_destroy(&t->lock);
    pthread_cond_destroy(&t->moved);
    pthread_cond_destroy(&t->done);
    free(t->threads);
    free(t->members);
    free(t);
}
