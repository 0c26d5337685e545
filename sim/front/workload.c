/* sim/front/workload.c — parsing a workload's manifest block and preparing its
 * memory. The kernels of the same file are assembled by isa/asm.c. */
#include "workload.h"
#include "util/xalloc.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int name_taken(const workload *w, const char *name)
{
    for (int i = 0; i < w->nlets; i++) if (!strcmp(w->lets[i].name, name)) return 1;
    for (int i = 0; i < w->nbufs; i++) if (!strcmp(w->bufs[i].name, name)) return 1;
    return 0;
}

static int expect_name(lexer *lx, char *out, const char *what)
{
    if (lx->tok.kind != TK_NAME) {
        lex_error(lx, lx->tok.col, "expected %s, found '%s'", what, lx->tok.kind == TK_END ? "the end of the line" : lx->tok.text);
        return 0;
    }
    snprintf(out, 64, "%s", lx->tok.text);
    lex_next(lx);
    return 1;
}

static void parse_let(workload *w, lexer *lx)
{
    wl_let *l = &w->lets[w->nlets];
    expr_free(l->e);          /* left by a statement that failed half-way */
    l->e = NULL;
    int col = lx->tok.col;
    if (!expect_name(lx, l->name, "a variable name")) return;
    if (name_taken(w, l->name)) { lex_error(lx, col, "'%s' is defined twice", l->name); return; }
    if (!lex_expect(lx, "=")) return;
    l->e = expr_parse(lx);
    l->line = lx->line;
    if (l->e && w->nlets < 63) w->nlets++;
    else if (l->e) lex_error(lx, col, "too many let variables (64)");
}

/* file("PATH"): the buffer's bytes from a raw little-endian file (read in
 * workload_prepare); the lexer knows no strings, so the call is read here */
static int parse_file_init(lexer *lx, wl_buffer *b)
{
    const char *q = lx->p + 1;
    int col = (int)(q - lx->src) + 1;
    while (*q == ' ') q++;
    const char *end = *q == '"' ? strchr(q + 1, '"') : NULL;
    if (!end) { lex_error(lx, col, "file takes a path in double quotes: file(\"data/x.bin\")"); return -1; }
    if ((size_t)(end - q - 1) >= sizeof b->file || end == q + 1) { lex_error(lx, col, "file(): the path is empty or too long"); return -1; }
    snprintf(b->file, sizeof b->file, "%.*s", (int)(end - q - 1), q + 1);
    const char *close = end + 1;
    while (*close == ' ') close++;
    if (*close != ')') { lex_error(lx, (int)(close - lx->src) + 1, "expected ')' after file(\"...\""); return -1; }
    lx->p = close + 1;
    lex_next(lx);
    return 0;
}

static void parse_buffer(workload *w, lexer *lx)
{
    wl_buffer *b = &w->bufs[w->nbufs];
    expr_free(b->count);
    expr_free(b->init);
    memset(b, 0, sizeof *b);
    int col = lx->tok.col;
    char type[64];
    if (!expect_name(lx, b->name, "a buffer name")) return;
    if (name_taken(w, b->name)) { lex_error(lx, col, "'%s' is defined twice", b->name); return; }
    int tcol = lx->tok.col;
    if (!expect_name(lx, type, "an element type (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64)")) return;
    if (elem_parse(type, &b->type)) {
        lex_error(lx, tcol, "unknown element type '%s' (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64)", type);
        return;
    }
    if (!lex_expect(lx, "[")) return;
    b->count = expr_parse(lx);
    if (!b->count || !lex_expect(lx, "]")) return;
    if (lex_accept(lx, "=")) {
        if (lx->tok.kind == TK_NAME && !strcmp(lx->tok.text, "file") && *lx->p == '(') {
            if (parse_file_init(lx, b)) return;
        } else {
            b->init = expr_parse(lx);
            if (!b->init) return;
        }
    }
    b->line = lx->line;
    if (w->nbufs < 63) w->nbufs++;
    else lex_error(lx, col, "too many buffers (64)");
}

/* the slot the next launch is parsed into: room grows with the manifest
 * (a program's manifest twin may hold hundreds of launches) */
static wl_launch *launch_slot(workload *w)
{
    if (w->nlaunches + 1 >= w->cap_launches) {
        int cap = w->cap_launches ? 2 * w->cap_launches : 16;
        w->launches = xrealloc(w->launches, (size_t)cap * sizeof *w->launches);
        memset(w->launches + w->cap_launches, 0, (size_t)(cap - w->cap_launches) * sizeof *w->launches);
        w->cap_launches = cap;
    }
    return &w->launches[w->nlaunches];
}

