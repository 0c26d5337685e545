/* sim/sm/sm.c — one SM, cycle by cycle. Instructions execute at issue through
 * the instruction source (DESIGN.md); this file decides only *when*. */
#include "sm.h"
#include "coalesce.h"
#include "sm_watch.h"
#include "exec/observer.h"
#include "util/hugemem.h"
#include <stdlib.h>
#include <string.h>

void sm_init(sm_t *sm, int id, const sm_params *p, isrc *src, int nwarps, int warps_per_block, int npc,
             const sm_links *links)
{
    memset(sm, 0, sizeof *sm);
    sm->ccache = links->ccache;
    sm->icache = links->icache;
    sm->code_base = links->code_base;
    ldst_init(&sm->ldst, p, links->mem, id, nwarps * 8 + 64);
    opcoll_init(&sm->oc, &p->opcoll);
    sm->id = id;
    sm->p = p;
    sm->src = src;
    sm->nwarps = nwarps;
    sm->warps_per_block = warps_per_block;
    sm->st.npc = npc;   /* its rows are lent (sm_t.st) */
    sm->st.per_pc = links->pc_rows;
    /* huge pages, shared with the launch's other SMs (hugemem.h) */
    sm->w = hugemem_calloc_in(HUGEMEM_LAUNCH, (size_t)nwarps * sizeof(twarp));
    uint16_t map[SB_SLOTS];
    int named = src && src->slots ? src->slots(src, map) : 0;
    sb_init(&sm->sb, nwarps, named ? map : NULL, named);
    sm->age = hugemem_calloc_in(HUGEMEM_LAUNCH, (size_t)nwarps * sizeof(uint64_t));
    sm->live = xcalloc((size_t)nwarps, 1);
    sm->fetchable = xcalloc((size_t)(nwarps + 63) / 64, sizeof(uint64_t));
    sm->sched = xcalloc((size_t)p->nsched, sizeof(sched_state));
    sm->watch = xcalloc((size_t)p->nsched, sizeof(sched_watch));
    /* a scheduler's slots before its first look go to no_warp (an SM the
     * window loop never looks at, having no warps, charges them so) */
    for (int s = 0; s < p->nsched; s++)
        sm->watch[s] = (sched_watch){ .park_min = UINT64_MAX, .last_reason = STALL_no_warp, .last_pc = -1 };
    /* warp w of the SM belongs to scheduler w mod N (CC 2.0: even/odd, seed 000) */
    for (int s = 0; s < p->nsched; s++) {
        sched_state *ss = &sm->sched[s];
        ss->age = sm->age;
        ss->param = p->policy_param;
        ss->priv = p->policy->state_size ? xcalloc(1, p->policy->state_size) : NULL;
        for (int w = s; w < nwarps && ss->nwarps < SCHED_MAX_WARPS; w += p->nsched) ss->warps[ss->nwarps++] = w;
        p->policy->init(ss);
    }
}

/* the L1's queue or the load records may have room again: each scheduler
 * with warps parked for mem_full unparks them at its next look if the
 * pipeline has room then (mem_news_seen). A look that finds it full again
 * (the usual case: a warp's 32 line requests fill the queue the room let
 * in) leaves them parked, as examining them would: nothing but room ends
 * their wait (check), and room coming back pokes again. */
static void mem_news(sm_t *sm)
{
    for (int s = 0; s < sm->p->nsched; s++)
        if (sm->watch[s].parked_by[STALL_mem_full]) sm->watch[s].mem_news = 1;
}

void sm_poke(sm_t *sm)
{
    sm->poked = 1;
    mem_news(sm);
    watch_rouse_all(sm, 0);
}

void sm_observe(sm_t *sm, const struct sim_observer *obs)
{
    sm->obs = obs && obs->issue ? obs : NULL;
    ldst_observe(&sm->ldst, obs);
}

void sm_grow_pc(sm_t *sm, int npc, pc_stats *rows)
{
    sm->st.npc = npc;
    sm->st.per_pc = rows;
}

