/* tests/test_asm.c — the assembler: every error kind gives file:line:col,
 * the message and (where one exists) the nearest correct spelling; good
 * kernels assemble and disassemble back to the same instructions. */
#include <check.h>
#include "check_main.h"
#include <stdio.h>
#include <string.h>
#include "asm.h"

#define KHEAD ".kernel k\n.param x u64\n.param n u32\n"

typedef struct {
    const char *src;
    const char *where;     /* "t.sass:LINE:COL:" */
    const char *message;   /* substring of the message */
} error_case;

/* errors that must come alone (no cascade after them) */
#define ALONE "has no .end before"


static const error_case errors[] = {
    { KHEAD "  IADD4 R0, R1, R2, RZ\n  EXIT\n.end\n", "t.sass:4:3:", "unknown opcode 'IADD4' (did you mean 'IADD3'?)" },
    { KHEAD "  ISETP.GT.ADN P0, PT, R0, R1, PT\n  EXIT\n.end\n", "t.sass:4:12:", "unknown modifier '.ADN' for ISETP (did you mean '.AND'?)" },
    { KHEAD "  ISETP.AND P0, PT, R0, R1, PT\n  EXIT\n.end\n", "t.sass:4:3:", "ISETP needs a comparison" },
    { KHEAD "  ISETP.LT.GT P0, PT, R0, R1, PT\n  EXIT\n.end\n", "t.sass:4:12:", "second conflicting modifier '.GT'" },
    { KHEAD "  NOP.GT\n  EXIT\n.end\n", "t.sass:4:7:", "NOP takes no modifiers" },
    { KHEAD "  MOV P0, R1\n  EXIT\n.end\n", "t.sass:4:7:", "expected a destination register" },
    { KHEAD "  MOV R0, R1, 15, R2\n  EXIT\n.end\n", "t.sass:4:19:", "MOV takes 3 operands, found 4" },
    { KHEAD "  IADD3 R0, R1\n  EXIT\n.end\n", "t.sass:4:", "IADD3 needs more operands" },
    { KHEAD "  BRA lop\nloop:\n  EXIT\n.end\n", "t.sass:4:7:", "undefined label 'lop' (did you mean 'loop'?)" },
    { KHEAD "a:\n  NOP\na:\n  EXIT\n.end\n", "t.sass:6:1:", "label 'a' is defined twice (first at line 4)" },
    { KHEAD "  MOV R255, R1\n  EXIT\n.end\n", "t.sass:4:7:", "register R255 out of range" },
    { KHEAD "  ISETP.LT.AND P9, PT, R0, R1, PT\n  EXIT\n.end\n", "t.sass:4:16:", "register P9 out of range" },
    { KHEAD "  DADD R1, R2, R4\n  EXIT\n.end\n", "t.sass:4:8:", "R1 cannot hold a 64-bit value" },
    { KHEAD "  LDG.E.128 R2, [R4]\n  EXIT\n.end\n", "t.sass:4:13:", "R2 cannot hold a 128-bit value" },
    { KHEAD "  LDG.E R2, [R5]\n  EXIT\n.end\n", "t.sass:4:14:", "R5 cannot hold a 64-bit address" },
    { KHEAD "  MOV R0, c[nn]\n  EXIT\n.end\n", "t.sass:4:13:", "unknown parameter 'nn' (did you mean 'n'?)" },
    { KHEAD "  MOV R0, c[0x1][0x160]\n  EXIT\n.end\n", "t.sass:4:13:", "only constant bank 0 (the parameters and the driver's words) exists" },
    { KHEAD "  MOV R0, c[0x0][0x200]\n  EXIT\n.end\n", "t.sass:4:11:", "outside the kernel's parameters" },
    { KHEAD "  S2R R0, SR_TID.W\n  EXIT\n.end\n", "t.sass:4:11:", "unknown special register 'SR_TID.W' (did you mean 'SR_TID.X'?)" },
    { KHEAD "  S2UR UR0, SR_TID.X\n  EXIT\n.end\n", "t.sass:4:13:", "differs between lanes" },
    { KHEAD ".shred s 16\n  EXIT\n.end\n", "t.sass:4:1:", "unknown directive '.shred' (did you mean '.shared'?)" },
    { KHEAD ".param y u128\n  EXIT\n.end\n", "t.sass:4:10:", "unknown parameter type 'u128'" },
    { KHEAD ".param x u32\n  EXIT\n.end\n", "t.sass:4:8:", "parameter 'x' is declared twice" },
    { KHEAD "  NOP\n.end\n", "t.sass:4:3:", "can run past its last instruction" },
    { KHEAD "  EXIT\n", "t.sass:1:1:", "this .kernel has no .end" },
    { KHEAD "  @R0 EXIT\n  EXIT\n.end\n", "t.sass:4:3:", "a guard must be a predicate" },
    { KHEAD "  IADD3 R0, R1, 1.5, RZ\n  EXIT\n.end\n", "t.sass:4:17:", "expected an integer" },
    { KHEAD "  IADD3 R0, R1, 0x1ffffffff, RZ\n  EXIT\n.end\n", "t.sass:4:17:", "does not fit in 32 bits" },
    /* floats beyond the integer and f32 ranges: undefined conversions before */
    { KHEAD "  FADD R0, R1, 1e300\n  EXIT\n.end\n", "t.sass:4:16:", "beyond the f32 range" },
    { KHEAD "  IADD3 R0, R1, 1e30, RZ\n  EXIT\n.end\n", "t.sass:4:17:", "expected an integer" },
    { KHEAD "  IADD3 R0, R1, -9223372036854775808, RZ\n  EXIT\n.end\n", "t.sass:4:17:", "does not fit in 32 bits" },
    { KHEAD "  FADD R0, R1, 1e400\n  EXIT\n.end\n", "t.sass:4:16:", "cannot read operand '1e400'" },
    { KHEAD "  LDS R0, [R1+bins]\n  EXIT\n.end\n", "t.sass:4:15:", "unknown symbol 'bins'" },
    { KHEAD "  LDS R0, [R1+R2]\n  EXIT\n.end\n", "t.sass:4:15:", "the base register must come first" },
    { KHEAD "  LDS R0, [R1\n  EXIT\n.end\n", "t.sass:4:11:", "missing ']'" },
    { KHEAD "  MOV R0, !R1\n  EXIT\n.end\n", "t.sass:4:11:", "'!' negates predicates only" },
    { KHEAD "  F2F R0, R1\n  EXIT\n.end\n", NULL, NULL },   /* F2F without types defaults to F32: allowed? see below */
    { KHEAD "  F2F.F64 R0, R2\n  EXIT\n.end\n", "t.sass:4:3:", "F2F needs two types" },
    { KHEAD "  RED.E.CAS [R4], R1\n  EXIT\n.end\n", "t.sass:4:3:", "RED cannot do .CAS" },
    { KHEAD "  ATOMG.E.MIN.F32 R0, [R4], R1\n  EXIT\n.end\n", "t.sass:4:3:", "floating-point atomics support only .ADD" },
    { KHEAD "  SHFL R0, R1, 1\n  EXIT\n.end\n", "t.sass:4:3:", "SHFL needs a mode" },
    { KHEAD "  MOV R0, R1,\n  EXIT\n.end\n", "t.sass:4:13:", "operand expected after ','" },
    { ".kernel k\n  EXIT\n.end\n.kernel k\n  EXIT\n.end\n", "t.sass:4:9:", "kernel 'k' is defined twice" },
    { "  MOV R0, R1\n", "t.sass:1:3:", "expected .kernel, .workload or .sass" },
    { ".kernal k\n", "t.sass:1:1:", "did you mean '.kernel'?" },
    /* a kernel without .end before the next block: one error, not one per line */
    { KHEAD "  EXIT\n.workload w\n  let n = 4\n.end\n", "t.sass:5:1:", "kernel 'k' (line 1) has no .end before this .workload" },
    { KHEAD "  EXIT\n.kernel k2\n  EXIT\n.end\n", "t.sass:5:1:", "kernel 'k' (line 1) has no .end before this .kernel" },
    { KHEAD "  BRA\n  EXIT\n.end\n", "t.sass:4:", "BRA needs more operands" },
    { KHEAD "  LDG.E.64 R2, R4\n  EXIT\n.end\n", "t.sass:4:16:", "expected a memory operand" },
    { KHEAD ".shared s 0\n  EXIT\n.end\n", "t.sass:4:11:", "not a valid size" },
    { KHEAD "  MOV R0, 1\n  BRA end\nend:\n.end\n", "t.sass:5:7:", "after the last instruction" },
};

