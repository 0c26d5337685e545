/* sim/cli/validate_report.c — the markdown report of `warpsim validate`:
 * the headline (predicted rows only), one table per section with each
 * row's kind, the quotes the rows test, why rows miss, and the runs. */
#include "validate.h"
#include <math.h>
#include <string.h>

static void rule_text(const val_row *row, char *buf, size_t len)
{
    switch (row->rule) {
    case RULE_TOL: snprintf(buf, len, "±%g%%", row->tol * 100); break;
    case RULE_RANGE: snprintf(buf, len, "%g – %g%s", row->lo, row->hi, row->tol > 0 ? " ±" : ""); break;
    case RULE_MIN: snprintf(buf, len, "≥ %g", row->lo); break;
    case RULE_MAX: snprintf(buf, len, "≤ %g", row->hi); break;
    default: snprintf(buf, len, "—"); break;
    }
    if (row->rule == RULE_RANGE && row->tol > 0) {
        size_t l = strlen(buf);
        snprintf(buf + l, len - l, "%g%%", row->tol * 100);
    }
}

static void write_row(FILE *out, const val_file *f, const val_row *row, int n)
{
    static const char *const verdict[] = { "pass", "**miss**", "info", "**error**", "not run" };
    char got[48] = "—", ratio[32] = "—", rule[48], runs[160] = "";
    if (row->result == ROW_PASS || row->result == ROW_MISS || row->result == ROW_INFO) {
        snprintf(got, sizeof got, "%.4g", row->got);
        if (isfinite(row->target) && row->target != 0) snprintf(ratio, sizeof ratio, "%.2f", row->got / row->target);
    }
    rule_text(row, rule, sizeof rule);
    for (int i = 0; i < row->nruns; i++) {
        size_t l = strlen(runs);
        snprintf(runs + l, sizeof runs - l, "%s[%s](#run-%s)", i ? ", " : "", f->runs[row->runs[i]].name, f->runs[row->runs[i]].name);
    }
    char kind[240] = "—";
    if (row->rule != RULE_INFO) {
        if (row->calibrated) snprintf(kind, sizeof kind, "calibrated (`%s`)", row->cal_keys);
        else snprintf(kind, sizeof kind, "predicted");
    }
    fprintf(out, "| %d | %s%s%s%s | %s | %s | %s | %s | %s | %s | %s |\n", n, row->quantity, row->unit[0] ? " (" : "",
            row->unit, row->unit[0] ? ")" : "", row->seed_text, got, ratio, rule, kind, verdict[row->result], runs);
}

static void write_section(FILE *out, const val_file *f, int s, int *n)
{
    int shown = 0;
    for (int i = 0; i < f->nrows; i++) shown += f->rows[i].section == s && f->rows[i].result != ROW_SKIPPED;
    if (!shown) return;
    fprintf(out, "\n## %s\n\n", f->sec[s].title);
    if (f->sec[s].text[0]) fprintf(out, "%s\n\n", f->sec[s].text);
    fprintf(out, "| # | quantity | seed | warpsim | ratio | tolerance | kind | result | runs |\n");
    fprintf(out, "|---|---|---|---|---|---|---|---|---|\n");
    int first = *n;
    for (int i = 0; i < f->nrows; i++)
        if (f->rows[i].section == s && f->rows[i].result != ROW_SKIPPED) write_row(out, f, &f->rows[i], ++*n);
    int k = first, quotes = 0;
    for (int i = 0; i < f->nrows; i++) {
        const val_row *row = &f->rows[i];
        if (row->section != s || row->result == ROW_SKIPPED) continue;
        k++;
        if (!row->quote[0]) continue;
        if (!quotes++) fprintf(out, "\nWhat each row tests, in its source's words:\n\n");
        fprintf(out, "- **%d** (%s): %s\n", k, row->source[0] ? row->source : "seed", row->quote);
    }
    k = first;
    int notes = 0;
    for (int i = 0; i < f->nrows; i++) {
        const val_row *row = &f->rows[i];
        if (row->section != s || row->result == ROW_SKIPPED) continue;
        k++;
        const char *why = row->result == ROW_ERROR ? row->error : row->result == ROW_MISS ? row->why : NULL;
        if (row->result == ROW_MISS && !why[0]) why = "not expected: a regression";
        if (!why) continue;
        if (!notes++) fprintf(out, "\nWhy rows miss:\n\n");
        fprintf(out, "- **%d** (%s): %s\n", k, row->source[0] ? row->source : "seed", why);
    }
}

static void write_runs(FILE *out, const val_file *f)
{
    fprintf(out, "\n## Runs\n\nEach row's figure comes from these runs; each line reproduces one.\n\n");
    for (int i = 0; i < f->nruns; i++) {
        const val_run *r = &f->runs[i];
        if (!r->wanted) continue;
        const char *a = r->args;
        while (*a == ' ') a++;
        fprintf(out, "- <a id=\"run-%s\"></a>`%s`: `./warpsim run ", r->name, r->name);
        for (const char *p = a; *p; p++) {
            if (p == strstr(a, r->file) && !strcmp(p, r->file)) { fprintf(out, "workloads/%s", r->file); break; }
            fputc(*p == '"' ? '\'' : *p, out);
        }
        fprintf(out, " --stats=json`%s\n", r->fast ? " (in `make check`)" : "");
    }
}

/* rows with this result; calibrated: 1 only calibrated rows, 0 only predicted, -1 all */
int validate_count(const val_file *f, int result, int calibrated)
{
    int n = 0;
    for (int i = 0; i < f->nrows; i++)
        n += f->rows[i].result == result && (calibrated < 0 || f->rows[i].calibrated == calibrated);
    return n;
}

void validate_write_report(FILE *out, const val_file *f, const char *rows_path, int fast)
{
    int pass = validate_count(f, ROW_PASS, 0);
    int judged = pass + validate_count(f, ROW_MISS, 0) + validate_count(f, ROW_ERROR, 0);
    int cpass = validate_count(f, ROW_PASS, 1);
    int cjudged = cpass + validate_count(f, ROW_MISS, 1) + validate_count(f, ROW_ERROR, 1);
    int info = validate_count(f, ROW_INFO, -1);
    fprintf(out, "# %s\n\n", f->title[0] ? f->title : "Validation");
    fprintf(out, "Generated by `make validate` (`warpsim validate %s%s`) from `%s`; do not edit by hand.\n\n",
            fast ? "--fast " : "", rows_path, rows_path);
    fprintf(out, "**%d of %d predicted rows pass (%.0f%%; at least %.0f%% required).** Besides them, %d calibrated "
            "rows (%d pass) and %d rows shown for information.\n\n",
            pass, judged, judged ? 100.0 * pass / judged : 0, f->require * 100, cjudged, cpass, info);
    fprintf(out, "A *predicted* row compares a figure that no config parameter was set from: only these are evidence "
            "that the model predicts. A *calibrated* row checks a figure that the named config parameters were set "
            "from (each such parameter carries a `[calibrated: ID]` tag in its config, and `warpsim validate` "
            "checks the two agree): it shows the model reproduces the figure end to end, not that it predicts it. "
            "Every judged row can fail in both directions: a one-sided bound is used only where the source's claim "
            "is one-sided. *ratio* is warpsim's figure over the seed's (over the middle of a range).\n");
    int n = 0;
    for (int s = 0; s < f->nsec; s++) write_section(out, f, s, &n);
    write_runs(out, f);
}
