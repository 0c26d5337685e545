/* sim/mem/tlb.c — the shared TLB (tlb.h). */
#include "tlb.h"
#include "util/xalloc.h"
#include <stdlib.h>

struct tlb {
    tlb_params p;
    int sets, page_shift;
    uint64_t *page;         /* sets * assoc: page number, UINT64_MAX when empty */
    uint64_t *ready;        /* the cycle its walk ends */
    uint64_t *used;         /* LRU stamp */
    uint64_t clock;
};

tlb *tlb_new(const tlb_params *p)
{
    tlb *t = xcalloc(1, sizeof *t);
    t->p = *p;
    if (t->p.assoc < 1 || t->p.assoc > t->p.entries) t->p.assoc = t->p.entries;
    t->sets = t->p.entries / t->p.assoc;
    while ((1 << t->page_shift) < t->p.page_bytes) t->page_shift++;
    size_t n = (size_t)t->sets * (size_t)t->p.assoc;
    t->page = xcalloc(n, sizeof *t->page);
    t->ready = xcalloc(n, sizeof *t->ready);
    t->used = xcalloc(n, sizeof *t->used);
    tlb_flush(t);
    return t;
}

void tlb_delete(tlb *t)
{
    if (!t) return;
    free(t->page); free(t->ready); free(t->used);
    free(t);
}

void tlb_flush(tlb *t)
{
    size_t n = (size_t)t->sets * (size_t)t->p.assoc;
    for (size_t i = 0; i < n; i++) { t->page[i] = UINT64_MAX; t->ready[i] = 0; t->used[i] = 0; }
}

uint64_t tlb_ready(tlb *t, uint64_t addr, uint64_t now, int *walked)
{
    uint64_t pg = addr >> t->page_shift;
    size_t base = (size_t)(pg % (uint64_t)t->sets) * (size_t)t->p.assoc, victim = base;
    *walked = 0;
    t->clock++;
    for (size_t w = base; w < base + (size_t)t->p.assoc; w++) {
        if (t->page[w] == pg) {
            t->used[w] = t->clock;
            return t->ready[w] > now ? t->ready[w] : now;   /* a walk in flight: wait for it */
        }
        if (t->page[w] == UINT64_MAX) { victim = w; break; }   /* ways fill in order: no hit beyond */
        if (t->used[w] < t->used[victim]) victim = w;
    }
    *walked = 1;
    t->page[victim] = pg;
    t->ready[victim] = now + (uint64_t)t->p.walk_latency;
    t->used[victim] = t->clock;
    return t->ready[victim];
}
