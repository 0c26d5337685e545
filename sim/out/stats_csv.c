/* sim/out/stats_csv.c — a kernel launch's statistics as one CSV row. The
 * columns follow the JSON of `warpsim run --stats=json` (cli_report.c):
 * the counters of stats.def, then the timing figures and stalls.def. */
#include "stats_csv.h"
#include "energy_out.h"
#include <inttypes.h>
#include <string.h>

static const char *const timing_columns[] = {
    "cycles", "ipc", "occupancy.theoretical", "occupancy.achieved", "dram_bandwidth_gbps",
};
enum { NTIMING = (int)(sizeof timing_columns / sizeof timing_columns[0]) };

void csv_field(FILE *f, const char *text)
{
    if (!strpbrk(text, ",\"\n\r")) { fputs(text, f); return; }
    fputc('"', f);
    for (const char *p = text; *p; p++) {
        if (*p == '"') fputc('"', f);
        fputc(*p, f);
    }
    fputc('"', f);
}

int csv_kernel_columns(void) { return 4 + STAT_COUNT + 1 + NTIMING + STALL_COUNT + 3 + energy_csv_columns(); }

void csv_kernel_header(FILE *f)
{
    fputs("kernel,launch,grid,block", f);
    for (int c = 0; c < STAT_COUNT; c++) fprintf(f, ",%s", stat_names[c]);
    fputs(",simd_efficiency", f);
    for (int c = 0; c < NTIMING; c++) fprintf(f, ",%s", timing_columns[c]);
    for (int r = 0; r < STALL_COUNT; r++) fprintf(f, ",stalls.%s", stall_names[r]);
    fputs(",cycles_are,cycles_low,cycles_high", f);   /* --sample (docs/sampling.md); empty without */
    energy_csv_header(f);
}

static void sample_cells(FILE *f, const kernel_stats *s)
{
    const sample_info *si = &s->sample;
    if (si->mode == SAMPLE_NONE) { fputs(",,,", f); return; }
    fprintf(f, ",%s,%" PRIu64 ",%" PRIu64, si->mode == SAMPLE_INSIDE ? "sampled" : si->mode == SAMPLE_PROJECTED
            ? "projected" : "timed", si->lo, si->hi);
}

static void dim3(FILE *f, const uint32_t v[3])
{
    fprintf(f, ",%" PRIu32 "x%" PRIu32 "x%" PRIu32, v[0], v[1], v[2]);
}

/* doubles with enough digits to tell two runs apart, and no locale */
static void real(FILE *f, double x) { fprintf(f, ",%.9g", x); }

void csv_kernel_row(FILE *f, const kernel_stats *s, int launch)
{
    csv_field(f, s->kernel);
    fprintf(f, ",%d", launch);
    dim3(f, s->grid);
    dim3(f, s->block);
    for (int c = 0; c < STAT_COUNT; c++) fprintf(f, ",%" PRIu64, s->v[c]);
    real(f, stats_simd_efficiency(s));
    if (!s->timed) {   /* a functional run has no timing: empty cells (a projected launch: its cycles) */
        if (s->sample.mode == SAMPLE_PROJECTED) fprintf(f, ",%" PRIu64, s->cycles);
        else fputc(',', f);
        for (int c = 1; c < NTIMING + STALL_COUNT; c++) fputc(',', f);
        sample_cells(f, s);
        for (int c = 0; c < energy_csv_columns(); c++) fputc(',', f);
        return;
    }
    fprintf(f, ",%" PRIu64, s->cycles);
    real(f, stats_ipc(s));
    real(f, s->occupancy_theoretical);
    real(f, s->occupancy_achieved);
    real(f, stats_dram_gbps(s));
    for (int r = 0; r < STALL_COUNT; r++) fprintf(f, ",%" PRIu64, s->stall[r]);
    sample_cells(f, s);
    energy_csv_row(f, s);
}
