/* sim/mem/dram_sched_fcfs.c — first come, first served: only the oldest
 * request may start, when its bank is ready; row hits behind it wait. */
#include "dram.h"

static int fcfs_pick(const dram_channel *ch, const dram_entry *q, int n, uint64_t now)
{
    return n && dram_bank_ready(ch, q[0].bank, now) ? 0 : -1;
}

const dram_scheduler dram_sched_fcfs = { "fcfs", fcfs_pick };
