/* sim/sm/sm_watch.c — parked warps, live bits, the schedulers' wake
 * times and the stall reasons charged to their issue slots (sm_watch.h). */
#include "sm_watch.h"

void watch_park(sm_t *sm, int local, int on)
{
    uint64_t n = (uint64_t)sm->p->nsched;
    int s = (int)watch_mod((uint64_t)local, n), pos = (int)watch_div((uint64_t)local, n);
    if (pos >= SCHED_MAX_WARPS) return;
    uint64_t *word = &sm->sched[s].parked_bits[pos >> 6], bit = (uint64_t)1 << (pos & 63);
    if (!(*word & bit) == !on) return;
    *word ^= bit;
    /* a park with an end (not a load's UINT64_MAX) is one the expiry scan looks at */
    if (on && sm->w[local].blocked_until != UINT64_MAX) {
        sm->watch[s].timed_bits[pos >> 6] |= bit;
        sm->watch[s].until[pos] = sm->w[local].blocked_until;
    } else {
        sm->watch[s].timed_bits[pos >> 6] &= ~bit;
    }
    /* the reasons parked warps wait for: a scheduler with a closer one
     * among the warps it examined need not look at them (schedule) */
    sched_watch *wt = &sm->watch[s];
    wt->quiet = 0;
    int r = sm->w[local].blocked_reason;
    wt->parked_for[r][pos >> 6] ^= bit;
    if (on ? !wt->parked_by[r]++ : !--wt->parked_by[r]) wt->parked_ranks ^= (uint32_t)1 << watch_closeness(r);
}

void watch_live(sm_t *sm, int local, int on)
{
    uint64_t n = (uint64_t)sm->p->nsched;
    int s = (int)watch_mod((uint64_t)local, n), pos = (int)watch_div((uint64_t)local, n);
    sm->live[local] = (uint8_t)on;
    sm->watch[s].quiet = 0;
    if (pos >= SCHED_MAX_WARPS) return;
    uint64_t bit = (uint64_t)1 << (pos & 63);
    if (on) sm->sched[s].live_bits[pos >> 6] |= bit;
    else sm->sched[s].live_bits[pos >> 6] &= ~bit;
}

void watch_unblock(sm_t *sm, int local)
{
    sm->w[local].blocked_until = 0;
    watch_park(sm, local, 0);
}

void watch_unpark_for(sm_t *sm, int s, int reason)
{
    const sched_watch *wt = &sm->watch[s];
    if (!wt->parked_by[reason]) return;
    const sched_state *ss = &sm->sched[s];
    for (int k = 0; k < SCHED_WORDS; k++)
        for (uint64_t bits = wt->parked_for[reason][k]; bits; bits &= bits - 1)   /* a copy: unparks clear bits */
            watch_unblock(sm, ss->warps[k * 64 + __builtin_ctzll(bits)]);
}

/* unpark scheduler s's warps whose timed park has ended by `now` */
void watch_unpark_expired(sm_t *sm, int s, uint64_t now)
{
    sched_watch *wt = &sm->watch[s];
    if (now < wt->park_min) return;
    sched_state *ss = &sm->sched[s];
    uint64_t next = UINT64_MAX;
    for (int k = 0; k < SCHED_WORDS; k++)
        for (uint64_t bits = wt->timed_bits[k]; bits; bits &= bits - 1) {
            int pos = k * 64 + __builtin_ctzll(bits);
            uint64_t until = wt->until[pos];
            if (until <= now) watch_park(sm, ss->warps[pos], 0);
            else if (until < next) next = until;
        }
    wt->park_min = next;
}

/* the warp's scheduler must look again from `now` on */
void watch_rouse(sm_t *sm, int local, uint64_t now)
{
    sched_watch *wt = &sm->watch[watch_mod((uint64_t)local, (uint64_t)sm->p->nsched)];
    if (now < wt->wake) wt->wake = now;
}

void watch_rouse_all(sm_t *sm, uint64_t now)
{
    for (int s = 0; s < sm->p->nsched; s++)
        if (now < sm->watch[s].wake) sm->watch[s].wake = now;
}

void watch_wake_at(sm_t *sm, int s, uint64_t t)
{
    if (t < sm->watch[s].wake) sm->watch[s].wake = t;
}

/* the first issue slot of scheduler s at or after cycle t: every
 * issue_interval cycles, or in turns (GCN) every issue_interval * nsched */
uint64_t watch_next_slot(const sm_t *sm, int s, uint64_t t)
{
    uint64_t k = (uint64_t)sm->p->issue_interval, period = sm->p->turns ? k * (uint64_t)sm->p->nsched : k;
    uint64_t phase = sm->p->turns ? (uint64_t)s * k : 0;
    if (t >= UINT64_MAX - period) return UINT64_MAX;
    return t + watch_mod(phase + period - watch_mod(t, period), period);
}

/* a scheduler's due when anything new may be found */
int watch_due(const sm_t *sm, int s, uint64_t now)
{
    const sched_watch *wt = &sm->watch[s];
    return wt->wake <= now || wt->park_min <= now || sm->p->exhaustive;
}

/* ---- stall reasons charged to a scheduler's issue slots ---- */

void watch_charge(sm_t *sm, int s, int reason, int pc, uint64_t cycles)
{
    sm->st.stall[reason] += cycles;
    sm->totals.stall[reason] += cycles;
    if (pc >= 0) sm->st.per_pc[pc].stall[reason] += cycles;
    sm->watch[s].last_reason = (uint8_t)reason;
    sm->watch[s].last_pc = pc;
}

/* a scheduler that issued nothing charges the closest reason of all its
 * warps, parked ones included: the first warp of the whole order that has
 * it (why/pc: this cycle's reasons of the warps examined, by position).
 * No warp is closer than `bound`: the first warp that close ends the search. */
