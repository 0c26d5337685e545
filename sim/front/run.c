/* sim/front/run.c — run every launch of a workload in order, functional or timed. */
#include "run.h"
#include "exec_driver.h"

func_status workload_run(workload *w, const config *cfg, const func_options *fo, int functional,
                         kernel_stats *ks, diag *d)
{
    uint64_t used = 0;
    for (int i = 0; i < w->nlaunches; i++) {
        uint8_t cbank[ISA_PARAM_BASE + 32 * 8];
        uint32_t size = 0, grid[3] = { 0 }, block[3] = { 0 };
        if (workload_cbank(w, i, cbank, &size, grid, block, d)) return FUNC_BAD_LAUNCH;
        func_launch l = { w->launches[i].k, &w->prog.src, { grid[0], grid[1], grid[2] },
                          { block[0], block[1], block[2] }, cbank, size };
        func_status st = functional ? func_run(&l, w->mem, cfg, fo, &ks[i], &used, d)
                                    : exec_driver_run(&l, w->mem, cfg, fo, &ks[i], &used, d);
        if (st == FUNC_BAD_LAUNCH)
            diag_append(d, "%s:%d: note: in this launch\n", w->prog.src.path, w->launches[i].line);
        if (st != FUNC_OK) return st;
    }
    return FUNC_OK;
}
