/* sim/util/hugemem.h — zeroed memory for large arrays looked at in random
 * order (the tag arrays of every cache), packed into 2 MB-aligned chunks
 * that Linux backs with transparent huge pages (madvise): on a 132-SM GPU
 * a look at a cache's set is mostly a host TLB miss otherwise, and a page
 * walk in a virtual machine costs as much as the miss itself (docs/speed.md).
 * Where huge pages or mmap are missing (and under AddressSanitizer, which
 * must see every array's bounds) it is plain calloc. Thread-safe; not for
 * the per-cycle path. */
#ifndef WARPSIM_HUGEMEM_H
#define WARPSIM_HUGEMEM_H
#include <stddef.h>

/* `bytes` zeroed bytes on a 64-byte boundary; exits like xcalloc when the
 * host has no memory left */
void *hugemem_calloc(size_t bytes);
/* give back what hugemem_calloc returned (NULL: nothing); a chunk is
 * unmapped once everything taken from it is given back */
void hugemem_free(void *p);

#endif
