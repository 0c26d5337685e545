/* sim/gpu/sm_crews.c — the SMs' part of each cycle, in crews (sm_crews.h).
 * Any split of the SMs gives the same result: an SM touches only its own
 * state in its cycle (the instruction source defers global memory to the
 * driver's end_cycle), and SMs sharing a constant cache share a crew. What
 * it changes is speed: an SM kept on one thread keeps its state in that
 * core's caches. */
#include "sm_crews.h"
#include "util/lockstep.h"
#include "util/clock.h"
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

/* A step's items dealt to the members (item i to member i mod members),
 * each member's share a queue on its own line: it takes its items from the
 * front, and a member done with its own takes another's from the back.
 * A member late to wake, or one whose items took longer, is helped, not
 * waited for: a step ends with the members' shares done, not their
 * deal's. Which thread runs an item changes no result (the items touch
 * nothing of each other), only where its state is cached: an item taken
 * from the back moves once, and goes home the next step. */
#define CREWS_PER_THREAD 8

typedef struct {
    _Alignas(64) _Atomic uint64_t span;   /* next item to take | end << 32 */
} share;

/* a crew's own thread writes the first line, the loop's the second */
typedef struct {
    _Alignas(64) crew_sum sum;
    _Alignas(64) uint64_t now;   /* the cycle to run, set before the step */
    const int *sms;              /* its SMs in SM order, -1 ended */
    int go;                      /* run this cycle */
    int stirred;                 /* crews_stir since it last ran */
} crew;

struct sm_crews {
    sm_t *sms;
    int nsm, ncrews;
    int members;             /* threads: member k runs crews k, k + members, ... */
    crew *crews;             /* 64-byte lines: each written by one thread */
    int *owner;              /* SM -> crew */
    int *lists;              /* the crews' SM lists, back to back */
    lockstep *team;
    share *shares;           /* the current step's deal, one per member */
    void (*lend)(void *ctx, int sm, int member);   /* before an SM runs on a member (or NULL) */
    void *lend_ctx;
    crew_window_fn fn;       /* windows: each SM's window, or NULL (a cycle) */
    void *fn_ctx;
    uint64_t to;             /* windows: the window's end */
    void (*each)(void *ctx, int i, int member);   /* crews_each: items instead of crews, or NULL */
    void *each_ctx;
    int each_n;
    int gauged;              /* crews_gauge_on: a step goes to the team only where it pays */
    crews_gauge gauge[2];    /* windows' steps, crews_each's */
    unsigned long long steps, team_steps;
};

/* SM m runs on team member `member` (crews_lend) */
static inline void on_member(sm_crews *c, int m, int member)
{
    if (c->lend) c->lend(c->lend_ctx, m, member);
}

static void run_window(sm_crews *c, crew *w, int member)
{
    crew_sum s = { 0, -1, 0, UINT64_MAX, 0, 0, 0 };
    for (const int *m = w->sms; *m >= 0; m++) {
        on_member(c, *m, member);
        c->fn(c->fn_ctx, *m, w->now, c->to, &s);
    }
    w->sum = s;
}

static void run_crew(sm_crews *c, int k, int member)
{
    crew *w = &c->crews[k];
    if (c->fn) { run_window(c, w, member); return; }
    if (!w->go) return;
    crew_sum s = { 0, -1, 0, UINT64_MAX, 0, 0, 0 };
    for (const int *m = w->sms; *m >= 0; m++) {
        sm_t *sm = &c->sms[*m];
        on_member(c, *m, member);
        int n = sm_cycle(sm, w->now);
        if (n < 0 && s.fault < 0) s.fault = *m;
        s.issued += n > 0 ? n : 0;
        s.finished |= sm->finished;
        if (sm->wake < s.wake) s.wake = sm->wake;
        s.resident += (uint64_t)sm->resident;
    }
    w->sum = s;
}

/* the step's items: crews_each's, else the crews */
static int step_items(const sm_crews *c) { return c->each ? c->each_n : c->ncrews; }

static void run_item(sm_crews *c, int i, int member)
{
    if (c->each) c->each(c->each_ctx, i, member);
    else run_crew(c, i, member);
}

