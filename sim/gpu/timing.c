/* sim/gpu/timing.c — the GPU: CTA dispatcher and the cycle loop over SMs. */
#include "gpu_loop.h"
#include "energy.h"
#include "exec/observer.h"
#include "util/stop.h"
#include "util/progress.h"
#include "sample_watch.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* the memory system's port into the SMs */
static void load_done(void *ctx, int sm, int tag, uint64_t now)
{
    gpu_t *g = ctx;
    sm_load_done(&g->sms[sm], tag, now);
    crews_stir(g->crews, sm);
}

static void wake_sm(void *ctx, int sm)
{
    gpu_t *g = ctx;
    sm_poke(&g->sms[sm]);
    crews_stir(g->crews, sm);
}

/* SM m (and its L1) runs on member k of the crews' team: they count their
 * per-PC counters into that thread's rows (sm_crews.h) */
static void lend_rows(void *ctx, int m, int k)
{
    gpu_t *g = ctx;
    sm_lend_pc_rows(&g->sms[m], g->pc_sets[k].per_pc);
    memsys_lend_l1(g->mem, m, k);
}

/* dispatch the next block into slot s (on SM s mod nsm); 0 when the grid
 * is done, -1 on an error */
static int dispatch(gpu_t *g, int s)
{
    timing_driver *t = g->drv;
    int started = t->start_block(t, s);
    if (started <= 0) return started;
    if (g->stats->npc > g->npc) {
        /* a trace reveals its instructions block by block: every block's
         * per-PC counters grow with the kernel's (not on the per-cycle path) */
        g->npc = g->stats->npc;
        memsys_grow_pc(g->mem, g->npc);
        for (int k = 0; k < g->pc_nsets; k++) stats_grow_pc(&g->pc_sets[k], g->npc);
        for (int m = 0; m < g->nsm; m++) sm_grow_pc(&g->sms[m], g->npc, g->pc_sets[0].per_pc);
    }
    g->slot_active[s] = 1;
    g->active_blocks++;
    g->blocks_started++;
    sm_t *sm = &g->sms[s % g->nsm];
    int local_slot = s / g->nsm, before = sm->resident;
    for (int i = 0; i < t->warps_per_block; i++) {
        int xw = s * t->warps_per_block + i;
        sm_warp_start(sm, local_slot * t->warps_per_block + i, xw, t->warp_age(t, xw));
    }
    crews_stir(g->crews, s % g->nsm);
    crews_resident(g->crews, s % g->nsm, sm->resident - before);
    return 1;
}

/* retire finished blocks of SM m and refill their slots */
int gpu_refill(gpu_t *g, int m)
{
    timing_driver *t = g->drv;
    sm_t *sm = &g->sms[m];
    sm->finished = 0;
    for (int s = m; s < g->nslots; s += g->nsm) {
        if (!g->slot_active[s] || !t->block_finished(t, s)) continue;
        g->slot_active[s] = 0;
        g->active_blocks--;
        int before = sm->resident;
        for (int i = 0; i < t->warps_per_block; i++) sm_warp_clear(sm, s / g->nsm * t->warps_per_block + i);
        crews_stir(g->crews, m);
        crews_resident(g->crews, m, sm->resident - before);
        if (dispatch(g, s) < 0) return -1;
    }
    return 0;
}

/* sampled simulation: the launch's IPC is stable (sample_watch.h). Its
 * resident warps leave the SMs as a finished block's do, and no block is
 * dispatched again: the loop runs on only while the memory side drains
 * what is in flight (its caches and DRAM rows stay as the timed part left
 * them, for the next launch). The driver runs the rest functionally */
void gpu_sample_stop(gpu_t *g)
{
    timing_driver *t = g->drv;
    for (int s = 0; s < g->nslots; s++) {
        if (!g->slot_active[s]) continue;
        sm_t *sm = &g->sms[s % g->nsm];
        int before = sm->resident;
        for (int i = 0; i < t->warps_per_block; i++) sm_warp_clear(sm, s / g->nsm * t->warps_per_block + i);
        crews_stir(g->crews, s % g->nsm);
        crews_resident(g->crews, s % g->nsm, sm->resident - before);
        g->slot_active[s] = 0;
        g->active_blocks--;
    }
}

/* an observer's periodic look at the memory system's counters */
void gpu_sample_memory(gpu_t *g, const sim_observer *obs, uint64_t now, uint64_t *next)
{
    kernel_stats mem;
    memset(&mem, 0, sizeof mem);
    memsys_report(g->mem, &mem);
    obs->sample(obs->ctx, now, &mem);
    while (*next <= now) *next += obs->sample_interval;
}

