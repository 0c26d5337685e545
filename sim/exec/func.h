/* sim/exec/func.h — the functional runner: every block and warp of a launch to
 * completion, with SIMT-stack divergence, barriers, shared and local memory,
 * fault reports and deadlock detection. No timing: the timing model (a later
 * module) drives the same isa_exec at issue. */
#ifndef WARPSIM_FUNC_H
#define WARPSIM_FUNC_H
#include "isa.h"
#include "asm.h"
#include "config/config.h"
#include "memory.h"
#include "stats/stats.h"
#include "diag.h"

typedef struct {
    const isa_kernel *kernel;
    const src_file *src;        /* for source lines in reports */
    uint32_t grid[3], block[3];
    const uint8_t *cbank;       /* constant bank 0 with the parameters */
    uint32_t cbank_size;
} func_launch;

typedef struct {
    uint64_t max_instructions;  /* warp instructions for the whole run; 0 = no limit */
    uint64_t spin_threshold;    /* instructions without progress before spin checks */
    const struct sim_observer *observer;  /* timed runs: who watches (exec/observer.h), or NULL */
    struct timing_gpu *gpu;     /* timed runs: the GPU kept between launches (gpu/gpu_state.h), or NULL */
    uint64_t max_cycles;        /* timed runs: cycles of one launch; 0 = no limit */
    struct sample_watch *sample; /* timed runs: stop timing once the IPC is stable (gpu/sample_watch.h), or NULL */
} func_options;

/* FUNC_STOPPED: a signal asked for a stop (util/stop.h): reported, the
 * statistics so far kept */
typedef enum { FUNC_OK = 0, FUNC_FAULT = 3, FUNC_BAD_LAUNCH = 2, FUNC_STOPPED = 5 } func_status;

/* run one launch; stats receive the counters; faults, deadlocks and launch
 * errors are reported in d. *instructions_used accumulates across launches. */
func_status func_run(const func_launch *l, gmem *mem, const config *cfg, const func_options *opt,
                     kernel_stats *stats, uint64_t *instructions_used, diag *d);

/* how many blocks of kernel `name` (nregs registers per thread, shared_bytes
 * per block) fit on one SM (0 = none: reason in d) */
/* a launch the timing model stopped timing (sampled simulation) runs on
 * functionally from where its warps are: r was set up by xrun_init and
 * run timed (exec/warpexec.h); every resident and unstarted block runs to
 * its end */
struct xrun;
func_status func_finish(struct xrun *r);

int func_blocks_per_sm(const char *name, int nregs, uint64_t shared_bytes, const uint32_t block[3], const config *cfg, diag *d);

#endif
