/* sim/exec/warpexec.h — warp and block execution shared by both modes. */
#ifndef WARPSIM_WARPEXEC_H
#define WARPSIM_WARPEXEC_H
#include "exec.h"
#include "func.h"
#include "simt_stack.h"
#include <pthread.h>

typedef struct {
    isa_warp_regs regs;
    simt_stack stack;
    int block;               /* slot index */
    int index;               /* warp index in the block */
    uint64_t live;           /* lanes not yet exited */
    int at_barrier, done;
    int bar_id;              /* the barrier (0..15) it waits at, while at_barrier */
    uint64_t bar_lanes;      /* independent thread scheduling: lanes already waiting at the block barrier */
    uint64_t red_true, red_seen; /* BAR.RED: this warp's lanes with a true predicate, and all its lanes there */
    uint64_t age;            /* dispatch order: lower is older (schedulers) */
    uint8_t *local;          /* warp_size * local_bytes */
    /* spin detection: state hash at a backward branch */
    int32_t spin_pc;
    uint64_t spin_hash, spin_epoch;
    uint32_t spin_count;
    int spinning;
} xwarp;

/* one of a block's 16 barriers (PTX ISA bar.sync a, b): the warps that
 * arrived since it last completed, and the thread count this round names
 * (0: every live thread of the block) */
typedef struct {
    int arrived;             /* warps arrived (BAR.SYNC and BAR.RED wait, BAR.ARV goes on) */
    int named;               /* an arrival named a thread count this round (need) */
    uint32_t need;
    uint32_t red_count, red_total;   /* BAR.RED: true predicates and threads of the warps arrived */
    int red_op;              /* BAR.RED's reduction (MOD_BRED_*), 0 for a plain BAR.SYNC */
} xbarrier;

typedef struct {
    int active;
    int set_up;              /* its warps were set up (a slot's first block): xrun_start_block */
    uint32_t ctaid[3];
    int sm;
    int first_warp, nwarps, live_warps, exited_warps;
    uint64_t released;       /* barrier releases so far (the timing model charges their cost) */
    uint64_t released_warps; /* the warps the last release freed (bit = warp index; ~0: all, or beyond 64) */
    uint32_t bar_busy;       /* bit i: barrier i has arrivals */
    xbarrier bar[ISA_BARRIERS];
    uint8_t *shared;
    uint32_t *regs;          /* its warps' registers, warp after warp (set up with the slot) */
} xblock;

/* what the timing model looks at in every warp at every issue slot, kept
 * dense (a few cache lines for all the warps, not one per xwarp): the
 * warp's next pc (-1 once done) and whether it waits at a barrier. Kept by
 * xrun_start_block, xrun_step and the barrier code. */
typedef struct {
    int32_t pc;
    int32_t at_barrier;
    /* its register rows (as its xwarp's regs.regs), for the instruction
     * source's prefetch: read here, with the pc, they start on their way
     * without waiting for the xwarp's own line */
    const uint32_t *regs;
} xpeek;

/* a global access made with isa_env.defer_global, applied at the cycle's end */
typedef struct {
    const isa_insn *in;
    isa_warp_regs *regs;
    isa_result res;
} xdeferred;

/* what executing an instruction changes beyond the warp's own block, kept
 * per SM so that the timing model can run SMs on several threads with one
 * result: the warp in hand, the SM's progress count and instruction count,
 * its reports and its deferred global accesses. The functional runner uses
 * the first only. */
typedef struct xsm {
    /* SMs on different threads write their own xsm: none shares a cache line */
    _Alignas(64) struct xrun *r;
    xwarp *cur;              /* the warp executing */
    isa_env env;
    diag own;                /* timing: this SM's reports, until xrun_take_fault */
    diag *d;                 /* where reports go: own, or the run's (functional) */
    uint64_t local_epoch;    /* shared/local writes, exits, barrier releases on this SM */
    uint64_t epoch_at_end;   /* local_epoch at the last cycle's end (others': xrun.epoch_total less it) */
    uint64_t last_epoch, since_progress;
    uint64_t used;           /* timing: warp instructions since the last cycle's end */
    xdeferred *log;          /* timing: global accesses since the last cycle's end */
    int nlog, caplog;
    int log_writes;          /* timing: the log holds a store or an atomic */
    int log_early;           /* timing: its loads were applied at its window's end (xrun_commit_early) */
    uint64_t chk[2];         /* [lo, hi): the buffer of the last global access checked (no
                                buffer is released during a launch): the lanes after it
                                need no search (isa_env.checked) */
    int index;               /* its SM */
    int marked;              /* timing: its bit in xrun.stepped is set */
} xsm;

