/* sim/mem/l2.h — one L2 slice (memory partition): a write-back,
 * write-allocate sectored cache in front of its DRAM channel, and the
 * atomic unit. Ports: l2_accept takes a request from the interconnect (0:
 * not now, the interconnect keeps it: back-pressure); responses leave
 * through the `respond` port at a cycle; misses and writebacks go to the
 * slice's DRAM channel through its public interface; l2_dram_done takes a
 * finished DRAM read back. The slice indexes and tags lines by their
 * address within its channel, so every set is used whatever the map. */
#ifndef WARPSIM_MEM_L2_H
#define WARPSIM_MEM_L2_H
#include "cache.h"
#include "dram.h"
#include "msg.h"
#include "stats/stats.h"

typedef struct {
    cache_params cache;
    int latency;             /* hit (and fill) data pipeline, core cycles */
    int queue;               /* the atomic unit's backlog limit, cycles */
    int atomic_latency;
    int atomic_lane_cost, atomic_sector_cost, atomic_word_cost;   /* 1/100 cycles */
    int atomic_line_serial;
    int read_sector_cost;    /* the data port: 1/100 cycles a read holds it per sector */
    int write_sector_cost, write_partial_cost;   /* a write: per sector, and the least when some sector is partial */
    int write_request_cost;  /* a write: besides its sectors, per request (line) */
    int clock, core_clock;   /* MHz of the slice and of the core: the port's costs are in slice cycles */
    uint32_t fill_group;     /* sectors fetched together from DRAM (l2.fill_bytes / sector; 1: each alone) */
} l2_params;

typedef struct {
    void *ctx;
    void (*send)(void *ctx, const mem_msg *m, uint64_t at);  /* a response leaves at cycle `at` */
    uint64_t (*channel_addr)(void *ctx, uint64_t line);       /* the line's address in this slice's channel */
} l2_ports;

typedef struct l2_slice l2_slice;

/* st: the slice's own counters, set up by stats_mem_init (its per-PC hits
 * and misses go to st->mem_pc) */
l2_slice *l2_new(const l2_params *p, dram_channel *ch, l2_ports ports, kernel_stats *st);
void l2_delete(l2_slice *s);
/* a request from the interconnect: 1 taken, 0 stalled (try again next cycle) */
int l2_accept(l2_slice *s, const mem_msg *m, uint64_t now);
/* DRAM read `token` (from the DRAM channel) of channel address `key` (the
 * address it was queued with: dram_started_addr) is back at core cycle `ready` */
void l2_dram_done(l2_slice *s, int token, uint64_t key, uint64_t ready);
/* one L2 cycle: fills whose data has arrived */
/* request q will reach the slice soon: its set starts on its way from host
 * memory */
void l2_prefetch(const l2_slice *s, const mem_msg *q);
void l2_tick(l2_slice *s, uint64_t now);
/* the next fill's cycle (UINT64_MAX: none) */
uint64_t l2_next_event(const l2_slice *s);

/* l2.far_copies: a copy of a line homed in the other partition (a
 * message of kind MR_COPY) is kept under its home slice's channel address
 * with L2_COPY_BIT set, so it never meets this slice's own lines:
 * l2_copy_take installs `sectors` of it, clean (nothing when the channel
 * could not take a dirty victim's write-back) */
#define L2_COPY_BIT ((uint64_t)1 << 62)
void l2_copy_take(l2_slice *s, uint64_t key, uint32_t sectors);

#endif
