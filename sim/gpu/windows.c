/* sim/gpu/windows.c — the cycle loop in windows of cycles (sim.window > 1;
 * docs/decisions.md, "SMs run in windows"). Each window [T, T + W):
 *
 *  1. every SM runs the window alone, on its crew's thread: the hits and
 *     responses due reach its L1, it issues, its L1 takes its requests
 *     (memsys_sm_*); it skips the cycles in which nothing it waits for is due;
 *  2. at the window's end, serially: the requests the L1s queued go to the
 *     interconnect, global memory is applied (SM order, then issue order),
 *     the lowest SM's fault stops the run, finished blocks are replaced;
 *  3. the memory side (DRAM, L2 slices, the interconnect's injection) runs
 *     the cycles up to the next window's start T' (T + W, or later when the
 *     whole GPU sleeps), event by event; the room it leaves in each L1's
 *     output queue reaches the L1 at T' (credits).
 *
 * The memory side runs one cycle behind: cycle t's runs after the SMs' t - 1,
 * as in the one-cycle loop (timing.c), so a window of 1 gives that loop's
 * order. Nothing an SM does in a window reaches another SM within it: a
 * response takes icnt.latency >= W cycles, and a load's value, written at
 * the window's end, is read no sooner than l1.latency >= W after its issue.
 * So the statistics do not depend on how the SMs are spread over threads. */
#include "gpu_loop.h"
#include "exec/observer.h"
#include "util/stop.h"
#include "util/progress.h"
#include "util/clock.h"
#include "sample_watch.h"
#include <inttypes.h>

/* SM m's part of cycles [from, to), on its crew's thread: at each cycle
 * it has anything due, its issue and its L1's tick, then the returns of
 * the next cycle it will look at (before that cycle's memory side, as in
 * timing.c). last_act: the last cycle a warp finished or its L1 had work
 * (the kernel's end). */
static void sm_window(void *ctx, int m, uint64_t from, uint64_t to, crew_sum *s)
{
    gpu_t *g = ctx;
    sm_t *sm = &g->sms[m];
    memsys *mem = g->mem;
    int every = g->p.exhaustive, finished = 0;
    uint64_t t = from, act = 0, work = 0;
    if (g->returned[m] != from && memsys_sm_returns(mem, m, from)) act = from;
    while (t < to) {
        work++;
        /* an SM with no warps left only charges its slots, which
         * sm_settle does as well: it runs again when poked or given a block */
        if (sm->poked || ((every || sm->wake <= t) && sm->resident)) {
            int n = sm_cycle(sm, t);
            if (n < 0) {
                if (s->fault < 0 || m < s->fault) s->fault = m;
                break;
            }
            s->issued += n;
            work += (uint64_t)n;
            if (sm->finished) { finished = 1; act = t; }
        }
        if (memsys_sm_l1(mem, m, t)) act = t;
        uint64_t next = t + 1;
        if (!every) {
            /* an SM with no warps runs only when poked, which its window
             * cannot do: its L1 alone sets its pace (its wake may be stale) */
            uint64_t a = sm->poked ? t + 1 : sm->resident ? sm->wake : UINT64_MAX;
            uint64_t b = memsys_sm_next(mem, m, t);
            next = a < b ? a : b;
            if (next <= t) next = t + 1;
            if (next > to) next = to;
            if (next > t + 1) memsys_sm_skip(mem, m, next - t - 1);
        }
        s->resident_cycles += (next - t) * (uint64_t)sm->resident;
        if (memsys_sm_returns(mem, m, next)) act = next;
        g->returned[m] = next;
        t = next;
    }
    /* returns at `to` woke it: it runs then (an L1's room does not: the
     * one-cycle loop skips past that wake-up too) */
    if (act == to && to < s->wake) s->wake = to;
    g->work[m] = work;
    sm->finished = finished;
    s->finished |= finished;
    s->resident += (uint64_t)sm->resident;
    if (act > s->last_act) s->last_act = act;
    uint64_t a = sm->wake, b = memsys_sm_next(mem, m, to - 1);
    if (a < s->wake) s->wake = a;
    if (b < s->wake) s->wake = b;
    /* what the driver applies at the window's end, where this SM's share
     * may be applied now on its thread (not after a fault: that SM's
     * window stopped short, its report comes first) */
    if (g->drv->sm_window_end && s->fault != m) g->drv->sm_window_end(g->drv, m);
}

/* the window's work as each par_threads count's threads would share it
 * (crews_busiest) */
static void count_work(gpu_t *g, par_stats *ps)
{
    ps->windows++;
    for (int m = 0; m < g->nsm; m++) ps->work += g->work[m];
    for (int i = 0; i < PAR_COUNTS; i++)
        ps->work_max[i] += crews_busiest(g->work, g->nsm, g->group, par_threads[i], g->crew_work);
}

