/* sim/mem/dram.c — DRAM channel timing: banks, open rows, the data bus. */
#include "dram.h"
#include "util/hugemem.h"
#include <stdlib.h>
#include <string.h>

/* what the channel keeps of a queued request besides what schedulers scan */
typedef struct {
    uint64_t addr;           /* as queued (dram_started_addr) */
    int token, bytes;
} dram_req;

struct dram_channel {
    dram_params p;
    const dram_scheduler *sched;
    /* per bank */
    int64_t *open_row;       /* -1: precharged */
    uint64_t *ready_at;      /* next command cycle the bank accepts */
    uint64_t *activated;     /* cycle of the last activate (tRAS) */
    /* the queue, oldest first: what a scheduler scans (dram_view) in an
     * array per field, qbank, qrow and qwrite, and the rest in qreq */
    uint8_t *qbank, *qwrite;
    int64_t *qrow;
    dram_req *qreq;
    int n, cap;              /* entries queued; room (writebacks may exceed the queue key) */
    /* per bank, the requests queued for it: the first cycle a queued
     * request's bank is ready is read from the banks, not the queue */
    uint16_t *qn;
    /* queued requests whose row is their bank's open row: while none is, a
     * scheduler's look for a row hit ends at the first ready request (a
     * streaming kernel's full queue of row misses is otherwise read to its
     * end at every pick) */
    int hits;
    int writes;              /* writes among them */
    int draining;            /* dram.write_drain: 1 while writes go first */
    /* a write started: the next tick's look at the drain (update_drain)
     * sees fewer writes queued, and is not skipped (dram_wake) */
    int drain_due;
    int last_write;          /* direction of the last data transfer */
    uint64_t bus_free;
    uint64_t started_addr;   /* the address of the request the last tick started */
    /* no request can start before this cycle: no queued request's bank is
     * ready sooner (a scheduler picks only a request whose bank is ready,
     * and banks only get ready later by commands and refreshes). Each pick
     * sets it, an enqueue lowers it to its bank's ready cycle, and the ticks
     * before it are skipped (dram_wake): a full queue of a streaming kernel
     * would otherwise be scanned at every command cycle */
    uint64_t no_pick_before;
    uint64_t act[4];         /* the last four activates, oldest first (tRRD, tFAW) */
    int acts;                /* activates so far, up to 4 */
    uint64_t next_refresh, refresh_end;
    uint64_t row_hits, row_misses, bytes, dropped;
};

dram_channel *dram_new(const dram_params *p)
{
    dram_channel *ch = hugemem_array(1, sizeof *ch);
    ch->p = *p;
    ch->sched = dram_scheduler_at(p->scheduler);
    size_t nb = (size_t)p->banks;
    ch->open_row = hugemem_array(nb, sizeof *ch->open_row);
    for (size_t b = 0; b < nb; b++) ch->open_row[b] = -1;
    ch->ready_at = hugemem_array(nb, sizeof *ch->ready_at);
    ch->activated = hugemem_array(nb, sizeof *ch->activated);
    ch->qn = hugemem_array(nb, sizeof *ch->qn);
    ch->cap = 2 * p->queue + 64;
    ch->next_refresh = (uint64_t)p->refresh_phase;
    size_t cap = (size_t)ch->cap;
    ch->qbank = hugemem_array(cap, 1);
    ch->qwrite = hugemem_array(cap, 1);
    ch->qrow = hugemem_array(cap, sizeof *ch->qrow);
    ch->qreq = hugemem_array(cap, sizeof *ch->qreq);
    return ch;
}

void dram_delete(dram_channel *ch)
{
    if (!ch) return;
    hugemem_free(ch->open_row); hugemem_free(ch->ready_at); hugemem_free(ch->activated); hugemem_free(ch->qn);
    hugemem_free(ch->qbank); hugemem_free(ch->qwrite); hugemem_free(ch->qrow); hugemem_free(ch->qreq);
    hugemem_free(ch);
}

int dram_room(const dram_channel *ch) { return ch->n < ch->p.queue; }
int dram_busy(const dram_channel *ch) { return ch->n > 0; }
uint64_t dram_started_addr(const dram_channel *ch) { return ch->started_addr; }
int dram_direction(const dram_channel *ch) { return ch->p.write_drain > 0 ? ch->draining : -1; }

