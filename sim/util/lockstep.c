/* sim/util/lockstep.c — a team of threads stepping together (lockstep.h).
 * One mutex guards the step counter and the count of members still
 * running; members wait for a new step, the caller for the last member, on
 * two condition variables. Nobody spins: a member whose core another
 * process holds costs the team its wake-up latency, not a core's worth of
 * polling by the others. */
#include "lockstep.h"
#include "stop.h"
#include "xalloc.h"
#include <pthread.h>
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
    pthread_mutex_t lock;
    pthread_cond_t moved, done;
    unsigned long long step;     /* steps begun; a member runs when it moves */
    int pending;                 /* members still running the current step */
    int quit;
};

static void *member_main(void *arg)
{
    member *m = arg;
    lockstep *t = m->team;
    unsigned long long seen = 0;
    for (;;) {
        pthread_mutex_lock(&t->lock);
        while (t->step == seen) pthread_cond_wait(&t->moved, &t->lock);
        seen = t->step;
        int quit = t->quit;
        pthread_mutex_unlock(&t->lock);
        if (quit) return NULL;
        t->fn(t->ctx, m->id);
        pthread_mutex_lock(&t->lock);
        if (--t->pending == 0) pthread_cond_signal(&t->done);
        pthread_mutex_unlock(&t->lock);
    }
}

lockstep *lockstep_new(int members, void (*fn)(void *ctx, int member), void *ctx)
{
    if (members < 2) return NULL;
    lockstep *t = xcalloc(1, sizeof *t);
    t->n = members;
    t->fn = fn;
    t->ctx = ctx;
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
    pthread_mutex_lock(&t->lock);
    t->pending = t->n - 1;
    t->step++;
    pthread_cond_broadcast(&t->moved);
    pthread_mutex_unlock(&t->lock);
    t->fn(t->ctx, 0);
    pthread_mutex_lock(&t->lock);
    while (t->pending) pthread_cond_wait(&t->done, &t->lock);
    pthread_mutex_unlock(&t->lock);
}


void lockstep_free(lockstep *t)
{
    if (!t) return;
    pthread_mutex_lock(&t->lock);
    t->quit = 1;
    t->step++;
    pthread_cond_broadcast(&t->moved);
    pthread_mutex_unlock(&t->lock);
    /* threads[k] for k in 1..started (threads[0] is the caller's: unused) */
    for (int k = 1; k <= t->started; k++) pthread_join(t->threads[k], NULL);
    pthread_mutex_destroy(&t->lock);
    pthread_cond_destroy(&t->moved);
    pthread_cond_destroy(&t->done);
    free(t->threads);
    free(t->members);
    free(t);
}
