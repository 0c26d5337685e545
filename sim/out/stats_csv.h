/* sim/out/stats_csv.h — a kernel launch's statistics as one CSV row, with the
 * JSON's names (nested keys joined by '.': stalls.scoreboard). */
#ifndef WARPSIM_STATS_CSV_H
#define WARPSIM_STATS_CSV_H
#include "stats/stats.h"
#include <stdio.h>

/* the columns csv_kernel_row writes, comma-separated, no newline */
void csv_kernel_header(FILE *f);
void csv_kernel_row(FILE *f, const kernel_stats *s, int launch);
/* one field, quoted when it holds a comma, a quote or a line break */
void csv_field(FILE *f, const char *text);
/* the number of columns csv_kernel_header writes */
int csv_kernel_columns(void);

#endif
