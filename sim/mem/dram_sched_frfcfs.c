/* sim/mem/dram_sched_frfcfs.c — FR-FCFS (Rixner et al., ISCA 2000): the
 * oldest request that hits its bank's open row, else the oldest request
 * whose bank is ready. */
#include "dram.h"

static int frfcfs_pick(const dram_channel *ch, const dram_entry *q, int n, uint64_t now)
{
    for (int i = 0; i < n; i++)
        if (dram_bank_ready(ch, q[i].bank, now) && dram_open_row(ch, q[i].bank) == q[i].row) return i;
    for (int i = 0; i < n; i++)
        if (dram_bank_ready(ch, q[i].bank, now)) return i;
    return -1;
}

const dram_scheduler dram_sched_frfcfs = { "frfcfs", frfcfs_pick };