START_TEST(test_error_kinds)
{
    const error_case *e = &errors[_i];
    isa_program p;
    diag d;
    diag_init(&d);
    int n = asm_text(&p, "t.sass", e->src, &d);
    if (!e->where) {
        ck_assert_msg(n == 0, "unexpected error: %s", d.text);
    } else {
        ck_assert_msg(n > 0, "case %d: no error for:\n%s", _i, e->src);
        ck_assert_msg(strstr(d.text, e->where) != NULL, "case %d: expected position %s in:\n%s", _i, e->where, d.text);
        ck_assert_msg(strstr(d.text, e->message) != NULL, "case %d: expected '%s' in:\n%s", _i, e->message, d.text);
        ck_assert_msg(strchr(d.text, '^') != NULL, "case %d: no caret in:\n%s", _i, d.text);
        ck_assert_msg(!strstr(e->message, ALONE) || n == 1, "case %d: %d errors, expected 1:\n%s", _i, n, d.text);
    }
    asm_free(&p);
    diag_free(&d);
}
END_TEST

static const char *good =
    ".kernel good\n"
    ".param res u64\n"
    ".param x u64\n"
    ".param n u32\n"
    ".shared buf 256\n"
    ".local 16\n"
    "        S2R R0, SR_TID.X            # comment\n"
    "        IMAD.WIDE.U32 R4, R0, 8, c[x]\n"
    "        LDG.E.64.CG R6, [R4+0x10]\n"
    "        DADD R8, R6, -1.5\n"
    "        FFMA R10, R1, 2.0, -R2\n"
    "        ISETP.GE.U32.AND P0, PT, R0, c[n], !P1\n"
    "  @!P0  STS.64 [R0+buf], R8      // another comment\n"
    "        UMOV UR4, 7\n"
    "        UISETP.EQ.AND UP0, UPT, UR4, 7, UPT\n"
    "  @UP0  BRA skip;\n"
    "        ATOMS.CAS R12, [R0+buf+8], R1, R2\n"
    "        I2F.F64.S32 R14, R0\n"
    "        SHFL.BFLY R16, R0, 1\n"
    "        VOTE.BALLOT R18, P0\n"
    "        MUFU.RSQ R20, R1\n"
    "        STL [R0-4], R1\n"
    "skip:   BAR.SYNC\n"
    "        CS2R R22, SR_CLOCKLO\n"
    "        MEMBAR.GL\n"
    "        EXIT\n"
    ".end\n";

