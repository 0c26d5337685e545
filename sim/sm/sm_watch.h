/* sim/sm/sm_watch.h — what the SM must look at, and when (event-driven
 * scheduling, internal to sim/sm). A warp whose stall only a known event
 * can end (its latency passing, a load returning, a barrier releasing) is
 * parked: the policies' orders leave it out and nothing re-examines it. A
 * scheduler is examined only from its `wake` on: the SM's issues, pokes
 * from the memory system and instruction fetches bring that forward. */
#ifndef WARPSIM_SM_WATCH_H
#define WARPSIM_SM_WATCH_H
#include "sm.h"

/* x mod d and x / d (d >= 1) for the SM's small periods, the issue interval
 * and the scheduler count, taken every cycle: a mask and a shift where d is
 * a power of two (every shipped config), the division otherwise */
static inline uint64_t watch_mod(uint64_t x, uint64_t d) { return d & (d - 1) ? x % d : x & (d - 1); }
static inline uint64_t watch_div(uint64_t x, uint64_t d) { return d & (d - 1) ? x / d : x >> __builtin_ctzll(d); }

/* how close a reason is to issuing: a scheduler reports the closest (each
 * reason a warp can show has a rank of its own) */
static inline int watch_closeness(int reason)
{
    static const int rank[STALL_COUNT] = {
        [STALL_issued] = 9, [STALL_unit_busy] = 8, [STALL_mem_full] = 7, [STALL_scoreboard] = 6,
        [STALL_sync] = 5, [STALL_ibuffer_empty] = 4, [STALL_barrier] = 3, [STALL_done] = 2, [STALL_no_warp] = 1,
    };
    return rank[reason];
}

/* park or unpark warp `local` (its blocked_reason is the reason counted) */
void watch_park(sm_t *sm, int local, int on);
/* the warp is resident and unfinished (on) or not */
void watch_live(sm_t *sm, int local, int on);
/* a load returned or a barrier released: the warp's stall is over */
void watch_unblock(sm_t *sm, int local);
/* unpark every warp of scheduler s parked for `reason`: an SM-wide
 * condition it waits for changed (STALL_mem_full: the L1's queue has room,
 * a load record freed) */
void watch_unpark_for(sm_t *sm, int s, int reason);
/* unpark scheduler s's warps whose timed park has ended by `now` */
void watch_unpark_expired(sm_t *sm, int s, uint64_t now);
/* the warp's scheduler (all schedulers) must look again from `now` on */
void watch_rouse(sm_t *sm, int local, uint64_t now);
void watch_rouse_all(sm_t *sm, uint64_t now);
/* scheduler s may find something new at cycle t */
void watch_wake_at(sm_t *sm, int s, uint64_t t);
/* the first issue slot of scheduler s at or after cycle t */
uint64_t watch_next_slot(const sm_t *sm, int s, uint64_t t);
/* is scheduler s to be examined at `now`? */
int watch_due(const sm_t *sm, int s, uint64_t now);

/* scheduler s's look issued nothing: mark it quiet if it left no warp to
 * examine (sched_watch.quiet) */
void watch_quiet_after(sm_t *sm, int s);
/* charge scheduler s's slots before cycle `now` not yet charged to its
 * last reason */
void watch_settle(sm_t *sm, int s, uint64_t now);
/* charge `cycles` issue slots of scheduler s to reason (at instruction pc, -1 none) */
void watch_charge(sm_t *sm, int s, int reason, int pc, uint64_t cycles);
/* scheduler s issued nothing: charge the closest reason of its warps, best
 * (at best_pc) the closest among those examined, why/pc the reasons and
 * instructions of the examined ones by position, parked warps included */
void watch_charge_none(sm_t *sm, int s, int best, int best_pc, const int8_t *why, const int *pc);

#endif
