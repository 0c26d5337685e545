/* sim/front/trace_header.h — the trace reader's parts (trace.c,
 * trace_header.c, trace_bin.c) share these; not for other modules. */
#ifndef WARPSIM_TRACE_HEADER_H
#define WARPSIM_TRACE_HEADER_H
#include "trace.h"

/* one "-..." header line of k (at k->line); -1 after an error (reported) */
int trace_header_line(trace_kernel *k, const char *l, diag *d);
/* the index of text in k's table of instruction texts (added if new) */
int trace_text_index(trace_kernel *k, const char *text);
/* k's per-pc tables hold at least n pcs */
void trace_grow_pcs(trace_kernel *k, int n);
/* n words of b's address storage (freed with the block) */
uint64_t *trace_block_words(trace_block *b, int n);

#endif
