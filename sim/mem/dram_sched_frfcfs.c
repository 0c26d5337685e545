/* sim/mem/dram_sched_frfcfs.c — FR-FCFS (Rixner et al., ISCA 2000): the
 * oldest request that hits its bank's open row, else the oldest request
 * whose bank is ready; with dram.write_drain, those of the direction being
 * served first. */
#include "dram.h"

/* dir: the direction that goes first (dram_direction), -1 any. One pass:
 * the first ready row hit, else the first ready request */
static int pick_in(const dram_channel *ch, const dram_entry *q, int n, uint64_t now, int dir)
{
    int first = -1;
    for (int i = 0; i < n; i++) {
        if ((dir >= 0 && q[i].write != dir) || !dram_bank_ready(ch, q[i].bank, now)) continue;
        if (dram_open_row(ch, q[i].bank) == q[i].row) return i;
        if (first < 0) first = i;
    }
    return first;
}

/* with a write drain (dram.write_drain) the direction it names goes first,
 * and the other waits while any request of that direction is queued (a
 * turnaround costs more than a busy bank's wait) */
static int frfcfs_pick(const dram_channel *ch, const dram_entry *q, int n, uint64_t now)
{
    int dir = dram_direction(ch), i = pick_in(ch, q, n, now, dir);
    if (i >= 0 || dir < 0) return i;
    for (int k = 0; k < n; k++)
        if (q[k].write == dir) return -1;
    return pick_in(ch, q, n, now, -1);
}

const dram_scheduler dram_sched_frfcfs = { "frfcfs", frfcfs_pick };
