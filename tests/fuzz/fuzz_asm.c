/* tests/fuzz/fuzz_asm.c — the assembler and the workload manifest: parse,
 * check, resolve every expression, allocate the (lazy) buffers and build
 * each launch's parameters; nothing runs. */
#include "fuzz.h"
#include "front/workload.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    if (!text) return 0;
    diag d;
    diag_init(&d);
    workload *w = calloc(1, sizeof *w);
    if (w && !workload_load_text(w, "fuzz.sass", text, &d) && w->prog.nworkloads) {
        workload_define(w, "n=3", &d);   /* a -D on top, as the command line gives */
        if (!workload_prepare(w, -1, &d))
            for (int i = 0; i < w->nlaunches; i++) {
                uint8_t cbank[ISA_PARAM_BASE + 32 * 8];
                uint32_t bytes, grid[3], block[3];
                workload_cbank(w, i, cbank, &bytes, grid, block, &d);
            }
    }
    if (w) workload_free(w);
    free(w);
    diag_free(&d);
    free(text);
    return 0;
}
