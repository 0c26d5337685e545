/* sim/mem/cache.h — one generic sectored, set-associative cache with MSHRs
 * and a replacement policy chosen by name (sim/mem/repl_policies.def). It
 * is a data structure, not a block: L1s, L2 slices, the instruction and
 * constant caches embed one and decide what a hit or a miss costs.
 * MSHR waiters are opaque tokens (the owner's own slot numbers) kept in the
 * cache's own list storage. */
#ifndef WARPSIM_MEM_CACHE_H
#define WARPSIM_MEM_CACHE_H
#include <stddef.h>
#include <stdint.h>

typedef struct {
    int size, line, sector, assoc;   /* bytes, bytes, bytes, ways */
    int mshrs;                       /* misses in flight (distinct lines) */
    int write_back;                  /* 1: writes stay until eviction; 0: written through */
    int write_allocate;              /* a write miss installs the line */
    int replacement;                 /* index into the replacement table */
    uint64_t seed;                   /* random replacement: its seed */
    int index;                       /* set index function: a row of set_index.def (0: linear) */
} cache_params;

/* the set index functions by row of set_index.def */
enum {
#define SET_INDEX(name, doc) CACHE_INDEX_##name,
#include "set_index.def"
#undef SET_INDEX
    CACHE_INDEX_COUNT
};

typedef struct {
    uint64_t line;                   /* line address */
    uint32_t sectors;                /* sectors being fetched */
    int first, last;                 /* waiting tokens: a list in the cache's waiter storage */
    int used;
    int next, prev;                  /* its neighbours in its hash bucket, -1 none */
} mshr;

typedef struct cache cache;
typedef struct {
    const char *name;                          /* its row in repl_policies.def */
    void (*touch)(cache *c, size_t way);       /* a hit */
    void (*fill)(cache *c, size_t way);        /* a new line installed in way */
    size_t (*victim)(cache *c, size_t base);   /* a valid way of the full set at base to evict */
} repl_policy;

struct cache {
    cache_params p;
    const repl_policy *repl;
    int sets, sectors_per_line;
    /* set indexing by shift and mask when the line size and the set count
     * are powers of two (line_shift >= 0), else by division: same sets */
    int line_shift;
    uint64_t set_mask;
    int index_xor;                   /* p.index is xor: the set is skewed by a fold of the line number over sets */
    int set_shift;                   /* log2 of the sets where line_shift >= 0 (the run number by shift, not division) */
    int ways;                        /* ways in use (<= assoc): a unified L1 gives the rest to shared memory */
    /* a set's ways in 3 x assoc words, so that a look at a set touches
     * neighbouring host cache lines (with 132 L1s and 80 slices the tags
     * far exceed the host's caches): the line addresses, the policy's
     * stamps (LRU: last use; FIFO: fill), then the valid (low 32 bits) and
     * dirty (high 32) sector masks; all three read only for a valid way
     * (its hint not 0). A way's handle is its tag's index: CACHE_TAG,
     * CACHE_STAMP and CACHE_VD below */
    uint64_t *w;
    /* a byte per way, sets x assoc in set order: 0 for an invalid way,
     * else a hash of its line (cache_hint), so that a look that misses
     * reads these few bytes and not the set's tags: in a streaming
     * kernel nearly every look misses, and the hints of all 132 L1s and
     * 80 slices fit in the host's caches where their tags do not */
    uint8_t *hint;
    uint64_t clock, rng;
    mshr *m;
    int mshrs_used;
    uint64_t *mused;                 /* a bit per entry: in use (the lowest free one is taken) */
    int *mbucket, mbucket_mask;      /* entries in use by line hash: the first of each bucket (when not empty) */
    /* a bit per bucket: not empty. A look for a line in no bucket reads
     * this line of bits, not the bucket (in a streaming kernel nearly every
     * look finds none, and the buckets of 132 L1s and 80 slices leave the
     * host's caches between one look and the next); a release unlinks its
     * entry from its neighbours and reads no bucket */
    uint64_t *mbusy;
    int *wtoken, *wnext, wfree, wcap; /* MSHR waiter lists */
};

void cache_init(cache *c, const cache_params *p);
void cache_free(cache *c);
/* every line invalid, dirty data dropped (the timing model holds no data);
 * MSHRs are untouched: call it only when no miss is in flight */
