/* sim/mem/dram.h — one DRAM channel: banks with an open row, the usual timing
 * constraints (tRCD, tCL, tRP, tRAS), a data bus, and an FR-FCFS scheduler
 * (Rixner et al., ISCA 2000): the oldest request that hits an open row
 * first, else the oldest. Time is counted in DRAM command cycles. */
#ifndef WARPSIM_DRAM_H
#define WARPSIM_DRAM_H
#include <stdint.h>

typedef struct {
    int banks, row_bytes, bus_bytes, data_rate;  /* data_rate: transfers per command cycle */
    int tRCD, tCL, tRP, tRAS;
    int queue;                                   /* requests the channel can hold */
} dram_params;

typedef struct {
    int64_t open_row;        /* -1: precharged */
    uint64_t ready;          /* next command cycle the bank accepts */
    uint64_t activated;      /* cycle of the last activate (tRAS) */
} dram_bank;

typedef struct {
    int req;                 /* request id (the caller's) */
    int bank;
    int64_t row;
    int bytes;
    uint64_t arrival;
} dram_entry;

typedef struct {
    dram_params p;
    dram_bank *bank;
    dram_entry *q;
    int n, cap;              /* entries in q, oldest first; room (writebacks may exceed the queue key) */
    uint64_t bus_free;
    uint64_t row_hits, row_misses, reads, writes, bytes, dropped;
} dram_channel;

void dram_init(dram_channel *ch, const dram_params *p);
void dram_free(dram_channel *ch);
int dram_full(const dram_channel *ch);
/* queue a request for `bytes` at channel-local address `addr` */
void dram_enqueue(dram_channel *ch, int req, uint64_t addr, int bytes, int is_write, uint64_t now);
/* one command cycle: serve at most one request; returns its id and the cycle
 * its data transfer ends in *done, or -1 when nothing can start */
int dram_tick(dram_channel *ch, uint64_t now, uint64_t *done);

#endif
