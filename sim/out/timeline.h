/* sim/out/timeline.h — `--timeline FILE.json`: a timed run in the Chrome /
 * Perfetto trace-event format (ui.perfetto.dev, chrome://tracing): a process
 * per SM, a track per warp (or per scheduler), a slice per issued
 * instruction and per wait with its stall reason, and counters per SM
 * (warp instructions issued, warps issuing, memory line requests) per
 * window of cycles. One cycle is shown as one microsecond, counted from the
 * start of each launch; each launch has processes of its own, labelled with
 * the run's cycle it began at, and each issue carries its run cycle. */
#ifndef WARPSIM_TIMELINE_H
#define WARPSIM_TIMELINE_H
#include "exec/observer.h"

typedef struct {
    uint64_t from, to;          /* cycles of each launch kept: [from, to) */
    uint64_t block_lo, block_hi; /* linear block indices kept: [lo, hi] */
    int per_scheduler;          /* tracks per scheduler instead of per warp */
    uint64_t window;            /* cycles per counter sample */
    uint64_t max_events;        /* the file stops growing here (and says so) */
} timeline_opts;

typedef struct timeline timeline;

/* the file is written whole at timeline_close, or not at all */
timeline *timeline_open(const char *path, const timeline_opts *o, diag *d);
sim_observer timeline_observer(timeline *t);
/* finish and rename the file into place; nonzero on a write error (reported) */
int timeline_close(timeline *t, int keep, diag *d);
/* events written (for the caller's message) */
uint64_t timeline_events(const timeline *t);

#endif
