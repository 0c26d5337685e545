/* sim/util/xalloc.c — allocation that reports and exits on failure. */
#include "xalloc.h"
#include "whole_file.h"
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the process ends at once, with the documented status for a host limit
 * (4): no half-written output file is left (whole_file.h), and output
 * still buffered is dropped rather than cut in the middle of a line */
static void out_of_memory(size_t n)
{
    whole_remove_all();
    char msg[200];
    int len = snprintf(msg, sizeof msg, "\nwarpsim: error: out of host memory (asked for %zu more bytes); simulate "
                       "less (smaller buffers or grid) or on a machine with more memory (exit status 4)\n", n);
    if (write(STDERR_FILENO, msg, (size_t)len) < 0) _exit(4);
    _exit(4);
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) out_of_memory(n);
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) out_of_memory(n * size);
    return p;
}

void *xcalloc_lines(size_t n, size_t size)
{
    size_t bytes = (n ? n : 1) * (size ? size : 1);
    bytes = (bytes + 63) / 64 * 64;
    void *p = aligned_alloc(64, bytes);
    if (!p) out_of_memory(bytes);
    return memset(p, 0, bytes);
}

void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) out_of_memory(n);
    return q;
}

char *xstrndup(const char *s, size_t n)
{
    char *p = xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }
