/* sim/mem/memsys.c — the wiring of the memory hierarchy and its tick order. */
#include "memsys_impl.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

/* ---- ports ---- */
static void l1_load_done(void *ctx, int tag, uint64_t now)
{
    l1_ctx *c = ctx;
    c->m->port.load_done(c->m->port.ctx, c->sm, tag, now);
}

static void l1_wake(void *ctx)
{
    l1_ctx *c = ctx;
    c->m->port.wake(c->m->port.ctx, c->sm);
}

static void set_bit(uint64_t *bits, int i, int on)
{
    if (on) bits[i >> 6] |= (uint64_t)1 << (i & 63);
    else bits[i >> 6] &= ~((uint64_t)1 << (i & 63));
}

/* SM s's L1 queued toward the interconnect */
static void mark_out(memsys *m, int s)
{
    if (m->windows) m->pushed[s] = 1;
    else set_bit(m->out_bits, s, 1);
}

static mem_msg *net_peek(void *ctx, int src, uint64_t now, int k) { return l1_out_ready(((memsys *)ctx)->l1[src], now, k); }
static void net_pop(void *ctx, int src, int k)
{
    memsys *m = ctx;
    if (m->windows) {   /* the L1 sees the room at the next window's start */
        l1_out_pop_hidden(m->l1[src], k);
        m->popped[src] = 1;
    } else l1_out_pop(m->l1[src], k);
    set_bit(m->out_bits, src, l1_out_peek(m->l1[src]) != NULL);
}

/* a request's translation: ready at once without a TLB; written-back lines
 * are translated already */
static uint64_t net_ready(void *ctx, const mem_msg *m, uint64_t now)
{
    memsys *ms = ctx;
    if (m->kind == MR_WRITEBACK) return now;
    int walked;
    uint64_t at = tlb_ready(ms->tlb, m->line, now, &walked);
    ms->st[ms->nsm].v[STAT_tlb_walks] += (uint64_t)walked;
    return at;
}

/* l2.far_copies: a read or write from SM m->sm of a line homed in the
 * other partition also sends the slice at the home's place in the SM's own
 * partition a message to take a clean copy of the sectors: the capacity a
 * far line costs (the H100 keeps about 30 of its 50 MB for data all SMs
 * use, and its slices count 1.5 lookups a line: validation/h100-tlb);
 * reads still go home (the H100's far hits stay 35 cycles slower:
 * validation/h100 raw/run1 l2_each_hist). The copy travels through the
 * interconnect like a request, so a span gives the same result as cycle
 * by cycle. */
static int net_also(void *ctx, const mem_msg *m, mem_msg *extra)
{
    memsys *ms = ctx;
    int parts = ms->p.icnt.partitions, per = ms->p.slices / parts, home = m->slice;
    if (parts != 2 || (m->kind != MR_LOAD && m->kind != MR_STORE)) return -1;
    int ps = m->sm * parts / ms->nsm, pd = home * parts / ms->p.slices;
    if (ps == pd) return -1;
    *extra = *m;
    extra->kind = MR_COPY;
    extra->slice = home + (ps - pd) * per;
    return extra->slice;
}

/* a request waiting for room is routed once, not at every try: when its
 * L1 queues it toward the interconnect (l1_route, on the SM's side) */
static int net_route(void *ctx, mem_msg *m)
{
    memsys *ms = ctx;
    if (m->slice < 0) m->slice = addr_slice(ms->p.map, &ms->geo, m->line);
    return m->slice;
}
static int l1_route(void *ctx, mem_msg *m) { return net_route(((l1_ctx *)ctx)->m, m); }
static int net_slice_at(void *ctx, int src, uint64_t now, int k) { return l1_out_slice(((memsys *)ctx)->l1[src], now, k); }
static void net_prefetch(void *ctx, int src) { l1_out_prefetch(((memsys *)ctx)->l1[src]); }

