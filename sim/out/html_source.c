/* sim/out/html_source.c — the report's CUDA source beside the SASS: each
 * file's lines from the first to the last that has code (and two around),
 * every line with code carrying its figures, summed over its instructions
 * (sim/out/line_view.c), in data-* attributes for the heat map. Clicking a
 * line marks its instructions in the SASS table (data-cuda). */
#include "html_report.h"
#include "line_view.h"
#include "src_text.h"
#include "util/markup.h"
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

enum { HS_MAX_LINES = 4000 };

static void line_cells(FILE *f, const kernel_stats *s, const cli_line_row *r)
{
    uint64_t stalls = 0;
    for (int k = 1; k < STALL_COUNT; k++) stalls += r->sum.stall[k];
    double simd = cli_line_simd_efficiency(s, r);
    double passes = r->divisor[PC_STAT_passes] ? (double)r->sum.passes / (double)r->divisor[PC_STAT_passes] : 0;
    double sectors = r->divisor[PC_STAT_sectors] ? (double)r->sum.sectors / (double)r->divisor[PC_STAT_sectors] : 0;
    double lines = r->divisor[PC_STAT_lines] ? (double)r->sum.lines / (double)r->divisor[PC_STAT_lines] : 0;
    fprintf(f, "<td>%" PRIu64 "</td><td class=\"simd\">%.0f%%</td><td>%" PRIu64 "</td>", r->sum.executions, 100 * simd, stalls);
    if (passes) fprintf(f, "<td class=\"passes\">%.1f</td><td class=\"worst\">%" PRIu64 "-way</td>", passes, r->sum.worst_conflict);
    else fputs("<td class=\"passes\"></td><td class=\"worst\"></td>", f);
    if (lines) fprintf(f, "<td class=\"lines\">%.1f</td><td class=\"sectors\">%.1f</td>", lines, sectors);
    else fputs("<td class=\"lines\"></td><td class=\"sectors\"></td>", f);
}

static void line_row(FILE *f, const kernel_stats *s, const cli_line_row *r, int line, const char *file, const char *dump)
{
    int len = 0;
    const char *text = src_text_line(file, dump, line, &len);
    if (r) {
        uint64_t stalls = 0;
        for (int k = 1; k < STALL_COUNT; k++) stalls += r->sum.stall[k];
        fprintf(f, "<tr data-line=\"%d\" data-src=\"", line);
        markup_escape(f, src_text_base(file));
        fprintf(f, ":%d\" data-stalls=\"%" PRIu64 "\" data-simd=\"%.4f\" data-conflicts=\"%.3f\" data-sectors=\"%.3f\">",
                line, stalls, r->sum.executions ? 1 - cli_line_simd_efficiency(s, r) : 0,
                r->divisor[PC_STAT_passes] ? (double)r->sum.passes / (double)r->divisor[PC_STAT_passes] : 0,
                r->divisor[PC_STAT_sectors] ? (double)r->sum.sectors / (double)r->divisor[PC_STAT_sectors] : 0);
    } else {
        fprintf(f, "<tr data-line=\"%d\">", line);
    }
    fprintf(f, "<td class=\"ln\">%d</td><td class=\"code\">", line);
    char *copy = xmalloc((size_t)len + 1);
    memcpy(copy, text ? text : "", (size_t)len);
    copy[len] = 0;
    markup_escape(f, copy);
    free(copy);
    fputs("</td>", f);
    if (r) line_cells(f, s, r);
    fputs("</tr>\n", f);
}

/* one file's rows (rows[0..n) are its lines with code, in order) */
static void file_table(FILE *f, const kernel_stats *s, int k, int nth, const cli_line_row *rows, int n)
{
    const char *file = rows[0].file, *dump = rows[0].dump, *found = src_text_path(file, dump);
    fprintf(f, "<h4>");
    markup_escape(f, src_text_base(file));
    fputs(found ? "" : " (source not found: name its folder with --source-path DIR)", f);
    char id[32];   /* cuda-K for the launch's first file, cuda-K-N for the others */
    if (nth) snprintf(id, sizeof id, "cuda-%d-%d", k, nth); else snprintf(id, sizeof id, "cuda-%d", k);
    fprintf(f, "</h4>\n<table class=\"src cuda\" id=\"%s\"><tr><th>line</th><th>CUDA source</th><th>executions</th>"
               "<th>SIMD</th><th>stall cycles</th><th>bank passes/access</th><th>worst conflict</th><th>lines/access</th>"
               "<th>sectors/access</th></tr>\n", id);
    int lo = rows[0].line > 2 ? rows[0].line - 2 : 1, hi = rows[n - 1].line + 2;
    if (!found || hi - lo > HS_MAX_LINES) {
        for (int i = 0; i < n; i++) line_row(f, s, &rows[i], rows[i].line, file, dump);
    } else {
        int len;
        for (int line = lo, i = 0; line <= hi; line++) {
            if (line > rows[n - 1].line && !src_text_line(file, dump, line, &len)) break;
            const cli_line_row *r = i < n && rows[i].line == line ? &rows[i++] : NULL;
            line_row(f, s, r, line, file, dump);
        }
    }
    fputs("</table>\n", f);
}

int html_source_cuda(FILE *f, const kernel_stats *s, int k, cli_pc_text text_of, const void *ctx)
{
    cli_line_row *rows;
    int n = cli_line_rows(s, text_of, ctx, &rows);
    if (!n) return 0;
    fputs("<div class=\"cudasrc\"><h3>CUDA source</h3>\n", f);
    for (int i = 0, nth = 0; i < n; nth++) {
        int j = i;
        while (j < n && !strcmp(rows[j].file, rows[i].file)) j++;
        file_table(f, s, k, nth, rows + i, j - i);
        i = j;
    }
    fputs("</div>\n", f);
    free(rows);
    return 1;
}
