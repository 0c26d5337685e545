/* sim/sweep/sweep_table.c — reading results.csv back into settings x inputs,
 * the baseline of each point, and the summary printed after a sweep. */
#include "sweep_table.h"
#include "util/xalloc.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- CSV ---- */

/* the fields of one record (quoted fields may hold commas and quotes) */
static int split_record(const char *line, char ***out)
{
    int n = 0;
    char **f = NULL;
    const char *p = line;
    for (;;) {
        size_t cap = strlen(p) + 1, len = 0;
        char *v = xmalloc(cap);
        if (*p == '"') {
            for (p++; *p && !(*p == '"' && p[1] != '"'); p++) {
                if (*p == '"') p++;
                v[len++] = *p;
            }
            if (*p == '"') p++;
        }
        while (*p && *p != ',' && *p != '\n' && *p != '\r') v[len++] = *p++;
        v[len] = 0;
        f = xrealloc(f, (size_t)(n + 1) * sizeof *f);
        f[n++] = v;
        if (*p != ',') break;
        p++;
    }
    *out = f;
    return n;
}

int csv_table_read(const char *path, csv_table *t)
{
    memset(t, 0, sizeof *t);
    FILE *f = fopen(path, "r");
    if (!f) return 1;
    size_t cap = 1 << 16;
    char *line = xmalloc(cap);
    int first = 1, bad = 0;
    while (fgets(line, (int)cap, f)) {
        while (!strchr(line, '\n') && !feof(f)) {   /* a record longer than the buffer */
            line = xrealloc(line, cap * 2);
            if (!fgets(line + cap - 1, (int)cap + 1, f)) break;
            cap *= 2;
        }
        char **fields;
        int n = split_record(line, &fields);
        if (first) { t->col = fields; t->ncols = n; first = 0; continue; }
        if (n != t->ncols) {
            for (int i = 0; i < n; i++) free(fields[i]);
            free(fields);
            bad = 1;
            continue;
        }
        t->cell = xrealloc(t->cell, (size_t)(t->nrows + 1) * sizeof *t->cell);
        t->cell[t->nrows++] = fields;
    }
    free(line);
    fclose(f);
    return first || bad;
}

void csv_table_free(csv_table *t)
{
    for (int r = 0; r < t->nrows; r++) {
        for (int c = 0; c < t->ncols; c++) free(t->cell[r][c]);
        free(t->cell[r]);
    }
    for (int c = 0; c < t->ncols; c++) free(t->col[c]);
    free(t->cell);
    free(t->col);
    memset(t, 0, sizeof *t);
}

int csv_table_column(const csv_table *t, const char *name)
{
    for (int c = 0; c < t->ncols; c++)
        if (!strcmp(t->col[c], name)) return c;
    return -1;
}

/* ---- settings x inputs ---- */

static int find_setting(sweep_results *r, char **row, int first_axis)
{
    for (int s = 0; s < r->nset; s++) {
        int same = 1;
        for (int a = 0; a < r->naxes && same; a++) same = !strcmp(r->set[s].value[a], row[first_axis + a]);
        if (same) return s;
    }
    return -1;
}

static int add_setting(sweep_results *r, char **row, int first_axis)
{
    r->set = xrealloc(r->set, (size_t)(r->nset + 1) * sizeof *r->set);
    sweep_setting *s = &r->set[r->nset];
    s->value = xcalloc((size_t)r->naxes, sizeof *s->value);
    for (int a = 0; a < r->naxes; a++) s->value[a] = xstrdup(row[first_axis + a]);
    return r->nset++;
}

static int find_input(sweep_results *r, const char *name)
{
    for (int i = 0; i < r->nin; i++)
        if (!strcmp(r->input[i], name)) return i;
    r->input = xrealloc(r->input, (size_t)(r->nin + 1) * sizeof *r->input);
    r->input[r->nin] = xstrdup(name);
    return r->nin++;
}

/* a setting's label: the values of the axes that vary, as column=value */
static void label_settings(sweep_results *r)
{
    for (int s = 0; s < r->nset; s++) {
        char buf[1024];
        size_t n = 0;
        buf[0] = 0;
        for (int a = 0; a < r->naxes && n < sizeof buf; a++) {
            int varies = 0;
            for (int o = 0; o < r->nset && !varies; o++) varies = strcmp(r->set[o].value[a], r->set[s].value[a]) != 0;
            if (varies) n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s=%s", n ? " " : "", r->axis[a], r->set[s].value[a]);
        }
        r->set[s].label = xstrdup(n ? buf : "(one setting)");
    }
}

