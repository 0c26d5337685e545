/* sim/sm/sm.h — the timing model of one SM: per-warp instruction buffers and
 * scoreboards, warp schedulers with a pluggable policy, execution units as
 * data, and the stall reason of every scheduler cycle. */
#ifndef WARPSIM_SM_H
#define WARPSIM_SM_H
#include "sm_params.h"
#include "exec/isrc.h"
#include "sched.h"
#include "stats/stats.h"
#include "ldst.h"
#include "icache.h"
#include "scoreboard.h"

#define SM_MAX_IBUF 16

/* the fields every examination reads come first, in one cache line; the
 * scoreboard (a cycle per register the kernel names) lives apart (sm_t.sb), so that a
 * look at every warp touches a few lines, not a few per warp */
typedef struct {
    int xw1;                         /* warp in the instruction source plus one, 0 when empty
                                        (so that a zeroed slot is empty: sm_init writes none);
                                        read through sm_src_warp */
    int ibuf_head, ibuf_count;
    int nloads;                      /* global/local loads in flight */
    uint64_t sync_until;
    uint64_t fetch_from;             /* after a redirect: no fetched instruction is ready before it */
    /* a stall only the warp's own issue, a returning load or a barrier
     * release can end, remembered so that the schedulers do not re-examine
     * the warp every cycle: the reason, its instruction, until when */
    uint64_t blocked_until;
    const isrc_static *blocked_st;
    uint8_t blocked_reason;
    /* parked for mem_full and not issued since: what the examination found
     * before its mem_full test still holds (check's first look) */
    uint8_t mem_waiting;
    /* for observers of issues (--warp): the reason the warp was last seen
     * waiting for, and when it last issued */
    int8_t seen_reason;
    uint64_t last_issue;
    uint64_t ibuf[SM_MAX_IBUF];      /* ready cycle of each decoded instruction */
} twarp;

/* the warp's index in the instruction source, -1 for an empty slot */
static inline int sm_src_warp(const twarp *t) { return t->xw1 - 1; }

/* what the SM knows of one scheduler between its examinations */
typedef struct {
    uint64_t wake;                   /* earliest cycle an examination could find anything new */
    uint64_t park_min;               /* earliest end of a timed park among its warps */
    uint16_t parked_by[STALL_COUNT]; /* its parked warps by the reason they wait for */
    uint32_t parked_ranks;           /* bit watch_closeness(r) for each reason r with parked_by[r] */
    uint64_t parked_for[STALL_COUNT][SCHED_WORDS]; /* by position: parked, waiting for that reason */
    uint64_t timed_bits[SCHED_WORDS]; /* by position: parked until a known cycle */
    uint64_t until[SCHED_MAX_WARPS]; /* by position: a timed park's end (twarp.blocked_until),
                                        side by side for the expiry scan */
    uint8_t last_reason;             /* the reason charged at its last issue slot */
    int last_pc;
    /* its issue slots before this cycle are charged; those from it on, up
     * to its next look, go to last_reason (watch_settle): a slot in which
     * it was not looked at (nothing it waits for was due) is charged when
     * it is next looked at, with the reason it would have found */
    uint64_t charged;
    /* its last look issued nothing and left every live warp parked, and
     * none has been parked, unparked, started or finished since: a look
     * now would find no warp to examine and charge what that look did
     * (the closest reason among the parked warps, first in the policy's
     * order, which only an issue changes), so none is made */
    uint8_t quiet;
    uint64_t smem_port;              /* its path to the shared-memory banks is free from this cycle */
    /* the memory pipeline may have room again since its last look (sm_poke):
     * its mem_full warps are unparked at that look if it has */
    uint8_t mem_news;
} sched_watch;