static void parse_launch(workload *w, lexer *lx)
{
    wl_launch *L = launch_slot(w);
    expr_free(L->grid);
    expr_free(L->block);
    expr_free(L->shared);
    for (int a = 0; a < L->nargs; a++) expr_free(L->arg[a]);
    memset(L, 0, sizeof *L);
    L->col = lx->tok.col;
    L->line = lx->line;
    if (!expect_name(lx, L->kernel, "a kernel name")) return;
    int ambiguous = 0;
    L->k = asm_find_for(&w->prog, L->kernel, -1, &ambiguous);
    if (!L->k) {
        const char *cands[64] = { NULL };
        int n = 0;
        for (int i = 0; i < w->prog.nkernels && n < 64; i++) if (!w->prog.kernels[i].sass_arch) cands[n++] = w->prog.kernels[i].name;
        for (int i = 0; i < w->prog.nkernels && n < 64; i++)
            if (w->prog.kernels[i].sass_arch) cands[n++] = w->prog.kernels[i].base_name;
        const char *near = util_nearest(L->kernel, cands, n);
        char list[300] = "";
        for (int i = 0; i < n && strlen(list) < 200; i++)
            if (!strstr(list, cands[i])) snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", list[0] ? ", " : "", cands[i]);
        if (ambiguous > 1)
            lex_error(lx, L->col, "'%s' names %d different functions of the .sass dumps; launch one by its mangled name", L->kernel, ambiguous);
        else
            lex_error(lx, L->col, "no kernel named '%s' in this file or its .sass dumps%s%s%s (kernels: %s)", L->kernel,
                      near ? " (did you mean '" : "", near ? near : "", near ? "'?)" : "", list[0] ? list : "none");
        return;
    }
    while (lx->tok.kind == TK_NAME) {
        char key[64];
        int kcol = lx->tok.col;
        expect_name(lx, key, "grid= or block=");
        if (!lex_expect(lx, "=")) return;
        expr *e = expr_parse(lx);
        if (!e) return;
        if (!strcmp(key, "grid")) { expr_free(L->grid); L->grid = e; }
        else if (!strcmp(key, "block")) { expr_free(L->block); L->block = e; }
        else if (!strcmp(key, "shared")) { expr_free(L->shared); L->shared = e; }
        else { expr_free(e); lex_error(lx, kcol, "unknown launch option '%s' (grid= block= shared=)", key); return; }
    }
    if (!L->grid || !L->block) { lex_error(lx, L->col, "launch needs grid= and block="); return; }
    if (!lex_expect(lx, "(")) return;
    if (!lex_accept(lx, ")")) {
        do {
            if (L->nargs == 32) { lex_error(lx, lx->tok.col, "too many arguments"); return; }
            expr *a = expr_parse(lx);
            if (!a) return;
            L->arg[L->nargs++] = a;
        } while (lex_accept(lx, ","));
        if (!lex_expect(lx, ")")) return;
    }
    if (L->k->nparams < 0) {
        lex_error(lx, L->col, "kernel '%s' is extern \"C\": its name has no parameter types; put the cubin's cuobjdump -elf "
                  "output beside its dump (named as it, .elf.txt for .sass) for their sizes", L->kernel);
        return;
    }
    if (L->nargs != L->k->nparams) {
        lex_error(lx, L->col, "kernel '%s' takes %d parameter%s, the launch passes %d", L->kernel,
                  L->k->nparams, L->k->nparams == 1 ? "" : "s", L->nargs);
        return;
    }
    w->nlaunches++;
}

static void parse_check(workload *w, lexer *lx)
{
    wl_check *c = &w->checks[w->nchecks];
    expr_free(c->lhs);
    expr_free(c->rhs);
    memset(c, 0, sizeof *c);
    c->line = lx->line;
    int col = lx->tok.col;
    snprintf(c->text, sizeof c->text, "%.*s", (int)strcspn(lx->src + col - 1, "#\n"), lx->src + col - 1);
    for (int n = (int)strlen(c->text); n > 0 && (c->text[n - 1] == ' ' || c->text[n - 1] == '\t'); n--) c->text[n - 1] = 0;
    c->lhs = expr_parse(lx);
    if (!c->lhs) return;
    if (lex_accept(lx, "~=")) c->approx = 1;
    else if (!lex_accept(lx, "==")) { lex_error(lx, lx->tok.col, "expected '==' or '~=' in a check"); return; }
    c->rhs = expr_parse(lx);
    if (!c->rhs) return;
    c->rel = c->approx ? 1e-6 : 0;
    while (lx->tok.kind == TK_NAME) {
        char key[64];
        int kcol = lx->tok.col;
        expect_name(lx, key, "rel= or abs=");
        if (strcmp(key, "rel") && strcmp(key, "abs")) { lex_error(lx, kcol, "unknown check option '%s' (rel= abs=)", key); return; }
        if (!c->approx) { lex_error(lx, kcol, "%s= needs '~=' (an approximate check)", key); return; }
        if (!lex_expect(lx, "=")) return;
        if (lx->tok.kind != TK_NUM) { lex_error(lx, lx->tok.col, "expected a number after %s=", key); return; }
        if (key[0] == 'r') c->rel = lx->tok.num; else c->abs = lx->tok.num;
        lex_next(lx);
    }
    if (w->nchecks < 31) w->nchecks++;
    else lex_error(lx, col, "too many checks (32)");
}

