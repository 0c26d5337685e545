/* sim/front/trace_run.c — trace-driven timing: the trace reader as the second
 * instruction source (sim/isrc.h) and its timing driver. Active masks,
 * registers and addresses come from the trace; there is no SIMT stack: a
 * warp's next instruction is simply the next line of its trace, and a jump
 * in PC (a taken branch, a divergent path) flushes its instruction buffer.
 * Blocks are read from the file in order as slots free up, so memory holds
 * only the resident blocks. */
#include "trace_run.h"
#include "trace_ahead.h"
#include "sample_plan.h"
#include "gpu/gpu_state.h"
#include "gpu/timing.h"
#include "sm/sm.h"
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* blocks read ahead at most: blocks finish in bursts at a window's end,
 * and a block of a large trace holds a few hundred KB */
#define TRACE_AHEAD_BLOCKS 32

typedef struct {
    trace_block blk;
    int live_warps, arrived;
} tslot;

typedef struct {
    int idx, done, at_barrier;
    uint64_t age;
    int st_idx;                 /* the instruction st describes, -1 for none */
    /* that instruction, its addresses (NULL none) and whether the warp has
     * another after it, kept with st: the prefetch port reads them here,
     * not through the block's cold arrays */
    const trace_inst *in;
    const uint64_t *addr;
    uint8_t strided, has_next;
    isrc_static st;
} twarp_t;

typedef struct {
    isrc src;
    timing_driver drv;
    trace_kernel *k;
    sm_params p;
    kernel_stats *st;
    diag *d;
    tslot *slots;
    twarp_t *warps;
    int nslots, wpb, eof;
    uint64_t next_age;
    const uint64_t *clock;
    isa_result *res;            /* one per SM: SMs may issue at once (one thread each) */
    int nsm;
    trace_ahead *ahead;         /* the blocks read ahead on a thread (several threads), or NULL */
} trun;

static const trace_inst *current(trun *t, int w)
{
    const twarp_t *tw = &t->warps[w];
    return &t->slots[w / t->wpb].blk.warp[w % t->wpb][tw->idx];
}

static void fill_static(trun *t, int w, const trace_inst *in)
{
    twarp_t *tw = &t->warps[w];
    isrc_static *s = &tw->st;
    tw->in = in;
    tw->addr = in->addr;
    tw->strided = in->addr_form != TRACE_ADDR_PACKED;   /* 2 or 3 words: one host line */
    tw->has_next = tw->idx + 1 < t->slots[w / t->wpb].blk.count[w % t->wpb];
    const trace_shared *sh = trace_shared_at(t->k, in->shared);
    if (t->k->wfacts) {   /* warpsim's own trace: the facts the original run used */
        *s = t->k->wfacts[sh->pc / (uint32_t)t->k->insn_bytes];
        tw->st_idx = tw->idx;
        return;
    }
    const sass_info *si = &sass_ops[sh->sass];
    memset(s, 0, sizeof *s);
    s->pc = (int)(sh->pc / (uint32_t)t->k->insn_bytes);
    s->op = -1;
    s->unit = si->unit;
    for (int i = 0; i < sh->nsrc; i++)
        if (sh->src[i] != 255 && s->nsrc < ISRC_MAX_SRC) s->src[s->nsrc++] = sh->src[i];
    for (int i = 0; i < sh->ndst; i++)
        if (sh->dst[i] != 255 && s->ndst < ISRC_MAX_DST) s->dst[s->ndst++] = sh->dst[i];
    s->is_mem = si->space >= 0 && in->addr != NULL;
    s->mem_space = (uint8_t)(si->space >= 0 ? si->space : 0);
    s->is_load = si->kind == KIND_LOAD || (si->kind == KIND_ATOMIC && sh->ndst > 0);
    s->is_store = si->kind == KIND_STORE;
    s->is_atomic = si->kind == KIND_ATOMIC;
    s->is_barrier = si->kind == KIND_BAR;
    s->is_membar_cta = si->kind == KIND_MEMBAR && sh->cta_scope;
    s->is_membar_gl = si->kind == KIND_MEMBAR && !s->is_membar_cta;
    s->cache_op = sh->cache_op;
    s->const_offset = -1;
    tw->st_idx = tw->idx;
}

static const isrc_static *t_peek(isrc *s, int w)
{
    trun *t = s->ctx;
    twarp_t *tw = &t->warps[w];
    if (tw->done) return NULL;
    if (tw->st_idx != tw->idx) fill_static(t, w, current(t, w));
    return &tw->st;
}

