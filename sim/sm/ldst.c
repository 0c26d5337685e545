/* sim/sm/ldst.c — the SM's load/store unit (ldst.h). */
#include "ldst.h"
#include "util/hugemem.h"
#include <stdlib.h>
#include <string.h>

void ldst_init(ldst_unit *u, const sm_params *p, memsys *mem, int sm_id, int nrecords)
{
    memset(u, 0, sizeof *u);
    u->p = p;
    u->mem = mem;
    u->sm_id = sm_id;
    u->nrec = nrecords;
    u->rec = hugemem_calloc_in(HUGEMEM_LAUNCH, (size_t)nrecords * sizeof(load_record));
    u->rec_free = -1;
    u->rec_fresh = 0;
}

void ldst_free(ldst_unit *u)
{
    hugemem_free(u->rec);
    memset(u, 0, sizeof *u);
}

int ldst_has_record(const ldst_unit *u) { return u->rec_free >= 0 || u->rec_fresh < u->nrec; }

int ldst_take_record(ldst_unit *u)
{
    if (u->rec_free < 0) return u->rec_fresh < u->nrec ? u->rec_fresh++ : -1;
    int tag = u->rec_free;
    u->rec_free = u->rec[tag].next_free;
    return tag;
}

void ldst_give_record(ldst_unit *u, int tag)
{
    u->rec[tag].next_free = u->rec_free;
    u->rec_free = tag;
}

int ldst_queue_room(const ldst_unit *u) { return memsys_room(u->mem, u->sm_id); }

static int conflict_bucket(int degree)
{
    int b = 0;
    while (b < CONFLICT_BUCKETS - 1 && (1 << b) < degree) b++;
    return b;
}

static int access_kind(const isrc_static *st)
{
    return st->is_atomic ? KIND_ATOMIC : st->is_load ? KIND_LOAD : KIND_STORE;
}

static void shared_cost(ldst_unit *u, kernel_stats *ks, int warp, const isrc_static *st, const isa_result *res,
                        uint64_t exec, uint64_t now, uint64_t *occupancy, uint64_t *extra)
{
    const sm_params *p = u->p;
    pc_stats *ps = &ks->per_pc[st->pc];
    int worst, passes = bank_passes(res->addr, exec, res->mem_size, p->smem_banks, p->smem_bank_width,
                                    p->smem_lanes_per_cycle, &worst);
    if (res->is_atomic) {
        int same = same_address_max(res->addr, exec);
        if (same > passes) passes = worst = same;   /* atomics serialise per address */
    }
    int groups = (__builtin_popcountll(exec) + p->smem_lanes_per_cycle - 1) / p->smem_lanes_per_cycle;
    if (groups < 1) groups = 1;
    ks->v[STAT_shared_passes] += (uint64_t)passes;
    u->passes = passes;
    ks->v[STAT_shared_replays] += (uint64_t)(passes - groups);
    int bucket = conflict_bucket(worst);
    ks->conflict_hist[bucket]++;
    (*(uint64_t *)((char *)ps + pc_stat_table[PC_STAT_conflict_1 + bucket].offset))++;   /* the line's own histogram */
    ps->passes += (uint64_t)passes;
    if ((uint64_t)worst > ps->worst_conflict) ps->worst_conflict = (uint64_t)worst;
    /* each pass holds the banks cycles_per_pass cycles (seed 000: a bank
     * serves 32 bits per two cycles on CC 2.0), so an n-way conflict costs
     * the pipeline n passes and delays the result by the replayed ones */
    uint64_t cpp = (uint64_t)p->smem_cycles_per_pass;
    if ((uint64_t)passes * cpp > *occupancy) *occupancy = (uint64_t)passes * cpp;
    *extra = (uint64_t)(passes > groups ? passes - groups : 0) * cpp;
    if (u->obs && u->obs->mem_access) {
        obs_mem m = { u->sm_id, warp, st->pc, now, SPACE_SHARED, access_kind(st), 0, 0, exec, passes, worst };
        u->obs->mem_access(u->obs->ctx, &m);
    }
}

