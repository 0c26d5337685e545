/* sim/mem/memsys.c — L1, interconnect, L2 slices and DRAM channels, ticked. */
#include "memsys.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

/* ---- queues ---- */
static void q_init(req_queue *q, int cap) { q->id = xcalloc((size_t)cap, sizeof(int)); q->cap = cap; q->head = q->n = 0; }
static int q_full(const req_queue *q) { return q->n >= q->cap; }
static void q_push(req_queue *q, int r) { q->id[(q->head + q->n++) % q->cap] = r; }
static int q_peek(const req_queue *q) { return q->n ? q->id[q->head] : -1; }
static void q_pop(req_queue *q) { q->head = (q->head + 1) % q->cap; q->n--; }

static void t_init(timed_list *t, int cap) { t->id = xcalloc((size_t)cap, sizeof(int)); t->cap = cap; t->n = 0; }
static int t_full(const timed_list *t) { return t->n >= t->cap; }

static int t_before(const memsys *m, int a, int b)
{
    const mreq *x = &m->pool[a], *y = &m->pool[b];
    return x->ready < y->ready || (x->ready == y->ready && x->seq < y->seq);
}

static void t_insert(memsys *m, timed_list *t, int r)
{
    m->pool[r].seq = m->seq++;
    int i = t->n++;
    while (i > 0 && t_before(m, r, t->id[(i - 1) / 2])) { t->id[i] = t->id[(i - 1) / 2]; i = (i - 1) / 2; }
    t->id[i] = r;
}

static int t_ready(const memsys *m, const timed_list *t, uint64_t now)
{
    return t->n && m->pool[t->id[0]].ready <= now ? t->id[0] : -1;
}

static void t_pop_m(memsys *m, timed_list *t)
{
    int last = t->id[--t->n], i = 0;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= t->n) break;
        if (c + 1 < t->n && t_before(m, t->id[c + 1], t->id[c])) c++;
        if (!t_before(m, t->id[c], last)) break;
        t->id[i] = t->id[c];
        i = c;
    }
    if (t->n) t->id[i] = last;
}

/* ---- request pool ---- */
static int req_new(memsys *m)
{
    int r = m->free_head;
    m->free_head = m->pool[r].next;
    m->nfree--;
    memset(&m->pool[r], 0, sizeof(mreq));
    m->pool[r].next = -1;
    m->pool[r].l1_mshr = m->pool[r].l2_mshr = -1;
    m->pool[r].tag = -1;
    return r;
}

static void req_free(memsys *m, int r)
{
    m->pool[r].next = m->free_head;
    m->free_head = r;
    m->nfree++;
}

static int slice_of(const memsys *m, uint64_t line)
{
    uint64_t chunk = line / (uint64_t)m->p.interleave;
    /* skewed: each run of `slices` chunks starts one slice later, so strides
     * that are multiples of the run still spread over every slice */
    uint64_t skew = m->p.l2_hash ? chunk / (uint64_t)m->p.slices : 0;
    return (int)((chunk + skew) % (uint64_t)m->p.slices);
}

/* address within the slice's DRAM channel: the slice-select bits removed */
static uint64_t channel_addr(const memsys *m, uint64_t line)
{
    uint64_t chunk = line / (uint64_t)m->p.interleave;
    return chunk / (uint64_t)m->p.slices * (uint64_t)m->p.interleave + line % (uint64_t)m->p.interleave;
}

static int bytes_of(const memsys *m, uint32_t sectors) { return __builtin_popcount(sectors) * m->p.l2.sector; }

/* ---- completion at the SM ---- */
static void complete(memsys *m, int r, uint64_t now)
{
    mreq *q = &m->pool[r];
    if (q->tag >= 0) m->done(m->done_ctx, q->sm, q->tag, now);
    m->sm[q->sm].poked = 1;
    req_free(m, r);
}