/* the loop stops: sleeping SMs' slots are charged up to `now` */
func_status gpu_stop(gpu_t *g, uint64_t now, func_status status)
{
    for (int m = 0; m < g->nsm; m++) sm_settle(&g->sms[m], now);
    return status;
}

#define TIMING_REPORT_WARPS 32   /* warps an early stop lists in full */

/* the run ends before the kernel does: a signal asked for a stop, or the
 * launch reached --max-cycles. The driver's message, then where each
 * resident warp is and what its SM says it waits for. */
func_status gpu_early_stop(gpu_t *g, uint64_t start, uint64_t now, uint64_t resident_sum, int max_warps)
{
    timing_driver *t = g->drv;
    char why[200];
    int sig = stop_signal();
    func_status status = sig ? FUNC_STOPPED : FUNC_FAULT;
    if (sig) snprintf(why, sizeof why, "stopped by %s at cycle %" PRIu64, stop_signal_name(sig), now - start);
    else snprintf(why, sizeof why, "reached --max-cycles=%" PRIu64 " (raise the limit if the kernel is not stuck)", t->max_cycles);
    gpu_stop(g, now, status);
    if (t->report_stop) t->report_stop(t, why);
    else diag_error(g->d, "kernel '%s' %s; the statistics are partial. Each resident warp:", t->name, why);
    int listed = 0, more = 0;
    for (int m = 0; m < g->nsm; m++)
        for (int i = 0; i < g->sms[m].nwarps; i++) {
            int xw, waits = sm_warp_waits(&g->sms[m], i, now, &xw);
            if (xw < 0) continue;
            if (listed == TIMING_REPORT_WARPS) { more++; continue; }
            listed++;
            char text[96];
            snprintf(text, sizeof text, "%s (SM %d)", waits == STALL_issued ? "nothing (it can issue)" : stall_names[waits], m);
            if (t->describe_warp) t->describe_warp(t, xw, text);
            else diag_append(g->d, "  SM %d, warp %d: waits for %s\n", m, xw, text);
        }
    if (more) diag_append(g->d, "  ... and %d more resident warps, not listed\n", more);
    g->stats->partial = 1;
    g->stats->cycles = now - start;
    if (now > start) g->stats->occupancy_achieved = (double)resident_sum / ((double)(now - start) * g->nsm * max_warps);
    return status;
}

static func_status cycle_loop(gpu_t *g, kernel_stats *st, int max_warps)
{
    timing_driver *t = g->drv;
    uint64_t start = timing_gpu_cycle(g->gs), now = start, resident_sum = 0, idle = 0, mem_next = UINT64_MAX;
    const sim_observer *obs = t->obs && t->obs->sample && t->obs->sample_interval ? t->obs : NULL;
    uint64_t next_sample = obs ? start + obs->sample_interval : UINT64_MAX;
    uint64_t limit_at = t->max_cycles ? start + t->max_cycles : UINT64_MAX;
    for (int m = 0; m < g->nsm; m++) sm_begin(&g->sms[m], start);
    /* the kernel ends when every block has finished and the memory
     * system has drained (stores still in flight count) */
    while (g->active_blocks || mem_next != UINT64_MAX) {
        crew_sum sum;
        memsys_tick(g->mem, now);
        crews_cycle(g->crews, now, g->p.exhaustive, &sum);
        /* only an issue (or a fault) leaves anything for the cycle's end */
        if (t->end_cycle && (sum.issued || sum.fault >= 0)) t->end_cycle(t);
        g->issued += (uint64_t)sum.issued;
        progress_tick(t->name, now - start, g->issued, g->blocks_started, t->blocks_total);
        resident_sum += sum.resident;
        if (sum.fault >= 0) {
            /* the first SM's fault, as if they had run one after the other */
            if (t->take_fault) t->take_fault(t, sum.fault);
            return gpu_stop(g, now, FUNC_FAULT);
        }
        for (int m = 0; sum.finished && m < g->nsm; m++)
            if (g->sms[m].finished && gpu_refill(g, m)) return FUNC_BAD_LAUNCH;
        if (t->sample && g->active_blocks && sample_watch_step(t->sample, now + 1 - start, g->issued, g->blocks_started))
            gpu_sample_stop(g);
        memsys_tick_l1(g->mem, now);
        if (now >= next_sample) gpu_sample_memory(g, obs, now, &next_sample);
        idle = sum.issued ? 0 : idle + 1;
        now++;
        /* nothing issued or fetched: jump to the next cycle anything can
         * change, charging the skipped cycles to the same stall reasons
         * (each SM finds them slept through when it next runs) */
        /* the memory system's next event matters when nothing issued (a
         * skip) or no block is left (the loop ends when it has drained) */
        if (!sum.issued || !g->active_blocks) mem_next = memsys_next_event(g->mem, now - 1);
        uint64_t wake = mem_next;
        if (sum.wake < wake) wake = sum.wake;
        if (wake > limit_at) wake = limit_at;
        if (!sum.issued && wake > now && wake != UINT64_MAX && !g->p.exhaustive) {
            uint64_t skip = wake - now;
            resident_sum += skip * crews_resident_now(g->crews);
            memsys_skip(g->mem, now, wake);
            idle += skip;
            if ((now >> 12) != (wake >> 12) && t->deadlocked(t)) return gpu_stop(g, wake, FUNC_FAULT);
            now = wake;
        }
        if ((now & 4095) == 0 && t->deadlocked(t)) return gpu_stop(g, now, FUNC_FAULT);
        /* a signal is looked at every 4096 cycles (and after a skip) */
        if (now >= limit_at || (((now & 4095) == 0 || sum.issued == 0) && stop_signal())) return gpu_early_stop(g, start, now, resident_sum, max_warps);
        if (idle > 10000000) return gpu_stuck(g, now);
    }
    return gpu_finish(g, st, start, now, resident_sum, max_warps);
}