START_TEST(test_good_kernel)
{
    isa_program p;
    diag d;
    diag_init(&d);
    ck_assert_msg(asm_text(&p, "g.sass", good, &d) == 0, "%s", d.text);
    const isa_kernel *k = asm_find(&p, "good");
    ck_assert_ptr_nonnull(k);
    ck_assert_int_eq(k->ncode, 20);
    ck_assert_int_eq(k->nparams, 3);
    ck_assert_int_eq(k->params[0].offset, ISA_PARAM_BASE);
    ck_assert_int_eq(k->params[2].offset, ISA_PARAM_BASE + 16);
    ck_assert_int_eq(k->cbank_bytes, ISA_PARAM_BASE + 20);
    ck_assert_int_eq(k->shared_bytes, 256);
    ck_assert_int_eq(k->local_bytes, 16);
    ck_assert_int_eq(k->nregs, 24);       /* CS2R R22 covers R22..R23 */
    ck_assert_int_eq(k->nuregs, 5);
    ck_assert_int_eq(k->code[2].o[1].imm, 0x10);
    ck_assert_int_eq(k->code[2].cache, MOD_CACHE_CG);
    ck_assert_int_eq(k->code[6].guard, 0);
    ck_assert_int_eq(k->code[6].guard_neg, 1);
    ck_assert_int_eq(k->code[9].target, 16);           /* skip: is pc 16 */
    ck_assert_int_eq(k->code[10].o[1].imm, 8);         /* buf + 8 */
    ck_assert_int_eq(k->code[15].o[0].imm, -4);
    /* round trip: disassemble, assemble again, compare instructions */
    char text[8192] = ".kernel good\n.param res u64\n.param x u64\n.param n u32\n.shared buf 256\n.local 16\n";
    for (int i = 0; i < k->ncode; i++) {
        char line[160];
        if (k->labels[i]) { strcat(text, k->labels[i]); strcat(text, ":\n"); }
        strcat(text, "  ");
        strcat(text, isa_disasm(k, &k->code[i], line, sizeof line));
        strcat(text, "\n");
    }
    strcat(text, ".end\n");
    isa_program q;
    ck_assert_msg(asm_text(&q, "r.sass", text, &d) == 0, "%s\n%s", d.text, text);
    const isa_kernel *k2 = asm_find(&q, "good");
    for (int i = 0; i < k->ncode; i++) {
        const isa_insn *a = &k->code[i], *b = &k2->code[i];
        ck_assert_int_eq(a->op, b->op);
        ck_assert_int_eq(a->nops, b->nops);
        ck_assert_int_eq(a->type, b->type);
        ck_assert_int_eq(a->func, b->func);
        ck_assert_int_eq(a->guard, b->guard);
        for (int j = 0; j < a->nops; j++) {
            ck_assert_int_eq(a->o[j].kind, b->o[j].kind);
            ck_assert_int_eq(a->o[j].reg, b->o[j].reg);
            ck_assert_msg(a->o[j].imm == b->o[j].imm, "pc %d operand %d: %lld vs %lld", i, j,
                          (long long)a->o[j].imm, (long long)b->o[j].imm);
        }
    }
    asm_free(&q);
    asm_free(&p);
    diag_free(&d);
}
END_TEST

