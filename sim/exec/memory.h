/* sim/exec/memory.h — simulated global memory: named buffers in a sparse 64-bit
 * address space. Pages (4 KB) are created on first touch and filled from the
 * buffer's initialiser then, so a 512 MB buffer costs only what is touched. */
#ifndef WARPSIM_MEMORY_H
#define WARPSIM_MEMORY_H
#include <stddef.h>
#include <stdint.h>
#include "exec.h"      /* isa_window */

typedef enum { ET_U8, ET_S8, ET_U16, ET_S16, ET_U32, ET_S32, ET_U64, ET_S64, ET_F32, ET_F64, ET_COUNT } elem_type;
typedef enum { INIT_CONST, INIT_IOTA, INIT_RANDOM, INIT_FILE } init_kind;

typedef struct {
    init_kind kind;
    double a, b;       /* const: value a; iota: start a, step b; random: lo a, hi b */
    uint64_t seed;
    const uint8_t *bytes;   /* file: the buffer's bytes (the owner keeps them) */
} buffer_init;

typedef struct {
    char name[64];
    elem_type type;
    uint64_t count, bytes, base;
    buffer_init init;
    int released;      /* gmem_release: its addresses fault from then on */
    uint8_t *host;     /* gmem_alloc_shared: the host memory at the same address that holds its bytes */
} mem_buffer;

typedef struct gmem gmem;

gmem *gmem_new(void);
void gmem_free(gmem *m);
/* a new buffer; returns its index */
int gmem_alloc(gmem *m, const char *name, elem_type type, uint64_t count, buffer_init init);
const mem_buffer *gmem_buffer(const gmem *m, int index);
/* a buffer whose bytes live in host memory mapped at its own device
 * address, so that a host program reads and writes it with the same
 * pointers kernels use (CUDA's managed memory); zero-filled. Returns its
 * index, or -1 when the host has no room at any address gmem could give. */
int gmem_alloc_shared(gmem *m, const char *name, uint64_t bytes);
/* give buffer index back (cudaFree): its pages are freed and any access to
 * its addresses faults from then on (they are never handed out again) */
void gmem_release(gmem *m, int index);
int gmem_nbuffers(const gmem *m);
/* read or write size bytes (aligned, at most 16); returns an isa_fault */
int gmem_access(gmem *m, uint64_t addr, void *buf, int size, int write);
/* the fault gmem_access would give, touching nothing (safe from several threads) */
int gmem_check(const gmem *m, uint64_t addr, int size);
/* gmem_check, and where the access is valid the bytes [*lo, *hi) of its
 * buffer: any access inside them is valid while no buffer is released */
int gmem_check_span(const gmem *m, uint64_t addr, int size, uint64_t *lo, uint64_t *hi);
/* the window of the page holding addr within its buffer, for direct
 * access (isa_env.window); 0 when addr is in no buffer */
int gmem_window(gmem *m, uint64_t addr, isa_window *w);
/* element i of buffer b as a double (integers exactly up to 2^53) */
double gmem_elem(gmem *m, int b, uint64_t i);
/* elements i .. i + n - 1 of buffer b into out, as gmem_elem gives them */
void gmem_elems(gmem *m, int b, uint64_t i, uint64_t n, double *out);
/* on (the default): the pages of a buffer of up to 1 GB live in one host
 * mapping of its own, reserved at its first touch; off: every page is
 * allocated alone and found through a hash table (what a larger buffer, or
 * one whose mapping the host refuses, gets) */
void gmem_use_maps(gmem *m, int on);
/* fill ahead: where pages are touched in a stream (a page, then the next),
 * up to `pages` after the one touched are queued as jobs (at most `jobs` at
 * a time) for gmem_prefill_run to fill on other threads, so that the
 * touches to come find them filled. 0 turns it off (the default). Only a
 * buffer with its own mapping is filled ahead; what memory holds is the
 * same either way */
void gmem_prefill(gmem *m, int pages, int jobs);
int gmem_prefill_jobs(const gmem *m);
/* fill jobs part, part + parts, ... (0 <= part < parts). Calls for
 * different parts may run at once, while nothing else uses m */
void gmem_prefill_run(gmem *m, int part, int parts);
/* after the runs: their pages count as filled, and no job is left */
void gmem_prefill_end(gmem *m);
/* counts writes that changed memory: progress for deadlock detection */
uint64_t gmem_epoch(const gmem *m);
size_t gmem_pages(const gmem *m);

int elem_size(elem_type t);
const char *elem_name(elem_type t);
int elem_parse(const char *name, elem_type *t);
int elem_is_float(elem_type t);
/* v lies within the values type t holds; the bounds */
int elem_fits(elem_type t, double v);
double elem_lo(elem_type t);
double elem_hi(elem_type t);
/* the initial value of element i, as the buffer's initialiser defines it */
double init_value(const buffer_init *init, elem_type t, uint64_t i);
/* store v as an element of type t (integers: truncated, wrapped to the
 * width; beyond 64 bits saturated; NaN 0) */
void elem_store(elem_type t, double v, void *dst);
double elem_load(elem_type t, const void *src);

#endif