func_status gpu_stuck(gpu_t *g, uint64_t now)
{
    diag_error(g->d, "kernel '%s': no instruction issued for 10 million cycles at cycle %" PRIu64
               "; this is a simulator bug, please report it with the workload", g->drv->name, now);
    return gpu_stop(g, now, FUNC_FAULT);
}

func_status gpu_finish(gpu_t *g, kernel_stats *st, uint64_t start, uint64_t now, uint64_t resident_sum, int max_warps)
{
    gpu_stop(g, now, FUNC_OK);
    now += g->launch_overhead;
    timing_gpu_end(g->gs, now);
    st->cycles = now - start;
    st->occupancy_achieved = st->cycles ? (double)resident_sum / ((double)st->cycles * g->nsm * max_warps) : 0;
    return FUNC_OK;
}

int timing_window(const config *cfg)
{
    /* a load's value is written at the window's end: no warp may read it
     * sooner (an L1 hit's latency), and no response may reach an SM
     * within the window in which the L2 sent it (the interconnect's) */
    int bound = (int)CFG(cfg, icnt_latency), l1 = (int)CFG(cfg, l1_latency), w = (int)CFG(cfg, sim_window);
    if (l1 < bound) bound = l1;
    if (bound < 1) bound = 1;
    return w == 0 || w > bound ? bound : w;
}

int timing_defers(const config *cfg) { return timing_window(cfg) > 1; }

int timing_threads(const config *cfg)
{
    int64_t n = CFG(cfg, sim_threads), most = config_keys[CFGK_sim_threads].max;
    if (n > 0) return (int)n;
    n = crews_cores();   /* auto: every count gives the same statistics */
    return (int)(n < most ? n : most);
}

void timing_one_thread_unless_set(config *cfg)
{
    if (!config_given(cfg, CFGK_sim_threads)) CFG(cfg, sim_threads) = 1;
}

