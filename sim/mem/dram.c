/* sim/mem/dram.c — DRAM channel timing with FR-FCFS. */
#include "dram.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

void dram_init(dram_channel *ch, const dram_params *p)
{
    memset(ch, 0, sizeof *ch);
    ch->p = *p;
    ch->bank = xcalloc((size_t)p->banks, sizeof(dram_bank));
    for (int b = 0; b < p->banks; b++) ch->bank[b].open_row = -1;
    ch->cap = 2 * p->queue + 64;
    ch->q = xcalloc((size_t)ch->cap, sizeof(dram_entry));
}

void dram_free(dram_channel *ch)
{
    free(ch->bank);
    free(ch->q);
    memset(ch, 0, sizeof *ch);
}

int dram_full(const dram_channel *ch) { return ch->n >= ch->p.queue; }

/* address mapping within the channel: column bits, then bank, then row, so
 * that consecutive rows of one bank are far apart and streams spread over banks */
void dram_enqueue(dram_channel *ch, int req, uint64_t addr, int bytes, int is_write, uint64_t now)
{
    if (ch->n >= ch->cap) { ch->dropped++; return; }   /* never reached in practice: counted, not hidden */
    uint64_t row_index = addr / (uint64_t)ch->p.row_bytes;
    dram_entry *e = &ch->q[ch->n++];
    e->req = req;
    e->bank = (int)(row_index % (uint64_t)ch->p.banks);
    e->row = (int64_t)(row_index / (uint64_t)ch->p.banks);
    e->bytes = bytes;
    e->arrival = now;
    if (is_write) ch->writes++;
    else ch->reads++;
}

int dram_tick(dram_channel *ch, uint64_t now, uint64_t *done)
{
    int pick = -1;
    for (int i = 0; i < ch->n && pick < 0; i++) {       /* first ready: the oldest row hit */
        const dram_bank *b = &ch->bank[ch->q[i].bank];
        if (b->ready <= now && b->open_row == ch->q[i].row) pick = i;
    }
    for (int i = 0; i < ch->n && pick < 0; i++)         /* then first come: the oldest ready bank */
        if (ch->bank[ch->q[i].bank].ready <= now) pick = i;
    if (pick < 0) return -1;
    dram_entry e = ch->q[pick];
    memmove(&ch->q[pick], &ch->q[pick + 1], sizeof(dram_entry) * (size_t)(ch->n - pick - 1));
    ch->n--;
    dram_bank *b = &ch->bank[e.bank];
    uint64_t column_at = now;
    if (b->open_row == e.row) {
        ch->row_hits++;
    } else {
        ch->row_misses++;
        uint64_t activate = now;
        if (b->open_row >= 0) {                         /* precharge first, after tRAS */
            uint64_t pre = b->activated + (uint64_t)ch->p.tRAS;
            if (pre < now) pre = now;
            activate = pre + (uint64_t)ch->p.tRP;
        }
        b->open_row = e.row;
        b->activated = activate;
        column_at = activate + (uint64_t)ch->p.tRCD;
    }
    uint64_t per_cycle = (uint64_t)ch->p.bus_bytes * (uint64_t)ch->p.data_rate;
    uint64_t burst = ((uint64_t)e.bytes + per_cycle - 1) / per_cycle;
    uint64_t data = column_at + (uint64_t)ch->p.tCL;
    if (data < ch->bus_free) data = ch->bus_free;
    ch->bus_free = data + burst;
    b->ready = column_at + burst;      /* the next column command to this bank */
    ch->bytes += (uint64_t)e.bytes;
    *done = data + burst;
    return e.req;
}
