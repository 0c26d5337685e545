/* sim/gpu/energy.c — a launch's energy from its counters (docs/energy.md).
 * Runs once at the launch's end, never on the per-cycle path: the events of
 * sim/stats/energy_events.def are the timing model's own counters, each
 * charged its [energy] value. */
#include "energy.h"
#include "util/xalloc.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const int event_key[EVENT_COUNT] = {
#define EVENT(name, key, part, scale, doc) CFGK_energy_##key,
#include "stats/energy_events.def"
#undef EVENT
};
static const double event_scale[EVENT_COUNT] = {
#define EVENT(name, key, part, scale, doc) scale,
#include "stats/energy_events.def"
#undef EVENT
};

void energy_params_load(energy_params *e, const config *cfg)
{
    memset(e, 0, sizeof *e);
    e->on = cfg->sval[CFGK_energy_source][0] != 0;
    for (int i = 0; i < EVENT_COUNT; i++) e->j[i] = (double)cfg->ival[event_key[i]] * event_scale[i];
    e->clock_hz = (double)CFG(cfg, gpu_clock_mhz) * 1e6;
    e->dram_hz = (double)CFG(cfg, dram_clock_mhz) * 1e6;
    e->tREFI = (double)CFG(cfg, dram_tREFI);
    e->nsm = (int)CFG(cfg, sm_count);
    e->channels = (int)CFG(cfg, l2_slices);
}

void energy_pc_events(const kernel_stats *s, int pc, double ev[EVENT_COUNT])
{
    const pc_stats *p = &s->per_pc[pc];
    for (int i = 0; i < EVENT_COUNT; i++) ev[i] = 0;
    if (!p->executions) return;
    ev[EVENT_warp_instructions] = (double)p->executions;
    double lanes = s->warp_size ? (double)p->active_lanes / (double)s->warp_size : (double)p->executions;
    switch (p->energy_class ? EPART_int + (int)p->energy_class - 1 : -1) {
    case EPART_int: ev[EVENT_int_lanes] = lanes; break;
    case EPART_fp32: ev[EVENT_fp32_lanes] = lanes; break;
    case EPART_fp64: ev[EVENT_fp64_lanes] = lanes; break;
    case EPART_half: ev[EVENT_half_lanes] = lanes; break;
    case EPART_sfu: ev[EVENT_sfu_lanes] = lanes; break;
    case EPART_tensor: ev[EVENT_tensor_insts] = (double)p->executions; break;
    case EPART_uniform: ev[EVENT_uniform_insts] = (double)p->executions; break;
    case EPART_control: ev[EVENT_control_insts] = (double)p->executions; break;
    case EPART_memory: ev[EVENT_memory_lanes] = lanes; break;
    default: break;   /* no class recorded (no [energy] model when it ran) */
    }
    ev[EVENT_reg_reads] = (double)p->reg_reads;
    ev[EVENT_reg_writes] = (double)p->reg_writes;
    ev[EVENT_shared_passes] = (double)p->passes;
    ev[EVENT_l1_hits] = (double)p->l1_hits;
    ev[EVENT_l1_misses] = (double)p->l1_misses;
    ev[EVENT_l2_hits] = (double)p->l2_hits;
    ev[EVENT_l2_misses] = (double)p->l2_misses;
}

void energy_events(const energy_params *e, const kernel_stats *s, double ev[EVENT_COUNT])
{
    /* the instructions' own events, summed over their PCs; the caches' from
     * the launch's counters (they include accesses no instruction made:
     * write-backs, fills of merged misses) */
    for (int i = 0; i < EVENT_COUNT; i++) ev[i] = 0;
    for (int pc = 0; pc < s->npc; pc++) {
        double p[EVENT_COUNT];
        energy_pc_events(s, pc, p);
        for (int i = 0; i < EVENT_COUNT; i++) ev[i] += p[i];
    }
    const uint64_t *v = s->v;
    ev[EVENT_l1_hits] = (double)v[STAT_l1_hits];
    ev[EVENT_l1_misses] = (double)v[STAT_l1_misses];
    ev[EVENT_l2_hits] = (double)v[STAT_l2_hits];
    ev[EVENT_l2_misses] = (double)v[STAT_l2_misses];
    ev[EVENT_icnt_flits] = (double)v[STAT_icnt_flits];
    ev[EVENT_dram_activations] = (double)v[STAT_dram_row_misses];
    ev[EVENT_dram_reads] = (double)v[STAT_dram_reads];
    ev[EVENT_dram_writes] = (double)v[STAT_dram_writes];
    double seconds = e->clock_hz > 0 ? (double)s->cycles / e->clock_hz : 0;
    /* every channel refreshes every tREFI DRAM cycles, busy or not */
    ev[EVENT_dram_refreshes] = e->tREFI > 0 ? (double)e->channels * floor(seconds * e->dram_hz / e->tREFI) : 0;
    ev[EVENT_sm_active_seconds] = e->clock_hz > 0 ? (double)v[STAT_sm_active_cycles] / e->clock_hz : 0;
    ev[EVENT_sm_seconds] = (double)e->nsm * seconds;
    ev[EVENT_seconds] = seconds;
}

static const int event_part[EVENT_COUNT] = {
#define EVENT(name, key, part, scale, doc) EPART_##part,
#include "stats/energy_events.def"
#undef EVENT
};

void energy_compute(const energy_params *e, kernel_stats *s)
{
    energy_stats *en = &s->energy;
    free(en->pc_joules);
    memset(en, 0, sizeof *en);
    if (!e->on || !s->timed) return;
    en->on = 1;
    energy_events(e, s, en->event);
    for (int i = 0; i < EVENT_COUNT; i++) en->part[event_part[i]] += en->event[i] * e->j[i];
    for (int p = 0; p < EPART_COUNT; p++) en->joules += en->part[p];
    en->seconds = en->event[EVENT_seconds];
    en->watts = en->seconds > 0 ? en->joules / en->seconds : 0;
    en->pc_joules = xcalloc((size_t)(s->npc > 0 ? s->npc : 1), sizeof(double));
    for (int pc = 0; pc < s->npc; pc++) {
        double ev[EVENT_COUNT];
        energy_pc_events(s, pc, ev);
        for (int i = 0; i < EVENT_COUNT; i++) en->pc_joules[pc] += ev[i] * e->j[i];
    }
}
