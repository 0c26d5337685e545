/* sim/sweep/sweep_plot.c — charts of a sweep without dependencies: SVG that
 * any browser shows (grouped bars of the figure per workload and setting;
 * a line over each numeric axis) and a gnuplot data file with its script. */
#include "sweep_table.h"
#include "sweep.h"
#include "util/markup.h"
#include "util/xalloc.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const palette[] = { "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
                                       "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac" };
enum { NPAL = 10 };

/* a round step for about five ticks up to top */
static double tick_step(double top)
{
    if (top <= 0) return 1;
    double raw = top / 5, mag = pow(10, floor(log10(raw))), r = raw / mag;
    return mag * (r < 1.5 ? 1 : r < 3 ? 2 : r < 7 ? 5 : 10);
}

static void svg_open(FILE *f, int w, int h, const char *title)
{
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" "
               "font-size=\"12\">\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
               "<text x=\"%d\" y=\"20\" text-anchor=\"middle\" font-size=\"15\">", w, h, w / 2);
    markup_escape(f, title);
    fputs("</text>\n", f);
}

/* y axis from 0 to top over [y0 (bottom), y1 (top)] at x, with grid lines to x2 */
static void y_axis(FILE *f, double top, int x, int x2, int y0, int y1, const char *label)
{
    double step = tick_step(top);
    for (double v = 0; v <= top * 1.0001; v += step) {
        double y = y0 - (y0 - y1) * v / top;
        fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", x, y, x2, y);
        fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.4g</text>\n", x - 4, y + 4, v);
    }
    fprintf(f, "<text transform=\"translate(14,%d) rotate(-90)\" text-anchor=\"middle\">", (y0 + y1) / 2);
    markup_escape(f, label);
    fputs("</text>\n", f);
}

static void legend(FILE *f, int x, int y, const char *const *labels, int n)
{
    for (int s = 0; s < n; s++) {
        fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>\n", x, y + 18 * s, palette[s % NPAL]);
        fprintf(f, "<text x=\"%d\" y=\"%d\">", x + 18, y + 18 * s + 11);
        markup_escape(f, labels[s]);
        fputs("</text>\n", f);
    }
}

static double shown(const sweep_results *r, int s, int i)
{
    return r->base_axis >= 0 ? sweep_results_ratio(r, s, i) : r->fig[s * r->nin + i];
}

static int bar_chart(const sweep_results *r, const char *path)
{
    FILE *f = whole_open(path);
    if (!f) return 1;
    int barw = 14, gap = 24, left = 70, top = 40, plot_h = 300;
    int group_w = r->nset * barw + gap, w = left + r->nin * group_w + 40, h = top + plot_h + 140;
    int legend_x = w;
    w += 320;
    double max = 0;
    for (int k = 0; k < r->nset * r->nin; k++) {
        double v = shown(r, k / r->nin, k % r->nin);
        if (v > max) max = v;
    }
    if (max <= 0) max = 1;
    max = ceil(max / tick_step(max)) * tick_step(max);
    char title[256], ylabel[200];
    snprintf(title, sizeof title, r->base_axis >= 0 ? "%s: %s against %s" : "%s%s%s", r->metric,
             r->base_axis >= 0 ? sweep_ratio_name(r) : "", r->base_text);
    snprintf(ylabel, sizeof ylabel, "%s%s%s", r->base_axis >= 0 ? sweep_ratio_name(r) : "", r->base_axis >= 0 ? " of " : "",
             r->metric);
    svg_open(f, w, h, title);
    y_axis(f, max, left, left + r->nin * group_w, top + plot_h, top, ylabel);
    for (int i = 0; i < r->nin; i++) {
        int gx = left + i * group_w + gap / 2;
        for (int s = 0; s < r->nset; s++) {
            double v = shown(r, s, i), bh = plot_h * v / max;
            fprintf(f, "<rect x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"%s\"><title>", gx + s * barw,
                    top + plot_h - bh, barw - 1, bh, palette[s % NPAL]);
            markup_escape(f, r->input[i]);
            fprintf(f, " | ");
            markup_escape(f, r->set[s].label);
            fprintf(f, ": %.6g</title></rect>\n", v);
        }
        const char *base = strrchr(r->input[i], '/');
        fprintf(f, "<text transform=\"translate(%d,%d) rotate(-35)\" text-anchor=\"end\">", gx + r->nset * barw / 2,
                top + plot_h + 14);
        markup_escape(f, base ? base + 1 : r->input[i]);
        fputs("</text>\n", f);
    }
    const char **labels = xcalloc((size_t)r->nset, sizeof *labels);
    for (int s = 0; s < r->nset; s++) labels[s] = r->set[s].label;
    legend(f, legend_x, top, labels, r->nset);
    free(labels);
    fputs("</svg>\n", f);
    return sweep_close_atomic(f, path);
}

