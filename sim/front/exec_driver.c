/* sim/front/exec_driver.c — the execution-driven driver of the cycle loop:
 * blocks and warps of sim/exec/warpexec.c executed as the SMs issue them,
 * watched by the run's observer. The trace reader's driver is trace_run.c. */
#include "exec_driver.h"
#include "exec/isrc_func.h"
#include "exec/observer.h"
#include "gpu/timing.h"
#include "gpu/sample_watch.h"
#include "sm/sm_params.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

/* every unit class the kernel uses must exist in the config */
static int check_units(const isa_kernel *k, const sm_params *p, const config *cfg, diag *d)
{
    for (int pc = 0; pc < k->ncode; pc++) {
        isa_unit u = isa_ops[k->code[pc].op].unit;
        if (p->unit[u].count) continue;
        diag_error(d, "%s:%d: kernel '%s' uses %s, which needs a %s unit, but %s has unit_%s.count = 0",
                   k->file, k->code[pc].line, k->name, isa_ops[k->code[pc].op].mnemonic, isa_unit_name(u),
                   cfg->sval[CFGK_gpu_name], isa_unit_name(u));
        return -1;
    }
    return 0;
}

typedef struct {
    xrun run;
    const sim_observer *obs; /* who watches the run, or NULL */
    char **texts;            /* each pc's disassembly and line, for the observers: */
    int *lines;              /* kept from kernel_begin to kernel_end */
} xdriver;

static int x_start_block(timing_driver *t, int slot)
{
    xdriver *x = t->ctx;
    int started = xrun_start_block(&x->run, slot);
    if (started > 0 && x->obs && x->obs->block_start)
        x->obs->block_start(x->obs->ctx, slot, x->run.blocks[slot].ctaid, x->run.warps_per_block);
    return started;
}

static int x_block_finished(timing_driver *t, int slot)
{
    xdriver *x = t->ctx;
    xblock *b = &x->run.blocks[slot];
    if (!b->active || b->live_warps) return 0;
    b->active = 0;
    if (x->obs && x->obs->block_end) x->obs->block_end(x->obs->ctx, slot, x->run.d);
    return 1;
}

static void x_end_cycle(timing_driver *t) { xrun_end_cycle(&((xdriver *)t->ctx)->run); }
static void x_sm_window_end(timing_driver *t, int sm) { xrun_commit_early(&((xdriver *)t->ctx)->run, sm); }
/* 256 pages (1 MB) ahead of a stream's touch: several windows of an H100's
 * traffic (3.35 TB/s at 1.6 GHz is about 2 KB a cycle, 120 KB a window of
 * 60 cycles), also where blocks of a grid-stride loop touch its pages out
 * of order (h100 gpu3 at full size: 64 KB left 11% of the run serial, 1 MB
 * 9%; an estimate, not a fit). At most 4096 jobs (16 MB) wait */
#define FILL_AHEAD_PAGES 256
#define FILL_AHEAD_JOBS 4096
static int x_fill_jobs(timing_driver *t) { return gmem_prefill_jobs(((xdriver *)t->ctx)->run.mem); }
static void x_fill_run(timing_driver *t, int part, int parts) { gmem_prefill_run(((xdriver *)t->ctx)->run.mem, part, parts); }
static void x_fill_end(timing_driver *t) { gmem_prefill_end(((xdriver *)t->ctx)->run.mem); }
static void x_take_fault(timing_driver *t, int sm) { xrun_take_fault(&((xdriver *)t->ctx)->run, sm); }

static uint64_t x_warp_age(timing_driver *t, int xw) { return ((xdriver *)t->ctx)->run.warps[xw].age; }

static int x_deadlocked(timing_driver *t)
{
    xdriver *x = t->ctx;
    if (!xrun_deadlocked(&x->run)) return 0;
    xrun_report_deadlock(&x->run);
    return 1;
}

static void x_report_stop(timing_driver *t, const char *why)
{
    xdriver *x = t->ctx;
    diag_error(x->run.d, "kernel '%s' %s; the statistics are partial. Each resident warp:", x->run.k->name, why);
}

static void x_describe_warp(timing_driver *t, int xw, const char *waits)
{
    xrun_describe_warp(&((xdriver *)t->ctx)->run, xw, waits);
}