void sm_report(const sm_t *sm, kernel_stats *st)
{
    stats_merge_counters(st, &sm->st);   /* the rows are lent: the GPU adds each set once */
    st->per_sm[sm->id] = sm->totals;
}

void sm_free(sm_t *sm)
{
    for (int s = 0; s < sm->p->nsched; s++) free(sm->sched[s].priv);
    hugemem_free(sm->w); sb_free(&sm->sb); hugemem_free(sm->age); free(sm->live); free(sm->fetchable); free(sm->sched); free(sm->watch);
    ldst_free(&sm->ldst);
    opcoll_free(&sm->oc);
    memset(sm, 0, sizeof *sm);
}

/* keep warp i's bit in `fetchable` true to live and ibuffer room */
static void update_fetchable(sm_t *sm, int i)
{
    uint64_t bit = (uint64_t)1 << (i & 63);
    if (sm->live[i] && sm->w[i].ibuf_count < sm->p->ibuffer) sm->fetchable[i >> 6] |= bit;
    else sm->fetchable[i >> 6] &= ~bit;
}

/* the first fetchable warp at or after `from` (< nwarps), cyclically; -1
 * when none (no division: this runs every cycle) */
static int next_fetchable(const sm_t *sm, int from)
{
    if (sm->nwarps <= 64) {   /* one word (the usual case): from `from` on, then before it */
        uint64_t bits = sm->fetchable[0], after = bits & ~(uint64_t)0 << from;
        return after ? __builtin_ctzll(after) : bits ? __builtin_ctzll(bits) : -1;
    }
    int words = (sm->nwarps + 63) / 64, wd = from >> 6;
    for (int k = 0; k <= words; k++) {
        uint64_t bits = sm->fetchable[wd];
        if (k == 0) bits &= ~(uint64_t)0 << (from & 63);          /* this word: from `from` on */
        else if (k == words) bits &= ((uint64_t)1 << (from & 63)) - 1;   /* back at the start: before it */
        if (bits) return wd * 64 + __builtin_ctzll(bits);
        if (++wd == words) wd = 0;
    }
    return -1;
}

/* some warp is fetchable */
static int any_fetchable(const sm_t *sm)
{
    if (sm->nwarps <= 64) return sm->fetchable[0] != 0;
    for (int k = 0; k < (sm->nwarps + 63) / 64; k++)
        if (sm->fetchable[k]) return 1;
    return 0;
}

void sm_warp_start(sm_t *sm, int local, int xw, uint64_t age)
{
    twarp *t = &sm->w[local];
    watch_park(sm, local, 0);
    memset(t, 0, sizeof *t);
    sb_clear(&sm->sb, local);
    t->xw1 = xw + 1;
    t->seen_reason = -1;
    t->last_issue = sm->now;
    sm->age[local] = age;
    watch_live(sm, local, 1);
    if (!sm->resident++) sm->active_since = sm->now;
    /* a new live warp changes every scheduler's look (its order, the
     * reason of one with no warp): all look again when the SM next runs */
    sm_poke(sm);
    update_fetchable(sm, local);
}

void sm_warp_clear(sm_t *sm, int local)
{
    if (sm->live[local] && !--sm->resident) sm->st.v[STAT_sm_active_cycles] += sm->now - sm->active_since;
    if (sm->live[local]) sm_poke(sm);
    watch_live(sm, local, 0);
    watch_unblock(sm, local);
    sm->w[local].xw1 = 0;
    update_fetchable(sm, local);
}

