/* sim/sm/sm_params.h — what an SM is made of, read from a config once per
 * launch: its execution units, schedulers, front end, caches, LD/ST unit
 * and shared memory. */
#ifndef WARPSIM_SM_PARAMS_H
#define WARPSIM_SM_PARAMS_H
#include "config/config.h"
#include "mem/cache.h"
#include "sched.h"
#include "opcoll.h"
#include "exec.h"

#define SM_MAX_INSTANCES 16
/* the least a device-library call (CALL.ABS) holds its warp: sm_params.c */
#define SM_DEVLIB_LEAST 256

typedef struct {
    int count, latency, occupancy, shared;  /* occupancy: busy cycles per warp instruction */
    int category;                           /* issue category (sched.issue_mode = category) */
    uint32_t occupies;                      /* mask of unit classes kept busy */
    uint8_t serves[SM_MAX_INSTANCES];       /* per instance: the schedulers it serves (bit s) */
} unit_params;

typedef struct {
    unit_params unit[UNIT_COUNT];
    int nsched, issue_width, issue_interval, by_category, turns;
    int exhaustive;                  /* sim.exhaustive: examine every scheduler every cycle */
    int warp_issue_interval, fetch_group, fetch_latency, ibuffer, fetch_width;
    int redirect_penalty;    /* frontend.redirect_penalty */
    int branch_pred_delay;   /* frontend.branch_predicate_delay */
    cache_params icache;             /* size 0: ideal */
    int icache_insn_bytes, icache_miss_latency, icache_prefetch_lines;
    cache_params ccache;             /* size 0: ideal */
    int ccache_miss_latency;
    int max_loads, l1_cache_global, l1_cache_local;
    int line_size, sector_size, smem_banks, smem_bank_width, smem_lanes_per_cycle, smem_cycles_per_pass;
    int smem_sched_cycles_per_pass;   /* smem.scheduler_cycles_per_pass */
    int barrier_latency, barrier_per_warp, membar_cta, membar_gl, clock_cost;
    int clock_mhz;          /* gpu.clock_mhz: __nanosleep's nanoseconds in cycles */
    int ctl_stalls;         /* sched.ctl_stalls: honour nvcc's stall counts */
    opcoll_params opcoll;   /* register banks and operand collectors (banks 0: none) */
    uint8_t op_expand[OP_COUNT];     /* per-opcode overrides (config_opcode.h) */
    int8_t op_alt_unit[OP_COUNT];
    uint16_t op_latency[OP_COUNT];   /* 0: the unit's latency */
    uint16_t op_interval[OP_COUNT];  /* 0: the unit's occupancy */
    int energy;                      /* an [energy] model (energy.source set): count its per-PC events */
    uint8_t energy_class[OP_COUNT];  /* EPART_int.. - EPART_int of each opcode (sm_energy_class) */
    uint8_t energy_unit[UNIT_COUNT]; /* the same by unit, for instructions without an opcode */
    const sched_policy *policy;
    int policy_param;                /* the value of the policy's own key (sched_policy.param_key) */
} sm_params;

/* read the timing keys of cfg; errors (unknown policy, bad occupies) in d */
int sm_params_load(sm_params *p, const config *cfg, diag *d);
/* the energy part (EPART_int .. EPART_memory) an instruction of unit (and
 * opcode op, or NULL) is charged to: its unit's class; FP16 operands on the
 * FP32 unit make it half (docs/energy.md) */
int sm_energy_class(isa_unit unit, const isa_opinfo *op);

/* the cycles CALL.ABS's function fn (ISA_CALL_*) holds its warp:
 * opcode.CALL.ABS.latency, else the H100's measured cost */
uint64_t sm_devlib_cycles(const sm_params *p, int fn);
/* the cycles NANOSLEEP's executed instance res sleeps its warp */
uint64_t sm_sleep_cycles(const sm_params *p, const isa_result *res);

#endif