/* the launch's static facts for the observers: every pc's facts, text and line */
static int announce_kernel(xdriver *x, const isrc_func *src, const func_launch *l, diag *d)
{
    const isa_kernel *k = x->run.k;
    x->texts = xcalloc((size_t)k->ncode + 1, sizeof *x->texts);
    x->lines = xcalloc((size_t)k->ncode + 1, sizeof *x->lines);
    for (int pc = 0; pc < k->ncode; pc++) {
        char buf[200];
        isa_disasm(k, &k->code[pc], buf, sizeof buf);
        x->texts[pc] = xstrdup(buf);
        x->lines[pc] = k->code[pc].line;
    }
    obs_kernel ok = { k->name, l->grid, l->block, (int)k->shared_bytes, k->nregs, k->ncode, src->table,
                      (const char *const *)x->texts, x->lines, k->srcloc };
    return x->obs->kernel_begin(x->obs->ctx, &ok, d);
}

static void forget_texts(xdriver *x)
{
    for (int pc = 0; x->texts && pc < x->run.k->ncode; pc++) free(x->texts[pc]);
    free(x->texts);
    free(x->lines);
}

func_status exec_driver_run(const func_launch *l, gmem *mem, const config *cfg, const func_options *opt,
                            kernel_stats *stats, uint64_t *used, diag *d)
{
    sm_params p;
    stats->timed = 1;
    if (sm_params_load(&p, cfg, d) || check_units(l->kernel, &p, cfg, d)) return FUNC_BAD_LAUNCH;
    xdriver *x = xcalloc(1, sizeof *x);
    x->obs = opt ? opt->observer : NULL;
    func_status status = xrun_init(&x->run, l, mem, cfg, opt, stats, used, d, (int)CFG(cfg, sm_count));
    if (status != FUNC_OK || !x->run.nslots) { xrun_free(&x->run); free(x); return status; }
    /* SMs in windows defer global memory to the window's end */
    xrun_set_timed(&x->run, timing_defers(cfg));
    if (timing_defers(cfg) && !x->obs && timing_threads(cfg) > 1) xrun_set_threaded(&x->run);
    isrc_func src;
    isrc_func_init(&src, &x->run);
    if (x->obs && x->obs->kernel_begin && announce_kernel(x, &src, l, d)) status = FUNC_BAD_LAUNCH;
    timing_driver t = { x, &src.src, x->run.k->name, x->run.warps_per_block, x->run.blocks_per_sm, x->run.k->ncode,
                        x_start_block, x_block_finished, x_warp_age, x_deadlocked, &x->run.cycle, x->obs,
                        opt ? opt->gpu : NULL, (int)x->run.k->shared_bytes, x_end_cycle, CFG(cfg, sim_early_loads) ? x_sm_window_end : NULL, x_take_fault,
                        x_report_stop, x_describe_warp, opt ? opt->max_cycles : 0, x->run.total_blocks,
                        &x->run.cycle_stride, x_fill_jobs, x_fill_run, x_fill_end,
                        opt && !x->obs ? opt->sample : NULL };
    /* with SMs in windows, pages of global memory are filled ahead of a
     * stream of first touches on the memory side's threads: a first touch
     * would fill its page in end_cycle, on one thread. On for one thread
     * too, so that its run measures what threads could share (the host
     * object's shares) and holds the same pages */
    if (timing_defers(cfg)) gmem_prefill(mem, FILL_AHEAD_PAGES, FILL_AHEAD_JOBS);
    if (status == FUNC_OK) status = timing_run_driver(&t, cfg, stats, d);
    if (x->obs && x->obs->kernel_end && x->obs->kernel_end(x->obs->ctx, d) && status == FUNC_OK) status = FUNC_BAD_LAUNCH;
    gmem_prefill(mem, 0, 0);
    /* sampled: the timing model stopped once the IPC was stable; the rest
     * of the launch runs functionally (sample_plan.h projects its cycles) */
    if (status == FUNC_OK && t.sample && t.sample->stopped) status = func_finish(&x->run);
    forget_texts(x);
    isrc_func_free(&src);
    xrun_free(&x->run);
    free(x);
    return status;
}