static int fetch(sm_t *sm, uint64_t now)
{
    int fetched = 0;
    /* one round from fetch_rr over the warps with room (the `fetchable` bits) */
    int start = sm->fetch_rr, last = -1;
    for (int i; fetched < sm->p->fetch_width && (i = next_fetchable(sm, sm->fetch_rr)) >= 0;) {
        int distance = i >= start ? i - start : i - start + sm->nwarps;
        if (distance <= last) break;   /* all the way round: each warp once per cycle */
        last = distance;
        twarp *t = &sm->w[i];
        /* one fetch brings up to fetch_group consecutive instructions, those
         * after the ones already buffered (fall-through order) */
        const isrc_static *head = sm->icache ? sm->src->peek(sm->src, sm_src_warp(t)) : NULL;
        uint64_t from = t->fetch_from > now ? t->fetch_from : now;
        for (int k = 0; k < sm->p->fetch_group && t->ibuf_count < sm->p->ibuffer; k++) {
            uint64_t ready = from + (uint64_t)sm->p->fetch_latency;
            if (sm->icache) {
                uint64_t addr = sm->code_base
                              + (uint64_t)((head ? head->pc : 0) + t->ibuf_count) * (uint64_t)sm->p->icache_insn_bytes;
                uint64_t arrives = icache_unit_fetch(sm->icache, addr, now, &sm->st);
                if (arrives > from) ready = arrives + (uint64_t)sm->p->fetch_latency;
            }
            t->ibuf[(t->ibuf_head + t->ibuf_count++) % SM_MAX_IBUF] = ready;
        }
        update_fetchable(sm, i);
        watch_rouse(sm, i, now);
        fetched++;
        sm->fetch_rr = i + 1 < sm->nwarps ? i + 1 : 0;
    }
    return fetched;
}

/* a stall that lasts until `until` unless a load of the warp returns or its
 * barrier is released (each unblocks it): the warp is parked till then
 * (UINT64_MAX: until unblocked) */
static int blocked(sm_t *sm, int local, int s, const isrc_static *st, int reason, uint64_t until)
{
    twarp *t = &sm->w[local];
    int pos = (int)watch_div((uint64_t)local, (uint64_t)sm->p->nsched);   /* its position: unpark it first if parked */
    if (pos < SCHED_MAX_WARPS && sm->sched[s].parked_bits[pos >> 6] >> (pos & 63) & 1) watch_park(sm, local, 0);
    t->blocked_until = until;
    t->blocked_st = st;
    t->blocked_reason = (uint8_t)reason;
    t->mem_waiting = reason == STALL_mem_full;
    if (sm->p->exhaustive) return reason;   /* the reference: every warp examined every cycle */
    watch_park(sm, local, 1);
    if (until < sm->watch[s].park_min) sm->watch[s].park_min = until;
    return reason;
}

/* the LD/ST unit cannot take any warp's global or local instruction */
static int pipeline_full(const sm_t *sm) { return !ldst_queue_room(&sm->ldst) || !ldst_has_record(&sm->ldst); }

/* the LD/ST unit cannot take global or local instruction st of warp t */
static int mem_full(const sm_t *sm, const twarp *t, const isrc_static *st)
{
    if (st->is_load && sm->p->max_loads && t->nloads >= sm->p->max_loads) return 1;
    return pipeline_full(sm);
}

/* scheduler s looks: the mem_full warps it parked wait no longer if the
 * pipeline has room now (mem_news) */
static void mem_news_seen(sm_t *sm, int s)
{
    if (!sm->watch[s].mem_news) return;
    sm->watch[s].mem_news = 0;
    if (!pipeline_full(sm)) watch_unpark_for(sm, s, STALL_mem_full);
}

/* can warp `local` issue now on scheduler s? STALL_issued with the unit
 * instance in *inst, or the reason it cannot */
