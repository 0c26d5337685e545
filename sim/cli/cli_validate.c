/* sim/cli/cli_validate.c — `warpsim validate ROWS.val`: read the rows file, run
 * its runs (sim/validate_run.c), evaluate each row and write the report.
 *
 * A rows file, one statement per line (`#` starts a comment):
 *   title "..."                      the report's heading
 *   require 80%                      the share of predicted rows that must pass
 *   calibration strict               check calibrated rows against the configs' tags
 *   section "..."                    a new table; `text "..."` adds a paragraph to it
 *   run NAME [fast]: ARGS            warpsim run arguments (-c, --set, -D, a workload
 *                                    under workloads/); `fast` joins the make-check subset
 *   row "quantity" seed=FIG value="EXPR" RULE [unit=U] [source=S] [quote="..."]
 *       [id=ID calibrated=KEY[,KEY]] [why="..."]
 * RULE is tol=P% (within P% of seed), range=LO..HI [tol=P%], min=X, max=X or
 * info (shown, never judged). A judged row must be able to fail both ways:
 * min/max only for a seed figure that is itself one-sided ("> 9"), and a
 * range must contain the seed figure. A row whose figure set config
 * parameters is calibrated=KEYS with an id=; each key's line in the configs
 * the runs use carries "[calibrated: ID]" in its comment (checked both ways).
 * Only predicted rows count towards `require`. EXPR is arithmetic over report(RUN, NAME[, I]),
 * cycles(RUN[, K]), ms(RUN[, K]), stat(RUN, K, COUNTER), min, max, abs.
 * A row with `why` is a known miss: the report prints the reason when it
 * misses; any other row that misses is a regression and fails the command. */
#include "cli.h"
#include "asm.h"
#include "front/expr.h"
#include "validate.h"
#include "util/stop.h"
#include "util/whole_file.h"
#include <errno.h>
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- reading the rows file ---- */

/* the next word or "quoted string" of *p into out; its column in *col */
static int next_word(const char **p, const char *line, char *out, size_t len, int *col)
{
    const char *s = *p;
    while (*s == ' ' || *s == '\t') s++;
    if (!*s) return 0;
    *col = (int)(s - line) + 1;
    size_t n = 0;
    int quoted = 0;
    while (*s && (quoted || (*s != ' ' && *s != '\t'))) {
        if (*s == '"') { quoted = !quoted; s++; continue; }
        if (n + 1 < len) out[n++] = *s;
        s++;
    }
    out[n] = 0;
    *p = s;
    return 1;
}

static int find_run(const val_file *f, const char *name)
{
    for (int i = 0; i < f->nruns; i++)
        if (!strcmp(f->runs[i].name, name)) return i;
    return -1;
}

static int parse_run(val_file *f, const char *line, int ln, const char *rest, int col)
{
    const char *colon = strchr(rest, ':');
    val_run *r = &f->runs[f->nruns];
    memset(r, 0, sizeof *r);
    char head[128];
    snprintf(head, sizeof head, "%.*s", colon ? (int)(colon - rest) : 0, rest);
    if (!colon || sscanf(head, "%47s", r->name) != 1) {
        diag_at(f->d, f->path, ln, col, line, "expected 'run NAME [fast]: ARGUMENTS'");
        return 1;
    }
    r->fast = strstr(head, " fast") != NULL;
    if (find_run(f, r->name) >= 0) {
        diag_at(f->d, f->path, ln, col, line, "run '%s' is defined twice", r->name);
        return 1;
    }
    r->line = ln;
    snprintf(r->args, sizeof r->args, "%s", colon + 1);
    const char *p = colon + 1;
    char word[256];
    int wcol;
    while (next_word(&p, line, word, sizeof word, &wcol)) {
        char arg[256] = "";
        int takes = !strcmp(word, "-c") || !strcmp(word, "--set") || !strcmp(word, "-D");
        if (takes && !next_word(&p, line, arg, sizeof arg, &wcol)) {
            diag_at(f->d, f->path, ln, wcol, line, "'%s' needs a value", word);
            return 1;
        }
        if (!strcmp(word, "-c")) snprintf(r->config, sizeof r->config, "%s", arg);
        else if (!strcmp(word, "--set") && r->nsets < 8) snprintf(r->sets[r->nsets++], sizeof r->sets[0], "%s", arg);
        else if (!strcmp(word, "-D") && r->ndefines < 8) snprintf(r->defines[r->ndefines++], sizeof r->defines[0], "%s", arg);
        else if (word[0] == '-' || r->file[0]) {
            diag_at(f->d, f->path, ln, wcol, line, "unexpected '%s': a run takes -c, --set, -D (at most 8 each) and one workload", word);
            return 1;
        } else snprintf(r->file, sizeof r->file, "%s", word);
    }
    if (!r->file[0]) { diag_at(f->d, f->path, ln, col, line, "run '%s' names no workload", r->name); return 1; }
    f->nruns++;
    return 0;
}

