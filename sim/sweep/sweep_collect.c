/* sim/sweep/sweep_collect.c — a sweep's results from its points' files, in
 * point order: results.csv (a header and each point's rows), results.json
 * (the sweep and each point's object), summary.txt, and the plots. Nothing
 * here depends on how or in which order the points ran. */
#include "sweep.h"
#include "sweep_table.h"
#include "out/stats_csv.h"
#include "util/json.h"
#include "util/stop.h"
#include "util/whole_file.h"
#include "util/xalloc.h"
#include <errno.h>
#include <string.h>

static void csv_header(FILE *f, const sweep_spec *s)
{
    fputs("point,status,exit,message,workload,gpu", f);
    for (int i = 0; i < s->naxes; i++) {
        fputc(',', f);
        csv_field(f, s->axes[i].column);
    }
    fputc(',', f);
    csv_kernel_header(f);
    fputc('\n', f);
}

/* append a point file's bytes to out (without its last line break when
 * strip_newline); 1 if it cannot be read */
static int append_file(FILE *out, const char *path, int strip_newline)
{
    FILE *in = fopen(path, "rb");
    if (!in) return 1;
    char buf[65536];
    size_t n;
    int pending = 0;   /* a line break held back: it may be the last byte */
    while ((n = fread(buf, 1, sizeof buf, in)) > 0) {
        if (pending) fputc('\n', out);
        pending = strip_newline && buf[n - 1] == '\n';
        fwrite(buf, 1, n - (size_t)pending, out);
    }
    fclose(in);
    return 0;
}

static void spec_json(json_writer *j, const sweep_spec *s)
{
    json_begin_object(j, "sweep");
    json_int(j, "points", s->npoints);
    json_begin_object(j, "axes");
    for (int i = 0; i < s->naxes; i++) {
        json_begin_array(j, s->axes[i].column);
        for (int v = 0; v < s->axes[i].nvalues; v++) json_string(j, NULL, s->axes[i].values[v]);
        json_end_array(j);
    }
    json_end_object(j);
    json_begin_array(j, "workloads");
    for (int i = 0; i < s->ninputs; i++) json_string(j, NULL, s->inputs[i]);
    json_end_array(j);
    json_begin_array(j, "sets");
    for (int i = 0; i < s->nsets; i++) json_string(j, NULL, s->sets[i]);
    json_end_array(j);
    json_begin_array(j, "defines");
    for (int i = 0; i < s->ndefines; i++) json_string(j, NULL, s->defines[i]);
    json_end_array(j);
    json_end_object(j);
}

static int write_results(const sweep_spec *s, const char *dir, long *missing)
{
    char path[4096], pt[4096];
    sweep_path(path, sizeof path, "%s/results.csv", dir);
    FILE *csv = whole_open(path);
    sweep_path(pt, sizeof pt, "%s/results.json", dir);
    FILE *js = whole_open(pt);
    if (!csv || !js) {
        fprintf(stderr, "warpsim sweep: error: cannot write the results in '%s': %s\n", dir, strerror(errno));
        if (csv) fclose(csv);
        if (js) fclose(js);
        return 1;
    }
    csv_header(csv, s);
    json_writer j;
    json_init(&j, js);
    json_begin_object(&j, NULL);
    spec_json(&j, s);
    fputs(",\"points\":[\n", js);
    *missing = 0;
    for (long k = 0; k < s->npoints; k++) {
        sweep_point p;
        sweep_point_at(s, k, &p);
        char f[4096];
        sweep_path(f, sizeof f, "%s/points/%s.csv", dir, p.id);
        if (!sweep_point_done(&p, dir) || append_file(csv, f, 0)) { (*missing)++; continue; }
        sweep_path(f, sizeof f, "%s/points/%s.json", dir, p.id);
        if (k - *missing > 0) fputs(",\n", js);
        append_file(js, f, 1);
    }
    fputs("\n]}\n", js);
    if (stop_signal()) {   /* stopped while they were written: the results stay as they were */
        whole_discard(csv, path);
        whole_discard(js, pt);
        return 0;
    }
    return sweep_close_atomic(csv, path) | sweep_close_atomic(js, pt);
}

/* a stop request (SIGINT, SIGTERM) came while the results were written:
 * the files written are whole, the rest are not written; 128 + the signal,
 * as a stopped run exits */
static int stopped(const char *dir)
{
    fprintf(stderr, "warpsim sweep: stopped by %s while writing the results: every point is in '%s/points'; "
            "'warpsim sweep --merge %s' (or the same command) writes them\n", stop_signal_name(stop_signal()), dir, dir);
    return 128 + stop_signal();
}

int sweep_collect(const sweep_spec *s, const char *dir, FILE *summary_out)
{
    long missing;
    int failed = 0;
    if (write_results(s, dir, &missing)) return 2;
    if (stop_signal()) return stopped(dir);
    if (missing) {
        fprintf(stderr, "warpsim sweep: error: %ld of %ld points have no results in '%s/points' "
                "(run their jobs, or the same sweep again: finished points are kept)\n", missing, s->npoints, dir);
        return 2;
    }
    char path[4096];
    sweep_path(path, sizeof path, "%s/results.csv", dir);
    csv_table t;
    sweep_results r;
    if (csv_table_read(path, &t)) {
        fprintf(stderr, "warpsim sweep: error: cannot read back '%s'\n", path);
        csv_table_free(&t);
        return 2;
    }
    int bad = sweep_results_build(&t, s->metric, s->baseline, &r);
    if (!bad) {
        sweep_path(path, sizeof path, "%s/summary.txt", dir);
        FILE *f = whole_open(path);
        if (f) { sweep_summary(&r, f); bad |= sweep_close_atomic(f, path); }
        sweep_summary(&r, summary_out);
        if (s->plot) bad |= sweep_plots(&r, dir);
        for (int k = 0; k < r.nset * r.nin; k++) failed |= !r.status[k] || strcmp(r.status[k], "pass") != 0;
        sweep_results_free(&r);
    }
    csv_table_free(&t);
    if (bad) return 2;
    if (stop_signal()) return stopped(dir);
    if (failed) fprintf(stderr, "warpsim sweep: some points failed: their status and message are in '%s/results.csv'\n", dir);
    return failed ? 1 : 0;
}
