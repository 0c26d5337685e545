/* tests/fuzz/fuzz_rows.c — the validation rows file (warpsim validate):
 * parsed and checked; nothing runs. */
#include "fuzz.h"
#include "cli/validate.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    if (!text) return 0;
    diag d;
    diag_init(&d);
    validate_parse_text("fuzz.val", text, &d);
    diag_free(&d);
    free(text);
    return 0;
}
