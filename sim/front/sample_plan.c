/* sim/front/sample_plan.c — launches grouped by signature, cycles projected (sample_plan.h). */
#include "sample_plan.h"
#include "util/xalloc.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* the signature's mix: counts per warp instruction (stats.def) */
static const int mix_stats[] = { STAT_thread_instructions, STAT_branches, STAT_divergent_branches, STAT_barriers,
                                 STAT_global_loads, STAT_global_stores, STAT_global_atomics, STAT_shared_loads,
                                 STAT_shared_stores, STAT_shared_atomics, STAT_local_accesses };
#define NMIX ((int)(sizeof mix_stats / sizeof mix_stats[0]))

typedef struct {
    char *name;
    uint32_t grid[3], block[3];
    double insns;                /* warp instructions of its first member */
    double mix[NMIX];
    int timed;                   /* timed members */
    double cpi_sum, cpi_sq;      /* their cycles per warp instruction */
    double inner_sum;            /* their own intervals' relative half-widths (SAMPLE_INSIDE), summed */
} group;

struct sample_plan {
    int per_group;               /* sample.launches */
    double tol, floor;           /* sample.signature, sample.floor: relative */
    const config *cfg;
    group *g;
    int ng, capg;
    /* the launch in hand */
    char *name;
    uint32_t grid[3], block[3];
    int retime;                  /* the last launch of a static key had a new signature: time the next */
    char *retime_name;
    uint32_t retime_grid[3], retime_block[3];
};

const char *sample_mode_name(sample_mode m)
{
    return m == SAMPLE_INSIDE ? "sampled" : m == SAMPLE_PROJECTED ? "projected" : "timed";
}

sample_plan *sample_plan_new(const config *cfg)
{
    sample_plan *p = xcalloc(1, sizeof *p);
    p->cfg = cfg;
    p->per_group = (int)CFG(cfg, sample_launches);
    p->tol = (double)CFG(cfg, sample_signature) / 100.0;
    p->floor = (double)CFG(cfg, sample_floor) / 10000.0;
    return p;
}

void sample_plan_free(sample_plan *p)
{
    if (!p) return;
    for (int i = 0; i < p->ng; i++) free(p->g[i].name);
    free(p->g);
    free(p->name);
    free(p->retime_name);
    free(p);
}

static int same_key(const group *g, const char *name, const uint32_t grid[3], const uint32_t block[3])
{
    return !strcmp(g->name, name) && !memcmp(g->grid, grid, sizeof g->grid) && !memcmp(g->block, block, sizeof g->block);
}

static void mix_of(const kernel_stats *ks, double *mix)
{
    double w = (double)ks->v[STAT_warp_instructions];
    for (int i = 0; i < NMIX; i++) mix[i] = w > 0 ? (double)ks->v[mix_stats[i]] / w : 0;
}

/* how far a launch lies from a group: the largest relative difference of
 * its warp instructions and of its mix's counts */
static double distance(const group *g, double insns, const double *mix)
{
    double d = g->insns > 0 ? fabs(insns - g->insns) / g->insns : (insns > 0);
    for (int i = 0; i < NMIX; i++) {
        double big = fmax(mix[i], g->mix[i]);
        if (big > 0) d = fmax(d, fabs(mix[i] - g->mix[i]) / big);
    }
    return d;
}

int sample_plan_begin(sample_plan *p, const char *name, const uint32_t grid[3], const uint32_t block[3],
                      sample_watch *w)
{
    free(p->name);
    p->name = xstrdup(name ? name : "");
    memcpy(p->grid, grid, sizeof p->grid);
    memcpy(p->block, block, sizeof p->block);
    sample_watch_init(w, p->cfg);
    if (p->retime && !strcmp(p->retime_name, p->name) && !memcmp(p->retime_grid, grid, sizeof p->grid)
        && !memcmp(p->retime_block, block, sizeof p->block)) {
        p->retime = 0;
        return 1;
    }
    /* timed while the static key's groups hold fewer timed members than
     * sample.launches (a later signature of the key is caught after the
     * launch: retime) */
    int timed = 0, any = 0;
    for (int i = 0; i < p->ng; i++)
        if (same_key(&p->g[i], p->name, grid, block)) { any = 1; if (p->g[i].timed > timed) timed = p->g[i].timed; }
    return !any || timed < p->per_group;
}

static int add_group(sample_plan *p, double insns, const double *mix)
{
    if (p->ng == p->capg) {
        p->capg = p->capg ? 2 * p->capg : 8;
        p->g = xrealloc(p->g, (size_t)p->capg * sizeof *p->g);
    }
    group *g = &p->g[p->ng];
    memset(g, 0, sizeof *g);
    g->name = xstrdup(p->name);
    memcpy(g->grid, p->grid, sizeof g->grid);
    memcpy(g->block, p->block, sizeof g->block);
    g->insns = insns;
    memcpy(g->mix, mix, sizeof g->mix);
    return p->ng++;
}

/* the group of this signature (within sample.signature), preferring one
 * with timed members; -1 when none */
static int find_group(const sample_plan *p, double insns, const double *mix, int need_timed, double *dist)
{
    int best = -1;
    double bd = INFINITY;
    for (int i = 0; i < p->ng; i++) {
        const group *g = &p->g[i];
        if (!same_key(g, p->name, p->grid, p->block) || (need_timed && !g->timed)) continue;
        double d = distance(g, insns, mix);
        if (d < bd) { bd = d; best = i; }
    }
    if (dist) *dist = bd;
    return best;
}

