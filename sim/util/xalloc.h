/* sim/util/xalloc.h — allocation that reports "out of host memory" and
 * exits (status 4) on failure, so callers never test for NULL. Used by every
 * module; depends on nothing but libc. */
#ifndef WARPSIM_XALLOC_H
#define WARPSIM_XALLOC_H
#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
/* n zeroed objects of `size` bytes (a multiple of 64), starting on a
 * 64-byte cache line: objects written by different threads */
void *xcalloc_lines(size_t n, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

#endif