/* the address map picks the bank of a row; the row within the bank follows */
void dram_enqueue(dram_channel *ch, int token, uint64_t addr, int bytes)
{
    if (ch->n >= ch->cap) { ch->dropped++; return; }   /* never reached in practice: counted, not hidden */
    uint64_t row_index = addr / (uint64_t)ch->p.row_bytes;
    addr_geometry g = { 1, 1, (uint64_t)ch->p.banks };
    int i = ch->n++;
    ch->qreq[i] = (dram_req){ addr, token, bytes };
    ch->qbank[i] = (uint8_t)ch->p.map->bank(&g, row_index);
    ch->qrow[i] = (int64_t)(row_index / (uint64_t)ch->p.banks);
    ch->qwrite[i] = token < 0;
    ch->qn[ch->qbank[i]]++;
    ch->hits += ch->open_row[ch->qbank[i]] == ch->qrow[i];
    ch->writes += token < 0;
    /* it may start once its bank is ready, and no sooner (a scheduler
     * picks only a request whose bank is ready) */
    if (ch->ready_at[ch->qbank[i]] < ch->no_pick_before) ch->no_pick_before = ch->ready_at[ch->qbank[i]];
}

/* the first cycle a queued request's bank is ready */
static uint64_t first_ready(const dram_channel *ch)
{
    uint64_t t = UINT64_MAX;
    for (int b = 0; b < ch->p.banks; b++)
        if (ch->qn[b] && ch->ready_at[b] < t) t = ch->ready_at[b];
    return t;
}

/* bank b opens row (-1: precharged): the queued requests of its old row
 * stop being row hits, those of the new one start */
static void open_row_to(dram_channel *ch, int b, int64_t row)
{
    int64_t old = ch->open_row[b];
    for (int i = 0, left = ch->qn[b]; left && i < ch->n; i++)
        if (ch->qbank[i] == b) {
            ch->hits += (ch->qrow[i] == row) - (ch->qrow[i] == old);
            left--;
        }
    ch->open_row[b] = row;
}

/* a refresh due in the ticks skipped is caught up by the next one exactly
 * (refreshing): the last due sets the banks' ready cycles and rows */
uint64_t dram_wake(const dram_channel *ch)
{
    return !ch->n || ch->drain_due ? 0 : ch->no_pick_before;
}

int dram_consistent(const dram_channel *ch)
{
    int hits = 0;
    for (int b = 0; b < ch->p.banks; b++) {
        int n = 0;
        for (int i = 0; i < ch->n; i++) n += ch->qbank[i] == b;
        if (n != ch->qn[b]) return 0;
    }
    for (int i = 0; i < ch->n; i++) hits += ch->open_row[ch->qbank[i]] == ch->qrow[i];
    return hits == ch->hits;
}

/* refresh (dram.tREFI, tRFC): every bank is precharged and the channel
 * takes no command for tRFC cycles; refreshes due while the channel was idle
 * are caught up at once. 1 while a refresh holds the channel at `now`. */
static int refreshing(dram_channel *ch, uint64_t now)
{
    if (ch->p.tREFI <= 0) return 0;
    if (now >= ch->next_refresh) {
        uint64_t late = (now - ch->next_refresh) / (uint64_t)ch->p.tREFI;
        uint64_t start = ch->next_refresh + late * (uint64_t)ch->p.tREFI;
        ch->refresh_end = start + (uint64_t)ch->p.tRFC;
        ch->next_refresh = start + (uint64_t)ch->p.tREFI;
        ch->hits = 0;   /* every row closes, and no request's row is -1 */
        for (int b = 0; b < ch->p.banks; b++) {
            ch->open_row[b] = -1;
            if (ch->ready_at[b] < ch->refresh_end) ch->ready_at[b] = ch->refresh_end;
        }
    }
    return now < ch->refresh_end;
}

/* write drain (dram.write_drain): writes go first from when that many are
 * queued until half of them are left, reads first otherwise */
static void update_drain(dram_channel *ch)
{
    int hi = ch->p.write_drain;
    if (hi <= 0) return;
    if (ch->writes >= hi) ch->draining = 1;
    else if (ch->writes <= hi / 2) ch->draining = 0;
}

/* the first cycle from `at` an activate may take: tRRD after the last one,
 * and no fifth within tFAW (the DRAM's power budget, JESD235/238). Activates
 * are granted in order, so act[] stays sorted. */
