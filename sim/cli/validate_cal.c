/* sim/cli/validate_cal.c — what keeps the validation report honest: a row
 * can fail in both directions, and a row whose figure set a config
 * parameter is marked calibrated — checked against the configs' own
 * "[calibrated: ID]" tags, so neither side can claim alone. */
#include "validate.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the seed figure as a plain number ("26", "~274", "18–20" gives 18), or NAN
 * when it is a claim in words or an inequality */
static double plain_figure(const char *s)
{
    while (*s == ' ' || *s == '~') s++;
    char *end;
    double v = strtod(s, &end);
    if (end == s) return NAN;
    return (!*end || *end == ' ' || !strncmp(end, "–", strlen("–"))) ? v : NAN;
}

static int starts_with_any(const char *s, const char *const *prefixes)
{
    while (*s == ' ') s++;
    for (; *prefixes; prefixes++)
        if (!strncmp(s, *prefixes, strlen(*prefixes))) return 1;
    return 0;
}

int validate_check_rule(const val_file *f, const val_row *row, const char *line)
{
    static const char *const above[] = { ">", "≥", NULL }, *const below[] = { "<", "≤", NULL };
    if (row->rule == RULE_MIN && !starts_with_any(row->seed_text, above)) {
        diag_at(f->d, f->path, row->line, 1, line, "min=%g cannot fail above: the seed's figure '%s' is not a lower bound; "
                "use tol= or range= around it, or write the seed's claim as '> X'", row->lo, row->seed_text);
        return 1;
    }
    if (row->rule == RULE_MAX && !starts_with_any(row->seed_text, below)) {
        diag_at(f->d, f->path, row->line, 1, line, "max=%g cannot fail below: the seed's figure '%s' is not an upper bound; "
                "use tol= or range= around it, or write the seed's claim as '< X'", row->hi, row->seed_text);
        return 1;
    }
    double fig = plain_figure(row->seed_text);
    if (row->rule == RULE_RANGE && isfinite(fig) && (fig < row->lo * (1 - row->tol) || fig > row->hi * (1 + row->tol))) {
        diag_at(f->d, f->path, row->line, 1, line, "range=%g..%g does not contain the seed's figure %g", row->lo, row->hi, fig);
        return 1;
    }
    if (row->rule == RULE_TOL && !(row->tol > 0 && row->tol < 1)) {
        diag_at(f->d, f->path, row->line, 1, line, "tol=%g%% must be above 0 and below 100%%", row->tol * 100);
        return 1;
    }
    return 0;
}

/* ---- the configs' tags ---- */

typedef struct {
    char file[256];
    int line;
    char key[96];                 /* section.key */
    char id[48];
} cal_tag;

typedef struct {
    cal_tag *tag;
    int n, cap;
    char files[16][256];          /* config files read, so none twice */
    int nfiles;
} cal_tags;

static void add_tag(cal_tags *t, const char *file, int line, const char *key, const char *id)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 32;
        t->tag = xrealloc(t->tag, (size_t)t->cap * sizeof *t->tag);
    }
    cal_tag *g = &t->tag[t->n++];
    snprintf(g->file, sizeof g->file, "%s", file);
    g->line = line;
    snprintf(g->key, sizeof g->key, "%s", key);
    snprintf(g->id, sizeof g->id, "%s", id);
}

static void trim(char *s)
{
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r')) s[--n] = 0;
    size_t k = strspn(s, " \t");
    memmove(s, s + k, strlen(s + k) + 1);
}

