/* sim/front/sample_plan.h — sampled simulation between launches
 * (docs/sampling.md). Before a launch the plan says whether it is timed;
 * after it, the plan groups it by its signature (kernel, grid, block, and
 * the functional counts' mix: no timing model needed) and, for a launch
 * run functionally, projects its cycles from its group's timed members
 * (their cycles per warp instruction times its warp instructions), with a
 * 95% interval. A timed launch may itself have been timed only until its
 * IPC was stable (gpu/sample_watch.h): the plan projects its rest. */
#ifndef WARPSIM_SAMPLE_PLAN_H
#define WARPSIM_SAMPLE_PLAN_H
#include "config/config.h"
#include "stats/stats.h"
#include "gpu/sample_watch.h"

typedef struct sample_plan sample_plan;

/* the program's figures: cycles summed (timed and projected) with the 95%
 * interval, and what the timing model saw */
typedef struct {
    uint64_t cycles, lo, hi;
    int launches, launches_timed, launches_inside, launches_projected, groups;
    uint64_t blocks, blocks_timed, instructions, instructions_timed;
} sample_total;

sample_plan *sample_plan_new(const config *cfg);
void sample_plan_free(sample_plan *p);
/* the next launch, of kernel `name` with this grid and block: 1 when the
 * timing model runs it (then with the watch *w, set up here), 0 when it
 * runs functionally */
int sample_plan_begin(sample_plan *p, const char *name, const uint32_t grid[3], const uint32_t block[3],
                      sample_watch *w);
/* the launch has run (timed: w as sample_plan_begin set it, which may
 * have stopped timing early): ks->cycles and ks->sample are set */
void sample_plan_end(sample_plan *p, kernel_stats *ks, int timed, const sample_watch *w);
/* the figures of ks[0 .. n) (each launch's ks->sample as sample_plan_end left it) */
void sample_plan_total(const kernel_stats *ks, int n, sample_total *t);
/* "timed", "sampled" (timed until stable, the rest projected) or "projected" */
const char *sample_mode_name(sample_mode m);

#endif
