/* isa/sass_dump.h — reading nvcc's SASS (cuobjdump -sass output) into kernels. */
#ifndef WARPSIM_SASS_DUMP_H
#define WARPSIM_SASS_DUMP_H
#include "asm.h"

/* bank 0 of a launch of nvcc's code: the driver's words below the
 * parameters (block and grid sizes at 0x0 and 0xc, the stack pointer at
 * 0x28, ...), the parameters (4 KB at most, CUDA's limit before 12.1) */
#define SASS_CBANK_DRIVER 0x210
#define SASS_CBANK_BYTES  (0x210 + 4096)
/* where sm_90 code finds a block's first shared byte */
#define SASS_SHARED_BASE_SM90 0x400

/* append every function of the dump at path to p's kernels (each with its
 * sass_arch); returns the number of errors, reported in d */
int sass_dump_read(isa_program *p, const char *path, diag *d);
/* isa/sass_elf.c: what `cuobjdump -elf`'s listing beside the dump at path
 * (NAME.elf.txt for NAME.sass) says of kernels first.. of p, if it exists */
void sass_elf_read(isa_program *p, int first, const char *path);
/* isa/sass_lines.c: each instruction's CUDA line (k->srcloc) for kernels
 * first.. of p from the line table at path (nvdisasm -gi output); problems
 * are warnings in d. Returns the kernels that got lines, -1 if unreadable */
int sass_lines_read(isa_program *p, int first, const char *path, diag *d);
/* the same from NAME.lines.txt beside the dump NAME.sass, if it exists */
void sass_lines_beside(isa_program *p, int first, const char *dump, diag *d);

#endif