/* what issuing warp w's instruction reads besides the instruction peek
 * read: its addresses and the next instruction (is it a jump, a branch's
 * split, the warp's end?). On a large GPU every other warp issues between
 * two issues of one warp, so the lines t_issue prefetched at the warp's
 * last issue are gone by now (they were a third of t_issue's time) */
static void t_prefetch(isrc *s, int w, const isrc_static *st)
{
    (void)st;
    trun *t = s->ctx;
    const twarp_t *tw = &t->warps[w];
    if (tw->addr) {
        const char *a = (const char *)tw->addr;
        __builtin_prefetch(a);
        if (!tw->strided) __builtin_prefetch(a + 64);
    }
    if (tw->has_next) {
        __builtin_prefetch(tw->in + 1);
        __builtin_prefetch((const char *)(tw->in + 2) - 1);
    }
}

/* the scoreboard slots the kernel's instructions name (isrc.slots), so
 * that a warp's scoreboard row holds those alone: in warpsim's own traces
 * the per-pc facts' slots; in others the registers below the kernel's
 * highest as its binary cache recorded it (fill_static passes no other
 * slot), or every register before a first whole read has recorded it */
static int t_slots(isrc *s, uint16_t map[SB_SLOTS])
{
    const trace_kernel *k = ((trun *)s->ctx)->k;
    uint8_t named[SB_SLOTS] = { 0 };
    if (k->wfacts)
        for (int pc = 0; pc < k->nwfacts; pc++) isrc_mark_slots(&k->wfacts[pc], named);
    else
        for (int r = 0; r < (k->regs_known ? k->regs_known : 255); r++) named[r] = 1;
    return isrc_slot_map(named, map);
}

static int t_at_barrier(isrc *s, int w) { return ((trun *)s->ctx)->warps[w].at_barrier; }

/* every live warp of the slot has arrived: release them */
static int maybe_release(trun *t, int slot)
{
    tslot *sl = &t->slots[slot];
    if (!sl->arrived || sl->arrived < sl->live_warps) return 0;
    for (int i = 0; i < t->wpb; i++) t->warps[slot * t->wpb + i].at_barrier = 0;
    sl->arrived = 0;
    return 1;
}

/* warpsim's own traces count as the execution-driven run did (sim/warpexec.c) */
static void count_warpsim(kernel_stats *st, const trace_inst *in, const isrc_static *s)
{
    uint64_t *v = st->v;
    v[STAT_warp_instructions]++;
    v[STAT_thread_instructions] += (uint64_t)__builtin_popcount(in->mask);
    if (s->is_mem && in->exec)   /* as isa_exec: no lane, no access */
        stats_count_access(st, s->mem_space, s->is_store, s->is_atomic);
    isa_kind kind = isa_ops[s->op].kind;
    if (kind == KIND_BRANCH) { v[STAT_branches]++; v[STAT_divergent_branches] += in->diverged; }
    if (kind == KIND_BAR) v[STAT_barriers]++;
}

static void count(kernel_stats *st, const trace_inst *in, const sass_info *si, int diverged)
{
    uint64_t *v = st->v;
    v[STAT_warp_instructions]++;
    v[STAT_thread_instructions] += (uint64_t)__builtin_popcount(in->mask);
    if (si->space >= 0 && in->addr && in->mask && si->kind != KIND_ALU)   /* no lane, no access (NVBit writes one) */
        stats_count_access(st, si->space, si->kind == KIND_STORE, si->kind == KIND_ATOMIC);
    if (si->kind == KIND_BRANCH) {
        v[STAT_branches]++;
        v[STAT_divergent_branches] += (uint64_t)diverged;
    }
    if (si->kind == KIND_BAR) v[STAT_barriers]++;
}

/* sampled (docs/sampling.md): an instruction the timing model does not
 * see, counted as t_issue counts it */
static void count_untimed(trun *t, const trace_inst *in, const trace_inst *next)
{
    const trace_shared *sh = trace_shared_at(t->k, in->shared);
    if (t->k->wfacts) { count_warpsim(t->st, in, &t->k->wfacts[sh->pc / (uint32_t)t->k->insn_bytes]); return; }
    const sass_info *si = &sass_ops[sh->sass];
    count(t->st, in, si, next && si->kind == KIND_BRANCH && next->mask != in->mask && (next->mask & in->mask));
}

