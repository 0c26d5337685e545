/* sim/mem/l2.c — one L2 slice: hits, MSHR merges, misses to DRAM, fills,
 * write-back victims, and atomics serialised per line. */
#include "l2.h"
#include "msgq.h"
#include <stdlib.h>
#include <string.h>

struct l2_slice {
    l2_params p;
    cache c;
    dram_channel *ch;
    l2_ports ports;
    msg_timed from_dram;     /* fills in flight from the channel (aux: pool slot) */
    msg_pool pool;           /* requests waiting for DRAM or merged into a miss */
    uint64_t atomic_free_cc; /* when the atomic unit is free, in 1/100 cycles (fractional costs) */
    uint64_t port_free_cc;   /* when the data port takes the next read or write, in 1/100 cycles */
    uint64_t line_free[256]; /* atomics serialise per address: last completion per hashed line */
    /* the read or atomic at the input's head missed, merged with no miss in
     * flight, and found no DRAM room or MSHR: until a fill, a copy or an
     * accepted request changes the tags or the MSHRs, it would miss the same
     * way (a full DRAM queue stalls a slice for many ticks) */
    int blocked;
    uint64_t blocked_key;
    uint32_t blocked_sectors;
    kernel_stats *st;
};

l2_slice *l2_new(const l2_params *p, dram_channel *ch, l2_ports ports, kernel_stats *st)
{
    l2_slice *s = hugemem_calloc(sizeof *s);
    s->p = *p;
    s->ch = ch;
    s->ports = ports;
    s->st = st;
    cache_init(&s->c, &p->cache);
    timed_init(&s->from_dram, 64 + p->cache.mshrs);
    pool_init(&s->pool);
    return s;
}

void l2_delete(l2_slice *s)
{
    if (!s) return;
    cache_free(&s->c);
    timed_free(&s->from_dram);
    pool_free(&s->pool);
    hugemem_free(s);
}

uint64_t l2_next_event(const l2_slice *s) { return timed_next(&s->from_dram); }

static int bytes_of(const l2_slice *s, uint32_t sectors) { return __builtin_popcount(sectors) * s->p.cache.sector; }

static void respond(l2_slice *s, const mem_msg *m, uint64_t at)
{
    if (m->kind == MR_STORE || m->kind == MR_WRITEBACK) return;
    s->st->v[STAT_icnt_flits] += 1u + (unsigned)__builtin_popcount(m->sectors);   /* a header and the data */
    s->ports.send(s->ports.ctx, m, at);
}

/* the first whole cycle the atomic unit is free */
static uint64_t unit_free(const l2_slice *s) { return (s->atomic_free_cc + 99) / 100; }

/* atomics serialise per address, coarsened to the line */
static uint64_t *line_free_of(l2_slice *s, uint64_t line)
{
    return &s->line_free[(line / (uint64_t)s->p.cache.line) & 255];
}

/* an atomic at the slice: the unit is held per lane, per sector and per
 * extra lane on one word (l2.atomic_*_cost, in 1/100 cycles, kept exactly
 * in atomic_free_cc); with l2.atomic_line_serial, atomics to the same line
 * wait for the previous one to complete */
static void atomic_op(l2_slice *s, const mem_msg *m, uint64_t now)
{
    const l2_params *p = &s->p;
    uint64_t *line_free = line_free_of(s, m->line);
    uint64_t start_cc = now * 100;
    if (s->atomic_free_cc > start_cc) start_cc = s->atomic_free_cc;
    if (*line_free * 100 > start_cc) start_cc = *line_free * 100;
    uint64_t cost = (uint64_t)m->lanes * (uint64_t)p->atomic_lane_cost
                  + (uint64_t)__builtin_popcount(m->sectors) * (uint64_t)p->atomic_sector_cost
                  + (uint64_t)(m->word_lanes > 1 ? m->word_lanes - 1 : 0) * (uint64_t)p->atomic_word_cost;
    s->atomic_free_cc = start_cc + (cost ? cost : 100);
    uint64_t done = unit_free(s) + (uint64_t)p->atomic_latency - 1;
    if (p->atomic_line_serial) *line_free = done;   /* else only the unit's time orders them */
    cache_mark_dirty(&s->c, s->ports.channel_addr(s->ports.ctx, m->line), m->sectors);
    s->st->v[STAT_l2_atomics]++;
    respond(s, m, done);
}

static void serve(l2_slice *s, const mem_msg *m, uint64_t now)
{
    /* filled data passes through the slice's data pipeline, as a hit does */
    if (m->kind == MR_ATOMIC) atomic_op(s, m, now);
    else respond(s, m, now + (uint64_t)s->p.latency);
}

