/* sim/sweep/sweep_point.c — one point of a sweep: configure, run the workload
 * or trace as `warpsim run`/`warpsim trace` would, and leave two files,
 * DIR/points/ID.csv (one row per kernel, or one row saying why it failed)
 * and DIR/points/ID.json. Files are renamed into place when complete, so an
 * interrupted sweep never leaves a half point. */
#include "sweep.h"
#include "cli/cli.h"
#include "front/run.h"
#include "front/trace_run.h"
#include "front/workload.h"
#include "gpu/timing.h"
#include "out/cli_report.h"
#include "out/stats_csv.h"
#include "util/json.h"
#include "util/xalloc.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { POINT_TRACE_KERNELS = 64 };   /* a trace list's launches a point holds (trace_run_list's room) */

typedef struct {
    int status;                  /* EXIT_* */
    int stopped;                 /* a stop request (SIGINT, SIGTERM) ended the run part way */
    char message[512];           /* first line of what went wrong */
    const char *check;           /* pass, fail, none */
    int nk;
    kernel_stats *ks;            /* nk of them (room for every launch of the input) */
    const void **pc_ctx;
    cli_pc_text pc_text;
    char config_name[64];
    workload *w;
    trace_kernel *tk;
} point_out;

static const char *const status_names[] = { "pass", "check_failed", "bad_input", "fault" };

static void take_message(point_out *o, diag *d)
{
    if (!d->len || o->message[0]) return;
    const char *t = d->text;
    if (!strncmp(t, "error: ", 7)) t += 7;
    size_t n = strcspn(t, "\n");
    snprintf(o->message, sizeof o->message, "%.*s", (int)(n < 511 ? n : 511), t);
}

/* axis i's setting at point p, as --set or -D takes it: NAME=VALUE */
static void assignment(const sweep_spec *s, const sweep_point *p, int i, char *buf, size_t len)
{
    snprintf(buf, len, "%s=%s", s->axes[i].name, s->axes[i].values[p->value[i]]);
}

static int is_trace(const char *path)
{
    size_t n = strlen(path);
    return (n >= 2 && !strcmp(path + n - 2, ".g")) || strstr(path, ".traceg");
}

static void run_sass(const sweep_spec *s, const sweep_point *p, config *cfg, point_out *o, diag *d)
{
    o->w = xcalloc(1, sizeof *o->w);
    o->pc_text = cli_sass_pc_text;
    if (workload_load(o->w, s->inputs[p->input], d)) return;
    for (int i = 0; i < s->ndefines && !d->errors; i++) workload_define(o->w, s->defines[i], d);
    for (int i = 0; i < s->naxes && !d->errors; i++) {
        if (s->axes[i].kind != AXIS_DEFINE) continue;
        char def[256];
        assignment(s, p, i, def, sizeof def);
        workload_define(o->w, def, d);
    }
    if (d->errors || workload_prepare(o->w, (int)CFG(cfg, gpu_sass_arch), d)) return;
    o->ks = xcalloc((size_t)o->w->nlaunches + 1, sizeof *o->ks);
    o->pc_ctx = xcalloc((size_t)o->w->nlaunches + 1, sizeof *o->pc_ctx);
    func_options fo = { 0, 100000, NULL, NULL, 0, NULL };
    func_status st = workload_run(o->w, cfg, &fo, s->functional, NULL, o->ks, d);
    o->nk = o->w->nlaunches;
    for (int i = 0; i < o->nk; i++) o->pc_ctx[i] = o->w->launches[i].k;
    o->stopped = st == FUNC_STOPPED;
    if (st != FUNC_OK) { o->status = st == FUNC_BAD_LAUNCH ? EXIT_BAD_INPUT : EXIT_FAULT; return; }
    int all = 1;
    for (int i = 0; i < o->w->nchecks; i++) all &= workload_check(o->w, i, d);
    o->check = o->w->nchecks == 0 ? "none" : all ? "pass" : "fail";
    o->status = d->errors ? EXIT_BAD_INPUT : all ? EXIT_PASS : EXIT_CHECK_FAILED;
    if (!all && !o->message[0]) snprintf(o->message, sizeof o->message, "a check of the workload failed");
}

