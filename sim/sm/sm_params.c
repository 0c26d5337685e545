/* sim/sm/sm_params.c — the SM's parameters read from a config: execution
 * units (one group of unit_<class>.* keys per row of isa/units.def),
 * schedulers, front end, caches of the SM, LD/ST and shared memory. */
#include "sm_params.h"
#include "exec.h"
#include "stats/stats.h"
#include <stdio.h>
#include <string.h>

static const int unit_key[UNIT_COUNT][7] = {
#define UNIT_ROW(c) { CFGK_unit_##c##_lanes, CFGK_unit_##c##_count, CFGK_unit_##c##_latency, \
                      CFGK_unit_##c##_interval, CFGK_unit_##c##_shared, CFGK_unit_##c##_occupies, \
                      CFGK_unit_##c##_category }
#define UNIT(id, name, lanes, count, latency, category, doc) UNIT_ROW(name),
#include "units.def"
#undef UNIT
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
        int found = isa_unit_find(p, (size_t)n);
        if (found < 0 || found == cls) {
            config_error(cfg, d, unit_key[cls][5], "%s = '%s': '%.*s' is not another unit class (%s)",
                         config_keys[unit_key[cls][5]].name, cfg->sval[unit_key[cls][5]], n, p, isa_unit_choices());
            return -1;
        }
        *mask |= 1u << found;
        p += n;
    }
    return 0;
}

/* does instance i of unit u serve scheduler s of n? A shared unit, or one
 * with fewer instances than schedulers, serves all. Otherwise each scheduler
 * owns count / n instances (i mod n == s) and the count mod n left over are
 * each shared by an equal group of schedulers: Kepler's 6 groups of 32 cores
 * for 4 schedulers are one per scheduler and one per pair (GK110 whitepaper) */
static int unit_serves(const unit_params *u, int i, int s, int n)
{
    if (u->shared || u->count < n) return 1;
    int owned = u->count / n * n, extra = u->count - owned;
    if (i < owned) return i % n == s;
    int group = n / extra;                      /* schedulers per left-over instance */
    return s / group == i - owned || (s / group >= extra && i == u->count - 1);
}

int sm_params_load(sm_params *p, const config *cfg, diag *d)
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
    for (int c = 0; c < UNIT_COUNT; c++)
        for (int i = 0; i < p->unit[c].count; i++)
            for (int sch = 0; sch < p->nsched; sch++)
                if (unit_serves(&p->unit[c], i, sch, p->nsched)) p->unit[c].serves[i] |= (uint8_t)(1u << sch);
    p->issue_width = (int)CFG(cfg, sched_issue_width);
    p->issue_interval = (int)CFG(cfg, sched_issue_interval);
    p->warp_issue_interval = (int)CFG(cfg, sched_warp_issue_interval);
    p->by_category = CFG(cfg, sched_issue_mode) == 1;
    p->turns = (int)CFG(cfg, sched_turns);
    p->exhaustive = (int)CFG(cfg, sim_exhaustive);
    p->fetch_latency = (int)CFG(cfg, frontend_fetch_latency);
    p->redirect_penalty = (int)CFG(cfg, frontend_redirect_penalty);
    p->branch_pred_delay = (int)CFG(cfg, frontend_branch_predicate_delay);
    p->fetch_group = (int)CFG(cfg, frontend_fetch_group);
    p->ibuffer = (int)CFG(cfg, frontend_ibuffer);
    p->fetch_width = (int)CFG(cfg, frontend_fetch_width);
    p->icache = (cache_params){ (int)CFG(cfg, icache_size), (int)CFG(cfg, icache_line), (int)CFG(cfg, icache_line),
                                (int)CFG(cfg, icache_assoc), 1, 0, 0, 0, 0, CACHE_INDEX_linear };
    p->icache_insn_bytes = (int)CFG(cfg, icache_insn_bytes);
    p->icache_miss_latency = (int)CFG(cfg, icache_miss_latency);
    p->icache_prefetch_lines = (int)CFG(cfg, icache_prefetch_lines);
    p->ccache = (cache_params){ (int)CFG(cfg, ccache_size), (int)CFG(cfg, ccache_line), (int)CFG(cfg, ccache_line),
                                (int)CFG(cfg, ccache_assoc), 1, 0, 0, 0, 0, CACHE_INDEX_linear };
    p->ccache_miss_latency = (int)CFG(cfg, ccache_miss_latency);
    if (p->ccache.size && p->ccache.size < p->ccache.line * p->ccache.assoc) {
        config_error(cfg, d, CFGK_ccache_size, "ccache.size = %d holds less than one set (ccache.line x ccache.assoc)",
                     p->ccache.size);
        return -1;
    }
    if (p->icache.size && p->icache.size < p->icache.line * p->icache.assoc) {
        config_error(cfg, d, CFGK_icache_size, "icache.size = %d holds less than one set (icache.line x icache.assoc)",
                     p->icache.size);
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
    p->smem_cycles_per_pass = (int)CFG(cfg, smem_cycles_per_pass);
    p->smem_sched_cycles_per_pass = (int)CFG(cfg, smem_scheduler_cycles_per_pass);
    p->barrier_latency = (int)CFG(cfg, sync_barrier_latency);
    p->barrier_per_warp = (int)CFG(cfg, sync_barrier_per_warp);
    p->membar_cta = (int)CFG(cfg, sync_membar_cta);
    p->membar_gl = (int)CFG(cfg, sync_membar_gl);
    p->clock_cost = (int)CFG(cfg, sm_clock_cost);
    p->clock_mhz = (int)CFG(cfg, gpu_clock_mhz);
    p->ctl_stalls = (int)CFG(cfg, sched_ctl_stalls);
    p->energy = cfg->sval[CFGK_energy_source][0] != 0;
    for (int u = 0; u < UNIT_COUNT; u++) p->energy_unit[u] = (uint8_t)(sm_energy_class((isa_unit)u, NULL) - EPART_int);
    for (int o = 0; o < OP_COUNT; o++) p->energy_class[o] = (uint8_t)(sm_energy_class(isa_ops[o].unit, &isa_ops[o]) - EPART_int);
    p->opcoll = (opcoll_params){ (int)CFG(cfg, opcoll_banks), (int)CFG(cfg, opcoll_bank_ports),
                                 (int)CFG(cfg, opcoll_units), (int)CFG(cfg, opcoll_warp_skew) };
    for (int op = 0; op < OP_COUNT; op++) {
        p->op_expand[op] = (uint8_t)cfg->op_expand[op];
        p->op_alt_unit[op] = (int8_t)cfg->op_alt_unit[op];
        p->op_latency[op] = (uint16_t)cfg->op_latency[op];
        p->op_interval[op] = (uint16_t)cfg->op_interval[op];
    }

    p->policy = sched_at((int)CFG(cfg, sched_policy));
    p->policy_param = p->policy->param_key >= 0 ? (int)cfg->ival[p->policy->param_key] : 0;
    return 0;
}

