/* sim/exec/warpexec.h — warp and block execution shared by both modes. */
#ifndef WARPSIM_WARPEXEC_H
#define WARPSIM_WARPEXEC_H
#include "exec.h"
#include "func.h"
#include "simt_stack.h"

typedef struct {
    isa_warp_regs regs;
    simt_stack stack;
    int block;               /* slot index */
    int index;               /* warp index in the block */
    uint64_t live;           /* lanes not yet exited */
    int at_barrier, done;
    uint64_t age;            /* dispatch order: lower is older (schedulers) */
    uint8_t *local;          /* warp_size * local_bytes */
    /* spin detection: state hash at a backward branch */
    int32_t spin_pc;
    uint64_t spin_hash, spin_epoch;
    uint32_t spin_count;
    int spinning;
} xwarp;

typedef struct {
    int active;
    uint32_t ctaid[3];
    int sm;
    int first_warp, nwarps, live_warps, arrived, exited_warps;
    uint64_t released;       /* barrier releases so far (the timing model charges their cost) */
    uint8_t *shared;
} xblock;

typedef struct {
    const func_launch *l;
    const isa_kernel *k;
    const config *cfg;
    gmem *mem;
    kernel_stats *st;
    diag *d;
    int ws, warps_per_block, threads_per_block, blocks_per_sm, nslots, nsm;
    xblock *blocks;
    xwarp *warps;
    uint64_t next_block, total_blocks, next_age;
    xwarp *cur;
    uint64_t clock;          /* instructions so far: the functional clock */
    uint64_t clock_divider;  /* the clock register counts once per this many cycles (sm.clock_divider) */
    uint64_t clock_domain;   /* SMs sharing one clock register (sm.clock_domain) */
    uint64_t clock_skew;     /* offsets of the domains' registers lie in [0, this) (sm.clock_skew) */
    const uint64_t *cycle;   /* timing mode: the SM cycle counter read by SR_CLOCK* */
    uint64_t local_epoch;    /* shared/local writes, exits, barrier releases */
    uint64_t last_epoch, since_progress;
    stack_order order;
    int its;                 /* simt.model = its: independent thread scheduling */
    const func_options *opt;
    uint64_t *used;
    isa_env env;
} xrun;

/* what one executed instruction did, for the timing model */
typedef struct {
    int pc;
    const isa_insn *insn;
    isa_result res;
    uint64_t active;         /* lanes that issued */
    int diverged;            /* a branch split the warp */
    int redirected;          /* the next pc is not pc + 1 */
} xstep;

/* set up nslots = blocks_per_sm * nsm block slots; slot s lives on SM s % nsm.
 * Returns FUNC_OK, or FUNC_BAD_LAUNCH (reported in d). */
func_status xrun_init(xrun *r, const func_launch *l, gmem *mem, const config *cfg, const func_options *opt,
                      kernel_stats *st, uint64_t *used, diag *d, int nsm);
void xrun_free(xrun *r);
/* start the next block of the grid in a free slot; returns 0 when none is left */
int xrun_start_block(xrun *r, int slot);
/* execute the warp's next instruction, counting it into st; -1 on a fault (reported) */
int xrun_step(xrun *r, xwarp *w, kernel_stats *st, xstep *out);
/* every live warp spins without progress or waits at a barrier */
int xrun_deadlocked(xrun *r);
void xrun_report_deadlock(xrun *r);
/* the run's progress counter (memory changes, exits, barrier releases) */
uint64_t xrun_epoch(const xrun *r);
/* true when the instruction limit is reached (reported) */
int xrun_over_limit(xrun *r, xwarp *w);

#endif