/* every SM's returns of cycle `now` (the first of a window the GPU skipped
 * to), serially; 1 when any SM had any */
static int returns_at(gpu_t *g, uint64_t now)
{
    int any = 0;
    for (int m = 0; m < g->nsm; m++) {
        any |= memsys_sm_returns(g->mem, m, now);
        g->returned[m] = now;
    }
    return any;
}

/* part i of the driver's fill jobs, on a crew's thread (a part each) */
static void fill_item(void *ctx, int i, int member)
{
    (void)member;
    gpu_t *g = ctx;
    g->drv->fill_run(g->drv, i, g->fill_parts);
}

/* item i of a span, on a crew's thread: slice i's part (counting into
 * that thread's per-PC rows), or after the slices part i - slices of the
 * driver's fill jobs */
static void span_item(void *ctx, int i, int member)
{
    gpu_t *g = ctx;
    int slices = memsys_slices(g->mem);
    if (i >= slices) { fill_item(g, i - slices, member); return; }
    memsys_lend_slice(g->mem, i, member);
    memsys_span_slice(g->mem, i);
}

/* the parts the driver's fill jobs are split into (0: none waiting) */
static int fill_parts(gpu_t *g)
{
    const timing_driver *t = g->drv;
    return t->fill_jobs && t->fill_jobs(g->drv) ? crews_threads(g->crews) : 0;
}

/* the memory side's cycles (from, to], event by event (every one with
 * sim.exhaustive), raising *last to each event's cycle. With drained (no
 * block left), it stops where the whole hierarchy has nothing left and sets
 * *drained. Returns the first cycle it has not run. */
static uint64_t mem_catch_up(gpu_t *g, uint64_t from, uint64_t to, uint64_t *last, int *drained, int busy)
{
    uint64_t c = from + 1;
    /* while SMs issue, the memory side has work nearly every cycle: ticking
     * each (which gives the same result) costs less than finding the next
     * event first; *last matters only once no block is left (drained).
     * The slices then run in parallel where their inputs allow (a span) */
    if (busy && !drained) {
        g->fill_parts = fill_parts(g);
        if (g->spans && memsys_span_begin(g->mem, from, to)) {
            par_stats *ps = &g->stats->par;
            double t0 = util_seconds();
            crews_each(g->crews, memsys_slices(g->mem) + g->fill_parts, span_item, g);
            ps->mem_seconds += util_seconds() - t0;
            ps->spans++;
            memsys_span_end(g->mem);
        } else {
            if (g->fill_parts) crews_each(g->crews, g->fill_parts, fill_item, g);
            for (; c <= to; c++) memsys_tick_mem(g->mem, c);
        }
        if (g->fill_parts) g->drv->fill_end(g->drv);
        return to + 1;
    }
    while (c <= to) {
        uint64_t e = memsys_mem_next(g->mem, c - 1);
        if (e > to && drained && memsys_next_event(g->mem, c - 1) == UINT64_MAX) {
            *drained = 1;
            return c;
        }
        if (e <= to && e > *last) *last = e;
        if (g->p.exhaustive) e = c;
        if (e > to) {
            memsys_skip_mem(g->mem, c, to + 1);
            return to + 1;
        }
        if (e > c) memsys_skip_mem(g->mem, c, e);
        memsys_tick_mem(g->mem, e);
        c = e + 1;
    }
    if (drained && memsys_next_event(g->mem, to) == UINT64_MAX) *drained = 1;
    return c;
}

/* the next window starts at `end`, or where anything can next change when
 * nothing issued in [now, end) (time skipping, as in timing.c); by whole
 * windows only: the windows lie on one grid from the launch's start, so
 * skipping (or sim.exhaustive's not skipping) never moves them */
static uint64_t next_window(gpu_t *g, const crew_sum *sum, uint64_t start, uint64_t now, uint64_t end,
                            uint64_t limit_at)
{
    uint64_t W = (uint64_t)g->window;
    if (sum->issued || g->p.exhaustive) return end;
    uint64_t wake = memsys_mem_next(g->mem, now);
    if (sum->wake < wake) wake = sum->wake;
    if (wake > limit_at) wake = limit_at;
    if (wake == UINT64_MAX || wake < end + W) return end;
    return wake == limit_at ? wake : start + (wake - start) / W * W;
}

/* the SMs' L1s sleep through [from, to) when the whole GPU skips it */
static void skip_sms(gpu_t *g, uint64_t from, uint64_t to)
{
    for (int m = 0; m < g->nsm; m++) memsys_sm_skip(g->mem, m, to - from);
}