static void slice_send(void *ctx, const mem_msg *m, uint64_t at)
{
    slice_ctx *c = ctx;
    if (c->tick < 0) { deliver(c->m, m, at); return; }
    /* in a span: held, on the slice's own thread (grows to its high-water
     * mark, a few times per run at most) */
    if (c->nheld == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 64;
        c->held = xrealloc(c->held, (size_t)c->cap * sizeof *c->held);
    }
    c->held[c->nheld++] = (held_msg){ *m, at, c->tick };
}
static uint64_t slice_channel_addr(void *ctx, uint64_t line) { return addr_channel(&((slice_ctx *)ctx)->m->geo, line); }

/* ---- ticks ---- */
/* SM s's L1 hits and responses due by now reach it; its next one */
static uint64_t sm_returns(memsys *m, int s, uint64_t now)
{
    l1_drain_hits(m->l1[s], now);
    mem_msg *r;
    while ((r = icnt_response(m->net, s, now))) {
        mem_msg copy = *r;
        icnt_response_pop(m->net, s);
        const mem_msg *next = icnt_response_head(m->net, s);
        if (next) l1_prefetch_response(m->l1[s], next);
        l1_response(m->l1[s], &copy, now);
        if (l1_out_peek(m->l1[s])) mark_out(m, s);   /* a dirty victim's write-back */
    }
    uint64_t t = l1_next_event(m->l1[s]), u = icnt_response_next(m->net, s);
    return m->sm_next[s] = t < u ? t : u;
}

/* L1 hits and responses reach their SMs, in SM order */
static void returns(memsys *m, uint64_t now)
{
    uint64_t next = UINT64_MAX;
    for (int s = 0; s < m->nsm; s++) {
        uint64_t t = m->sm_next[s] > now ? m->sm_next[s] : sm_returns(m, s, now);
        if (t < next) next = t;
    }
    m->returns_next = next;
}

void memsys_tick(memsys *m, uint64_t now)
{
    if (now >= m->returns_next) returns(m, now);
    memsys_tick_mem(m, now);
}

void memsys_tick_mem(memsys *m, uint64_t now)
{
    /* clock domains: each advances when its accumulator passes the core clock */
    m->dram_acc += (uint64_t)m->p.dram_clock;
    while (m->dram_acc >= (uint64_t)m->p.core_clock) {
        m->dram_acc -= (uint64_t)m->p.core_clock;
        for (int s = 0; s < m->p.slices; s++) dram_cycle(m, s, now, m->dram_now);
        m->dram_now++;
    }
    m->l2_acc += (uint64_t)m->p.l2_clock;
    while (m->l2_acc >= (uint64_t)m->p.core_clock) {
        m->l2_acc -= (uint64_t)m->p.core_clock;
        for (int s = 0; s < m->p.slices; s++) l2_cycle(m, s, now);
        net_tick(m, now);
    }
}

/* the L1s take requests in the cycle the LD/ST units issue them */
void memsys_tick_l1(memsys *m, uint64_t now)
{
    for (int s = 0; s < m->nsm; s++) {
        if (!m->has_input[s]) continue;   /* its tick would do nothing */
        l1_tick(m->l1[s], now);
        m->has_input[s] = (uint8_t)l1_has_input(m->l1[s]);
        if (l1_out_peek(m->l1[s])) mark_out(m, s);
        /* a hit it queued */
        uint64_t t = l1_next_event(m->l1[s]);
        if (t < m->returns_next) m->returns_next = t;
        if (t < m->sm_next[s]) m->sm_next[s] = t;
    }
}

/* clock domain crossing: `cycles` core cycles move the accumulator on and
 * give the domain's ticks in them */
static uint64_t domain_ticks(uint64_t *acc, uint64_t clock, uint64_t core, uint64_t cycles)
{
    uint64_t total = *acc + cycles * clock;
    *acc = total % core;
    return total / core;
}

void memsys_skip(memsys *m, uint64_t from, uint64_t to)
{
    memsys_skip_mem(m, from, to);
    for (int s = 0; s < m->nsm; s++)
        if (m->has_input[s]) l1_skip(m->l1[s], to - from);
}

