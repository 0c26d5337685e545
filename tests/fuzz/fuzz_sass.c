/* tests/fuzz/fuzz_sass.c — the reader of nvcc's SASS dumps (isa/sass_dump.c,
 * with the demangler and the assembler's instruction parser under it). The
 * input is a dump; a line "#elf" splits off the rest as the cuobjdump -elf
 * text beside it (NAME.elf.txt), so the ELF reader is fuzzed too. The reader
 * takes a path: the parts are written to a scratch directory, made once and
 * removed at exit. Every kernel read is then disassembled. */
#include "fuzz.h"
#include "sass_dump.h"
#include <stdio.h>
#include <unistd.h>

static char dir[64], dump[96], elf[96];

static void cleanup(void)
{
    unlink(dump);
    unlink(elf);
    rmdir(dir);
}

static int put(const char *path, const char *text, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f) return -1;
    fwrite(text, 1, n, f);
    return fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "/tmp/warpsim_fuzz_sass_XXXXXX");
        if (!mkdtemp(dir)) { dir[0] = 0; return 0; }
        snprintf(dump, sizeof dump, "%s/f.sass", dir);
        snprintf(elf, sizeof elf, "%s/f.elf.txt", dir);
        atexit(cleanup);
    }
    char *text = fuzz_text(data, size);
    if (!text) return 0;
    size_t n = strlen(text);                      /* a NUL ends the text, as in a file read */
    char *cut = strstr(text, "\n#elf\n");
    if (cut) {
        put(elf, cut + 6, strlen(cut + 6));
        n = (size_t)(cut - text) + 1;
    } else {
        unlink(elf);
    }
    if (put(dump, text, n) == 0) {
        isa_program p;
        memset(&p, 0, sizeof p);
        diag d;
        diag_init(&d);
        sass_dump_read(&p, dump, &d);
        for (int k = 0; k < p.nkernels; k++)
            for (int i = 0; i < p.kernels[k].ncode; i++) {
                char buf[256];
                isa_disasm(&p.kernels[k], &p.kernels[k].code[i], buf, sizeof buf);
            }
        asm_free(&p);
        diag_free(&d);
    }
    free(text);
    return 0;
}