void ldst_cost(ldst_unit *u, kernel_stats *ks, int warp, const isrc_static *st, const isa_result *res, uint64_t exec,
               uint64_t now, uint64_t *occupancy, uint64_t *extra)
{
    if (res->mem_space == SPACE_SHARED) {
        shared_cost(u, ks, warp, st, res, exec, now, occupancy, extra);
        return;
    }
    const sm_params *p = u->p;
    pc_stats *ps = &ks->per_pc[st->pc];
    int sectors, lines = coalesce(res->addr, exec, res->mem_size, p->line_size, p->sector_size, u->req, &sectors);
    u->nreq = lines;
    ks->v[STAT_global_line_requests] += (uint64_t)lines;
    ks->v[STAT_global_sector_requests] += (uint64_t)sectors;
    /* lanes of an atomic on one word serialise at the L2's atomic unit */
    if (st->is_atomic)
        for (int i = 0; i < lines; i++) u->req[i].word_lanes = same_address_max(res->addr, u->req[i].lanes);
    ps->lines += (uint64_t)lines;
    ps->sectors += (uint64_t)sectors;
    if ((uint64_t)lines > *occupancy) *occupancy = (uint64_t)lines;
}

void ldst_observe(ldst_unit *u, const struct sim_observer *obs) { u->obs = obs; }

int ldst_submit(ldst_unit *u, int warp, uint64_t age, const isrc_static *st, int executed, uint64_t now)
{
    const sm_params *p = u->p;
    int nreq = executed ? u->nreq : 0;
    int kind = st->is_atomic ? MR_ATOMIC : st->is_load ? MR_LOAD : MR_STORE;
    /* local data per l1.cache_local; global data per l1.cache_global, which
     * .CA turns on and .CG/.CS/.CV turn off (cache operators, PTX ISA) */
    int use_l1 = st->mem_space == SPACE_LOCAL ? p->l1_cache_local
               : st->cache_op == MOD_CACHE_CA ? p->l1_cache_local || p->l1_cache_global
               : p->l1_cache_global && st->cache_op != MOD_CACHE_CG && st->cache_op != MOD_CACHE_CS
                 && st->cache_op != MOD_CACHE_CV;
    /* global stores write through (l1.local_write_back is for local data:
     * Fermi's L1 writes local data back and global data through, PG 4.0);
     * the L1 only updates a line it already holds */
    if (kind == MR_STORE && st->mem_space != SPACE_LOCAL) use_l1 = 0;
    int tag = -1;
    if (st->ndst && nreq) {            /* loads and value-returning atomics */
        tag = ldst_take_record(u);
        load_record *rec = &u->rec[tag];
        rec->warp = warp;
        rec->age = age;
        rec->remaining = nreq;
        rec->ndst = st->ndst;
        for (int i = 0; i < st->ndst; i++) rec->dst[i] = st->dst[i];
    }
    for (int i = 0; i < nreq; i++)
        memsys_submit(u->mem, u->sm_id, kind, u->req[i].line, u->req[i].sectors,
                      __builtin_popcountll(u->req[i].lanes), u->req[i].word_lanes, u->req[i].partial, use_l1, tag, st->pc);
    if (u->obs && u->obs->mem_access)
        for (int i = 0; i < nreq; i++) {
            obs_mem m = { u->sm_id, warp, st->pc, now, st->mem_space, access_kind(st), u->req[i].line,
                          u->req[i].sectors, u->req[i].lanes, 0, 0 };
            u->obs->mem_access(u->obs->ctx, &m);
        }
    return tag;
}

int ldst_line_done(ldst_unit *u, int tag, load_record *done)
{
    load_record *rec = &u->rec[tag];
    if (--rec->remaining > 0) return 0;
    *done = *rec;
    ldst_give_record(u, tag);
    return 1;
}