uint64_t memsys_next_event(const memsys *m, uint64_t now)
{
    uint64_t t = icnt_next_event(m->net);
    for (int s = 0; s < m->nsm; s++) {
        if (l1_busy(m->l1[s])) return now + 1;
        if (l1_next_event(m->l1[s]) < t) t = l1_next_event(m->l1[s]);
    }
    for (int s = 0; s < m->p.slices; s++) {
        if (dram_busy(m->ch[s])) return now + 1;
        if (l2_next_event(m->slice[s]) < t) t = l2_next_event(m->slice[s]);
    }
    return t < now + 1 ? now + 1 : t;
}

/* ---- windows: the SM side (on SM s's thread) and the memory side ---- */
void memsys_set_windows(memsys *m, int on) { m->windows = on; }

int memsys_sm_returns(memsys *m, int s, uint64_t now)
{
    if (m->sm_next[s] > now) return 0;
    sm_returns(m, s, now);
    return 1;
}

int memsys_sm_l1(memsys *m, int s, uint64_t now)
{
    if (!m->has_input[s]) return 0;
    int busy = l1_in_busy(m->l1[s]);
    l1_tick(m->l1[s], now);
    m->has_input[s] = (uint8_t)l1_has_input(m->l1[s]);
    if (l1_out_peek(m->l1[s])) m->pushed[s] = 1;
    uint64_t t = l1_next_event(m->l1[s]);   /* a hit it queued */
    if (t < m->sm_next[s]) m->sm_next[s] = t;
    return busy;
}

uint64_t memsys_sm_next(const memsys *m, int s, uint64_t now)
{
    if (m->has_input[s] && l1_in_busy(m->l1[s])) return now + 1;
    return m->sm_next[s] > now ? m->sm_next[s] : now + 1;
}

void memsys_sm_skip(memsys *m, int s, uint64_t cycles)
{
    if (m->has_input[s]) l1_skip(m->l1[s], cycles);
}

void memsys_sm_phase_end(memsys *m)
{
    uint64_t next = UINT64_MAX;
    for (int s = 0; s < m->nsm; s++) {
        if (m->pushed[s]) {
            m->pushed[s] = 0;
            if (l1_out_peek(m->l1[s])) set_bit(m->out_bits, s, 1);
        }
        if (m->sm_next[s] < next) next = m->sm_next[s];
    }
    m->returns_next = next;
}

void memsys_credits(memsys *m)
{
    for (int s = 0; s < m->nsm; s++)
        if (m->popped[s]) {
            m->popped[s] = 0;
            l1_credit(m->l1[s]);
        }
}

uint64_t memsys_mem_next(const memsys *m, uint64_t now)
{
    uint64_t t = icnt_request_next(m->net);
    for (int w = 0; w < (m->nsm + 63) / 64; w++)
        for (uint64_t bits = m->out_bits[w]; bits; bits &= bits - 1) {
            uint64_t u = l1_out_next(m->l1[w * 64 + __builtin_ctzll(bits)]);
            if (u < t) t = u;
        }
    for (int s = 0; s < m->p.slices; s++) {
        if (dram_busy(m->ch[s])) return now + 1;
        if (l2_next_event(m->slice[s]) < t) t = l2_next_event(m->slice[s]);
    }
    return t < now + 1 ? now + 1 : t;
}

void memsys_skip_mem(memsys *m, uint64_t from, uint64_t to)
{
    uint64_t n = to - from, core = (uint64_t)m->p.core_clock;
    m->dram_now += domain_ticks(&m->dram_acc, (uint64_t)m->p.dram_clock, core, n);
    icnt_skip(m->net, domain_ticks(&m->l2_acc, (uint64_t)m->p.l2_clock, core, n));
}

int memsys_room(const memsys *m, int sm) { return l1_room(m->l1[sm]); }

