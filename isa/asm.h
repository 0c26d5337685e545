/* isa/asm.h — the assembler: text → kernels, with reconvergence points. */
#ifndef WARPSIM_ASM_H
#define WARPSIM_ASM_H
#include "isa.h"
#include "diag.h"

/* a source file split into lines, kept for error messages */
typedef struct {
    char *path;
    char *text;
    const char **line;   /* line[i] = start of line i+1 */
    int nlines;
} src_file;

/* a `.workload` block (lines first..last, 1-based, exclusive of .end) */
typedef struct {
    char name[64];
    int line, first, last;
} asm_block;

typedef struct {
    src_file src;
    isa_kernel *kernels;
    int nkernels;
    asm_block *workloads;
    int nworkloads;
    src_file *dumps;      /* nvcc SASS dumps imported with .sass (isa/sass_dump.c) */
    int ndumps;
    /* the initial value of each of the dumps' module variables that has one
     * (isa/sass_elf.c: from .nv.constant3 and .nv.global.init), by name */
    struct isa_varinit { char name[128]; uint8_t *data; uint32_t size; } *varinit;
    int nvarinit;
    char **srcnames;      /* the source files and inlining chains of the kernels' srcloc */
    int nsrcnames;
} isa_program;

/* read a whole file; returns 0 or -1 with a message in d */
int src_read(src_file *s, const char *path, diag *d);
/* take text already in memory (copied) */
void src_from_text(src_file *s, const char *path, const char *text);
void src_free(src_file *s);
const char *src_line(const src_file *s, int line);

/* assemble every kernel of src; returns the number of errors (reported in d) */
int asm_program(isa_program *p, diag *d);
/* convenience for tests: text in memory */
int asm_text(isa_program *p, const char *path, const char *text, diag *d);
void asm_free(isa_program *p);
const isa_kernel *asm_find(const isa_program *p, const char *name);
const isa_kernel *asm_find_for(const isa_program *p, const char *name, int arch, int *ambiguous);
const src_file *asm_kernel_source(const isa_program *p, const isa_kernel *k);

/* control flow: fill in->reconv for every branch of k (immediate post-dominator) */
void cfg_reconvergence(isa_kernel *k);
/* immediate post-dominators of a graph with nodes 0..n-1 and a virtual exit n:
 * succ[i] lists nsucc[i] successors (values 0..n). ipdom[i] receives the
 * immediate post-dominator of node i (n = the exit). Nodes that cannot reach
 * the exit are treated as if they had an edge to it. */
void cfg_ipdom(int n, int *const *succ, const int *nsucc, int *ipdom);

#endif
