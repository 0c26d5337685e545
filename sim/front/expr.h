/* sim/front/expr.h — the small expression language of workload manifests:
 * numbers, names, + - * / % << >>, parentheses, calls with optional
 * keyword arguments (random(seed=1, -1, 1)). Expressions are scalar (let
 * values, sizes, launch arguments) or, in checks, element-wise over buffers
 * with the reference functions sum, histogram, inclusive_scan,
 * exclusive_scan, sort, len, min, max, abs. */
#ifndef WARPSIM_EXPR_H
#define WARPSIM_EXPR_H
#include <stdint.h>
#include "diag.h"
#include "exec/memory.h"

/* ---- lexer ---- */
typedef enum { TK_END, TK_NUM, TK_NAME, TK_PUNCT } token_kind;
typedef struct {
    token_kind kind;
    char text[64];
    double num;
    int is_int;
    int col;              /* 1-based column in the line */
    int space_before;     /* whitespace precedes it: 'f (x)' is not a call */
} token;

typedef struct {
    const char *file;
    int line;
    const char *src;      /* the whole line, for carets */
    const char *p;        /* position */
    token tok;            /* current token */
    diag *d;
    int failed;
    int depth;            /* parentheses, calls and signs open now */
} lexer;

/* Expressions nest at most this deep (parentheses, calls, signs, and chains
 * of operators: a+b+c is two levels). Parsing, resolving and evaluating
 * recurse once per level: without a bound, ~2,000 chained operators or
 * ~12,000 parentheses overflowed the stack. */
#define EXPR_MAX_DEPTH 200

void lex_init(lexer *lx, const char *file, int line, const char *src, int start_col, diag *d);
void lex_next(lexer *lx);
int lex_is(const lexer *lx, const char *punct);       /* current token is this punctuation */
int lex_accept(lexer *lx, const char *punct);
int lex_expect(lexer *lx, const char *punct);
void lex_error(lexer *lx, int col, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* ---- expressions ---- */
typedef enum { EX_NUM, EX_NAME, EX_NEG, EX_BIN, EX_CALL, EX_TUPLE } expr_kind;

typedef struct expr expr;
struct expr {
    expr_kind kind;
    int col, line;
    int height;           /* levels below and including this node */
    const char *file;     /* where it was written: messages point there; */
    const char *src;      /* the line's text (kept alive by the owner) */
    double num;
    int is_int;
    char name[64];        /* EX_NAME, EX_CALL; EX_BIN: operator text */
    char kw[8][16];       /* keyword of each argument ("" positional) */
    expr *arg[8];         /* EX_NEG/EX_BIN children, EX_CALL/EX_TUPLE items */
    int nargs;
    /* resolved for evaluation */
    int ref_kind;         /* 0 unresolved, 1 let, 2 buffer */
    int ref;              /* let or buffer index */
    double *cache;        /* materialised vector results */
    uint64_t cache_len;
};

expr *expr_parse(lexer *lx);
void expr_free(expr *e);

/* the world names refer to */
typedef struct {
    int nlets;
    const char *const *let_names;
    const double *let_values;
    const int *let_is_int;
    int nbufs;
    const char *const *buf_names;
    const int *buf_mem;    /* gmem buffer index, -1 before allocation */
    gmem *mem;
    const char *file;
    const char *const *lines;  /* source lines for messages (index line-1) */
    int nlines;
} expr_scope;

/* resolve names; allow_buffers = 0 for scalar contexts. Returns errors. */
int expr_resolve(expr *e, const expr_scope *s, int allow_buffers, diag *d);
/* 0 for a scalar, else the number of elements; -1 (reported) on mismatch */
int64_t expr_length(expr *e, const expr_scope *s, diag *d);
/* element i (ignored for scalars) */
double expr_at(expr *e, const expr_scope *s, uint64_t i);
/* a resolved scalar's value, with division or remainder by zero and a
 * result that is not a finite number reported at the operator: -1 then */
int expr_value(expr *e, const expr_scope *s, double *v, diag *d);
int expr_is_int(const expr *e, const expr_scope *s);

#endif