static int check(sm_t *sm, int local, int s, uint64_t now, const isrc_static **out, int *inst)
{
    twarp *t = &sm->w[local];
    const sm_params *p = sm->p;
    *out = sm->src->peek(sm->src, sm_src_warp(t));
    if (!*out) return STALL_done;
    /* a warp that waited for the memory pipeline and has not issued since:
     * nothing it passed before that test can fail now (a barrier, a
     * scoreboard entry or its buffered instruction only clear with time)
     * but a sync, which a block's barrier release may set; when the
     * pipeline is still full the answer is the same without the look at its
     * scoreboard and its block's barrier (every mem_full warp is unparked
     * whenever the L1 has room: sm_poke). Not in the exhaustive reference,
     * which must find it the long way */
    if (t->mem_waiting && !p->exhaustive && t->blocked_st == *out && t->sync_until <= now && mem_full(sm, t, *out))
        return blocked(sm, local, s, *out, STALL_mem_full, UINT64_MAX);
    /* parked until the release unblocks the block's warps (issue) */
    if (sm->src->at_barrier(sm->src, sm_src_warp(t))) return blocked(sm, local, s, *out, STALL_barrier, UINT64_MAX);
    if (t->sync_until > now) return blocked(sm, local, s, *out, STALL_sync, t->sync_until);
    if (!t->ibuf_count) return STALL_ibuffer_empty;   /* a fetch rouses the scheduler */
    if (t->ibuf[t->ibuf_head] > now) return blocked(sm, local, s, *out, STALL_ibuffer_empty, t->ibuf[t->ibuf_head]);
    const isrc_static *st = *out;
    /* what an issue would read starts on its way while the scoreboard is
     * read: on a large GPU both are cold, and were waited for one after
     * the other */
    if (sm->src->prefetch) sm->src->prefetch(sm->src, sm_src_warp(t), st);
    /* a branch reads its predicate late (frontend.branch_predicate_delay) */
    uint64_t ready = sb_ready(&sm->sb, local, st, st->unit == UNIT_BRANCH ? (uint64_t)p->branch_pred_delay : 0);
    if (ready > now) return blocked(sm, local, s, st, STALL_scoreboard, ready);
    if (st->is_mem && st->mem_space != SPACE_SHARED) {
        /* parked: the memory system unparks the SM's waiting warps when the
         * L1's queue has room again (sm_poke) or a record frees (sm_load_done),
         * and a warp's own load return unparks it (its nloads) */
        if (mem_full(sm, t, st)) return blocked(sm, local, s, st, STALL_mem_full, UINT64_MAX);
    }
    if (st->is_mem && st->mem_space == SPACE_SHARED && sm->watch[s].smem_port > now) {
        /* the scheduler's path to the banks still carries its last access */
        watch_wake_at(sm, s, sm->watch[s].smem_port);
        return STALL_unit_busy;
    }
    uint64_t oc_free;
    if (!opcoll_room(&sm->oc, now, &oc_free)) {   /* every collector unit still collects */
        watch_wake_at(sm, s, oc_free);
        return STALL_unit_busy;
    }
    /* an opcode with a second class (opcode.X.alt_unit) takes it when its
     * own is busy */
    int alt = st->op >= 0 ? p->op_alt_unit[st->op] : -1;
    for (int cls = st->unit; cls >= 0; cls = cls == alt ? -1 : alt) {
        const unit_params *u = &p->unit[cls];
        for (int i = 0; i < u->count; i++) {
            if (!(u->serves[i] >> s & 1)) continue;
            if (sm->busy[cls][i] <= now) { *inst = cls << 8 | i; return STALL_issued; }
            watch_wake_at(sm, s, sm->busy[cls][i]);
        }
    }
    return STALL_unit_busy;
}

int sm_warp_waits(sm_t *sm, int local, uint64_t now, int *xw)
{
    *xw = sm_src_warp(&sm->w[local]);
    if (*xw < 0) return STALL_done;
    const isrc_static *st;
    int inst;
    /* the examination a scheduler would make (it may park the warp: the
     * run is over) */
    return check(sm, local, local % sm->p->nsched, now, &st, &inst);
}

static void occupy(sm_t *sm, int cls, int inst, uint64_t until)
{
    const unit_params *u = &sm->p->unit[cls];
    sm->busy[cls][inst] = until;
    for (uint32_t m = u->occupies & (((uint32_t)1 << UNIT_COUNT) - 1); m; m &= m - 1) {
        int o = __builtin_ctz(m);
        for (int i = 0; i < sm->p->unit[o].count; i++)
            if (sm->busy[o][i] < until) sm->busy[o][i] = until;
    }
}

