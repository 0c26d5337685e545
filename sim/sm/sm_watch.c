/* sim/sm/sm_watch.c — parked warps, live bits and the schedulers' wake
 * times (sm_watch.h). */
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
    sm->watch[s].parked_by[sm->w[local].blocked_reason] += on ? 1 : -1;
}

void watch_live(sm_t *sm, int local, int on)
{
    uint64_t n = (uint64_t)sm->p->nsched;
    int s = (int)watch_mod((uint64_t)local, n), pos = (int)watch_div((uint64_t)local, n);
    sm->live[local] = (uint8_t)on;
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

