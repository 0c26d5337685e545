/* sim/front/check.c — evaluating a workload: lets, buffers, launch parameters,
 * and the checks against reference results. */
#include <errno.h>
#include "workload.h"
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void sync_scope(workload *w, int nlets, int nbufs)
{
    for (int i = 0; i < w->nlets; i++) w->let_names[i] = w->lets[i].name;
    for (int i = 0; i < w->nbufs; i++) { w->buf_names[i] = w->bufs[i].name; w->buf_mem[i] = w->bufs[i].mem; }
    expr_scope *s = &w->scope;
    s->nlets = nlets;
    s->let_names = w->let_names;
    s->let_values = w->let_values;
    s->let_is_int = w->let_is_int;
    s->nbufs = nbufs;
    s->buf_names = w->buf_names;
    s->buf_mem = w->buf_mem;
    s->mem = w->mem;
    s->file = w->prog.src.path;
    s->lines = w->prog.src.line;
    s->nlines = w->prog.src.nlines;
}

static void err_line(workload *w, int line, int col, diag *d, const char *msg)
{
    diag_at(d, w->prog.src.path, line, col, src_line(&w->prog.src, line), "%s", msg);
}

/* a scalar expression's value; -1 on error */
static int scalar(workload *w, expr *e, double *v, diag *d)
{
    if (expr_resolve(e, &w->scope, 0, d)) return -1;
    return expr_value(e, &w->scope, v, d);
}

static int parse_init(workload *w, wl_buffer *b, buffer_init *init, diag *d)
{
    memset(init, 0, sizeof *init);
    init->kind = INIT_CONST;
    expr *e = b->init;
    if (!e) return 0;
    if (e->kind == EX_NAME && !strcmp(e->name, "iota")) { init->kind = INIT_IOTA; init->b = 1; return 0; }
    if (e->kind == EX_CALL && (!strcmp(e->name, "iota") || !strcmp(e->name, "random"))) {
        int is_random = e->name[0] == 'r';
        double v[3] = { 0, 1, 0 };
        int want = is_random ? 3 : 2;
        if (e->nargs > want || (is_random && e->nargs != 3)) {
            err_line(w, b->line, e->col, d, is_random ? "random takes (seed, lo, hi)" : "iota takes (start, step)");
            return -1;
        }
        for (int i = 0; i < e->nargs; i++) {
            if (e->arg[i] && e->kw[i][0] && strcmp(e->kw[i], is_random ? "seed" : "start")) {
                err_line(w, b->line, e->arg[i]->col, d, "unknown keyword (random(seed=S, lo, hi), iota(start, step))");
                return -1;
            }
            if (scalar(w, e->arg[i], &v[i], d)) return -1;
        }
        if (is_random) {
            init->kind = INIT_RANDOM;
            init->seed = (uint64_t)v[0];
            init->a = v[1];
            init->b = v[2];
            if (v[2] < v[1]) { err_line(w, b->line, e->col, d, "random(seed, lo, hi) needs lo <= hi"); return -1; }
        } else {
            init->kind = INIT_IOTA;
            init->a = v[0];
            init->b = v[1];
        }
        return 0;
    }
    return scalar(w, e, &init->a, d);
}

/* a constant or a random range the buffer's element type cannot hold
 * (iota wraps, as a counter of that width would) */
static int init_out_of_range(workload *w, const wl_buffer *b, const buffer_init *init, diag *d)
{
    double lo = init->a, hi = init->kind == INIT_RANDOM ? init->b : init->a;
    if (init->kind == INIT_IOTA || (elem_fits(b->type, lo) && elem_fits(b->type, hi))) return 0;
    char msg[200];
    snprintf(msg, sizeof msg, "buffer '%s' is %s, which holds %g to %g; its initial value %g is outside that",
             b->name, elem_name(b->type), elem_lo(b->type), elem_hi(b->type), elem_fits(b->type, lo) ? hi : lo);
    err_line(w, b->line, b->init ? b->init->col : 1, d, msg);
    return 1;
}

