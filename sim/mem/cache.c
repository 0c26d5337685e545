/* sim/mem/cache.c — sectored set-associative cache and its MSHRs. The set
 * index is the line number modulo the set count, skewed first where the
 * config hashes it (cache_set_of); which way a fill replaces is the
 * replacement policy's choice. */
#include "cache.h"
#include "util/xalloc.h"
#include "util/hugemem.h"
#include <stdlib.h>
#include <string.h>

void cache_init(cache *c, const cache_params *p)
{
    memset(c, 0, sizeof *c);
    c->p = *p;
    c->repl = repl_at(p->replacement);
    c->sets = p->size / (p->line * p->assoc);
    c->ways = p->assoc;
    if (c->sets < 1) c->sets = 1;
    c->sectors_per_line = p->line / p->sector;
    int pow2 = p->line > 0 && !(p->line & (p->line - 1)) && !(c->sets & (c->sets - 1));
    c->line_shift = pow2 ? __builtin_ctz((unsigned)p->line) : -1;
    c->set_mask = (uint64_t)c->sets - 1;
    c->index_xor = p->index == CACHE_INDEX_xor;
    c->set_shift = pow2 ? __builtin_ctz((unsigned)c->sets) : 0;
    c->w = hugemem_calloc((size_t)c->sets * 3 * (size_t)p->assoc * sizeof(uint64_t));
    /* zero from hugemem: every hint 0, so every way invalid, with nothing
     * written (writing every way of h100's 476 caches took 19 MB a GPU) */
    c->hint = hugemem_calloc((size_t)c->sets * (size_t)p->assoc);
    c->rng = p->seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull;
    c->m = hugemem_calloc((size_t)(p->mshrs > 0 ? p->mshrs : 1) * sizeof(mshr));
    /* buckets: a power of two, at least four times the entries (most
     * looks then find their bucket empty in the bits alone) */
    int nb = 64;
    while (nb < 4 * p->mshrs) nb *= 2;
    /* a bucket's first entry is read only where its busy bit is set, and an
     * entry is free where its bit in mused is clear: zero from hugemem,
     * nothing written (each cache's few written lines were in a huge page
     * of their own, which a write has the kernel clear whole: 2 MB each for
     * h100's 476 caches, a third of a small program's time) */
    c->mbucket = hugemem_calloc((size_t)nb * sizeof(int));
    c->mbucket_mask = nb - 1;
    c->mbusy = hugemem_calloc((size_t)nb / 64 * sizeof(uint64_t));
    int words = (p->mshrs + 63) / 64;
    c->mused = hugemem_calloc((size_t)(words ? words : 1) * sizeof(uint64_t));
    c->wcap = 0;
    c->wfree = -1;
}

void cache_free(cache *c)
{
    hugemem_free(c->w); hugemem_free(c->hint); hugemem_free(c->m); hugemem_free(c->mbucket); hugemem_free(c->mbusy); hugemem_free(c->mused);
    hugemem_free(c->wtoken); hugemem_free(c->wnext);
    memset(c, 0, sizeof *c);
}

/* A way is valid where its hint is not 0 (cache_hint never gives 0): an
 * invalid way's tag, stamp and sector masks are never read (way_of and
 * choose_way read the hint first, and a fill sets all three), so that an
 * invalidation writes the hints alone, a byte a way, and not the 24 bytes
 * of its tag, stamp and masks */
void cache_invalidate(cache *c)
{
    memset(c->hint, 0, (size_t)c->sets * (size_t)c->p.assoc);
}

void cache_set_ways(cache *c, int ways)
{
    if (ways > c->p.assoc) ways = c->p.assoc;
    if (ways < 0) ways = 0;
    if (ways < c->ways)
        for (int s = 0; s < c->sets; s++)
            memset(cache_set_hints(c, (size_t)s) + ways, 0, (size_t)(c->ways - ways));
    c->ways = ways;
}

/* the way holding line, -1 none: its tag is read only where its hint
 * matches (an exact filter: a different hint is a different line) */
static long way_of(const cache *c, uint64_t line)
{
    size_t set = cache_set_of(c, line), b = cache_set_first(c, set);
    const uint8_t *h = cache_set_hints(c, set);
    uint8_t want = cache_hint(line);
    for (int w = 0; w < c->ways; w++)
        if (h[w] == want && CACHE_TAG(c, b + (size_t)w) == line) return (long)(b + (size_t)w);
    return -1;
}

uint32_t cache_lookup(cache *c, uint64_t line, uint32_t sectors)
{
    long i = way_of(c, line);
    if (i < 0) return 0;
    uint32_t hit = cache_valid(c, (size_t)i) & sectors;
    if (hit) c->repl->touch(c, (size_t)i);
    return hit;
}

/* an invalid way of the set, else the policy's victim */
static size_t choose_way(cache *c, size_t set)
{
    const uint8_t *h = cache_set_hints(c, set);
    for (int w = 0; w < c->ways; w++)
        if (!h[w]) return cache_set_first(c, set) + (size_t)w;
    return c->repl->victim(c, cache_set_first(c, set));
}

