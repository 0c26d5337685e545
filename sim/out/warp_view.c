/* sim/out/warp_view.c — `--warp B:W`: an observer that prints one warp's
 * issued instructions as they happen. Each lane is a cell: '#' active and
 * executed, '-' active with its guard false, '.' not on this path. The depth
 * column marks a push (+) after a divergent branch and a pop (-) where
 * paths reconverge, so the order of the paths (else first or taken first)
 * and the reconvergence point can be read off the rows. */
#include "warp_view.h"
#include "stats/stats.h"
#include "src_text.h"
#include "demangle.h"
#include "util/xalloc.h"
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

enum { VIEW_MAX_SLOTS = 4096 };

struct warp_view {
    FILE *out;
    uint64_t block;
    int warp;
    const char *const *texts;              /* the launch's (valid until kernel_end) */
    const int *lines;
    const isa_srcloc *srcloc;              /* the launch's CUDA lines, or NULL */
    int npc;
    const char *kernel;
    uint32_t grid[3];
    int64_t slot_block[VIEW_MAX_SLOTS];   /* linear block index running in each slot, -1 none */
    int last_depth;
    long rows, kernel_rows;
};

static int begin(void *ctx, const obs_kernel *k, diag *d)
{
    (void)d;
    warp_view *v = ctx;
    char name[512];
    v->npc = k->texts && k->lines ? k->npc : 0;
    v->texts = k->texts;
    v->lines = k->lines;
    v->srcloc = k->srcloc;
    v->kernel = k->name;
    memcpy(v->grid, k->grid, sizeof v->grid);
    for (int i = 0; i < VIEW_MAX_SLOTS; i++) v->slot_block[i] = -1;
    v->last_depth = 1;
    v->kernel_rows = 0;
    fprintf(v->out, "warp %" PRIu64 ":%d of kernel %s ('#' active, '-' active with guard false, '.' off this path;\n"
                    "depth: SIMT stack entries, + pushed at a divergent branch, - popped where paths reconverge)\n",
            v->block, v->warp, dm_readable(k->name, name, sizeof name));
    fprintf(v->out, "%10s %5s %5s  %-*s%-36s %-32s %6s  %s\n", "cycle", "pc", "line", v->srcloc ? 16 : 0,
            v->srcloc ? "CUDA line" : "", "instruction", "lanes", "depth", "waited before issuing");
    return 0;
}

static void block_start(void *ctx, int slot, const uint32_t ctaid[3], int nwarps)
{
    (void)nwarps;
    warp_view *v = ctx;
    if (slot < 0 || slot >= VIEW_MAX_SLOTS) return;
    v->slot_block[slot] = (int64_t)(ctaid[0] + (uint64_t)ctaid[1] * v->grid[0] +
                                    (uint64_t)ctaid[2] * v->grid[0] * v->grid[1]);
}

static void lanes(FILE *f, uint64_t active, uint64_t exec, int n)
{
    for (int l = 0; l < n; l++) fputc(!(active >> l & 1) ? '.' : (exec >> l & 1) ? '#' : '-', f);
}

static void issue(void *ctx, const obs_issue *e)
{
    warp_view *v = ctx;
    if (e->slot < 0 || e->slot >= VIEW_MAX_SLOTS || v->slot_block[e->slot] != (int64_t)v->block || e->warp != v->warp)
        return;
    int pc = e->st->pc, depth = e->dy->stack_depth;
    char text[40];
    snprintf(text, sizeof text, "%.36s", pc < v->npc ? v->texts[pc] : "");
    char src[64] = "";
    if (v->srcloc && pc < v->npc && v->srcloc[pc].file)
        snprintf(src, sizeof src, "%.48s:%d", src_text_base(v->srcloc[pc].file), v->srcloc[pc].line);
    fprintf(v->out, "%10" PRIu64 " %5d %5d  %-*s%-36s ", e->cycle, pc, pc < v->npc ? v->lines[pc] : 0,
            v->srcloc ? 16 : 0, src, text);
    /* 32-lane warps in one row of cells; 64-lane wavefronts in two halves */
    int n = 64 - __builtin_clzll(e->dy->active | e->dy->exec | 1);
    lanes(v->out, e->dy->active, e->dy->exec, n > 32 ? 64 : 32);
    char mark = depth > v->last_depth ? '+' : depth < v->last_depth ? '-' : ' ';
    fprintf(v->out, " %5d%c  ", depth, depth >= 0 ? mark : '?');
    if (e->waited_reason >= 0 && e->waited_reason < STALL_COUNT)
        fprintf(v->out, "%s, %" PRIu64 " cycles", stall_names[e->waited_reason], e->waited);
    else if (e->waited > 1) fprintf(v->out, "others issued, %" PRIu64 " cycles", e->waited);
    if (e->dy->diverged) fputs("  <- diverged", v->out);
    fputc('\n', v->out);
    if (depth >= 0) v->last_depth = depth;
    v->rows++;
    v->kernel_rows++;
}

static int end(void *ctx, diag *d)
{
    (void)d;
    warp_view *v = ctx;
    if (!v->kernel_rows)
        fprintf(v->out, "(block %" PRIu64 " has no warp %d in kernel %s: blocks are numbered x + y * grid.x + ..., "
                        "warps from 0 within the block)\n", v->block, v->warp, v->kernel);
    fputc('\n', v->out);
    return 0;
}

warp_view *warp_view_new(FILE *out, uint64_t block, int warp)
{
    warp_view *v = xcalloc(1, sizeof *v);
    v->out = out;
    v->block = block;
    v->warp = warp;
    return v;
}

sim_observer warp_view_observer(warp_view *v)
{
    return (sim_observer){ .ctx = v, .kernel_begin = begin, .block_start = block_start, .issue = issue, .kernel_end = end };
}

long warp_view_rows(const warp_view *v) { return v->rows; }
void warp_view_free(warp_view *v) { free(v); }
