/* sim/mem/icnt.c — the interconnect: per-slice request wires and per-SM
 * response wires, each a timed list. */
#include "icnt.h"
#include "msgq.h"
#include "util/xalloc.h"
#include <stdlib.h>

struct icnt {
    icnt_params p;
    icnt_ports ports;
    msg_timed *to_slice;     /* ndst: requests on their way to each slice */
    msg_timed *to_sm;        /* nsrc: responses on their way to each SM */
    int *accepted;           /* ndst: requests a slice took this cycle */
    int rr;                  /* the SM that injects first this cycle */
    kernel_stats *st;
};

icnt *icnt_new(const icnt_params *p, icnt_ports ports, kernel_stats *st)
{
    icnt *n = xcalloc(1, sizeof *n);
    n->p = *p;
    n->ports = ports;
    n->st = st;
    n->to_slice = xcalloc((size_t)p->ndst, sizeof(msg_timed));
    n->to_sm = xcalloc((size_t)p->nsrc, sizeof(msg_timed));
    n->accepted = xcalloc((size_t)p->ndst, sizeof(int));
    for (int d = 0; d < p->ndst; d++) timed_init(&n->to_slice[d], p->slice_queue);
    for (int s = 0; s < p->nsrc; s++) timed_init(&n->to_sm[s], 64);
    return n;
}

void icnt_delete(icnt *n)
{
    if (!n) return;
    for (int d = 0; d < n->p.ndst; d++) timed_free(&n->to_slice[d]);
    for (int s = 0; s < n->p.nsrc; s++) timed_free(&n->to_sm[s]);
    free(n->to_slice); free(n->to_sm); free(n->accepted);
    free(n);
}

/* the wire latency between SM s and slice d: a slice in another L2
 * partition is further away (the A100 and H100 split the L2 in two) */
static uint64_t wire(const icnt *n, int s, int d)
{
    const icnt_params *p = &n->p;
    int far = p->partitions > 1 && s * p->partitions / p->nsrc != d * p->partitions / p->ndst;
    return (uint64_t)p->latency + (far ? (uint64_t)p->far_latency : 0);
}

void icnt_tick(icnt *n, uint64_t now)
{
    for (int d = 0; d < n->p.ndst; d++) n->accepted[d] = 0;
    for (int k = 0; k < n->p.nsrc; k++) {
        int s = n->rr + k < n->p.nsrc ? n->rr + k : n->rr + k - n->p.nsrc;
        mem_msg *m = n->ports.peek(n->ports.ctx, s);
        if (!m) continue;
        int d = n->ports.route(n->ports.ctx, m);
        if (n->accepted[d] >= n->p.width || n->to_slice[d].n >= n->p.slice_queue) {
            n->st->v[STAT_icnt_stalls]++;
            continue;
        }
        n->accepted[d]++;
        timed_insert(&n->to_slice[d], m, now + wire(n, s, d));
        n->ports.pop(n->ports.ctx, s);
    }
    n->rr = (n->rr + 1) % n->p.nsrc;
}

mem_msg *icnt_request(icnt *n, int dst, uint64_t now) { return timed_ready(&n->to_slice[dst], now); }
void icnt_request_pop(icnt *n, int dst) { timed_pop(&n->to_slice[dst]); }
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

uint64_t icnt_next_event(const icnt *n)
{
    uint64_t t = UINT64_MAX;
    for (int d = 0; d < n->p.ndst; d++)
        if (timed_next(&n->to_slice[d]) < t) t = timed_next(&n->to_slice[d]);
    for (int s = 0; s < n->p.nsrc; s++)
        if (timed_next(&n->to_sm[s]) < t) t = timed_next(&n->to_sm[s]);
    return t;
}
