/* sim/front/expr.c — lexer, parser and evaluator of manifest expressions. */
#include "expr.h"
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- lexer ---- */
void lex_error(lexer *lx, int col, const char *fmt, ...)
{
    if (lx->failed) return;   /* one error per statement */
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_at(lx->d, lx->file, lx->line, col, lx->src, "%s", msg);
    lx->failed = 1;
}

void lex_next(lexer *lx)
{
    token *t = &lx->tok;
    const char *p = lx->p;
    while (*p == ' ' || *p == '\t' || *p == '\r') p++;
    memset(t, 0, sizeof *t);
    t->space_before = p != lx->p;
    t->col = (int)(p - lx->src) + 1;
    if (!*p || *p == '\n' || *p == '#') { t->kind = TK_END; lx->p = p; return; }
    if (isdigit((unsigned char)*p) || (*p == '.' && isdigit((unsigned char)p[1]))) {
        char *end;
        if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
            t->num = (double)strtoull(p, &end, 16);
            t->is_int = 1;
        } else {
            t->num = strtod(p, &end);
            t->is_int = !memchr(p, '.', (size_t)(end - p)) && !memchr(p, 'e', (size_t)(end - p))
                        && !memchr(p, 'E', (size_t)(end - p));
        }
        t->kind = TK_NUM;
        snprintf(t->text, sizeof t->text, "%.*s", (int)(end - p), p);
        lx->p = end;
        return;
    }
    if (isalpha((unsigned char)*p) || *p == '_') {
        const char *s = p;
        while (isalnum((unsigned char)*p) || *p == '_') p++;
        t->kind = TK_NAME;
        snprintf(t->text, sizeof t->text, "%.*s", (int)(p - s), s);
        lx->p = p;
        return;
    }
    static const char *const two[] = { "<<", ">>", "==", "~=", "!=", "<=", ">=" };
    for (size_t i = 0; i < sizeof two / sizeof two[0]; i++)
        if (!strncmp(p, two[i], 2)) {
            t->kind = TK_PUNCT;
            snprintf(t->text, sizeof t->text, "%s", two[i]);
            lx->p = p + 2;
            return;
        }
    t->kind = TK_PUNCT;
    t->text[0] = *p;
    lx->p = p + 1;
}

void lex_init(lexer *lx, const char *file, int line, const char *src, int start_col, diag *d)
{
    lx->file = file; lx->line = line; lx->src = src; lx->p = src + start_col - 1; lx->d = d; lx->failed = 0;
    lx->depth = 0;
    lex_next(lx);
}

int lex_is(const lexer *lx, const char *punct) { return lx->tok.kind == TK_PUNCT && !strcmp(lx->tok.text, punct); }

int lex_accept(lexer *lx, const char *punct)
{
    if (!lex_is(lx, punct)) return 0;
    lex_next(lx);
    return 1;
}

static const char *tok_desc(const token *t)
{
    return t->kind == TK_END ? "the end of the line" : t->text;
}

int lex_expect(lexer *lx, const char *punct)
{
    if (lex_accept(lx, punct)) return 1;
    lex_error(lx, lx->tok.col, "expected '%s', found '%s'", punct, tok_desc(&lx->tok));
    return 0;
}

/* ---- parser ---- */
static expr *node(expr_kind k, const lexer *lx, int col)
{
    expr *e = xcalloc(1, sizeof *e);
    e->kind = k;
    e->col = col;
    e->line = lx->line;
    e->height = 1;
    e->file = lx->file;
    e->src = lx->src;
    return e;
}

/* child i of e, which grows e's height; 0 when e is now too deep (reported) */
static int adopt(lexer *lx, expr *e, expr *child)
{
    e->arg[e->nargs++] = child;
    if (child->height + 1 > e->height) e->height = child->height + 1;
    if (e->height <= EXPR_MAX_DEPTH) return 1;
    lex_error(lx, e->col, "this expression nests more than %d levels deep (operators, signs, parentheses, calls); "
              "split it into several let lines", EXPR_MAX_DEPTH);
    return 0;
}

/* one more open parenthesis, call or sign; 0 when too many (reported) */
static int deeper(lexer *lx, int col)
{
    if (++lx->depth <= EXPR_MAX_DEPTH) return 1;
    lex_error(lx, col, "more than %d parentheses, calls or signs open at once; split the expression into several let lines",
              EXPR_MAX_DEPTH);
    return 0;
}

static expr *parse_shift(lexer *lx);

