/* sim/cuda/cudart_views.c — what watches a program's launches under
 * `warpsim cuda`, as under `warpsim run`: --timeline and --report (written
 * at exit), --warp, --banks and --coalesce (printed on stderr as the
 * launches run: the program owns stdout) and --emit-trace (an Accel-Sim
 * trace of every launch, kept only when every launch ran to its end). */
#include "cudart.h"
#include "cuda_env.h"
#include "cli/cli.h"
#include "out/cli_report.h"
#include "out/html_report.h"
#include "out/mem_map.h"
#include "out/obs_tee.h"
#include "out/timeline.h"
#include "out/trace_emit.h"
#include "out/warp_view.h"
#include "util/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static timeline *tl;
static html_report *report;
static trace_emit *emit;
static warp_view *wv;
static mem_map *maps[2];
static obs_tee tee;
static sim_observer tee_obs;
static int broken;   /* a launch did not run to its end: no trace is kept */

/* the value of "key=value" in the views' settings (cuda_env.h), or NULL */
static const char *setting(const char *key, char *buf, size_t len)
{
    const char *s = getenv(CUDA_ENV_VIEWS);
    size_t k = strlen(key);
    for (; s && *s; s += strcspn(s, "\n") + (s[strcspn(s, "\n")] != 0))
        if (!strncmp(s, key, k) && s[k] == '=') {
            snprintf(buf, len, "%.*s", (int)strcspn(s + k + 1, "\n"), s + k + 1);
            return buf;
        }
    return NULL;
}

void cudart_views_open(diag *d)
{
    const char *tpath = getenv(CUDA_ENV_TIMELINE), *rpath = getenv(CUDA_ENV_REPORT);
    char buf[1100];
    if (cudart.functional) return;   /* warpsim cuda refused views for a functional run */
    if (rpath && *rpath) {
        report = html_report_new();
        obs_tee_add(&tee, html_report_observer(report));
    }
    if (tpath && *tpath) {
        timeline_opts o = { 0, UINT64_MAX, 0, UINT64_MAX, 0, 0, 0 };
        if ((tl = timeline_open(tpath, &o, d))) obs_tee_add(&tee, timeline_observer(tl));
    }
    if (setting("emit-trace", buf, sizeof buf) && (emit = trace_emit_open(buf, TRACE_EMIT_DEFAULT_VERSION, d)))
        obs_tee_add(&tee, trace_emit_observer(emit));
    unsigned long long b;
    int w;
    if (setting("warp", buf, sizeof buf) && sscanf(buf, "%llu:%d", &b, &w) == 2) {
        wv = warp_view_new(stderr, b, w);
        obs_tee_add(&tee, warp_view_observer(wv));
    }
    for (int m = 0; m < 2; m++)
        if (setting(m ? "coalesce" : "banks", buf, sizeof buf)
            && (maps[m] = mem_map_new(stderr, m ? MAP_COALESCE : MAP_BANKS, buf, &cudart.cfg, d)))
            obs_tee_add(&tee, mem_map_observer(maps[m]));
    if (tee.n) tee_obs = obs_tee_observer(&tee);
}

const sim_observer *cudart_views_observer(void) { return tee.n ? &tee_obs : NULL; }

void cudart_views_broken(void) { broken = 1; }

void cudart_views_close(const kernel_stats *ks, int nks, const isa_kernel *const *ks_kernel)
{
    diag d;
    diag_init(&d);
    if (tl) timeline_close(tl, 1, &d);
    tl = NULL;
    if (emit) trace_emit_close(emit, !broken, &d);
    emit = NULL;
    if (report) {
        const void **ctx = xcalloc((size_t)(nks ? nks : 1), sizeof *ctx);
        for (int i = 0; i < nks; i++) ctx[i] = ks_kernel[i];
        const char *prog = getenv("WARPSIM_CUDA_PROGRAM");
        html_report_write(report, getenv(CUDA_ENV_REPORT), prog ? prog : "program", cudart.cfg.sval[CFGK_gpu_name],
                          ks, nks, cli_sass_pc_text, ctx, &d);
        free(ctx);
        html_report_free(report);
        report = NULL;
    }
    warp_view_free(wv);
    wv = NULL;
    for (int m = 0; m < 2; m++) mem_map_free(maps[m]);
    maps[0] = maps[1] = NULL;
    if (d.errors) { cli_print_diag(&d); cudart_event_note("bad-input", NULL); }
    diag_free(&d);
}