static void run_trace(const sweep_spec *s, const sweep_point *p, config *cfg, point_out *o, diag *d)
{
    trace_cmd *cmds = NULL;
    int ncmds = 0;
    o->pc_text = cli_trace_pc_text;
    if (trace_list_read(s->inputs[p->input], &cmds, &ncmds, d)) { free(cmds); return; }
    o->tk = xcalloc(POINT_TRACE_KERNELS, sizeof *o->tk);
    o->ks = xcalloc(POINT_TRACE_KERNELS, sizeof *o->ks);
    o->pc_ctx = xcalloc(POINT_TRACE_KERNELS, sizeof *o->pc_ctx);
    uint64_t copies = 0, bytes = 0;
    func_status fs = trace_run_list(cmds, ncmds, cfg, o->tk, o->ks, POINT_TRACE_KERNELS, &o->nk, &copies, &bytes, d);
    for (int i = 0; i < o->nk; i++) o->pc_ctx[i] = &o->tk[i];
    o->stopped = fs == FUNC_STOPPED;
    o->status = fs == FUNC_OK && !d->errors ? EXIT_PASS : fs == FUNC_FAULT ? EXIT_FAULT : EXIT_BAD_INPUT;
    o->check = "none";
    free(cmds);
}

static void execute(const sweep_spec *s, const sweep_point *p, point_out *o)
{
    diag d;
    diag_init(&d);
    o->status = EXIT_BAD_INPUT;
    o->check = "none";
    config *cfg = xmalloc(sizeof *cfg);
    *cfg = s->configs[p->value[0]];
    for (int i = 0; i < s->nsets && !d.errors; i++) config_set(cfg, s->sets[i], &d);
    for (int i = 1; i < s->naxes && !d.errors; i++) {
        if (s->axes[i].kind != AXIS_KEY) continue;
        char set[256];
        assignment(s, p, i, set, sizeof set);
        config_set(cfg, set, &d);
    }
    timing_one_thread_unless_set(cfg);   /* the points run side by side (-j) */
    if (!d.errors) config_validate(cfg, &d);
    snprintf(o->config_name, sizeof o->config_name, "%s", cfg->sval[CFGK_gpu_name]);
    if (!d.errors) {
        if (is_trace(s->inputs[p->input]) && !s->functional) run_trace(s, p, cfg, o, &d);
        else run_sass(s, p, cfg, o, &d);
    }
    take_message(o, &d);
    if (o->status == EXIT_PASS) o->message[0] = 0;
    diag_free(&d);
    free(cfg);
}

static void free_out(point_out *o)
{
    for (int i = 0; o->ks && i < o->nk; i++) stats_free(&o->ks[i]);
    if (o->tk) for (int i = 0; i < o->nk; i++) trace_kernel_close(&o->tk[i]);
    free(o->tk);
    free(o->ks);
    free(o->pc_ctx);
    if (o->w) workload_free(o->w);
    free(o->w);
}

/* the leading columns of a point's rows (sweep_collect writes their header) */
static void lead_columns(FILE *f, const sweep_spec *s, const sweep_point *p, const point_out *o)
{
    fprintf(f, "%ld,%s,%d,", p->index, status_names[o->status], o->status);
    csv_field(f, o->message);
    fputc(',', f);
    csv_field(f, s->inputs[p->input]);
    fputc(',', f);
    csv_field(f, o->config_name);
    for (int i = 0; i < s->naxes; i++) {
        fputc(',', f);
        csv_field(f, s->axes[i].values[p->value[i]]);
    }
}

static void write_csv(FILE *f, const sweep_spec *s, const sweep_point *p, const point_out *o)
{
    for (int i = 0; i < o->nk; i++) {
        lead_columns(f, s, p, o);
        fputc(',', f);
        csv_kernel_row(f, &o->ks[i], i);
        fputc('\n', f);
    }
    if (o->nk) return;
    lead_columns(f, s, p, o);   /* nothing ran: the reason, and empty figures */
    for (int c = 0; c < csv_kernel_columns(); c++) fputc(',', f);
    fputc('\n', f);
}

