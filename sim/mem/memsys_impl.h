/* sim/mem/memsys_impl.h — the memory system's insides, shared by its
 * files (memsys.c: wiring and the cycle; memsys_span.c: a window's memory
 * side as a span); nothing outside sim/mem/memsys*.c includes it. */
#ifndef WARPSIM_MEMSYS_IMPL_H
#define WARPSIM_MEMSYS_IMPL_H
#include "memsys.h"

typedef struct {
    memsys *m;
    int sm;
} l1_ctx;

/* a response a slice sent within a span, held until memsys_span_end */
typedef struct {
    mem_msg m;
    uint64_t at;
    int tick;                /* the span's L2 tick it was sent in */
} held_msg;

/* a slice's ports' context; in a span (tick >= 0) its own thread's */
typedef struct {
    _Alignas(64) memsys *m;
    int s;
    int tick;                /* the span's L2 tick it runs, -1: not in a span */
    held_msg *held;          /* the responses it sent in the span, in order */
    int nheld, cap, taken;
    int *took, ntook, tookcap;   /* the span's L2 ticks it took a request in, in order */
    int replayed;            /* span_inject: those of `took` at ticks replayed */
} slice_ctx;

struct memsys {
    mem_params p;
    int nsm;
    addr_geometry geo;
    l1_cache **l1;
    l1_ctx *l1ctx;
    icnt *net;
    tlb *tlb;                /* the shared TLB at the injection (NULL: none) */
    l2_slice **slice;
    dram_channel **ch;
    uint64_t l2_acc, dram_acc, dram_now;   /* clock-domain accumulators */
    /* no L1 hit or response reaches an SM before this cycle: the SMs'
     * return paths are looked at only from then (0: look now) */
    uint64_t returns_next;
    mem_sm_port port;
    /* kept where an SM's L1 queues change, so that a cycle looks only at
     * L1s with work: requests in its input queue (l1_tick; a byte per SM,
     * as the SMs' threads submit at once with --threads), in its output
     * queue (a bit per SM: the interconnect's pending sources) */
    uint8_t *has_input;
    uint64_t *out_bits;
    /* per SM, at or before its next L1 hit or response (lowered where one
     * is queued, exact after returns looked at it): returns skips the SMs
     * with nothing due without touching their blocks */
    uint64_t *sm_next;
    /* windows (memsys_set_windows): the SM side runs on the SMs' threads
     * and marks its own byte (an L1 queued toward the interconnect:
     * pushed; the interconnect took from an L1: popped), folded in at the
     * serial points (memsys_sm_phase_end, memsys_credits) */
    int windows;
    uint8_t *pushed, *popped;
    kernel_stats *st;        /* per block: nsm L1s, the interconnect, then the slices */
    /* the per-PC rows (mem_pc) the blocks count into: one set per host
     * thread (memsys_set_members), lent to a block by the thread that runs
     * it (memsys_lend_l1, memsys_lend_slice); a block's own st holds none */
    kernel_stats *sets;
    int nsets;
    int nst;
    slice_ctx *sctx;         /* per slice, a cache line each */
    /* a span (memsys_span_begin): cycles (from, from + len], and per cycle
     * its DRAM ticks (the DRAM clock at the first) and L2 ticks */
    uint64_t span_from;
    int span_len, span_cap, span_ticks;
    uint64_t *span_dram_now;
    uint8_t *span_dram, *span_l2;
    int *span_tick0;         /* per cycle: the span's L2 ticks before it */
    int *span_held;          /* memsys_span_end: the slices that sent responses */
    int *span_took;          /* span_inject: the slices that took requests */
};

static inline void deliver(memsys *ms, const mem_msg *m, uint64_t at)
{
    /* the fill's L1 set starts on its way now, a wire's latency before the
     * SM installs it: by then the other SMs' windows have pushed it out of
     * the host core's own caches, not out of the shared one */
    l1_prefetch_response(ms->l1[m->sm], m);
    uint64_t arrives = icnt_respond(ms->net, m, at);
    if (arrives < ms->returns_next) ms->returns_next = arrives;
    if (arrives < ms->sm_next[m->sm]) ms->sm_next[m->sm] = arrives;
}

/* the interconnect's tick; with no L1 offering a request it only moves its
 * round robin on (icnt_tick looks at the pending sources alone) */
static inline void net_tick(memsys *m, uint64_t now)
{
    for (int w = 0; w < (m->nsm + 63) / 64; w++)
        if (m->out_bits[w]) { icnt_tick(m->net, now); return; }
    icnt_skip(m->net, 1);
}

/* slice s's DRAM channel at DRAM cycle dnow, in core cycle now */
static inline void dram_cycle(memsys *m, int s, uint64_t now, uint64_t dnow)
{
    uint64_t done;
    if (dnow < dram_wake(m->ch[s])) return;   /* a tick that would only move the clock */
    int token = dram_tick(m->ch[s], dnow, &done);
    if (token < 0) return;
    /* DRAM cycles to core cycles, plus the controller's fixed pipeline */
    uint64_t core = now + (done - dnow) * (uint64_t)m->p.core_clock / (uint64_t)m->p.dram_clock
                  + (uint64_t)m->p.dram_latency;
    l2_dram_done(m->slice[s], token, dram_started_addr(m->ch[s]), core);
}

/* one L2 cycle of slice s: its fills, then the request that reached it, if
 * the slice takes it (1) */
static inline int l2_cycle(memsys *m, int s, uint64_t now)
{
    l2_tick(m->slice[s], now);
    mem_msg *q = icnt_request(m->net, s, now);
    if (!q || !l2_accept(m->slice[s], q, now)) return 0;
    icnt_request_pop(m->net, s);
    const mem_msg *next = icnt_request_head(m->net, s);   /* the next cycle's */
    if (next) l2_prefetch(m->slice[s], next);
    return 1;
}

#endif