/* warp w of block b from instruction `from` on */
static void count_warp_rest(trun *t, const trace_block *b, int w, int from)
{
    for (int i = from; i < b->count[w]; i++)
        count_untimed(t, &b->warp[w][i], i + 1 < b->count[w] ? &b->warp[w][i + 1] : NULL);
}

/* the launch's rest without timing: the resident warps from where they
 * are, then every block not yet read; -1 on a bad or truncated file */
static int count_rest(trun *t)
{
    for (int s = 0; s < t->nslots; s++) {
        if (!t->slots[s].live_warps) continue;
        for (int i = 0; i < t->wpb && i < t->slots[s].blk.nwarps; i++)
            if (!t->warps[s * t->wpb + i].done) count_warp_rest(t, &t->slots[s].blk, i, t->warps[s * t->wpb + i].idx);
    }
    trace_block b;
    memset(&b, 0, sizeof b);
    while (!t->eof) {
        int got = t->ahead ? trace_ahead_next(t->ahead, &b, t->d) : trace_kernel_next_block(t->k, &b, t->d);
        if (got < 0) { trace_block_free(&b); return -1; }
        if (got == 0) break;
        t->st->v[STAT_blocks]++;
        for (int w = 0; w < b.nwarps; w++) {
            t->st->v[STAT_warps] += b.count[w] > 0;
            count_warp_rest(t, &b, w, 0);
        }
        trace_block_free(&b);
    }
    t->eof = 1;
    uint64_t grid = (uint64_t)t->k->grid[0] * t->k->grid[1] * t->k->grid[2];
    if (t->k->blocks_read != grid) {
        diag_error(t->d, "%s:%d: the file ends after %" PRIu64 " of the grid's %" PRIu64 " thread blocks: a truncated trace?",
                   t->k->path, t->k->line, t->k->blocks_read, grid);
        return -1;
    }
    return 0;
}

static int t_issue(isrc *s, int w, kernel_stats *st, isrc_dynamic *out)
{
    trun *t = s->ctx;
    twarp_t *tw = &t->warps[w];
    int slot = w / t->wpb;
    tslot *sl = &t->slots[slot];
    const trace_inst *in = current(t, w);
    int left = sl->blk.count[w % t->wpb] - tw->idx - 1;   /* instructions after this one */
    const trace_inst *next = left > 0 ? in + 1 : NULL;
    /* the warp's next issue reads in + 1 (read below: it comes in now) and
     * its addresses, the one after it in + 2: both start on their way now.
     * A block's warps are as many streams through memory as the SMs hold
     * warps, more than the host's prefetcher follows, and this warp's next
     * issue is a few cycles away (cold lines here were a sixth of a cached
     * trace run) */
    if (left > 1) {   /* 56 bytes: it may lie across two host lines */
        __builtin_prefetch(in + 2);
        __builtin_prefetch((const char *)(in + 3) - 1);
    }
    if (next && next->addr) {   /* 3 words, or the packed lanes: 77 bytes with 2-byte offsets, 141 with 4 */
        const char *a = (const char *)next->addr;
        __builtin_prefetch(a);
        if (next->addr_form == TRACE_ADDR_PACKED)
            for (int k = 64; k < 192; k += 64) __builtin_prefetch(a + k);
    }
    memset(out, 0, sizeof *out);
    out->slot = out->warp = out->stack_depth = -1;
    out->active = in->mask;
    out->exec = in->exec;
    isa_result *r = &t->res[slot % t->nsm];
    r->exec_mask = in->exec;
    r->is_mem = tw->st.is_mem;
    r->mem_space = (isa_space)tw->st.mem_space;
    const trace_shared *sh = trace_shared_at(t->k, in->shared);
    r->mem_size = sh->width;
    r->is_store = tw->st.is_store;
    r->is_atomic = tw->st.is_atomic;
    if (r->is_mem) trace_addresses(t->k, in, r->addr);
    out->res = r;
    int barrier;
    if (t->k->wfacts) {
        count_warpsim(st, in, &tw->st);
        out->diverged = in->diverged;
        barrier = tw->st.is_barrier && in->exec;
    } else {
        /* the lanes of a branch went separate ways when the next instruction runs on a part of them */
        const sass_info *si = &sass_ops[sh->sass];
        out->diverged = next && si->kind == KIND_BRANCH && next->mask != in->mask && (next->mask & in->mask);
        count(st, in, si, out->diverged);
        barrier = si->kind == KIND_BAR;
    }
    /* the warp leaves pc + 1: a taken branch, another path, or its end */
    out->redirected = !next || trace_inst_pc(t->k, next) != sh->pc + (uint32_t)t->k->insn_bytes;
    tw->idx++;
    if (barrier && next) {
        tw->at_barrier = 1;
        sl->arrived++;
    }
    if (!next) {
        tw->done = 1;
        out->warp_done = 1;
        sl->live_warps--;
    }
    out->barrier_released = maybe_release(t, slot);
    out->barrier_warps = ~0ull;   /* traces name no barrier: each is the whole block's */
    return 0;
}

