/* sim/stats.h — counters of a kernel launch (sim/stats.def). */
#ifndef WARPSIM_STATS_H
#define WARPSIM_STATS_H
#include <stdint.h>
#include <stdio.h>

enum {
#define STAT(name, doc) STAT_##name,
#include "stats.def"
#undef STAT
    STAT_COUNT
};

typedef struct {
    char kernel[64];
    int warp_size;
    uint64_t v[STAT_COUNT];
} kernel_stats;

extern const char *const stat_names[STAT_COUNT];
extern const char *const stat_docs[STAT_COUNT];

/* active lanes / (warp instructions * warp size) */
double stats_simd_efficiency(const kernel_stats *s);

#endif