START_TEST(test_every_opcode_documented)
{
    for (int op = 0; op < OP_COUNT; op++) {
        ck_assert_ptr_nonnull(isa_ops[op].mnemonic);
        ck_assert_msg(strlen(isa_ops[op].doc) > 4, "opcode %s has no doc", isa_ops[op].mnemonic);
        ck_assert_int_lt(isa_ops[op].unit, UNIT_COUNT);
    }
}
END_TEST

/* the opcode columns agree with the operand signatures: a memory space
 * exactly when there is a memory operand; loads and returning atomics write
 * a destination first, stores and RED do not; global addresses are pairs */
START_TEST(test_opcode_columns)
{
    for (int op = 0; op < OP_COUNT; op++) {
        const isa_opinfo *o = &isa_ops[op];
        /* textures: a surface's coordinates (K) or a fetch (E) name the memory */
        int has_mem = strchr(o->operands, 'M') != NULL || strchr(o->operands, 'K') != NULL || isa_op_tex_fetch(op);
        ck_assert_msg(has_mem == isa_op_is_mem(op), "%s: memory operand %d, space %d", o->mnemonic, has_mem, o->space);
        int dst_first = o->operands[0] && strchr("RWDXPUVQE", o->operands[0]);
        /* LDGSTS loads into shared memory: its destination is an address */
        if (o->kind == KIND_LOAD) ck_assert_msg((dst_first || o->operands[0] == 'M') && has_mem, "%s: a load needs a destination", o->mnemonic);
        if (o->kind == KIND_STORE) ck_assert_msg(!dst_first && has_mem, "%s: a store has no destination", o->mnemonic);
        ck_assert_msg(isa_op_tex_fetch(op) == (o->unit == UNIT_TEX && o->kind == KIND_LOAD && o->operands[0] == 'E'),
                      "%s: texture fetches are the TEX unit's loads into E", o->mnemonic);
        if (o->kind == KIND_ATOMIC) ck_assert_msg(has_mem, "%s: an atomic needs an address", o->mnemonic);
        if (has_mem) ck_assert_msg(o->kind == KIND_LOAD || o->kind == KIND_STORE || o->kind == KIND_ATOMIC,
                                   "%s: memory access of kind %s", o->mnemonic, isa_kind_name(o->kind));
        ck_assert_int_eq(isa_op_addr64(op), o->space == SPACE_GLOBAL);
    }
    ck_assert_int_eq(isa_ops[OP_RED].kind, KIND_ATOMIC);
    ck_assert_int_eq(isa_ops[OP_LDS].space, SPACE_SHARED);
    ck_assert_int_eq(isa_ops[OP_BRA].kind, KIND_BRANCH);
}
END_TEST

/* the unit-class table: every name is found by its text and listed in the
 * choices that messages and docs print */
START_TEST(test_unit_table)
{
    const char *all = isa_unit_choices();
    for (int u = 0; u < UNIT_COUNT; u++) {
        const char *n = isa_unit_name((isa_unit)u);
        ck_assert_int_eq(isa_unit_find(n, strlen(n)), u);
        ck_assert_msg(strstr(all, n) != NULL, "%s missing from '%s'", n, all);
    }
    ck_assert_int_eq(isa_unit_find("fp3", 3), -1);
    ck_assert_int_eq(isa_unit_find("fp32x", 5), -1);
    ck_assert_int_eq(isa_unit_find("fp32 int", 4), UNIT_FP32);
    ck_assert_str_eq(isa_unit_name(UNIT_TENSOR), "tensor");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("asm");
    TCase *tc = tcase_create("asm");
    tcase_add_loop_test(tc, test_error_kinds, 0, (int)(sizeof errors / sizeof errors[0]));
    tcase_add_test(tc, test_good_kernel);
    tcase_add_test(tc, test_every_opcode_documented);
    tcase_add_test(tc, test_opcode_columns);
    tcase_add_test(tc, test_unit_table);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
