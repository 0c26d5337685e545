/* sim/mem/msgq.c — the timed list (a binary heap on (ready, seq)) and the
 * message pool. */
#include "msgq.h"
#include <stdint.h>

void timed_init(msg_timed *t, int cap)
{
    t->cap = cap > 4 ? cap : 4;
    t->e = xcalloc((size_t)t->cap, sizeof *t->e);
    t->n = 0;
    t->seq = 0;
}

void timed_free(msg_timed *t) { free(t->e); t->e = NULL; t->n = t->cap = 0; }

static int before(const timed_msg *x, const timed_msg *y)
{
    return x->ready < y->ready || (x->ready == y->ready && x->seq < y->seq);
}

void timed_insert(msg_timed *t, const mem_msg *m, uint64_t ready)
{
    if (t->n == t->cap) {
        t->cap *= 2;
        t->e = xrealloc(t->e, (size_t)t->cap * sizeof *t->e);
    }
    timed_msg x = { ready, t->seq++, *m };
    int i = t->n++;
    while (i > 0 && before(&x, &t->e[(i - 1) / 2])) { t->e[i] = t->e[(i - 1) / 2]; i = (i - 1) / 2; }
    t->e[i] = x;
}

void timed_pop(msg_timed *t)
{
    timed_msg last = t->e[--t->n];
    int i = 0;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= t->n) break;
        if (c + 1 < t->n && before(&t->e[c + 1], &t->e[c])) c++;
        if (!before(&t->e[c], &last)) break;
        t->e[i] = t->e[c];
        i = c;
    }
    if (t->n) t->e[i] = last;
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
