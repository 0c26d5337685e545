/* tests/test_sass.c — the reader of nvcc's SASS dumps (isa/sass_dump.c) and
 * the demangler (isa/demangle.c) through their ports: sass_dump_read and
 * dm_kernel. The fixtures tests/sass/mini.sm_80.sass (a fat binary's dump,
 * "arch = sm_80") and mini.sm_90.sass (a cubin's, "code for sm_90", with
 * its cuobjdump -elf beside it), dumps generated into a scratch directory,
 * and every dump committed in workloads/cuda/sass. */
#include <check.h>
#include "check_main.h"
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "asm.h"
#include "demangle.h"
#include "sass_dump.h"

static const char *src(const char *rel)
{
    static char path[4][1024];
    static int next;
    char *p = path[next++ % 4];
    snprintf(p, sizeof path[0], "%s/%s", WARPSIM_SRCDIR, rel);
    return p;
}

/* ---- the demangler ---- */
START_TEST(test_demangle)
{
    static const struct { const char *name, *base; int n; int type[8]; } cases[] = {
        { "_Z5saxpyifPKfPf", "saxpy", 4, { DM_S32, DM_F32, DM_PTR, DM_PTR } },
        { "_Z13k_smem_strideIdEvPxii", "k_smem_stride", 3, { DM_PTR, DM_S32, DM_S32 } },     /* template<double> */
        { "_Z8bfs_stepiPKiS0_PiiS1_S1_", "bfs_step", 7, { DM_S32, DM_PTR, DM_PTR, DM_PTR, DM_S32, DM_PTR, DM_PTR } },
        { "_ZN2ns6kernelEPf", "kernel", 1, { DM_PTR } },
        { "_ZN5outer5inner1kIfLi4EEEvPKT_", "k", -2, { 0 } },                                /* T_: not readable */
        { "_Z1kv", "k", 0, { 0 } },
        { "_Z1kcahstijlmxyfdb", "k", 14, { DM_S8, DM_S8, DM_U8, DM_S16, DM_U16, DM_S32, DM_U32, DM_S64 } },
        { "_Z1kDhPDh", "k", 2, { DM_U16, DM_PTR } },
        { "_Z1k6float4Pf", "k", 2, { DM_STRUCT, DM_PTR } },
        { "_Z1kRKiPVj", "k", 2, { DM_PTR, DM_PTR } },
        { "my_kernel", "my_kernel", -1, { 0 } },                                           /* extern "C" */
        { "_Z99k", "", -2, { 0 } },                                                        /* length past the end */
        { "_Z1kQ", "k", -2, { 0 } },
        { "_Z8spmv_csriPKiSNEPKfS2_Pf", "", -2, { 0 } },                                  /* fuzz: S..._ overflowed */
        { "_Z1kSzzzzzzzzzzzzzzzz_", "", -2, { 0 } },
        { "_Z1kPiSZZZZZZZZZZZZ_", "", -2, { 0 } },
        { "_Z1kPiS_", "k", 2, { DM_PTR, DM_PTR } },                                        /* k(int *, int *): S_ = int * */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        dm_info info;
        int r = dm_kernel(cases[i].name, &info);
        if (cases[i].n == -2) { ck_assert_msg(r == -1, "%s should not be readable", cases[i].name); continue; }
        ck_assert_msg(r == 0, "%s", cases[i].name);
        ck_assert_str_eq(info.base, cases[i].base);
        ck_assert_msg(info.nparams == cases[i].n, "%s: %d parameters", cases[i].name, info.nparams);
        for (int j = 0; j < cases[i].n && j < 8; j++)
            ck_assert_msg(info.type[j] == cases[i].type[j], "%s: parameter %d is %s", cases[i].name, j, dm_type_name(info.type[j]));
    }
    ck_assert_int_eq(dm_size(DM_PTR), 8);
    ck_assert_int_eq(dm_size(DM_U16), 2);
    ck_assert_int_eq(dm_size(DM_STRUCT), 0);
    ck_assert_str_eq(dm_type_name(DM_STRUCT), "struct");
}
END_TEST

/* ---- reading the fixtures ---- */
static int read_dump(isa_program *p, const char *path, diag *d)
{
    memset(p, 0, sizeof *p);
    diag_init(d);
    return sass_dump_read(p, path, d);
}

static const isa_kernel *kernel(const isa_program *p, const char *name)
{
    for (int i = 0; i < p->nkernels; i++)
        if (!strcmp(p->kernels[i].name, name)) return &p->kernels[i];
    ck_abort_msg("no kernel %s", name);
    return NULL;
}

static void check_params(const isa_kernel *k, int n, const uint32_t *offsets, const isa_param_type *types)
{
    ck_assert_msg(k->nparams == n, "%s: %d parameters", k->name, k->nparams);
    for (int i = 0; i < n; i++) {
        ck_assert_msg(k->params[i].offset == offsets[i], "%s parameter %d at 0x%x", k->name, i, k->params[i].offset);
        ck_assert_int_eq(k->params[i].type, types[i]);
    }
}

/* every instruction at 16 bytes a pc, as in the dump */
static void check_addresses(const isa_kernel *k)
{
    for (int i = 0; i < k->ncode; i++) ck_assert_msg(k->code[i].addr == 16u * (uint32_t)i, "%s pc %d", k->name, i);
}

START_TEST(test_read_sm90)
{
    isa_program p;
    diag d;
    int e = read_dump(&p, src("tests/sass/mini.sm_90.sass"), &d);
    ck_assert_msg(e == 0, "%s", d.text);
    ck_assert_int_eq(p.nkernels, 2);
    const isa_kernel *k = kernel(&p, "_Z13k_smem_strideIdEvPxii");
    ck_assert_str_eq(k->base_name, "k_smem_stride");
    ck_assert_int_eq(k->sass_arch, 90);
    ck_assert_uint_eq(k->param_base, 0x210);
    static const uint32_t off_k[] = { 0x210, 0x218, 0x21c };
    static const isa_param_type ty_k[] = { PT_U64, PT_S32, PT_S32 };
    check_params(k, 3, off_k, ty_k);
    ck_assert_int_eq(k->ncode, 11);                          /* the two NOPs after BRA 0xa0 dropped */
    check_addresses(k);
    ck_assert_int_eq(k->code[8].op, OP_BRA);                 /* @!P0 BRA 0x50 */
    ck_assert_int_eq(k->code[8].target, 5);
    ck_assert_int_eq(k->code[10].op, OP_BRA);                /* the final self-branch */
    ck_assert_int_eq(k->code[10].target, 10);
    ck_assert_int_eq(k->code[5].o[0].scale, 2);              /* STS [R0.X4+0x20] */
    ck_assert_int_eq(k->code[5].o[0].imm, 0x20);
    /* from mini.sm_90.elf.txt: .nv.shared (sm_90's 1 KB window below a block's
     * shared memory is in it already), registers, frame */
    ck_assert_uint_eq(k->shared_bytes, 0x500);
    ck_assert_int_eq(k->nregs, 24);
    ck_assert_uint_eq(k->local_bytes, 0x10);
    ck_assert_uint_le(k->cbank_bytes, SASS_CBANK_BYTES);
    ck_assert_uint_ge(k->cbank_bytes, 0x220);
    const isa_kernel *s = kernel(&p, "_Z5saxpyifPKfPf");
    ck_assert_str_eq(s->base_name, "saxpy");
    static const uint32_t off_s[] = { 0x210, 0x214, 0x218, 0x220 };      /* pointers 8-aligned */
    static const isa_param_type ty_s[] = { PT_S32, PT_F32, PT_U64, PT_U64 };
    check_params(s, 4, off_s, ty_s);
    ck_assert_int_eq(s->ncode, 20);
    check_addresses(s);
    ck_assert_int_eq(s->code[13].op, OP_LDG);                /* desc[UR4][R2.64]: the descriptor is gone */
    ck_assert_int_eq(s->code[13].o[1].reg, 2);
    ck_assert_int_eq(s->code[14].o[2].kind, OPK_REG);        /* R7.reuse is R7 */
    ck_assert_int_eq(s->code[14].o[2].reg, 7);
    ck_assert_int_eq(s->nregs, 10);
    ck_assert_uint_eq(s->shared_bytes, SASS_SHARED_BASE_SM90);
    asm_free(&p);
    diag_free(&d);
}
END_TEST