/* launches of nvcc SASS run the function compiled for the config's arch */
static void bind_arch(workload *w, int arch, diag *d)
{
    for (int i = 0; i < w->nlaunches; i++) {
        wl_launch *L = &w->launches[i];
        if (!L->k || !L->k->sass_arch || arch < 0) continue;
        int ambiguous = 0;
        const isa_kernel *k = asm_find_for(&w->prog, L->kernel, arch, &ambiguous);
        if (k) { L->k = k; continue; }
        char msg[400];
        if (ambiguous > 1)
            snprintf(msg, sizeof msg, "'%s' names %d kernels of sm_%d; launch one by its mangled name", L->kernel, ambiguous, arch);
        else if (!arch)
            snprintf(msg, sizeof msg, "kernel '%s' is nvcc's SASS for sm_%d, and this config runs none (its gpu.sass_arch is 0); "
                     "use -c a100 (sm_80) or -c h100 (sm_90)", L->kernel, L->k->sass_arch);
        else
            snprintf(msg, sizeof msg, "kernel '%s' has SASS for sm_%d only, and this config runs sm_%d (gpu.sass_arch); "
                     "add a .sass dump for sm_%d (nvcc -arch=sm_%d, cuobjdump -sass) or choose a config of sm_%d",
                     L->kernel, L->k->sass_arch, arch, arch, arch, L->k->sass_arch);
        err_line(w, L->line, L->col, d, msg);
    }
}

/* = file("PATH"): the raw bytes of count elements, the path relative to
 * the workload file */
static int file_init(workload *w, wl_buffer *b, double count, buffer_init *init, diag *d)
{
    memset(init, 0, sizeof *init);
    char path[1100];
    const char *wl = w->prog.src.path, *slash = strrchr(wl, '/');
    int dir = b->file[0] == '/' || !slash ? 0 : (int)(slash - wl) + 1;
    snprintf(path, sizeof path, "%.*s%s", dir, wl, b->file);
    char msg[1400];
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(msg, sizeof msg, "buffer '%s': cannot open '%s': %s", b->name, path, strerror(errno));
        err_line(w, b->line, 1, d, msg);
        return -1;
    }
    double want = count * elem_size(b->type);
    fseek(f, 0, SEEK_END);
    long have = ftell(f);
    rewind(f);
    if (have < 0 || (double)have != want) {
        fclose(f);
        snprintf(msg, sizeof msg, "buffer '%s' holds %.0f bytes (%.0f %s), but '%s' has %ld; give the count the file was written with",
                 b->name, want, count, elem_name(b->type), path, have);
        err_line(w, b->line, 1, d, msg);
        return -1;
    }
    free(b->bytes);
    b->bytes = xmalloc(have ? (size_t)have : 1);
    size_t got = fread(b->bytes, 1, (size_t)have, f);
    fclose(f);
    if (got != (size_t)have) {
        snprintf(msg, sizeof msg, "buffer '%s': reading '%s' stopped after %zu of %ld bytes", b->name, path, got, have);
        err_line(w, b->line, 1, d, msg);
        return -1;
    }
    init->kind = INIT_FILE;
    init->bytes = b->bytes;
    return 0;
}

/* a buffer some launch is given (by name, as an argument) */
static int passed_to_launch(const workload *w, const char *name)
{
    for (int i = 0; i < w->nlaunches; i++)
        for (int a = 0; a < w->launches[i].nargs; a++) {
            const expr *e = w->launches[i].arg[a];
            if (e && e->kind == EX_NAME && !strcmp(e->name, name)) return 1;
        }
    return 0;
}