static void sm_responses(memsys *m, int s, uint64_t now)
{
    mem_sm *ms = &m->sm[s];
    int r;
    while ((r = t_ready(m, &ms->resp, now)) >= 0) {
        t_pop_m(m, &ms->resp);
        mreq *q = &m->pool[r];
        if (q->l1_mshr >= 0) {              /* a fill: install, wake every merged request */
            mshr *e = &ms->l1.m[q->l1_mshr];
            uint64_t victim;
            uint32_t vd;
            if (cache_install(&ms->l1, q->line, e->sectors, 0, &victim, &vd) && !q_full(&ms->out)) {
                int w = req_new(m);
                m->pool[w] = (mreq){ .line = victim, .sectors = vd, .kind = MR_WRITEBACK, .sm = s, .tag = -1,
                                     .pc = q->pc, .slice = slice_of(m, victim), .l1_mshr = -1, .l2_mshr = -1, .next = -1 };
                q_push(&ms->out, w);
            }
            for (int w = e->first; w >= 0;) {
                int next = m->pool[w].next;
                complete(m, w, now);
                w = next;
            }
            mshr_release(&ms->l1, q->l1_mshr);
        }
        complete(m, r, now);
    }
}

/* ---- the L1 of one SM: one request per cycle from the LD/ST unit ---- */
static void l1_cycle(memsys *m, int s, uint64_t now)
{
    mem_sm *ms = &m->sm[s];
    int r = q_peek(&ms->in);
    if (r < 0) return;
    mreq *q = &m->pool[r];
    kernel_stats *st = m->st;
    pc_stats *ps = &st->per_pc[q->pc];
    if (q->kind == MR_LOAD && q->use_l1) {
        uint32_t hit = cache_lookup(&ms->l1, q->line, q->sectors);
        if (hit == q->sectors) {
            st->v[STAT_l1_accesses]++; st->v[STAT_l1_hits]++; ps->l1_hits++;
            q_pop(&ms->in);
            q->ready = now + (uint64_t)m->p.l1_latency;
            t_insert(m, &ms->resp, r);
            return;
        }
        int e = mshr_find(&ms->l1, q->line, q->sectors);
        if (e >= 0) {                       /* merge with the miss in flight */
            st->v[STAT_l1_accesses]++; st->v[STAT_l1_misses]++; st->v[STAT_l1_mshr_merges]++; ps->l1_misses++;
            q_pop(&ms->in);
            q->next = -1;
            if (ms->l1.m[e].last >= 0) m->pool[ms->l1.m[e].last].next = r;
            else ms->l1.m[e].first = r;
            ms->l1.m[e].last = r;
            return;
        }
        /* a non-sectored L1 fetches the whole line */
        uint32_t fetch = m->p.l1_sectored ? q->sectors : (uint32_t)((1ull << ms->l1.sectors_per_line) - 1);
        if (q_full(&ms->out) || (e = mshr_alloc(&ms->l1, q->line, fetch)) < 0) {
            st->v[STAT_l1_mshr_stalls]++;
            return;
        }
        q->sectors = fetch;
        st->v[STAT_l1_accesses]++; st->v[STAT_l1_misses]++; ps->l1_misses++;
        if (hit) st->v[STAT_l1_sector_misses]++;
        q_pop(&ms->in);
        q->l1_mshr = e;
        q_push(&ms->out, r);
        return;
    }
    if (q->kind == MR_STORE && q->use_l1 && m->p.l1_local_write_back) {
        /* local memory on Fermi: written back from L1 on eviction */
        uint64_t victim;
        uint32_t vd;
        if (q_full(&ms->out)) return;
        st->v[STAT_l1_accesses]++;
        if (cache_lookup(&ms->l1, q->line, q->sectors) == q->sectors) st->v[STAT_l1_hits]++;
        else st->v[STAT_l1_misses]++;
        q_pop(&ms->in);
        if (cache_install(&ms->l1, q->line, q->sectors, 1, &victim, &vd)) {
            q->kind = MR_WRITEBACK;
            q->line = victim;
            q->sectors = vd;
            q->slice = slice_of(m, victim);
            q_push(&ms->out, r);
        } else {
            req_free(m, r);
        }
        return;
    }
    if (q_full(&ms->out)) return;
    q_pop(&ms->in);
    /* write-through stores update a line the L1 holds; atomics bypass it */
    if (q->kind == MR_STORE && cache_lookup(&ms->l1, q->line, q->sectors)) {
        uint64_t victim;
        uint32_t vd;
        cache_install(&ms->l1, q->line, q->sectors, 0, &victim, &vd);
    }
    q_push(&ms->out, r);
}