/* an axis whose values are all numbers, with at least three of them */
static int numeric_axis(const sweep_results *r, int a)
{
    int distinct = 0;
    for (int s = 0; s < r->nset; s++) {
        char *e;
        strtod(r->set[s].value[a], &e);
        if (*e || e == r->set[s].value[a]) return 0;
        int seen = 0;
        for (int o = 0; o < s && !seen; o++) seen = !strcmp(r->set[o].value[a], r->set[s].value[a]);
        distinct += !seen;
    }
    return distinct >= 3;
}

static int line_chart(const sweep_results *r, int a, const char *path)
{
    /* a series: an input with one value of every other axis */
    int nser = 0, *ser = xcalloc((size_t)r->nset, sizeof *ser);   /* setting -> series among settings */
    int *rep = xcalloc((size_t)r->nset, sizeof *rep);
    double xmin = INFINITY, xmax = -INFINITY, ymax = 0;
    for (int s = 0; s < r->nset; s++) {
        ser[s] = -1;
        for (int o = 0; o < nser && ser[s] < 0; o++) {
            int same = 1;
            for (int b = 0; b < r->naxes && same; b++)
                if (b != a) same = !strcmp(r->set[rep[o]].value[b], r->set[s].value[b]);
            if (same) ser[s] = o;
        }
        if (ser[s] < 0) { rep[nser] = s; ser[s] = nser++; }
        double x = atof(r->set[s].value[a]);
        if (x < xmin) xmin = x;
        if (x > xmax) xmax = x;
        for (int i = 0; i < r->nin; i++) if (r->fig[s * r->nin + i] > ymax) ymax = r->fig[s * r->nin + i];
    }
    int logx = xmin > 0 && xmax / xmin >= 16;
    double lo = logx ? log2(xmin) : xmin, hi = logx ? log2(xmax) : xmax;
    if (hi <= lo) hi = lo + 1;
    if (ymax <= 0) ymax = 1;
    ymax = ceil(ymax / tick_step(ymax)) * tick_step(ymax);
    FILE *f = whole_open(path);
    if (!f) { free(ser); free(rep); return 1; }
    int left = 80, top = 40, pw = 520, ph = 300, w = left + pw + 360, h = top + ph + 60;
    char title[256];
    snprintf(title, sizeof title, "%s over %s%s", r->metric, r->axis[a], logx ? " (log scale)" : "");
    svg_open(f, w, h, title);
    y_axis(f, ymax, left, left + pw, top + ph, top, r->metric);
    for (int s = 0; s < r->nset; s++) {
        int seen = 0;
        for (int o = 0; o < s && !seen; o++) seen = !strcmp(r->set[o].value[a], r->set[s].value[a]);
        if (seen) continue;
        double x = atof(r->set[s].value[a]), px = left + pw * ((logx ? log2(x) : x) - lo) / (hi - lo);
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">", px, top + ph + 16);
        markup_escape(f, r->set[s].value[a]);
        fputs("</text>\n", f);
    }
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">", left + pw / 2, top + ph + 40);
    markup_escape(f, r->axis[a]);
    fputs("</text>\n", f);
    int nlines = nser * r->nin;
    char **labels = xcalloc((size_t)nlines, sizeof *labels);
    for (int o = 0; o < nser; o++)
        for (int i = 0; i < r->nin; i++) {
            int line = o * r->nin + i;
            fprintf(f, "<polyline fill=\"none\" stroke-width=\"2\" stroke=\"%s\" points=\"", palette[line % NPAL]);
            for (int s = 0; s < r->nset; s++) {
                if (ser[s] != o || strcmp(r->status[s * r->nin + i] ? r->status[s * r->nin + i] : "", "pass")) continue;
                double x = atof(r->set[s].value[a]);
                fprintf(f, "%.1f,%.1f ", left + pw * ((logx ? log2(x) : x) - lo) / (hi - lo),
                        top + ph - ph * r->fig[s * r->nin + i] / ymax);
            }
            fputs("\"/>\n", f);
            char buf[512];
            const char *base = strrchr(r->input[i], '/');
            snprintf(buf, sizeof buf, "%s%s%s", base ? base + 1 : r->input[i], nser > 1 ? " " : "",
                     nser > 1 ? r->set[rep[o]].label : "");
            labels[line] = xstrdup(buf);
        }
    legend(f, left + pw + 30, top, (const char *const *)labels, nlines);
    for (int k = 0; k < nlines; k++) free(labels[k]);
    free(labels);
    free(ser);
    free(rep);
    fputs("</svg>\n", f);
    return sweep_close_atomic(f, path);
}

