/* sim/mem/msgq.c — the timed list (a binary heap on (ready, seq)) and the
 * message pool. */
#include "msgq.h"
#include <stdint.h>
#include <string.h>

void timed_init(msg_timed *t, int cap)
{
    t->cap = cap > 4 ? cap : 4;
    t->e = xcalloc((size_t)t->cap, sizeof *t->e);
    t->n = t->head = t->heap = 0;
    t->seq = 0;
    t->next = UINT64_MAX;
}

void timed_free(msg_timed *t)
{
    free(t->e);
    t->e = NULL;
    t->n = t->cap = t->head = t->heap = 0;
    t->next = UINT64_MAX;
}

static int before(const timed_msg *x, const timed_msg *y)
{
    return x->ready < y->ready || (x->ready == y->ready && x->seq < y->seq);
}

/* room for one more at e[head + n]: the FIFO moved to the front, or the
 * array doubled */
static void make_room(msg_timed *t)
{
    if (t->head + t->n < t->cap) return;
    if (t->head) {
        memmove(t->e, t->e + t->head, (size_t)t->n * sizeof *t->e);
        t->head = 0;
        if (t->n < t->cap) return;
    }
    t->cap *= 2;
    t->e = xrealloc(t->e, (size_t)t->cap * sizeof *t->e);
}

void timed_insert(msg_timed *t, const mem_msg *m, uint64_t ready)
{
    timed_msg x = { ready, t->seq++, *m };
    /* out of order: the sorted FIFO is a heap already */
    if (!t->heap && t->n && ready < t->e[t->head + t->n - 1].ready) t->heap = 1;
    make_room(t);
    timed_msg *h = t->e + t->head;
    int i = t->n++;
    while (t->heap && i > 0 && before(&x, &h[(i - 1) / 2])) { h[i] = h[(i - 1) / 2]; i = (i - 1) / 2; }
    h[i] = x;
    t->next = h[0].ready;
}

void timed_pop(msg_timed *t)
{
    if (!t->heap) {
        t->head = --t->n ? t->head + 1 : 0;
        t->next = t->n ? t->e[t->head].ready : UINT64_MAX;
        return;
    }
    timed_msg *h = t->e + t->head, last = h[--t->n];
    int i = 0;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= t->n) break;
        if (c + 1 < t->n && before(&h[c + 1], &h[c])) c++;
        if (!before(&h[c], &last)) break;
        h[i] = h[c];
        i = c;
    }
    if (t->n) h[i] = last;
    else t->head = t->heap = 0;   /* empty: a FIFO again */
    t->next = t->n ? h[0].ready : UINT64_MAX;
}

int pool_put(msg_pool *p, const mem_msg *m)
{
    if (p->free < 0) {
        int old = p->cap, cap = old ? 2 * old : 64;
        p->m = xrealloc(p->m, (size_t)cap * sizeof *p->m);
        p->next = xrealloc(p->next, (size_t)cap * sizeof(int));
        for (int i = old; i < cap; i++) p->next[i] = i + 1 < cap ? i + 1 : -1;
        p->free = old;
        p->cap = cap;
    }
    int k = p->free;
    p->free = p->next[k];
    p->m[k] = *m;
    return k;
}