/* ---- interconnect: each SM injects one request per interconnect cycle,
 * each slice accepts icnt_width ---- */
static void icnt_cycle(memsys *m, uint64_t now)
{
    int accepted[64] = { 0 };
    for (int k = 0; k < m->nsm; k++) {
        int s = (m->rr + k) % m->nsm;
        mem_sm *ms = &m->sm[s];
        int r = q_peek(&ms->out);
        if (r < 0) continue;
        mreq *q = &m->pool[r];
        mem_slice *sl = &m->slice[q->slice];
        if (accepted[q->slice] >= m->p.icnt_width || t_full(&sl->in)) { m->st->v[STAT_icnt_stalls]++; continue; }
        accepted[q->slice]++;
        q_pop(&ms->out);
        q->ready = now + (uint64_t)m->p.icnt_latency;
        t_insert(m, &sl->in, r);
    }
    m->rr = (m->rr + 1) % m->nsm;
}

static void respond(memsys *m, int r, uint64_t at)
{
    mreq *q = &m->pool[r];
    if (q->kind == MR_STORE || q->kind == MR_WRITEBACK) { req_free(m, r); return; }
    q->ready = at + (uint64_t)m->p.icnt_latency;
    t_insert(m, &m->sm[q->sm].resp, r);
}

/* an atomic at the slice: the ALU takes one lane per cycle; atomics to the
 * same line wait for the previous one (serialisation per address, coarsened
 * to the line) */
static uint64_t *line_free_of(const memsys *m, mem_slice *sl, uint64_t line)
{
    return &sl->line_free[(line / (uint64_t)m->p.l2.line) & 255];
}

static void atomic_at_slice(memsys *m, mem_slice *sl, int r, uint64_t now)
{
    mreq *q = &m->pool[r];
    uint64_t *line_free = line_free_of(m, sl, q->line);
    uint64_t start = now;
    if (sl->atomic_free > start) start = sl->atomic_free;
    if (*line_free > start) start = *line_free;
    uint64_t done = start + (uint64_t)m->p.atomic_latency + (uint64_t)(q->lanes ? q->lanes - 1 : 0);
    sl->atomic_free = start + (uint64_t)(q->lanes ? q->lanes : 1);
    *line_free = done;
    cache_mark_dirty(&sl->l2, channel_addr(m, q->line), q->sectors);
    m->st->v[STAT_l2_atomics]++;
    respond(m, r, done);
}

/* an L2 slice indexes and tags its lines by their address within the
 * slice's channel, so that every set is used whatever the slice mapping */
static void l2_fill(memsys *m, mem_slice *sl, int r, uint64_t now)
{
    mreq *q = &m->pool[r];
    mshr *e = &sl->l2.m[q->l2_mshr];
    uint64_t victim;
    uint32_t vd;
    if (cache_install(&sl->l2, channel_addr(m, q->line), e->sectors, 0, &victim, &vd)) {
        m->st->v[STAT_dram_writes]++;
        dram_enqueue(&sl->ch, -1, victim, bytes_of(m, vd), 1, m->dram_now);
    }
    int w = e->first;
    mshr_release(&sl->l2, q->l2_mshr);
    q->l2_mshr = -1;
    for (int list = r; list >= 0;) {
        int next = list == r ? w : m->pool[list].next;
        /* filled data passes through the slice's data pipeline, as a hit does */
        if (m->pool[list].kind == MR_ATOMIC) atomic_at_slice(m, sl, list, now);
        else respond(m, list, now + (uint64_t)m->p.l2_latency);
        list = next;
    }
}

