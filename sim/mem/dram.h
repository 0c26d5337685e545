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

/* a queued request, as a scheduler sees it */
typedef struct {
    int token;               /* the caller's, returned by dram_tick; -1: a write nobody waits for */
    int bank;
    int64_t row;
    int bytes;
    int write;               /* 1: a write (the bus turns around between reads and writes) */
    uint64_t arrival;
} dram_entry;

/* a scheduler picks the queue entry to start (index, oldest first) or -1;
 * bank_ready(ch, b, now) and open_row(ch, b) are what it may look at. It
 * picks only a request whose bank is ready: after a -1 the channel asks
 * again only once a queued request's bank is ready or a request arrives */
typedef struct {
    const char *name;                            /* its row in dram_schedulers.def */
    int (*pick)(const dram_channel *ch, const dram_entry *q, int n, uint64_t now);
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
/* an idle channel's clock moves to `now` (cycles skipped with nothing queued) */
void dram_idle_to(dram_channel *ch, uint64_t now);
/* one command cycle `now`: start at most one request; returns its token and
 * the cycle its data transfer ends in *done, or -1 when nothing starts */
int dram_tick(dram_channel *ch, uint64_t now, uint64_t *done);
/* add the channel's row hits, misses and bytes to st */
/* the counters dram_report adds start again from zero */
void dram_clear_counters(dram_channel *ch);
void dram_report(const dram_channel *ch, kernel_stats *st);

/* for schedulers */
int dram_bank_ready(const dram_channel *ch, int bank, uint64_t now);
int64_t dram_open_row(const dram_channel *ch, int bank);
/* 1 while the channel drains its writes (dram.write_drain), 0 while reads go first, -1: no preference */
int dram_direction(const dram_channel *ch);
const dram_scheduler *dram_scheduler_at(int i);
int dram_scheduler_count(void);

#endif
