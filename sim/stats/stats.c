/* sim/stats/stats.c — counter names and derived figures. */
#include "stats.h"
#include "util/xalloc.h"
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

const int par_threads[PAR_COUNTS] = { 2, 8, 16, 64 };

const char *const stat_names[STAT_COUNT] = {
#define STAT(name, doc) #name,
#include "stats.def"
#undef STAT
};

const char *const stat_docs[STAT_COUNT] = {
#define STAT(name, doc) doc,
#include "stats.def"
#undef STAT
};

double stats_simd_efficiency(const kernel_stats *s)
{
    if (!s->v[STAT_warp_instructions] || !s->warp_size) return 0;
    return (double)s->v[STAT_thread_instructions] /
           ((double)s->v[STAT_warp_instructions] * s->warp_size);
}

const char *const stall_names[STALL_COUNT] = {
#define STALL(name, doc) #name,
#include "stalls.def"
#undef STALL
};

const char *const stall_docs[STALL_COUNT] = {
#define STALL(name, doc) doc,
#include "stalls.def"
#undef STALL
};

const char *const epart_names[EPART_COUNT] = {
#define EPART(name, per_pc, doc) #name,
#include "energy_parts.def"
#undef EPART
};
const char *const epart_docs[EPART_COUNT] = {
#define EPART(name, per_pc, doc) doc,
#include "energy_parts.def"
#undef EPART
};
const int epart_per_pc[EPART_COUNT] = {
#define EPART(name, per_pc, doc) per_pc,
#include "energy_parts.def"
#undef EPART
};

const char *const event_names[EVENT_COUNT] = {
#define EVENT(name, key, part, scale, doc) #name,
#include "energy_events.def"
#undef EVENT
};
const char *const event_keys[EVENT_COUNT] = {
#define EVENT(name, key, part, scale, doc) "energy." #key,
#include "energy_events.def"
#undef EVENT
};
const char *const event_docs[EVENT_COUNT] = {
#define EVENT(name, key, part, scale, doc) doc,
#include "energy_events.def"
#undef EVENT
};

void stats_free(kernel_stats *s)
{
    free(s->energy.pc_joules);
    s->energy.pc_joules = NULL;
    free(s->per_pc);
    free(s->per_sm);
    free(s->mem_pc);
    s->per_pc = NULL;
    s->per_sm = NULL;
    s->mem_pc = NULL;
}

void stats_count_access(kernel_stats *s, int space, int is_store, int is_atomic)
{
    static const int counter[3][3] = {
        { STAT_global_loads, STAT_global_stores, STAT_global_atomics },
        { STAT_shared_loads, STAT_shared_stores, STAT_shared_atomics },
        { STAT_local_accesses, STAT_local_accesses, STAT_local_accesses },
    };
    if (space >= 0 && space < 3) s->v[counter[space][is_atomic ? 2 : is_store ? 1 : 0]]++;
}

void stats_grow_pc(kernel_stats *s, int npc)
{
    if (npc <= s->npc) return;
    if (s->mem_pc) {
        s->mem_pc = xrealloc(s->mem_pc, (size_t)npc * sizeof *s->mem_pc);
        memset(s->mem_pc + s->npc, 0, (size_t)(npc - s->npc) * sizeof *s->mem_pc);
    } else {
        s->per_pc = xrealloc(s->per_pc, (size_t)npc * sizeof *s->per_pc);
        memset(s->per_pc + s->npc, 0, (size_t)(npc - s->npc) * sizeof *s->per_pc);
    }
    s->npc = npc;
}

double stats_ipc(const kernel_stats *s)
{
    return s->cycles ? (double)s->v[STAT_warp_instructions] / (double)s->cycles : 0;
}

const pc_stat_info pc_stat_table[PC_STAT_COUNT] = {
#define PC_STAT(field, json, group, merge, view, text, doc) \
    { #field, json, #group, doc, text, offsetof(pc_stats, field), PC_MERGE_##merge, PC_VIEW_##view },
#define PC_MERGE_SUM 0
#define PC_MERGE_MAX 1
#include "pc_stats.def"
#undef PC_STAT
};

/* npc rows of `size` bytes, zero (one at least) */
static void *pc_rows(int npc, size_t size) { return xcalloc((size_t)(npc ? npc : 1), size); }

void stats_local_init(kernel_stats *s, int npc)
{
    memset(s, 0, sizeof *s);
    s->npc = npc;
    s->per_pc = pc_rows(npc, sizeof *s->per_pc);
}

void stats_mem_init(kernel_stats *s, int npc)
{
    memset(s, 0, sizeof *s);
    s->npc = npc;
    s->mem_pc = pc_rows(npc, sizeof *s->mem_pc);
}

/* a memory-side block's per-PC counters into dst's rows */
static void merge_mem_pc(kernel_stats *dst, const kernel_stats *src, int n)
{
    for (int pc = 0; pc < n; pc++) {
        const mem_pc_stats *x = &src->mem_pc[pc];
        pc_stats *d = &dst->per_pc[pc];
        d->l1_hits += x->l1_hits;
        d->l1_misses += x->l1_misses;
        d->l2_hits += x->l2_hits;
        d->l2_misses += x->l2_misses;
    }
}

static void merge_pc(pc_stats *d, const pc_stats *x)
{
    for (int i = 0; i < PC_STAT_COUNT; i++) {
        uint64_t *a = (uint64_t *)((char *)d + pc_stat_table[i].offset);
        uint64_t b = *(const uint64_t *)((const char *)x + pc_stat_table[i].offset);
        if (pc_stat_table[i].is_max) { if (b > *a) *a = b; }
        else *a += b;
    }
    for (int r = 0; r < STALL_COUNT; r++) d->stall[r] += x->stall[r];
}

void stats_merge_counters(kernel_stats *dst, const kernel_stats *src)
{
    for (int i = 0; i < STAT_COUNT; i++) dst->v[i] += src->v[i];
    for (int r = 0; r < STALL_COUNT; r++) dst->stall[r] += src->stall[r];
    for (int b = 0; b < CONFLICT_BUCKETS; b++) dst->conflict_hist[b] += src->conflict_hist[b];
}

void stats_merge(kernel_stats *dst, const kernel_stats *src)
{
    stats_merge_counters(dst, src);
    int n = src->npc < dst->npc ? src->npc : dst->npc;
    if (src->mem_pc) merge_mem_pc(dst, src, n);
    else if (src->per_pc)
        for (int pc = 0; pc < n; pc++) merge_pc(&dst->per_pc[pc], &src->per_pc[pc]);
}

double stats_dram_gbps(const kernel_stats *s)
{
    return s->cycles ? (double)s->v[STAT_dram_bytes] / ((double)s->cycles / (s->clock_mhz * 1e6)) / 1e9 : 0;
}
