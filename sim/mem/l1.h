/* sim/mem/l1.h — the L1 data cache of one SM. Ports: requests in from the
 * LD/ST unit (l1_room, l1_submit), misses and write-throughs out to the
 * interconnect (l1_out_peek/pop), responses back from it (l1_response);
 * toward the SM it calls the two functions of an l1_sm_port: a load record
 * finished a line, and "look again" (room appeared, something returned). */
#ifndef WARPSIM_MEM_L1_H
#define WARPSIM_MEM_L1_H
#include "cache.h"
#include "msg.h"
#include "stats/stats.h"

typedef struct {
    cache_params cache;
    int latency;             /* hit latency, core cycles */
    int queue;               /* requests the input and output queues hold */
    int local_write_back;    /* local stores stay in L1 until evicted (Fermi) */
    int atomic_sector_cost;  /* 1/100 cycles an atomic holds the SM's path to the L2 per sector */
    int sectored;            /* a miss fetches only the missing sectors (else the line) */
    int room_needed;         /* queue room an SM needs to issue a memory instruction */
} l1_params;

typedef struct {
    void *ctx;
    void (*load_done)(void *ctx, int tag, uint64_t now);   /* one line of load record `tag` is back */
    void (*wake)(void *ctx);                               /* the SM should look again */
    /* the L2 slice a request leaving toward the interconnect goes to, set
     * in m->slice (NULL: the L1 keeps none): found on the SM's side, and
     * kept beside the output queue for the interconnect's looks */
    int (*route)(void *ctx, mem_msg *m);
} l1_sm_port;

typedef struct l1_cache l1_cache;

/* st: the L1's own counters, set up by stats_mem_init (its per-PC hits
 * and misses go to st->mem_pc) */
l1_cache *l1_new(const l1_params *p, int sm, l1_sm_port port, kernel_stats *st);
/* every line invalid (between launches; nothing may be in flight) */
void l1_invalidate(l1_cache *l);
/* a unified L1/shared array: the L1 keeps `ways` ways of each set */
void l1_set_ways(l1_cache *l, int ways);
void l1_delete(l1_cache *l);
/* 1 when the input queue has room for a whole warp instruction's requests */
int l1_room(const l1_cache *l);
/* response m will reach the L1 soon: a fill's set and MSHR start on their
 * way from host memory */
void l1_prefetch_response(const l1_cache *l, const mem_msg *m);
void l1_submit(l1_cache *l, const mem_msg *m);
/* one core cycle: the head request of the input queue */
void l1_tick(l1_cache *l, uint64_t now);
/* hits whose latency has passed complete */
void l1_drain_hits(l1_cache *l, uint64_t now);
/* a response from below: a fill completes every merged request */
void l1_response(l1_cache *l, const mem_msg *m, uint64_t now);
/* the port to the interconnect */
mem_msg *l1_out_peek(l1_cache *l);
/* the k-th request from the head if the interconnect may take it at `now`
 * (it was queued before; requests are takeable in queue order) */
mem_msg *l1_out_ready(l1_cache *l, uint64_t now, int k);
/* the slice of what l1_out_ready(l, now, k) gives, without a look at the
 * request (-1: none, or the port keeps no slices) */
int l1_out_slice(const l1_cache *l, uint64_t now, int k);
/* the interconnect will look at the queue soon: its ring's head and the
 * head request start on their way from host memory */
void l1_out_prefetch(const l1_cache *l);
/* the first cycle the head may be taken (UINT64_MAX: empty) */
uint64_t l1_out_next(const l1_cache *l);
/* the interconnect took the k-th request (0: the head) */
void l1_out_pop(l1_cache *l, int k);
/* windows: the interconnect took the head, but the L1 sees the room only
 * at l1_credit (the next window's start); 1 when credits came back */
void l1_out_pop_hidden(l1_cache *l, int k);
int l1_credit(l1_cache *l);
/* 1 when a request waits in a queue (the L1 needs its tick); the next hit's cycle */
int l1_busy(const l1_cache *l);
/* the input queue's head can make progress (l1_tick has work next cycle) */
int l1_in_busy(const l1_cache *l);
/* requests wait in the input queue (l1_tick has work) */
int l1_has_input(const l1_cache *l);
/* `cycles` cycles passed without a tick (nothing could change): count them
 * as l1_tick would have */
void l1_skip(l1_cache *l, uint64_t cycles);
uint64_t l1_next_event(const l1_cache *l);

#endif