typedef struct {
    int id;
    const sm_params *p;
    ldst_unit ldst;                  /* LD/ST unit: shared banks, coalescer, loads in flight */
    opcoll oc;                       /* register banks and operand collectors (inert when off) */
    isrc *src;
    int nwarps, warps_per_block;
    twarp *w;
    scoreboard sb;                   /* per warp slot: the cycle each register's value is ready */
    uint64_t *age;
    uint8_t *live;
    int resident;
    uint64_t active_since;           /* the cycle resident last went from 0 to 1 (stats: sm_active_cycles) */
    sched_state *sched;
    uint64_t busy[UNIT_COUNT][SM_MAX_INSTANCES];
    int fetch_rr;
    uint64_t *fetchable;             /* bit per warp: live with room in its instruction buffer */
    icache_unit *icache;             /* NULL when ideal; owned by the GPU (kept between launches) */
    uint64_t code_base;              /* byte address of the kernel's first instruction */
    cache *ccache;                   /* shared by ccache.shared_by SMs; NULL when ideal */
    int finished;                    /* a warp finished this cycle */
    int poked;                       /* something changed outside: schedule this cycle (sm_poke) */
    int shared_change;               /* the last issue changed what all schedulers share */
    uint64_t wake;                   /* earliest cycle anything can change (time skipping) */
    uint64_t next;                   /* the cycle after the last one sm_cycle saw: a later call
                                        finds the cycles between slept through */
    sched_watch *watch;              /* per scheduler */
    /* this SM's own counters, summed by sm_report, but for the per-PC rows
     * (st.per_pc): those are lent by the GPU (sm_links.pc_rows,
     * sm_lend_pc_rows) and shared by the SMs that run on one host thread
     * (every per-PC counter is a sum or a maximum: which SM adds to a row
     * changes no total). A row set of every counter for each of h100's
     * 132 SMs was allocated and merged every launch, 12 MB for a kernel of
     * 400 instructions: a third of a small program's time */
    kernel_stats st;
    sm_stats totals;                 /* its stall cycles and issued instructions */
    const struct sim_observer *obs;  /* who watches its issues, or NULL */
    uint64_t now;                    /* the cycle being simulated */
} sm_t;

/* what an SM is wired to, owned by the GPU */
typedef struct {
    memsys *mem;
    cache *ccache;                   /* NULL: ideal */
    icache_unit *icache;             /* NULL: ideal */
    uint64_t code_base;              /* where the kernel's code lies (instruction-cache addresses) */
    pc_stats *pc_rows;               /* per-PC rows to count into (sm_t.st), npc of them */
} sm_links;

/* npc: the kernel's instructions, for the SM's per-PC counters */
void sm_init(sm_t *sm, int id, const sm_params *p, isrc *src, int nwarps, int warps_per_block, int npc,
             const sm_links *links);
/* obs watches the memory work of this SM's LD/ST unit (exec/observer.h) */
void sm_observe(sm_t *sm, const struct sim_observer *obs);
/* something the SM waits for may have changed (a load returned, queue room appeared) */
void sm_poke(sm_t *sm);
/* the kernel has npc instructions now (traces reveal them as they go):
 * the SM counts into rows, which hold that many */
void sm_grow_pc(sm_t *sm, int npc, pc_stats *rows);
/* the SM counts its per-PC counters into rows (npc of them) from now on */
static inline void sm_lend_pc_rows(sm_t *sm, pc_stats *rows) { sm->st.per_pc = rows; }
/* add the SM's counters but the per-PC rows (lent: their owner adds them)
 * to st, and its totals to st->per_sm[id] */
void sm_report(const sm_t *sm, kernel_stats *st);
/* the memory system finished the last line request of load record `tag` */
void sm_load_done(sm_t *sm, int tag, uint64_t now);
void sm_free(sm_t *sm);
void sm_warp_start(sm_t *sm, int local, int xw, uint64_t age);
void sm_warp_clear(sm_t *sm, int local);
/* the launch starts at cycle `start` */
void sm_begin(sm_t *sm, uint64_t start);
/* one cycle: fetch, then each scheduler issues or records why not.
 * Returns the instructions issued, or -1 on a fault. The cycles since the
 * last call (the GPU skipped them, or did not call an SM with nothing due)
 * were slept through: each scheduler's issue slots in them are charged to
 * its last reason, at its next look or by sm_settle. */
int sm_cycle(sm_t *sm, uint64_t now);
/* charge every scheduler's slots not yet charged, up to cycle `now` (the
 * end of a launch: the counters are read after it) */
void sm_settle(sm_t *sm, uint64_t now);
/* after the run stopped early: the source warp in slot local (-1: none) and
 * the stall reason it waits for now (STALL_issued: it could issue) */
int sm_warp_waits(sm_t *sm, int local, uint64_t now, int *xw);

/* the energy model's per-PC events of one issue (an [energy] model only):
 * its register operands read and written, and its energy class */
static inline void sm_energy_count(const sm_params *p, pc_stats *ps, const isrc_static *st)
{
    for (int i = 0; i < st->nsrc; i++) ps->reg_reads += st->src[i] < SB_PRED;
    for (int i = 0; i < st->ndst; i++) ps->reg_writes += st->dst[i] < SB_PRED;
    ps->energy_class = 1u + (st->op >= 0 ? p->energy_class[st->op] : p->energy_unit[st->unit]);
}

#endif
