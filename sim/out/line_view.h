/* sim/out/line_view.h — the views by CUDA source line: the per-PC
 * statistics of a launch grouped by the line each instruction came from
 * (a post-run grouping of what is attributed per PC). */
#ifndef WARPSIM_LINE_VIEW_H
#define WARPSIM_LINE_VIEW_H
#include "cli_report.h"

typedef struct {
    const char *file;                 /* as recorded; the key with line */
    int line;
    const char *dump;                 /* where the source is looked for beside */
    int first_pc, npcs;
    pc_stats sum;                     /* pc_stats.def's merge: SUM or MAX */
    uint64_t divisor[PC_STAT_COUNT];  /* executions of the PCs where the counter's group was non-zero */
} cli_line_row;

/* whether any PC of the launch has a CUDA line */
int cli_has_source_lines(const kernel_stats *s, cli_pc_text text_of, const void *ctx);
/* "lines.cu:15" of a PC, "" when it has none */
void cli_source_label(const cli_pc_info *in, char *buf, int len);
/* the launch's lines in file and line order: the number of rows (0: no line table) */
int cli_line_rows(const kernel_stats *s, cli_pc_text text_of, const void *ctx, cli_line_row **rows);
double cli_line_simd_efficiency(const kernel_stats *s, const cli_line_row *r);
/* --per-pc's table by line (after the one by instruction); without a line
 * table, once per process, how to get one */
void cli_print_per_line(const kernel_stats *s, cli_pc_text text_of, const void *ctx);
/* the JSON "per_line" array (absent without a line table) */
void cli_json_per_line(json_writer *j, const kernel_stats *s, cli_pc_text text_of, const void *ctx);

#endif
