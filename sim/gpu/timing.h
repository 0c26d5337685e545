/* sim/gpu/timing.h — the cycle-level run of a launch: CTA dispatch onto SMs
 * within the occupancy limits, every SM ticked each cycle, blocks refilled
 * as they finish, deadlocks detected. */
#ifndef WARPSIM_TIMING_H
#define WARPSIM_TIMING_H
#include "exec/func.h"
#include "exec/isrc.h"

/* what the cycle loop needs from a launch: its instruction source and its
 * blocks. Slot s lives on SM s mod nsm; warp i of slot s is source warp
 * s * warps_per_block + i. Two drivers exist: the execution-driven one
 * (front/exec_driver.c, over exec/warpexec.c) and the trace reader's
 * (front/trace_run.c). */
typedef struct timing_driver timing_driver;
struct timing_driver {
    void *ctx;
    isrc *src;
    const char *name;                 /* the kernel, for messages */
    int warps_per_block, blocks_per_sm, npc;
    /* start the next block in slot s: 1 started, 0 none left, -1 error (reported) */
    int (*start_block)(timing_driver *t, int slot);
    /* 1 when the block in slot s has finished (the slot is free from then on) */
    int (*block_finished)(timing_driver *t, int slot);
    uint64_t (*warp_age)(timing_driver *t, int xw);
    /* 1 when the resident warps can make no progress (reported) */
    int (*deadlocked)(timing_driver *t);
    const uint64_t **clock;           /* set to the core cycle counter (SR_CLOCKLO) */
    const struct sim_observer *obs;   /* who watches the SMs' memory work, or NULL */
    struct timing_gpu *gpu;           /* the GPU kept between launches (gpu_state.h), or NULL: a cold one */
    int shared_per_block;             /* shared memory bytes a block declares (the L1 carveout) */
    /* after every SM's part of a cycle, before blocks are refilled: apply
     * what the SMs deferred (global memory accesses) in SM order; NULL when
     * the source defers nothing */
    void (*end_cycle)(timing_driver *t);
    /* windows: SM m's window is over, on its crew's thread (NULL: nothing
     * to do): the driver may apply part of what end_cycle would */
    void (*sm_window_end)(timing_driver *t, int sm);
    /* SM m's issue failed: its report joins the run's (NULL: it is there) */
    void (*take_fault)(timing_driver *t, int sm);
    /* the run stops early (why: "stopped by SIGINT", "reached --max-cycles=N"):
     * the driver's message; then each resident warp's place, with what the
     * SM says it waits for */
    void (*report_stop)(timing_driver *t, const char *why);
    void (*describe_warp)(timing_driver *t, int xw, const char *waits);
    uint64_t max_cycles;              /* 0: no limit */
    uint64_t blocks_total;            /* the grid's blocks, for the progress line (0: unknown) */
    /* with clock: set to the distance in bytes from SM 0's counter to SM
     * 1's (each SM's counter is its own: SMs run windows of cycles apart) */
    size_t *clock_stride;
    /* work that may run on the memory side's threads while no SM runs
     * (NULL: none): the driver's jobs waiting (fill_jobs), part `part` of
     * `parts` of them (fill_run; parts run at once), and the serial close
     * after the parts (fill_end). The exec driver fills pages of global
     * memory ahead of a stream of first touches (gmem_prefill) */
    int (*fill_jobs)(timing_driver *t);
    void (*fill_run)(timing_driver *t, int part, int parts);
    void (*fill_end)(timing_driver *t);
    /* sampled simulation (sample_watch.h): the loop stops timing the launch
     * once the watch finds its IPC stable (NULL: timed to the end) */
    struct sample_watch *sample;
};

/* run the launch cycle by cycle; nslots = blocks_per_sm * sm.count. With
 * windows (sim.window > 1) the SMs run a window at a time, on sim.threads
 * threads when there is no observer; the source's issue must then touch
 * only the issuing SM's state, deferring the rest to end_cycle, which comes
 * at the window's end. */
func_status timing_run_driver(timing_driver *t, const config *cfg, kernel_stats *stats, diag *d);
/* the cycles per window a config gives (sim.window; 0 and values above the
 * bound: min(icnt.latency, l1.latency)) */
int timing_window(const config *cfg);
/* 1 when the instruction source must defer global memory (isa_env
 * .defer_global) to the driver's end_cycle: SMs in windows (only they run
 * on several threads) */
int timing_defers(const config *cfg);
/* the host threads a timed run spreads its SMs over: sim.threads, or one
 * per core online when it is 0 (auto, the default) */
int timing_threads(const config *cfg);
/* sim.threads = 1 unless a config file or --set gave it: for runs that run
 * beside others (a sweep's points, a validation's rows) */
void timing_one_thread_unless_set(config *cfg);


#endif
