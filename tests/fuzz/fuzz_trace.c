/* tests/fuzz/fuzz_trace.c — the trace reader: a kernel trace (header,
 * blocks, instructions, addresses) read block by block from memory. */
#include "fuzz.h"
#include "front/trace.h"
#include <stdio.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > (1u << 20)) size = 1u << 20;
    FILE *f = fmemopen((void *)data, size ? size : 1, "r");
    if (!f) return 0;
    diag d;
    diag_init(&d);
    trace_kernel *k = calloc(1, sizeof *k);
    trace_block *b = calloc(1, sizeof *b);
    if (k && b && !trace_kernel_open_stream(k, "fuzz.traceg", f, &d)) {
        /* the caller frees a block, also one whose reading failed (as trace_run.c does) */
        for (int n = 0, got = 1; n < 64 && got > 0; n++) {
            got = trace_kernel_next_block(k, b, &d);
            trace_block_free(b);
        }
    } else if (!k || !b) {
        fclose(f);
    }
    if (k) trace_kernel_close(k);
    free(k);
    free(b);
    diag_free(&d);
    return 0;
}
