/* sim/gpu/sm_crews.h — the SMs' part of each cycle, in crews: crew k
 * always runs the same SMs, on thread k mod threads of a lockstep team when
 * sim.threads > 1 (several crews a thread), unless that thread is late: a
 * thread done with its crews takes a late one's not yet begun (the same
 * result, on another core). A crew whose SMs have nothing due is not run
 * at all (its SMs find the cycles slept through when they next run). The
 * loop reads only the crews' sums, one cache line each, never the SMs of
 * another thread. */
#ifndef WARPSIM_SM_CREWS_H
#define WARPSIM_SM_CREWS_H
#include "sm/sm.h"

/* the SMs' part of one cycle, summed */
typedef struct {
    int issued;              /* warp instructions issued */
    int fault;               /* the first SM whose issue failed, -1 none */
    int finished;            /* some SM had a warp finish (its blocks may be done) */
    uint64_t wake;           /* the earliest cycle an SM can do anything */
    uint64_t resident;       /* resident warps on all SMs */
    /* windows only (crews_window) */
    uint64_t resident_cycles; /* resident warps summed over the window's cycles */
    uint64_t last_act;       /* the last cycle an SM or its L1 did anything (0: none) */
} crew_sum;

typedef struct sm_crews sm_crews;

/* Whether the team is worth a step. A team step costs its members'
 * wake-ups and the wait for the last one (tens of microseconds on a VM,
 * milliseconds on a machine whose cores other processes hold), which a
 * small GPU's window does not repay (gf100's window is 10 cycles, about 20
 * microseconds of work: two threads took three times one thread's time).
 * The gauge keeps the wall time of recent steps alone and by the team,
 * gives a step to the faster, and tries the other now and then, so that a
 * change in the work or the machine is seen. The host's time picks who runs
 * a step, never what the step computes. */
typedef struct {
    double alone, team;      /* seconds a step: averages of recent steps in each mode */
    int have_alone, have_team;
    int mode;                /* 1: the team runs the steps (but for tries) */
    int trying, back;        /* steps left of a try of the other mode; a try is under way */
    int warm, fresh;         /* a mode just entered: steps not to measure; none measured yet */
    int wait, since;         /* steps between tries, and since the last */
} crews_gauge;
/* 1: the team runs the next step */
int crews_gauge_team(crews_gauge *g);
/* the step it chose took `wall` seconds (team: the team ran it) */
void crews_gauge_note(crews_gauge *g, int team, double wall);

/* threads crews over nsm SMs (fewer when there are fewer SMs; one when no
 * thread can be started); SMs sharing a constant cache (group of them) go
 * to one crew, groups dealt round robin */
sm_crews *crews_new(sm_t *sms, int nsm, int threads, int group);
/* the crews crews_new makes for that many threads: SM m is in crew
 * m / group mod that count, crew k on thread k mod threads */
int crews_dealt(int nsm, int threads, int group);
/* the busiest of `threads` threads' work (2 to 64), SM m's work work[m],
 * the crews dealt as crews_new deals them and a thread done early taking
 * crews from a late one's share: at most the even share plus the largest
 * crew's (it took its last crew while every other thread still worked),
 * and never more than with every crew kept where it was dealt; the
 * smaller of the two. scratch: nsm words */
uint64_t crews_busiest(const uint64_t *work, int nsm, int group, int threads, uint64_t *scratch);
void crews_free(sm_crews *c);
/* lend(ctx, m, k) before SM m runs on member k of the team (0 to
 * crews_threads - 1), each time it runs: a crew another thread takes runs
 * there. The GPU lends the SM (and its L1) that thread's per-PC rows */
void crews_lend(sm_crews *c, void (*lend)(void *ctx, int sm, int member), void *ctx);
/* SM m's state was changed from outside (a load returned, queue room, a
 * warp started): its crew runs next cycle */
void crews_stir(sm_crews *c, int m);
/* the cycle-loop thread changed SM m's resident warps by delta (refill) */
void crews_resident(sm_crews *c, int m, int delta);
/* resident warps on all SMs, refills included */
uint64_t crews_resident_now(const sm_crews *c);
/* every crew with something due (all with `every`) runs its SMs' cycle */
void crews_cycle(sm_crews *c, uint64_t now, int every, crew_sum *out);
/* windows: every crew runs fn(ctx, m, from, to, sum) for each of its SMs m
 * in SM order, on its thread (or one that took it); fn adds to its crew's
 * sum. The sums are added up (fault: the lowest SM's). */
typedef void (*crew_window_fn)(void *ctx, int m, uint64_t from, uint64_t to, crew_sum *sum);
void crews_window(sm_crews *c, uint64_t from, uint64_t to, crew_window_fn fn, void *ctx, crew_sum *out);
/* fn(ctx, i, member) for each i in [0, n), on the crews' threads (item i
 * on member i mod threads, or on one that ran out of its own): items that
 * touch nothing of each other (the L2 slices of a window's memory side) */
void crews_each(sm_crews *c, int n, void (*fn)(void *ctx, int i, int member), void *ctx);
/* on: each step of crews_window and crews_each goes to the team only
 * while the gauge finds the team faster (sim.team_gauge); off (as made):
 * every step */
void crews_gauge_on(sm_crews *c, int on);
/* the steps of crews_window and crews_each with several threads, and
 * those of them the team ran */
void crews_step_counts(const sm_crews *c, unsigned long long *steps, unsigned long long *team);
/* the threads that run the crews (1: the caller alone) */
int crews_threads(const sm_crews *c);
/* the host's cores online (1 when it cannot tell) */
int crews_cores(void);

#endif