func_status gpu_window_loop(gpu_t *g, kernel_stats *st, int max_warps)
{
    timing_driver *t = g->drv;
    uint64_t start = timing_gpu_cycle(g->gs), now = start, resident_sum = 0, idle = 0, last = 0;
    const sim_observer *obs = t->obs && t->obs->sample && t->obs->sample_interval ? t->obs : NULL;
    uint64_t next_sample = obs ? start + obs->sample_interval : UINT64_MAX;
    uint64_t limit_at = t->max_cycles ? start + t->max_cycles : UINT64_MAX;
    uint64_t W = (uint64_t)g->window;
    /* freed with the GPU (timing.c), whichever way the loop ends */
    g->returned = xcalloc((size_t)g->nsm, sizeof *g->returned);
    g->work = xcalloc((size_t)g->nsm, sizeof *g->work);
    g->crew_work = xcalloc((size_t)g->nsm, sizeof *g->crew_work);
    par_stats *ps = &st->par;
    double t0 = util_seconds(), in_sms = 0;
    for (int m = 0; m < g->nsm; m++) sm_begin(&g->sms[m], start);
    returns_at(g, now);
    memsys_tick_mem(g->mem, now);
    /* the kernel ends when every block has finished and the memory
     * system has drained (stores still in flight count): one cycle after
     * the last thing any block did */
    int done = !g->active_blocks && memsys_next_event(g->mem, now) == UINT64_MAX;
    while (!done) {
        uint64_t end = now + W < limit_at ? now + W : limit_at;
        crew_sum sum;
        double t1 = util_seconds();
        crews_window(g->crews, now, end, sm_window, g, &sum);
        in_sms += util_seconds() - t1;
        count_work(g, ps);
        memsys_sm_phase_end(g->mem);
        if (t->end_cycle && (sum.issued || sum.fault >= 0)) t->end_cycle(t);
        g->issued += (uint64_t)sum.issued;
        progress_tick(t->name, end - start, g->issued, g->blocks_started, t->blocks_total);
        resident_sum += sum.resident_cycles;
        if (sum.last_act > last) last = sum.last_act;
        if (sum.fault >= 0) {
            /* the lowest SM's fault, as if they had run one after the other */
            if (t->take_fault) t->take_fault(t, sum.fault);
            return gpu_stop(g, end, FUNC_FAULT);
        }
        /* blocks are dispatched after the window's last cycle, whichever
         * cycle their SM last ran (a new warp's first wait counts from it) */
        for (int m = 0; sum.finished && m < g->nsm; m++) {
            if (!g->sms[m].finished) continue;
            g->sms[m].now = end - 1;
            if (gpu_refill(g, m)) return FUNC_BAD_LAUNCH;
        }
        if (t->sample && g->active_blocks && sample_watch_step(t->sample, end - start, g->issued, g->blocks_started))
            gpu_sample_stop(g);
        if (end - 1 >= next_sample) gpu_sample_memory(g, obs, end - 1, &next_sample);
        uint64_t next = next_window(g, &sum, start, now, end, limit_at);
        if (next > end) {   /* the SMs sleep through [end, next) as they are now */
            resident_sum += (next - end) * crews_resident_now(g->crews);
            skip_sms(g, end, next);
        }
        int drained = 0;
        uint64_t mem_at = mem_catch_up(g, now, next - (next > end), &last, g->active_blocks ? NULL : &drained,
                                       sum.issued > 0);
        if (next > end && !drained) {
            /* a skip: the returns of its first cycle come before its memory side */
            if (returns_at(g, next)) last = next;
            mem_at = mem_catch_up(g, next - 1, next, &last, g->active_blocks ? NULL : &drained, 0);
        }
        if (drained) {
            /* the kernel's last cycle is the last anything happened in */
            now = last + 1 > mem_at ? last + 1 : mem_at;
            for (int m = 0; m < g->nsm; m++)
                if (g->sms[m].next > now) now = g->sms[m].next;
            break;
        }
        memsys_credits(g->mem);
        idle = sum.issued ? 0 : idle + (next - now);
        uint64_t prev = now;
        now = next;
        /* a deadlock and a signal are looked for every 4096 cycles (a
         * signal after a window with no issue too) */
        int tick = (prev >> 12) != (now >> 12);
        if (tick && t->deadlocked(t)) return gpu_stop(g, now, FUNC_FAULT);
        if (now >= limit_at || ((tick || sum.issued == 0) && stop_signal()))
            return gpu_early_stop(g, start, now, resident_sum, max_warps);
        if (idle > 10000000) return gpu_stuck(g, now);
    }
    ps->sm_seconds = in_sms;
    unsigned long long steps, team;
    crews_step_counts(g->crews, &steps, &team);
    ps->steps = steps;
    ps->team_steps = team;
    ps->slices = memsys_slices(g->mem);
    ps->serial_seconds = util_seconds() - t0 - in_sms - ps->mem_seconds;
    return gpu_finish(g, st, start, now, resident_sum, max_warps);
}