static void write_json(FILE *f, const sweep_spec *s, const sweep_point *p, const point_out *o)
{
    json_writer j;
    json_init(&j, f);
    json_begin_object(&j, NULL);
    json_int(&j, "point", p->index);
    json_string(&j, "id", p->id);
    json_string(&j, "input", s->inputs[p->input]);
    json_string(&j, "config", o->config_name);
    json_begin_object(&j, "params");
    for (int i = 0; i < s->naxes; i++) json_string(&j, s->axes[i].column, s->axes[i].values[p->value[i]]);
    json_end_object(&j);
    /* every --set and -D in the order they apply: fixed first, then varied */
    const char *sets[SWEEP_MAX_FIXED + SWEEP_MAX_AXES], *defs[SWEEP_MAX_FIXED + SWEEP_MAX_AXES];
    char buf[SWEEP_MAX_AXES][256];
    int ns = 0, nd = 0;
    for (int i = 0; i < s->nsets; i++) sets[ns++] = s->sets[i];
    for (int i = 0; i < s->ndefines; i++) defs[nd++] = s->defines[i];
    for (int i = 1; i < s->naxes; i++) {
        assignment(s, p, i, buf[i], sizeof buf[i]);
        if (s->axes[i].kind == AXIS_KEY) sets[ns++] = buf[i]; else defs[nd++] = buf[i];
    }
    cli_json_inputs(&j, s->axes[0].values[p->value[0]], sets, ns, defs, nd);
    json_string(&j, "mode", s->functional ? "functional" : is_trace(s->inputs[p->input]) ? "trace" : "timing");
    json_string(&j, "status", status_names[o->status]);
    json_int(&j, "exit", o->status);
    json_string(&j, "message", o->message);
    json_string(&j, "check", o->check);
    json_begin_array(&j, "kernels");
    for (int i = 0; i < o->nk; i++) cli_json_kernel(&j, &o->ks[i], i, o->ks[i].kernel, o->pc_text, o->pc_ctx[i]);
    json_end_array(&j);
    json_end_object(&j);
    fputc('\n', f);
}

static void point_path(char *buf, size_t len, const char *dir, const sweep_point *p, const char *ext)
{
    snprintf(buf, len, "%s/points/%s.%s", dir, p->id, ext);
}

int sweep_point_done(const sweep_point *p, const char *dir)
{
    char a[4096], b[4096];
    struct stat st;
    point_path(a, sizeof a, dir, p, "csv");
    point_path(b, sizeof b, dir, p, "json");
    return !stat(a, &st) && !stat(b, &st);
}

int sweep_close_atomic(FILE *f, const char *path)
{
    int err = whole_close(f, path);
    if (err) fprintf(stderr, "warpsim sweep: error: cannot write '%s': %s\n", path, strerror(err));
    return err != 0;
}

int sweep_run_point(const sweep_spec *s, const sweep_point *p, const char *dir)
{
    point_out *o = xcalloc(1, sizeof *o);
    execute(s, p, o);
    if (o->stopped) {   /* not a result: no files, so that the point runs again */
        free_out(o);
        free(o);
        return SWEEP_POINT_STOPPED;
    }
    char csv[4096], js[4096];
    point_path(csv, sizeof csv, dir, p, "csv");
    point_path(js, sizeof js, dir, p, "json");
    int bad = 1;
    FILE *f = whole_open(js);
    if (f) {
        write_json(f, s, p, o);
        bad = sweep_close_atomic(f, js);
    }
    /* the CSV goes last: its presence marks the point done */
    if (!bad && (f = whole_open(csv))) {
        write_csv(f, s, p, o);
        bad = sweep_close_atomic(f, csv);
    } else if (!bad) bad = 1;
    if (bad) fprintf(stderr, "warpsim sweep: error: cannot write the files of point %ld in '%s/points'\n", p->index, dir);
    free_out(o);
    free(o);
    return bad;
}