void sm_load_done(sm_t *sm, int tag, uint64_t now)
{
    load_record rec;
    int had_record = ldst_has_record(&sm->ldst);
    if (!ldst_line_done(&sm->ldst, tag, &rec)) return;
    sm->poked = 1;
    /* a record freed when none was lets any scheduler's load issue; the
     * rest concerns the warp's own scheduler only */
    if (!had_record) {
        mem_news(sm);
        watch_rouse_all(sm, 0);
    }
    if (sm->age[rec.warp] != rec.age) return;   /* the warp finished; its slot holds another */
    twarp *t = &sm->w[rec.warp];
    for (int i = 0; i < rec.ndst; i++) sb_set(&sm->sb, rec.warp, rec.dst[i], now, now);
    opcoll_writeback(&sm->oc, rec.warp, rec.dst, rec.ndst, now);   /* written the cycle before */
    watch_unblock(sm, rec.warp);
    watch_rouse(sm, rec.warp, 0);
    if (t->nloads > 0) t->nloads--;
}

static int issue(sm_t *sm, int local, int s, int pos, const isrc_static *st, int inst, uint64_t now)
{
    twarp *t = &sm->w[local];
    const sm_params *p = sm->p;
    int cls = inst >> 8;
    const unit_params *u = &p->unit[cls];
    isrc_dynamic dy;
    t->mem_waiting = 0;
    if (sm->src->issue(sm->src, sm_src_warp(t), &sm->st, &dy)) return -1;
    /* an opcode this GPU emulates with N dependent native instructions
     * (opcode.X.expand) holds the unit and the warp N times as long */
    uint64_t expand = st->op >= 0 ? (uint64_t)p->op_expand[st->op] : 1;
    uint64_t own = st->op >= 0 ? p->op_interval[st->op] : 0;   /* opcode.X.interval */
    uint64_t occupancy = (own ? own : (uint64_t)u->occupancy) * expand, extra = 0;
    if (dy.res->is_mem && dy.exec) ldst_cost(&sm->ldst, &sm->st, local, st, dy.res, dy.exec, now, &occupancy, &extra);
    if (st->mem_space == SPACE_SHARED && dy.exec && p->smem_sched_cycles_per_pass)
        sm->watch[s].smem_port = now + (uint64_t)ldst_last_passes(&sm->ldst) * (uint64_t)p->smem_sched_cycles_per_pass;
    /* operands that waited for their register bank delay the result; the
     * unit meanwhile takes instructions other collectors hold */
    uint64_t wait = opcoll_issue(&sm->oc, local, st->src, st->nsrc, now);
    sm->st.v[STAT_regbank_waits] += wait;
    occupy(sm, cls, inst & 0xff, now + occupancy);
    uint64_t unit_latency = st->op >= 0 && p->op_latency[st->op] ? p->op_latency[st->op] : (uint64_t)u->latency;
    uint64_t latency = unit_latency * expand + extra + wait;
    if (expand > 1) t->sync_until = now + (expand - 1) * unit_latency;
    if (st->is_mem && st->mem_space != SPACE_SHARED) {
        /* global and local: the line requests go to the memory system; the
         * destination registers wait until all of them have returned */
        int tag = ldst_submit(&sm->ldst, local, sm->age[local], st, dy.exec != 0, now);
        sm->shared_change = 1;   /* the L1 queue and the load records are every scheduler's */
        if (tag >= 0) t->nloads++;
        latency = tag >= 0 ? UINT64_MAX : 1;
        if (st->is_load) p->policy->notify(&sm->sched[s], pos, SCHED_LONG_LATENCY);
    } else if (st->is_load) {
        latency = (uint64_t)p->unit[UNIT_SHARED].latency + extra + wait;
    }
    if (latency != UINT64_MAX) opcoll_writeback(&sm->oc, local, st->dst, st->ndst, now + latency);   /* written the cycle before */
    for (int i = 0; i < st->ndst; i++) sb_set(&sm->sb, local, st->dst[i], latency == UINT64_MAX ? UINT64_MAX : now + latency, now);
    t->ibuf_head = (t->ibuf_head + 1) % SM_MAX_IBUF;
    t->ibuf_count--;
    if (dy.redirected) {   /* fetched down the wrong path; the new one starts after the redirect */
        t->ibuf_count = 0;
        t->fetch_from = now + (uint64_t)p->redirect_penalty;
    }
    update_fetchable(sm, local);
    if (st->reads_clock) t->sync_until = now + (uint64_t)p->clock_cost;
    /* nvcc's stall count: the cycles before this warp's next issue */
    if (p->ctl_stalls && st->ctl_stall > 1 && t->sync_until < now + st->ctl_stall) t->sync_until = now + st->ctl_stall;
    if (st->const_offset >= 0 && sm->ccache) {
        /* a constant that misses holds the warp while the line comes in */
        if (cache_touch(sm->ccache, (uint64_t)st->const_offset)) sm->st.v[STAT_ccache_hits]++;
        else {
            sm->st.v[STAT_ccache_misses]++;
            if (t->sync_until < now + (uint64_t)p->ccache_miss_latency) t->sync_until = now + (uint64_t)p->ccache_miss_latency;
        }
    }
    /* a device-library call: the warp runs the library's code meanwhile,
     * so it issues nothing else until the call is done (and the runner has
     * made the deferred call, which reads the arguments the warp stored) */
    if (st->op == OP_CALL_ABS && dy.res && t->sync_until < now + sm_devlib_cycles(p, dy.res->target))
        t->sync_until = now + sm_devlib_cycles(p, dy.res->target);
    if (st->op == OP_NANOSLEEP && dy.res && t->sync_until < now + sm_sleep_cycles(p, dy.res))
        t->sync_until = now + sm_sleep_cycles(p, dy.res);   /* __nanosleep */
    if (st->is_membar_cta) t->sync_until = now + (uint64_t)p->membar_cta;
    if (st->is_membar_gl) t->sync_until = now + (uint64_t)p->membar_gl;
    if (dy.barrier_released) {
        /* every warp the barrier freed resumes after the barrier's latency
         * (seed 003); a named barrier frees the warps waiting at it alone */
        int first = local / sm->warps_per_block * sm->warps_per_block;
        uint64_t until = now + (uint64_t)p->barrier_latency + (uint64_t)p->barrier_per_warp * (uint64_t)sm->warps_per_block;
        for (int i = first; i < first + sm->warps_per_block; i++) {
            if (i - first < 64 && !(dy.barrier_warps >> (i - first) & 1)) continue;
            if (sm->live[i] && sm->w[i].sync_until < until) sm->w[i].sync_until = until;
            watch_unblock(sm, i);
        }
        sm->shared_change = 1;
    }
    if (dy.warp_done) {
        watch_live(sm, local, 0);
        if (!--sm->resident) sm->st.v[STAT_sm_active_cycles] += now + 1 - sm->active_since;
        sm->finished = 1;
        sm->shared_change = 1;
        update_fetchable(sm, local);
    }
    if (sm->obs) {
        obs_issue e = { dy.slot, dy.warp, sm->id, s, now, st, &dy, t->seen_reason, now - t->last_issue };
        sm->obs->issue(sm->obs->ctx, &e);
        t->seen_reason = -1;
        t->last_issue = now;
    }
    pc_stats *ps = &sm->st.per_pc[st->pc];
    ps->executions++;
    ps->active_lanes += (uint64_t)__builtin_popcountll(dy.active);
    ps->divergences += (uint64_t)(dy.diverged != 0);
    if (p->energy) sm_energy_count(p, ps, st);
    sm->totals.issued_warp_instructions++;
    p->policy->notify(&sm->sched[s], pos, SCHED_ISSUED);
    /* after the issue: a policy forgets a barrier wait once the warp issues again */
    if (st->is_barrier && !dy.barrier_released) p->policy->notify(&sm->sched[s], pos, SCHED_BARRIER);
    return 0;
}