static void charge_idle(sm_t *sm, int s, int bound, const int8_t *why, const int *pc)
{
    sched_state *ss = &sm->sched[s];
    int order[SCHED_MAX_WARPS];
    ss->with_parked = 1;
    int n = sm->p->policy->order(ss, order);
    ss->with_parked = 0;
    int best = sm->resident ? STALL_done : STALL_no_warp, best_pc = -1;
    for (int k = 0; k < n && watch_closeness(best) < bound; k++) {
        int pos = order[k], reason = why[pos], at = pc[pos];
        if (ss->parked_bits[pos >> 6] >> (pos & 63) & 1) {
            const twarp *t = &sm->w[ss->warps[pos]];
            reason = t->blocked_reason;
            at = t->blocked_st ? t->blocked_st->pc : -1;
        }
        if (watch_closeness(reason) > watch_closeness(best)) { best = reason; best_pc = at; }
    }
    watch_charge(sm, s, best, best_pc, 1);
}

/* charge_idle without the whole order: the warps `reason` (the closest
 * reason, `bound` its closeness) is the reason of, parked or examined, are
 * ordered alone (the policy orders any two warps the same whichever others
 * it lists); the first of them is the warp charge_idle finds. Falls back
 * to it when none is live. */
static void charge_closest(sm_t *sm, int s, int bound, const int8_t *why, const int *pc)
{
    sched_state *ss = &sm->sched[s];
    const sched_watch *wt = &sm->watch[s];
    static const int8_t reason_of[] = { -1, STALL_no_warp, STALL_done, STALL_barrier, STALL_ibuffer_empty,
                                        STALL_sync, STALL_scoreboard, STALL_mem_full, STALL_unit_busy, STALL_issued };
    int reason = reason_of[bound], initial = sm->resident ? STALL_done : STALL_no_warp;
    if (watch_closeness(initial) >= bound) { charge_idle(sm, s, bound, why, pc); return; }
    uint64_t only[SCHED_WORDS];
    int order[SCHED_MAX_WARPS], words = (ss->nwarps + 63) / 64;
    for (int k = 0; k < words; k++) {
        uint64_t c = wt->parked_for[reason][k];
        for (uint64_t b = ss->live_bits[k] & ~ss->parked_bits[k]; b; b &= b - 1) {   /* examined */
            int pos = k * 64 + __builtin_ctzll(b);
            if (why[pos] == reason) c |= b & -b;
        }
        only[k] = c;
    }
    const sched_policy *pol = sm->p->policy;
    ss->only = only;
    int pos = pol->first ? pol->first(ss) : pol->order(ss, order) ? order[0] : -1;
    ss->only = NULL;
    if (pos < 0) { charge_idle(sm, s, bound, why, pc); return; }
    int at = pc[pos];
    if (ss->parked_bits[pos >> 6] >> (pos & 63) & 1) {
        const twarp *t = &sm->w[ss->warps[pos]];
        at = t->blocked_st ? t->blocked_st->pc : -1;
    }
    watch_charge(sm, s, reason, at, 1);
}

/* nothing issued: the closest reason among the warps examined (best, the
 * first of the order with it) stands unless a parked warp's is as close */
void watch_charge_none(sm_t *sm, int s, int best, int best_pc, const int8_t *why, const int *pc)
{
    uint32_t ranks = sm->watch[s].parked_ranks & ~(uint32_t)1;   /* rank 0: never the closest */
    int parked = ranks ? 31 - __builtin_clz(ranks) : 0;
    if (parked >= watch_closeness(best)) charge_closest(sm, s, parked, why, pc);
    else watch_charge(sm, s, best, best_pc, 1);
}

/* scheduler s's look issued nothing: a look is needed again only once one
 * of its warps is unparked or started (sched_watch.quiet) */
void watch_quiet_after(sm_t *sm, int s)
{
    const sched_state *ss = &sm->sched[s];
    if (sm->p->exhaustive || !sm->watch[s].parked_ranks) return;   /* no parked warp: its reason is the SM's */
    for (int k = 0; k < (ss->nwarps + 63) / 64; k++)
        if (ss->live_bits[k] & ~ss->parked_bits[k]) return;
    sm->watch[s].quiet = 1;
}

/* ---- slots not looked at ---- */

/* cycles t in [from, to) with t = phase (mod period) */
static uint64_t slots_in(uint64_t from, uint64_t to, uint64_t period, uint64_t phase)
{
    uint64_t a = from + watch_mod(phase + period - watch_mod(from, period), period);
    return a >= to ? 0 : watch_div(to - 1 - a, period) + 1;
}

/* A scheduler's last reason changes only at its own look (and when the
 * SM's last warp finishes, after a settle): the slots since its last look
 * are charged to it in one go, whether the SM slept through them or looked
 * at other schedulers in them */
void watch_settle(sm_t *sm, int s, uint64_t now)
{
    sched_watch *wt = &sm->watch[s];
    if (now <= wt->charged) return;
    /* a scheduler's issue slots: every k cycles, or its turn every k*n */
    uint64_t k = (uint64_t)sm->p->issue_interval, n = (uint64_t)sm->p->nsched;
    uint64_t slots = sm->p->turns ? slots_in(wt->charged, now, k * n, (uint64_t)s * k) : slots_in(wt->charged, now, k, 0);
    wt->charged = now;
    if (slots) watch_charge(sm, s, wt->last_reason, wt->last_pc, slots);
}

void sm_settle(sm_t *sm, uint64_t now)
{
    for (int s = 0; s < sm->p->nsched; s++) watch_settle(sm, s, now);
}
