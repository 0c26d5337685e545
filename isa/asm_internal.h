/* isa/asm_internal.h — state shared by the assembler's source files. */
#ifndef WARPSIM_ASM_INTERNAL_H
#define WARPSIM_ASM_INTERNAL_H
#include "asm.h"

typedef struct {
    char name[64];
    int pc, line, col;
    int slot;             /* uses: the operand that names the label */
} asm_label_ref;

typedef struct {
    diag *d;
    const char *file;
    int line;             /* current line number */
    const char *src;      /* current line text */
    isa_kernel *k;
    int cap_code, cap_params, cap_symbols;
    asm_label_ref *labels;   /* definitions */
    int nlabels, cap_labels;
    asm_label_ref *refs;     /* uses, resolved at .end */
    int nrefs, cap_refs;
    double imm_float;        /* last parsed immediate, when it was a float */
    int imm_is_float;
    char tmp[8][160];        /* short strings for messages */
    int tmp_next;
} asm_ctx;

const char *xstrndup_tmp(asm_ctx *c, const char *s, int len);
const char *asm_tmp_printf(asm_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int asm_parse_number(const char *s, int len, int64_t *ival, double *fval, int *is_float);
int asm_parse_operand(asm_ctx *c, const char *s, int len, int col, isa_operand *o);
int asm_immediate_bits(asm_ctx *c, isa_operand *o, int want_float, int bits, int col);
int asm_instruction(asm_ctx *c, const char *s, int col);
isa_kernel *asm_kernel_new(isa_program *p, const char *name, const char *file, int line);
int asm_label_define(asm_ctx *c, const char *name, int len, int col);
int asm_kernel_finish(asm_ctx *c, const src_file *s);

#endif