/* every run a row's expression names, remembered for the row */
static int note_runs(val_file *f, val_row *row, const expr *e, const char *line)
{
    if (!e) return 0;
    int bad = 0;
    if (e->kind == EX_CALL && e->nargs > 0 && e->arg[0]->kind == EX_NAME) {
        int r = find_run(f, e->arg[0]->name);
        if (r < 0) {
            diag_at(f->d, f->path, row->line, e->arg[0]->col, line, "no run is named '%s' (runs are defined before the rows that read them)", e->arg[0]->name);
            return 1;
        }
        int known = 0;
        for (int i = 0; i < row->nruns; i++) known |= row->runs[i] == r;
        if (!known && row->nruns < 8) row->runs[row->nruns++] = r;
    }
    for (int i = 0; i < e->nargs && i < 8; i++)
        if (e->kind != EX_CALL || i > 0 || e->arg[i]->kind != EX_NAME) bad |= note_runs(f, row, e->arg[i], line);
    return bad;
}

/* a number, optionally a percentage; with `remark`, also a number followed
 * by " (how it is derived)", as a seed figure may be */
static int parse_number_remark(const char *s, double *out, int remark)
{
    char *end;
    *out = strtod(s, &end);
    if (end == s) return 0;
    if (!*end || !strcmp(end, "%")) return 1;
    return remark && end[0] == ' ' && end[1] == '(' && end[strlen(end) - 1] == ')';
}

static int parse_number(const char *s, double *out) { return parse_number_remark(s, out, 0); }

