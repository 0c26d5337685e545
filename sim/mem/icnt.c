/* sim/mem/icnt.c — the interconnect: per-slice request wires and per-SM
 * response wires, each a timed list. */
#include "icnt.h"
#include "msgq.h"
#include "util/hugemem.h"
#include <stdlib.h>
#include <string.h>

struct icnt {
    icnt_params p;
    icnt_ports ports;
    msg_timed *to_slice;     /* ndst: requests on their way to each slice */
    msg_timed *to_sm;        /* nsrc: responses on their way to each SM */
    int *accepted;           /* ndst: requests a slice took this cycle */
    /* ndst: requests a slice takes later in the span whose injection is
     * replayed (icnt_later): room they still held at the tick replayed */
    int *later;
    /* ndst: 1 while a slice's wire and queue hold its room (to_slice[d].n
     * + later[d] >= slice_room), kept by every change of either: a tick's
     * look at every slice reads these bytes, not 80 timed lists. Each
     * slice's thread writes only its own byte (a span's pops) */
    uint8_t *full;
    int rr;                  /* the SM that injects first this cycle */
    int slice_room;          /* requests on a slice's wire and in its input queue: with
                                icnt.wire_room the wire is pipelined and holds width x its
                                latency besides the queue */
    int open;                /* slices that take a request in this tick (none: no scan) */
    /* a bit per slice that takes a request in this tick (as `open`) */
    uint64_t *open_bits;
    int words;               /* of a slice bit set */
    /* per source whose last look found every slice of its window closed:
     * those slices (want, words each) and how many requests the window
     * held (want_k; 0: no such look). Until one of them opens or the window
     * grows, the source would find the same: it stalls without a look
     * (with the L1s' queues full, most sources fail every tick) */
    uint64_t *want;
    int *want_k;
    kernel_stats *st;
};

/* slice d's `full` byte, after its wire or queue changed (written only
 * when it changes: the slices' threads share the array's host lines) */
static inline void note_room(icnt *n, int d)
{
    uint8_t f = n->to_slice[d].n + n->later[d] >= n->slice_room;
    if (n->full[d] != f) n->full[d] = f;
}

icnt *icnt_new(const icnt_params *p, icnt_ports ports, kernel_stats *st)
{
    icnt *n = hugemem_array(1, sizeof *n);
    n->p = *p;
    n->ports = ports;
    n->st = st;
    n->to_slice = hugemem_array((size_t)p->ndst, sizeof(msg_timed));
    n->to_sm = hugemem_array((size_t)p->nsrc, sizeof(msg_timed));
    n->accepted = hugemem_array((size_t)p->ndst, sizeof(int));
    n->later = hugemem_array((size_t)p->ndst, sizeof(int));
    n->words = (p->ndst + 63) / 64;
    n->full = hugemem_array((size_t)n->words * 64, 1);   /* whole words: a tick reads eight at a time */
    n->open_bits = hugemem_array((size_t)n->words, sizeof(uint64_t));
    n->want = hugemem_array((size_t)p->nsrc * (size_t)n->words, sizeof(uint64_t));
    n->want_k = hugemem_array((size_t)p->nsrc, sizeof(int));
    n->slice_room = p->slice_queue + (p->wire_room ? p->width * (p->latency + p->far_latency) : 0);
    if (n->p.lookahead < 1) n->p.lookahead = 1;
    for (int d = 0; d < p->ndst; d++) {
        timed_init(&n->to_slice[d], p->slice_queue);
        note_room(n, d);
    }
    for (int s = 0; s < p->nsrc; s++) timed_init(&n->to_sm[s], 64);
    return n;
}

void icnt_delete(icnt *n)
{
    if (!n) return;
    for (int d = 0; d < n->p.ndst; d++) timed_free(&n->to_slice[d]);
    for (int s = 0; s < n->p.nsrc; s++) timed_free(&n->to_sm[s]);
    hugemem_free(n->to_slice); hugemem_free(n->to_sm); hugemem_free(n->accepted); hugemem_free(n->later); hugemem_free(n->full);
    hugemem_free(n->open_bits); hugemem_free(n->want); hugemem_free(n->want_k);
    hugemem_free(n);
}

/* the wire latency between SM s and slice d: a slice in another L2
 * partition is further away (the A100 and H100 split the L2 in two) */
static uint64_t wire(const icnt *n, int s, int d)
{
    const icnt_params *p = &n->p;
    int far = p->partitions > 1 && s * p->partitions / p->nsrc != d * p->partitions / p->ndst;
    return (uint64_t)p->latency + (far ? (uint64_t)p->far_latency : 0);
}

