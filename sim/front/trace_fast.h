/* sim/front/trace_fast.h — the reader's fast path for an instruction line
 * whose pc repeats its last line's registers, opcode and width
 * (trace_fast.c); the reader's own, not part of trace.h's interface. */
#ifndef WARPSIM_TRACE_FAST_H
#define WARPSIM_TRACE_FAST_H
#include "trace.h"
#include <stddef.h>

/* the bytes trace.c's line buffer keeps readable past a line's end (the
 * fast path compares 8 at a time) */
#define TRACE_LINE_SLACK 128

/* a field of plain digits at p, ended by a blank or the string's end (at
 * most 15 hex digits, perhaps after 0x, or 18 decimal ones, perhaps after
 * '-'): the field's end and its value, or NULL when it is anything else
 * (trace.c's parse_u64 then asks strtoull) */
const char *trace_field_hex(const char *p, uint64_t *out);
const char *trace_field_dec(const char *p, uint64_t *out);
const char *trace_field_signed(const char *p, int64_t *out);

/* warpsim's immediate v (the other lanes | diverged << 32) into in, whose
 * mask and exec hold the line's mask */
void trace_warpsim_immediate(const trace_kernel *k, uint64_t v, trace_inst *in);

/* line l (its leading blanks skipped) into in: 1 when read, 0 when the
 * full reader must read it (nothing in k, b or in changed) */
int trace_fast_line(trace_kernel *k, const char *l, trace_block *b, trace_inst *in);
/* what the full reader made of a line at pc: the bytes text[0..len) from
 * its destination count to the end of its memory width, its source line,
 * whether the width was not 0, and its form */
void trace_fast_learn(trace_kernel *k, uint32_t pc, uint32_t src_line, const char *text, size_t len, int width,
                      uint32_t form);
void trace_fast_free(trace_kernel *k);
/* a's lanes in in->mask kept in b: base and step when evenly spaced, else
 * as a pattern of k's for the pc (trace_pattern.c) or packed (trace_lanes.h) */
void trace_keep_addresses(trace_kernel *k, trace_block *b, trace_inst *in, uint32_t pc, const uint64_t a[TRACE_WARP]);
#endif
