/* tests/fuzz/fuzz.h — what the harnesses share: the input as a
 * NUL-terminated string (the parsers read text), and the entry point that
 * libFuzzer calls, or replay.c where libFuzzer is not used. */
#ifndef WARPSIM_FUZZ_H
#define WARPSIM_FUZZ_H
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* the input as text: inputs over 1 MB are cut (the parsers are linear;
 * longer inputs only slow the fuzzer) */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    if (size > (1u << 20)) size = 1u << 20;
    char *s = malloc(size + 1);
    if (!s) return NULL;
    memcpy(s, data, size);
    s[size] = 0;
    return s;
}

#endif
