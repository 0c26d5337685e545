/* sim/front/trace_run.h — simulating one kernel of a recorded trace on a config. */
#ifndef WARPSIM_TRACE_RUN_H
#define WARPSIM_TRACE_RUN_H
#include "gpu/timing.h"
#include "trace.h"

/* run kernel k (opened, header read) cycle by cycle on gpu (kept between
 * the kernels of a trace; NULL: a cold one); stats receive the counters;
 * errors (bad lines, missing units) are reported in d */
struct timing_gpu;
func_status trace_run_kernel(trace_kernel *k, const config *cfg, struct timing_gpu *gpu, kernel_stats *stats, diag *d);

#endif