func_status timing_run_driver(timing_driver *t, const config *cfg, kernel_stats *stats, diag *d)
{
    gpu_t g;
    memset(&g, 0, sizeof g);
    g.drv = t;
    g.d = d;
    g.stats = stats;
    stats->timed = 1;
    if (sm_params_load(&g.p, cfg, d) || mem_params_load(&g.mp, cfg, d)) return FUNC_BAD_LAUNCH;
    g.nsm = (int)CFG(cfg, sm_count);
    g.launch_overhead = (uint64_t)CFG(cfg, launch_overhead);
    g.nslots = t->blocks_per_sm * g.nsm;
    int max_warps = (int)CFG(cfg, sm_max_warps);
    stats->npc = g.npc = t->npc;
    stats->nsm = g.nsm;
    stats->per_pc = xcalloc((size_t)(stats->npc ? stats->npc : 1), sizeof(pc_stats));
    stats->per_sm = xcalloc((size_t)g.nsm, sizeof(sm_stats));
    stats->occupancy_theoretical = (double)(t->blocks_per_sm * t->warps_per_block) / max_warps;
    g.gs = t->gpu ? t->gpu : timing_gpu_new();
    timing_gpu_begin(g.gs, cfg, &g.p, &g.mp, g.nsm, stats->npc, (mem_sm_port){ &g, load_done, wake_sm }, t->name, t->npc);
    g.mem = timing_gpu_mem(g.gs);
    /* a unified L1/shared array gives the L1 what the resident blocks' shared memory leaves */
    stats->l1_bytes = (uint64_t)memsys_carveout(g.mem, t->blocks_per_sm
                      * (t->shared_per_block + (int)CFG(cfg, sm_shared_reserved)));
    g.sms = xcalloc((size_t)g.nsm, sizeof(sm_t));
    /* SR_CLOCKLO reads the cycle its SM is at (sm_t.now) */
    *t->clock = &g.sms[0].now;
    if (t->clock_stride) *t->clock_stride = sizeof(sm_t);
    g.slot_active = xcalloc((size_t)g.nslots, 1);
    g.window = timing_window(cfg);
    g.spans = (int)CFG(cfg, sim_spans);
    g.group = (int)CFG(cfg, ccache_shared_by);
    memsys_set_windows(g.mem, g.window > 1);
    /* an observer hears the SMs in SM order: one thread then; and threads
     * that met every cycle (sim.window = 1) would cost more than they gain */
    g.crews = crews_new(g.sms, g.nsm, t->obs || g.window == 1 ? 1 : timing_threads(cfg), g.group);
    crews_gauge_on(g.crews, (int)CFG(cfg, sim_team_gauge));
    stats->par.threads = crews_threads(g.crews);
    g.pc_nsets = crews_threads(g.crews);
    g.pc_sets = xcalloc((size_t)g.pc_nsets, sizeof *g.pc_sets);
    for (int k = 0; k < g.pc_nsets; k++) stats_local_init(&g.pc_sets[k], stats->npc);
    memsys_set_members(g.mem, g.pc_nsets);
    crews_lend(g.crews, lend_rows, &g);
    for (int m = 0; m < g.nsm; m++) {
        sm_links links = { g.mem, timing_gpu_ccache(g.gs, m), timing_gpu_icache(g.gs, m), timing_gpu_code_base(g.gs),
                           g.pc_sets[0].per_pc };
        sm_init(&g.sms[m], m, &g.p, t->src, t->blocks_per_sm * t->warps_per_block, t->warps_per_block, stats->npc, &links);
    }
    if (t->obs)
        for (int m = 0; m < g.nsm; m++) sm_observe(&g.sms[m], t->obs);
    func_status status = FUNC_OK;
    for (int m = 0; m < g.nsm; m++) sm_begin(&g.sms[m], timing_gpu_cycle(g.gs));
    for (int s = 0; s < g.nslots && status == FUNC_OK; s++)
        if (dispatch(&g, s) < 0) status = FUNC_BAD_LAUNCH;
    if (status == FUNC_OK) status = g.window > 1 ? gpu_window_loop(&g, stats, max_warps) : cycle_loop(&g, stats, max_warps);
    /* every block kept its own counters, and each thread's per-PC rows
     * those of the blocks it ran: the GPU sums them */
    memsys_report(g.mem, stats);
    for (int m = 0; m < g.nsm; m++) sm_report(&g.sms[m], stats);
    for (int k = 0; k < g.pc_nsets; k++) stats_merge(stats, &g.pc_sets[k]);
    stats->dram_peak_gbps = memsys_peak_gbps(&g.mp);
    stats->clock_mhz = (double)CFG(cfg, gpu_clock_mhz);
    energy_params ep;   /* the launch's energy: a view of the counters above */
    energy_params_load(&ep, cfg);
    energy_compute(&ep, stats);
    for (int m = 0; m < g.nsm; m++) sm_free(&g.sms[m]);
    for (int k = 0; k < g.pc_nsets; k++) stats_free(&g.pc_sets[k]);
    free(g.pc_sets);
    /* a launch that stopped early (a fault) leaves requests in flight: the
     * next one could not start from that state */
    if (!t->gpu) timing_gpu_free(g.gs);
    else if (status != FUNC_OK) timing_gpu_reset(t->gpu);
    crews_free(g.crews);
    free(g.sms);
    free(g.slot_active);
    free(g.returned);
    free(g.work);
    free(g.crew_work);
    return status;
}