/* every opcode of the block needs its unit in the config */
static int check_block_units(trun *t, const trace_block *b)
{
    for (int w = 0; w < b->nwarps; w++)
        for (int i = 0; i < b->count[w]; i++) {
            const trace_inst *in = &b->warp[w][i];
            const trace_shared *sh = trace_shared_at(t->k, in->shared);
            isa_unit u = sh->sass >= 0 ? sass_ops[sh->sass].unit : t->k->wfacts[sh->pc / (uint32_t)t->k->insn_bytes].unit;
            if (t->p.unit[u].count) continue;
            /* the message names the opcode's text: the kernel's texts are the reader's until it stops */
            trace_ahead_stop(t->ahead);
            t->ahead = NULL;
            diag_error(t->d, "%s:%u: %s needs a %s unit, but the config has unit_%s.count = 0 "
                       "(--set unit_%s.count=N to give it one)", t->k->path, trace_shared_line(t->k, in->shared), t->k->texts[sh->text],
                       isa_unit_name(u), isa_unit_name(u), isa_unit_name(u));
            return -1;
        }
    return 0;
}

static int d_start_block(timing_driver *drv, int slot)
{
    trun *t = drv->ctx;
    tslot *sl = &t->slots[slot];
    for (;;) {
        trace_block_free(&sl->blk);
        if (t->eof) return 0;
        int got = t->ahead ? trace_ahead_next(t->ahead, &sl->blk, t->d) : trace_kernel_next_block(t->k, &sl->blk, t->d);
        if (got <= 0) t->eof = 1;
        uint64_t grid = (uint64_t)t->k->grid[0] * t->k->grid[1] * t->k->grid[2];
        if (got == 0 && t->k->blocks_read != grid) {
            /* a file cut between two blocks still ends cleanly: count them */
            diag_error(t->d, "%s:%d: the file ends after %" PRIu64 " of the grid's %" PRIu64 " thread blocks: a truncated trace?",
                       t->k->path, t->k->line, t->k->blocks_read, grid);
            return -1;
        }
        if (got <= 0) return got;
        if (check_block_units(t, &sl->blk)) return -1;
        stats_grow_pc(t->st, (int)(sl->blk.max_pc / (uint32_t)t->k->insn_bytes) + 1);
        stats_grow_pc(t->st, t->k->nwfacts);
        sl->live_warps = sl->arrived = 0;
        for (int i = 0; i < t->wpb; i++) {
            twarp_t *tw = &t->warps[slot * t->wpb + i];
            memset(tw, 0, sizeof *tw);
            tw->st_idx = -1;
            tw->age = t->next_age++;
            tw->done = i >= sl->blk.nwarps || sl->blk.count[i] == 0;
            sl->live_warps += !tw->done;
        }
        t->st->v[STAT_blocks]++;
        t->st->v[STAT_warps] += (uint64_t)sl->live_warps;
        if (sl->live_warps) return 1;   /* a block with no instructions is skipped */
    }
}

static int d_block_finished(timing_driver *drv, int slot) { return ((trun *)drv->ctx)->slots[slot].live_warps == 0; }
static uint64_t d_warp_age(timing_driver *drv, int xw) { return ((trun *)drv->ctx)->warps[xw].age; }
static int d_deadlocked(timing_driver *drv) { (void)drv; return 0; }

