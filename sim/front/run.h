/* sim/front/run.h — running a prepared workload. */
#ifndef WARPSIM_RUN_H
#define WARPSIM_RUN_H
#include "exec/func.h"
#include "workload.h"
#include "launch_select.h"

/* every launch in order; ks receives one kernel_stats per launch (at most
 * the 32 launches a workload may have). A timed run (not functional) times
 * the launches sel picks (NULL: all) and runs the others functionally.
 * FUNC_BAD_LAUNCH and FUNC_FAULT are reported in d. */
func_status workload_run(workload *w, const config *cfg, const func_options *fo, int functional,
                         launch_select *sel, kernel_stats *ks, diag *d);

#endif