/* a timed launch stopped once stable: its rest at the stable IPC */
static void project_inside(kernel_stats *ks, const sample_watch *w, double floor)
{
    double rest = (double)(ks->v[STAT_warp_instructions] - w->stop_issued) / w->rate;
    double half = rest * sample_t95(w->need - 1) * w->rel_sd;
    ks->sample.mode = SAMPLE_INSIDE;
    ks->sample.timed_cycles = ks->cycles;
    ks->sample.timed_instructions = w->stop_issued;
    ks->sample.timed_blocks = w->stop_blocks;
    ks->cycles += (uint64_t)llround(rest);
    if (half < floor * (double)ks->cycles) half = floor * (double)ks->cycles;
    if (!isfinite(half)) half = (double)ks->cycles;   /* no spread measured: [0, 2x] */
    ks->sample.lo = ks->cycles - (uint64_t)fmin(llround(half), (double)ks->cycles);
    ks->sample.hi = ks->cycles + (uint64_t)llround(half);
}

void sample_plan_end(sample_plan *p, kernel_stats *ks, int timed, const sample_watch *w)
{
    double mix[NMIX], insns = (double)ks->v[STAT_warp_instructions], dist;
    mix_of(ks, mix);
    sample_info *si = &ks->sample;
    if (timed) {
        si->mode = SAMPLE_TIMED;
        si->lo = si->hi = si->timed_cycles = ks->cycles;
        si->timed_instructions = ks->v[STAT_warp_instructions];
        si->timed_blocks = ks->v[STAT_blocks];
        if (w->stopped) project_inside(ks, w, p->floor);
        int gi = find_group(p, insns, mix, 0, &dist);
        if (gi < 0 || dist > p->tol) gi = add_group(p, insns, mix);
        group *g = &p->g[gi];
        double cpi = insns > 0 ? (double)ks->cycles / insns : 0;
        g->timed++;
        g->cpi_sum += cpi;
        g->cpi_sq += cpi * cpi;
        if (si->mode == SAMPLE_INSIDE && ks->cycles)
            g->inner_sum += (double)(si->hi - ks->cycles) / (double)ks->cycles;
        si->group = gi;
        return;
    }
    /* run functionally: projected from the nearest group with timed members */
    int gi = find_group(p, insns, mix, 1, &dist);
    si->mode = SAMPLE_PROJECTED;
    ks->timed = 0;
    if (gi < 0) {   /* nothing timed of this kernel, grid and block (not reached: the first is timed) */
        si->group = add_group(p, insns, mix);
        return;
    }
    const group *g = &p->g[gi];
    double n = g->timed, cpi = g->cpi_sum / n;
    double rel = g->inner_sum / n;
    if (g->timed >= 2 && cpi > 0) {
        double var = (g->cpi_sq - n * cpi * cpi) / (n - 1);
        rel += sample_t95(g->timed - 1) * sqrt(var > 0 ? var : 0) / cpi * sqrt(1 + 1 / n);
    }
    si->group = gi;
    if (dist > p->tol) {
        /* a signature no timed launch had: its own group, projected from
         * the nearest (wider by the distance); the next launch of this
         * kernel, grid and block is timed */
        si->new_signature = 1;
        si->group = add_group(p, insns, mix);
        rel += dist;
        p->retime = 1;
        free(p->retime_name);
        p->retime_name = xstrdup(p->name);
        memcpy(p->retime_grid, p->grid, sizeof p->grid);
        memcpy(p->retime_block, p->block, sizeof p->block);
    }
    if (rel < p->floor) rel = p->floor;
    ks->cycles = (uint64_t)llround(cpi * insns);
    double half = rel * (double)ks->cycles;
    if (!isfinite(half)) half = (double)ks->cycles;
    si->lo = ks->cycles - (uint64_t)fmin(llround(half), (double)ks->cycles);
    si->hi = ks->cycles + (uint64_t)llround(half);
}

void sample_plan_total(const kernel_stats *ks, int n, sample_total *t)
{
    memset(t, 0, sizeof *t);
    int ng = 0;
    for (int i = 0; i < n; i++) if (ks[i].sample.group + 1 > ng) ng = ks[i].sample.group + 1;
    /* projections from one group share its error: their half-widths add
     * up within a group; the groups' sums add in quadrature */
    double *gsum = xcalloc((size_t)(ng ? ng : 1), sizeof *gsum);
    for (int i = 0; i < n; i++) {
        const sample_info *s = &ks[i].sample;
        if (s->mode == SAMPLE_NONE) continue;
        t->launches++;
        t->cycles += ks[i].cycles;
        t->blocks += ks[i].v[STAT_blocks];
        t->instructions += ks[i].v[STAT_warp_instructions];
        t->blocks_timed += s->timed_blocks;
        t->instructions_timed += s->timed_instructions;
        t->launches_timed += s->mode == SAMPLE_TIMED;
        t->launches_inside += s->mode == SAMPLE_INSIDE;
        t->launches_projected += s->mode == SAMPLE_PROJECTED;
        gsum[s->group] += (double)(s->hi - ks[i].cycles);
    }
    double sq = 0;
    for (int g = 0; g < ng; g++) sq += gsum[g] * gsum[g];
    t->groups = ng;
    free(gsum);
    uint64_t half = (uint64_t)llround(sqrt(sq));
    t->lo = t->cycles > half ? t->cycles - half : 0;
    t->hi = t->cycles + half;
}