/* METRIC.dat: a workload per row, a setting per column; METRIC.gp draws it */
static int gnuplot_files(const sweep_results *r, const char *dir)
{
    char path[4096];
    sweep_path(path, sizeof path, "%s/%s.dat", dir, r->metric);
    FILE *f = whole_open(path);
    if (!f) return 1;
    fprintf(f, "# %s%s%s%s per workload (rows) and setting (columns); 0 = failed\n\"workload\"", r->metric,
            r->base_axis >= 0 ? ": " : "", r->base_axis >= 0 ? sweep_ratio_name(r) : "",
            r->base_axis >= 0 ? " against the baseline" : "");
    for (int s = 0; s < r->nset; s++) fprintf(f, " \"%s\"", r->set[s].label);
    fputc('\n', f);
    for (int i = 0; i < r->nin; i++) {
        fprintf(f, "\"%s\"", r->input[i]);
        for (int s = 0; s < r->nset; s++) fprintf(f, " %.9g", shown(r, s, i));
        fputc('\n', f);
    }
    if (sweep_close_atomic(f, path)) return 1;
    sweep_path(path, sizeof path, "%s/%s.gp", dir, r->metric);
    if (!(f = whole_open(path))) return 1;
    fprintf(f, "# gnuplot %s.gp  (writes %s.gnuplot.svg from %s.dat)\n"
               "set terminal svg size 1000,500\nset output '%s.gnuplot.svg'\nset style data histograms\n"
               "set style histogram clustered gap 1\nset style fill solid border -1\nset key outside right\n"
               "set xtics rotate by -35\nset ylabel '%s'\n"
               "plot for [c=2:%d] '%s.dat' using c:xtic(1) title columnheader(c)\n",
            r->metric, r->metric, r->metric, r->metric, r->metric, r->nset + 1, r->metric);
    return sweep_close_atomic(f, path);
}

int sweep_plots(const sweep_results *r, const char *dir)
{
    char path[4096];
    sweep_path(path, sizeof path, "%s/%s.svg", dir, r->metric);
    int bad = bar_chart(r, path);
    for (int a = 0; a < r->naxes; a++)
        if (numeric_axis(r, a)) {
            sweep_path(path, sizeof path, "%s/%s_over_%s.svg", dir, r->metric, r->axis[a]);
            bad |= line_chart(r, a, path);
        }
    bad |= gnuplot_files(r, dir);
    if (bad) fprintf(stderr, "warpsim sweep: error: cannot write the plots in '%s'\n", dir);
    return bad;
}