static inline int closeness(int reason) { return watch_closeness(reason); }

/* the warp's own issue pipeline: after the cycle it issued in (one or, dual
 * issuing, two instructions) its next issue comes sched.warp_issue_interval
 * cycles later (Fermi: 6, seed 003) */
static void hold_warp(sm_t *sm, int local, uint64_t now)
{
    twarp *t = &sm->w[local];
    uint64_t next = now + (uint64_t)sm->p->warp_issue_interval;
    if (t->sync_until < next) t->sync_until = next;
}

/* GCN's rule: up to issue_width instructions in the cycle, each from a
 * different warp and of a different unit category (VALU, VMEM, SALU, LDS,
 * branch) */
static int schedule_by_category(sm_t *sm, int s, const int *order, int n, uint64_t now)
{
    sched_state *ss = &sm->sched[s];
    int issued = 0, first_pc = -1, pc[SCHED_MAX_WARPS];
    int best = sm->resident ? STALL_done : STALL_no_warp, best_pc = -1;
    int8_t why_at[SCHED_MAX_WARPS];
    unsigned used = 0;
    for (int k = 0; k < n && issued < sm->p->issue_width; k++) {
        int pos = order[k], local = ss->warps[pos], inst = 0;
        const isrc_static *st;
        int why = check(sm, local, s, now, &st, &inst);
        if (sm->obs && why != STALL_issued) sm->w[local].seen_reason = (int8_t)why;
        if (why == STALL_issued) {
            unsigned cat = 1u << sm->p->unit[st->unit].category;
            if (used & cat) continue;
            used |= cat;
            if (!issued) first_pc = st->pc;
            if (issue(sm, local, s, pos, st, inst, now)) return -1;
            hold_warp(sm, local, now);
            issued++;
            continue;
        }
        why_at[pos] = (int8_t)why;
        pc[pos] = st ? st->pc : -1;
        if (closeness(why) > closeness(best)) { best = why; best_pc = pc[pos]; }
    }
    if (issued) watch_charge(sm, s, STALL_issued, first_pc, 1);
    else watch_charge_none(sm, s, best, best_pc, why_at, pc);
    return issued;
}

