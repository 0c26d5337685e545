/* sim/front/run.c — run every launch of a workload in order, functional or timed. */
#include "run.h"
#include "exec_driver.h"
#include "gpu/gpu_state.h"
#include "sample_plan.h"
#include "util/xalloc.h"
#include <stdlib.h>

func_status workload_run(workload *w, const config *cfg, const func_options *fo, int functional,
                         launch_select *sel, kernel_stats *ks, diag *d)
{
    uint64_t used = 0;
    /* the launches of one workload run on one GPU: caches persist between
     * them as launch.flush says */
    func_options opts = fo ? *fo : (func_options){ 0 };
    opts.gpu = functional ? NULL : timing_gpu_new();
    func_status result = FUNC_OK;
    /* --sample: the plan picks the launches the timing model runs */
    sample_plan *plan = !functional && CFG(cfg, sample_enabled) ? sample_plan_new(cfg) : NULL;
    sample_watch watch;
    for (int i = 0; i < w->nlaunches && result == FUNC_OK; i++) {
        uint8_t *cbank = xmalloc(w->launches[i].k->cbank_bytes);
        uint32_t size = 0, grid[3] = { 0 }, block[3] = { 0 };
        if (workload_cbank(w, i, cbank, &size, grid, block, d)) { free(cbank); result = FUNC_BAD_LAUNCH; break; }
        /* dynamic shared memory (shared=BYTES) extends the kernel's own */
        isa_kernel with_shared = *w->launches[i].k;
        if (workload_dynamic_shared(w, i, &with_shared.shared_bytes, d)) { free(cbank); result = FUNC_BAD_LAUNCH; break; }
        func_launch l = { &with_shared, asm_kernel_source(&w->prog, w->launches[i].k), { grid[0], grid[1], grid[2] },
                          { block[0], block[1], block[2] }, cbank, size };
        int timed = !functional && launch_select_take(sel, w->launches[i].k->name);
        int sampled = timed && plan;
        if (sampled) timed = sample_plan_begin(plan, w->launches[i].k->name, grid, block, &watch);
        opts.sample = sampled && timed ? &watch : NULL;
        result = timed ? exec_driver_run(&l, w->mem, cfg, &opts, &ks[i], &used, d)
                       : func_run(&l, w->mem, cfg, &opts, &ks[i], &used, d);
        if (sampled && result == FUNC_OK) sample_plan_end(plan, &ks[i], timed, &watch);
        free(cbank);
        for (int k = 0; k < 3; k++) { ks[i].grid[k] = grid[k]; ks[i].block[k] = block[k]; }
        if (result == FUNC_BAD_LAUNCH)
            diag_note_at(d, w->prog.src.path, w->launches[i].line, w->launches[i].col,
                         src_line(&w->prog.src, w->launches[i].line), "in this launch");
    }
    sample_plan_free(plan);
    timing_gpu_free(opts.gpu);
    return result;
}
