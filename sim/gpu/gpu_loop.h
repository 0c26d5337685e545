/* sim/gpu/gpu_loop.h — what the two cycle loops share (private to sim/gpu):
 * the GPU of one launch and the steps around the SMs' part of a cycle.
 * timing.c runs every cycle in turn (sim.window = 1); windows.c runs the
 * SMs a window of cycles at a time. */
#ifndef WARPSIM_GPU_LOOP_H
#define WARPSIM_GPU_LOOP_H
#include "timing.h"
#include "sm/sm.h"
#include "gpu_state.h"
#include "sm_crews.h"

typedef struct {
    timing_driver *drv;
    sm_params p;
    mem_params mp;
    memsys *mem;
    sm_t *sms;
    int nsm, nslots;
    uint8_t *slot_active;
    timing_gpu *gs;          /* what outlives the launch (gpu_state.h) */
    int active_blocks;       /* blocks resident on some SM */
    uint64_t blocks_started, issued;  /* for the progress line */
    uint64_t launch_overhead; /* launch.overhead: cycles added to the kernel */
    kernel_stats *stats;     /* the kernel's: blocks' own counters are summed into it */
    int npc;                 /* instructions the blocks' per-PC counters hold */
    /* per thread of the crews (pc_nsets of them): the per-PC rows its SMs count into (sm_t.st) */
    kernel_stats *pc_sets;
    int pc_nsets;
    diag *d;
    sm_crews *crews;         /* who runs the SMs' part of each cycle */
    int window;              /* cycles per window (timing_window) */
    int spans;               /* sim.spans: windows' slices apart (memsys_span_begin) */
    int fill_parts;          /* this span's parts of the driver's fill jobs (windows.c) */
    int group;               /* SMs sharing a constant cache: one crew's */
    uint64_t *returned;      /* windows: per SM, the cycle whose returns it has had */
    uint64_t *work;          /* windows: per SM, its work in the last window (par_stats) */
    uint64_t *crew_work;     /* windows: count_work's sums per crew (at most one crew an SM) */
} gpu_t;

/* retire finished blocks of SM m and refill their slots; -1 on an error */
int gpu_refill(gpu_t *g, int m);
/* the loop stops at `now`: sleeping SMs' slots are charged up to it */
func_status gpu_stop(gpu_t *g, uint64_t now, func_status status);
/* a signal or --max-cycles stopped the run before the kernel's end */
func_status gpu_early_stop(gpu_t *g, uint64_t start, uint64_t now, uint64_t resident_sum, int max_warps);
/* no instruction issued for 10 million cycles: a simulator bug, reported */
func_status gpu_stuck(gpu_t *g, uint64_t now);
/* the kernel ended at `now`: its cycles (with the launch overhead) and occupancy */
func_status gpu_finish(gpu_t *g, kernel_stats *st, uint64_t start, uint64_t now, uint64_t resident_sum, int max_warps);
/* sampled simulation: stop timing the launch (every resident warp leaves) */
void gpu_sample_stop(gpu_t *g);
/* an observer's periodic look at the memory system's counters */
void gpu_sample_memory(gpu_t *g, const struct sim_observer *obs, uint64_t now, uint64_t *next);
/* windows.c: the launch's cycle loop in windows of g->window cycles */
func_status gpu_window_loop(gpu_t *g, kernel_stats *st, int max_warps);

#endif