static uint64_t activate_slot(dram_channel *ch, uint64_t at)
{
    if (ch->p.tRRD <= 0 && ch->p.tFAW <= 0) return at;
    uint64_t rrd = ch->act[3] + (uint64_t)ch->p.tRRD, faw = ch->act[0] + (uint64_t)ch->p.tFAW;
    if (ch->acts >= 1 && at < rrd) at = rrd;
    if (ch->acts >= 4 && at < faw) at = faw;
    memmove(&ch->act[0], &ch->act[1], 3 * sizeof ch->act[0]);
    ch->act[3] = at;
    if (ch->acts < 4) ch->acts++;
    return at;
}

/* take entry i out; those after it move up, keeping their order */
static void remove_entry(dram_channel *ch, int i)
{
    ch->qn[ch->qbank[i]]--;
    ch->hits -= ch->open_row[ch->qbank[i]] == ch->qrow[i];
    size_t after = (size_t)(ch->n - i - 1);
    memmove(&ch->qbank[i], &ch->qbank[i + 1], after);
    memmove(&ch->qwrite[i], &ch->qwrite[i + 1], after);
    memmove(&ch->qrow[i], &ch->qrow[i + 1], after * sizeof *ch->qrow);
    memmove(&ch->qreq[i], &ch->qreq[i + 1], after * sizeof *ch->qreq);
    ch->n--;
}

int dram_tick(dram_channel *ch, uint64_t now, uint64_t *done)
{
    if (refreshing(ch, now)) return -1;
    update_drain(ch);
    ch->drain_due = 0;
    if (!ch->n || now < ch->no_pick_before) return -1;
    dram_view view = { ch->n, ch->qbank, ch->qrow, ch->qwrite, ch->ready_at, ch->open_row, now, ch->hits };
    int pick = ch->sched->pick(ch, &view);
    if (pick < 0) {
        ch->no_pick_before = first_ready(ch);
        return -1;
    }
    int bank = ch->qbank[pick], write = ch->qwrite[pick], bytes = ch->qreq[pick].bytes, token = ch->qreq[pick].token;
    int64_t row = ch->qrow[pick];
    ch->started_addr = ch->qreq[pick].addr;
    remove_entry(ch, pick);
    ch->writes -= write;
    ch->drain_due = write && ch->p.write_drain > 0;
    uint64_t column_at = now;
    if (ch->open_row[bank] == row) {
        ch->row_hits++;
    } else {
        ch->row_misses++;
        uint64_t activate = now;
        if (ch->open_row[bank] >= 0) {                  /* precharge first, after tRAS */
            uint64_t pre = ch->activated[bank] + (uint64_t)ch->p.tRAS;
            if (pre < now) pre = now;
            activate = pre + (uint64_t)ch->p.tRP;
        }
        activate = activate_slot(ch, activate);
        open_row_to(ch, bank, row);
        ch->activated[bank] = activate;
        column_at = activate + (uint64_t)ch->p.tRCD;
    }
    uint64_t per_cycle = (uint64_t)ch->p.bus_bytes * (uint64_t)ch->p.data_rate;
    uint64_t burst = ((uint64_t)bytes + per_cycle - 1) / per_cycle;
    uint64_t data = column_at + (uint64_t)ch->p.tCL;
    /* the bus turns around between directions (tWTR after write data, tRTW after read data) */
    uint64_t bus_at = ch->bus_free;
    if (write != ch->last_write) bus_at += (uint64_t)(ch->last_write ? ch->p.tWTR : ch->p.tRTW);
    if (data < bus_at) data = bus_at;
    ch->last_write = write;
    ch->bus_free = data + burst;
    ch->ready_at[bank] = column_at + burst;   /* the next column command to this bank */
    ch->bytes += (uint64_t)bytes;
    *done = data + burst;
    /* the next pick waits for a queued request's bank (an empty queue: for
     * the next request's, dram_enqueue) */
    ch->no_pick_before = ch->n ? first_ready(ch) : UINT64_MAX;
    return token;
}

void dram_clear_counters(dram_channel *ch) { ch->row_hits = ch->row_misses = ch->bytes = 0; }

void dram_report(const dram_channel *ch, kernel_stats *st)
{
    st->v[STAT_dram_row_hits] += ch->row_hits;
    st->v[STAT_dram_row_misses] += ch->row_misses;
    st->v[STAT_dram_bytes] += ch->bytes;
}