void memsys_submit(memsys *m, int sm, int kind, uint64_t line, uint32_t sectors, int lanes, int word_lanes,
                   int partial, int use_l1, int tag, int pc)
{
    mem_msg q = { .line = line, .sectors = sectors, .kind = (uint8_t)kind, .use_l1 = (uint8_t)use_l1,
                  .lanes = (uint8_t)lanes, .word_lanes = (uint8_t)word_lanes, .partial = (uint8_t)partial, .sm = sm, .tag = tag, .pc = pc, .l1_mshr = -1, .aux = -1, .slice = -1 };
    l1_submit(m->l1[sm], &q);
    m->has_input[sm] = 1;
}

/* ---- set-up ---- */

/* every block's counters zero for a kernel of npc instructions, counting
 * into n row sets (set 0 lent to every block until a thread lends its own) */
static void counters_begin(memsys *m, int npc, int n)
{
    for (int k = 0; k < m->nsets; k++) stats_free(&m->sets[k]);
    free(m->sets);
    m->nsets = n;
    m->sets = xcalloc((size_t)n, sizeof *m->sets);
    for (int k = 0; k < n; k++) stats_mem_init(&m->sets[k], npc);
    for (int i = 0; i < m->nst; i++) {   /* a block's st owns no array: its rows are lent */
        memset(&m->st[i], 0, sizeof m->st[i]);
        m->st[i].npc = npc;
        m->st[i].mem_pc = m->sets[0].mem_pc;
    }
}

void memsys_set_members(memsys *m, int n)
{
    if (n != m->nsets) counters_begin(m, m->st[0].npc, n);
}

void memsys_lend_l1(memsys *m, int sm, int member) { m->st[sm].mem_pc = m->sets[member].mem_pc; }
void memsys_lend_slice(memsys *m, int s, int member) { m->st[m->nsm + 1 + s].mem_pc = m->sets[member].mem_pc; }

memsys *memsys_new(const mem_params *p, int nsm, int npc, mem_sm_port port)
{
    memsys *m = xcalloc(1, sizeof *m);
    m->p = *p;
    m->nsm = nsm;
    m->port = port;
    m->geo = (addr_geometry){ (uint64_t)p->interleave, (uint64_t)p->slices, (uint64_t)p->dram.banks };
    /* every block counts into its own statistics, summed by memsys_report */
    m->nst = nsm + 1 + p->slices;
    m->st = xcalloc((size_t)m->nst, sizeof(kernel_stats));
    counters_begin(m, npc, 1);
    m->has_input = xcalloc((size_t)nsm, 1);
    m->out_bits = xcalloc((size_t)(nsm + 63) / 64, sizeof(uint64_t));
    m->sm_next = xcalloc((size_t)nsm, sizeof(uint64_t));   /* 0: look at each */
    /* one line per 64 SMs' bytes: threads write their own SMs' */
    m->pushed = xcalloc_lines((size_t)nsm, 1);
    m->popped = xcalloc((size_t)nsm, 1);
    m->l1 = xcalloc((size_t)nsm, sizeof *m->l1);
    m->l1ctx = xcalloc((size_t)nsm, sizeof *m->l1ctx);
    for (int s = 0; s < nsm; s++) {
        m->l1ctx[s] = (l1_ctx){ m, s };
        m->l1[s] = l1_new(&p->l1, s, (l1_sm_port){ &m->l1ctx[s], l1_load_done, l1_wake, l1_route }, &m->st[s]);
    }
    icnt_params ip = p->icnt;
    ip.nsrc = nsm;
    ip.ndst = p->slices;
    if (p->tlb.entries > 0) m->tlb = tlb_new(&p->tlb);
    m->net = icnt_new(&ip, (icnt_ports){ m, net_peek, net_pop, net_route, m->out_bits, m->tlb ? net_ready : NULL,
                                         p->far_copies ? net_also : NULL, net_slice_at, net_prefetch }, &m->st[nsm]);
    m->slice = xcalloc((size_t)p->slices, sizeof *m->slice);
    m->ch = xcalloc((size_t)p->slices, sizeof *m->ch);
    m->sctx = xcalloc_lines((size_t)p->slices, sizeof *m->sctx);
    m->span_held = xcalloc((size_t)p->slices, sizeof *m->span_held);
    m->span_took = xcalloc((size_t)p->slices, sizeof *m->span_took);
    for (int s = 0; s < p->slices; s++) {
        dram_params dp = p->dram;   /* refreshes staggered evenly over the channels */
        dp.refresh_phase = (int)((int64_t)s * dp.tREFI / p->slices);
        m->ch[s] = dram_new(&dp);
        m->sctx[s] = (slice_ctx){ .m = m, .s = s, .tick = -1 };
        m->slice[s] = l2_new(&p->l2, m->ch[s], (l2_ports){ &m->sctx[s], slice_send, slice_channel_addr }, &m->st[nsm + 1 + s]);
    }
    return m;
}

