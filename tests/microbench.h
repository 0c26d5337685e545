/* tests/microbench.h — run a shipped workload on a shipped config, timed,
 * and keep what the tests of the timing model and the memory system read. */
#ifndef WARPSIM_TEST_MICROBENCH_H
#define WARPSIM_TEST_MICROBENCH_H
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front/run.h"
#include "front/workload.h"
#include "exec/observer.h"

typedef struct {
    int status;
    kernel_stats ks[32];
    int nk;
    double report[64];
    int nreport;
    config cfg;
    uint64_t worst_lds[8];     /* per launch: worst bank conflict of its LDS instructions */
    double lines_per_ldg[8];   /* per launch: line requests per LDG execution */
} result;

static inline const char *top(void)
{
    const char *t = getenv("top_srcdir");
    return t && *t ? t : ".";
}

/* run workloads/microbench/FILE on configs/CFG.cfg with a --set and a -D,
 * watched by obs (exec/observer.h) unless NULL */
static inline void run_observed(const char *file, const char *cfgname, const char *set, const char *define,
                                const sim_observer *obs, result *out)
{
    char path[512];
    diag d;
    diag_init(&d);
    memset(out, 0, sizeof *out);
    config_defaults(&out->cfg);
    snprintf(path, sizeof path, "%s/configs/%s.cfg", top(), cfgname);
    ck_assert_msg(config_load(&out->cfg, path, &d) == 0, "%s", d.text);
    char list[256];
    /* set and define may each hold several assignments separated by ';' */
    snprintf(list, sizeof list, "%s", set ? set : "");
    for (char *tok = strtok(list, ";"); tok; tok = strtok(NULL, ";"))
        ck_assert_msg(config_set(&out->cfg, tok, &d) == 0, "%s", d.text);
    workload *w = calloc(1, sizeof *w);
    snprintf(path, sizeof path, "%s/workloads/%s", top(), file);
    ck_assert_msg(workload_load(w, path, &d) == 0, "%s", d.text);
    snprintf(list, sizeof list, "%s", define ? define : "");
    for (char *tok = strtok(list, ";"); tok; tok = strtok(NULL, ";"))
        ck_assert_msg(workload_define(w, tok, &d) == 0, "%s", d.text);
    ck_assert_msg(workload_prepare(w, -1, &d) == 0, "%s", d.text);
    func_options fo = { 0, 100000, obs, NULL, 0, NULL };
    out->status = workload_run(w, &out->cfg, &fo, 0, NULL, out->ks, &d);
    ck_assert_msg(out->status == FUNC_OK, "%s on %s: %s", file, cfgname, d.text);
    out->nk = w->nlaunches;
    for (int r = 0; r < w->nreports; r++) {
        int64_t n = expr_length(w->reports[r].e, &w->scope, NULL);
        for (int64_t k = 0; k < (n ? n : 1) && out->nreport < 64; k++)
            out->report[out->nreport++] = expr_at(w->reports[r].e, &w->scope, (uint64_t)k);
    }
    for (int i = 0; i < out->nk && i < 8; i++) {
        const isa_kernel *k = w->launches[i].k;
        uint64_t lines = 0, execs = 0;
        for (int pc = 0; pc < k->ncode; pc++) {
            const pc_stats *ps = &out->ks[i].per_pc[pc];
            if (k->code[pc].op == OP_LDS && ps->worst_conflict > out->worst_lds[i]) out->worst_lds[i] = ps->worst_conflict;
            if (k->code[pc].op == OP_LDG) { lines += ps->lines; execs += ps->executions; }
        }
        out->lines_per_ldg[i] = execs ? (double)lines / (double)execs : 0;
    }
    for (int i = 0; i < out->nk; i++) stats_free(&out->ks[i]);
    workload_free(w);
    free(w);
    diag_free(&d);
}

static inline void run(const char *file, const char *cfgname, const char *set, const char *define, result *out)
{
    run_observed(file, cfgname, set, define, NULL, out);
}

/* lane operations per cycle of launch i, without the branch unit's */
static inline double ops_per_cycle(const result *r, int i)
{
    const kernel_stats *s = &r->ks[i];
    return (double)(s->v[STAT_thread_instructions] - 32 * s->v[STAT_branches]) / (double)s->cycles;
}

#endif
