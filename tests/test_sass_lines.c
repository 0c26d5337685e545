/* tests/test_sass_lines.c — the line-table reader (isa/sass_lines.c) on the
 * committed tests/cuda/programs/lines.sm_{80,90} dumps: each instruction's
 * CUDA line as lines.cu marks it ("LINE: ..." comments), the inlining chain,
 * and bad tables (missing, empty, without lines, truncated, of another
 * build, garbled) said as warnings, never a crash; and the readable names
 * of isa/demangle_text.c. */
#include <check.h>
#include "check_main.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "asm.h"
#include "demangle.h"
#include "sass_dump.h"

#define PROGS WARPSIM_SRCDIR "/tests/cuda/programs/"

/* the line of lines.cu that holds "LINE: <mark>" */
static int marked_line(const char *mark)
{
    FILE *f = fopen(PROGS "lines.cu", "r");
    ck_assert_ptr_nonnull(f);
    char buf[512], want[64];
    snprintf(want, sizeof want, "LINE: %s\n", mark);
    int ln = 0, found = 0;
    while (!found && fgets(buf, sizeof buf, f)) { ln++; found = strstr(buf, want) != NULL; }
    fclose(f);
    ck_assert_msg(found, "no mark '%s' in lines.cu", mark);
    return ln;
}

/* the dump of lines.sm_<arch> read without its table (from a copy of the dump alone) */
static const isa_kernel *read_dump(isa_program *p, int arch, diag *d, char *dir)
{
    char cmd[2048], path[1100];
    snprintf(cmd, sizeof cmd, "cp %slines.sm_%d.sass %slines.sm_%d.elf.txt %s/", PROGS, arch, PROGS, arch, dir);
    ck_assert_int_eq(system(cmd), 0);
    memset(p, 0, sizeof *p);
    diag_init(d);
    snprintf(path, sizeof path, "%s/lines.sm_%d.sass", dir, arch);
    ck_assert_int_eq(sass_dump_read(p, path, d), 0);
    ck_assert_int_eq(p->nkernels, 1);
    ck_assert_ptr_null(p->kernels[0].srcloc);
    return &p->kernels[0];
}

static int first_op(const isa_kernel *k, int op)
{
    for (int i = 0; i < k->ncode; i++) if (k->code[i].op == op) return i;
    return -1;
}

static void check_table(int arch)
{
    char dir[] = "/tmp/warpsim-lines-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    isa_program p;
    diag d;
    const isa_kernel *k = read_dump(&p, arch, &d, dir);
    char table[256];
    snprintf(table, sizeof table, PROGS "lines.sm_%d.lines.txt", arch);
    ck_assert_int_eq(sass_lines_read(&p, 0, table, &d), 1);
    ck_assert_msg(!strstr(d.text ? d.text : "", "warning"), "%s", d.text);
    ck_assert_ptr_nonnull(k->srcloc);
    /* the uncoalesced load is the kernel's first LDG; the conflicting store its first STS */
    int ldg = first_op(k, OP_LDG), sts = first_op(k, OP_STS), bar = first_op(k, OP_BAR_SYNC);
    ck_assert_int_ge(ldg, 0);
    ck_assert_int_eq(k->srcloc[ldg].line, marked_line("uncoalesced"));
    ck_assert_ptr_nonnull(strstr(k->srcloc[ldg].file, "lines.cu"));
    ck_assert_int_eq(k->srcloc[sts].line, marked_line("conflict"));
    ck_assert_int_eq(k->srcloc[bar].line, marked_line("conflict") + 1);   /* __syncthreads() */
    /* blend's FFMA: line 9, inlined at the loop body's line */
    int inl = -1;
    for (int i = 0; i < k->ncode && inl < 0; i++) if (k->srcloc[i].inlined_at) inl = i;
    ck_assert_int_ge(inl, 0);
    ck_assert_int_eq(k->code[inl].op, OP_FFMA);
    ck_assert_int_eq(k->srcloc[inl].line, marked_line("inlined"));
    char at[64];
    snprintf(at, sizeof at, "lines.cu:%d", marked_line("divergent-body"));
    ck_assert_str_eq(k->srcloc[inl].inlined_at, at);
    asm_free(&p);
    diag_free(&d);
    snprintf(table, sizeof table, "rm -rf %s", dir);
    ck_assert_int_eq(system(table), 0);
}

START_TEST(test_table_sm80) { check_table(80); }
END_TEST

START_TEST(test_table_sm90) { check_table(90); }
END_TEST