void memsys_delete(memsys *m)
{
    if (!m) return;
    for (int s = 0; s < m->nsm; s++) l1_delete(m->l1[s]);
    icnt_delete(m->net);
    tlb_delete(m->tlb);
    for (int s = 0; s < m->p.slices; s++) { l2_delete(m->slice[s]); dram_delete(m->ch[s]); free(m->sctx[s].held); free(m->sctx[s].took); }
    free(m->sctx); free(m->span_dram_now); free(m->span_dram); free(m->span_l2);
    free(m->span_tick0); free(m->span_held); free(m->span_took);
    for (int k = 0; k < m->nsets; k++) stats_free(&m->sets[k]);
    free(m->sets);
    free(m->has_input); free(m->out_bits); free(m->sm_next); free(m->pushed); free(m->popped);
    free(m->l1); free(m->l1ctx); free(m->slice); free(m->ch); free(m->st);
    free(m);
}

void memsys_begin_launch(memsys *m, int npc, mem_sm_port port, int flush_l1)
{
    m->port = port;
    m->returns_next = 0;
    memset(m->sm_next, 0, (size_t)m->nsm * sizeof(uint64_t));
    counters_begin(m, npc, 1);
    for (int s = 0; s < m->p.slices; s++) dram_clear_counters(m->ch[s]);
    if (flush_l1)
        for (int s = 0; s < m->nsm; s++) l1_invalidate(m->l1[s]);
}

int memsys_carveout(memsys *m, int shared_bytes)
{
    const cache_params *c = &m->p.l1.cache;
    if (!m->p.ncarveouts) return c->size;
    int carve = m->p.carveouts[m->p.ncarveouts - 1];
    for (int i = 0; i < m->p.ncarveouts; i++)
        if (m->p.carveouts[i] >= shared_bytes) { carve = m->p.carveouts[i]; break; }
    int way_bytes = c->size / c->assoc, ways = (c->size - carve) / way_bytes;
    if (ways < 0) ways = 0;
    for (int s = 0; s < m->nsm; s++) l1_set_ways(m->l1[s], ways);
    return ways * way_bytes;
}

void memsys_grow_pc(memsys *m, int npc)
{
    for (int k = 0; k < m->nsets; k++) stats_grow_pc(&m->sets[k], npc);
    /* set 0 until each block's thread lends its own again */
    for (int i = 0; i < m->nst; i++) {
        m->st[i].npc = npc;
        m->st[i].mem_pc = m->sets[0].mem_pc;
    }
}

void memsys_report(const memsys *m, kernel_stats *st)
{
    for (int i = 0; i < m->nst; i++) stats_merge_counters(st, &m->st[i]);   /* rows lent: each set once, below */
    for (int k = 0; k < m->nsets; k++) stats_merge(st, &m->sets[k]);
    for (int s = 0; s < m->p.slices; s++) dram_report(m->ch[s], st);
}

double memsys_peak_gbps(const mem_params *p)
{
    return (double)p->slices * p->dram.bus_bytes * p->dram.data_rate * (double)p->dram_clock * 1e6 / 1e9;
}
