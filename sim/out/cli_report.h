/* sim/out/cli_report.h — printing a timed kernel's statistics. */
#ifndef WARPSIM_CLI_REPORT_H
#define WARPSIM_CLI_REPORT_H
#include "config/config.h"
#include "util/json.h"
#include "stats/stats.h"

/* what the views know of an instruction besides its text: its source line
 * (0 unknown) and, for a branch that can split a warp, where its paths
 * reconverge (-1: none known, as in traces); for nvcc's SASS with a line
 * table, its CUDA source line (src_file NULL: none) and the dump it came
 * from (where its source is looked for) */
typedef struct {
    int line, reconv_pc, reconv_line;
    const char *src_file;
    int src_line;
    const char *inlined_at;   /* "lines.cu:17": the call sites it was inlined at, or NULL */
    const char *dump;
} cli_pc_info;
/* the text of pc (and its facts in *info), or NULL for a pc with no
 * instruction (a trace's PCs may have gaps) */
typedef const char *(*cli_pc_text)(const void *ctx, int pc, char *buf, int len, cli_pc_info *info);
/* a cli_pc_text for kernels of isa_kernel (ctx): disassembly, line, reconvergence */
const char *cli_sass_pc_text(const void *ctx, int pc, char *buf, int len, cli_pc_info *info);

/* a per-PC (or per-line) row's pc_stats.def counters as text ("  [1.0 lines/access, ...]") and
 * as JSON fields; divisor[i]: what counter i's per-access average divides by (NULL: executions) */
void cli_text_pc_counters(const pc_stats *p, const uint64_t *divisor);
void cli_json_pc_counters(json_writer *j, const pc_stats *p);
void cli_json_stalls(json_writer *j, const char *key, const uint64_t *stall);

void cli_print_timing(const kernel_stats *s, const config *cfg);
void cli_print_per_pc(const kernel_stats *s, cli_pc_text text_of, const void *ctx);
void cli_json_timing(json_writer *j, const kernel_stats *s, cli_pc_text text_of, const void *ctx);
/* the instruction counts of a kernel's text summary */
void cli_print_counts(const kernel_stats *s);
/* one object of the JSON "kernels" list: name, launch index, grid, block,
 * every counter, SIMD efficiency, timing */
void cli_json_kernel(json_writer *j, const kernel_stats *s, int launch, const char *name, cli_pc_text text_of,
                     const void *ctx);
/* what a run was asked for: the -c argument, every --set and -D (in order) */
void cli_json_inputs(json_writer *j, const char *config_arg, const char *const *sets, int nsets,
                     const char *const *defines, int ndefines);
/* the "host" object: wall time and simulation speed, the only part two identical runs differ in */
void cli_json_host(json_writer *j, const kernel_stats *ks, int nk, double seconds);
/* --stats=csv: a header and one row per launch (sim/out/stats_csv.h) */
void cli_print_csv(const char *input, const char *gpu, const kernel_stats *ks, int nk);

#endif