int workload_prepare(workload *w, int sass_arch, diag *d)
{
    int before = d->errors;
    if (w->no_checks) {
        for (int i = 0; i < w->nchecks; i++) { expr_free(w->checks[i].lhs); expr_free(w->checks[i].rhs); }
        memset(w->checks, 0, sizeof w->checks);
        w->nchecks = 0;
    }
    bind_arch(w, sass_arch, d);
    if (d->errors > before) return d->errors - before;
    w->mem = gmem_new();
    for (int i = 0; i < w->nlets; i++) {
        sync_scope(w, i, 0);
        double v;
        if (scalar(w, w->lets[i].e, &v, d)) continue;
        w->let_values[i] = v;
        w->let_is_int[i] = expr_is_int(w->lets[i].e, &w->scope);
        w->lets[i].value = v;
    }
    if (d->errors > before) return d->errors - before;
    for (int i = 0; i < w->nbufs; i++) {
        wl_buffer *b = &w->bufs[i];
        sync_scope(w, w->nlets, 0);
        double count;
        buffer_init init;
        int read_file = b->file[0] && !(w->no_checks && !passed_to_launch(w, b->name));
        if (scalar(w, b->count, &count, d)) continue;
        if (read_file ? file_init(w, b, count, &init, d) : b->file[0] ? (memset(&init, 0, sizeof init), 0) : parse_init(w, b, &init, d)) continue;
        if (count < 0 || count != floor(count) || count > 1e12) {
            char msg[160];
            snprintf(msg, sizeof msg, "buffer '%s' has %g elements; the count must be a whole number from 0 to 10^12", b->name, count);
            err_line(w, b->line, b->count->col, d, msg);
            continue;
        }
        if (init_out_of_range(w, b, &init, d)) continue;
        b->mem = gmem_alloc(w->mem, b->name, b->type, (uint64_t)count, init);
    }
    sync_scope(w, w->nlets, w->nbufs);
    if (d->errors > before) return d->errors - before;
    /* checks and reports are resolved now, so that a typo stops the run
     * before the simulation rather than after it */
    for (int i = 0; i < w->nchecks; i++) {
        wl_check *c = &w->checks[i];
        if (expr_resolve(c->lhs, &w->scope, 1, d) + expr_resolve(c->rhs, &w->scope, 1, d)) continue;
        int64_t ll = expr_length(c->lhs, &w->scope, d), lr = expr_length(c->rhs, &w->scope, d);
        if (ll > 0 && lr > 0 && ll != lr) {
            char msg[200];
            snprintf(msg, sizeof msg, "check compares %" PRId64 " elements with %" PRId64, ll, lr);
            err_line(w, c->line, c->lhs->col, d, msg);
        }
    }
    for (int i = 0; i < w->nreports; i++)
        if (!expr_resolve(w->reports[i].e, &w->scope, 1, d)) expr_length(w->reports[i].e, &w->scope, d);
    return d->errors - before;
}

static int dims(workload *w, wl_launch *L, expr *e, uint32_t out[3], const char *what, diag *d)
{
    out[0] = out[1] = out[2] = 1;
    int n = e->kind == EX_TUPLE ? e->nargs : 1;
    if (n > 3) { err_line(w, L->line, e->col, d, "grid and block have at most 3 dimensions"); return -1; }
    for (int i = 0; i < n; i++) {
        expr *x = e->kind == EX_TUPLE ? e->arg[i] : e;
        double v;
        if (scalar(w, x, &v, d)) return -1;
        /* CUDA's limits: grid x to 2^31-1, y and z to 65535; a block's
         * dimensions are bounded by its thread count (65536 here, the
         * config's sm.max_threads at launch) */
        double hi = what[0] == 'g' && i == 0 ? 2147483647.0 : 65535.0;
        if (v < 1 || v > hi || v != floor(v)) {
            char msg[200];
            snprintf(msg, sizeof msg, "%s dimension %d is %g; it must be a whole number from 1 to %.0f (%s)", what, i, v, hi,
                     what[0] != 'g' ? "a block holds at most 65536 threads" : i ? "CUDA's limit for grid y and z"
                     : "2^31-1, CUDA's limit for grid x");
            err_line(w, L->line, x->col, d, msg);
            return -1;
        }
        out[i] = (uint32_t)v;
    }
    return 0;
}