static int row_attribute(val_file *f, val_row *row, const char *line, int ln, const char *key, const char *val, int col)
{
    if (!strcmp(key, "seed")) {
        snprintf(row->seed_text, sizeof row->seed_text, "%s", val);
        const char *num = val;
        while (*num && !isdigit((unsigned char)*num) && *num != '-' && *num != '.') num++;
        if (!parse_number_remark(num, &row->target, 1)) row->target = NAN;
    } else if (!strcmp(key, "value")) {
        snprintf(row->value_text, sizeof row->value_text, "%s", val);
        int vcol = col + (int)strlen(key) + 1;
        if (line[vcol - 1] != '"') { diag_at(f->d, f->path, ln, vcol, line, "write the value in quotes: value=\"EXPR\""); return 1; }
        lexer lx;
        lex_init(&lx, f->path, ln, line, vcol + 1, f->d);
        expr_free(row->value);
        row->value = expr_parse(&lx);
        if (!row->value || lx.failed) return 1;
        if (!lex_is(&lx, "\"")) { lex_error(&lx, lx.tok.col, "unexpected '%s' after the value expression", lx.tok.text); return 1; }
        return note_runs(f, row, row->value, line);
    } else if (!strcmp(key, "tol")) {
        if (!parse_number(val, &row->tol)) goto bad;
        row->tol /= 100;
        if (row->rule != RULE_RANGE) row->rule = RULE_TOL;
    } else if (!strcmp(key, "range")) {
        const char *dots = strstr(val, "..");
        char lo[48];
        snprintf(lo, sizeof lo, "%.*s", dots ? (int)(dots - val) : 0, val);
        if (!dots || !parse_number(lo, &row->lo) || !parse_number(dots + 2, &row->hi) || row->lo > row->hi) goto bad;
        row->rule = RULE_RANGE;
    } else if (!strcmp(key, "min") || !strcmp(key, "max")) {
        if (!parse_number(val, key[1] == 'i' ? &row->lo : &row->hi)) goto bad;
        row->rule = key[1] == 'i' ? RULE_MIN : RULE_MAX;
    } else if (!strcmp(key, "unit")) snprintf(row->unit, sizeof row->unit, "%s", val);
    else if (!strcmp(key, "source")) snprintf(row->source, sizeof row->source, "%s", val);
    else if (!strcmp(key, "why")) snprintf(row->why, sizeof row->why, "%s", val);
    else if (!strcmp(key, "quote")) snprintf(row->quote, sizeof row->quote, "%s", val);
    else if (!strcmp(key, "id")) snprintf(row->id, sizeof row->id, "%s", val);
    else if (!strcmp(key, "calibrated")) {
        row->calibrated = 1;
        snprintf(row->cal_keys, sizeof row->cal_keys, "%s", val);
        char keys[200], *save = NULL;
        snprintf(keys, sizeof keys, "%s", val);
        for (char *k = strtok_r(keys, ",", &save); k; k = strtok_r(NULL, ",", &save))
            if (config_find(k) < 0 && strncmp(k, "opcode.", 7)) {
                diag_at(f->d, f->path, ln, col, line, "calibrated=%s: '%s' is not a config key (docs/config.md)", val, k);
                return 1;
            }
    } else {
        diag_at(f->d, f->path, ln, col, line, "unknown row attribute '%s' (seed value tol range min max unit source why "
                "quote id calibrated, and the word info)", key);
        return 1;
    }
    return 0;
bad:
    diag_at(f->d, f->path, ln, col, line, "bad %s '%s' (tol=10%%, range=18..20, min=1, max=2)", key, val);
    return 1;
}

static int parse_row(val_file *f, const char *line, int ln, const char *rest)
{
    val_row *row = &f->rows[f->nrows];
    memset(row, 0, sizeof *row);
    row->line = ln;
    row->section = f->nsec - 1;
    row->target = NAN;
    row->rule = -1;
    const char *p = rest;
    char word[600];
    int col;
    if (!next_word(&p, line, row->quantity, sizeof row->quantity, &col)) {
        diag_at(f->d, f->path, ln, (int)(rest - line) + 1, line, "a row needs a quoted quantity");
        return 1;
    }
    while (next_word(&p, line, word, sizeof word, &col)) {
        char *eq = strchr(word, '=');
        if (!eq) {
            if (!strcmp(word, "info")) row->rule = RULE_INFO;
            else if (!strcmp(word, "calibrated")) {
                diag_at(f->d, f->path, ln, col, line, "name the config parameters set from this figure: "
                        "calibrated=KEY[,KEY] (and give the row an id= for their configs' [calibrated: ID] tags)");
                return 1;
            } else { diag_at(f->d, f->path, ln, col, line, "expected key=value or 'info', found '%s'", word); return 1; }
            continue;
        }
        *eq = 0;
        if (row_attribute(f, row, line, ln, word, eq + 1, col)) return 1;
    }
    const char *missing = !row->value ? "value=\"EXPR\"" : row->rule < 0 ? "a rule (tol, range, min, max or info)"
                          : (row->rule == RULE_TOL && isnan(row->target)) ? "a numeric seed= for tol" : NULL;
    if (missing) { diag_at(f->d, f->path, ln, 1, line, "the row needs %s", missing); return 1; }
    if (row->rule == RULE_RANGE && isnan(row->target)) row->target = (row->lo + row->hi) / 2;
    if (row->calibrated && !row->id[0]) {
        diag_at(f->d, f->path, ln, 1, line, "a calibrated row needs an id= that its configs' [calibrated: ID] tags name");
        return 1;
    }
    for (int i = 0; row->id[0] && i < f->nrows; i++)
        if (!strcmp(f->rows[i].id, row->id)) {
            diag_at(f->d, f->path, ln, 1, line, "id=%s is taken by the row at line %d", row->id, f->rows[i].line);
            return 1;
        }
    if (validate_check_rule(f, row, line)) return 1;
    f->nrows++;
    return 0;
}

