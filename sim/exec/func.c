/* sim/exec/func.c — the functional runner: no timing. Resident blocks (as many
 * as the config's occupancy allows on all SMs) run round robin, each warp a
 * short quantum at a time, so that warps of different blocks interleave and
 * atomics, locks and persistent-thread queues behave as on a GPU. */
#include "warpexec.h"
#include "util/stop.h"
#include "util/progress.h"
#include <inttypes.h>
#include <stdio.h>

#define QUANTUM 64   /* instructions a warp runs before the next warp's turn */

/* run one warp for up to QUANTUM instructions; returns -1 on a fault */
static int run_warp(xrun *r, xwarp *w)
{
    xstep step;
    for (int n = 0; n < QUANTUM && !w->done && !w->at_barrier; n++) {
        if (xrun_count(r, w)) return -1;
        if (xrun_step(r, w, r->st, &step)) return -1;
        if (w->spinning) break;
    }
    return 0;
}

/* every active block's warps a quantum at a time, a finished block's slot
 * refilled, until the grid is done */
static func_status run_blocks(xrun *r)
{
    func_status status = FUNC_OK;
    kernel_stats *stats = r->st;
    for (int busy = 1; busy && status == FUNC_OK;) {
        busy = 0;
        for (int s = 0; s < r->nslots && status == FUNC_OK; s++) {
            xblock *b = &r->blocks[s];
            if (!b->active) continue;
            for (int i = 0; i < b->nwarps; i++)
                if (run_warp(r, &r->warps[b->first_warp + i])) { status = FUNC_FAULT; break; }
            if (status == FUNC_OK && b->live_warps == 0) {
                b->active = 0;
                xrun_start_block(r, s);
            }
            busy |= b->active;
        }
        if (status == FUNC_OK && busy && xrun_deadlocked(r)) {
            xrun_report_deadlock(r);
            status = FUNC_FAULT;
        }
        progress_tick(r->k->name, 0, *r->used, r->next_block, r->total_blocks);
        if (status == FUNC_OK && busy && stop_signal()) {
            char why[96];
            snprintf(why, sizeof why, "stopped by %s at warp instruction %" PRIu64, stop_signal_name(stop_signal()), *r->used);
            xrun_report_stop(r, why);
            stats->partial = 1;
            status = FUNC_STOPPED;
        }
    }
    return status;
}

func_status func_run(const func_launch *l, gmem *mem, const config *cfg, const func_options *opt,
                     kernel_stats *stats, uint64_t *used, diag *d)
{
    xrun r;
    func_status status = xrun_init(&r, l, mem, cfg, opt, stats, used, d, (int)CFG(cfg, sm_count));
    if (status != FUNC_OK || !r.nslots) { xrun_free(&r); return status; }
    for (int s = 0; s < r.nslots; s++) xrun_start_block(&r, s);
    status = run_blocks(&r);
    xrun_free(&r);
    return status;
}

func_status func_finish(xrun *r)
{
    /* the timing model's mode ends: every warp executes through the first
     * SM's state, global accesses at once, the clock counts instructions */
    for (int m = 0; m < r->nsm; m++) {
        xrun_take_fault(r, m);
        r->sms[m].d = r->d;
        r->sms[m].env.defer_global = 0;
    }
    r->timed = 0;
    r->cycle = NULL;
    /* slots the timing model left empty take the grid's next blocks */
    for (int s = 0; s < r->nslots; s++)
        if (!r->blocks[s].active) xrun_start_block(r, s);
    return run_blocks(r);
}