static void l2_cycle(memsys *m, int s, uint64_t now)
{
    mem_slice *sl = &m->slice[s];
    int r;
    while ((r = t_ready(m, &sl->from_dram, now)) >= 0) {
        t_pop_m(m, &sl->from_dram);
        l2_fill(m, sl, r, now);
    }
    if ((r = t_ready(m, &sl->in, now)) < 0) return;
    mreq *q = &m->pool[r];
    kernel_stats *st = m->st;
    pc_stats *ps = &st->per_pc[q->pc];
    uint64_t key = channel_addr(m, q->line);   /* the slice's own address for the line */
    if (q->kind == MR_STORE || q->kind == MR_WRITEBACK) {
        /* write-back, write-allocate at sector granularity: no fetch */
        if (dram_full(&sl->ch)) { st->v[STAT_l2_mshr_stalls]++; return; }
        t_pop_m(m, &sl->in);
        st->v[STAT_l2_accesses]++;
        if (cache_lookup(&sl->l2, key, q->sectors) == q->sectors) st->v[STAT_l2_hits]++;
        else st->v[STAT_l2_misses]++;
        uint64_t victim;
        uint32_t vd;
        if (cache_install(&sl->l2, key, q->sectors, 1, &victim, &vd)) {
            st->v[STAT_dram_writes]++;
            dram_enqueue(&sl->ch, -1, victim, bytes_of(m, vd), 1, m->dram_now);
        }
        req_free(m, r);
        return;
    }
    if (q->kind == MR_ATOMIC) {
        /* the atomic unit's queue is bounded: a backlog longer than the
         * slice's queue stalls the slice's input (back-pressure) */
        uint64_t line_busy = *line_free_of(m, sl, q->line);
        uint64_t busy = sl->atomic_free > line_busy ? sl->atomic_free : line_busy;
        if (busy > now + (uint64_t)m->p.l2_queue) { st->v[STAT_l2_mshr_stalls]++; return; }
    }
    uint32_t hit = cache_lookup(&sl->l2, key, q->sectors);
    if (hit == q->sectors) {
        t_pop_m(m, &sl->in);
        st->v[STAT_l2_accesses]++; st->v[STAT_l2_hits]++; ps->l2_hits++;
        if (q->kind == MR_ATOMIC) atomic_at_slice(m, sl, r, now);
        else respond(m, r, now + (uint64_t)m->p.l2_latency);
        return;
    }
    int e = mshr_find(&sl->l2, key, q->sectors);
    if (e >= 0) {
        t_pop_m(m, &sl->in);
        st->v[STAT_l2_accesses]++; st->v[STAT_l2_misses]++; st->v[STAT_l2_mshr_merges]++; ps->l2_misses++;
        q->next = -1;
        if (sl->l2.m[e].last >= 0) m->pool[sl->l2.m[e].last].next = r;
        else sl->l2.m[e].first = r;
        sl->l2.m[e].last = r;
        return;
    }
    if (dram_full(&sl->ch) || (e = mshr_alloc(&sl->l2, key, q->sectors)) < 0) { st->v[STAT_l2_mshr_stalls]++; return; }
    t_pop_m(m, &sl->in);
    st->v[STAT_l2_accesses]++; st->v[STAT_l2_misses]++; ps->l2_misses++;
    if (hit) st->v[STAT_l2_sector_misses]++;
    q->l2_mshr = e;
    st->v[STAT_dram_reads]++;
    dram_enqueue(&sl->ch, r, key, bytes_of(m, q->sectors), 0, m->dram_now);
}

static void dram_cycle(memsys *m, int s, uint64_t now)
{
    mem_slice *sl = &m->slice[s];
    uint64_t done;
    int r = dram_tick(&sl->ch, m->dram_now, &done);
    if (r < 0) return;
    /* DRAM cycles to core cycles, plus the controller's fixed pipeline */
    uint64_t core = now + (done - m->dram_now) * (uint64_t)m->p.core_clock / (uint64_t)m->p.dram_clock
                  + (uint64_t)m->p.dram_latency;
    m->pool[r].ready = core;
    t_insert(m, &sl->from_dram, r);
}

