/* sim/exec/observer.h — the one way outputs watch a run: a table of
 * callbacks that the model calls at a launch's beginning and end, a block's
 * start and end, each issued warp instruction, and (timed runs) the memory
 * work of each memory instruction as the LD/ST unit hands it on. Trace emission
 * (sim/out/trace_emit.c) is one observer; views and sweeps attach the same
 * way. With no observer (NULL) the model pays one pointer test per event.
 * Any callback may be NULL. */
#ifndef WARPSIM_OBSERVER_H
#define WARPSIM_OBSERVER_H
#include <stdint.h>
#include "diag.h"
#include "isrc.h"

/* the static facts of a launch, as observers see them; every pointer stays
 * valid until the launch's kernel_end has returned */
typedef struct {
    const char *name;
    const uint32_t *grid, *block;          /* 3 each */
    int shared_bytes, nregs, npc;
    const isrc_static *facts;              /* npc: each pc's static facts */
    const char *const *texts;              /* npc: each pc's disassembly */
    const int *lines;                      /* npc: each pc's source line */
    const isa_srcloc *srcloc;              /* npc: each pc's CUDA line (nvcc's SASS with a line table), or NULL */
} obs_kernel;

/* one memory event of a timed run: a line request of a global or local
 * access (one event per request), or a shared access's passes (one event) */
typedef struct {
    int sm, warp, pc;                      /* SM, SM-local warp, instruction */
    uint64_t cycle;                        /* core cycle of the issue */
    int space;                             /* isa_space */
    int kind;                              /* isa_kind: KIND_LOAD, KIND_STORE or KIND_ATOMIC */
    uint64_t line;                         /* global/local: the line's address */
    uint32_t sectors;                      /* bit i: sector i of the line */
    uint64_t lanes;                        /* the lanes this request (or access) serves */
    int passes, worst_conflict;            /* shared: passes through the banks, worst degree */
} obs_mem;

/* one issued warp instruction of a timed run */
typedef struct {
    int slot, warp;                        /* the block's slot (as block_start named it), the warp in the block */
    int sm, scheduler;                     /* the SM it issued on, and the scheduler */
    uint64_t cycle;                        /* core cycle of the issue */
    const isrc_static *st;                 /* the instruction */
    const isrc_dynamic *dy;                /* what it did: active and executed lanes, divergence, stack depth */
    int waited_reason;                     /* stalls.def: why the warp did not issue the cycle before, -1 it did */
    uint64_t waited;                       /* cycles since the warp's previous issue (or its start) */
} obs_issue;

typedef struct sim_observer {
    void *ctx;
    int (*kernel_begin)(void *ctx, const obs_kernel *k, diag *d);       /* nonzero: error (reported) */
    void (*block_start)(void *ctx, int slot, const uint32_t ctaid[3], int nwarps);
    void (*issue)(void *ctx, const obs_issue *e);
    void (*mem_access)(void *ctx, const obs_mem *m);
    int (*block_end)(void *ctx, int slot, diag *d);
    int (*kernel_end)(void *ctx, diag *d);
    /* timed runs: every sample_interval cycles (0: never), the memory
     * system's counters so far in this launch (v[] only) */
    void (*sample)(void *ctx, uint64_t cycle, const kernel_stats *memory);
    uint64_t sample_interval;
} sim_observer;

#endif
