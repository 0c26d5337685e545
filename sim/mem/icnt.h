/* sim/mem/icnt.h — the interconnect between the SMs' L1s and the L2 slices,
 * at the L2 clock: each cycle every SM may inject one request (round robin
 * over the SMs for fairness), each slice accepts at most `width` of them,
 * and a request reaches its slice `latency` cycles later; responses travel
 * back with the same latency. A slice's input holds `slice_queue` requests:
 * when it is full the sender stalls (counted as icnt_stalls). */
#ifndef WARPSIM_MEM_ICNT_H
#define WARPSIM_MEM_ICNT_H
#include "msg.h"
#include "stats/stats.h"

typedef struct {
    int latency, width, slice_queue;
    int nsrc, ndst;          /* SMs, slices */
    int partitions;          /* l2.partitions: SMs and slices split into this many halves (consecutive indices) */
    int far_latency;         /* extra cycles each way between an SM and a slice of another partition */
    int lookahead;           /* requests at the head of a source's queue it may pick from */
    int wire_room;           /* 1: the wire holds width x latency besides the slice's queue */
} icnt_params;

/* where requests come from (an SM's L1 output queue) and where they go */
typedef struct {
    void *ctx;
    mem_msg *(*peek)(void *ctx, int src, uint64_t now, int k);   /* src's k-th request (0: the head) if offered at now, or NULL */
    void (*pop)(void *ctx, int src, int k);
    int (*route)(void *ctx, mem_msg *m);         /* the destination slice of a request (it may note it in m) */
    /* a bit per source, kept by the owner: set at least where peek would
     * find a request (NULL: peek at every source each tick) */
    const uint64_t *pending;
    /* the cycle a request injected at `now` may start down its wire (its
     * address translated: the TLB); NULL: at once */
    uint64_t (*ready)(void *ctx, const mem_msg *m, uint64_t now);
    /* a second message that goes with m, to another slice (filled into
     * *extra; its slice returned, -1 for none): m goes only when both
     * slices take one (NULL: never) */
    int (*also)(void *ctx, const mem_msg *m, mem_msg *extra);
    /* the slice of what peek(k) would give, without a look at the request
     * (-1: none); NULL: peek and route */
    int (*slice_at)(void *ctx, int src, uint64_t now, int k);
    /* the tick will look at source src next: what it reads may start on its
     * way (NULL: nothing to do) */
    void (*prefetch)(void *ctx, int src);
} icnt_ports;

typedef struct icnt icnt;

icnt *icnt_new(const icnt_params *p, icnt_ports ports, kernel_stats *st);
void icnt_delete(icnt *n);
/* one interconnect cycle: move requests from the sources toward the slices */
void icnt_tick(icnt *n, uint64_t now);
/* a span's injection replayed after its slices ran (memsys_span_end):
 * slice dst takes k of the requests on its wire at ticks after the one
 * replayed, so they still hold room in it then (0 outside a replay) */
void icnt_later(icnt *n, int dst, int k);
/* the request that has reached slice `dst` by `now`, or NULL; pop it once taken */
mem_msg *icnt_request(icnt *n, int dst, uint64_t now);
void icnt_request_pop(icnt *n, int dst);
/* a response leaving a slice at cycle `at`, for SM m->sm; returns the
 * cycle it reaches the SM */
uint64_t icnt_respond(icnt *n, const mem_msg *m, uint64_t at);
/* the response that has reached SM `src` by `now`, or NULL; pop it once taken */
mem_msg *icnt_response(icnt *n, int src, uint64_t now);
void icnt_response_pop(icnt *n, int src);
/* the cycle the first response for SM `src` arrives (UINT64_MAX: none) */
uint64_t icnt_response_next(const icnt *n, int src);
/* the earliest cycle a request or response arrives (UINT64_MAX: none in flight) */
uint64_t icnt_next_event(const icnt *n);
/* the same for requests only (the memory side's events with windows) */
uint64_t icnt_request_next(const icnt *n);
/* `ticks` ticks passed with nothing to inject: the arbitration turn moves on */
void icnt_skip(icnt *n, uint64_t ticks);

/* the first request toward slice dst, and the first response toward SM
 * src, ready or not (NULL: none) */
const mem_msg *icnt_request_head(const icnt *n, int dst);
const mem_msg *icnt_response_head(const icnt *n, int src);
#endif
