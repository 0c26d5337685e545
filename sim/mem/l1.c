/* sim/mem/l1.c — the L1 of one SM: one request per cycle from the LD/ST
 * unit; hits return after the hit latency, misses take an MSHR (or merge
 * into one) and go down; fills wake every merged request (none sooner
 * than the hit latency after the L1 took it). */
#include "l1.h"
#include "msgq.h"
#include <stdlib.h>
#include <string.h>

/* a request of the output queue, as the ring holds it (l1_cache.out_ring) */
typedef struct {
    uint64_t at;             /* the first cycle the interconnect may take it */
    int slot;                /* its message: out_msg[slot] */
    int slice;               /* port.route; -1 unknown */
} out_entry;

struct l1_cache {
    l1_params p;
    int sm;
    cache c;
    msg_fifo in;             /* from the LD/ST unit */
    /* the output queue, to the interconnect: requests in slots that stay
     * put, and their order as a ring (out_ring, the head at out_head) of
     * what the interconnect's look needs: the first cycle it may take the
     * request (the one after the L1 tick that queued it), its slice
     * (port.route; -1 unknown) and its slot. A look at the window of
     * icnt.lookahead requests reads a few neighbouring host cache lines
     * (every cycle, for every SM with requests queued), and a request
     * taken from the middle moves 16 bytes per request before it, not a
     * whole request */
    mem_msg *out_msg;
    out_entry *out_ring;
    int out_head, out_n, out_cap;
    int *out_free, out_nfree;   /* the slots not in use */
    /* entries the interconnect took that the L1 does not see yet: with
     * windows (sim.window) room below comes back as credits at the next
     * window's start (l1_credit), so that an SM's L1 never sees what the
     * interconnect did for other SMs within a window */
    int out_hidden;
    msg_timed hits;          /* hits in the hit pipeline */
    msg_pool wait;           /* merged misses waiting for a fill */
    /* per wait slot: the first cycle its data may return, the hit latency
     * after the L1 took it (a request that finds its line in flight still
     * goes down the hit pipeline; with windows a load's value is written
     * at the window's end, and no load may return sooner: timing_window) */
    uint64_t *wait_ready;
    int wait_cap;
    l1_sm_port port;
    kernel_stats *st;
    /* the head load found no MSHR or no room below; until an MSHR frees, a
     * fill lands or the output queue drains it would find the same, so
     * l1_tick counts the stall without looking again */
    int stalled;
    uint64_t atomic_free_cc; /* when the atomic path takes the next atomic, in 1/100 cycles */
};

l1_cache *l1_new(const l1_params *p, int sm, l1_sm_port port, kernel_stats *st)
{
    l1_cache *l = hugemem_calloc(sizeof *l);
    l->p = *p;
    l->sm = sm;
    l->port = port;
    l->st = st;
    cache_init(&l->c, &p->cache);
    fifo_init(&l->in, p->queue);
    size_t q = (size_t)p->queue;
    l->out_msg = hugemem_calloc(q * sizeof *l->out_msg);
    l->out_ring = hugemem_calloc(q * sizeof *l->out_ring);
    l->out_free = hugemem_calloc(q * sizeof *l->out_free);
    l->out_cap = l->out_nfree = p->queue;
    for (int i = 0; i < p->queue; i++) l->out_free[i] = p->queue - 1 - i;   /* slot 0 first */
    timed_init(&l->hits, p->latency + p->queue + 8);
    pool_init(&l->wait);
    return l;
}

void l1_invalidate(l1_cache *l)
{
    cache_invalidate(&l->c);
    l->stalled = 0;
}

void l1_set_ways(l1_cache *l, int ways) { cache_set_ways(&l->c, ways); }

void l1_delete(l1_cache *l)
{
    if (!l) return;
    cache_free(&l->c);
    hugemem_free(l->wait_ready);
    fifo_free(&l->in);
    hugemem_free(l->out_msg); hugemem_free(l->out_ring); hugemem_free(l->out_free);
    timed_free(&l->hits);
    pool_free(&l->wait);
    hugemem_free(l);
}

int l1_room(const l1_cache *l) { return fifo_room(&l->in) >= l->p.room_needed; }
void l1_submit(l1_cache *l, const mem_msg *m) { fifo_push(&l->in, m); }
void l1_prefetch_response(const l1_cache *l, const mem_msg *m)
{
    if (m->l1_mshr < 0) return;
    cache_prefetch(&l->c, m->line);
    __builtin_prefetch(&l->c.m[m->l1_mshr]);
}
/* the ring position k places after the head (k <= out_n), and the k-th
 * request there (k < out_n) */