/* deal the step's items before the members start (lockstep_step's lock
 * makes the deal visible to them) */
static void deal(sm_crews *c)
{
    int n = step_items(c), m = c->members;
    for (int k = 0; k < m; k++) {
        uint64_t own = k < n ? (uint64_t)((n - k + m - 1) / m) : 0;
        atomic_store_explicit(&c->shares[k].span, own << 32, memory_order_relaxed);
    }
}

/* the next item of member k's share, from the front (its own) or the back
 * (another's); -1 when none is left */
static int take(sm_crews *c, int k, int back)
{
    _Atomic uint64_t *q = &c->shares[k].span;
    uint64_t v = atomic_load_explicit(q, memory_order_relaxed);
    for (;;) {
        uint32_t head = (uint32_t)v, end = (uint32_t)(v >> 32);
        if (head >= end) return -1;
        uint64_t next = back ? (uint64_t)(end - 1) << 32 | head : (uint64_t)end << 32 | (head + 1);
        if (atomic_compare_exchange_weak_explicit(q, &v, next, memory_order_acq_rel, memory_order_relaxed))
            return (int)(back ? end - 1 : head) * c->members + k;
    }
}

/* every item of the step on the caller, as member 0 */
static void run_alone(sm_crews *c)
{
    for (int i = 0, n = step_items(c); i < n; i++) run_item(c, i, 0);
}

/* The gauge (sm_crews.h) compares the wall time of recent steps run alone
 * with that of recent steps run by the team, each an average in which a
 * new step weighs an eighth. Walls, not work: on a machine whose cores are
 * busy with other processes, a thread alone gets a share of one core while
 * a team gets a share of each, which no measure of the work alone shows.
 * The mode not in use is tried for GAUGE_TRY steps after 64, 128 ... 4096
 * steps of the other, and the first GAUGE_WARM steps of a mode just entered
 * are not measured: members that slept wake slowly (a halted virtual CPU
 * takes hundreds of microseconds) and find the SMs' state in the other
 * core's cache, which says nothing of the steps after */
#define GAUGE_TRY 8
#define GAUGE_WARM 2
#define GAUGE_FIRST_WAIT 64
#define GAUGE_LAST_WAIT 4096

/* enter a mode (a try or a switch): its first steps are not measured, and
 * its first measured one replaces what the mode's average held */
static int gauge_enter(crews_gauge *g, int team)
{
    g->warm = GAUGE_WARM;
    g->fresh = 1;
    return team;
}

/* a try of the other mode: GAUGE_TRY steps, then back */
static int gauge_try(crews_gauge *g)
{
    g->trying = GAUGE_TRY - 1;
    g->back = 1;
    return gauge_enter(g, !g->mode);
}

int crews_gauge_team(crews_gauge *g)
{
    if (g->trying > 0) {
        g->trying--;
        return !g->mode;
    }
    if (g->back) {
        g->back = 0;
        gauge_enter(g, g->mode);
    }
    /* the first steps: a try of the team, then one alone */
    if (!g->have_team || !g->have_alone) {
        g->mode = g->have_team;
        return gauge_try(g);
    }
    /* the team once its steps take less than steps alone; alone once they
     * take a quarter more; between the two, the mode stays (a choice that
     * flips on noise moves the SMs' state between cores for nothing). The
     * team is given the benefit: on a machine whose cores are busy, a try
     * of the team after many steps alone finds its members slow to get a
     * core back (a sleeper's credit is spent), and steps by a team that
     * stays were a third faster there than its tries said */
    int want = g->team < g->alone ? 1 : g->team > 1.25 * g->alone ? 0 : g->mode;
    if (want != g->mode) {
        g->mode = want;
        g->since = 0;
        g->wait = GAUGE_FIRST_WAIT;
        return gauge_enter(g, want);
    }
    if (!g->wait) g->wait = GAUGE_FIRST_WAIT;
    if (++g->since < g->wait) return g->mode;
    g->since = 0;
    if (g->wait < GAUGE_LAST_WAIT) g->wait *= 2;
    return gauge_try(g);
}