/* the cycles a device-library call holds its warp (CALL.ABS: ISA_CALL_*),
 * measured on an H100 (driver 580.159.04, 1980 MHz, CUDA 11.8 and 13 alike)
 * with clock64 around one thread's call, its second launch
 * (tests/cuda/programs/devlib.h100.txt, mode sleep: printf 42552, malloc
 * 13920, free 11955; the first launch's were 54641, 24563, 15145). A warp
 * of 32 lanes calling at once was not measured: the same is taken. At least
 * SM_DEVLIB_LEAST, longer than any window, so that the deferred call has
 * run before the warp goes on. */
uint64_t sm_devlib_cycles(const sm_params *p, int fn)
{
    static const uint64_t measured[ISA_CALL_COUNT] = {
        [ISA_CALL_VPRINTF] = 42552, [ISA_CALL_MALLOC] = 13920, [ISA_CALL_FREE] = 11955,
    };
    uint64_t c = p->op_latency[OP_CALL_ABS] ? p->op_latency[OP_CALL_ABS] : fn > 0 && fn < ISA_CALL_COUNT ? measured[fn] : 0;
    return c < SM_DEVLIB_LEAST ? SM_DEVLIB_LEAST : c;
}

/* __nanosleep (NANOSLEEP): the longest of the executing lanes' times (the
 * semantics leave each lane's nanoseconds, bounded to 1 ms by
 * isa/sem_call.c, in res->addr), in cycles at gpu.clock_mhz */
uint64_t sm_sleep_cycles(const sm_params *p, const isa_result *res)
{
    uint64_t ns = 0;
    for (uint64_t m = res->exec_mask; m; m &= m - 1)
        if (res->addr[__builtin_ctzll(m)] > ns) ns = res->addr[__builtin_ctzll(m)];
    return ns * (uint64_t)p->clock_mhz / 1000;
}

int sm_energy_class(isa_unit unit, const isa_opinfo *op)
{
    switch (unit) {
    case UNIT_INT: return EPART_int;
    case UNIT_FP32: return op && op->operands && strchr(op->operands, 'h') ? EPART_half : EPART_fp32;
    case UNIT_FP64: return EPART_fp64;
    case UNIT_SFU: return EPART_sfu;
    case UNIT_TENSOR: return EPART_tensor;
    case UNIT_UNIFORM: return EPART_uniform;
    case UNIT_BRANCH: case UNIT_SYNC: return EPART_control;
    default: return EPART_memory;   /* ldst, shared, tex */
    }
}