func_status trace_run_list(const trace_cmd *cmds, int ncmds, const config *cfg, trace_kernel *ks, kernel_stats *st,
                           int max, int *nk, uint64_t *copies, uint64_t *bytes, diag *d)
{
    func_status status = FUNC_OK;
    *nk = 0;
    struct timing_gpu *gpu = timing_gpu_new();   /* the trace's kernels share one GPU's caches */
    /* --sample: the plan picks the launches the timing model runs */
    sample_plan *plan = CFG(cfg, sample_enabled) ? sample_plan_new(cfg) : NULL;
    sample_watch watch;
    for (int i = 0; i < ncmds && status == FUNC_OK; i++) {
        if (!cmds[i].is_kernel) { (*copies)++; *bytes += cmds[i].bytes; continue; }
        if (*nk >= max) { diag_error(d, "more than %d kernels in one trace", max); status = FUNC_BAD_LAUNCH; break; }
        trace_kernel *k = &ks[*nk];
        if (trace_kernel_open(k, cmds[i].path, d)) { trace_kernel_close(k); status = FUNC_BAD_LAUNCH; break; }
        int timed = !plan || sample_plan_begin(plan, k->name, k->grid, k->block, &watch);
        func_status fs = trace_run_sampled(k, cfg, gpu, &st[*nk], plan && timed ? &watch : NULL, timed, d);
        if (plan && fs == FUNC_OK) sample_plan_end(plan, &st[*nk], timed, &watch);
        (*nk)++;
        if (fs != FUNC_OK) status = d->errors ? FUNC_BAD_LAUNCH : FUNC_FAULT;
        /* the stream is done (and cached); keep the texts for the per-PC views */
        trace_kernel_end(k, fs == FUNC_OK);
    }
    sample_plan_free(plan);
    timing_gpu_free(gpu);
    trace_pool_release();
    return status;
}

func_status trace_run_kernel(trace_kernel *k, const config *cfg, struct timing_gpu *gpu, kernel_stats *stats, diag *d)
{
    return trace_run_sampled(k, cfg, gpu, stats, NULL, 1, d);
}

func_status trace_run_sampled(trace_kernel *k, const config *cfg, struct timing_gpu *gpu, kernel_stats *stats,
                              sample_watch *watch, int timed, diag *d)
{
    memset(stats, 0, sizeof *stats);
    snprintf(stats->kernel, sizeof stats->kernel, "%.63s", k->name);
    for (int i = 0; i < 3; i++) { stats->grid[i] = k->grid[i]; stats->block[i] = k->block[i]; }
    stats->warp_size = TRACE_WARP;
    if (CFG(cfg, sm_warp_size) != TRACE_WARP) {
        diag_error(d, "%s: NVIDIA traces have 32-lane warps; the config has sm.warp_size = %lld", k->path,
                   (long long)CFG(cfg, sm_warp_size));
        return FUNC_BAD_LAUNCH;
    }
    trun *t = xcalloc(1, sizeof *t);
    t->k = k;
    t->st = stats;
    t->d = d;
    if (sm_params_load(&t->p, cfg, d)) { free(t); return FUNC_BAD_LAUNCH; }
    uint32_t threads = k->block[0] * k->block[1] * k->block[2];
    t->wpb = (int)((threads + TRACE_WARP - 1) / TRACE_WARP);
    int per_sm = func_blocks_per_sm(k->name, k->nregs, (uint64_t)k->shmem, k->block, cfg, d);
    if (!per_sm) { free(t); return FUNC_BAD_LAUNCH; }
    t->nslots = per_sm * (int)CFG(cfg, sm_count);
    t->slots = xcalloc((size_t)t->nslots, sizeof *t->slots);
    t->nsm = (int)CFG(cfg, sm_count);
    t->res = xcalloc((size_t)t->nsm, sizeof *t->res);
    t->warps = xcalloc((size_t)t->nslots * (size_t)t->wpb, sizeof *t->warps);
    t->src = (isrc){ t, t_peek, t_issue, t_at_barrier, t_prefetch, t_slots };
    t->drv = (timing_driver){ t, &t->src, k->name, t->wpb, per_sm, 0,
                              d_start_block, d_block_finished, d_warp_age, d_deadlocked, &t->clock, NULL, gpu, k->shmem,
                              NULL, NULL, NULL, NULL, NULL, 0, (uint64_t)k->grid[0] * k->grid[1] * k->grid[2], NULL,
                              NULL, NULL, NULL, watch };
    /* with several threads, the text is parsed ahead on one of its own */
    if (timing_threads(cfg) > 1) t->ahead = trace_ahead_start(k, TRACE_AHEAD_BLOCKS);
    func_status status = FUNC_OK;
    if (timed) status = timing_run_driver(&t->drv, cfg, stats, d);
    /* sampled: a launch run untimed, or the rest of one whose IPC was stable, is counted alone */
    if (status == FUNC_OK && (!timed || (watch && watch->stopped)) && count_rest(t)) status = FUNC_BAD_LAUNCH;
    trace_ahead_stop(t->ahead);
    for (int s = 0; s < t->nslots; s++) trace_block_free(&t->slots[s].blk);
    free(t->slots);
    free(t->warps);
    free(t->res);
    free(t);
    return status;
}
