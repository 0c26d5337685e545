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
/* `bytes` of b's memory on an `align` boundary (a power of two up to 64),
 * not zeroed; given back with the block (trace_block_free) */
void *trace_block_alloc(trace_block *b, size_t bytes, size_t align);
/* n words of b's memory (addresses) */
uint64_t *trace_block_words(trace_block *b, int n);
/* room for n instructions (at least one) in b's memory, zeroed */
trace_inst *trace_block_insts(trace_block *b, int n);
/* in's addresses, packed (len bytes of trace_lanes_pack), kept in b as a
 * pattern of k's (TRACE_ADDR_PATTERN) when its pc had their offsets
 * already or may take a new one: 1, else 0 (nothing kept) */
int trace_pattern_keep(trace_kernel *k, trace_block *b, trace_inst *in, uint32_t pc, const unsigned char *packed, size_t len);
void trace_pattern_free(trace_kernel *k);
/* table t of *n objects of `size` bytes, grown (doubling, from 256) to
 * hold index i, the new objects zeroed: the reader's per-pc tables */
void *trace_table_grow(void *t, uint32_t *n, size_t size, uint32_t i);
/* the bytes b took of its memory (the next block's trace_block.mem_hint) */
size_t trace_block_bytes(const trace_block *b);

#endif
