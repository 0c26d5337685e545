/* sim/stats.c — counter names and derived figures. */
#include "stats.h"

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