static int parse_line(val_file *f, const char *line, int ln)
{
    const char *p = line;
    char word[64], text[2048];
    int col;
    if (!next_word(&p, line, word, sizeof word, &col) || word[0] == '#') return 0;
    if (!strcmp(word, "run") || !strcmp(word, "row")) {
        int full = !strcmp(word, "run") ? f->nruns >= 256 : f->nrows >= 256;
        if (full) { diag_at(f->d, f->path, ln, col, line, "more than 256 %ss", word); return 1; }
        if (word[1] == 'o' && !f->nsec) { diag_at(f->d, f->path, ln, col, line, "a row comes after a section"); return 1; }
        if (word[1] == 'u') return parse_run(f, line, ln, p, col);
        if (!parse_row(f, line, ln, p)) return 0;
        expr_free(f->rows[f->nrows].value);   /* the row that failed is not kept */
        f->rows[f->nrows].value = NULL;
        return 1;
    }
    int tcol;
    if (!next_word(&p, line, text, sizeof text, &tcol)) {
        diag_at(f->d, f->path, ln, col, line, "'%s' needs a value", word);
        return 1;
    }
    if (!strcmp(word, "title")) snprintf(f->title, sizeof f->title, "%.159s", text);
    else if (!strcmp(word, "require")) {
        if (!parse_number(text, &f->require) || f->require < 0 || f->require > 100) {
            diag_at(f->d, f->path, ln, tcol, line, "require needs a percentage, found '%s'", text);
            return 1;
        }
        f->require /= 100;
    } else if (!strcmp(word, "calibration")) {
        if (strcmp(text, "strict")) { diag_at(f->d, f->path, ln, tcol, line, "calibration takes 'strict', found '%s'", text); return 1; }
        f->strict = 1;
    } else if (!strcmp(word, "section")) {
        if (f->nsec == 24) { diag_at(f->d, f->path, ln, col, line, "more than 24 sections"); return 1; }
        snprintf(f->sec[f->nsec].title, sizeof f->sec[0].title, "%.159s", text);
        f->sec[f->nsec++].text[0] = 0;
    } else if (!strcmp(word, "text")) {
        if (!f->nsec) { diag_at(f->d, f->path, ln, col, line, "text comes after a section"); return 1; }
        char *t = f->sec[f->nsec - 1].text;
        size_t l = strlen(t);
        snprintf(t + l, sizeof f->sec[0].text - l, "%s%s", l ? " " : "", text);
    } else {
        diag_at(f->d, f->path, ln, col, line, "unknown statement '%s' (title require calibration section text run row)", word);
        return 1;
    }
    return 0;
}

static int read_rows_src(val_file *f, const char *path, src_file src);

static int read_rows(val_file *f, const char *path)
{
    src_file src;
    if (src_read(&src, path, f->d)) return 1;
    return read_rows_src(f, path, src);
}

int validate_parse_text(const char *path, const char *text, diag *d)
{
    val_file f;
    memset(&f, 0, sizeof f);
    f.d = d;
    f.runs = xcalloc(256, sizeof *f.runs);
    f.rows = xcalloc(256, sizeof *f.rows);
    src_file src;
    src_from_text(&src, path, text);
    int bad = read_rows_src(&f, path, src);
    for (int i = 0; i <= f.nrows && i < 256; i++) expr_free(f.rows[i].value);
    free(f.runs);
    free(f.rows);
    return bad || d->errors;
}

