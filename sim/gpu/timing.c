/* sim/gpu/timing.c — the GPU: CTA dispatcher and the cycle loop over SMs. */
#include "timing.h"
#include "exec/isrc_func.h"
#include "exec/observer.h"
#include "sm/sm.h"
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int unit_key[UNIT_COUNT][7] = {
#define UNIT_ROW(c) { CFGK_unit_##c##_lanes, CFGK_unit_##c##_count, CFGK_unit_##c##_latency, \
                      CFGK_unit_##c##_interval, CFGK_unit_##c##_shared, CFGK_unit_##c##_occupies, \
                      CFGK_unit_##c##_category }
    UNIT_ROW(int), UNIT_ROW(fp32), UNIT_ROW(fp64), UNIT_ROW(sfu), UNIT_ROW(ldst),
    UNIT_ROW(shared), UNIT_ROW(branch), UNIT_ROW(sync), UNIT_ROW(uniform), UNIT_ROW(tensor),
#undef UNIT_ROW
};

/* "fp32 int" -> class mask */
static int parse_occupies(const config *cfg, int cls, uint32_t *mask, diag *d)
{
    const char *p = cfg->sval[unit_key[cls][5]];
    *mask = 0;
    while (*p) {
        while (*p == ' ' || *p == ',') p++;
        if (!*p) break;
        int n = 0;
        while (p[n] && p[n] != ' ' && p[n] != ',') n++;
        int found = -1;
        for (int c = 0; c < UNIT_COUNT; c++)
            if ((int)strlen(isa_unit_name((isa_unit)c)) == n && !strncmp(isa_unit_name((isa_unit)c), p, (size_t)n)) found = c;
        if (found < 0 || found == cls) {
            diag_error(d, "%s = '%s': '%.*s' is not another unit class (int fp32 fp64 sfu ldst shared branch sync uniform tensor) (set at %s)",
                       config_keys[unit_key[cls][5]].name, cfg->sval[unit_key[cls][5]], n, p, cfg->origin[unit_key[cls][5]]);
            return -1;
        }
        *mask |= 1u << found;
        p += n;
    }
    return 0;
}

int timing_params_load(timing_params *p, const config *cfg, diag *d)
{
    memset(p, 0, sizeof *p);
    int ws = (int)CFG(cfg, sm_warp_size);
    for (int c = 0; c < UNIT_COUNT; c++) {
        unit_params *u = &p->unit[c];
        int lanes = (int)cfg->ival[unit_key[c][0]];
        u->count = (int)cfg->ival[unit_key[c][1]];
        u->latency = (int)cfg->ival[unit_key[c][2]];
        /* a warp instruction on L lanes occupies the instance warp_size/L passes */
        u->occupancy = (int)cfg->ival[unit_key[c][3]] * ((ws + lanes - 1) / lanes);
        u->shared = (int)cfg->ival[unit_key[c][4]];
        u->category = (int)cfg->ival[unit_key[c][6]];
        if (parse_occupies(cfg, c, &u->occupies, d)) return -1;
    }
    p->nsched = (int)CFG(cfg, sm_schedulers);
    p->issue_width = (int)CFG(cfg, sched_issue_width);
    p->issue_interval = (int)CFG(cfg, sched_issue_interval);
    p->by_category = CFG(cfg, sched_issue_mode) == 1;
    p->turns = (int)CFG(cfg, sched_turns);
    p->fetch_latency = (int)CFG(cfg, frontend_fetch_latency);
    p->ibuffer = (int)CFG(cfg, frontend_ibuffer);
    p->fetch_width = (int)CFG(cfg, frontend_fetch_width);
    p->icache = (cache_params){ (int)CFG(cfg, icache_size), (int)CFG(cfg, icache_line), (int)CFG(cfg, icache_line),
                                (int)CFG(cfg, icache_assoc), 1, 0, 0, 0, 0 };
    p->icache_insn_bytes = (int)CFG(cfg, icache_insn_bytes);
    p->icache_miss_latency = (int)CFG(cfg, icache_miss_latency);
    p->ccache = (cache_params){ (int)CFG(cfg, ccache_size), (int)CFG(cfg, ccache_line), (int)CFG(cfg, ccache_line),
                                (int)CFG(cfg, ccache_assoc), 1, 0, 0, 0, 0 };
    p->ccache_miss_latency = (int)CFG(cfg, ccache_miss_latency);
    if (p->ccache.size && p->ccache.size < p->ccache.line * p->ccache.assoc) {
        diag_error(d, "ccache.size = %d holds less than one set (ccache.line x ccache.assoc) (set at %s)",
                   p->ccache.size, cfg->origin[CFGK_ccache_size]);
        return -1;
    }
    if (p->icache.size && p->icache.size < p->icache.line * p->icache.assoc) {
        diag_error(d, "icache.size = %d holds less than one set (icache.line x icache.assoc) (set at %s)",
                   p->icache.size, cfg->origin[CFGK_icache_size]);
        return -1;
    }
    p->max_loads = (int)CFG(cfg, mem_max_loads_per_warp);
    p->l1_cache_global = (int)CFG(cfg, l1_cache_global);
    p->l1_cache_local = (int)CFG(cfg, l1_cache_local);
    p->line_size = (int)CFG(cfg, mem_line_size);
    p->sector_size = (int)CFG(cfg, mem_sector_size);
    p->smem_banks = (int)CFG(cfg, smem_banks);
    p->smem_bank_width = (int)CFG(cfg, smem_bank_width);
    p->smem_lanes_per_cycle = (int)CFG(cfg, smem_lanes_per_cycle);
    p->barrier_latency = (int)CFG(cfg, sync_barrier_latency);
    p->barrier_per_warp = (int)CFG(cfg, sync_barrier_per_warp);
    p->membar_cta = (int)CFG(cfg, sync_membar_cta);
    p->membar_gl = (int)CFG(cfg, sync_membar_gl);
    p->clock_cost = (int)CFG(cfg, sm_clock_cost);
    for (int op = 0; op < OP_COUNT; op++) {
        p->op_expand[op] = (uint8_t)cfg->op_expand[op];
        p->op_alt_unit[op] = (int8_t)cfg->op_alt_unit[op];
    }
    p->policy = sched_at((int)CFG(cfg, sched_policy));
    p->policy_param = p->policy->param_key >= 0 ? (int)cfg->ival[p->policy->param_key] : 0;
    return 0;
}

