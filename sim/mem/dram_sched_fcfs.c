/* sim/mem/dram_sched_fcfs.c — first come, first served: only the oldest
 * request may start, when its bank is ready; row hits behind it wait. */
#include "dram.h"

static int fcfs_pick(const dram_channel *ch, const dram_view *q)
{
    return q->n && q->ready_at[q->bank[0]] <= q->now ? 0 : -1;
}

const dram_scheduler dram_sched_fcfs = { "fcfs", fcfs_pick };