START_TEST(test_read_sm80)
{
    isa_program p;
    diag d;
    int e = read_dump(&p, src("tests/sass/mini.sm_80.sass"), &d);
    ck_assert_msg(e == 0, "%s", d.text);
    ck_assert_int_eq(p.nkernels, 3);                         /* the fat binary's PTX part adds none */
    const isa_kernel *k = kernel(&p, "_Z8bfs_stepiPKiS0_PiiS1_S1_");
    ck_assert_str_eq(k->base_name, "bfs_step");
    ck_assert_int_eq(k->sass_arch, 80);
    static const uint32_t off[] = { 0x160, 0x168, 0x170, 0x178, 0x180, 0x188, 0x190 };
    static const isa_param_type ty[] = { PT_S32, PT_U64, PT_U64, PT_U64, PT_S32, PT_U64, PT_U64 };
    check_params(k, 7, off, ty);
    ck_assert_int_eq(k->ncode, 14);
    check_addresses(k);
    ck_assert_int_eq(k->code[4].op, OP_HFMA2);
    ck_assert_int_eq(k->code[8].op, OP_CALL);                /* CALL.REL.NOINC 0xb0 */
    ck_assert_int_eq(k->code[8].target, 11);
    ck_assert_int_eq(k->code[12].op, OP_RET);                /* RET.REL.NODEC R20 0x0: the offset dropped */
    ck_assert_int_eq(k->code[12].nops, 1);
    ck_assert_int_eq(k->code[12].o[0].reg, 20);
    ck_assert_uint_eq(k->shared_bytes, 0);                   /* sm_80: no window below shared memory */
    ck_assert_int_ge(k->nregs, 21);                          /* no ELF: the highest register used */
    const isa_kernel *n = kernel(&p, "_ZN2ns6kernelEPf");
    ck_assert_str_eq(n->base_name, "kernel");
    ck_assert_int_eq(n->nparams, 1);
    ck_assert_uint_eq(n->params[0].offset, 0x160);
    const isa_kernel *c = kernel(&p, "my_kernel");             /* extern "C": no ELF beside the fixture, so unknown (-1) until launched */
    ck_assert_str_eq(c->base_name, "my_kernel");
    ck_assert_int_eq(c->nparams, -1);
    ck_assert_int_eq(c->ncode, 4);
    asm_free(&p);
    diag_free(&d);
}
END_TEST

/* ---- dumps written into a scratch directory ---- */
static char dir[64];
static void scratch(void)
{
    snprintf(dir, sizeof dir, "/tmp/warpsim_sass_XXXXXX");
    ck_assert(mkdtemp(dir) != NULL);
}
static const char *put(const char *name, const char *text)
{
    static char path[4][128];
    static int next;
    char *p = path[next++ % 4];
    snprintf(p, sizeof path[0], "%s/%s", dir, name);
    FILE *f = fopen(p, "w");
    ck_assert(f != NULL);
    fputs(text, f);
    fclose(f);
    return p;
}
static void unscratch(void)
{
    DIR *dp = opendir(dir);
    struct dirent *e;
    char p[512];
    while (dp && (e = readdir(dp)))
        if (e->d_name[0] != '.') { snprintf(p, sizeof p, "%s/%s", dir, e->d_name); unlink(p); }
    if (dp) closedir(dp);
    rmdir(dir);
}

/* a function of n instructions: instruction i branches back to i / 2 when
 * i is a multiple of 3, every 7th uses printing conventions */