static int pick_baseline(sweep_results *r, const char *baseline)
{
    r->base_axis = r->base_value = -1;
    if (baseline && *baseline) {
        const char *eq = strchr(baseline, '=');
        for (int a = 0; a < r->naxes; a++)
            if (strlen(r->axis[a]) == (size_t)(eq - baseline) && !strncmp(r->axis[a], baseline, (size_t)(eq - baseline)))
                r->base_axis = a;
        if (r->base_axis < 0) {
            fprintf(stderr, "warpsim sweep: error: --baseline '%s' names no varied column (", baseline);
            for (int a = 0; a < r->naxes; a++) fprintf(stderr, "%s%s", a ? ", " : "", r->axis[a]);
            fprintf(stderr, ")\n");
            return 1;
        }
        for (int s = 0; s < r->nset && r->base_value < 0; s++)
            if (!strcmp(r->set[s].value[r->base_axis], eq + 1)) r->base_value = s;
        if (r->base_value < 0) {
            fprintf(stderr, "warpsim sweep: error: --baseline '%s': no point has %s = %s\n", baseline,
                    r->axis[r->base_axis], eq + 1);
            return 1;
        }
    } else {
        /* the first value of the first axis that varies */
        for (int a = 0; a < r->naxes && r->base_axis < 0; a++)
            for (int s = 1; s < r->nset && r->base_axis < 0; s++)
                if (strcmp(r->set[s].value[a], r->set[0].value[a])) { r->base_axis = a; r->base_value = 0; }
    }
    if (r->base_axis >= 0)
        snprintf(r->base_text, sizeof r->base_text, "%s=%s", r->axis[r->base_axis], r->set[r->base_value].value[r->base_axis]);
    return 0;
}

int sweep_results_build(const csv_table *t, const char *metric, const char *baseline, sweep_results *r)
{
    memset(r, 0, sizeof *r);
    r->metric = metric;
    int c_status = csv_table_column(t, "status"), c_in = csv_table_column(t, "workload");
    int c_gpu = csv_table_column(t, "gpu"), c_kernel = csv_table_column(t, "kernel");
    int ipc = !strcmp(metric, "ipc");
    int c_metric = csv_table_column(t, ipc ? "warp_instructions" : metric), c_cycles = csv_table_column(t, "cycles");
    if (c_status < 0 || c_in < 0 || c_gpu < 0 || c_kernel <= c_gpu) {
        fprintf(stderr, "warpsim sweep: error: not a sweep's results.csv (no status, workload, gpu, kernel columns)\n");
        return 1;
    }
    if (c_metric < 0 || c_metric <= c_kernel) {
        fprintf(stderr, "warpsim sweep: error: no figure '%s' in the results (a column after 'kernel': cycles, ipc, "
                "warp_instructions, l1_misses, stalls.scoreboard, ...)\n", metric);
        return 1;
    }
    r->lower_is_better = !strcmp(metric, "cycles") || !strncmp(metric, "stalls.", 7) || strstr(metric, "miss") != NULL
                         || !strncmp(metric, "energy", 6) || !strcmp(metric, "edp_js") || !strcmp(metric, "power_w");
    r->naxes = c_kernel - c_gpu - 1;
    r->axis = xcalloc((size_t)(r->naxes ? r->naxes : 1), sizeof *r->axis);
    for (int a = 0; a < r->naxes; a++) r->axis[a] = xstrdup(t->col[c_gpu + 1 + a]);
    int *srow = xmalloc((size_t)(t->nrows ? t->nrows : 1) * sizeof *srow), *irow = xmalloc((size_t)(t->nrows ? t->nrows : 1) * sizeof *irow);
    for (int row = 0; row < t->nrows; row++) {
        int s = find_setting(r, t->cell[row], c_gpu + 1);
        srow[row] = s >= 0 ? s : add_setting(r, t->cell[row], c_gpu + 1);
        irow[row] = find_input(r, t->cell[row][c_in]);
    }
    size_t cells = (size_t)r->nset * (size_t)r->nin;
    if (!cells) cells = 1;
    r->fig = xcalloc(cells, sizeof *r->fig);
    r->status = xcalloc(cells, sizeof *r->status);
    double *cyc = xcalloc(cells, sizeof *cyc);
    for (int row = 0; row < t->nrows; row++) {
        size_t k = (size_t)srow[row] * (size_t)r->nin + (size_t)irow[row];
        char **cell = t->cell[row];
        if (strcmp(cell[c_status], "pass") || !r->status[k]) { free(r->status[k]); r->status[k] = xstrdup(cell[c_status]); }
        r->fig[k] += atof(cell[c_metric]);
        if (c_cycles >= 0) cyc[k] += atof(cell[c_cycles]);
    }
    if (ipc) for (size_t k = 0; k < cells; k++) r->fig[k] = cyc[k] > 0 ? r->fig[k] / cyc[k] : 0;
    free(cyc);
    free(srow);
    free(irow);
    label_settings(r);
    return pick_baseline(r, baseline);
}

