/* sim/front/expr_eval.c — name resolution and evaluation of manifest expressions,
 * with the reference functions checks use. Vectors are evaluated element by
 * element (sum(x) over 43 M doubles needs no copy); histogram, scans and
 * sort materialise their result once. */
#include "expr.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { const char *name; int min_args, max_args; int vector_ok; } func_info;
static const func_info funcs[] = {
    { "sum", 1, 1, 1 }, { "len", 1, 1, 1 }, { "min", 1, 2, 1 }, { "max", 1, 2, 1 },
    { "abs", 1, 1, 1 }, { "histogram", 2, 2, 1 }, { "inclusive_scan", 1, 1, 1 },
    { "exclusive_scan", 1, 1, 1 }, { "sort", 1, 1, 1 },
};
#define NFUNCS ((int)(sizeof funcs / sizeof funcs[0]))

static const func_info *find_func(const char *name)
{
    for (int i = 0; i < NFUNCS; i++)
        if (!strcmp(funcs[i].name, name)) return &funcs[i];
    return NULL;
}

static void err_at(const expr_scope *s, const expr *e, diag *d, const char *fmt, const char *a, const char *b)
{
    if (!d) return;
    /* an expression given on the command line (-D) is not in the file */
    if (e->file) { diag_at(d, e->file, e->line, e->col, e->src, fmt, a, b); return; }
    const char *line = e->line >= 1 && e->line <= s->nlines ? s->lines[e->line - 1] : NULL;
    diag_at(d, s->file, e->line, e->col, line, fmt, a, b);
}

/* an unknown name, with the nearest known one (apart: its candidate list
 * would sit in every frame of expr_resolve's recursion) */
static __attribute__((noinline)) int unknown_name(expr *e, const expr_scope *s, int allow_buffers, diag *d)
{
    const char *cands[512];
    int n = 0;
    for (int i = 0; i < s->nlets && n < 512; i++) cands[n++] = s->let_names[i];
    for (int i = 0; allow_buffers && i < s->nbufs && n < 512; i++) cands[n++] = s->buf_names[i];
    const char *near = util_nearest(e->name, cands, n);
    char hint[96] = " (define it with let or buffer first)";
    if (near) snprintf(hint, sizeof hint, " (did you mean '%s'?)", near);
    err_at(s, e, d, "unknown name '%s'%s", e->name, hint);
    return 1;
}

static __attribute__((noinline)) int unknown_function(expr *e, const expr_scope *s, diag *d)
{
    const char *cands[NFUNCS];
    for (int i = 0; i < NFUNCS; i++) cands[i] = funcs[i].name;
    const char *near = util_nearest(e->name, cands, NFUNCS);
    char hint[96] = " (sum histogram inclusive_scan exclusive_scan sort len min max abs)";
    if (near) snprintf(hint, sizeof hint, " (did you mean '%s'?)", near);
    err_at(s, e, d, "unknown function '%s'%s", e->name, hint);
    return 1;
}

int expr_resolve(expr *e, const expr_scope *s, int allow_buffers, diag *d)
{
    int errors = 0;
    for (int i = 0; i < e->nargs; i++) errors += expr_resolve(e->arg[i], s, allow_buffers, d);
    if (e->kind == EX_TUPLE) { err_at(s, e, d, "a list (a, b, ...) is only allowed as grid= or block=%s%s", "", ""); return errors + 1; }
    if (e->kind == EX_CALL) {
        const func_info *f = find_func(e->name);
        if (!f) return errors + unknown_function(e, s, d);
        if (e->nargs < f->min_args || e->nargs > f->max_args) {
            char want[48];
            snprintf(want, sizeof want, "%d%s argument%s", f->min_args, f->max_args > f->min_args ? " or 2" : "",
                     f->max_args > 1 ? "s" : "");
            err_at(s, e, d, "%s takes %s", e->name, want);
            return errors + 1;
        }
        return errors;
    }
    if (e->kind != EX_NAME) return errors;
    for (int i = 0; i < s->nlets; i++)
        if (!strcmp(s->let_names[i], e->name)) { e->ref_kind = 1; e->ref = i; return errors; }
    for (int i = 0; i < s->nbufs; i++)
        if (!strcmp(s->buf_names[i], e->name)) {
            if (!allow_buffers) {
                err_at(s, e, d, "buffer '%s' cannot be used here: only numbers and let variables%s", e->name, "");
                return errors + 1;
            }
            e->ref_kind = 2; e->ref = i;
            return errors;
        }
    return errors + unknown_name(e, s, allow_buffers, d);
}