/* slice d takes another request in this tick */
static inline int slice_takes(const icnt *n, int d) { return n->accepted[d] < n->p.width && !n->full[d]; }

/* slice d takes another request in this tick, as `open_bits` keeps it
 * (slice_takes at the tick's start, cleared as it closes: took): a bit of
 * one small array, not three arrays, for each request a look passes */
static inline int slice_open(const icnt *n, int d) { return (int)(n->open_bits[d >> 6] >> (d & 63) & 1); }

/* slice d took a request: it may have closed for this tick */
static inline void took(icnt *n, int d)
{
    n->accepted[d]++;
    if (slice_takes(n, d)) return;
    n->open--;
    n->open_bits[d >> 6] &= ~((uint64_t)1 << (d & 63));
}

/* the slice of source s's k-th request takeable at now, -1 none: the
 * look at a request's slice alone (most looks find it closed) */
static inline int slice_at(const icnt *n, int s, uint64_t now, int k)
{
    if (n->ports.slice_at) return n->ports.slice_at(n->ports.ctx, s, now, k);
    mem_msg *m = n->ports.peek(n->ports.ctx, s, now, k);
    return m ? n->ports.route(n->ports.ctx, m) : -1;
}

/* source s's window, as its last look found it closed, may take now */
static inline int window_may_take(const icnt *n, int s, uint64_t now)
{
    if (n->want_k[s] < n->p.lookahead && slice_at(n, s, now, n->want_k[s]) >= 0) return 1;   /* it grew */
    const uint64_t *w = n->want + (size_t)s * (size_t)n->words;
    for (int i = 0; i < n->words; i++)
        if (w[i] & n->open_bits[i]) return 1;
    return 0;
}

/* source s offers one request a cycle: the first of the icnt.lookahead at
 * the head of its queue whose slice has room (1: the head alone, which
 * blocks the others while its slice is full: head-of-line blocking). A
 * request passes only requests to other slices, so those to one address
 * keep their order. */
static inline void inject(icnt *n, int s, uint64_t now)
{
    /* a source whose last whole look stands (want_k) still offers its
     * head: only this interconnect takes requests from a source's queue,
     * and a take ends the look. So its queue is not read (a host cache
     * miss per source per tick) unless its window grew or a wanted slice
     * opened */
    if (n->want_k[s] && (!n->open || !window_may_take(n, s, now))) {
        n->st->v[STAT_icnt_stalls]++;
        return;
    }
    int head = slice_at(n, s, now, 0);
    if (head < 0) return;       /* nothing offered: no stall */
    if (!n->open) {             /* every slice closed for this tick */
        n->st->v[STAT_icnt_stalls]++;
        return;
    }
    uint64_t *want = n->want + (size_t)s * (size_t)n->words;
    for (int i = 0; i < n->words; i++) want[i] = 0;
    int k = 0;
    for (; n->open && k < n->p.lookahead; k++) {
        int d = k ? slice_at(n, s, now, k) : head;
        if (d < 0) break;
        want[d >> 6] |= (uint64_t)1 << (d & 63);
        if (!slice_open(n, d)) continue;
        mem_msg *m = n->ports.peek(n->ports.ctx, s, now, k), extra;
        int d2 = n->ports.also ? n->ports.also(n->ports.ctx, m, &extra) : -1;
        if (d2 >= 0) want[d2 >> 6] |= (uint64_t)1 << (d2 & 63);
        if (d2 >= 0 && (d2 == d || !slice_open(n, d2))) continue;
        uint64_t at = n->ports.ready ? n->ports.ready(n->ports.ctx, m, now) : now;
        timed_insert(&n->to_slice[d], m, at + wire(n, s, d));
        note_room(n, d);
        took(n, d);
        if (d2 >= 0) {
            timed_insert(&n->to_slice[d2], &extra, at + wire(n, s, d2));
            note_room(n, d2);
            took(n, d2);
        }
        n->ports.pop(n->ports.ctx, s, k);
        n->want_k[s] = 0;
        return;
    }
    /* a whole look (not one cut short because every slice closed) */
    n->want_k[s] = n->open ? k : 0;
    n->st->v[STAT_icnt_stalls]++;
}

