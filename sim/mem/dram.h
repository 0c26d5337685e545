/* sim/mem/dram.h — one DRAM channel: banks with an open row, the usual
 * timing constraints (tRCD, tCL, tRP, tRAS, tRRD, tFAW), a data bus, and a request
 * scheduler chosen by name (sim/mem/dram_schedulers.def). Time is counted in
 * DRAM command cycles. Its ports: a room query, enqueue, one tick per
 * command cycle that returns a finished request's token, and the statistics
 * it reports. */
#ifndef WARPSIM_MEM_DRAM_H
#define WARPSIM_MEM_DRAM_H
#include <stdint.h>
#include "addrmap.h"
#include "stats/stats.h"

typedef struct {
    int banks, row_bytes, bus_bytes, data_rate;  /* data_rate: transfers per command cycle */
    int tRCD, tCL, tRP, tRAS;
    int tREFI, tRFC;                             /* refresh: every tREFI cycles the channel is busy for tRFC (0: none) */
    int tWTR, tRTW;                              /* bus turnaround: write data to read data, read data to write data */
    int tRRD, tFAW;                              /* activates: at least tRRD apart, at most four in any tFAW (0: no limit) */
    int write_drain;                             /* writes queued that start a drain (0: no preference); it ends at half */
    int refresh_phase;                           /* cycle of the channel's first refresh (channels are staggered) */
    int queue;                                   /* requests the channel accepts (dram_room) */
    int scheduler;                               /* index into dram_schedulers.def */
    const addr_map *map;                         /* bank of a row */
} dram_params;

typedef struct dram_channel dram_channel;

/* the queue as a scheduler sees it, oldest first: each entry's bank, row
 * and direction in arrays of their own, so that a scan reads one byte per
 * entry to skip those whose bank is busy (a full queue of a streaming
 * kernel is scanned every command cycle); and per bank the first cycle it
 * takes a command and its open row (-1: precharged) */
typedef struct {
    int n;
    const uint8_t *bank;     /* bank (dram.banks <= 256) */
    const int64_t *row;
    const uint8_t *write;    /* 1: a write (the bus turns around between reads and writes) */
    const uint64_t *ready_at;   /* per bank */
    const int64_t *open_row;    /* per bank */
    uint64_t now;               /* the command cycle of the pick */
    int hits;                   /* entries whose row is their bank's open row (0: no row hit to look for) */
} dram_view;

/* a scheduler picks the queue entry to start (index, oldest first) or -1.
 * It picks only a request whose bank is ready: after a -1 the channel asks
 * again only once a queued request's bank is ready or a request arrives */
typedef struct {
    const char *name;                            /* its row in dram_schedulers.def */
    int (*pick)(const dram_channel *ch, const dram_view *q);
} dram_scheduler;

dram_channel *dram_new(const dram_params *p);
void dram_delete(dram_channel *ch);
/* 1 when the channel accepts another request */
int dram_room(const dram_channel *ch);
/* queue a read or write of `bytes` at channel-local address `addr` (token
 * -1: a write; writebacks are accepted beyond dram_room's limit, up to twice it) */
void dram_enqueue(dram_channel *ch, int token, uint64_t addr, int bytes);
/* 1 when requests are queued */
int dram_busy(const dram_channel *ch);
/* one command cycle `now`: start at most one request; returns its token and
 * the cycle its data transfer ends in *done, or -1 when nothing starts */
int dram_tick(dram_channel *ch, uint64_t now, uint64_t *done);
/* the first command cycle whose tick may start a request or change what a
 * later tick does: the ticks before it may be skipped (0: the next) */
uint64_t dram_wake(const dram_channel *ch);
/* for tests: 1 when the per-bank counts and the row-hit count agree with the queue */
int dram_consistent(const dram_channel *ch);
/* the address the request that the last dram_tick started was queued with */
uint64_t dram_started_addr(const dram_channel *ch);
/* add the channel's row hits, misses and bytes to st */
/* the counters dram_report adds start again from zero */
void dram_clear_counters(dram_channel *ch);
void dram_report(const dram_channel *ch, kernel_stats *st);

/* for schedulers */
/* 1 while the channel drains its writes (dram.write_drain), 0 while reads go first, -1: no preference */
int dram_direction(const dram_channel *ch);
const dram_scheduler *dram_scheduler_at(int i);
int dram_scheduler_count(void);

#endif