static void parse_report(workload *w, lexer *lx)
{
    wl_report *r = &w->reports[w->nreports];
    expr_free(r->e);
    memset(r, 0, sizeof *r);
    r->line = lx->line;
    lexer save = *lx;
    if (!expect_name(lx, r->name, "a report name")) return;
    if (lex_accept(lx, "=")) r->e = expr_parse(lx);
    else { *lx = save; r->e = expr_parse(lx); }
    if (!r->e) return;
    if (w->nreports < 31) w->nreports++;
    else lex_error(lx, save.tok.col, "too many reports (32)");
}

static void parse_statement(workload *w, const char *file, int line, const char *src, diag *d)
{
    lexer lx;
    lex_init(&lx, file, line, src, 1, d);
    if (lx.tok.kind == TK_END) return;
    static const char *const stmts[] = { "let", "buffer", "launch", "check", "report" };
    char word[64];
    int col = lx.tok.col;
    if (!expect_name(&lx, word, "a statement (let buffer launch check report)")) return;
    if (!strcmp(word, "let")) parse_let(w, &lx);
    else if (!strcmp(word, "buffer")) parse_buffer(w, &lx);
    else if (!strcmp(word, "launch")) parse_launch(w, &lx);
    else if (!strcmp(word, "check")) parse_check(w, &lx);
    else if (!strcmp(word, "report")) parse_report(w, &lx);
    else {
        const char *near = util_nearest(word, stmts, 5);
        lex_error(&lx, col, "unknown statement '%s'%s%s%s", word, near ? " (did you mean '" : " (let buffer launch check report",
                  near ? near : "", near ? "'?)" : ")");
        return;
    }
    if (!lx.failed && lx.tok.kind != TK_END)
        lex_error(&lx, lx.tok.col, "unexpected '%s' at the end of the statement", lx.tok.text);
}

static int parse_all(workload *w, diag *d)
{
    int before = d->errors;
    if (asm_program(&w->prog, d)) return d->errors - before;
    if (w->prog.nworkloads != 1) {
        diag_error(d, "%s: expected exactly one .workload block, found %d", w->prog.src.path, w->prog.nworkloads);
        return d->errors - before;
    }
    asm_block *b = &w->prog.workloads[0];
    snprintf(w->name, sizeof w->name, "%s", b->name);
    for (int ln = b->first; ln <= b->last; ln++)
        parse_statement(w, w->prog.src.path, ln, w->prog.src.line[ln - 1], d);
    return d->errors - before;
}

int workload_load(workload *w, const char *path, diag *d)
{
    memset(w, 0, sizeof *w);
    if (src_read(&w->prog.src, path, d)) return 1;
    return parse_all(w, d);
}

int workload_load_text(workload *w, const char *path, const char *text, diag *d)
{
    memset(w, 0, sizeof *w);
    src_from_text(&w->prog.src, path, text);
    return parse_all(w, d);
}

int workload_define(workload *w, const char *assignment, diag *d)
{
    const char *eq = strchr(assignment, '=');
    char name[64];
    if (!eq || eq == assignment) { diag_error(d, "-D needs name=value, found '%s'", assignment); return 1; }
    snprintf(name, sizeof name, "%.*s", (int)(eq - assignment), assignment);
    for (int i = 0; i < w->nlets; i++) {
        if (strcmp(w->lets[i].name, name)) continue;
        /* messages about the value point into the -D text, which the let
         * keeps while its expression lives */
        char *text = xstrdup(assignment);
        lexer lx;
        lex_init(&lx, "-D", 1, text, (int)(eq - assignment) + 2, d);
        expr *e = lx.tok.kind == TK_END ? NULL : expr_parse(&lx);
        if (!e || lx.tok.kind != TK_END) {
            if (!e && lx.tok.kind == TK_END) lex_error(&lx, lx.tok.col, "-D %s= needs a value after '='", name);
            else if (e) lex_error(&lx, lx.tok.col, "unexpected '%s' in -D %s", lx.tok.text, name);
            expr_free(e);
            free(text);
            return 1;
        }
        expr_free(w->lets[i].e);
        free(w->lets[i].define);
        w->lets[i].e = e;
        w->lets[i].define = text;
        return 0;
    }
    const char *cands[64];
    for (int i = 0; i < w->nlets; i++) cands[i] = w->lets[i].name;
    const char *near = util_nearest(name, cands, w->nlets);
    diag_error(d, "-D %s: workload '%s' has no let variable '%s'%s%s%s", assignment, w->name, name,
               near ? " (did you mean '" : "", near ? near : "", near ? "'?)" : "");
    return 1;
}