void memsys_tick(memsys *m, uint64_t now)
{
    for (int s = 0; s < m->nsm; s++) sm_responses(m, s, now);
    /* clock domains: each advances when its accumulator passes the core clock */
    m->dram_acc += (uint64_t)m->p.dram_clock;
    while (m->dram_acc >= (uint64_t)m->p.core_clock) {
        m->dram_acc -= (uint64_t)m->p.core_clock;
        for (int s = 0; s < m->p.slices; s++) dram_cycle(m, s, now);
        m->dram_now++;
    }
    m->l2_acc += (uint64_t)m->p.l2_clock;
    while (m->l2_acc >= (uint64_t)m->p.core_clock) {
        m->l2_acc -= (uint64_t)m->p.core_clock;
        for (int s = 0; s < m->p.slices; s++) l2_cycle(m, s, now);
        icnt_cycle(m, now);
    }
}

/* the L1s take requests in the cycle the LD/ST units issue them */
void memsys_tick_l1(memsys *m, uint64_t now)
{
    for (int s = 0; s < m->nsm; s++) {
        int before = m->sm[s].in.cap - m->sm[s].in.n;
        l1_cycle(m, s, now);
        /* the SM waits for room for a whole warp instruction: poke it when
         * that appears */
        int after = m->sm[s].in.cap - m->sm[s].in.n;
        if (before < m->p.room_needed && after >= m->p.room_needed) m->sm[s].poked = 1;
    }
}

uint64_t memsys_next_event(const memsys *m, uint64_t now)
{
    uint64_t t = UINT64_MAX;
    for (int s = 0; s < m->nsm; s++) {
        const mem_sm *ms = &m->sm[s];
        if (ms->in.n || ms->out.n) return now + 1;
        if (ms->resp.n && m->pool[ms->resp.id[0]].ready < t) t = m->pool[ms->resp.id[0]].ready;
    }
    for (int s = 0; s < m->p.slices; s++) {
        const mem_slice *sl = &m->slice[s];
        if (sl->ch.n) return now + 1;
        if (sl->in.n && m->pool[sl->in.id[0]].ready < t) t = m->pool[sl->in.id[0]].ready;
        if (sl->from_dram.n && m->pool[sl->from_dram.id[0]].ready < t) t = m->pool[sl->from_dram.id[0]].ready;
    }
    return t < now + 1 ? now + 1 : t;
}

/* ---- set-up ---- */
#define KEYI(k) ((int)CFG(cfg, k))
int mem_params_load(mem_params *p, const config *cfg, diag *d)
{
    memset(p, 0, sizeof *p);
    int line = KEYI(mem_line_size), sector = KEYI(mem_sector_size);
    p->l1 = (cache_params){ KEYI(l1_size), line, sector, KEYI(l1_assoc), KEYI(l1_mshrs), 0, 0 };
    p->l2 = (cache_params){ KEYI(l2_slice_size), line, sector, KEYI(l2_assoc), KEYI(l2_mshrs), 1, 1 };
    p->l1_latency = KEYI(l1_latency);
    p->l1_cache_global = KEYI(l1_cache_global);
    p->l1_local_write_back = KEYI(l1_local_write_back);
    p->l1_sectored = KEYI(l1_sectored);
    p->l1_queue = KEYI(l1_queue);
    /* a warp instruction of 16-byte accesses makes at most 2 line requests per lane */
    p->room_needed = 2 * KEYI(sm_warp_size);
    p->icnt_latency = KEYI(icnt_latency);
    p->icnt_width = KEYI(icnt_width);
    p->slices = KEYI(l2_slices);
    p->interleave = KEYI(l2_interleave);
    p->l2_hash = KEYI(l2_hash);
    p->l2_latency = KEYI(l2_latency);
    p->l2_queue = KEYI(l2_queue);
    p->atomic_latency = KEYI(l2_atomic_latency);
    p->dram = (dram_params){ KEYI(dram_banks), KEYI(dram_row_bytes), KEYI(dram_bus_bytes), KEYI(dram_data_rate),
                             KEYI(dram_tRCD), KEYI(dram_tCL), KEYI(dram_tRP), KEYI(dram_tRAS), KEYI(dram_queue) };
    p->core_clock = KEYI(gpu_clock_mhz);
    p->l2_clock = KEYI(l2_clock_mhz);
    p->dram_clock = KEYI(dram_clock_mhz);
    p->dram_latency = KEYI(dram_latency);
    if (p->interleave < line) {
        diag_error(d, "l2.interleave = %d is smaller than the line (mem.line_size = %d) (set at %s)", p->interleave, line,
                   cfg->origin[CFGK_l2_interleave]);
        return -1;
    }
    if (p->l1.size < line * p->l1.assoc || p->l2.size < line * p->l2.assoc) {
        diag_error(d, "l1.size and l2.slice_size must hold at least one set (line x assoc) (set at %s, %s)",
                   cfg->origin[CFGK_l1_size], cfg->origin[CFGK_l2_slice_size]);
        return -1;
    }
    return 0;
}

