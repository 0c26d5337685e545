/* sim/out/sample_out.h — sampled simulation's figures in the text summary
 * and the JSON (docs/sampling.md): per launch how its cycles were found
 * (timed, sampled: timed until stable, projected) with the 95% interval,
 * and the program's cycles with its interval and what was timed. */
#ifndef WARPSIM_SAMPLE_OUT_H
#define WARPSIM_SAMPLE_OUT_H
#include "util/json.h"
#include "stats/stats.h"

/* one launch's lines (nothing without --sample) */
void sample_print_launch(const kernel_stats *s);
/* the program's line (nothing when no launch was sampled) */
void sample_print_total(const kernel_stats *ks, int nk);
/* the launch's members of its JSON object */
void sample_json_launch(json_writer *j, const kernel_stats *s);
/* the top level's "sample" object (nothing when no launch was sampled) */
void sample_json_total(json_writer *j, const kernel_stats *ks, int nk);
/* 1 when a launch of the run was sampled (--sample) */
int sample_any(const kernel_stats *ks, int nk);

#endif