/* every unit class the kernel uses must exist in the config */
static int check_units(const isa_kernel *k, const timing_params *p, const config *cfg, diag *d)
{
    for (int pc = 0; pc < k->ncode; pc++) {
        isa_unit u = isa_ops[k->code[pc].op].unit;
        if (p->unit[u].count) continue;
        diag_error(d, "%s:%d: kernel '%s' uses %s, which needs a %s unit, but %s has unit_%s.count = 0",
                   k->file, k->code[pc].line, k->name, isa_ops[k->code[pc].op].mnemonic, isa_unit_name(u),
                   cfg->sval[CFGK_gpu_name], isa_unit_name(u));
        return -1;
    }
    return 0;
}

typedef struct {
    timing_driver *drv;
    timing_params p;
    mem_params mp;
    memsys *mem;
    sm_t *sms;
    int nsm, nslots;
    uint8_t *slot_active;
    cache *ccaches;          /* one per group of ccache.shared_by SMs */
    int nccaches;
    int active_blocks;       /* blocks resident on some SM */
    uint64_t now;            /* the core cycle, read by SR_CLOCKLO */
    kernel_stats *stats;     /* the kernel's: blocks' own counters are summed into it */
    int npc;                 /* instructions the blocks' per-PC counters hold */
    diag *d;
} gpu_t;

/* the memory system's port into the SMs */
static void load_done(void *ctx, int sm, int tag, uint64_t now)
{
    gpu_t *g = ctx;
    sm_load_done(&g->sms[sm], tag, now);
}

static void wake_sm(void *ctx, int sm) { sm_poke(&((gpu_t *)ctx)->sms[sm]); }

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
        for (int m = 0; m < g->nsm; m++) sm_grow_pc(&g->sms[m], g->npc);
    }
    g->slot_active[s] = 1;
    g->active_blocks++;
    sm_t *sm = &g->sms[s % g->nsm];
    int local_slot = s / g->nsm;
    for (int i = 0; i < t->warps_per_block; i++) {
        int xw = s * t->warps_per_block + i;
        sm_warp_start(sm, local_slot * t->warps_per_block + i, xw, t->warp_age(t, xw));
    }
    return 1;
}

/* retire finished blocks of SM m and refill their slots */
static int refill(gpu_t *g, int m)
{
    timing_driver *t = g->drv;
    for (int s = m; s < g->nslots; s += g->nsm) {
        if (!g->slot_active[s] || !t->block_finished(t, s)) continue;
        g->slot_active[s] = 0;
        g->active_blocks--;
        for (int i = 0; i < t->warps_per_block; i++) sm_warp_clear(&g->sms[m], s / g->nsm * t->warps_per_block + i);
        if (dispatch(g, s) < 0) return -1;
    }
    return 0;
}