static void gen_function(char *buf, size_t cap, const char *name, int n)
{
    size_t len = strlen(buf);
    len += (size_t)snprintf(buf + len, cap - len, "\t\tFunction : %s\n\t.headerflags\t@\"EF_CUDA_SM90\"\n", name);
    for (int i = 0; i < n; i++) {
        char text[96];
        if (i == n - 1) snprintf(text, sizeof text, "BRA 0x%x;", 16 * i);
        else if (i % 3 == 2) snprintf(text, sizeof text, "@!P0 BRA 0x%x ;", 16 * (i / 2));
        else if (i % 7 == 0) snprintf(text, sizeof text, "IADD3 R2, P0, R2.reuse, 0x%x, RZ ;", i);
        else snprintf(text, sizeof text, "LDG.E R3, desc[UR4][R4.64+0x%x] ;", 4 * i);
        len += (size_t)snprintf(buf + len, cap - len, "        /*%04x*/                   %-40s /* 0x%016x */\n"
                                "                                                   /* 0x000fe20000000000 */\n", 16 * i, text, i);
    }
    snprintf(buf + len, cap - len, "        /*%04x*/                   NOP;\n\t\t..........\n\n", 16 * n);
}

START_TEST(test_generated)
{
    scratch();
    static char text[1 << 17];
    snprintf(text, sizeof text, "\n\tcode for sm_90\n");
    gen_function(text, sizeof text, "_Z2k1Pii", 200);
    gen_function(text, sizeof text, "_Z2k2v", 2);
    isa_program p;
    diag d;
    int e = read_dump(&p, put("gen.sm_90.sass", text), &d);
    ck_assert_msg(e == 0, "%s", d.text);
    ck_assert_int_eq(p.nkernels, 2);
    const isa_kernel *k = &p.kernels[0];
    ck_assert_int_eq(k->ncode, 200);
    check_addresses(k);
    for (int i = 0; i < 199; i++)
        if (i % 3 == 2) ck_assert_msg(k->code[i].target == i / 2, "pc %d: target %d", i, k->code[i].target);
    ck_assert_int_eq(k->code[199].target, 199);
    ck_assert_uint_eq(k->params[1].offset, 0x218);
    ck_assert_int_eq(p.kernels[1].nparams, 0);
    ck_assert_uint_eq(k->shared_bytes, SASS_SHARED_BASE_SM90);     /* no shared accesses, no ELF */
    asm_free(&p);
    diag_free(&d);

    /* errors: each names the file, the line and the column */
    static const struct { const char *text, *want; } bad[] = {
        { "\tcode for sm_90\n\t\tFunction : _Z1kv\n        /*0000*/   EXIT\n", ".sass:3:24: error: instruction without its ';'" },
        { "\tcode for sm_90\n\t\tFunction : _Z1kv\n        /*0000*/   MOV R1, R2 ;\n        /*0020*/   EXIT ;\n",
          ".sass:4:20: error: instruction at 0x20 where 0x10 was expected" },
        { "\tcode for sm_90\n\t\tFunction : _Z1kv\n        /*0000*/   FROB R1, R2 ;\n        /*0010*/   EXIT ;\n",
          ".sass:3:20: error: unknown opcode 'FROB'" },
        { "\tcode for sm_90\n\t\tFunction : _Z1kv\n        /*0000*/   IADD3.ZZ R1, R2, R3, RZ ;\n        /*0010*/   EXIT ;\n",
          ".sass:3:26: error: unknown modifier '.ZZ' for IADD3" },
        { "\tcode for sm_90\n\t\tFunction : _Z1kv\n        /*0000*/   BRA 0x40 ;\n        /*0010*/   EXIT ;\n",
          ".sass:3:24: error: branch target 0x40 is not the address of an instruction" },
        { "\t\tFunction : _Z1kv\n        /*0000*/   EXIT ;\n", ".sass:1:14: error: function '_Z1kv' comes before" },
        { "\tcode for sm_80\n\t\tFunction : _Z1k6float4\n        /*0000*/   EXIT ;\n", ".sass:2:14: error: parameter 0 of '_Z1k6float4' is a struct" },
        { "\tcode for sm_80\n\t\tFunction : _Z1kQQ\n        /*0000*/   EXIT ;\n", ".sass:2:14: error: cannot read the parameter types" },
        { "\tcode for sm_80\n\t\tFunction : _Z1kv\n        /*0000*/   LDC R1, c[0x2][0x10] ;\n        /*0010*/   EXIT ;\n",
          ".sass:3:20: error: c[0x2][0x10]: nvcc's constant bank 2" },
        { "", "no 'Function :' in it" },
        { "\tcode for sm_90\n", "no 'Function :' in it" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        e = read_dump(&p, put("bad.sass", bad[i].text), &d);
        ck_assert_msg(e >= 1, "case %zu: no error", i);
        ck_assert_msg(strstr(d.text, bad[i].want) != NULL, "case %zu: want '%s' in:\n%s", i, bad[i].want, d.text);
        asm_free(&p);
        diag_free(&d);
    }
    e = read_dump(&p, "/nonexistent/x.sass", &d);
    ck_assert_int_ge(e, 1);
    ck_assert(strstr(d.text, "/nonexistent/x.sass") != NULL);
    asm_free(&p);
    diag_free(&d);
    unscratch();
}
END_TEST

/* a loop nest's break (ctrl in tests/cuda/programs/idioms.cu): lanes that
 * BREAK out of B2 and B1 jump to B0's BSYNC, so the branches of the regions
 * they leave reconverge at their post-dominator (B0's BSYNC), not at B2's
 * or B1's BSYNC, which the breaking lanes never reach */
START_TEST(test_break_regions)
{
    scratch();
    static const char *const code[] = {
        "BSSY B0, 0xd0", "BSSY B1, 0xb0", "BSSY B2, 0x80", "ISETP.GT.U32.AND P0, PT, R10, 0x14, PT",
        "@P0 BREAK B2", "@P0 BREAK B1", "@P0 BRA 0xc0", "BSYNC B2", "IADD3 R10, R10, 0x1, RZ", "@!P1 BRA 0x20",
        "BSYNC B1", "IADD3 R11, R11, 0x1, RZ", "BSYNC B0", "EXIT", "BRA 0xe0",
    };
    static char text[4096];
    size_t len = (size_t)snprintf(text, sizeof text, "\n\tcode for sm_90\n\t\tFunction : _Z1kv\n");
    for (size_t i = 0; i < sizeof code / sizeof code[0]; i++)
        len += (size_t)snprintf(text + len, sizeof text - len, "        /*%04zx*/                   %s ;\n", 16 * i, code[i]);
    isa_program p;
    diag d;
    int e = read_dump(&p, put("brk.sm_90.sass", text), &d);
    ck_assert_msg(e == 0, "%s", d.text);
    const isa_kernel *k = &p.kernels[0];
    ck_assert_int_eq(k->code[4].op, OP_BREAK);
    ck_assert_int_eq(k->code[6].reconv, 12);                        /* the break: B0's BSYNC */
    ck_assert_int_eq(k->code[9].reconv, 12);                        /* the inner loop's back edge, too */
    asm_free(&p);
    diag_free(&d);
    unscratch();
}
END_TEST

/* WARPSYNC.COLLECTIVE's address is not a branch target (nothing jumps to
 * it): a byte address that is no instruction's is read and kept as given,
 * and the instruction stays a plain one (no branch, no reconvergence) */
START_TEST(test_collective_address)
{
    scratch();
    static const char *const code[] = {
        "WARPSYNC.COLLECTIVE R8, 0x1", "WARPSYNC.COLLECTIVE R8, 0x30", "ENDCOLLECTIVE", "EXIT",
    };
    static char text[2048];
    size_t len = (size_t)snprintf(text, sizeof text, "\n\tcode for sm_90\n\t\tFunction : _Z1kv\n");
    for (size_t i = 0; i < sizeof code / sizeof code[0]; i++)
        len += (size_t)snprintf(text + len, sizeof text - len, "        /*%04zx*/                   %s ;\n", 16 * i, code[i]);
    isa_program p;
    diag d;
    int e = read_dump(&p, put("coll.sm_90.sass", text), &d);
    ck_assert_msg(e == 0, "%s", d.text);
    const isa_kernel *k = &p.kernels[0];
    ck_assert_int_eq(k->code[0].op, OP_WARPSYNC_COLLECTIVE);
    ck_assert_int_eq(k->code[0].o[1].kind, OPK_IMM);
    ck_assert_int_eq(k->code[0].o[1].imm, 1);
    ck_assert_int_eq(k->code[1].o[1].imm, 0x30);
    ck_assert_int_eq(isa_ops[k->code[0].op].kind, KIND_ALU);
    asm_free(&p);
    diag_free(&d);
    unscratch();
}
END_TEST

/* the ELF beside the dump (NAME.elf.txt for NAME.sass) decides shared bytes
 * and registers; without it they are estimated from the code */
START_TEST(test_elf_sibling)
{
    scratch();
    FILE *f = fopen(src("tests/sass/mini.sm_90.sass"), "r");
    ck_assert(f != NULL);
    static char text[1 << 16];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    fclose(f);
    isa_program p;
    diag d;
    int e = read_dump(&p, put("alone.sass", text), &d);
    ck_assert_msg(e == 0, "%s", d.text);
    const isa_kernel *k = kernel(&p, "_Z13k_smem_strideIdEvPxii");
    /* STS [R0.X4+0x20]: a computed address, so the 48 KB a block may use */
    ck_assert_uint_eq(k->shared_bytes, 48 * 1024);
    ck_assert_int_eq(k->nregs, 2);                           /* R0, R1 */
    ck_assert_uint_eq(k->local_bytes, 0);
    asm_free(&p);
    diag_free(&d);
    put("alone.elf.txt", "    d    880    6f0  0 10    NOBITS   43   0    c .nv.shared._Z13k_smem_strideIdEvPxii\n"
                         "\tValue:\tfunction: _Z13k_smem_strideIdEvPxii(0x8)\tregister count: 40\n");
    e = read_dump(&p, put("alone.sass", text), &d);
    ck_assert_msg(e == 0, "%s", d.text);
    k = kernel(&p, "_Z13k_smem_strideIdEvPxii");
    ck_assert_uint_eq(k->shared_bytes, 0x6f0);
    ck_assert_int_eq(k->nregs, 40);
    asm_free(&p);
    diag_free(&d);
    unscratch();
}
END_TEST

/* the module's variables from the listing (tests/cuda/programs/symbols.cu):
 * bank 3's initial words, the symbol table, and the relocations by which
 * the loader patches code (CUDA 11.8) or bank 4 (CUDA 13) */
START_TEST(test_module_variables)
{
    static const char *const dumps[] = { "tests/cuda/programs/symbols.sm_80.sass", "tests/cuda/programs/symbols.cuda13.sass" };
    for (int v = 0; v < 2; v++) {
        isa_program p;
        diag d;
        int e = read_dump(&p, src(dumps[v]), &d);
        ck_assert_msg(e == 0, "%s", d.text);
        const isa_kernel *scale = kernel(&p, "_Z14scale_by_tablePKfPfi"), *apply = kernel(&p, "_Z5applyPKfPfi");
        /* __constant__ int table[3] = { 7, 8, 9 } at 0x10, after float coef[4] */
        ck_assert(scale->module_banks & 1u << 3);
        ck_assert_uint_ge(scale->bank3_bytes, 0x1c);
        uint32_t w[3];
        memcpy(w, scale->bank3 + 0x10, sizeof w);
        ck_assert(w[0] == 7 && w[1] == 8 && w[2] == 9);
        ck_assert_int_eq(scale->nrelocs, 0);
        ck_assert_uint_ge(scale->cbank_bytes, ISA_CBANK_FLAT(3) + ISA_CBANK_MODULE_BYTES);
        /* initial values: table's, and init_val = 42 (.nv.global.init) */
        int seen = 0;
        for (int i = 0; i < p.nvarinit; i++) {
            if (!strcmp(p.varinit[i].name, "table")) seen += p.varinit[i].size == 12 && p.varinit[i].data[0] == 7;
            if (!strcmp(p.varinit[i].name, "init_val")) seen += p.varinit[i].size == 4 && p.varinit[i].data[0] == 42;
        }
        ck_assert_int_eq(seen, 2);
        /* apply: counter, gbuf, init_val; each relocation at an instruction (11.8) or a bank-4 word (13) */
        ck_assert_int_ge(apply->nrelocs, 3);
        for (int i = 0; i < apply->nrelocs; i++) {
            const isa_reloc *r = &apply->relocs[i];
            ck_assert_msg(r->var >= 0 && r->var < apply->nmodvars, "%s", r->type);
            const char *name = apply->modvars[r->var].name;
            ck_assert_msg(!strcmp(name, "counter") || !strcmp(name, "gbuf") || !strcmp(name, "init_val"), "%s", name);
            if (v == 0) ck_assert(r->kind <= ISA_RELOC_HI32 && r->pc >= 0 && apply->code[r->pc].addr == r->offset);
            else ck_assert(r->kind == ISA_RELOC_BANK4_64 && r->offset + 8 <= apply->bank4_bytes);
        }
        asm_free(&p);
        diag_free(&d);
    }
}
END_TEST

/* every committed dump reads; the known exceptions fail as documented */
START_TEST(test_committed_dumps)
{
    const char *dpath = src("workloads/cuda/sass");
    DIR *dp = opendir(dpath);
    ck_assert_msg(dp != NULL, "%s", dpath);
    struct dirent *e;
    int files = 0;
    while ((e = readdir(dp))) {
        const char *nm = e->d_name;
        size_t len = strlen(nm);
        if (len < 6 || strcmp(nm + len - 5, ".sass")) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dpath, nm);
        isa_program p;
        diag d;
        int errs = read_dump(&p, path, &d);
        int arch = strstr(nm, ".sm_90") ? 90 : 80, cuda11 = strstr(nm, ".cuda11.") != NULL;
        files++;
        if (arch == 90 && cuda11 && (!strncmp(nm, "async_copy.", 11) || !strncmp(nm, "spmv_csr.", 9))) {
            /* cuobjdump 11.8 prints some sm_90 encodings without text */
            ck_assert_msg(errs == 1 && strstr(d.text, "has no text (an encoding that this cuobjdump cannot print"),
                          "%s:\n%s", nm, d.text);
        } else if (!strncmp(nm, "spmv_csr.sm_80", 14)) {
            /* nvcc's constant bank 2: read from an ELF beside the dump, or refused */
            ck_assert_msg(errs == 0 || (errs == 1 && strstr(d.text, "constant bank 2")), "%s:\n%s", nm, d.text);
        } else {
            ck_assert_msg(errs == 0, "%s:\n%s", nm, d.text);
        }
        ck_assert_msg(p.nkernels >= 1, "%s", nm);
        for (int i = 0; i < p.nkernels; i++) {
            const isa_kernel *k = &p.kernels[i];
            ck_assert_int_eq(k->sass_arch, arch);
            ck_assert_uint_eq(k->param_base, arch == 90 ? 0x210u : 0x160u);
            ck_assert_msg(k->nparams >= 1 && k->base_name[0], "%s: %s", nm, k->name);
            ck_assert_msg(k->code[k->ncode - 1].op != OP_NOP, "%s: %s ends with padding", nm, k->name);
            if (arch == 90) ck_assert_uint_ge(k->shared_bytes, SASS_SHARED_BASE_SM90);
            if (errs) continue;
            check_addresses(k);
            for (int j = 0; j < k->nparams; j++)
                ck_assert_msg(k->params[j].offset % k->params[j].size == 0, "%s: %s parameter %d misaligned", nm, k->name, j);
        }
        asm_free(&p);
        diag_free(&d);
    }
    closedir(dp);
    ck_assert_int_ge(files, 60);                             /* 15 kernels x sm_80/sm_90 x CUDA 11.8/13 */
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sass");
    TCase *tc = tcase_create("sass");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_demangle);
    tcase_add_test(tc, test_read_sm90);
    tcase_add_test(tc, test_read_sm80);
    tcase_add_test(tc, test_generated);
    tcase_add_test(tc, test_elf_sibling);
    tcase_add_test(tc, test_break_regions);
    tcase_add_test(tc, test_collective_address);
    tcase_add_test(tc, test_committed_dumps);
    tcase_add_test(tc, test_module_variables);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
