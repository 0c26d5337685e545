/* tests/test_cfg.c — immediate post-dominators on hand-made graphs, and the
 * reconvergence points the assembler gives branches in typical shapes. */
#include <check.h>
#include "check_main.h"
#include <stdio.h>
#include <string.h>
#include "asm.h"

/* graph helper: edges as pairs, node count n, exit = n */
static void ipdom_of(int n, const int (*edges)[2], int nedges, int *out)
{
    int *succ[32], nsucc[32] = { 0 }, store[32][4];
    for (int i = 0; i < n; i++) succ[i] = store[i];
    for (int e = 0; e < nedges; e++) {
        int from = edges[e][0];
        succ[from][nsucc[from]++] = edges[e][1];
    }
    cfg_ipdom(n, succ, nsucc, out);
}

START_TEST(test_diamond)
{
    /* 0 -> 1, 2; 1 -> 3; 2 -> 3; 3 -> exit(4) */
    static const int e[][2] = { { 0, 1 }, { 0, 2 }, { 1, 3 }, { 2, 3 }, { 3, 4 } };
    int ip[5];
    ipdom_of(4, e, 5, ip);
    ck_assert_int_eq(ip[0], 3);
    ck_assert_int_eq(ip[1], 3);
    ck_assert_int_eq(ip[2], 3);
    ck_assert_int_eq(ip[3], 4);
}
END_TEST

START_TEST(test_loop_with_break)
{
    /* 0 -> 1; 1 -> 2, 4 (loop test); 2 -> 3, 4 (break); 3 -> 1; 4 -> exit */
    static const int e[][2] = { { 0, 1 }, { 1, 2 }, { 1, 4 }, { 2, 3 }, { 2, 4 }, { 3, 1 }, { 4, 5 } };
    int ip[6];
    ipdom_of(5, e, 7, ip);
    ck_assert_int_eq(ip[1], 4);
    ck_assert_int_eq(ip[2], 4);
    ck_assert_int_eq(ip[3], 1);
}
END_TEST

START_TEST(test_early_exit)
{
    /* 0 -> 1, exit(3); 1 -> 2; 2 -> exit: the branch at 0 has no
     * reconvergence point but the exit */
    static const int e[][2] = { { 0, 1 }, { 0, 3 }, { 1, 2 }, { 2, 3 } };
    int ip[4];
    ipdom_of(3, e, 4, ip);
    ck_assert_int_eq(ip[0], 3);
    ck_assert_int_eq(ip[1], 2);
}
END_TEST

START_TEST(test_infinite_loop)
{
    /* 0 -> 1, 2; 1 -> 1 (spins forever); 2 -> exit: still well defined */
    static const int e[][2] = { { 0, 1 }, { 0, 2 }, { 1, 1 }, { 2, 3 } };
    int ip[4];
    ipdom_of(3, e, 4, ip);
    ck_assert_int_eq(ip[0], 3);
    ck_assert_int_eq(ip[2], 3);
}
END_TEST

/* reconvergence pc of the branch at pc `at` */
static int reconv(const char *body, int at)
{
    char src[4096];
    snprintf(src, sizeof src, ".kernel k\n%s.end\n", body);
    isa_program p;
    diag d;
    diag_init(&d);
    int n = asm_text(&p, "c.sass", src, &d);
    ck_assert_msg(n == 0, "%s", d.text);
    int r = asm_find(&p, "k")->code[at].reconv;
    asm_free(&p);
    diag_free(&d);
    return r;
}

START_TEST(test_nested_if_else)
{
    const char *body =
        "      @P0 BRA else1\n"      /* 0 */
        "      @P1 BRA else2\n"      /* 1 */
        "      NOP\n"                /* 2 */
        "      BRA end2\n"           /* 3 */
        "else2: NOP\n"               /* 4 */
        "end2: BRA end1\n"           /* 5 */
        "else1: NOP\n"               /* 6 */
        "end1: EXIT\n";              /* 7 */
    ck_assert_int_eq(reconv(body, 0), 7);
    ck_assert_int_eq(reconv(body, 1), 5);
    ck_assert_int_eq(reconv(body, 3), 5);
}
END_TEST

START_TEST(test_loop_break_asm)
{
    const char *body =
        "loop: @P0 BRA done\n"       /* 0 */
        "      @P1 BRA done\n"       /* 1: break */
        "      NOP\n"                /* 2 */
        "      BRA loop\n"           /* 3 */
        "done: EXIT\n";              /* 4 */
    ck_assert_int_eq(reconv(body, 0), 4);
    ck_assert_int_eq(reconv(body, 1), 4);
}
END_TEST

START_TEST(test_unstructured_goto)
{
    /* two branches jump into the middle of each other's regions */
    const char *body =
        "      @P0 BRA b\n"          /* 0 */
        "a:    NOP\n"                /* 1 */
        "      @P1 BRA c\n"          /* 2 */
        "b:    NOP\n"                /* 3 */
        "      @P2 BRA a\n"          /* 4 */
        "c:    EXIT\n";              /* 5 */
    /* 0 -> 1 -> 2 -> 5 avoids b, so only the exit block post-dominates */
    ck_assert_int_eq(reconv(body, 0), 5);
    ck_assert_int_eq(reconv(body, 2), 5);
    ck_assert_int_eq(reconv(body, 4), 5);
}
END_TEST

START_TEST(test_guarded_exit)
{
    const char *body =
        "      @P0 EXIT\n"           /* 0 */
        "      @P1 BRA x\n"          /* 1 */
        "      NOP\n"                /* 2 */
        "x:    EXIT\n";              /* 3 */
    ck_assert_int_eq(reconv(body, 0), -1);
    ck_assert_int_eq(reconv(body, 1), 3);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cfg");
    TCase *tc = tcase_create("ipdom");
    tcase_add_test(tc, test_diamond);
    tcase_add_test(tc, test_loop_with_break);
    tcase_add_test(tc, test_early_exit);
    tcase_add_test(tc, test_infinite_loop);
    tcase_add_test(tc, test_nested_if_else);
    tcase_add_test(tc, test_loop_break_asm);
    tcase_add_test(tc, test_unstructured_goto);
    tcase_add_test(tc, test_guarded_exit);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
