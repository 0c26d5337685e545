/* tests/fuzz/fuzz_config.c — config files and --set: the input's first
 * line is a --set assignment, the rest a config file; then the rules and
 * the derived SM and memory parameters. */
#include "fuzz.h"
#include "config/config.h"
#include "sm/sm_params.h"
#include "mem/memsys.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    if (!text) return 0;
    char *nl = strchr(text, '\n');
    const char *file = nl ? nl + 1 : "";
    if (nl) *nl = 0;
    diag d;
    diag_init(&d);
    config *c = malloc(sizeof *c);
    if (c) {
        config_defaults(c);
        config_load_text(c, "fuzz.cfg", file, &d);
        config_set(c, text, &d);
        if (!config_validate(c, &d)) {
            sm_params p;
            mem_params mp;
            if (!sm_params_load(&p, c, &d)) mem_params_load(&mp, c, &d);
        }
    }
    free(c);
    diag_free(&d);
    free(text);
    return 0;
}
