/* sim/mem/msgq.c — the timed list (sorted runs, a binary heap on (ready,
 * seq) when they do not suffice) and the message pool. */
#include "msgq.h"
#include "util/hugemem.h"
#include <stdint.h>
#include <string.h>

/* messages start on a host cache line of their own (64 bytes each) */
static timed_msg *alloc_msgs(int cap) { return hugemem_calloc((size_t)cap * sizeof(timed_msg)); }

void timed_init(msg_timed *t, int cap)
{
    memset(t, 0, sizeof *t);
    t->cap0 = 4;
    while (t->cap0 < cap) t->cap0 *= 2;
    t->next = UINT64_MAX;
}

void timed_free(msg_timed *t)
{
    for (int r = 0; r < t->runs; r++) hugemem_free(t->run[r].e);
    hugemem_free(t->h);
    int cap0 = t->cap0;
    memset(t, 0, sizeof *t);
    t->cap0 = cap0;
    t->next = UINT64_MAX;
}

static int before(const timed_msg *x, const timed_msg *y)
{
    return x->ready < y->ready || (x->ready == y->ready && x->seq < y->seq);
}

static timed_msg *run_at(const timed_run *u, int k) { return &u->e[(u->head + k) & (u->cap - 1)]; }

static void run_push(timed_run *u, const timed_msg *x)
{
    if (u->n == u->cap) {   /* full: a ring twice the size, in order from 0 */
        timed_msg *e = alloc_msgs(2 * u->cap);
        for (int k = 0; k < u->n; k++) e[k] = *run_at(u, k);
        hugemem_free(u->e);
        u->e = e;
        u->head = 0;
        u->cap *= 2;
    }
    *run_at(u, u->n++) = *x;
    u->last = x->ready;
    /* the next message's slot starts on its way (for writing): a list's
     * ring of 64-byte messages cycles through more host memory than the
     * host's caches keep between one message and the next */
    __builtin_prefetch(run_at(u, u->n), 1);
}

/* the earliest of the runs' heads (or the heap's root) becomes first */
static void find_first(msg_timed *t)
{
    t->first = NULL;
    if (t->heap) t->first = t->n ? &t->h[0] : NULL;
    else
        for (int r = 0; r < t->runs; r++) {
            timed_run *u = &t->run[r];
            if (u->n && (!t->first || before(&u->e[u->head], t->first))) {
                t->first = &u->e[u->head];
                t->cur = r;
            }
        }
    t->next = t->first ? t->first->ready : UINT64_MAX;
}

/* the run x may join at its end, -1 none: the one whose last message is
 * the latest not after x, else an empty one, else a new one */
static int run_for(msg_timed *t, const timed_msg *x)
{
    int best = -1, empty = -1;
    uint64_t best_last = 0;
    for (int r = 0; r < t->runs; r++) {
        timed_run *u = &t->run[r];
        if (!u->n) {
            if (empty < 0) empty = r;
            continue;
        }
        if (u->last <= x->ready && (best < 0 || u->last > best_last)) {
            best = r;
            best_last = u->last;
        }
    }
    if (best >= 0) return best;
    if (empty >= 0) return empty;
    if (t->runs == TIMED_RUNS) return -1;
    timed_run *u = &t->run[t->runs];
    u->cap = t->cap0;
    u->e = alloc_msgs(u->cap);
    u->head = u->n = 0;
    return t->runs++;
}

static void sift_down(timed_msg *h, int n, int i)
{
    timed_msg x = h[i];
    for (;;) {
        int c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && before(&h[c + 1], &h[c])) c++;
        if (!before(&h[c], &x)) break;
        h[i] = h[c];
        i = c;
    }
    h[i] = x;
}

/* every run's messages into the heap (Floyd's construction) */
static void make_heap(msg_timed *t)
{
    if (t->hcap < t->n + 1) {
        hugemem_free(t->h);
        t->hcap = 2 * (t->n + 1);
        t->h = alloc_msgs(t->hcap);
    }
    int k = 0;
    for (int r = 0; r < t->runs; r++) {
        timed_run *u = &t->run[r];
        for (int i = 0; i < u->n; i++) t->h[k++] = *run_at(u, i);
        u->head = u->n = 0;
    }
    for (int i = k / 2 - 1; i >= 0; i--) sift_down(t->h, k, i);
    t->heap = 1;
}

static void heap_push(msg_timed *t, const timed_msg *x)
{
    if (t->n == t->hcap) {
        timed_msg *h = alloc_msgs(2 * t->hcap);
        memcpy(h, t->h, (size_t)t->n * sizeof *h);
        hugemem_free(t->h);
        t->h = h;
        t->hcap *= 2;
    }
    int i = t->n++;
    while (i > 0 && before(x, &t->h[(i - 1) / 2])) { t->h[i] = t->h[(i - 1) / 2]; i = (i - 1) / 2; }
    t->h[i] = *x;
}

void timed_insert(msg_timed *t, const mem_msg *m, uint64_t ready)
{
    timed_msg x = { ready, t->seq++, *m };
    if (!t->heap) {
        int r = run_for(t, &x);
        if (r >= 0) {
            timed_run *u = &t->run[r];
            int earlier = !t->first || before(&x, t->first);
            run_push(u, &x);
            t->n++;
            /* first only changes to x, or moves with its run's ring */
            if (earlier) {
                t->first = run_at(u, u->n - 1);
                t->cur = r;
            } else if (r == t->cur) t->first = &u->e[u->head];
            t->next = t->first->ready;
            return;
        }
        make_heap(t);
    }
    heap_push(t, &x);
    find_first(t);
}

void timed_pop(msg_timed *t)
{
    if (!t->heap) {
        timed_run *u = &t->run[t->cur];
        u->head = (u->head + 1) & (u->cap - 1);
        u->n--;
        t->n--;
        /* the message after the new head starts on its way: the next pop's
         * look at the run's head (find_first) finds it */
        if (u->n > 1) __builtin_prefetch(run_at(u, 1));
    } else {
        t->h[0] = t->h[--t->n];
        if (t->n) sift_down(t->h, t->n, 0);
        else t->heap = 0;   /* empty: runs again */
    }
    find_first(t);
}

int pool_put(msg_pool *p, const mem_msg *m)
{
    if (p->free < 0) {
        int old = p->cap, cap = old ? 2 * old : 64;
        p->m = hugemem_realloc(p->m, (size_t)old * sizeof *p->m, (size_t)cap * sizeof *p->m);
        p->next = hugemem_realloc(p->next, (size_t)old * sizeof(int), (size_t)cap * sizeof(int));
        for (int i = old; i < cap; i++) p->next[i] = i + 1 < cap ? i + 1 : -1;
        p->free = old;
        p->cap = cap;
    }
    int k = p->free;
    p->free = p->next[k];
    p->m[k] = *m;
    return k;
}