void crews_gauge_note(crews_gauge *g, int team, double wall)
{
    if (g->warm > 0) { g->warm--; return; }
    double *avg = team ? &g->team : &g->alone;
    int *have = team ? &g->have_team : &g->have_alone;
    if (g->fresh || !*have) {
        *avg = wall;
    } else {
        /* a step whose thread the host kept off its core for once is not
         * the mode's cost: it counts for at most four times the average */
        if (wall > 4 * *avg) wall = 4 * *avg;
        *avg += (wall - *avg) / 8;
    }
    g->fresh = 0;
    *have = 1;
}

/* team member k: its own items, then what the others have not begun */
static void run_member(void *ctx, int k)
{
    sm_crews *c = ctx;
    if (c->members == 1) {
        run_alone(c);
        return;
    }
    for (int i; (i = take(c, k, 0)) >= 0;) run_item(c, i, k);
    for (int d = 1; d < c->members; d++)
        for (int i, v = (k + d) % c->members; (i = take(c, v, 1)) >= 0;) run_item(c, i, k);
}

/* one step: by the team, or by the caller alone (one member, or a gauged
 * team that has cost more than it saved: the same result either way) */
static void run_step(sm_crews *c)
{
    if (c->members == 1) { run_alone(c); return; }
    crews_gauge *g = &c->gauge[c->each != NULL];
    int team = !c->gauged || crews_gauge_team(g);
    double t0 = c->gauged ? util_seconds() : 0;
    if (team) {
        deal(c);
        lockstep_step(c->team);
    } else {
        run_alone(c);
    }
    c->steps++;
    c->team_steps += (unsigned long long)team;
    if (c->gauged) crews_gauge_note(g, team, util_seconds() - t0);
}

/* host threads worth starting: no more than the cores online (more would
 * only wait for each other; the result is the same) */
int crews_cores(void)
{
#ifdef _SC_NPROCESSORS_ONLN
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 && n < 4096 ? (int)n : 1;
#else
    return 1;
#endif
}

int crews_dealt(int nsm, int threads, int group)
{
    /* several crews a thread, so that a member done early can take some of
     * a late one's (deal); no more crews than groups of SMs */
    if (group < 1) group = 1;
    int groups = (nsm + group - 1) / group, n = threads > 1 ? threads * CREWS_PER_THREAD : 1;
    if (n > groups) n = groups;
    return n < 1 ? 1 : n;
}

uint64_t crews_busiest(const uint64_t *work, int nsm, int group, int threads, uint64_t *sums)
{
    uint64_t thread[64], total = 0, most = 0, biggest = 0;
    int n = threads < 64 ? threads : 64, ncrews = crews_dealt(nsm, n, group);
    if (group < 1) group = 1;
    for (int k = 0; k < ncrews; k++) sums[k] = 0;
    /* crew c = m / group mod ncrews: counted along, no division */
    for (int m = 0, c = 0; m < nsm; m += group, c = c + 1 == ncrews ? 0 : c + 1)
        for (int j = m; j < m + group && j < nsm; j++) sums[c] += work[j];
    for (int k = 0; k < n; k++) thread[k] = 0;
    for (int k = 0, t = 0; k < ncrews; k++, t = t + 1 == n ? 0 : t + 1) {
        thread[t] += sums[k];
        total += sums[k];
        biggest = sums[k] > biggest ? sums[k] : biggest;
    }
    for (int k = 0; k < n; k++) most = thread[k] > most ? thread[k] : most;
    uint64_t taken = (total + (uint64_t)n - 1) / (uint64_t)n + biggest;
    return taken < most ? taken : most;
}

sm_crews *crews_new(sm_t *sms, int nsm, int threads, int group)
{
    sm_crews *c = xcalloc(1, sizeof *c);
    c->sms = sms;
    c->nsm = nsm;
    if (group < 1) group = 1;
    c->ncrews = crews_dealt(nsm, threads, group);
    c->crews = xcalloc_lines((size_t)c->ncrews, sizeof *c->crews);
    c->owner = xcalloc((size_t)nsm + 1, sizeof *c->owner);
    c->lists = xcalloc((size_t)(nsm + c->ncrews), sizeof *c->lists);
    int *at = c->lists;
    for (int k = 0; k < c->ncrews; k++) {
        crew *w = &c->crews[k];
        w->sms = at;
        w->stirred = 1;   /* every crew runs the first cycle */
        for (int m = 0; m < nsm; m++)
            if (m / group % c->ncrews == k) { *at++ = m; c->owner[m] = k; }
        *at++ = -1;
    }
    int n = crews_cores();
    c->members = c->ncrews < n ? c->ncrews : n;
    if (c->members > threads) c->members = threads;
    /* no threads to be had: the caller runs every crew, with the same result */
    if (c->members > 1 && !(c->team = lockstep_new(c->members, run_member, c))) c->members = 1;
    if (c->members > 1) c->shares = xcalloc_lines((size_t)c->members, sizeof *c->shares);
    return c;
}

