/* sim/timing.h — the cycle-level run of a launch: CTA dispatch onto SMs
 * within the occupancy limits, every SM ticked each cycle, blocks refilled
 * as they finish, deadlocks detected. */
#ifndef WARPSIM_TIMING_H
#define WARPSIM_TIMING_H
#include "func.h"

func_status timing_run(const func_launch *l, gmem *mem, const config *cfg, const func_options *opt,
                       kernel_stats *stats, uint64_t *instructions_used, diag *d);

#endif