void sweep_results_free(sweep_results *r)
{
    for (int s = 0; s < r->nset; s++) {
        for (int a = 0; a < r->naxes; a++) free(r->set[s].value[a]);
        free(r->set[s].value);
        free(r->set[s].label);
    }
    for (int a = 0; a < r->naxes; a++) free(r->axis[a]);
    for (int i = 0; i < r->nin; i++) free(r->input[i]);
    for (int k = 0; k < r->nset * r->nin; k++) free(r->status[k]);
    free(r->set); free(r->axis); free(r->input); free(r->fig); free(r->status);
    memset(r, 0, sizeof *r);
}

int sweep_results_base(const sweep_results *r, int s)
{
    if (r->base_axis < 0) return -1;
    const char *want = r->set[r->base_value].value[r->base_axis];
    for (int o = 0; o < r->nset; o++) {
        int same = !strcmp(r->set[o].value[r->base_axis], want);
        for (int a = 0; a < r->naxes && same; a++)
            if (a != r->base_axis) same = !strcmp(r->set[o].value[a], r->set[s].value[a]);
        if (same) return o;
    }
    return -1;
}

static int passed(const sweep_results *r, int s, int i)
{
    const char *st = r->status[s * r->nin + i];
    return st && !strcmp(st, "pass");
}

double sweep_results_ratio(const sweep_results *r, int s, int i)
{
    int b = sweep_results_base(r, s);
    if (b < 0 || !passed(r, s, i) || !passed(r, b, i)) return 0;
    double x = r->fig[s * r->nin + i], base = r->fig[b * r->nin + i];
    if (x <= 0 || base <= 0) return 0;
    return r->lower_is_better ? base / x : x / base;
}

const char *sweep_ratio_name(const sweep_results *r)
{
    return !strcmp(r->metric, "cycles") ? "speed-up" : r->lower_is_better ? "base/this" : "this/base";
}

void sweep_summary(const sweep_results *r, FILE *f)
{
    const char *rname = sweep_ratio_name(r);
    int lw = 8, iw = 8;
    for (int s = 0; s < r->nset; s++) if ((int)strlen(r->set[s].label) > lw) lw = (int)strlen(r->set[s].label);
    for (int i = 0; i < r->nin; i++) if ((int)strlen(r->input[i]) > iw) iw = (int)strlen(r->input[i]);
    if (lw > 60) lw = 60;
    if (iw > 50) iw = 50;
    fprintf(f, "%d settings x %d workloads; %s per point (summed over its kernels)", r->nset, r->nin, r->metric);
    if (r->base_axis >= 0) fprintf(f, "; %s against %s", rname, r->base_text);
    fprintf(f, "\n\n%-*s  %-*s  %14s  %9s\n", iw, "workload", lw, "setting", r->metric, r->base_axis >= 0 ? rname : "");
    for (int i = 0; i < r->nin; i++)
        for (int s = 0; s < r->nset; s++) {
            fprintf(f, "%-*.*s  %-*.*s  ", iw, iw, s ? "" : r->input[i], lw, lw, r->set[s].label);
            const char *st = r->status[s * r->nin + i];
            if (!passed(r, s, i)) { fprintf(f, "%14s\n", st ? st : "missing"); continue; }
            fprintf(f, "%14.6g", r->fig[s * r->nin + i]);
            double q = sweep_results_ratio(r, s, i);
            if (q > 0) fprintf(f, "  %9.3f", q);
            fputc('\n', f);
        }
    if (r->base_axis < 0) return;
    fprintf(f, "\ngeometric mean of the %s over the workloads where both points passed\n", rname);
    for (int s = 0; s < r->nset; s++) {
        double logsum = 0;
        int n = 0;
        for (int i = 0; i < r->nin; i++) {
            double q = sweep_results_ratio(r, s, i);
            if (q > 0) { logsum += log(q); n++; }
        }
        if (n) fprintf(f, "%-*.*s  %9.3f  (%d of %d workloads)\n", lw, lw, r->set[s].label, exp(logsum / n), n, r->nin);
        else fprintf(f, "%-*.*s  %9s\n", lw, lw, r->set[s].label, "-");
    }
}
