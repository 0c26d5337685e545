/* sim/front/workload.h — workload manifests: let variables (overridable with
 * -D), buffers with initialisers, launches, checks and reports. */
#ifndef WARPSIM_WORKLOAD_H
#define WARPSIM_WORKLOAD_H
#include "asm.h"
#include "expr.h"
#include "exec/memory.h"

typedef struct {
    char name[64];
    expr *e;
    double value;
    int is_int;
    int line;
    char *define;      /* -D name=value: the text e was parsed from (owned) */
} wl_let;

typedef struct {
    char name[64];
    elem_type type;
    expr *count;
    expr *init;           /* constant expression, or a call to iota / random */
    char file[512];       /* = file("PATH"): the path as written ("" if none) */
    uint8_t *bytes;       /* its contents once read (owned) */
    int line;
    int mem;              /* gmem index once allocated */
} wl_buffer;

typedef struct {
    char kernel[64];
    const isa_kernel *k;
    expr *grid, *block;
    expr *shared;         /* shared=BYTES: dynamic shared memory, or NULL */
    expr *arg[32];
    int nargs;
    int line, col;
} wl_launch;

typedef struct {
    expr *lhs, *rhs;
    int approx;           /* ~= rather than == */
    double rel, abs;
    int line;
    char text[200];
} wl_check;

typedef struct {
    char name[64];
    expr *e;
    int line;
} wl_report;

typedef struct {
    char name[64];
    isa_program prog;
    wl_let lets[64];
    int nlets;
    wl_buffer bufs[64];
    int nbufs;
    wl_launch *launches;  /* nlaunches of them, room for cap_launches + 1 (the one being parsed) */
    int nlaunches, cap_launches;
    wl_check checks[32];
    int nchecks;
    wl_report reports[32];
    int nreports;
    gmem *mem;
    int no_checks;        /* set before workload_prepare: drop the checks, and
                             read no reference file that no launch is passed */
    /* scope for expressions */
    const char *let_names[64];
    double let_values[64];
    int let_is_int[64];
    const char *buf_names[64];
    int buf_mem[64];
    expr_scope scope;
} workload;

/* read, assemble and parse a workload file; returns errors (reported in d) */
int workload_load(workload *w, const char *path, diag *d);
/* same from text (tests) */
int workload_load_text(workload *w, const char *path, const char *text, diag *d);
/* -D name=value, applied before workload_prepare */
int workload_define(workload *w, const char *assignment, diag *d);
/* evaluate lets and sizes, allocate buffers; returns errors */
/* sass_arch: the config's gpu.sass_arch; launches of nvcc SASS bind to
 * that arch's function (-1: any) */
int workload_prepare(workload *w, int sass_arch, diag *d);
/* launch i's shared=BYTES added to *shared_bytes (the kernel's static size) */
int workload_dynamic_shared(workload *w, int i, uint32_t *shared_bytes, diag *d);
/* the parameter block of launch i (cbank bytes); returns errors */
int workload_cbank(workload *w, int i, uint8_t *cbank, uint32_t *size, uint32_t grid[3], uint32_t block[3], diag *d);
/* run every check; returns 1 if all pass (failures described in d) */
int workload_check(workload *w, int i, diag *d);
void workload_free(workload *w);

#endif