int workload_dynamic_shared(workload *w, int i, uint32_t *shared_bytes, diag *d)
{
    wl_launch *L = &w->launches[i];
    if (!L->shared) return 0;
    double v;
    if (scalar(w, L->shared, &v, d)) return -1;
    if (v < 0 || v != floor(v) || v + *shared_bytes > 16777216.0) {
        char msg[200];
        snprintf(msg, sizeof msg, "shared=%g: dynamic shared memory must be a whole number of bytes, with the kernel's own at most 16 MB", v);
        err_line(w, L->line, L->shared->col, d, msg);
        return -1;
    }
    *shared_bytes += (uint32_t)v;
    return 0;
}

int workload_cbank(workload *w, int i, uint8_t *cbank, uint32_t *size, uint32_t grid[3], uint32_t block[3], diag *d)
{
    int before = d->errors;
    wl_launch *L = &w->launches[i];
    const isa_kernel *k = L->k;
    if (dims(w, L, L->grid, grid, "grid", d) || dims(w, L, L->block, block, "block", d)) return d->errors - before;
    if ((uint64_t)block[0] * block[1] * block[2] > 65536) {
        err_line(w, L->line, L->block->col, d, "a block has more than 65536 threads");
        return d->errors - before;
    }
    if (k->nrelocs) {
        char msg[600];
        snprintf(msg, sizeof msg, "kernel %.300s reads __device__ variables: their addresses are patched in by CUDA's loader "
                 "from the cubin's relocations, which the SASS text does not show; run the program with warpsim cuda",
                 k->base_name[0] ? k->base_name : k->name);
        err_line(w, L->line, L->col, d, msg);
        return d->errors - before;
    }
    memset(cbank, 0, k->cbank_bytes);
    *size = k->cbank_bytes;
    /* __constant__ variables as their initialisers (the ELF) set them */
    if (k->bank3) memcpy(cbank + ISA_CBANK_FLAT(3), k->bank3, k->bank3_bytes);
    if (k->module_banks & 1u << 2 && k->bank2) memcpy(cbank + ISA_CBANK_FLAT(2), k->bank2, k->bank2_bytes);   /* jump tables */
    if (k->sass_arch) {
        /* bank 0 below the parameters, as the driver fills it for nvcc's
         * code (offsets read off nvcc's SASS: ULDC c[0x0][0x0] is
         * blockDim.x, c[0x0][0xc] gridDim.x, LDC R1, c[0x0][0x28] the stack
         * pointer: the top of the thread's local window) */
        uint32_t words[6] = { block[0], block[1], block[2], grid[0], grid[1], grid[2] };
        memcpy(cbank, words, sizeof words);
        uint32_t sp = k->local_bytes;
        memcpy(cbank + 0x28, &sp, 4);
    }
    for (int a = 0; a < L->nargs; a++) {
        const isa_param *p = &k->params[a];
        expr *e = L->arg[a];
        uint8_t *dst = cbank + p->offset;
        if (expr_resolve(e, &w->scope, 1, d)) continue;
        if (e->kind == EX_NAME && e->ref_kind == 2) {
            if (p->type != PT_U64 && p->type != PT_S64 && p->type != PT_B64) {
                char msg[200];
                snprintf(msg, sizeof msg, "buffer '%s' is passed to parameter '%s', which is not u64", e->name, p->name);
                err_line(w, L->line, e->col, d, msg);
                continue;
            }
            uint64_t addr = gmem_buffer(w->mem, w->bufs[e->ref].mem)->base;
            memcpy(dst, &addr, 8);
            continue;
        }
        if (expr_length(e, &w->scope, d) != 0) {
            err_line(w, L->line, e->col, d, "a launch argument must be a buffer name or a scalar");
            continue;
        }
        double v;
        if (expr_value(e, &w->scope, &v, d)) continue;
        static const elem_type as_elem[] = { ET_U32, ET_S32, ET_U64, ET_S64, ET_F32, ET_F64, ET_U32, ET_U64 };
        elem_type t = as_elem[p->type];
        /* a parameter known by its size only takes the argument's own type:
         * 2.0 is a float, 2 an integer */
        int is_int = expr_is_int(e, &w->scope);
        if (p->type == PT_B32) t = !is_int ? ET_F32 : v < 0 ? ET_S32 : ET_U32;
        if (p->type == PT_B64) t = !is_int ? ET_F64 : v < 0 ? ET_S64 : ET_U64;
        if (!elem_is_float(t) && v != floor(v)) {
            char msg[200];
            snprintf(msg, sizeof msg, "parameter '%s' is an integer but the argument is %g", p->name, v);
            err_line(w, L->line, e->col, d, msg);
            continue;
        }
        if (!elem_fits(t, v)) {
            char msg[200];
            snprintf(msg, sizeof msg, "parameter '%s' is %s, which holds %g to %g; the argument is %g",
                     p->name, elem_name(t), elem_lo(t), elem_hi(t), v);
            err_line(w, L->line, e->col, d, msg);
            continue;
        }
        elem_store(t, v, dst);
    }
    return d->errors - before;
}