static func_status cycle_loop(gpu_t *g, kernel_stats *st, int max_warps)
{
    timing_driver *t = g->drv;
    uint64_t now = 0, resident_sum = 0, idle = 0, mem_next = UINT64_MAX;
    *t->clock = &g->now;
    /* the kernel ends when every block has finished and the memory
     * system has drained (stores still in flight count) */
    while (g->active_blocks || mem_next != UINT64_MAX) {
        int issued = 0;
        g->now = now;
        memsys_tick(g->mem, now);
        for (int m = 0; m < g->nsm; m++) {
            sm_t *sm = &g->sms[m];
            int n = sm_cycle(sm, now);
            if (n < 0) return FUNC_FAULT;
            issued += n;
            resident_sum += (uint64_t)sm->resident;
            if (sm->finished && refill(g, m)) return FUNC_BAD_LAUNCH;
        }
        memsys_tick_l1(g->mem, now);
        idle = issued ? 0 : idle + 1;
        now++;
        /* nothing issued or fetched: jump to the next cycle anything can
         * change, charging the skipped cycles to the same stall reasons */
        mem_next = memsys_next_event(g->mem, now - 1);
        uint64_t wake = mem_next;
        for (int m = 0; m < g->nsm; m++)
            if (g->sms[m].wake < wake) wake = g->sms[m].wake;
        if (!issued && wake > now && wake != UINT64_MAX) {
            uint64_t skip = wake - now;
            for (int m = 0; m < g->nsm; m++) {
                sm_skip(&g->sms[m], now, wake);
                resident_sum += skip * (uint64_t)g->sms[m].resident;
            }
            idle += skip;
            if ((now >> 12) != (wake >> 12) && t->deadlocked(t)) return FUNC_FAULT;
            now = wake;
        }
        if ((now & 4095) == 0 && t->deadlocked(t)) return FUNC_FAULT;
        if (idle > 10000000) {
            diag_error(g->d, "kernel '%s': no instruction issued for 10 million cycles at cycle %" PRIu64
                       "; this is a simulator bug, please report it with the workload", t->name, now);
            return FUNC_FAULT;
        }
    }
    st->cycles = now;
    st->occupancy_achieved = now ? (double)resident_sum / ((double)now * g->nsm * max_warps) : 0;
    return FUNC_OK;
}

func_status timing_run_driver(timing_driver *t, const config *cfg, kernel_stats *stats, diag *d)
{
    gpu_t g;
    memset(&g, 0, sizeof g);
    g.drv = t;
    g.d = d;
    g.stats = stats;
    stats->timed = 1;
    if (timing_params_load(&g.p, cfg, d) || mem_params_load(&g.mp, cfg, d)) return FUNC_BAD_LAUNCH;
    g.nsm = (int)CFG(cfg, sm_count);
    g.nslots = t->blocks_per_sm * g.nsm;
    int max_warps = (int)CFG(cfg, sm_max_warps);
    stats->npc = g.npc = t->npc;
    stats->nsm = g.nsm;
    stats->per_pc = xcalloc((size_t)(stats->npc ? stats->npc : 1), sizeof(pc_stats));
    stats->per_sm = xcalloc((size_t)g.nsm, sizeof(sm_stats));
    stats->occupancy_theoretical = (double)(t->blocks_per_sm * t->warps_per_block) / max_warps;
    g.mem = memsys_new(&g.mp, g.nsm, stats->npc, (mem_sm_port){ &g, load_done, wake_sm });
    g.sms = xcalloc((size_t)g.nsm, sizeof(sm_t));
    g.slot_active = xcalloc((size_t)g.nslots, 1);
    int share = (int)CFG(cfg, ccache_shared_by);
    g.nccaches = g.p.ccache.size ? (g.nsm + share - 1) / share : 0;
    g.ccaches = xcalloc((size_t)(g.nccaches ? g.nccaches : 1), sizeof(cache));
    for (int c = 0; c < g.nccaches; c++) cache_init(&g.ccaches[c], &g.p.ccache);
    for (int m = 0; m < g.nsm; m++)
        sm_init(&g.sms[m], m, &g.p, t->src, t->blocks_per_sm * t->warps_per_block, t->warps_per_block, stats->npc, g.mem,
                g.nccaches ? &g.ccaches[m / share] : NULL);
    func_status status = FUNC_OK;
    for (int s = 0; s < g.nslots && status == FUNC_OK; s++)
        if (dispatch(&g, s) < 0) status = FUNC_BAD_LAUNCH;
    if (status == FUNC_OK) status = cycle_loop(&g, stats, max_warps);
    /* every block kept its own counters: the GPU sums them */
    memsys_report(g.mem, stats);
    for (int m = 0; m < g.nsm; m++) sm_report(&g.sms[m], stats);
    stats->dram_peak_gbps = memsys_peak_gbps(&g.mp);
    stats->clock_mhz = (double)CFG(cfg, gpu_clock_mhz);
    memsys_delete(g.mem);
    for (int m = 0; m < g.nsm; m++) sm_free(&g.sms[m]);
    for (int c = 0; c < g.nccaches; c++) cache_free(&g.ccaches[c]);
    free(g.ccaches);
    free(g.sms);
    free(g.slot_active);
    return status;
}

