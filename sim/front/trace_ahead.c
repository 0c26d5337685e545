/* sim/front/trace_ahead.c — a kernel trace's blocks read ahead on a thread
 * (trace_ahead.h). One mutex guards a ring of read blocks; the reader waits
 * on `room`, the run on `ready`. The reader's last entry is the call that
 * gave 0 or -1 (the end, an error): it reads nothing after it, so the
 * run's later reads of k (blocks_read, line, for its messages) see what
 * that call left. */
#include "trace_ahead.h"
#include "util/stop.h"
#include "util/xalloc.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int got;
    trace_block b;
} ahead_entry;

struct trace_ahead {
    trace_kernel *k;
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t room, ready;
    ahead_entry *ring;
    int depth, head, n;
    int ended;               /* the reader queued its last entry */
    int quit;                /* trace_ahead_stop: read no further */
    diag d;                  /* the reader's messages (for its last entry) */
};

/* the ring's entry i places after its head (i <= depth) */
static ahead_entry *ring_at(trace_ahead *a, int i)
{
    int slot = a->head + i;
    return &a->ring[slot >= a->depth ? slot - a->depth : slot];
}

static void *reader_main(void *arg)
{
    trace_ahead *a = arg;
    for (;;) {
        pthread_mutex_lock(&a->lock);
        while (a->n == a->depth && !a->quit) pthread_cond_wait(&a->room, &a->lock);
        int quit = a->quit;
        pthread_mutex_unlock(&a->lock);
        if (quit) return NULL;
        ahead_entry e;
        e.got = trace_kernel_next_block(a->k, &e.b, &a->d);
        pthread_mutex_lock(&a->lock);
        *ring_at(a, a->n++) = e;
        a->ended = e.got <= 0;
        pthread_cond_signal(&a->ready);
        pthread_mutex_unlock(&a->lock);
        if (e.got <= 0) return NULL;
    }
}

static void ahead_free(trace_ahead *a)
{
    pthread_mutex_destroy(&a->lock);
    pthread_cond_destroy(&a->room);
    pthread_cond_destroy(&a->ready);
    diag_free(&a->d);
    free(a->ring);
    free(a);
}

trace_ahead *trace_ahead_start(trace_kernel *k, int depth)
{
    trace_ahead *a = xcalloc(1, sizeof *a);
    a->k = k;
    a->depth = depth > 0 ? depth : 1;
    a->ring = xcalloc((size_t)a->depth, sizeof *a->ring);
    diag_init(&a->d);
    pthread_mutex_init(&a->lock, NULL);
    pthread_cond_init(&a->room, NULL);
    pthread_cond_init(&a->ready, NULL);
    sigset_t old;
    stop_block(&old);   /* stop requests go to the main thread (util/stop.h) */
    int failed = pthread_create(&a->thread, NULL, reader_main, a);
    stop_unblock(&old);
    if (!failed) return a;
    ahead_free(a);
    return NULL;
}

int trace_ahead_next(trace_ahead *a, trace_block *b, diag *d)
{
    pthread_mutex_lock(&a->lock);
    while (!a->n) pthread_cond_wait(&a->ready, &a->lock);
    ahead_entry e = a->ring[a->head];
    if (e.got <= 0) {
        /* the last entry stays: a run that asks again gets it again, as
         * trace_kernel_next_block at the end gives 0 again */
        memset(&a->ring[a->head].b, 0, sizeof e.b);
    } else {
        a->head = (int)(ring_at(a, 1) - a->ring);
        a->n--;
        pthread_cond_signal(&a->room);
    }
    pthread_mutex_unlock(&a->lock);
    *b = e.b;
    if (e.got <= 0 && a->d.len) {
        diag_append(d, "%s", a->d.text);
        d->errors += a->d.errors;
        diag_free(&a->d);
        diag_init(&a->d);
    }
    return e.got;
}

void trace_ahead_stop(trace_ahead *a)
{
    if (!a) return;
    pthread_mutex_lock(&a->lock);
    a->quit = 1;
    pthread_cond_signal(&a->room);
    pthread_mutex_unlock(&a->lock);
    pthread_join(a->thread, NULL);
    for (int i = 0; i < a->n; i++) trace_block_free(&ring_at(a, i)->b);
    ahead_free(a);
}
