/* sim/sm/icache.c — the instruction cache with fill timing and a
 * sequential prefetcher (icache.h). */
#include "icache.h"
#include <string.h>

void icache_unit_init(icache_unit *u, const cache_params *p, int miss_latency, int prefetch_lines)
{
    memset(u, 0, sizeof *u);
    cache_init(&u->c, p);
    u->line = p->line;
    u->miss_latency = miss_latency;
    u->prefetch_lines = prefetch_lines;
    u->last_line = UINT64_MAX;
}

void icache_unit_free(icache_unit *u)
{
    cache_free(&u->c);
    memset(u, 0, sizeof *u);
}

void icache_unit_flush(icache_unit *u)
{
    cache_invalidate(&u->c);
    u->nfill = 0;
    u->last_line = UINT64_MAX;
}

/* the arrival cycle of a line still being filled, or 0; drops arrived fills */
static uint64_t pending(icache_unit *u, uint64_t line, uint64_t now)
{
    uint64_t ready = 0;
    int k = 0;
    for (int i = 0; i < u->nfill; i++) {
        if (u->fill_ready[i] <= now) continue;
        if (u->fill_line[i] == line) ready = u->fill_ready[i];
        u->fill_line[k] = u->fill_line[i];
        u->fill_ready[k++] = u->fill_ready[i];
    }
    u->nfill = k;
    return ready;
}

/* request a line not present; it arrives miss_latency after a fill slot is
 * free. A prefetch finds none free and is dropped; a demand miss takes the
 * slot whose fill arrives first, once it has. Returns the arrival cycle. */
static uint64_t request(icache_unit *u, uint64_t line, uint64_t now, int demand)
{
    int slot = u->nfill;
    uint64_t start = now;
    if (slot == ICACHE_FILLS) {
        if (!demand) return 0;
        slot = 0;
        for (int i = 1; i < u->nfill; i++)
            if (u->fill_ready[i] < u->fill_ready[slot]) slot = i;
        start = u->fill_ready[slot];
    } else {
        u->nfill++;
    }
    uint64_t victim;
    uint32_t vd;
    cache_install(&u->c, line, 1, 0, &victim, &vd);
    u->fill_line[slot] = line;
    u->fill_ready[slot] = start + (uint64_t)u->miss_latency;
    return u->fill_ready[slot];
}

uint64_t icache_unit_fetch(icache_unit *u, uint64_t addr, uint64_t now, kernel_stats *st)
{
    uint64_t line = addr / (uint64_t)u->line * (uint64_t)u->line, ready = now;
    uint64_t filling = u->nfill ? pending(u, line, now) : 0;
    if (cache_lookup(&u->c, line, 1)) {
        st->v[STAT_icache_hits]++;
        if (filling > ready) ready = filling;
    } else {
        st->v[STAT_icache_misses]++;
        ready = request(u, line, now, 1);
    }
    if (line != u->last_line) {
        /* fetch entered a new line: the prefetcher asks for the next ones */
        u->last_line = line;
        for (int k = 1; k <= u->prefetch_lines; k++) {
            uint64_t next = line + (uint64_t)k * (uint64_t)u->line;
            if (!cache_lookup(&u->c, next, 1) && request(u, next, now, 0)) st->v[STAT_icache_prefetches]++;
        }
    }
    return ready;
}