/* ---- the execution-driven driver: blocks and warps of sim/warpexec.c ---- */

typedef struct {
    xrun run;
    const sim_observer *obs; /* who watches the run, or NULL */
} xdriver;

static int x_start_block(timing_driver *t, int slot)
{
    xdriver *x = t->ctx;
    int started = xrun_start_block(&x->run, slot);
    if (started > 0 && x->obs && x->obs->block_start)
        x->obs->block_start(x->obs->ctx, slot, x->run.blocks[slot].ctaid, x->run.warps_per_block);
    return started;
}

static int x_block_finished(timing_driver *t, int slot)
{
    xdriver *x = t->ctx;
    xblock *b = &x->run.blocks[slot];
    if (!b->active || b->live_warps) return 0;
    b->active = 0;
    if (x->obs && x->obs->block_end) x->obs->block_end(x->obs->ctx, slot, x->run.d);
    return 1;
}

static uint64_t x_warp_age(timing_driver *t, int xw) { return ((xdriver *)t->ctx)->run.warps[xw].age; }

static int x_deadlocked(timing_driver *t)
{
    xdriver *x = t->ctx;
    if (!xrun_deadlocked(&x->run)) return 0;
    xrun_report_deadlock(&x->run);
    return 1;
}

/* the launch's static facts for the observers: every pc's facts, text and line */
static int announce_kernel(xdriver *x, const isrc_func *src, const func_launch *l, diag *d)
{
    const isa_kernel *k = x->run.k;
    char **texts = xcalloc((size_t)k->ncode + 1, sizeof *texts);
    int *lines = xcalloc((size_t)k->ncode + 1, sizeof *lines);
    for (int pc = 0; pc < k->ncode; pc++) {
        char buf[200];
        isa_disasm(k, &k->code[pc], buf, sizeof buf);
        texts[pc] = xmalloc(strlen(buf) + 1);
        strcpy(texts[pc], buf);
        lines[pc] = k->code[pc].line;
    }
    obs_kernel ok = { k->name, l->grid, l->block, (int)k->shared_bytes, k->nregs, k->ncode, src->table,
                      (const char *const *)texts, lines };
    int bad = x->obs->kernel_begin(x->obs->ctx, &ok, d);
    for (int pc = 0; pc < k->ncode; pc++) free(texts[pc]);
    free(texts);
    free(lines);
    return bad;
}

func_status timing_run(const func_launch *l, gmem *mem, const config *cfg, const func_options *opt,
                       kernel_stats *stats, uint64_t *used, diag *d)
{
    timing_params p;
    stats->timed = 1;
    if (timing_params_load(&p, cfg, d) || check_units(l->kernel, &p, cfg, d)) return FUNC_BAD_LAUNCH;
    xdriver *x = xcalloc(1, sizeof *x);
    x->obs = opt ? opt->observer : NULL;
    func_status status = xrun_init(&x->run, l, mem, cfg, opt, stats, used, d, (int)CFG(cfg, sm_count));
    if (status != FUNC_OK || !x->run.nslots) { xrun_free(&x->run); free(x); return status; }
    isrc_func src;
    isrc_func_init(&src, &x->run);
    if (x->obs && x->obs->kernel_begin && announce_kernel(x, &src, l, d)) status = FUNC_BAD_LAUNCH;
    timing_driver t = { x, &src.src, x->run.k->name, x->run.warps_per_block, x->run.blocks_per_sm, x->run.k->ncode,
                        x_start_block, x_block_finished, x_warp_age, x_deadlocked, &x->run.cycle };
    if (status == FUNC_OK) status = timing_run_driver(&t, cfg, stats, d);
    if (x->obs && x->obs->kernel_end && x->obs->kernel_end(x->obs->ctx, d) && status == FUNC_OK) status = FUNC_BAD_LAUNCH;
    isrc_func_free(&src);
    xrun_free(&x->run);
    free(x);
    return status;
}