/* the tags of one config file and of the files it includes */
static void scan_config(cal_tags *t, const char *path, int depth)
{
    for (int i = 0; i < t->nfiles; i++)
        if (!strcmp(t->files[i], path)) return;
    FILE *in = depth < 4 && t->nfiles < 16 ? fopen(path, "r") : NULL;
    if (!in) return;   /* a missing config fails its run, with its own message */
    snprintf(t->files[t->nfiles++], sizeof t->files[0], "%s", path);
    char buf[1024], section[64] = "";
    for (int ln = 1; fgets(buf, sizeof buf, in); ln++) {
        char *hash = strchr(buf, '#');
        char comment[1024] = "";
        if (hash) { snprintf(comment, sizeof comment, "%s", hash); *hash = 0; }
        trim(buf);
        if (buf[0] == '[') { sscanf(buf, "[%63[^]]", section); continue; }
        char *eq = strchr(buf, '=');
        if (!eq) continue;
        *eq = 0;
        trim(buf);
        if (!strcmp(buf, "include")) {
            char inc[512], dir[256];
            snprintf(dir, sizeof dir, "%s", path);
            char *slash = strrchr(dir, '/');
            if (slash) slash[1] = 0; else dir[0] = 0;
            char val[256];
            snprintf(val, sizeof val, "%s", eq + 1);
            trim(val);
            snprintf(inc, sizeof inc, "%s%s", val[0] == '/' ? "" : dir, val);
            scan_config(t, inc, depth + 1);
            continue;
        }
        const char *tag = strstr(comment, "[calibrated:");
        if (!tag) continue;
        char ids[256], key[96], *save = NULL;
        snprintf(ids, sizeof ids, "%.*s", (int)strcspn(tag + 12, "]"), tag + 12);
        snprintf(key, sizeof key, "%.40s.%.50s", section, buf);
        for (char *id = strtok_r(ids, " ,", &save); id; id = strtok_r(NULL, " ,", &save)) add_tag(t, path, ln, key, id);
    }
    fclose(in);
}

static int lists_key(const val_row *row, const char *key)
{
    char keys[200], *save = NULL;
    snprintf(keys, sizeof keys, "%s", row->cal_keys);
    for (char *k = strtok_r(keys, ",", &save); k; k = strtok_r(NULL, ",", &save))
        if (!strcmp(k, key)) return 1;
    return 0;
}

static const val_row *row_by_id(const val_file *f, const char *id)
{
    for (int i = 0; i < f->nrows; i++)
        if (!strcmp(f->rows[i].id, id)) return &f->rows[i];
    return NULL;
}

/* every tag names a calibrated row listing its key */
static int check_tags(const val_file *f, const cal_tags *t)
{
    int bad = 0;
    for (int i = 0; i < t->n; i++) {
        const cal_tag *g = &t->tag[i];
        const val_row *row = row_by_id(f, g->id);
        if (!row) diag_error(f->d, "%s:%d: [calibrated: %s] names no row of %s", g->file, g->line, g->id, f->path);
        else if (!row->calibrated)
            diag_error(f->d, "%s:%d: %s was set from row '%s' (%s:%d), which is counted as predicted: mark the row "
                       "calibrated=%s", g->file, g->line, g->key, row->quantity, f->path, row->line, g->key);
        else if (!lists_key(row, g->key))
            diag_error(f->d, "%s:%d: %s is tagged [calibrated: %s], but that row (%s:%d) lists calibrated=%s",
                       g->file, g->line, g->key, g->id, f->path, row->line, row->cal_keys);
        else continue;
        bad = 1;
    }
    return bad;
}

/* every key a calibrated row lists is tagged with its id in a config it runs */
static int check_rows(const val_file *f, const cal_tags *t)
{
    int bad = 0;
    for (int i = 0; i < f->nrows; i++) {
        const val_row *row = &f->rows[i];
        if (!row->calibrated) continue;
        char keys[200], *save = NULL;
        snprintf(keys, sizeof keys, "%s", row->cal_keys);
        for (char *k = strtok_r(keys, ",", &save); k; k = strtok_r(NULL, ",", &save)) {
            int found = 0;
            for (int j = 0; j < t->n && !found; j++) found = !strcmp(t->tag[j].id, row->id) && !strcmp(t->tag[j].key, k);
            if (found) continue;
            diag_error(f->d, "%s:%d: row '%s' says %s was set from its figure, but no config its runs use tags %s "
                       "with [calibrated: %s]", f->path, row->line, row->quantity, k, k, row->id);
            bad = 1;
        }
    }
    return bad;
}

int validate_check_calibration(const val_file *f, const char *configs_dir)
{
    cal_tags t;
    memset(&t, 0, sizeof t);
    for (int i = 0; i < f->nruns; i++) {
        const char *c = f->runs[i].config;
        if (!c[0]) continue;
        char path[512];
        if (strchr(c, '/')) snprintf(path, sizeof path, "%s", c);
        else snprintf(path, sizeof path, "%s/%s%s", configs_dir, c, strstr(c, ".cfg") ? "" : ".cfg");
        scan_config(&t, path, 0);
    }
    int bad = check_tags(f, &t) | check_rows(f, &t);
    free(t.tag);
    return bad;
}
