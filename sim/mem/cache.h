/* sim/mem/cache.h — one generic sectored, set-associative cache with LRU
 * replacement and MSHRs, used for the L1 data caches and the L2 slices. */
#ifndef WARPSIM_CACHE_H
#define WARPSIM_CACHE_H
#include <stdint.h>

typedef struct {
    int size, line, sector, assoc;   /* bytes, bytes, bytes, ways */
    int mshrs;                       /* misses in flight (distinct lines) */
    int write_back;                  /* 1: writes stay until eviction; 0: written through */
    int write_allocate;              /* a write miss installs the line */
} cache_params;

typedef struct {
    uint64_t line;                   /* line address */
    uint32_t sectors;                /* sectors being fetched */
    int first, last;                 /* waiting requests: a list threaded through the request pool */
    int used;
} mshr;

typedef struct {
    cache_params p;
    int sets, sectors_per_line;
    uint64_t *tag;                   /* sets * assoc; line address, or UINT64_MAX when invalid */
    uint32_t *valid, *dirty;         /* sector masks */
    uint64_t *stamp;                 /* LRU: last use */
    uint64_t clock;
    mshr *m;
    int mshrs_used;
} cache;

void cache_init(cache *c, const cache_params *p);
void cache_free(cache *c);
/* the requested sectors present in the cache (updates LRU on any hit) */
uint32_t cache_lookup(cache *c, uint64_t line, uint32_t sectors);
/* install sectors (a fill or an allocating write); returns 1 and the victim's
 * line and dirty sectors when a dirty line was evicted */
int cache_install(cache *c, uint64_t line, uint32_t sectors, int dirty, uint64_t *victim, uint32_t *victim_dirty);
/* a write hit marks sectors dirty (write-back) */
void cache_mark_dirty(cache *c, uint64_t line, uint32_t sectors);

/* read-only caches (instructions, constants): 1 when the line holding addr
 * is present; on a miss the line is installed and 0 returned */
int cache_touch(cache *c, uint64_t addr);

/* MSHRs: the entry fetching these sectors of the line, or -1 */
int mshr_find(cache *c, uint64_t line, uint32_t sectors);
/* a new entry, or -1 when all are in use */
int mshr_alloc(cache *c, uint64_t line, uint32_t sectors);
void mshr_release(cache *c, int i);

#endif
