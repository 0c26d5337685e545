/* sim/gpu/sm_crews.c — the SMs' part of each cycle, in crews (sm_crews.h).
 * Any split of the SMs gives the same result: an SM touches only its own
 * state in its cycle (the instruction source defers global memory to the
 * driver's end_cycle), and SMs sharing a constant cache share a crew. What
 * it changes is speed: an SM kept on one thread keeps its state in that
 * core's caches. */
#include "sm_crews.h"
#include "util/lockstep.h"
#include <stdlib.h>
#include <unistd.h>

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
    crew_window_fn fn;       /* windows: each SM's window, or NULL (a cycle) */
    void *fn_ctx;
    uint64_t to;             /* windows: the window's end */
    void (*each)(void *ctx, int i);   /* crews_each: items instead of crews, or NULL */
    void *each_ctx;
    int each_n;
};

static void run_window(sm_crews *c, crew *w)
{
    crew_sum s = { 0, -1, 0, UINT64_MAX, 0, 0, 0 };
    for (const int *m = w->sms; *m >= 0; m++) c->fn(c->fn_ctx, *m, w->now, c->to, &s);
    w->sum = s;
}

static void run_crew(void *ctx, int k)
{
    sm_crews *c = ctx;
    crew *w = &c->crews[k];
    if (c->fn) { run_window(c, w); return; }
    if (!w->go) return;
    crew_sum s = { 0, -1, 0, UINT64_MAX, 0, 0, 0 };
    for (const int *m = w->sms; *m >= 0; m++) {
        sm_t *sm = &c->sms[*m];
        int n = sm_cycle(sm, w->now);
        if (n < 0 && s.fault < 0) s.fault = *m;
        s.issued += n > 0 ? n : 0;
        s.finished |= sm->finished;
        if (sm->wake < s.wake) s.wake = sm->wake;
        s.resident += (uint64_t)sm->resident;
    }
    w->sum = s;
}

/* team member k's crews */
static void run_member(void *ctx, int k)
{
    sm_crews *c = ctx;
    if (c->each) {
        for (int i = k; i < c->each_n; i += c->members) c->each(c->each_ctx, i);
        return;
    }
    for (int j = k; j < c->ncrews; j += c->members) run_crew(c, j);
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

sm_crews *crews_new(sm_t *sms, int nsm, int threads, int group)
{
    sm_crews *c = xcalloc(1, sizeof *c);
    c->sms = sms;
    c->nsm = nsm;
    c->ncrews = threads < nsm ? threads : nsm;
    if (c->ncrews < 1) c->ncrews = 1;
    if (group < 1) group = 1;
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
    /* no threads to be had: the caller runs every crew, with the same result */
    if (c->members > 1 && !(c->team = lockstep_new(c->members, run_member, c))) c->members = 1;
    return c;
}

void crews_free(sm_crews *c)
{
    if (!c) return;
    lockstep_free(c->team);
    free(c->crews);
    free(c->owner);
    free(c->lists);
    free(c);
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
    if (c->members > 1) lockstep_step(c->team);
    else run_member(c, 0);
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

void crews_each(sm_crews *c, int n, void (*fn)(void *ctx, int i), void *ctx)
{
    c->each = fn;
    c->each_ctx = ctx;
    c->each_n = n;
    if (c->members > 1) lockstep_step(c->team);
    else run_member(c, 0);
    c->each = NULL;
}

int crews_threads(const sm_crews *c) { return c->members; }
unsigned long long crews_steps(const sm_crews *c) { return lockstep_steps(c->team); }
