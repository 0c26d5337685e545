/* sim/mem/memsys.h — the memory hierarchy below the SMs: per-SM L1 data caches,
 * the interconnect, L2 slices (one per memory partition) and their DRAM
 * channels. Components talk only through bounded queues of requests; a full
 * queue stalls the sender, and the stall is counted. Latencies are in core
 * cycles; the L2/interconnect and DRAM domains tick at their own clocks. */
#ifndef WARPSIM_MEMSYS_H
#define WARPSIM_MEMSYS_H
#include "cache.h"
#include "config/config.h"
#include "dram.h"
#include "stats/stats.h"

enum { MR_LOAD, MR_STORE, MR_ATOMIC, MR_WRITEBACK };

typedef struct {
    uint64_t line;
    uint64_t ready;          /* in a timed list: when it may move on */
    uint32_t sectors;
    uint8_t kind, use_l1, lanes;
    int sm, tag;             /* tag: the SM's load record, -1 for none */
    int pc, slice, l1_mshr, l2_mshr, next;
    uint64_t seq;            /* arrival order in a timed list */
} mreq;

/* requests ordered by ready cycle, ties in arrival order: a binary heap
 * keyed by (ready, sequence number), so the order is deterministic */
typedef struct {
    int *id;
    int n, cap;
} timed_list;

/* a bounded FIFO of request ids */
typedef struct {
    int *id;
    int head, n, cap;
} req_queue;

typedef void (*load_done_fn)(void *ctx, int sm, int tag, uint64_t now);

typedef struct {
    cache_params l1, l2;
    int l1_latency, l1_cache_global, l1_local_write_back, l1_queue, l1_sectored;
    int room_needed;         /* queue room an SM needs to issue a memory instruction */
    int icnt_latency, icnt_width, l2_clock;   /* the interconnect runs at the L2 clock */
    int slices, interleave, l2_hash, l2_latency, l2_queue, atomic_latency;
    dram_params dram;
    int dram_clock, dram_latency, core_clock;
} mem_params;

typedef struct {
    cache l1;
    req_queue in;            /* from the LD/ST unit */
    req_queue out;           /* to the interconnect */
    timed_list resp;         /* responses on their way back */
    uint8_t poked;           /* the SM's view changed: its queue drained or a load returned */
} mem_sm;

typedef struct {
    timed_list in;           /* from the interconnect */
    cache l2;
    timed_list from_dram;
    dram_channel ch;
    uint64_t atomic_free;
    uint64_t line_free[256]; /* atomics serialise per address: last completion per hashed line */
} mem_slice;

typedef struct {
    mem_params p;
    int nsm;
    mem_sm *sm;
    mem_slice *slice;
    mreq *pool;
    int npool, free_head, nfree;
    uint64_t l2_acc, dram_acc, dram_now;   /* clock-domain accumulators */
    int rr;
    uint64_t seq;
    kernel_stats *st;
    load_done_fn done;
    void *done_ctx;
} memsys;

int mem_params_load(mem_params *p, const config *cfg, diag *d);
void memsys_init(memsys *m, const mem_params *p, int nsm, kernel_stats *st, load_done_fn done, void *ctx);
void memsys_free(memsys *m);
/* room for a warp instruction's line requests from SM `sm`: 1; 0 when its
 * queue is full (the SM is poked when it drains); -1 when requests in flight
 * are at their limit */
int memsys_room(const memsys *m, int sm);
/* a line request from the LD/ST unit of SM `sm` */
void memsys_submit(memsys *m, int sm, int kind, uint64_t line, uint32_t sectors, int lanes, int use_l1,
                   int tag, int pc, uint64_t now);
/* one core cycle: responses, DRAM, L2 and interconnect before the SMs
 * issue, the L1s after */
void memsys_tick(memsys *m, uint64_t now);
void memsys_tick_l1(memsys *m, uint64_t now);
/* the earliest cycle at which the hierarchy can change (UINT64_MAX: idle) */
uint64_t memsys_next_event(const memsys *m, uint64_t now);
/* peak DRAM bandwidth in GB/s */
double memsys_peak_gbps(const mem_params *p);

#endif