void cache_invalidate(cache *c);
/* use only the first `ways` ways of every set (0: the cache holds nothing);
 * lines in ways given up are dropped */
void cache_set_ways(cache *c, int ways);
/* the requested sectors present in the cache (a hit updates the policy) */
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
int mshr_find(const cache *c, uint64_t line, uint32_t sectors);
/* a new entry, or -1 when all are in use */
int mshr_alloc(cache *c, uint64_t line, uint32_t sectors);
/* every entry in use: mshr_alloc would give -1 */
static inline int mshr_full(const cache *c) { return c->mshrs_used >= c->p.mshrs; }
/* the sectors entry e fetches */
uint32_t mshr_sectors(const cache *c, int e);
/* a request merged into entry e, waiting for its fill */
void mshr_add_waiter(cache *c, int e, int token);
/* the oldest waiter of entry e, removed; -1 when none is left */
int mshr_pop_waiter(cache *c, int e);
/* free entry e (its waiters must have been popped) */
void mshr_release(cache *c, int e);

/* the skew of the xor index: an XOR fold of the run number (as the xor
 * address map folds its runs, sim/mem/addrmap_xor.c) */
static inline uint64_t cache_index_fold(uint64_t run) { return run ^ (run >> 3) ^ (run >> 7) ^ (run >> 13); }
/* the line's set: its number modulo the sets (linear), or skewed first by
 * the fold of its number over the sets (xor), which permutes the sets
 * within each run of `sets` lines, so no two lines of a run share a set */
static inline size_t cache_set_of(const cache *c, uint64_t line)
{
    uint64_t n = c->line_shift >= 0 ? line >> c->line_shift : line / (uint64_t)c->p.line;
    if (c->index_xor) n += cache_index_fold(c->line_shift >= 0 ? n >> c->set_shift : n / (uint64_t)c->sets);
    return (size_t)(c->line_shift >= 0 ? n & c->set_mask : n % (uint64_t)c->sets);
}
/* set's first way (its tag's index), and its first hint */
static inline size_t cache_set_first(const cache *c, size_t set) { return set * 3 * (size_t)c->p.assoc; }
static inline uint8_t *cache_set_hints(const cache *c, size_t set) { return &c->hint[set * (size_t)c->p.assoc]; }
/* the line's set's first way */
static inline size_t cache_set_base(const cache *c, uint64_t line) { return cache_set_first(c, cache_set_of(c, line)); }
/* a valid way's hint: a byte of the line's hash, never 0 (an invalid way) */
static inline uint8_t cache_hint(uint64_t line)
{
    uint8_t h = (uint8_t)((line * 0x9E3779B97F4A7C15ull) >> 56);
    return h ? h : 1;
}
/* a fill of the line's set is coming: its tags, stamps and sector masks
 * start on their way from host memory (the tag arrays of 132 L1s and 80
 * slices far exceed the host's caches, and a fill that waits for them is
 * much of a streaming kernel's time) */
static inline void cache_prefetch(const cache *c, uint64_t line)
{
    const uint64_t *t = &c->w[cache_set_base(c, line)];
    for (int w = 0; w < 3 * c->p.assoc; w += 8) __builtin_prefetch(t + w);
}
/* a look at the line's set is coming: its hints start on their way */
static inline void cache_prefetch_look(const cache *c, uint64_t line)
{
    __builtin_prefetch(cache_set_hints(c, cache_set_of(c, line)));
}

/* replacement policies by name (NULL: none) and their choices */
const repl_policy *repl_find(const char *name);
#define CACHE_TAG(c, i) ((c)->w[i])
#define CACHE_STAMP(c, i) ((c)->w[(i) + (size_t)(c)->p.assoc])
#define CACHE_VD(c, i) ((c)->w[(i) + 2 * (size_t)(c)->p.assoc])
static inline uint32_t cache_valid(const cache *c, size_t i) { return (uint32_t)CACHE_VD(c, i); }
static inline uint32_t cache_dirty(const cache *c, size_t i) { return (uint32_t)(CACHE_VD(c, i) >> 32); }

/* for policies: the way of the set at base with the smallest stamp (the first on ties) */
size_t repl_min_stamp(const cache *c, size_t base);
const repl_policy *repl_at(int i);
int repl_count(void);

#endif
