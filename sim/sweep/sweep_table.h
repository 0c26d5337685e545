/* sim/sweep/sweep_table.h — a sweep's results as a table of settings x
 * inputs, one figure per point (its kernels summed), for the summary and
 * the plots. Built from results.csv, so an in-process sweep, a merged one
 * and `warpsim plot` all see the same numbers. */
#ifndef WARPSIM_SWEEP_TABLE_H
#define WARPSIM_SWEEP_TABLE_H
#include <stdio.h>

typedef struct {
    int ncols;
    char **col;             /* header */
    int nrows;
    char ***cell;           /* rows x ncols */
} csv_table;

int csv_table_read(const char *path, csv_table *t);
void csv_table_free(csv_table *t);
int csv_table_column(const csv_table *t, const char *name);

typedef struct {
    char *label;            /* the setting: its varied values */
    char **value;           /* per axis */
} sweep_setting;

typedef struct {
    const char *metric;
    int lower_is_better;    /* cycles: speed-ups are base / point */
    int naxes;
    char **axis;            /* the axis columns (config, sched.policy, define.n) */
    int nset, nin;
    sweep_setting *set;
    char **input;
    double *fig;            /* nset x nin: the metric, summed over the point's kernels */
    char **status;          /* nset x nin: pass, or why the point failed */
    int base_axis, base_value;  /* the baseline: this axis at this value, -1 none */
    char base_text[160];
} sweep_results;

/* from a results.csv table: 0, or 1 with a message (unknown metric or baseline) */
int sweep_results_build(const csv_table *t, const char *metric, const char *baseline, sweep_results *r);
void sweep_results_free(sweep_results *r);
/* the baseline point of (setting s, input i): a setting index, -1 none */
int sweep_results_base(const sweep_results *r, int s);
/* ratio of point (s, i) to its baseline (speed-up when lower is better); 0 if either failed */
double sweep_results_ratio(const sweep_results *r, int s, int i);

/* what the ratio column is called: speed-up (cycles), base/this (other
 * lower-is-better figures: misses, stalls), this/base */
const char *sweep_ratio_name(const sweep_results *r);
void sweep_summary(const sweep_results *r, FILE *f);
/* SVG charts and gnuplot data under dir (METRIC.svg, METRIC_over_AXIS.svg,
 * METRIC.dat, METRIC.gp); 0 or 1 */
int sweep_plots(const sweep_results *r, const char *dir);

#endif
