/* sim/util/hugemem.h — zeroed memory for the arrays the cycle loop looks
 * at on every SM and slice in turn (the memory side's tags, MSHRs, queues
 * and message rings; a launch's warps, registers and scoreboards), packed
 * into 2 MB-aligned chunks that Linux backs with transparent huge pages
 * (madvise): on a 132-SM GPU nearly every such look is a host TLB miss
 * otherwise, and a page walk in a virtual machine costs as much as the
 * miss itself (docs/speed.md).
 * Where huge pages or mmap are missing (and under AddressSanitizer, which
 * must see every array's bounds) it is plain calloc. Thread-safe; not for
 * the per-cycle path. */
#ifndef WARPSIM_HUGEMEM_H
#define WARPSIM_HUGEMEM_H
#include <stddef.h>

/* `bytes` zeroed bytes on a 64-byte boundary; exits like xcalloc when the
 * host has no memory left */
void *hugemem_calloc_in(int arena, size_t bytes);
/* arrays of one lifetime share chunks, so that a chunk is given back when
 * that lifetime ends: those of the GPU's memory side (built once for a
 * run), those of one launch (its warps and SMs) and a trace's blocks
 * (sim/front/trace.c: kept for the next block, given back at the run's end) */
enum hugemem_arena { HUGEMEM_GPU, HUGEMEM_LAUNCH, HUGEMEM_TRACE };
static inline void *hugemem_calloc(size_t bytes) { return hugemem_calloc_in(HUGEMEM_GPU, bytes); }
/* n zeroed elements of `size` bytes (as calloc) */
static inline void *hugemem_array(size_t n, size_t size) { return hugemem_calloc(n * size); }
/* give back what hugemem_calloc returned (NULL: nothing); a chunk is
 * unmapped once everything taken from it is given back */
void hugemem_free(void *p);
/* p (from hugemem_calloc, old_bytes long; NULL: none) grown to new_bytes:
 * a new array with p's bytes, the rest zero, and p given back. The space
 * of p is reused only once its whole chunk is given back: for arrays that
 * grow a few times in a run (by doubling), not for the per-cycle path */
void *hugemem_realloc(void *p, size_t old_bytes, size_t new_bytes);
/* the chunks mapped now (-1 where arrays come from the heap: tests) */
int hugemem_chunks(void);

#endif
