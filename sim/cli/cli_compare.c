/* sim/cli/cli_compare.c — `warpsim compare A.json B.json`: the numbers of two
 * runs (warpsim run/trace --stats=json, or a sweep point's file) side by
 * side, with their ratio, largest differences first. The JSON is read by a
 * small flattening parser: every number becomes one path (kernels[0].cycles);
 * the per-PC and per-SM lists and the host timings are left out. */
#include "cli.h"
#include "util/xalloc.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { char path[160]; double v; } leaf;
typedef struct { leaf *l; int n; const char *p, *start, *file; int bad; } flat;

static void skip_ws(flat *f) { while (isspace((unsigned char)*f->p)) f->p++; }

static void fail(flat *f, const char *what)
{
    if (f->bad) return;
    int line = 1, col = 1;
    for (const char *q = f->start; q < f->p; q++) { if (*q == '\n') { line++; col = 1; } else col++; }
    fprintf(stderr, "%s:%d:%d: error: %s (is this a warpsim --stats=json file?)\n", f->file, line, col, what);
    f->bad = 1;
}

static void string(flat *f, char *out, size_t len)
{
    size_t n = 0;
    f->p++;   /* the opening quote */
    while (*f->p && *f->p != '"') {
        if (*f->p == '\\' && f->p[1]) f->p++;
        if (n + 1 < len) out[n++] = *f->p;
        f->p++;
    }
    out[n] = 0;
    if (*f->p != '"') { fail(f, "a string is not closed"); return; }
    f->p++;
}

static int skipped(const char *key) { return !strcmp(key, "per_pc") || !strcmp(key, "per_sm") || !strcmp(key, "host"); }

static void value(flat *f, const char *path, int depth)
{
    skip_ws(f);
    if (depth > 64) { fail(f, "nested more than 64 deep"); return; }
    char sub[160];
    if (*f->p == '{' || *f->p == '[') {
        int obj = *f->p == '{';
        f->p++;
        for (int i = 0; !f->bad; i++) {
            skip_ws(f);
            if (*f->p == (obj ? '}' : ']')) { f->p++; return; }
            if (i) { if (*f->p != ',') { fail(f, "expected ','"); return; } f->p++; skip_ws(f); }
            char key[128];
            if (obj) {
                if (*f->p != '"') { fail(f, "expected a key"); return; }
                string(f, key, sizeof key);
                skip_ws(f);
                if (*f->p != ':') { fail(f, "expected ':'"); return; }
                f->p++;
                snprintf(sub, sizeof sub, "%s%s%s", path, *path ? "." : "", key);
            } else snprintf(sub, sizeof sub, "%s[%d]", path, i);
            if (obj && skipped(key)) { flat g = *f; g.l = NULL; g.n = 0; value(&g, sub, depth + 1); f->p = g.p; f->bad = g.bad; free(g.l); }
            else value(f, sub, depth + 1);
        }
        return;
    }
    if (*f->p == '"') { char s[256]; string(f, s, sizeof s); return; }
    if (!strncmp(f->p, "true", 4) || !strncmp(f->p, "null", 4)) { f->p += 4; return; }
    if (!strncmp(f->p, "false", 5)) { f->p += 5; return; }
    char *end;
    double v = strtod(f->p, &end);
    if (end == f->p) { fail(f, "expected a value"); return; }
    f->p = end;
    f->l = xrealloc(f->l, (size_t)(f->n + 1) * sizeof *f->l);
    snprintf(f->l[f->n].path, sizeof f->l[f->n].path, "%s", path);
    f->l[f->n++].v = v;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); return NULL; }
    size_t cap = 1 << 16, n = 0, got;
    char *buf = xmalloc(cap + 1);
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) buf = xrealloc(buf, (cap *= 2) + 1);
    }
    fclose(f);
    buf[n] = 0;
    return buf;
}

static int read_flat(const char *path, flat *f)
{
    memset(f, 0, sizeof *f);
    char *text = slurp(path);
    if (!text) return 1;
    f->p = f->start = text;
    f->file = path;
    value(f, "", 0);
    free(text);
    return f->bad;
}

typedef struct { const leaf *a, *b; double score; } row;

static int by_score(const void *x, const void *y)
{
    const row *p = x, *q = y;
    if (p->score != q->score) return p->score < q->score ? 1 : -1;
    return strcmp(p->a ? p->a->path : p->b->path, q->a ? q->a->path : q->b->path);
}

int cli_compare(int argc, char **argv)
{
    int all = 0;
    const char *file[2] = { NULL, NULL };
    int nf = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help")) {
            puts("usage: warpsim compare [--all] A.json B.json\n  every number of two --stats=json outputs, "
                 "B/A, largest differences first (--all: the equal ones too)");
            return 0;
        }
        if (!strcmp(argv[i], "--all")) all = 1;
        else if (nf < 2 && argv[i][0] != '-') file[nf++] = argv[i];
        else { fprintf(stderr, "warpsim compare: error: unexpected '%s' (usage: warpsim compare A.json B.json)\n", argv[i]); return EXIT_BAD_INPUT; }
    }
    if (nf != 2) { fprintf(stderr, "warpsim compare: error: give two JSON files (warpsim run --stats=json)\n"); return EXIT_BAD_INPUT; }
    flat a, b;
    int bad = read_flat(file[0], &a);
    bad |= read_flat(file[1], &b);
    if (bad) { free(a.l); free(b.l); return EXIT_BAD_INPUT; }
    row *rows = xcalloc((size_t)(a.n + b.n + 1), sizeof *rows);
    int n = 0;
    for (int i = 0; i < a.n; i++) {
        const leaf *m = NULL;
        for (int k = 0; k < b.n && !m; k++) if (!strcmp(a.l[i].path, b.l[k].path)) m = &b.l[k];
        rows[n++] = (row){ &a.l[i], m, 0 };
    }
    for (int k = 0; k < b.n; k++) {
        int seen = 0;
        for (int i = 0; i < a.n && !seen; i++) seen = !strcmp(a.l[i].path, b.l[k].path);
        if (!seen) rows[n++] = (row){ NULL, &b.l[k], 0 };
    }
    for (int i = 0; i < n; i++) {
        double x = rows[i].a ? rows[i].a->v : 0, y = rows[i].b ? rows[i].b->v : 0;
        rows[i].score = !rows[i].a || !rows[i].b ? INFINITY : x == y ? 0 : x == 0 || y == 0 ? 1e300
                      : fabs(log(fabs(y / x)));
    }
    qsort(rows, (size_t)n, sizeof *rows, by_score);
    printf("%-48s %16s %16s %10s\n", "figure", file[0], file[1], "B/A");
    int shown = 0;
    for (int i = 0; i < n; i++) {
        if (!all && rows[i].score == 0) continue;
        printf("%-48s ", rows[i].a ? rows[i].a->path : rows[i].b->path);
        if (rows[i].a) printf("%16.6g ", rows[i].a->v); else printf("%16s ", "-");
        if (rows[i].b) printf("%16.6g ", rows[i].b->v); else printf("%16s ", "-");
        if (rows[i].a && rows[i].b && rows[i].a->v != 0) printf("%10.4f\n", rows[i].b->v / rows[i].a->v);
        else printf("%10s\n", "-");
        shown++;
    }
    int differ = 0;
    for (int i = 0; i < n; i++) differ += rows[i].score != 0;
    printf("%d of %d figures differ%s\n", differ, n, shown ? "" : " (--all shows them)");
    free(rows);
    free(a.l);
    free(b.l);
    return 0;
}
