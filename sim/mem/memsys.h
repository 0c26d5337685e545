/* sim/mem/memsys.h — the memory hierarchy below the SMs, wired from its
 * blocks: one L1 per SM (l1.c), the interconnect (icnt.c), L2 slices
 * (l2.c), one DRAM channel per slice (dram.c), and the address map
 * (addrmap.c). This file owns the blocks, connects their ports and ticks
 * them in a fixed order across three clock domains; it holds no request
 * state of its own. Latencies are in core cycles. */
#ifndef WARPSIM_MEM_MEMSYS_H
#define WARPSIM_MEM_MEMSYS_H
#include "config/config.h"
#include "l1.h"
#include "l2.h"
#include "icnt.h"
#include "dram.h"
#include "tlb.h"
#include "addrmap.h"
#include "msg.h"
#include "stats/stats.h"

typedef struct {
    l1_params l1;
    l2_params l2;
    icnt_params icnt;
    dram_params dram;
    tlb_params tlb;
    int slices, interleave;
    int far_copies;          /* l2.far_copies: a far line also takes a slot in the near partition */
    int carveouts[32], ncarveouts;   /* l1.carveouts: shared-memory sizes of a unified L1 (bytes), ascending */
    const addr_map *map;
    int l2_clock, dram_clock, dram_latency, core_clock;  /* the interconnect runs at the L2 clock */
} mem_params;

/* what the memory system calls on the SM side (one per SM) */
typedef struct {
    void *ctx;
    void (*load_done)(void *ctx, int sm, int tag, uint64_t now);
    void (*wake)(void *ctx, int sm);
} mem_sm_port;

typedef struct memsys memsys;

int mem_params_load(mem_params *p, const config *cfg, diag *d);
/* npc: instructions of the kernel, for the per-PC counters of each block */
memsys *memsys_new(const mem_params *p, int nsm, int npc, mem_sm_port port);
void memsys_delete(memsys *m);
/* room for a warp instruction's line requests from SM `sm` (else the SM is
 * woken when it appears) */
int memsys_room(const memsys *m, int sm);
/* a line request from the LD/ST unit of SM `sm` (partial: a store's sectors
 * written only in part) */
void memsys_submit(memsys *m, int sm, int kind, uint64_t line, uint32_t sectors, int lanes, int word_lanes, int partial,
                   int use_l1, int tag, int pc);
/* one core cycle: responses, DRAM, L2 and interconnect before the SMs
 * issue, the L1s after */
void memsys_tick(memsys *m, uint64_t now);
void memsys_tick_l1(memsys *m, uint64_t now);
/* the memory side of memsys_tick: DRAM, L2 slices and the interconnect's
 * injection, without the SMs' returns */
void memsys_tick_mem(memsys *m, uint64_t now);

/* Windows (sim.window > 1): the SMs run a window of cycles each on its own
 * thread, then the memory side catches up. The SM side of SM s touches
 * only s's L1 and response wire: memsys_sm_returns (hits and responses due
 * at now; 1 when any were), memsys_sm_l1 (its L1's tick; 1 when its input
 * could move), memsys_sm_next (its next event
 * after now), memsys_sm_skip (cycles it skipped). memsys_sm_phase_end,
 * after every SM's window, hands the queued requests to the interconnect;
 * memsys_credits, before the next window, gives each L1 the room the
 * interconnect left (until then the L1 sees its output queue as full as
 * at the window's start: credit-based injection). */
void memsys_set_windows(memsys *m, int on);
int memsys_sm_returns(memsys *m, int s, uint64_t now);
int memsys_sm_l1(memsys *m, int s, uint64_t now);
uint64_t memsys_sm_next(const memsys *m, int s, uint64_t now);
void memsys_sm_skip(memsys *m, int s, uint64_t cycles);
void memsys_sm_phase_end(memsys *m);
void memsys_credits(memsys *m);
/* Windows, the memory side of cycles (from, to] in phases, with the same
 * result as memsys_tick_mem at each (memsys_span.c): memsys_span_begin
 * works out the DRAM and L2 clocks of every cycle, when no request
 * injected within the span can reach a slice within it (to - from <=
 * icnt.latency); it returns 0, having done nothing, otherwise. Then
 * memsys_span_slice runs slice s with its DRAM channel through the span,
 * touching nothing of another slice (any thread, each slice once), and
 * keeps the L2 cycles it took requests in; memsys_span_end replays the
 * interconnect's injection of every cycle with the room each slice's
 * input had then, and hands the responses the slices held to the
 * interconnect in the one-cycle order. */
int memsys_span_begin(memsys *m, uint64_t from, uint64_t to);
int memsys_slices(const memsys *m);
void memsys_span_slice(memsys *m, int s);
void memsys_span_end(memsys *m);
/* the memory side's next event after now, and its skip of [from, to) */
uint64_t memsys_mem_next(const memsys *m, uint64_t now);
void memsys_skip_mem(memsys *m, uint64_t from, uint64_t to);
/* the earliest cycle at which the hierarchy can change (UINT64_MAX: idle) */
uint64_t memsys_next_event(const memsys *m, uint64_t now);
/* cycles [from, to) are skipped (none reaches memsys_next_event): the clock
 * domains and arbitration turns move on and stalls are counted exactly as
 * ticking through them would have */
void memsys_skip(memsys *m, uint64_t from, uint64_t to);
/* a new launch on a drained hierarchy that keeps its cache contents: its
 * counters start from zero, it reports to port, and with flush_l1 the L1
 * data caches are invalidated */
void memsys_begin_launch(memsys *m, int npc, mem_sm_port port, int flush_l1);
/* a unified L1/shared array (l1.carveouts): the launch's resident blocks
 * need `shared_bytes` of shared memory per SM; the smallest carveout that
 * holds them is taken and every L1 keeps the ways left. Returns the L1's
 * data capacity in bytes (l1.size when the arrays are separate). */
int memsys_carveout(memsys *m, int shared_bytes);
/* the kernel has npc instructions now (traces reveal them as they go) */
void memsys_grow_pc(memsys *m, int npc);
/* the blocks count their per-PC counters (L1 and L2 hits and misses) into
 * one row set per host thread that runs them, n of them (1 until told;
 * again 1 at each launch): every such counter is a sum, so which block
 * adds to a row changes no total. A block of each of h100's 213 had rows
 * of its own, allocated and merged every launch */
void memsys_set_members(memsys *m, int n);
/* SM sm's L1, and slice s, run on thread `member` from now on */
void memsys_lend_l1(memsys *m, int sm, int member);
void memsys_lend_slice(memsys *m, int s, int member);
/* add every block's counters to st */
void memsys_report(const memsys *m, kernel_stats *st);
/* peak DRAM bandwidth in GB/s */
double memsys_peak_gbps(const mem_params *p);

#endif