static int schedule(sm_t *sm, int s, uint64_t now)
{
    sched_state *ss = &sm->sched[s];
    int order[SCHED_MAX_WARPS], pc[SCHED_MAX_WARPS];
    int best = sm->resident ? STALL_done : STALL_no_warp, best_pc = -1;
    int8_t why_at[SCHED_MAX_WARPS];
    int n = sm->p->policy->order(ss, order);
    if (sm->p->by_category) return schedule_by_category(sm, s, order, n, now);
    for (int k = 0; k < n; k++) {
        int pos = order[k], local = ss->warps[pos], inst = 0;
        const isrc_static *st;
        int why = check(sm, local, s, now, &st, &inst);
        if (sm->obs && why != STALL_issued) sm->w[local].seen_reason = (int8_t)why;
        if (why == STALL_issued) {
            if (issue(sm, local, s, pos, st, inst, now)) return -1;
            watch_charge(sm, s, STALL_issued, st->pc, 1);
            /* dual issue: a second, independent instruction of the same warp */
            for (int extra = 1; extra < sm->p->issue_width && sm->live[local]; extra++) {
                int why2 = check(sm, local, s, now, &st, &inst);
                /* not parked for the memory system: hold_warp's wait comes
                 * first, and the warp is looked at again after it */
                if (why2 == STALL_mem_full) watch_unblock(sm, local);
                if (why2 != STALL_issued) break;
                if (issue(sm, local, s, pos, st, inst, now)) return -1;
            }
            hold_warp(sm, local, now);
            return 1;
        }
        why_at[pos] = (int8_t)why;
        pc[pos] = st ? st->pc : -1;
        if (closeness(why) > closeness(best)) { best = why; best_pc = pc[pos]; }
    }
    watch_charge_none(sm, s, best, best_pc, why_at, pc);
    return 0;
}