int expr_is_int(const expr *e, const expr_scope *s)
{
    switch (e->kind) {
    case EX_NUM: return e->is_int;
    case EX_NAME:
        if (e->ref_kind == 1) return s->let_is_int[e->ref];
        return !elem_is_float(gmem_buffer(s->mem, s->buf_mem[e->ref])->type);
    case EX_NEG: return expr_is_int(e->arg[0], s);
    case EX_BIN: return expr_is_int(e->arg[0], s) && expr_is_int(e->arg[1], s);
    default:
        if (!strcmp(e->name, "len") || !strcmp(e->name, "histogram")) return 1;
        return e->nargs > 0 && expr_is_int(e->arg[0], s);
    }
}

int64_t expr_length(expr *e, const expr_scope *s, diag *d)
{
    switch (e->kind) {
    case EX_NUM: return 0;
    case EX_NAME:
        return e->ref_kind == 2 ? (int64_t)gmem_buffer(s->mem, s->buf_mem[e->ref])->count : 0;
    case EX_NEG: return expr_length(e->arg[0], s, d);
    case EX_BIN: {
        int64_t a = expr_length(e->arg[0], s, d), b = expr_length(e->arg[1], s, d);
        if (a < 0 || b < 0) return -1;
        if (a && b && a != b) {
            char la[32], lb[32];
            snprintf(la, sizeof la, "%lld", (long long)a);
            snprintf(lb, sizeof lb, "%lld", (long long)b);
            err_at(s, e, d, "element-wise operation on vectors of %s and %s elements", la, lb);
            return -1;
        }
        return a ? a : b;
    }
    case EX_CALL: {
        int64_t a = expr_length(e->arg[0], s, d);
        if (a < 0) return -1;
        if (!strcmp(e->name, "sum") || !strcmp(e->name, "len")) return 0;
        if ((!strcmp(e->name, "min") || !strcmp(e->name, "max")) && e->nargs == 1) return 0;
        if (!strcmp(e->name, "histogram")) {
            double bins = expr_at(e->arg[1], s, 0);
            if (expr_length(e->arg[1], s, d) != 0 || bins < 1 || bins > 1e8 || bins != floor(bins)) {
                err_at(s, e, d, "histogram(x, bins): bins must be a whole number from 1 to 10^8%s%s", "", "");
                return -1;
            }
            return (int64_t)bins;
        }
        if (e->nargs == 2) {
            int64_t b = expr_length(e->arg[1], s, d);
            if (b < 0 || (a && b && a != b)) return -1;
            return a ? a : b;
        }
        return a;
    }
    default: return -1;
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* histogram, scans and sort: computed once into e->cache */
static void materialise(expr *e, const expr_scope *s)
{
    if (e->cache) return;
    expr *x = e->arg[0];
    uint64_t n = (uint64_t)expr_length(x, s, NULL);
    if (!strcmp(e->name, "histogram")) {
        uint64_t bins = (uint64_t)expr_at(e->arg[1], s, 0);
        e->cache = xcalloc(bins, sizeof(double));
        e->cache_len = bins;
        for (uint64_t i = 0; i < n; i++) {
            double v = expr_at(x, s, i);
            if (v >= 0 && v < (double)bins) e->cache[(uint64_t)v] += 1;
        }
        return;
    }
    e->cache = xmalloc(sizeof(double) * (n ? n : 1));
    e->cache_len = n;
    double run = 0;
    for (uint64_t i = 0; i < n; i++) {
        double v = expr_at(x, s, i);
        if (!strcmp(e->name, "exclusive_scan")) { e->cache[i] = run; run += v; }
        else if (!strcmp(e->name, "inclusive_scan")) { run += v; e->cache[i] = run; }
        else e->cache[i] = v;
    }
    if (!strcmp(e->name, "sort")) qsort(e->cache, n, sizeof(double), cmp_double);
}

/* expr_at of elements i .. i + n - 1, a buffer's in one pass */
static void elems_at(expr *x, const expr_scope *s, uint64_t i, uint64_t n, double *out)
{
    if (x->kind == EX_NAME && x->ref_kind != 1) { gmem_elems(s->mem, s->buf_mem[x->ref], i, n, out); return; }
    for (uint64_t k = 0; k < n; k++) out[k] = expr_at(x, s, i + k);
}

static double reduce(expr *e, const expr_scope *s)
{
    expr *x = e->arg[0];
    uint64_t n = (uint64_t)expr_length(x, s, NULL);
    if (!strcmp(e->name, "len")) return (double)n;
    if (!strcmp(e->name, "sum")) {
        if (n == 0) return expr_at(x, s, 0);
        double sum = 0, comp = 0;   /* Kahan summation: the reference must be exact enough */
        double v[256];
        for (uint64_t i = 0; i < n; i += 256) {
            uint64_t k = n - i < 256 ? n - i : 256;
            elems_at(x, s, i, k, v);
            for (uint64_t j = 0; j < k; j++) {
                double y = v[j] - comp, t = sum + y;
                comp = (t - sum) - y;
                sum = t;
            }
        }
        return sum;
    }
    int is_min = !strcmp(e->name, "min");
    double best = expr_at(x, s, 0);
    for (uint64_t i = 1; i < n; i++) {
        double v = expr_at(x, s, i);
        if (is_min ? v < best : v > best) best = v;
    }
    return best;
}

static double binop(const char *op, double a, double b, int ints)
{
    switch (op[0]) {
    case '+': return a + b;
    case '-': return a - b;
    case '*': return a * b;
    case '/':
        if (ints) return b == 0 ? 0 : trunc(a / b);
        return a / b;
    case '%': return b == 0 ? 0 : fmod(a, b);
    case '<': return ldexp(a, (int)b);
    default: return floor(ldexp(a, -(int)b));
    }
}

double expr_at(expr *e, const expr_scope *s, uint64_t i)
{
    switch (e->kind) {
    case EX_NUM: return e->num;
    case EX_NAME:
        if (e->ref_kind == 1) return s->let_values[e->ref];
        return gmem_elem(s->mem, s->buf_mem[e->ref], i);
    case EX_NEG: return -expr_at(e->arg[0], s, i);
    case EX_BIN:
        return binop(e->name, expr_at(e->arg[0], s, i), expr_at(e->arg[1], s, i),
                     expr_is_int(e->arg[0], s) && expr_is_int(e->arg[1], s));
    case EX_CALL:
        if (!strcmp(e->name, "abs")) return fabs(expr_at(e->arg[0], s, i));
        if ((!strcmp(e->name, "min") || !strcmp(e->name, "max")) && e->nargs == 2) {
            double a = expr_at(e->arg[0], s, i), b = expr_at(e->arg[1], s, i);
            return e->name[1] == 'i' ? fmin(a, b) : fmax(a, b);
        }
        if (!strcmp(e->name, "histogram") || !strcmp(e->name, "sort") || strstr(e->name, "_scan")) {
            materialise(e, s);
            return i < e->cache_len ? e->cache[i] : 0;
        }
        if (!e->cache) {   /* scalar reductions are computed once */
            e->cache = xmalloc(sizeof(double));
            e->cache[0] = reduce(e, s);
        }
        return e->cache[0];
    default: return 0;
    }
}

/* the checked walk of expr_value: children first, so that the innermost
 * offending operator is the one reported */
static int value_of(expr *e, const expr_scope *s, double *v, diag *d)
{
    double a = 0, b = 0;
    if (e->kind == EX_BIN) {
        if (value_of(e->arg[0], s, &a, d) || value_of(e->arg[1], s, &b, d)) return -1;
        if ((e->name[0] == '/' || e->name[0] == '%') && b == 0) {
            err_at(s, e, d, "%s by zero; the divisor must not be 0%s", e->name[0] == '/' ? "division" : "remainder", "");
            return -1;
        }
    } else if (e->kind == EX_NEG || e->kind == EX_CALL) {
        /* a call's scalar arguments (sum(x) of a buffer x is not one) */
        for (int i = 0; i < e->nargs; i++)
            if (expr_length(e->arg[i], s, NULL) == 0 && value_of(e->arg[i], s, &a, d)) return -1;
    }
    *v = expr_at(e, s, 0);
    if (isfinite(*v)) return 0;
    err_at(s, e, d, "this is %s, not a finite number; keep values within +-1e308%s", isnan(*v) ? "NaN" : "infinite", "");
    return -1;
}

int expr_value(expr *e, const expr_scope *s, double *v, diag *d)
{
    return value_of(e, s, v, d);
}