static void write_victim(l2_slice *s, uint64_t victim, uint32_t dirty)
{
    s->st->v[STAT_dram_writes]++;
    dram_enqueue(s->ch, -1, victim, bytes_of(s, dirty));
}

static void fill(l2_slice *s, int slot, uint64_t now)
{
    mem_msg lead = *pool_at(&s->pool, slot);
    int e = lead.aux;
    uint64_t victim;
    uint32_t vd;
    uint64_t key = s->ports.channel_addr(s->ports.ctx, lead.line);
    if (cache_install(&s->c, key, mshr_sectors(&s->c, e), 0, &victim, &vd))
        write_victim(s, victim, vd);
    pool_release(&s->pool, slot);
    serve(s, &lead, now);
    for (int w; (w = mshr_pop_waiter(&s->c, e)) >= 0;) {
        mem_msg m = *pool_at(&s->pool, w);
        pool_release(&s->pool, w);
        serve(s, &m, now);
    }
    mshr_release(&s->c, e);
    /* another line's fill leaves a blocked request missing (an MSHR it
     * frees is looked at again: no_miss_room) */
    if (s->blocked_key == key) s->blocked = 0;
}

void l2_prefetch(const l2_slice *s, const mem_msg *q)
{
    cache_prefetch_look(&s->c, s->ports.channel_addr(s->ports.ctx, q->line));
}

void l2_tick(l2_slice *s, uint64_t now)
{
    mem_msg *m;
    while ((m = timed_ready(&s->from_dram, now))) {
        int slot = m->aux;
        timed_pop(&s->from_dram);
        const mem_msg *next = timed_head(&s->from_dram);   /* a later fill: its request and set */
        if (next) {
            __builtin_prefetch(pool_at(&s->pool, next->aux));
            cache_prefetch(&s->c, next->line);
        }
        fill(s, slot, now);
    }
}

void l2_dram_done(l2_slice *s, int token, uint64_t key, uint64_t ready)
{
    /* the fill's set starts on its way now, the controller's latency
     * before the fill (l2_tick looks one fill ahead as well) */
    cache_prefetch(&s->c, key);
    mem_msg m = { .aux = token, .line = key };   /* the line (its slice address) for l2_tick's look ahead */
    timed_insert(&s->from_dram, &m, ready);
}

/* a miss fetches whole aligned groups of l2.fill_bytes (the H100 reads
 * 64 B from DRAM for a 32 B sector: validation/h100 run 4's DRAM bytes) */
static uint32_t fill_mask(const l2_slice *s, uint32_t sectors)
{
    uint32_t g = s->p.fill_group, out = 0;
    if (g <= 1) return sectors;
    uint32_t group = (1u << g) - 1;
    for (uint32_t first = 0; first < 32 && (sectors >> first); first += g)
        if (sectors >> first & group) out |= group << first;
    return out;
}

void l2_copy_take(l2_slice *s, uint64_t key, uint32_t sectors)
{
    if (!dram_room(s->ch)) return;
    uint64_t victim;
    uint32_t vd;
    s->st->v[STAT_l2_copies]++;
    s->blocked = 0;
    if (cache_install(&s->c, key | L2_COPY_BIT, sectors, 0, &victim, &vd)) write_victim(s, victim, vd);
}

/* write-back, write-allocate at sector granularity: no fetch */
static int write(l2_slice *s, const mem_msg *m, uint64_t key)
{
    if (!dram_room(s->ch)) { s->st->v[STAT_l2_mshr_stalls]++; return 0; }
    s->st->v[STAT_l2_accesses]++;
    s->st->v[cache_lookup(&s->c, key, m->sectors) == m->sectors ? STAT_l2_hits : STAT_l2_misses]++;
    uint64_t victim;
    uint32_t vd;
    if (cache_install(&s->c, key, m->sectors, 1, &victim, &vd)) write_victim(s, victim, vd);
    return 1;
}

/* the slice's data port (l2.read_sector_cost, write_*_cost): a request
 * holds it for a time that follows its sectors, and the next waits; a write
 * also pays l2.write_request_cost once (on the H100 whole sectors alone in
 * their lines take 1.16 times as long as four to a line). A write
 * that fills some sector only in part is a read-modify-write and holds it at
 * least l2.write_partial_cost (on the H100 a single partial sector costs
 * about twice a whole one, four partial sectors of a line no more than four
 * whole ones: validation/h100-dram). 1 when the port is free during cycle
 * `now`; a request then starts where the last ended, so fractional costs
 * add up exactly. */
/* core cycle `now` in 1/100 cycles of the slice's clock (l2.clock_mhz: the
 * H100's L2 does not follow the SM clock, validation/h100-dram) */