typedef struct xrun {
    const func_launch *l;
    const isa_kernel *k;
    const config *cfg;
    gmem *mem;
    kernel_stats *st;
    diag *d;
    int ws, warps_per_block, threads_per_block, blocks_per_sm, nslots, nsm;
    xblock *blocks;
    xwarp *warps;
    xpeek *peek;             /* per warp, as warps */
    uint64_t next_block, total_blocks, next_age;
    xsm *sms;                /* nsm of them (the functional runner uses the first) */
    int timed;               /* xrun_set_timed: each SM its own xsm, global accesses deferred */
    /* SMs on several threads: the global accesses made at issue (LDGSTS's
     * read) take this lock, as reading gmem creates pages and moves its
     * look-up caches; NULL on one thread */
    pthread_mutex_t *gmem_lock;
    uint64_t epoch_total;    /* the SMs' local_epoch summed at the last cycle's end */
    /* timing: a bit per SM that stepped a warp since the last cycle's end
     * (only those have anything for xrun_end_cycle: with many SMs most
     * have not); set once per cycle by the SM's own thread */
    _Atomic uint64_t *stepped;
    uint64_t gmem_epoch_seen; /* global memory's progress count at the last cycle's end */
    uint64_t clock;          /* instructions so far: the functional clock */
    uint64_t clock_divider;  /* the clock register counts once per this many cycles (sm.clock_divider) */
    uint64_t clock_domain;   /* SMs sharing one clock register (sm.clock_domain) */
    uint64_t clock_skew;     /* offsets of the domains' registers lie in [0, this) (sm.clock_skew) */
    const uint64_t *cycle;   /* timing mode: SM 0's cycle counter read by SR_CLOCK*; SM m's */
    size_t cycle_stride;     /* lies cycle_stride * m bytes further (SMs run windows apart) */
    stack_order order;
    int its;                 /* simt.model = its: independent thread scheduling */
    int release_exited;      /* simt.exited_at_barrier = release: exited threads do not hold a barrier */
    const func_options *opt;
    uint64_t *used;
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
/* the timing model's mode: each SM executes through its own xsm. With
 * defer (SMs on several threads), global accesses wait for xrun_end_cycle;
 * without, they happen at issue, which gives the same result when the SMs
 * run one after the other in SM order (and costs less) */
void xrun_set_timed(xrun *r, int defer);
/* the SMs run on several threads (xrun.gmem_lock) */
void xrun_set_threaded(xrun *r);
/* the end of a cycle (timing): every SM's deferred global accesses applied
 * in SM order, then in issue order (as if the SMs had executed one after
 * the other), and the SMs' counts merged */
void xrun_end_cycle(xrun *r);
/* timing: keep SM c's deferred global access for xrun_end_cycle (its
 * addresses, and the data a store or an atomic writes) */
void xsm_defer(xsm *c, const isa_insn *in, isa_warp_regs *regs, const isa_result *res);
/* timing, on SM m's thread at the end of its window: an SM whose log holds
 * loads alone applies them now, so that the SMs' threads share that work.
 * xrun_end_cycle applies them again, in order, where an SM before m wrote
 * memory in the window (the values it gives are those of the serial order
 * otherwise: no one writes memory while the SMs run) */
void xrun_commit_early(xrun *r, int m);
/* timing: SM m's report of its fault goes to the run's diag */
void xrun_take_fault(xrun *r, int m);
/* execute the warp's next instruction, counting it into st; -1 on a fault (reported) */
int xrun_step(xrun *r, xwarp *w, kernel_stats *st, xstep *out);
/* every live warp spins without progress or waits at a barrier */
int xrun_deadlocked(xrun *r);
/* a report lists this many warps in full, and counts the rest */
#define XRUN_REPORT_WARPS 32
/* a stop before the end (why: "stopped by SIGINT at ..."): the message
 * and where each resident warp is */
void xrun_report_stop(xrun *r, const char *why);
/* warpbar.c: warp w's current path reaches barrier res->bar_id at pc
 * (BAR.SYNC, BAR.RED, BAR.ARV); lanes of w exit at pc. Both return -1 on
 * a fault (reported), else 0. */
int xbar_arrive(xsm *c, xwarp *w, xblock *b, int pc, const isa_result *res);
/* "at barrier 3 (64 of 128 threads arrived)", for reports */
void xbar_describe(const xrun *r, const xwarp *w, char *buf, size_t len);
int xbar_exit(xsm *c, xwarp *w, xblock *b, uint64_t lanes, int pc);
/* "kernel K, block (x,y,z), warp W", and source line `line` trimmed, for reports */
void xrun_where(const xrun *r, const xwarp *w, char *buf, size_t len);
const char *xrun_src_text(const xrun *r, int line, char *buf, size_t len);
/* ", CUDA file:line (inlined at ...)" for pc, or "" without a line table (warpexec_where.c) */
void xrun_cuda_where(const xrun *r, int pc, char *buf, size_t len);
/* one warp's place (block, warp, pc, source line) and what it waits for */
void xrun_describe_warp(xrun *r, int xw, const char *waits);
void xrun_report_deadlock(xrun *r);
/* the run's progress counter (memory changes, exits, barrier releases) */
uint64_t xrun_epoch(const xrun *r);
/* count one warp instruction of w against --max-instructions: 1 when the
 * limit is reached (reported), not counted then. In timing mode an SM sees
 * the count at the last cycle's end plus its own since. */
int xrun_count(xrun *r, xwarp *w);

#endif
