/* sim/front/exec_driver.h — a launch run cycle by cycle while its warps
 * execute (execution-driven), on the GPU's cycle loop (gpu/timing.h). */
#ifndef WARPSIM_EXEC_DRIVER_H
#define WARPSIM_EXEC_DRIVER_H
#include "exec/func.h"

func_status exec_driver_run(const func_launch *l, gmem *mem, const config *cfg, const func_options *opt,
                            kernel_stats *stats, uint64_t *instructions_used, diag *d);

#endif
