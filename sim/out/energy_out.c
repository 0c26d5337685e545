/* sim/out/energy_out.c — a launch's and a program's energy (stats.h
 * energy_stats, sim/gpu/energy.c) in the text summary, JSON and CSV. */
#include "energy_out.h"
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* a number of joules with a unit that fits it */
const char *energy_text(double j, char *buf, int len)
{
    static const struct { double scale; const char *unit; } units[] = {
        { 1, "J" }, { 1e-3, "mJ" }, { 1e-6, "uJ" }, { 1e-9, "nJ" }, { 1e-12, "pJ" },
    };
    int u = 0;
    while (u < 4 && j < units[u].scale && j != 0) u++;
    snprintf(buf, (size_t)len, "%.4g %s", j / units[u].scale, units[u].unit);
    return buf;
}

void energy_print_launch(const kernel_stats *s)
{
    const energy_stats *e = &s->energy;
    if (!e->on) {
        printf("  %-22s not reported: %s\n", "energy", "the config has no measured [energy] values (energy.source)");
        return;
    }
    char a[32];
    printf("  %-22s %s, %.1f W average over %.4g ms\n", "energy", energy_text(e->joules, a, sizeof a), e->watts,
           e->seconds * 1e3);
    /* the parts, largest first, down to 1% */
    int done[EPART_COUNT] = { 0 };
    printf("  %-22s", "energy by part");
    for (int n = 0; n < EPART_COUNT; n++) {
        int best = -1;
        for (int i = 0; i < EPART_COUNT; i++)
            if (!done[i] && (best < 0 || e->part[i] > e->part[best])) best = i;
        if (best < 0 || e->joules <= 0 || e->part[best] < 0.01 * e->joules) break;
        done[best] = 1;
        printf(" %s %.1f%%", epart_names[best], 100.0 * e->part[best] / e->joules);
    }
    printf("\n");
}

/* the program's energy: its timed launches' sums */
static int program(const kernel_stats *ks, int nk, double *j, double *s)
{
    int any = 0;
    *j = *s = 0;
    for (int i = 0; i < nk; i++)
        if (ks[i].energy.on) {
            any = 1;
            *j += ks[i].energy.joules;
            *s += ks[i].energy.seconds;
        }
    return any;
}

void energy_print_program(const kernel_stats *ks, int nk)
{
    double j, s;
    char a[32];
    if (nk > 1 && program(ks, nk, &j, &s))
        printf("energy of the program: %s over %.4g ms of launches, %.1f W average\n", energy_text(j, a, sizeof a),
               s * 1e3, s > 0 ? j / s : 0);
}

static void json_parts(json_writer *j, const double *part)
{
    json_begin_object(j, "parts");
    for (int i = 0; i < EPART_COUNT; i++) json_double(j, epart_names[i], part[i]);
    json_end_object(j);
}

void energy_json_launch(json_writer *j, const kernel_stats *s)
{
    const energy_stats *e = &s->energy;
    json_begin_object(j, "energy");
    if (!e->on) {
        json_string(j, "reported", "no");
        json_string(j, "reason", "the config has no measured [energy] values (energy.source)");
    } else {
        json_string(j, "reported", "yes");
        json_double(j, "joules", e->joules);
        json_double(j, "seconds", e->seconds);
        json_double(j, "watts", e->watts);
        json_double(j, "edp_js", e->joules * e->seconds);
        json_parts(j, e->part);
        json_begin_object(j, "events");   /* what each part charged: the fit's design matrix */
        for (int i = 0; i < EVENT_COUNT; i++) json_double(j, event_names[i], e->event[i]);
        json_end_object(j);
    }
    json_end_object(j);
}

void energy_json_program(json_writer *j, const kernel_stats *ks, int nk)
{
    double joules, s;
    if (!program(ks, nk, &joules, &s)) return;
    json_begin_object(j, "energy");
    json_double(j, "joules", joules);
    json_double(j, "seconds", s);
    json_double(j, "watts", s > 0 ? joules / s : 0);
    double part[EPART_COUNT] = { 0 };
    for (int i = 0; i < nk; i++)
        for (int p = 0; ks[i].energy.on && p < EPART_COUNT; p++) part[p] += ks[i].energy.part[p];
    json_parts(j, part);
    json_end_object(j);
}

void energy_json_pc(json_writer *j, const kernel_stats *s, int pc)
{
    if (s->energy.on && s->energy.pc_joules) json_double(j, "energy_j", s->energy.pc_joules[pc]);
}

void energy_text_pc(const kernel_stats *s, int pc)
{
    char a[32];
    if (s->energy.on && s->energy.pc_joules && s->per_pc[pc].executions)
        printf("  [energy %s]", energy_text(s->energy.pc_joules[pc], a, sizeof a));
}

void energy_print_pc_footer(const kernel_stats *s)
{
    const energy_stats *e = &s->energy;
    if (!e->on || !e->pc_joules) return;
    double sum = 0;
    char a[32], b[32];
    for (int pc = 0; pc < s->npc; pc++) sum += e->pc_joules[pc];
    printf("  energy charged to the instructions above: %s of the launch's %s (the rest: interconnect, DRAM, static "
           "and constant power, cache accesses no instruction made)\n", energy_text(sum, a, sizeof a),
           energy_text(e->joules, b, sizeof b));
}

static const char *const fixed_columns[] = { "energy_j", "power_w", "edp_js" };
enum { NFIXED = 3 };

int energy_csv_columns(void) { return NFIXED + EPART_COUNT; }

void energy_csv_header(FILE *f)
{
    for (int c = 0; c < NFIXED; c++) fprintf(f, ",%s", fixed_columns[c]);
    for (int p = 0; p < EPART_COUNT; p++) fprintf(f, ",energy.%s", epart_names[p]);
}

void energy_csv_row(FILE *f, const kernel_stats *s)
{
    const energy_stats *e = &s->energy;
    if (!e->on) {   /* no energy model: empty cells */
        for (int c = 0; c < energy_csv_columns(); c++) fputc(',', f);
        return;
    }
    fprintf(f, ",%.9g,%.9g,%.9g", e->joules, e->watts, e->joules * e->seconds);
    for (int p = 0; p < EPART_COUNT; p++) fprintf(f, ",%.9g", e->part[p]);
}
