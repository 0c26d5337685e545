/* sim/front/trace_ahead.h — a kernel trace's thread blocks read ahead, on a
 * thread of their own, while the timing runs: without its binary cache
 * (a first run, a read-only trace folder) a fifth of a trace run is
 * parsing text, which then overlaps the simulation. The reader makes the
 * calls of trace_kernel_next_block the run would make, in the same order,
 * so the blocks, the cache written and the errors are the same; the run
 * takes them from a bounded queue (the reader waits while it is full, the
 * run while it is empty: nobody spins). While the reader runs, the kernel's
 * growing tables (texts, per-PC tables) are its own: the run reads the
 * blocks it was given and the header's facts (grid, insn_bytes, wfacts),
 * and takes the kernel back with trace_ahead_stop before anything else. */
#ifndef WARPSIM_TRACE_AHEAD_H
#define WARPSIM_TRACE_AHEAD_H
#include "trace.h"

typedef struct trace_ahead trace_ahead;

/* start reading k's blocks ahead, at most `depth` of them (NULL when no
 * thread could be started: read them with trace_kernel_next_block) */
trace_ahead *trace_ahead_start(trace_kernel *k, int depth);
/* the next block, as trace_kernel_next_block(k, b, d) gives it: 1 and the
 * block, 0 at the end, -1 after an error, whose messages are added to d.
 * After 0 or -1 the reader has stopped touching k */
int trace_ahead_next(trace_ahead *a, trace_block *b, diag *d);
/* stop the reader (after the block it is reading) and free the blocks it
 * read ahead; k is the caller's again. NULL is ignored */
void trace_ahead_stop(trace_ahead *a);

#endif