/* the rows of src (freed) */
static int read_rows_src(val_file *f, const char *path, src_file src)
{
    f->path = path;
    int bad = 0;
    for (int i = 0; i < src.nlines; i++) {
        char line[2048];
        size_t len = strcspn(src.line[i], "\n");
        if (len >= sizeof line) {
            diag_at(f->d, path, i + 1, (int)sizeof line, NULL, "this line is longer than %d characters; split the row "
                    "(a text statement may follow another)", (int)sizeof line - 1);
            bad = 1;
            continue;
        }
        snprintf(line, sizeof line, "%.*s", (int)len, src.line[i]);
        char *hash = line, *open = NULL;
        for (; *hash && (open || *hash != '#'); hash++)
            if (*hash == '"') open = open ? NULL : hash;
        if (open) {
            diag_at(f->d, path, i + 1, (int)(open - line) + 1, line, "this '\"' is not closed on its line");
            bad = 1;
            continue;
        }
        *hash = 0;
        bad |= parse_line(f, line, i + 1);
    }
    src_free(&src);
    return bad;
}

/* ---- evaluating a row ---- */

static int arg_int(const expr *e, int n, double v, char *err, size_t len)
{
    if (v < 0 || v >= n || v != floor(v)) {
        snprintf(err, len, "column %d: index %g is outside 0 .. %d", e->col, v, n - 1);
        return -1;
    }
    return (int)v;
}

static double eval(const val_file *f, const expr *e, char *err, size_t len);

static double call(const val_file *f, const expr *e, char *err, size_t len)
{
    const char *fn = e->name;
    if (!strcmp(fn, "abs") && e->nargs == 1) return fabs(eval(f, e->arg[0], err, len));
    if ((!strcmp(fn, "min") || !strcmp(fn, "max")) && e->nargs == 2) {
        double a = eval(f, e->arg[0], err, len), b = eval(f, e->arg[1], err, len);
        return fn[1] == 'i' ? fmin(a, b) : fmax(a, b);
    }
    const val_run *r = e->nargs ? &f->runs[find_run(f, e->arg[0]->name)] : NULL;
    if (r && r->status) { snprintf(err, len, "run %s failed: %.200s", r->name, r->error); return NAN; }
    if (r && !strcmp(fn, "report") && (e->nargs == 2 || e->nargs == 3) && e->arg[1]->kind == EX_NAME) {
        for (int i = 0; i < r->nreports; i++) {
            if (strcmp(r->report_name[i], e->arg[1]->name)) continue;
            int k = e->nargs == 3 ? arg_int(e, r->report_count[i], eval(f, e->arg[2], err, len), err, len) : 0;
            return k < 0 ? NAN : r->values[r->report_first[i] + k];
        }
        snprintf(err, len, "column %d: run %s has no report '%s'", e->arg[1]->col, r->name, e->arg[1]->name);
        return NAN;
    }
    if (r && (!strcmp(fn, "cycles") || !strcmp(fn, "ms")) && e->nargs <= 2) {
        double c = 0;
        if (e->nargs == 2) {
            int k = arg_int(e, r->nk, eval(f, e->arg[1], err, len), err, len);
            if (k < 0) return NAN;
            c = (double)r->cycles[k];
        } else
            for (int k = 0; k < r->nk; k++) c += (double)r->cycles[k];
        return fn[0] == 'm' ? c / (r->clock_mhz * 1000.0) : c;
    }
    if (r && !strcmp(fn, "stat") && e->nargs == 3 && e->arg[2]->kind == EX_NAME) {
        int k = arg_int(e, r->nk, eval(f, e->arg[1], err, len), err, len);
        for (int s = 0; k >= 0 && s < STAT_COUNT; s++)
            if (!strcmp(stat_names[s], e->arg[2]->name)) return (double)r->counters[k][s];
        if (k >= 0) snprintf(err, len, "column %d: '%s' is not a counter (docs/stats.md)", e->arg[2]->col, e->arg[2]->name);
        return NAN;
    }
    if (r && !strcmp(fn, "warp_size") && e->nargs == 1) return r->warp_size;
    snprintf(err, len, "column %d: '%s' with %d arguments is not a function: report(RUN, NAME[, I]) cycles(RUN[, K]) "
             "ms(RUN[, K]) stat(RUN, K, COUNTER) warp_size(RUN) min max abs", e->col, fn, e->nargs);
    return NAN;
}