void crews_free(sm_crews *c)
{
    if (!c) return;
    lockstep_free(c->team);
    free(c->shares);
    free(c->crews);
    free(c->owner);
    free(c->lists);
    free(c);
}

void crews_lend(sm_crews *c, void (*lend)(void *ctx, int sm, int member), void *ctx)
{
    c->lend = lend;
    c->lend_ctx = ctx;
}

void crews_stir(sm_crews *c, int m) { c->crews[c->owner[m]].stirred = 1; }
void crews_resident(sm_crews *c, int m, int delta) { c->crews[c->owner[m]].sum.resident += (uint64_t)(int64_t)delta; }

uint64_t crews_resident_now(const sm_crews *c)
{
    uint64_t n = 0;
    for (int k = 0; k < c->ncrews; k++) n += c->crews[k].sum.resident;
    return n;
}

void crews_cycle(sm_crews *c, uint64_t now, int every, crew_sum *out)
{
    int others = 0;
    for (int k = 0; k < c->ncrews; k++) {
        crew *w = &c->crews[k];
        w->go = every || w->stirred || w->sum.wake <= now;
        w->stirred = 0;
        w->now = now;
        others |= k % c->members && w->go;
    }
    /* the team only when another thread's SMs have work: member 0's alone
     * run here, on its own thread */
    if (c->members > 1) deal(c);
    if (others) lockstep_step(c->team);
    else run_member(c, 0);
    *out = (crew_sum){ 0, -1, 0, UINT64_MAX, 0, 0, 0 };
    for (int k = 0; k < c->ncrews; k++) {
        const crew *w = &c->crews[k];
        if (w->go) {
            out->issued += w->sum.issued;
            if (w->sum.fault >= 0 && (out->fault < 0 || w->sum.fault < out->fault)) out->fault = w->sum.fault;
            out->finished |= w->sum.finished;
        }
        if (w->sum.wake < out->wake) out->wake = w->sum.wake;
        out->resident += w->sum.resident;
    }
}

void crews_window(sm_crews *c, uint64_t from, uint64_t to, crew_window_fn fn, void *ctx, crew_sum *out)
{
    c->fn = fn;
    c->fn_ctx = ctx;
    c->to = to;
    for (int k = 0; k < c->ncrews; k++) c->crews[k].now = from;
    run_step(c);
    c->fn = NULL;
    *out = (crew_sum){ 0, -1, 0, UINT64_MAX, 0, 0, 0 };
    for (int k = 0; k < c->ncrews; k++) {
        const crew_sum *s = &c->crews[k].sum;
        out->issued += s->issued;
        if (s->fault >= 0 && (out->fault < 0 || s->fault < out->fault)) out->fault = s->fault;
        out->finished |= s->finished;
        if (s->wake < out->wake) out->wake = s->wake;
        out->resident += s->resident;
        out->resident_cycles += s->resident_cycles;
        if (s->last_act > out->last_act) out->last_act = s->last_act;
    }
}

void crews_each(sm_crews *c, int n, void (*fn)(void *ctx, int i, int member), void *ctx)
{
    c->each = fn;
    c->each_ctx = ctx;
    c->each_n = n;
    run_step(c);
    c->each = NULL;
}

void crews_gauge_on(sm_crews *c, int on) { c->gauged = on && c->members > 1; }
void crews_step_counts(const sm_crews *c, unsigned long long *steps, unsigned long long *team)
{
    *steps = c->steps;
    *team = c->team_steps;
}

int crews_threads(const sm_crews *c) { return c->members; }
