/* sim/sm/ldst.h — the SM's load/store unit: it turns a warp's memory
 * instruction into work — passes through the shared-memory banks, or
 * coalesced line requests handed to the memory system through its port —
 * and keeps the records of loads in flight until their last line returns.
 * The SM asks it for room, the cost of an access and a submission; it
 * touches neither the SM's warps nor the memory system's blocks. */
#ifndef WARPSIM_LDST_H
#define WARPSIM_LDST_H
#include "coalesce.h"
#include "exec/isrc.h"
#include "exec/observer.h"
#include "mem/memsys.h"
#include "sm_params.h"
#include "stats/stats.h"

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
    const sm_params *p;
    memsys *mem;
    int sm_id;
    load_record *rec;
    /* the free records: those freed (a list through next_free, the last
     * freed first), then [rec_fresh, nrec), never used, in order; so a
     * launch touches only the records it uses (the SMs' arrays share huge
     * pages: writing every SM's list at its start faulted them all in) */
    int nrec, rec_free, rec_fresh;
    line_request req[COALESCE_MAX];  /* the current instruction's line requests */
    int nreq;
    int passes;                      /* the last shared access's passes through the banks */
    const struct sim_observer *obs;  /* who watches (mem_access events), or NULL */
} ldst_unit;

void ldst_init(ldst_unit *u, const sm_params *p, memsys *mem, int sm_id, int nrecords);
void ldst_free(ldst_unit *u);
/* 1 when a load record is free (none free: the SM polls, as records free
 * only when loads return) */
int ldst_has_record(const ldst_unit *u);
/* a free record's tag (the last given back first, else the lowest never
 * used; -1: none), and a record given back */
int ldst_take_record(ldst_unit *u);
void ldst_give_record(ldst_unit *u, int tag);
/* 1 when the L1's request queue has room for another instruction's lines */
int ldst_queue_room(const ldst_unit *u);
/* the passes through the banks of the last shared access ldst_cost priced */
static inline int ldst_last_passes(const ldst_unit *u) { return u->passes; }
/* the unit's occupancy and the extra result latency of a memory
 * instruction executed on lanes `exec`, counted into ks: one cycle per line
 * request; one per pass through the shared banks, each pass beyond the
 * first also delaying the result (replays). Global and local lines are kept
 * for ldst_submit. */
void ldst_cost(ldst_unit *u, kernel_stats *ks, int warp, const isrc_static *st, const isa_result *res, uint64_t exec,
               uint64_t now, uint64_t *occupancy, uint64_t *extra);
/* hand the lines of the last ldst_cost to the memory system (none when no
 * lane executed); returns the load record's tag when registers wait for
 * them, -1 when nothing will come back */
int ldst_submit(ldst_unit *u, int warp, uint64_t age, const isrc_static *st, int executed, uint64_t now);
/* obs watches the unit's memory work (exec/observer.h), or NULL */
void ldst_observe(ldst_unit *u, const struct sim_observer *obs);
/* one line of record `tag` returned; 1 when it was the last, with the
 * record copied to *done and freed */
int ldst_line_done(ldst_unit *u, int tag, load_record *done);

#endif
