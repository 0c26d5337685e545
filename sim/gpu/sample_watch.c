/* sim/gpu/sample_watch.c — the IPC stability test of sampled simulation (sample_watch.h). */
#include "sample_watch.h"
#include <math.h>
#include <string.h>

void sample_watch_init(sample_watch *s, const config *cfg)
{
    memset(s, 0, sizeof *s);
    s->window = (uint64_t)CFG(cfg, sample_window);
    s->need = (int)CFG(cfg, sample_windows);
    if (s->need > SAMPLE_MAX_WINDOWS) s->need = SAMPLE_MAX_WINDOWS;
    s->tol = (double)CFG(cfg, sample_tolerance) / 100.0;
    s->confirm = (int)CFG(cfg, sample_confirm);
}

/* the last `need` windows lie within tol of their mean: that mean, and
 * their standard deviation over it in *rel_sd; 0 otherwise */
static double stable_mean(const sample_watch *s, double *rel_sd)
{
    double sum = 0, sq = 0;
    for (int i = 0; i < s->need; i++) sum += s->ipc[i];
    double mean = sum / s->need;
    if (mean <= 0) return 0;
    for (int i = 0; i < s->need; i++) {
        double dev = s->ipc[i] - mean;
        if (fabs(dev) > s->tol * mean) return 0;
        sq += dev * dev;
    }
    *rel_sd = sqrt(sq / (s->need - 1)) / mean;
    return mean;
}

int sample_watch_step(sample_watch *s, uint64_t cycle, uint64_t issued, uint64_t blocks)
{
    if (s->stopped) return 0;
    if (s->first_rate > 0) {
        /* confirming: the rate since the stable windows' end */
        if (cycle < s->confirm_at) return 0;
        double rate = (double)(issued - s->at_issued) / (double)(cycle - s->at_cycle);
        if (fabs(rate - s->first_rate) > s->tol * s->first_rate) {
            /* it drifted: longer windows, a new search from here */
            s->first_rate = 0;
            s->n = 0;
            s->window *= 2;
            s->at_cycle = cycle;
            s->at_issued = issued;
            return 0;
        }
        s->stopped = 1;
        s->stop_cycle = cycle;
        s->stop_issued = issued;
        s->stop_blocks = blocks;
        /* the rate over the stable windows and the confirmation together;
         * the spread: the windows' own and the two rates' difference */
        s->rate = (double)(issued - s->span_issued) / (double)(cycle - s->span_cycle);
        s->rel_sd = sqrt(s->rel_sd * s->rel_sd + pow((rate - s->first_rate) / s->first_rate, 2));
        return 1;
    }
    if (cycle < s->at_cycle + s->window) return 0;
    double ipc = (double)(issued - s->at_issued) / (double)(cycle - s->at_cycle);
    /* the start of the last `need` windows: kept for each window in turn */
    s->starts[s->n % s->need][0] = s->at_cycle;
    s->starts[s->n % s->need][1] = s->at_issued;
    s->ipc[s->n % s->need] = ipc;
    s->n++;
    s->at_cycle = cycle;
    s->at_issued = issued;
    if (s->n < s->need) return 0;
    double mean = stable_mean(s, &s->rel_sd);
    if (mean <= 0) return 0;
    s->first_rate = mean;
    s->span_cycle = s->starts[s->n % s->need][0];
    s->span_issued = s->starts[s->n % s->need][1];
    if (!s->confirm) {   /* PKA as published: stop at the stable windows */
        s->stopped = 1;
        s->stop_cycle = cycle;
        s->stop_issued = issued;
        s->stop_blocks = blocks;
        s->rate = (double)(issued - s->span_issued) / (double)(cycle - s->span_cycle);
        return 1;
    }
    s->confirm_at = cycle + (uint64_t)s->confirm * (cycle - s->span_cycle);
    return 0;
}

double sample_t95(int df)
{
    static const double t[] = { 0, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                                2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086 };
    if (df < 1) return t[1];
    if (df <= 20) return t[df];
    return df <= 30 ? 2.042 : df <= 60 ? 2.000 : 1.960;
}