static double eval(const val_file *f, const expr *e, char *err, size_t len)
{
    if (err[0]) return NAN;
    switch (e->kind) {
    case EX_NUM: return e->num;
    case EX_NEG: return -eval(f, e->arg[0], err, len);
    case EX_CALL: return call(f, e, err, len);
    case EX_BIN: {
        double a = eval(f, e->arg[0], err, len), b = eval(f, e->arg[1], err, len);
        switch (e->name[0]) {
        case '+': return a + b;
        case '-': return a - b;
        case '*': return a * b;
        case '/': return a / b;
        default: break;
        }
    }   /* fall through */
    default:
        snprintf(err, len, "column %d: only numbers, + - * /, parentheses and the functions are allowed here", e->col);
        return NAN;
    }
}

static void judge(const val_file *f, val_row *row)
{
    row->got = eval(f, row->value, row->error, sizeof row->error);
    if (row->error[0] || !isfinite(row->got)) {
        if (!row->error[0]) snprintf(row->error, sizeof row->error, "the value is not a finite number");
        row->result = ROW_ERROR;
        return;
    }
    double v = row->got, t = row->tol;
    int ok = 1;
    switch (row->rule) {
    case RULE_INFO: row->result = ROW_INFO; return;
    case RULE_TOL: ok = fabs(v - row->target) <= t * fabs(row->target); break;
    case RULE_RANGE: ok = v >= row->lo * (1 - t) && v <= row->hi * (1 + t); break;
    case RULE_MIN: ok = v >= row->lo; break;
    case RULE_MAX: ok = v <= row->hi; break;
    default: break;
    }
    row->result = ok ? ROW_PASS : ROW_MISS;
}

/* ---- the command ---- */

/* write to PATH.tmp, then rename: a reader never sees half a report (and
 * a process ended at once removes PATH.tmp: util/whole_file.h) */
static int save_report(const val_file *f, const char *rows_path, int fast, const char *out_path)
{
    if (!out_path) { validate_write_report(stdout, f, rows_path, fast); return 0; }
    FILE *out = whole_open(out_path);
    if (!out) { fprintf(stderr, "error: cannot write %s.tmp: %s (does its directory exist?)\n", out_path, strerror(errno)); return 1; }
    validate_write_report(out, f, rows_path, fast);
    int err = whole_close(out, out_path);
    if (err) fprintf(stderr, "error: cannot write %s: %s\n", out_path, strerror(err));
    return err != 0;
}

/* a stop request ended the runs: what ran, and the rows those runs decide */
static int stopped(val_file *f, const char *rows_path, const char *out_path)
{
    int wanted = 0, finished = 0, part = 0, judged = 0, pass = 0;
    for (int i = 0; i < f->nruns; i++) {
        const val_run *r = &f->runs[i];
        if (!r->wanted) continue;
        wanted++;
        finished += r->ran == 1 || (!r->ran && r->status);
        part += r->ran == 2;
    }
    for (int i = 0; i < f->nrows; i++) {
        val_row *row = &f->rows[i];
        int ready = row->result != ROW_SKIPPED;
        for (int k = 0; ready && k < row->nruns; k++) ready = f->runs[row->runs[k]].ran == 1;
        if (!ready) continue;
        judge(f, row);
        judged += row->result != ROW_INFO;
        pass += row->result == ROW_PASS;
    }
    int sig = stop_signal();
    fprintf(stderr, "validate: stopped by %s: %d of %d runs finished, %d stopped part way, %d never started; "
            "of the rows those runs decide, %d of %d judged rows pass. %s was not written: run '%s' again for the report.\n",
            stop_signal_name(sig), finished, wanted, part, wanted - finished - part, pass, judged,
            out_path ? out_path : "The report", rows_path);
    return 128 + sig;
}