/* a bad table beside a good dump: a warning naming the file, no lines (or
 * fewer), never a crash. `make` writes the table from the good one */
static void bad_table(const char *make, const char *want, int attached)
{
    char dir[] = "/tmp/warpsim-lines-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    isa_program p;
    diag d;
    const isa_kernel *k = read_dump(&p, 90, &d, dir);
    char cmd[4096], table[1100];
    snprintf(table, sizeof table, "%s/bad.lines.txt", dir);
    if (*make) {
        snprintf(cmd, sizeof cmd, "%s < %slines.sm_90.lines.txt > %s", make, PROGS, table);
        ck_assert_int_eq(system(cmd), 0);
    }
    int got = sass_lines_read(&p, 0, table, &d);
    ck_assert_int_eq(got, attached);
    ck_assert_msg(d.text && strstr(d.text, table) && strstr(d.text, want), "want '%s' in: %s", want, d.text ? d.text : "");
    ck_assert_int_eq(d.errors, 0);   /* a warning: the run goes on, SASS only */
    if (attached <= 0) ck_assert_ptr_null(k->srcloc);
    asm_free(&p);
    diag_free(&d);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    ck_assert_int_eq(system(cmd), 0);
}

START_TEST(test_missing) { bad_table("", "cannot read this line table", -1); }
END_TEST

START_TEST(test_empty) { bad_table("head -c 0", "no function in it", 0); }
END_TEST

START_TEST(test_without_lines) { bad_table("grep -v '//##'", "nvcc -lineinfo", 0); }
END_TEST

START_TEST(test_truncated)
{
    /* cut in the middle of the function: lines for the part read */
    bad_table("head -n 40", "truncated line table", 1);
}
END_TEST

START_TEST(test_other_build)
{
    /* another opcode at one address: the table is not of this dump */
    bad_table("sed '0,/ FFMA /s// FMUL /'", "a line table of another build", 0);
}
END_TEST

START_TEST(test_garbled)
{
    /* a comment without its line, binary junk, odd and negative addresses: warnings, no crash */
    bad_table("sed 's/\", line 15/\", lime/; 3s/.*/\\x01\\xff\\xfe/; s#/\\*0040\\*/#/*0041*/#; s#/\\*0050\\*/#/*-010*/#'",
              "not '\"FILE\", line N'", 1);
}
END_TEST

/* ---- readable names ---- */
START_TEST(test_readable)
{
    static const struct { const char *mangled, *want; } cases[] = {
        { "_Z14calculate_tempiPfS_S_iiiiffffff",
          "calculate_temp(int, float*, float*, float*, int, int, int, int, float, float, float, float, float, float)" },
        { "_Z7lessonsPKfPfi", "lessons(float const*, float*, int)" },
        { "_Z6vecaddPKfS0_Pfi", "vecadd(float const*, float const*, float*, int)" },
        /* as c++filt prints them */
        { "_ZN2ns6reduceILi256EEEvPKfPf", "void ns::reduce<256>(float const*, float*)" },
        { "_Z5scaleIfEvPT_S0_i", "void scale<float>(float*, float, int)" },
        { "_Z5scaleIfEvPT_S1_i", "void scale<float>(float*, float*, int)" },
        { "_ZN3app6detail4stepIN3app4cellEEEvPT_S4_", "void app::detail::step<app::cell>(app::cell*, app::cell)" },
        { "_ZN3app6detail4stepEv", "app::detail::step()" },
        { "_Z4fillPN3app4cellEj", "fill(app::cell*, unsigned int)" },
        { "saxpy", "saxpy" },                       /* extern "C": as it is */
        { "_Z3badP", "_Z3badP" },                   /* cut short: as it is */
        { "_Z9too_shortQ", "_Z9too_shortQ" },
        { "_ZN", "_ZN" },
    };
    char buf[1024];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        ck_assert_str_eq(dm_readable(cases[i].mangled, buf, sizeof buf), cases[i].want);
    /* a small buffer is filled, not overrun */
    char small[8];
    ck_assert_str_eq(dm_readable("_Z7lessonsPKfPfi", small, sizeof small), "lessons");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sass_lines");
    TCase *tc = tcase_create("lines");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_table_sm80);
    tcase_add_test(tc, test_table_sm90);
    tcase_add_test(tc, test_missing);
    tcase_add_test(tc, test_empty);
    tcase_add_test(tc, test_without_lines);
    tcase_add_test(tc, test_truncated);
    tcase_add_test(tc, test_other_build);
    tcase_add_test(tc, test_garbled);
    tcase_add_test(tc, test_readable);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
