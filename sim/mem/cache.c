/* sim/mem/cache.c — sectored set-associative cache, LRU, MSHRs. The set index is
 * the line number modulo the set count; replacement is least recently used. */
#include "cache.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

void cache_init(cache *c, const cache_params *p)
{
    memset(c, 0, sizeof *c);
    c->p = *p;
    c->sets = p->size / (p->line * p->assoc);
    if (c->sets < 1) c->sets = 1;
    c->sectors_per_line = p->line / p->sector;
    size_t n = (size_t)c->sets * (size_t)p->assoc;
    c->tag = xmalloc(n * sizeof(uint64_t));
    for (size_t i = 0; i < n; i++) c->tag[i] = UINT64_MAX;
    c->valid = xcalloc(n, sizeof(uint32_t));
    c->dirty = xcalloc(n, sizeof(uint32_t));
    c->stamp = xcalloc(n, sizeof(uint64_t));
    c->m = xcalloc((size_t)(p->mshrs > 0 ? p->mshrs : 1), sizeof(mshr));
}

void cache_free(cache *c)
{
    free(c->tag); free(c->valid); free(c->dirty); free(c->stamp); free(c->m);
    memset(c, 0, sizeof *c);
}

static size_t set_base(const cache *c, uint64_t line)
{
    return (size_t)((line / (uint64_t)c->p.line) % (uint64_t)c->sets) * (size_t)c->p.assoc;
}

static int way_of(const cache *c, uint64_t line)
{
    size_t b = set_base(c, line);
    for (int w = 0; w < c->p.assoc; w++)
        if (c->tag[b + (size_t)w] == line) return (int)(b + (size_t)w);
    return -1;
}

uint32_t cache_lookup(cache *c, uint64_t line, uint32_t sectors)
{
    int i = way_of(c, line);
    if (i < 0) return 0;
    uint32_t hit = c->valid[i] & sectors;
    if (hit) c->stamp[i] = ++c->clock;
    return hit;
}

int cache_install(cache *c, uint64_t line, uint32_t sectors, int dirty, uint64_t *victim, uint32_t *victim_dirty)
{
    int i = way_of(c, line), evicted = 0;
    if (i < 0) {
        size_t b = set_base(c, line);
        i = (int)b;
        for (int w = 0; w < c->p.assoc; w++) {
            size_t k = b + (size_t)w;
            if (c->tag[k] == UINT64_MAX) { i = (int)k; break; }
            if (c->stamp[k] < c->stamp[i]) i = (int)k;
        }
        if (c->tag[i] != UINT64_MAX && c->dirty[i]) {
            *victim = c->tag[i];
            *victim_dirty = c->dirty[i];
            evicted = 1;
        }
        c->tag[i] = line;
        c->valid[i] = 0;
        c->dirty[i] = 0;
    }
    c->valid[i] |= sectors;
    if (dirty) c->dirty[i] |= sectors;
    c->stamp[i] = ++c->clock;
    return evicted;
}

void cache_mark_dirty(cache *c, uint64_t line, uint32_t sectors)
{
    int i = way_of(c, line);
    if (i >= 0) c->dirty[i] |= sectors & c->valid[i];
}

int mshr_find(cache *c, uint64_t line, uint32_t sectors)
{
    for (int i = 0; i < c->p.mshrs; i++)
        if (c->m[i].used && c->m[i].line == line && (c->m[i].sectors & sectors) == sectors) return i;
    return -1;
}

int mshr_alloc(cache *c, uint64_t line, uint32_t sectors)
{
    for (int i = 0; i < c->p.mshrs; i++)
        if (!c->m[i].used) {
            c->m[i] = (mshr){ line, sectors, -1, -1, 1 };
            c->mshrs_used++;
            return i;
        }
    return -1;
}

void mshr_release(cache *c, int i)
{
    c->m[i].used = 0;
    c->mshrs_used--;
}

int cache_touch(cache *c, uint64_t addr)
{
    uint64_t line = addr / (uint64_t)c->p.line * (uint64_t)c->p.line, victim;
    uint32_t vd;
    if (cache_lookup(c, line, 1)) return 1;
    cache_install(c, line, 1, 0, &victim, &vd);
    return 0;
}