static int close_enough(const wl_check *c, double a, double b)
{
    if (!c->approx) return a == b || (isnan(a) && isnan(b));
    double scale = fmax(fabs(a), fabs(b));
    return fabs(a - b) <= c->abs + c->rel * scale;
}

int workload_check(workload *w, int i, diag *d)
{
    wl_check *c = &w->checks[i];
    /* resolved and measured by workload_prepare */
    int64_t ll = expr_length(c->lhs, &w->scope, NULL), lr = expr_length(c->rhs, &w->scope, NULL);
    if (ll < 0 || lr < 0 || (ll && lr && ll != lr)) return 0;
    uint64_t n = (uint64_t)(ll ? ll : lr), bad = 0, first = 0;
    double fa = 0, fb = 0;
    for (uint64_t k = 0; k < (n ? n : 1); k++) {
        double a = expr_at(c->lhs, &w->scope, k), b = expr_at(c->rhs, &w->scope, k);
        if (close_enough(c, a, b)) continue;
        if (!bad++) { first = k; fa = a; fb = b; }
    }
    if (!bad) return 1;
    diag_append(d, "%s:%d: check failed: %s\n", w->prog.src.path, c->line, c->text);
    if (n) diag_append(d, "  %" PRIu64 " of %" PRIu64 " elements differ; the first is element %" PRIu64 ": %.17g, expected %.17g\n",
                       bad, n, first, fa, fb);
    else diag_append(d, "  got %.17g, expected %.17g (difference %.3g)\n", fa, fb, fa - fb);
    return 0;
}

void workload_free(workload *w)
{
    /* the slot after the last of each kind may hold a statement whose
     * parse failed half-way: free it too (unused slots are zero) */
    for (int i = 0; i <= w->nlets && i < 64; i++) { expr_free(w->lets[i].e); free(w->lets[i].define); }
    for (int i = 0; i <= w->nbufs && i < 64; i++) { expr_free(w->bufs[i].count); expr_free(w->bufs[i].init); free(w->bufs[i].bytes); }
    for (int i = 0; i <= w->nlaunches && i < w->cap_launches; i++) {
        expr_free(w->launches[i].grid);
        expr_free(w->launches[i].block);
        expr_free(w->launches[i].shared);
        for (int a = 0; a < w->launches[i].nargs; a++) expr_free(w->launches[i].arg[a]);
    }
    free(w->launches);
    for (int i = 0; i <= w->nchecks && i < 32; i++) { expr_free(w->checks[i].lhs); expr_free(w->checks[i].rhs); }
    for (int i = 0; i <= w->nreports && i < 32; i++) expr_free(w->reports[i].e);
    gmem_free(w->mem);
    asm_free(&w->prog);
    memset(w, 0, sizeof *w);
}
