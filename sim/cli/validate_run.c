/* sim/cli/validate_run.c — executing the runs of a rows file, several at a time
 * (each run is independent: its own config, workload and memory). */
#include "validate.h"
#include "cli.h"
#include "front/run.h"
#include "front/workload.h"
#include "gpu/timing.h"
#include "util/stop.h"
#include "util/workers.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(val_run *r, const diag *d)
{
    r->status = 1;
    snprintf(r->error, sizeof r->error, "%s", d->len ? d->text : "failed");
    char *nl = r->error + strlen(r->error);
    while (nl > r->error && nl[-1] == '\n') *--nl = 0;
}

static void collect(val_run *r, workload *w, kernel_stats *ks)
{
    r->nk = w->nlaunches;
    for (int i = 0; i < r->nk; i++) {
        r->cycles[i] = ks[i].cycles;
        memcpy(r->counters[i], ks[i].v, sizeof r->counters[i]);
    }
    for (int i = 0; i < w->nreports && r->nreports < VAL_MAX_REPORTS; i++) {
        int64_t n = expr_length(w->reports[i].e, &w->scope, NULL);
        int k = r->nreports++;
        snprintf(r->report_name[k], sizeof r->report_name[k], "%s", w->reports[i].name);
        r->report_first[k] = r->nvalues;
        for (int64_t j = 0; j < (n ? n : 1) && r->nvalues < VAL_MAX_VALUES; j++)
            r->values[r->nvalues++] = expr_at(w->reports[i].e, &w->scope, (uint64_t)j);
        r->report_count[k] = r->nvalues - r->report_first[k];
    }
}

static void execute_one(val_run *r, const config *base, const char *workloads)
{
    diag d;
    diag_init(&d);
    config *cfg = xmalloc(sizeof *cfg);
    *cfg = *base;
    workload *w = xcalloc(1, sizeof *w);
    kernel_stats *ks = NULL;
    char path[512];
    snprintf(path, sizeof path, "%s/%s", workloads, r->file);
    for (int i = 0; i < r->nsets && !d.errors; i++) config_set(cfg, r->sets[i], &d);
    timing_one_thread_unless_set(cfg);   /* the rows run side by side (-j) */
    if (!d.errors) config_validate(cfg, &d);
    if (!d.errors && !workload_load(w, path, &d)) {
        for (int i = 0; i < r->ndefines && !d.errors; i++) workload_define(w, r->defines[i], &d);
        if (!d.errors) workload_prepare(w, (int)CFG(cfg, gpu_sass_arch), &d);
        if (!d.errors && w->nlaunches > VAL_MAX_LAUNCHES)
            diag_error(&d, "%s: %d launches; a validation row keeps the figures of at most %d", path, w->nlaunches, VAL_MAX_LAUNCHES);
        if (!d.errors) ks = xcalloc((size_t)w->nlaunches + 1, sizeof *ks);
    }
    if (!d.errors) {
        func_options fo = { 0, 100000, NULL, NULL, 0, NULL };   /* as warpsim run */
        func_status st = workload_run(w, cfg, &fo, 0, NULL, ks, &d);
        r->ran = st == FUNC_STOPPED ? 2 : 1;
        if (st != FUNC_OK && !d.errors) diag_error(&d, "the run stopped before the end");
        for (int i = 0; i < w->nchecks && !d.errors; i++)
            if (!workload_check(w, i, &d)) diag_error(&d, "the workload's check failed: its figures are not used");
        if (!d.errors) collect(r, w, ks);
        for (int i = 0; i < w->nlaunches; i++) stats_free(&ks[i]);
    }
    if (!r->ran) r->ran = 1;
    r->clock_mhz = (double)CFG(cfg, gpu_clock_mhz);
    r->warp_size = (int)CFG(cfg, sm_warp_size);
    if (d.errors) fail(r, &d);
    workload_free(w);
    free(w);
    free(ks);
    free(cfg);
    diag_free(&d);
}

typedef struct {
    val_run *runs;
    config *cfgs;
    int nruns, next;
    const char *workloads;
    pthread_mutex_t lock;
} pool;

static void *worker(void *arg)
{
    pool *p = arg;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        int i = p->next++;
        pthread_mutex_unlock(&p->lock);
        if (i >= p->nruns || stop_signal()) return NULL;   /* after a stop request no run starts */
        if (p->runs[i].wanted && !p->runs[i].status) execute_one(&p->runs[i], &p->cfgs[i], p->workloads);
    }
}

int validate_preflight(val_file *f, const char *workloads)
{
    int bad = 0;
    config *cfg = xmalloc(sizeof *cfg);
    for (int i = 0; i < f->nruns; i++) {
        val_run *r = &f->runs[i];
        if (!r->wanted) continue;
        diag d;
        diag_init(&d);
        config_defaults(cfg);
        if (r->config[0]) cli_load_config(cfg, r->config, &d);
        for (int k = 0; k < r->nsets && !d.errors; k++) config_set(cfg, r->sets[k], &d);
        timing_one_thread_unless_set(cfg);
        if (!d.errors) config_validate(cfg, &d);
        workload *w = xcalloc(1, sizeof *w);
        char path[512];
        snprintf(path, sizeof path, "%s/%s", workloads, r->file);
        if (!d.errors && !workload_load(w, path, &d))
            for (int k = 0; k < r->ndefines && !d.errors; k++) workload_define(w, r->defines[k], &d);
        /* the lets, buffers (allocated lazily: cheap) and launch arguments */
        if (!d.errors) workload_prepare(w, (int)CFG(cfg, gpu_sass_arch), &d);
        if (d.errors) {
            diag_at(f->d, f->path, r->line, 1, NULL, "run '%s' cannot start (nothing has run):", r->name);
            diag_append(f->d, "%s", d.text);
            bad = 1;
        }
        workload_free(w);
        free(w);
        diag_free(&d);
    }
    free(cfg);
    return bad;
}

void validate_execute(val_run *runs, int nruns, int jobs, const char *workloads)
{
    /* configs are read here, in one thread: the config search path is shared */
    config *cfgs = xcalloc((size_t)nruns, sizeof *cfgs);
    for (int i = 0; i < nruns; i++) {
        if (!runs[i].wanted) continue;
        diag d;
        diag_init(&d);
        config_defaults(&cfgs[i]);
        if (runs[i].config[0]) cli_load_config(&cfgs[i], runs[i].config, &d);
        if (d.errors) fail(&runs[i], &d);
        diag_free(&d);
    }
    pool p = { runs, cfgs, nruns, 0, workloads, PTHREAD_MUTEX_INITIALIZER };
    workers_run(jobs > 16 ? 16 : jobs, worker, &p);
    free(cfgs);
}
