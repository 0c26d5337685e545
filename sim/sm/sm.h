/* sim/sm/sm.h — the timing model of one SM: per-warp instruction buffers and
 * scoreboards, warp schedulers with a pluggable policy, execution units as
 * data, and the stall reason of every scheduler cycle. */
#ifndef WARPSIM_SM_H
#define WARPSIM_SM_H
#include "config/config.h"
#include "exec/isrc.h"
#include "sched.h"
#include "stats/stats.h"
#include "mem/memsys.h"
#include "coalesce.h"

#define SM_MAX_INSTANCES 16
#define SM_MAX_IBUF 16

typedef struct {
    int count, latency, occupancy, shared;  /* occupancy: busy cycles per warp instruction */
    int category;                           /* issue category (sched.issue_mode = category) */
    uint32_t occupies;                      /* mask of unit classes kept busy */
} unit_params;

typedef struct {
    unit_params unit[UNIT_COUNT];
    int nsched, issue_width, issue_interval, by_category, turns;
    int fetch_latency, ibuffer, fetch_width;
    cache_params icache;             /* size 0: ideal */
    int icache_insn_bytes, icache_miss_latency;
    cache_params ccache;             /* size 0: ideal */
    int ccache_miss_latency;
    int max_loads, l1_cache_global, l1_cache_local;
    int line_size, sector_size, smem_banks, smem_bank_width, smem_lanes_per_cycle;
    int barrier_latency, barrier_per_warp, membar_cta, membar_gl, clock_cost;
    uint8_t op_expand[OP_COUNT];     /* per-opcode overrides (config_opcode.h) */
    int8_t op_alt_unit[OP_COUNT];
    const sched_policy *policy;
    int policy_param;                /* the value of the policy's own key (sched_policy.param_key) */
} timing_params;

/* read the timing keys of cfg; errors (unknown policy, bad occupies) in d */
int timing_params_load(timing_params *p, const config *cfg, diag *d);

typedef struct {
    int xw;                          /* warp in the instruction source, -1 when empty */
    uint64_t ibuf[SM_MAX_IBUF];      /* ready cycle of each decoded instruction */
    int ibuf_head, ibuf_count;
    uint64_t sync_until;
    int nloads;                      /* global/local loads in flight */
    uint64_t sb[SB_SLOTS];           /* cycle at which each register's value is ready */
    /* a stall only the warp's own issue, a returning load or a barrier
     * release can end, remembered so that the schedulers do not re-examine
     * the warp every cycle: the reason, its instruction, until when */
    uint64_t blocked_until;
    const isrc_static *blocked_st;
    uint8_t blocked_reason;
} twarp;

/* a global or local load in flight: its registers become ready when every
 * line request has returned */
typedef struct {
    int warp;                        /* SM-local warp */
    uint64_t age;                    /* the warp's dispatch age: a later warp in the slot is not it */
    int remaining;
    uint8_t ndst;
    uint16_t dst[ISRC_MAX_DST];
    int next_free;
} load_record;

typedef struct {
    int id;
    const timing_params *p;
    memsys *mem;
    load_record *rec;
    int nrec, rec_free;
    isrc *src;
    int nwarps, warps_per_block;
    twarp *w;
    uint64_t *age;
    uint8_t *live;
    int resident;
    sched_state *sched;
    uint64_t busy[UNIT_COUNT][SM_MAX_INSTANCES];
    int fetch_rr;
    uint64_t *fetchable;             /* bit per warp: live with room in its instruction buffer */
    cache icache;
    cache *ccache;                   /* shared by ccache.shared_by SMs; NULL when ideal */
    int finished;                    /* a warp finished this cycle */
    int poked;                       /* something changed outside: schedule this cycle (sm_poke) */
    uint64_t wake;                   /* earliest cycle anything can change (time skipping) */
    uint8_t *last_reason;            /* per scheduler: the reason charged last cycle */
    int *last_pc;
    kernel_stats st;                 /* this SM's own counters, summed by sm_report */
    sm_stats totals;                 /* its stall cycles and issued instructions */
    line_request req[COALESCE_MAX];  /* the current instruction's line requests */
    int nreq;
} sm_t;

/* npc: the kernel's instructions, for the SM's per-PC counters */
void sm_init(sm_t *sm, int id, const timing_params *p, isrc *src, int nwarps, int warps_per_block, int npc,
             memsys *mem, cache *ccache);
/* something the SM waits for may have changed (a load returned, queue room appeared) */
void sm_poke(sm_t *sm);
/* the kernel has npc instructions now (traces reveal them as they go) */
void sm_grow_pc(sm_t *sm, int npc);
/* add the SM's counters to st, and its totals to st->per_sm[id] */
void sm_report(const sm_t *sm, kernel_stats *st);
/* the memory system finished the last line request of load record `tag` */
void sm_load_done(sm_t *sm, int tag, uint64_t now);
void sm_free(sm_t *sm);
void sm_warp_start(sm_t *sm, int local, int xw, uint64_t age);
void sm_warp_clear(sm_t *sm, int local);
/* one cycle: fetch, then each scheduler issues or records why not.
 * Returns the instructions issued, or -1 on a fault. */
int sm_cycle(sm_t *sm, uint64_t now);
/* cycles [from, to) were skipped: charge each scheduler's issue slots in them to its last reason */
void sm_skip(sm_t *sm, uint64_t from, uint64_t to);

#endif
