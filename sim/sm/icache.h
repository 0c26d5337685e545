/* sim/sm/icache.h — the SM's instruction cache as the fetch unit sees it:
 * read-only lines that take icache.miss_latency to arrive, and a sequential
 * prefetcher that requests the next icache.prefetch_lines lines whenever
 * fetch enters a line. A line being filled is present but not yet usable:
 * a fetch that hits it waits for its arrival. It outlives a launch when the
 * GPU keeps its caches between launches (launch.flush). */
#ifndef WARPSIM_SM_ICACHE_H
#define WARPSIM_SM_ICACHE_H
#include "mem/cache.h"
#include "stats/stats.h"

#define ICACHE_FILLS 8               /* lines in flight at once (misses and prefetches) */

typedef struct {
    cache c;
    int line, miss_latency, prefetch_lines;
    uint64_t fill_line[ICACHE_FILLS], fill_ready[ICACHE_FILLS];
    int nfill;
    uint64_t last_line;              /* the line fetch entered last (prefetch once per entry) */
} icache_unit;

void icache_unit_init(icache_unit *u, const cache_params *p, int miss_latency, int prefetch_lines);
void icache_unit_free(icache_unit *u);
/* the cycle at which the instruction at byte address addr can be decoded
 * (now on a hit to an arrived line); counts hits, misses and prefetches */
uint64_t icache_unit_fetch(icache_unit *u, uint64_t addr, uint64_t now, kernel_stats *st);
/* every line invalid (a new launch with launch.flush = all) */
void icache_unit_flush(icache_unit *u);

#endif