static inline int out_pos(const l1_cache *l, int k)
{
    int i = l->out_head + k;
    return i >= l->out_cap ? i - l->out_cap : i;
}
static inline const out_entry *out_at(const l1_cache *l, int k) { return &l->out_ring[out_pos(l, k)]; }
mem_msg *l1_out_peek(l1_cache *l) { return l->out_n ? &l->out_msg[out_at(l, 0)->slot] : NULL; }
mem_msg *l1_out_ready(l1_cache *l, uint64_t now, int k)
{
    if (k >= l->out_n) return NULL;
    const out_entry *e = out_at(l, k);
    return e->at <= now ? &l->out_msg[e->slot] : NULL;
}
int l1_out_slice(const l1_cache *l, uint64_t now, int k)
{
    if (k >= l->out_n) return -1;
    const out_entry *e = out_at(l, k);
    return e->at <= now ? e->slice : -1;
}
void l1_out_prefetch(const l1_cache *l)
{
    if (!l->out_n) return;
    const out_entry *e = out_at(l, 0);
    __builtin_prefetch(e);
    __builtin_prefetch(&l->out_msg[e->slot]);
}

/* take out the k-th request: the k before it move up one place in the
 * ring, keeping their order; its slot is free again */
static void out_remove(l1_cache *l, int k)
{
    int slot = out_at(l, k)->slot;
    for (int i = k; i > 0; i--) l->out_ring[out_pos(l, i)] = l->out_ring[out_pos(l, i - 1)];
    l->out_head = out_pos(l, 1);
    l->out_n--;
    l->out_free[l->out_nfree++] = slot;
}
uint64_t l1_out_next(const l1_cache *l) { return l->out_n ? out_at(l, 0)->at : UINT64_MAX; }
/* a head load stalled for an MSHR waits for a fill (an interconnect event) */
int l1_busy(const l1_cache *l) { return (l->in.n && !l->stalled) || l->out_n; }
int l1_in_busy(const l1_cache *l) { return l->in.n && !l->stalled; }

/* the output queue as the L1 sees it: the hidden pops still hold room */
static int out_full(const l1_cache *l) { return l->out_n + l->out_hidden >= l->out_cap; }
/* queue m toward the interconnect, takeable from cycle `at` */
static void out_push(l1_cache *l, const mem_msg *m, uint64_t at)
{
    /* routed before it is stored: the slot is mostly out of the host's
     * caches (the other SMs' windows ran since this L1's last), and a
     * store waits for nothing where a read of the stored copy would */
    mem_msg routed = *m;
    int slice = l->port.route ? l->port.route(l->port.ctx, &routed) : -1;
    int slot = l->out_free[--l->out_nfree];
    l->out_msg[slot] = routed;
    l->out_ring[out_pos(l, l->out_n++)] = (out_entry){ at, slot, slice };
}
int l1_has_input(const l1_cache *l) { return l->in.n > 0; }

void l1_skip(l1_cache *l, uint64_t cycles)
{
    if (l->stalled && l->in.n) l->st->v[STAT_l1_mshr_stalls] += cycles;
}
uint64_t l1_next_event(const l1_cache *l) { return timed_next(&l->hits); }

void l1_out_pop(l1_cache *l, int k) { out_remove(l, k); l->stalled = 0; }
void l1_out_pop_hidden(l1_cache *l, int k) { out_remove(l, k); l->out_hidden++; }
int l1_credit(l1_cache *l)
{
    if (!l->out_hidden) return 0;
    l->out_hidden = 0;
    l->stalled = 0;
    return 1;
}

/* a returning load reaches its SM (which wakes itself); a store's
 * acknowledgement changes nothing there */
static void complete(l1_cache *l, const mem_msg *m, uint64_t now)
{
    if (m->tag >= 0) l->port.load_done(l->port.ctx, m->tag, now);
}

void l1_drain_hits(l1_cache *l, uint64_t now)
{
    mem_msg *m;
    while ((m = timed_ready(&l->hits, now))) {
        complete(l, m, now);
        timed_pop(&l->hits);
    }
}

void l1_response(l1_cache *l, const mem_msg *m, uint64_t now)
{
    if (m->l1_mshr >= 0) {                  /* a fill: install, wake every merged request */
        int e = m->l1_mshr;
        l->stalled = 0;
        uint64_t victim;
        uint32_t vd;
        /* a dirty victim (local write-back data) that finds the output
         * queue full is dropped, as before the split: see docs/memory.md */
        if (cache_install(&l->c, m->line, mshr_sectors(&l->c, e), 0, &victim, &vd) && !out_full(l)) {
            mem_msg w = { .line = victim, .sectors = vd, .kind = MR_WRITEBACK, .sm = l->sm, .tag = -1,
                          .pc = m->pc, .l1_mshr = -1, .aux = -1, .slice = -1 };
            /* responses come before the interconnect's tick of the cycle */
            out_push(l, &w, now);
        }
        for (int s; (s = mshr_pop_waiter(&l->c, e)) >= 0;) {
            if (l->wait_ready[s] > now) timed_insert(&l->hits, pool_at(&l->wait, s), l->wait_ready[s]);
            else complete(l, pool_at(&l->wait, s), now);
            pool_release(&l->wait, s);
        }
        mshr_release(&l->c, e);
    }
    complete(l, m, now);
}

