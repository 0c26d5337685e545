/* sim/gpu/sample_watch.h — sampled simulation inside a launch (docs/sampling.md):
 * the cycle loop reports, at each window of its own, the cycles and warp
 * instructions so far; the watch measures IPC over windows of
 * sample.window cycles and says when the last sample.windows of them lie
 * within sample.tolerance of their mean (Principal Kernel Analysis's
 * stability test, MICRO 2021), and then the rate over the next
 * sample.confirm times as many cycles agrees with theirs within
 * sample.tolerance (else the windows double and the search starts again:
 * a launch that drifts over long stretches is timed longer). The loop then stops timing the launch: the
 * resident warps leave the SMs, the memory side drains, and the driver
 * runs the rest functionally. Nothing here allocates. */
#ifndef WARPSIM_SAMPLE_WATCH_H
#define WARPSIM_SAMPLE_WATCH_H
#include <stdint.h>
#include "config/config.h"

#define SAMPLE_MAX_WINDOWS 64   /* sample.windows' bound (config_keys.def) */

typedef struct sample_watch {
    uint64_t window;             /* cycles per IPC window */
    int need;                    /* consecutive stable windows */
    double tol;                  /* relative bound */
    int confirm;                 /* sample.confirm: the confirmation's length in stable spans */
    /* state */
    uint64_t span_cycle, span_issued;    /* where the stable windows began */
    double first_rate;           /* the stable windows' mean, awaiting confirmation (0: none yet) */
    uint64_t confirm_at;         /* the confirmation ends at this cycle */
    uint64_t at_cycle, at_issued;/* the current window's start */
    double ipc[SAMPLE_MAX_WINDOWS];   /* the last `need` windows, a ring */
    uint64_t starts[SAMPLE_MAX_WINDOWS][2];   /* each one's first cycle and warp instructions */
    int n;                       /* windows measured */
    /* the result, once stable */
    int stopped;
    uint64_t stop_cycle, stop_issued, stop_blocks;   /* at the stop: cycles from the launch's start, warp instructions, blocks started */
    double rate;                 /* the stable IPC: the mean of the last `need` windows */
    double rel_sd;               /* their standard deviation over their mean */
} sample_watch;

/* a watch with the config's sample.* knobs */
void sample_watch_init(sample_watch *s, const config *cfg);
/* the loop is at `cycle` cycles from the launch's start with `issued`
 * warp instructions: 1 when the IPC has just become stable (the stop
 * point is recorded with blocks started) */
int sample_watch_step(sample_watch *s, uint64_t cycle, uint64_t issued, uint64_t blocks);
/* Student's t quantile for a two-sided 95% interval with df degrees of freedom */
double sample_t95(int df);

#endif