void memsys_init(memsys *m, const mem_params *p, int nsm, kernel_stats *st, load_done_fn done, void *ctx)
{
    memset(m, 0, sizeof *m);
    m->p = *p;
    m->nsm = nsm;
    m->st = st;
    m->done = done;
    m->done_ctx = ctx;
    m->sm = xcalloc((size_t)nsm, sizeof(mem_sm));
    m->slice = xcalloc((size_t)p->slices, sizeof(mem_slice));
    /* every request lives in some bounded queue, list or MSHR chain */
    m->npool = nsm * (2 * p->l1_queue + 8 + 2 * p->l1.mshrs * 8) + p->slices * (2 * p->l2_queue + p->dram.queue + 2 * p->l2.mshrs * 8);
    m->pool = xcalloc((size_t)m->npool, sizeof(mreq));
    for (int i = 0; i < m->npool; i++) m->pool[i].next = i + 1 < m->npool ? i + 1 : -1;
    m->free_head = 0;
    m->nfree = m->npool;
    for (int s = 0; s < nsm; s++) {
        cache_init(&m->sm[s].l1, &p->l1);
        q_init(&m->sm[s].in, p->l1_queue);
        q_init(&m->sm[s].out, p->l1_queue);
        t_init(&m->sm[s].resp, m->npool);
    }
    for (int s = 0; s < p->slices; s++) {
        t_init(&m->slice[s].in, p->l2_queue);
        cache_init(&m->slice[s].l2, &p->l2);
        t_init(&m->slice[s].from_dram, 2 * p->dram.queue + 64 + p->l2.mshrs);
        dram_init(&m->slice[s].ch, &p->dram);
    }
}

void memsys_free(memsys *m)
{
    for (int s = 0; s < m->nsm; s++) {
        cache_free(&m->sm[s].l1);
        free(m->sm[s].in.id); free(m->sm[s].out.id); free(m->sm[s].resp.id);
    }
    for (int s = 0; s < m->p.slices; s++) {
        free(m->slice[s].in.id); free(m->slice[s].from_dram.id);
        cache_free(&m->slice[s].l2);
        dram_free(&m->slice[s].ch);
    }
    free(m->sm); free(m->slice); free(m->pool);
    memset(m, 0, sizeof *m);
}

int memsys_room(const memsys *m, int sm)
{
    int n = m->p.room_needed;
    const req_queue *q = &m->sm[sm].in;
    if (q->cap - q->n < n) return 0;
    return m->nfree >= n + 64 ? 1 : -1;
}

void memsys_submit(memsys *m, int sm, int kind, uint64_t line, uint32_t sectors, int lanes, int use_l1,
                   int tag, int pc, uint64_t now)
{
    (void)now;
    int r = req_new(m);
    mreq *q = &m->pool[r];
    q->line = line;
    q->sectors = sectors;
    q->kind = (uint8_t)kind;
    q->use_l1 = (uint8_t)use_l1;
    q->lanes = (uint8_t)lanes;
    q->sm = sm;
    q->tag = tag;
    q->pc = pc;
    q->slice = slice_of(m, line);
    q_push(&m->sm[sm].in, r);
}

double memsys_peak_gbps(const mem_params *p)
{
    return (double)p->slices * p->dram.bus_bytes * p->dram.data_rate * (double)p->dram_clock * 1e6 / 1e9;
}