/* the launch starts at `start`: warps dispatched now count their first
 * wait (an observer's `waited`) from it, not from the run's cycle 0 */
void sm_begin(sm_t *sm, uint64_t start)
{
    sm->next = start;
    sm->now = start;
    for (int s = 0; s < sm->p->nsched; s++) sm->watch[s].charged = start;
}

/* sm_cycle of an SM that has something to look at */
static __attribute__((noinline)) int sm_cycle_awake(sm_t *sm, uint64_t now)
{
    sm->poked = 0;
    fetch(sm, now);
    int issued = 0, nsched = sm->p->nsched, shared_after = 0;
    uint64_t k = (uint64_t)sm->p->issue_interval;
    /* schedulers that run slower than the core only act on their issue
     * slots; GCN's SIMDs take turns, one per slot. Otherwise they take turns
     * at going first, so that none always wins an instance they share */
    if (!watch_mod(now, k)) {
        int turn = (int)watch_mod(watch_div(now, k), (uint64_t)nsched);
        int first = sm->p->turns ? turn : 0, last = sm->p->turns ? first + 1 : nsched;
        int rot = sm->p->turns ? 0 : turn;
        for (int j = first; j < last; j++) {
            int s = sm->p->turns ? j : j + rot < nsched ? j + rot : j + rot - nsched;
            sched_watch *wt = &sm->watch[s];
            if (!watch_due(sm, s, now)) continue;   /* its slot is charged at its next look */
            wt->wake = UINT64_MAX;
            watch_unpark_expired(sm, s, now);
            mem_news_seen(sm, s);
            if (wt->quiet) continue;   /* as if not due: the look would charge the last reason */
            watch_settle(sm, s, now);
            wt->charged = now + 1;   /* this look charges this slot */
            sm->shared_change = 0;
            int r = schedule(sm, s, now);
            if (r < 0) return -1;
            if (!r) watch_quiet_after(sm, s);
            /* the issuer looks again at its next slot. An issue that changed
             * what the others share (the L1 queue and load records, a
             * barrier, the resident warps) makes them look again, in this
             * cycle and the next; a unit it occupies cannot: a scheduler not
             * due has no warp that could issue, and one waiting for the
             * unit wakes when it was to be free, finding the new time */
            if (r) watch_wake_at(sm, s, now + 1);
            if (sm->shared_change) { watch_rouse_all(sm, now); shared_after = 1; }
            issued += r;
        }
        if (shared_after) watch_rouse_all(sm, now + 1);
    }
    /* the last warp finished: every scheduler's next look finds no warp,
     * and the slots an SM with no warps sleeps through are charged so
     * (the window loop does not look at it again) */
    if (sm->finished && !sm->resident)
        for (int s = 0; s < nsched; s++) {
            watch_settle(sm, s, now + 1);   /* the slots up to this one go to the reasons they had */
            sm->watch[s].last_reason = STALL_no_warp, sm->watch[s].last_pc = -1;
        }
    /* a warp with room in its instruction buffer fetches next cycle */
    sm->wake = any_fetchable(sm) ? now + 1 : UINT64_MAX;
    for (int s = 0; s < nsched; s++) {
        const sched_watch *wt = &sm->watch[s];
        uint64_t t = watch_next_slot(sm, s, wt->wake < wt->park_min ? wt->wake : wt->park_min);
        if (t < sm->wake) sm->wake = t;
    }
    if (sm->wake <= now || sm->p->exhaustive) sm->wake = now + 1;
    return issued;
}

int sm_cycle(sm_t *sm, uint64_t now)
{
    sm->next = now + 1;
    sm->finished = 0;
    sm->now = now;
    /* nothing this SM waits for can have happened: sleep through the cycle
     * (its slots are charged as the last ones, at the next look: the same
     * as the GPU's time skipping). Most SMs of a large GPU sleep most
     * cycles: this path stays small. */
    if (!sm->poked && now < sm->wake) return 0;
    return sm_cycle_awake(sm, now);
}