static void count(l1_cache *l, int pc, int hit)
{
    l->st->v[STAT_l1_accesses]++;
    l->st->v[hit ? STAT_l1_hits : STAT_l1_misses]++;
    if (hit) l->st->mem_pc[pc].l1_hits++;
    else l->st->mem_pc[pc].l1_misses++;
}

static void load(l1_cache *l, mem_msg *q, uint64_t now)
{
    kernel_stats *st = l->st;
    uint32_t hit = cache_lookup(&l->c, q->line, q->sectors);
    if (hit == q->sectors) {
        count(l, q->pc, 1);
        timed_insert(&l->hits, q, now + (uint64_t)l->p.latency);
        fifo_pop(&l->in);
        return;
    }
    int e = mshr_find(&l->c, q->line, q->sectors);
    if (e >= 0) {                           /* merge with the miss in flight */
        count(l, q->pc, 0);
        st->v[STAT_l1_mshr_merges]++;
        int slot = pool_put(&l->wait, q);
        if (l->wait_cap < l->wait.cap) {   /* the pool grew */
            l->wait_ready = hugemem_realloc(l->wait_ready, (size_t)l->wait_cap * sizeof *l->wait_ready,
                                            (size_t)l->wait.cap * sizeof *l->wait_ready);
            l->wait_cap = l->wait.cap;
        }
        l->wait_ready[slot] = now + (uint64_t)l->p.latency;
        mshr_add_waiter(&l->c, e, slot);
        fifo_pop(&l->in);
        return;
    }
    /* a non-sectored L1 fetches the whole line */
    uint32_t fetch = l->p.sectored ? q->sectors : (uint32_t)((1ull << l->c.sectors_per_line) - 1);
    if (out_full(l) || (e = mshr_alloc(&l->c, q->line, fetch)) < 0) {
        st->v[STAT_l1_mshr_stalls]++;
        l->stalled = 1;
        return;
    }
    q->sectors = fetch;
    count(l, q->pc, 0);
    if (hit) st->v[STAT_l1_sector_misses]++;
    q->l1_mshr = e;
    out_push(l, q, now + 1);
    fifo_pop(&l->in);
}

/* local memory on Fermi: written back from L1 on eviction */
static void store_back(l1_cache *l, mem_msg *q, uint64_t now)
{
    uint64_t victim;
    uint32_t vd;
    if (out_full(l)) return;
    l->st->v[STAT_l1_accesses]++;
    l->st->v[cache_lookup(&l->c, q->line, q->sectors) == q->sectors ? STAT_l1_hits : STAT_l1_misses]++;
    if (cache_install(&l->c, q->line, q->sectors, 1, &victim, &vd)) {
        mem_msg w = *q;
        w.kind = MR_WRITEBACK;
        w.line = victim;
        w.slice = -1;
        w.sectors = vd;
        out_push(l, &w, now + 1);
    }
    fifo_pop(&l->in);
}

/* global atomics leave the SM one sector at a time (l1.atomic_sector_cost):
 * one SM's atomics to distinct words of one line take 5 cycles a warp
 * instruction on the H100, whatever the L2 (validation/h100-micro, global
 * RED from one block). 1 when the head atomic may go on in cycle `now`. */
static int atomic_path(l1_cache *l, const mem_msg *q, uint64_t now)
{
    if (l->out_n >= l->out_cap || l->atomic_free_cc >= (now + 1) * 100) {
        l->st->v[STAT_l1_atomic_waits]++;
        return 0;
    }
    uint64_t start = l->atomic_free_cc > now * 100 ? l->atomic_free_cc : now * 100;
    l->atomic_free_cc = start + (uint64_t)__builtin_popcount(q->sectors) * (uint64_t)l->p.atomic_sector_cost;
    return 1;
}

void l1_tick(l1_cache *l, uint64_t now)
{
    mem_msg *q = fifo_peek(&l->in);
    if (!q) return;
    if (l->stalled) { l->st->v[STAT_l1_mshr_stalls]++; return; }
    int before = fifo_room(&l->in);
    if (q->kind == MR_ATOMIC && l->p.atomic_sector_cost && !atomic_path(l, q, now)) return;
    if (q->kind == MR_LOAD && q->use_l1) load(l, q, now);
    else if (q->kind == MR_STORE && q->use_l1 && l->p.local_write_back) store_back(l, q, now);
    else if (!out_full(l)) {
        /* write-through stores update a line the L1 holds; atomics bypass it */
        if (q->kind == MR_STORE && cache_lookup(&l->c, q->line, q->sectors)) {
            uint64_t victim;
            uint32_t vd;
            cache_install(&l->c, q->line, q->sectors, 0, &victim, &vd);
        }
        out_push(l, q, now + 1);
        fifo_pop(&l->in);
    }
    /* the SM waits for room for a whole warp instruction: wake it when that appears */
    int after = fifo_room(&l->in);
    if (before < l->p.room_needed && after >= l->p.room_needed) l->port.wake(l->port.ctx);
}