/* the sources in [from, to) in order, those the pending bits name */
static void inject_range(icnt *n, int from, int to, uint64_t now)
{
    if (!n->ports.pending) {
        for (int s = from; s < to; s++) inject(n, s, now);
        return;
    }
    for (int w = from >> 6; from < to && w <= (to - 1) >> 6; w++) {
        uint64_t bits = n->ports.pending[w];
        if (w == from >> 6) bits &= ~(uint64_t)0 << (from & 63);
        if (w == (to - 1) >> 6 && (to & 63)) bits &= ((uint64_t)1 << (to & 63)) - 1;
        for (; bits; bits &= bits - 1) {
            /* the next source's queue starts on its way while this one
             * injects: most sources' queues left the host's caches while
             * the SMs' windows ran (not one whose look stands with a whole
             * window: inject reads its queue only if a wanted slice opened) */
            uint64_t rest = bits & (bits - 1);
            if (rest && n->ports.prefetch) {
                int next = w * 64 + __builtin_ctzll(rest);
                if (n->want_k[next] < n->p.lookahead) n->ports.prefetch(n->ports.ctx, next);
            }
            inject(n, w * 64 + __builtin_ctzll(bits), now);
        }
    }
}

/* word w of the slice bits: the slices that are not full, read eight
 * bytes at a time (mostly none of the eight is full) */
static uint64_t not_full(const icnt *n, int w)
{
    uint64_t bits = 0;
    for (int b = 0; b < 64; b += 8) {
        const uint8_t *f = &n->full[w * 64 + b];
        uint64_t eight;
        memcpy(&eight, f, sizeof eight);
        if (!eight) bits |= (uint64_t)0xff << b;
        else
            for (int i = 0; i < 8; i++) bits |= (uint64_t)!f[i] << (b + i);
    }
    int valid = n->p.ndst - w * 64;     /* the last word's bits past ndst name no slice */
    return valid < 64 ? bits & (((uint64_t)1 << valid) - 1) : bits;
}

void icnt_tick(icnt *n, uint64_t now)
{
    memset(n->accepted, 0, (size_t)n->p.ndst * sizeof *n->accepted);
    n->open = 0;
    for (int w = 0; w < n->words; w++) {
        n->open_bits[w] = n->p.width > 0 ? not_full(n, w) : 0;
        n->open += __builtin_popcountll(n->open_bits[w]);
    }
    /* round robin: from rr on, then those before it */
    inject_range(n, n->rr, n->p.nsrc, now);
    inject_range(n, 0, n->rr, now);
    n->rr = (n->rr + 1) % n->p.nsrc;
}

void icnt_later(icnt *n, int dst, int k)
{
    n->later[dst] = k;
    note_room(n, dst);
}

mem_msg *icnt_request(icnt *n, int dst, uint64_t now) { return timed_ready(&n->to_slice[dst], now); }
const mem_msg *icnt_request_head(const icnt *n, int dst) { return timed_head(&n->to_slice[dst]); }
const mem_msg *icnt_response_head(const icnt *n, int src) { return timed_head(&n->to_sm[src]); }
void icnt_request_pop(icnt *n, int dst)
{
    timed_pop(&n->to_slice[dst]);
    note_room(n, dst);
}
mem_msg *icnt_response(icnt *n, int src, uint64_t now) { return timed_ready(&n->to_sm[src], now); }
void icnt_response_pop(icnt *n, int src) { timed_pop(&n->to_sm[src]); }

uint64_t icnt_respond(icnt *n, const mem_msg *m, uint64_t at)
{
    /* the slice a response comes from matters only across partitions */
    mem_msg r = *m;
    int d = n->p.partitions > 1 ? n->ports.route(n->ports.ctx, &r) : 0;
    uint64_t arrives = at + wire(n, m->sm, d);
    timed_insert(&n->to_sm[m->sm], m, arrives);
    return arrives;
}

uint64_t icnt_response_next(const icnt *n, int src) { return timed_next(&n->to_sm[src]); }

void icnt_skip(icnt *n, uint64_t ticks) { n->rr = (int)(((uint64_t)n->rr + ticks) % (uint64_t)n->p.nsrc); }

uint64_t icnt_request_next(const icnt *n)
{
    uint64_t t = UINT64_MAX;
    for (int d = 0; d < n->p.ndst; d++)
        if (timed_next(&n->to_slice[d]) < t) t = timed_next(&n->to_slice[d]);
    return t;
}

uint64_t icnt_next_event(const icnt *n)
{
    uint64_t t = icnt_request_next(n);
    for (int s = 0; s < n->p.nsrc; s++)
        if (timed_next(&n->to_sm[s]) < t) t = timed_next(&n->to_sm[s]);
    return t;
}
