/* sim/gpu/gpu_state.h — what outlives a launch: the memory hierarchy, the
 * SMs' instruction caches, the constant caches, the cycle counter and where
 * each kernel's code lies. One per workload (or trace) run; each launch
 * takes it as the previous one left it, less what launch.flush invalidates:
 * none keeps everything, l1 invalidates the L1 data caches (they are not
 * coherent, so the driver invalidates them between kernels), all starts
 * every launch cold at cycle 0 (the model before caches persisted). */
#ifndef WARPSIM_GPU_STATE_H
#define WARPSIM_GPU_STATE_H
#include "mem/memsys.h"
#include "sm/icache.h"
#include "sm/sm_params.h"

typedef struct timing_gpu timing_gpu;

timing_gpu *timing_gpu_new(void);
void timing_gpu_free(timing_gpu *g);
/* forget everything but the code placement: the next launch starts cold */
void timing_gpu_reset(timing_gpu *g);

/* ready g for a launch of `kernel` (ncode instructions) on nsm SMs; the
 * memory system's counters start from zero and it reports to port */
void timing_gpu_begin(timing_gpu *g, const config *cfg, const sm_params *p, const mem_params *mp, int nsm, int npc,
                      mem_sm_port port, const char *kernel, int ncode);
memsys *timing_gpu_mem(timing_gpu *g);
icache_unit *timing_gpu_icache(timing_gpu *g, int sm);   /* NULL: ideal */
cache *timing_gpu_ccache(timing_gpu *g, int sm);         /* NULL: ideal */
uint64_t timing_gpu_code_base(const timing_gpu *g);      /* of the kernel begun last */
uint64_t timing_gpu_cycle(const timing_gpu *g);          /* where the launch starts */
/* the launch ended at cycle `now` with the memory system drained */
void timing_gpu_end(timing_gpu *g, uint64_t now);

#endif
