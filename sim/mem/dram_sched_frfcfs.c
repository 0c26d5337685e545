/* sim/mem/dram_sched_frfcfs.c — FR-FCFS (Rixner et al., ISCA 2000): the
 * oldest request that hits its bank's open row, else the oldest request
 * whose bank is ready; with dram.write_drain, those of the direction being
 * served first. */
#include "dram.h"

/* dir: the direction that goes first (dram_direction), -1 any. One pass:
 * the first ready row hit, else the first ready request */
static int pick_in(const dram_view *q, int dir)
{
    int first = -1;
    for (int i = 0; i < q->n; i++) {
        int b = q->bank[i];
        if (q->ready_at[b] > q->now || (dir >= 0 && q->write[i] != dir)) continue;
        if (!q->hits || q->open_row[b] == q->row[i]) return i;   /* no row hit queued: the first ready */
        if (first < 0) first = i;
    }
    return first;
}

/* with a write drain (dram.write_drain) the direction it names goes first,
 * and the other waits while any request of that direction is queued (a
 * turnaround costs more than a busy bank's wait) */
static int frfcfs_pick(const dram_channel *ch, const dram_view *q)
{
    int dir = dram_direction(ch), i = pick_in(q, dir);
    if (i >= 0 || dir < 0) return i;
    for (int k = 0; k < q->n; k++)
        if (q->write[k] == dir) return -1;
    return pick_in(q, -1);
}

const dram_scheduler dram_sched_frfcfs = { "frfcfs", frfcfs_pick };