/* after '(': an expression in parentheses, or a list (a, b, ...) */
static expr *parse_group(lexer *lx, int col)
{
    expr *first = parse_shift(lx);
    if (!first) return NULL;
    if (!lex_is(lx, ",")) {
        if (!lex_expect(lx, ")")) { expr_free(first); return NULL; }
        return first;
    }
    expr *tu = node(EX_TUPLE, lx, col);
    if (!adopt(lx, tu, first)) { expr_free(tu); return NULL; }
    while (lex_accept(lx, ",")) {
        if (tu->nargs == 8) { lex_error(lx, lx->tok.col, "too many items (at most 8)"); expr_free(tu); return NULL; }
        expr *item = parse_shift(lx);
        if (!item) { expr_free(tu); return NULL; }
        if (!adopt(lx, tu, item)) { expr_free(tu); return NULL; }
    }
    if (!lex_expect(lx, ")")) { expr_free(tu); return NULL; }
    return tu;
}

/* after 'name(': the arguments, optionally keyword=value, and ')' */
static expr *parse_args(lexer *lx, expr *call)
{
    if (lex_accept(lx, ")")) return call;
    do {
        if (call->nargs == 8) { lex_error(lx, lx->tok.col, "too many arguments (at most 8)"); expr_free(call); return NULL; }
        /* keyword argument: name = expr */
        if (lx->tok.kind == TK_NAME) {
            lexer save = *lx;
            token kw = lx->tok;
            lex_next(lx);
            if (lex_is(lx, "=")) {
                lex_next(lx);
                snprintf(call->kw[call->nargs], sizeof call->kw[0], "%.15s", kw.text);
            } else {
                *lx = save;
            }
        }
        expr *a = parse_shift(lx);
        if (!a) { expr_free(call); return NULL; }
        if (!adopt(lx, call, a)) { expr_free(call); return NULL; }
    } while (lex_accept(lx, ","));
    if (!lex_expect(lx, ")")) { expr_free(call); return NULL; }
    return call;
}

static expr *parse_primary(lexer *lx)
{
    token t = lx->tok;
    if (t.kind == TK_NUM) {
        lex_next(lx);
        expr *e = node(EX_NUM, lx, t.col);
        e->num = t.num;
        e->is_int = t.is_int;
        return e;
    }
    if (lex_is(lx, "(")) {
        if (!deeper(lx, t.col)) return NULL;
        lex_next(lx);
        expr *group = parse_group(lx, t.col);
        lx->depth--;
        return group;
    }
    if (t.kind != TK_NAME) {
        lex_error(lx, t.col, "expected a number or a name, found '%s'", tok_desc(&t));
        return NULL;
    }
    lex_next(lx);
    if (lx->tok.space_before || !lex_accept(lx, "(")) {
        expr *e = node(EX_NAME, lx, t.col);
        snprintf(e->name, sizeof e->name, "%s", t.text);
        return e;
    }
    expr *call = node(EX_CALL, lx, t.col);
    snprintf(call->name, sizeof call->name, "%s", t.text);
    if (!deeper(lx, t.col)) { expr_free(call); return NULL; }
    call = parse_args(lx, call);
    lx->depth--;
    return call;
}

static expr *parse_unary(lexer *lx)
{
    int col = lx->tok.col;
    if (lex_is(lx, "-")) {
        if (!deeper(lx, col)) return NULL;
        lex_next(lx);
        expr *c = parse_unary(lx);
        lx->depth--;
        if (!c) return NULL;
        expr *e = node(EX_NEG, lx, col);
        if (!adopt(lx, e, c)) { expr_free(e); return NULL; }
        return e;
    }
    return parse_primary(lx);
}

static expr *binary(lexer *lx, expr *(*sub)(lexer *), const char *const *ops)
{
    expr *l = sub(lx);
    while (l) {
        int found = -1;
        for (int i = 0; ops[i]; i++)
            if (lex_is(lx, ops[i])) found = i;
        if (found < 0) break;
        int col = lx->tok.col;
        lex_next(lx);
        expr *r = sub(lx);
        if (!r) { expr_free(l); return NULL; }
        expr *e = node(EX_BIN, lx, col);
        snprintf(e->name, sizeof e->name, "%s", ops[found]);
        int ok = adopt(lx, e, l);
        l = e;
        if (!ok || !adopt(lx, e, r)) {
            if (e->nargs < 2) expr_free(r);
            expr_free(e);
            return NULL;
        }
    }
    return l;
}

static expr *parse_mul(lexer *lx) { static const char *const ops[] = { "*", "/", "%", NULL }; return binary(lx, parse_unary, ops); }
static expr *parse_add(lexer *lx) { static const char *const ops[] = { "+", "-", NULL }; return binary(lx, parse_mul, ops); }
static expr *parse_shift(lexer *lx) { static const char *const ops[] = { "<<", ">>", NULL }; return binary(lx, parse_add, ops); }

expr *expr_parse(lexer *lx) { return parse_shift(lx); }

void expr_free(expr *e)
{
    if (!e) return;
    for (int i = 0; i < e->nargs; i++) expr_free(e->arg[i]);
    free(e->cache);
    free(e);
}