static uint64_t slice_cc(const l2_slice *s, uint64_t now)
{
    if (s->p.clock == s->p.core_clock || s->p.core_clock <= 0) return now * 100;
    return now * 100 * (uint64_t)s->p.clock / (uint64_t)s->p.core_clock;
}

static int port_free(const l2_slice *s, uint64_t now) { return s->port_free_cc < slice_cc(s, now + 1); }

static void port_hold(l2_slice *s, const mem_msg *m, uint64_t now)
{
    const l2_params *p = &s->p;
    uint64_t sectors = (uint64_t)__builtin_popcount(m->sectors), cost;
    if (m->kind == MR_STORE || m->kind == MR_WRITEBACK) {
        cost = sectors * (uint64_t)p->write_sector_cost + (uint64_t)p->write_request_cost;
        if (m->partial && cost < (uint64_t)p->write_partial_cost) cost = (uint64_t)p->write_partial_cost;
    } else {
        cost = sectors * (uint64_t)p->read_sector_cost;
    }
    uint64_t at = slice_cc(s, now), start = s->port_free_cc > at ? s->port_free_cc : at;
    s->port_free_cc = start + cost;
}

static int accept(l2_slice *s, const mem_msg *m, uint64_t now);

int l2_accept(l2_slice *s, const mem_msg *m, uint64_t now)
{
    /* atomics have their unit; a copy's tag update uses no data port */
    int ported = m->kind != MR_ATOMIC && m->kind != MR_COPY;
    if (ported && !port_free(s, now)) { s->st->v[STAT_l2_port_stalls]++; return 0; }
    int taken = accept(s, m, now);
    if (taken) {   /* a header, and the data a store or atomic carries */
        s->blocked = 0;
        s->st->v[STAT_icnt_flits] += 1u + (m->kind == MR_LOAD || m->kind == MR_COPY ? 0u : (unsigned)__builtin_popcount(m->sectors));
    }
    if (taken && ported) port_hold(s, m, now);
    return taken;
}

/* a miss finds no DRAM room or no MSHR */
static int no_miss_room(const l2_slice *s) { return !dram_room(s->ch) || mshr_full(&s->c); }

static int accept(l2_slice *s, const mem_msg *m, uint64_t now)
{
    kernel_stats *st = s->st;
    uint64_t key = s->ports.channel_addr(s->ports.ctx, m->line);   /* the slice's own address for the line */
    if (m->kind == MR_STORE || m->kind == MR_WRITEBACK) return write(s, m, key);
    if (m->kind == MR_COPY) { l2_copy_take(s, key, m->sectors); return 1; }
    if (m->kind == MR_ATOMIC) {
        /* the atomic unit's queue is bounded: a backlog longer than the
         * slice's queue stalls the slice's input (back-pressure) */
        uint64_t line_busy = *line_free_of(s, m->line);
        uint64_t busy = unit_free(s) > line_busy ? unit_free(s) : line_busy;
        if (busy > now + (uint64_t)s->p.queue) { st->v[STAT_l2_mshr_stalls]++; return 0; }
    }
    if (s->blocked && s->blocked_key == key && s->blocked_sectors == m->sectors && no_miss_room(s)) {
        st->v[STAT_l2_mshr_stalls]++;
        return 0;
    }
    uint32_t hit = cache_lookup(&s->c, key, m->sectors);
    if (hit == m->sectors) {
        st->v[STAT_l2_accesses]++; st->v[STAT_l2_hits]++; st->mem_pc[m->pc].l2_hits++;
        serve(s, m, now);
        return 1;
    }
    int e = mshr_find(&s->c, key, m->sectors);
    if (e >= 0) {
        st->v[STAT_l2_accesses]++; st->v[STAT_l2_misses]++; st->v[STAT_l2_mshr_merges]++; st->mem_pc[m->pc].l2_misses++;
        mshr_add_waiter(&s->c, e, pool_put(&s->pool, m));
        return 1;
    }
    uint32_t fetch = fill_mask(s, m->sectors);
    if (no_miss_room(s) || (e = mshr_alloc(&s->c, key, fetch)) < 0) {
        st->v[STAT_l2_mshr_stalls]++;
        s->blocked = 1;
        s->blocked_key = key;
        s->blocked_sectors = m->sectors;
        return 0;
    }
    st->v[STAT_l2_accesses]++; st->v[STAT_l2_misses]++; st->mem_pc[m->pc].l2_misses++;
    if (hit) st->v[STAT_l2_sector_misses]++;
    int slot = pool_put(&s->pool, m);
    pool_at(&s->pool, slot)->aux = e;
    st->v[STAT_dram_reads]++;
    dram_enqueue(s->ch, slot, key, bytes_of(s, fetch));
    return 1;
}
