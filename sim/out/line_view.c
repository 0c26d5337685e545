/* sim/out/line_view.c — `--per-pc` and the JSON by CUDA source line: each
 * line's executions, SIMD efficiency, stalls by reason and pc_stats.def's
 * counters (bank passes and worst conflict degree, lines and sectors per
 * access), summed over the instructions nvcc's line table gives it. */
#include "line_view.h"
#include "src_text.h"
#include "util/xalloc.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cli_has_source_lines(const kernel_stats *s, cli_pc_text text_of, const void *ctx)
{
    for (int pc = 0; pc < s->npc; pc++) {
        char text[200];
        cli_pc_info in = { 0, -1, -1, NULL, 0, NULL, NULL };
        if (text_of(ctx, pc, text, sizeof text, &in) && in.src_file) return 1;
    }
    return 0;
}

void cli_source_label(const cli_pc_info *in, char *buf, int len)
{
    if (in->src_file) snprintf(buf, (size_t)len, "%s:%d", src_text_base(in->src_file), in->src_line);
    else if (len) buf[0] = 0;
}

static uint64_t counter(const pc_stats *p, int i) { return *(const uint64_t *)((const char *)p + pc_stat_table[i].offset); }
static uint64_t *counter_at(pc_stats *p, int i) { return (uint64_t *)((char *)p + pc_stat_table[i].offset); }

/* one PC's counters into its line's row */
static void add_pc(cli_line_row *r, const pc_stats *p)
{
    for (int i = 0; i < PC_STAT_COUNT; i++) {
        uint64_t *to = counter_at(&r->sum, i), v = counter(p, i);
        if (pc_stat_table[i].is_max) { if (v > *to) *to = v; }
        else *to += v;
    }
    for (int r2 = 0; r2 < STALL_COUNT; r2++) r->sum.stall[r2] += p->stall[r2];
    /* an average per access divides by the executions of the PCs that made such accesses */
    for (int i = 0; i < PC_STAT_COUNT;) {
        int end = i, any = 0;
        while (end < PC_STAT_COUNT && !strcmp(pc_stat_table[end].group, pc_stat_table[i].group)) any |= counter(p, end++) != 0;
        for (; i < end; i++) if (any) r->divisor[i] += p->executions;
    }
    r->npcs++;
}

static int row_order(const void *a, const void *b)
{
    const cli_line_row *x = a, *y = b;
    int c = strcmp(x->file, y->file);
    return c ? c : x->line - y->line;
}

int cli_line_rows(const kernel_stats *s, cli_pc_text text_of, const void *ctx, cli_line_row **rows)
{
    int n = 0, cap = 0;
    *rows = NULL;
    for (int pc = 0; pc < s->npc; pc++) {
        char text[200];
        cli_pc_info in = { 0, -1, -1, NULL, 0, NULL, NULL };
        if (!text_of(ctx, pc, text, sizeof text, &in) || !in.src_file) continue;
        int i = 0;
        while (i < n && !((*rows)[i].line == in.src_line && !strcmp((*rows)[i].file, in.src_file))) i++;
        if (i == n) {
            if (n == cap) { cap = cap ? 2 * cap : 32; *rows = xrealloc(*rows, sizeof **rows * (size_t)cap); }
            memset(&(*rows)[n], 0, sizeof **rows);
            (*rows)[n].file = in.src_file;
            (*rows)[n].line = in.src_line;
            (*rows)[n].dump = in.dump;
            (*rows)[n].first_pc = pc;
            n++;
        }
        add_pc(&(*rows)[i], &s->per_pc[pc]);
    }
    if (n) qsort(*rows, (size_t)n, sizeof **rows, row_order);
    return n;
}

double cli_line_simd_efficiency(const kernel_stats *s, const cli_line_row *r)
{
    return r->sum.executions && s->warp_size ? (double)r->sum.active_lanes / ((double)r->sum.executions * s->warp_size) : 0;
}

/* without a line table: once, how to get one (nvcc's SASS only; traces have no CUDA lines) */
static void say_how_once(const kernel_stats *s, cli_pc_text text_of, const void *ctx)
{
    static int said;
    char text[200];
    cli_pc_info in = { 0, -1, -1, NULL, 0, NULL, NULL };
    if (said || !s->npc || !text_of(ctx, 0, text, sizeof text, &in) || !in.dump) return;
    said = 1;
    printf("  (no CUDA source lines: build the program with 'nvcc -lineinfo'; warpsim cuda then finds them with\n"
           "   cuobjdump and nvdisasm on PATH, and --sass DUMP takes them from NAME.lines.txt beside it: docs/cuda.md)\n");
}

void cli_print_per_line(const kernel_stats *s, cli_pc_text text_of, const void *ctx)
{
    cli_line_row *rows;
    int n = cli_line_rows(s, text_of, ctx, &rows);
    if (!n) { say_how_once(s, text_of, ctx); return; }
    printf("\n  by CUDA source line:\n  %-18s %6s %10s %5s  %s\n", "line", "instrs", "executed", "SIMD",
           "scheduler cycles charged (issued, stalls)  [per access]");
    for (int i = 0; i < n; i++) {
        const cli_line_row *r = &rows[i];
        char label[64];
        snprintf(label, sizeof label, "%s:%d", src_text_base(r->file), r->line);
        printf("  %-18s %6d %10" PRIu64 " %4.0f%% ", label, r->npcs, r->sum.executions, 100.0 * cli_line_simd_efficiency(s, r));
        for (int k = 0; k < STALL_COUNT; k++)
            if (r->sum.stall[k]) printf(" %s %" PRIu64, stall_names[k], r->sum.stall[k]);
        cli_text_pc_counters(&r->sum, r->divisor);
        int len;
        const char *src = src_text_line(r->file, r->dump, r->line, &len);
        if (src) printf("\n  %18s |%.*s", "", len > 100 ? 100 : len, src);
        printf("\n");
    }
    const char *missing = NULL;
    for (int i = 0; i < n && !missing; i++) if (!src_text_path(rows[i].file, rows[i].dump)) missing = rows[i].file;
    if (missing)
        printf("  (source %s not found: not at that path, beside the program or the dump; name its folder with --source-path DIR)\n",
               missing);
    free(rows);
}

void cli_json_per_line(json_writer *j, const kernel_stats *s, cli_pc_text text_of, const void *ctx)
{
    cli_line_row *rows;
    int n = cli_line_rows(s, text_of, ctx, &rows);
    if (!n) return;
    json_begin_array(j, "per_line");
    for (int i = 0; i < n; i++) {
        const cli_line_row *r = &rows[i];
        json_begin_object(j, NULL);
        json_string(j, "file", r->file);
        json_int(j, "line", r->line);
        int len;
        const char *src = src_text_line(r->file, r->dump, r->line, &len);
        if (src) {
            char *text = xmalloc((size_t)len + 1);
            memcpy(text, src, (size_t)len);
            text[len] = 0;
            json_string(j, "source", text);
            free(text);
        }
        json_int(j, "instructions", r->npcs);
        cli_json_pc_counters(j, &r->sum);
        json_double(j, "simd_efficiency", cli_line_simd_efficiency(s, r));
        cli_json_stalls(j, "stalls", r->sum.stall);
        json_end_object(j);
    }
    json_end_array(j);
    free(rows);
}
