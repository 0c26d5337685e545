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
/* the same, sampled (docs/sampling.md): timed or not (counted only); timed
 * with a watch, the timing stops once the IPC is stable and the rest is
 * counted only */
struct sample_watch;
func_status trace_run_sampled(trace_kernel *k, const config *cfg, struct timing_gpu *gpu, kernel_stats *stats,
                              struct sample_watch *watch, int timed, diag *d);

/* run the kernels of a trace list in order on one GPU (their caches are
 * shared), into ks[] and st[] (room for max kernels); *nk counts the
 * kernels opened, which keep their texts for the per-PC views; *copies and
 * *bytes count the host-to-device copies. FUNC_OK, FUNC_FAULT (a stuck
 * kernel), or FUNC_BAD_LAUNCH (a file or line that cannot be read: in d) */
func_status trace_run_list(const trace_cmd *cmds, int ncmds, const config *cfg, trace_kernel *ks, kernel_stats *st,
                           int max, int *nk, uint64_t *copies, uint64_t *bytes, diag *d);

#endif