int cache_install(cache *c, uint64_t line, uint32_t sectors, int dirty, uint64_t *victim, uint32_t *victim_dirty)
{
    if (!c->ways) return 0;          /* no ways: nothing stays */
    long found = way_of(c, line);
    int evicted = 0;
    size_t i;
    if (found < 0) {
        size_t set = cache_set_of(c, line);
        i = choose_way(c, set);
        uint8_t *hint = &cache_set_hints(c, set)[i - cache_set_first(c, set)];
        if (*hint && cache_dirty(c, i)) {
            *victim = CACHE_TAG(c, i);
            *victim_dirty = cache_dirty(c, i);
            evicted = 1;
        }
        CACHE_TAG(c, i) = line;
        *hint = cache_hint(line);
        CACHE_VD(c, i) = 0;
        c->repl->fill(c, i);
    } else {
        i = (size_t)found;
        c->repl->touch(c, i);
    }
    CACHE_VD(c, i) |= (uint64_t)sectors | (dirty ? (uint64_t)sectors << 32 : 0);
    return evicted;
}

void cache_mark_dirty(cache *c, uint64_t line, uint32_t sectors)
{
    long i = way_of(c, line);
    if (i >= 0) CACHE_VD(c, (size_t)i) |= (uint64_t)(sectors & cache_valid(c, (size_t)i)) << 32;
}

int cache_touch(cache *c, uint64_t addr)
{
    uint64_t line = c->line_shift >= 0 ? addr >> c->line_shift << c->line_shift
                                       : addr / (uint64_t)c->p.line * (uint64_t)c->p.line, victim;
    uint32_t vd;
    if (cache_lookup(c, line, 1)) return 1;
    cache_install(c, line, 1, 0, &victim, &vd);
    return 0;
}

/* ---- MSHRs ---- */
static int bucket_of(const cache *c, uint64_t line)
{
    return (int)((line * 0x9E3779B97F4A7C15ull) >> 40) & c->mbucket_mask;
}
static int bucket_busy(const cache *c, int b) { return (int)(c->mbusy[b >> 6] >> (b & 63) & 1); }

/* the lowest entry of the line fetching all these sectors: a line may have
 * several entries (misses of other sectors), its bucket holds them all */
int mshr_find(const cache *c, uint64_t line, uint32_t sectors)
{
    int best = -1, b = bucket_of(c, line);
    if (!bucket_busy(c, b)) return -1;
    for (int i = c->mbucket[b]; i >= 0; i = c->m[i].next)
        if (c->m[i].line == line && (c->m[i].sectors & sectors) == sectors && (best < 0 || i < best)) best = i;
    return best;
}

int mshr_alloc(cache *c, uint64_t line, uint32_t sectors)
{
    if (mshr_full(c)) return -1;
    for (int k = 0; k * 64 < c->p.mshrs; k++) {
        /* the lowest clear bit is an entry's: the bits past the last
         * entry lie above every entry's, and some entry is free (not full) */
        uint64_t free = ~c->mused[k];
        if (!free) continue;
        int i = k * 64 + __builtin_ctzll(free);
        c->mused[k] |= free & -free;
        int b = bucket_of(c, line), head = bucket_busy(c, b) ? c->mbucket[b] : -1;
        c->m[i] = (mshr){ line, sectors, -1, -1, 1, head, -1 };
        if (head >= 0) c->m[head].prev = i;
        c->mbucket[b] = i;
        c->mbusy[b >> 6] |= (uint64_t)1 << (b & 63);
        c->mshrs_used++;
        return i;
    }
    return -1;
}

uint32_t mshr_sectors(const cache *c, int e) { return c->m[e].sectors; }

/* waiter storage grows by doubling: merges per miss are not bounded by the
 * hardware model, and growth happens a few times per run at most */
void mshr_add_waiter(cache *c, int e, int token)
{
    if (c->wfree < 0) {
        int old = c->wcap, cap = old ? 2 * old : 16;
        c->wtoken = hugemem_realloc(c->wtoken, (size_t)old * sizeof(int), (size_t)cap * sizeof(int));
        c->wnext = hugemem_realloc(c->wnext, (size_t)old * sizeof(int), (size_t)cap * sizeof(int));
        for (int i = old; i < cap; i++) c->wnext[i] = i + 1 < cap ? i + 1 : -1;
        c->wfree = old;
        c->wcap = cap;
    }
    int n = c->wfree;
    c->wfree = c->wnext[n];
    c->wtoken[n] = token;
    c->wnext[n] = -1;
    mshr *m = &c->m[e];
    if (m->last >= 0) c->wnext[m->last] = n;
    else m->first = n;
    m->last = n;
}

int mshr_pop_waiter(cache *c, int e)
{
    mshr *m = &c->m[e];
    int n = m->first;
    if (n < 0) return -1;
    m->first = c->wnext[n];
    if (m->first < 0) m->last = -1;
    c->wnext[n] = c->wfree;
    c->wfree = n;
    return c->wtoken[n];
}

void mshr_release(cache *c, int e)
{
    mshr *m = &c->m[e];
    if (m->next >= 0) c->m[m->next].prev = m->prev;
    if (m->prev >= 0) c->m[m->prev].next = m->next;
    else {
        int b = bucket_of(c, m->line);
        c->mbucket[b] = m->next;
        if (m->next < 0) c->mbusy[b >> 6] &= ~((uint64_t)1 << (b & 63));
    }
    m->used = 0;
    c->mused[e >> 6] &= ~((uint64_t)1 << (e & 63));
    c->mshrs_used--;
}