int cli_validate(int argc, char **argv)
{
    static const char *const opts[] = { "-j", "-o", "--fast" };
    const char *rows_path = NULL, *out_path = NULL;
    int fast = 0;
    uint64_t jobs = 2;
    for (int i = 1; i < argc; i++) {
        const char *v;
        if (cli_is_opt(argv[i], "-j")) {
            if (!(v = cli_need_value("validate", argc, argv, &i, "-j"))
                || cli_whole_number("validate", "-j", v, 1, 256, &jobs)) return EXIT_BAD_INPUT;
        } else if (cli_is_opt(argv[i], "-o")) {
            if (!(out_path = cli_need_value("validate", argc, argv, &i, "-o"))) return EXIT_BAD_INPUT;
        } else if (!strcmp(argv[i], "--fast")) fast = 1;
        else if (argv[i][0] == '-') return cli_unknown_option("validate", argv[i], opts, 3);
        else rows_path = argv[i];
    }
    if (!rows_path) {
        fprintf(stderr, "usage: warpsim validate [-j JOBS] [-o REPORT.md] [--fast] ROWS.val\n");
        return EXIT_BAD_INPUT;
    }
    diag d;
    diag_init(&d);
    val_file f;
    memset(&f, 0, sizeof f);
    f.require = 0.8;
    f.d = &d;
    f.runs = xcalloc(256, sizeof *f.runs);
    f.rows = xcalloc(256, sizeof *f.rows);
    int status = EXIT_BAD_INPUT;
    if (read_rows(&f, rows_path) || d.errors || (f.strict && validate_check_calibration(&f, cli_configs_dir())) || d.errors) {
        cli_print_diag(&d);
        goto done;
    }
    for (int i = 0; i < f.nrows; i++) {
        val_row *row = &f.rows[i];
        int selected = 1;
        for (int k = 0; k < row->nruns; k++) selected &= !fast || f.runs[row->runs[k]].fast;
        row->result = selected ? ROW_PASS : ROW_SKIPPED;
        for (int k = 0; selected && k < row->nruns; k++) f.runs[row->runs[k]].wanted = 1;
    }
    if (validate_preflight(&f, cli_workloads_dir()) || (out_path && cli_check_output_dir("validate", out_path))) {
        cli_print_diag(&d);
        goto done;
    }
    stop_catch();
    validate_execute(f.runs, f.nruns, (int)jobs, cli_workloads_dir());
    stop_finishing();
    if (stop_signal()) {
        status = stopped(&f, rows_path, out_path);
        goto done;
    }
    int regressions = 0;
    for (int i = 0; i < f.nrows; i++) {
        val_row *row = &f.rows[i];
        if (row->result == ROW_SKIPPED) continue;
        judge(&f, row);
        if (row->result == ROW_ERROR || (row->result == ROW_MISS && !row->why[0])) {
            regressions++;
            fprintf(stderr, "%s:%d: row '%s': %s (got %.4g, seed %s)\n", rows_path, row->line, row->quantity,
                    row->result == ROW_ERROR ? row->error : "misses its tolerance and has no why=\"...\"", row->got, row->seed_text);
        }
    }
    int pass = validate_count(&f, ROW_PASS, 0);
    int judged = pass + validate_count(&f, ROW_MISS, 0) + validate_count(&f, ROW_ERROR, 0);
    int cpass = validate_count(&f, ROW_PASS, 1);
    int cjudged = cpass + validate_count(&f, ROW_MISS, 1) + validate_count(&f, ROW_ERROR, 1);
    double share = judged ? (double)pass / judged : 1;
    fprintf(stderr, "validate: %d of %d predicted rows pass (%.0f%%, %.0f%% required); %d of %d calibrated rows pass; "
            "%d regressions\n", pass, judged, 100 * share, 100 * f.require, cpass, cjudged, regressions);
    if (save_report(&f, rows_path, fast, out_path)) goto done;
    status = regressions || share < f.require ? EXIT_CHECK_FAILED : EXIT_PASS;
done:
    for (int i = 0; i < f.nrows; i++) expr_free(f.rows[i].value);
    free(f.runs);
    free(f.rows);
    diag_free(&d);
    return status;
}
