/* tests/test_stack.c — the SIMT reconvergence stack. */
#include <check.h>
#include "check_main.h"
#include "exec/simt_stack.h"

START_TEST(test_uniform_branch)
{
    simt_stack s;
    stack_init(&s, 0, 0xffffffffu);
    ck_assert_int_eq(stack_branch(&s, 0xffffffffu, 10, 1, 20, STACK_TAKEN_FIRST), 0);
    ck_assert_int_eq(s.depth, 1);
    ck_assert_int_eq(stack_top(&s)->pc, 10);
    ck_assert_int_eq(stack_branch(&s, 0, 5, 11, 20, STACK_TAKEN_FIRST), 0);
    ck_assert_int_eq(stack_top(&s)->pc, 11);
}
END_TEST

START_TEST(test_divergence_order_and_reconvergence)
{
    for (int order = 0; order < 2; order++) {
        simt_stack s;
        stack_init(&s, 0, 0xf);
        /* lanes 0,1 take the branch to 10; 2,3 fall through to 1; both meet at 20 */
        ck_assert_int_eq(stack_branch(&s, 0x3, 10, 1, 20, (stack_order)order), 1);
        ck_assert_int_eq(s.depth, 3);
        const stack_entry *t = stack_top(&s);
        if (order == STACK_TAKEN_FIRST) { ck_assert_int_eq(t->pc, 10); ck_assert_uint_eq(t->mask, 0x3); }
        else { ck_assert_int_eq(t->pc, 1); ck_assert_uint_eq(t->mask, 0xc); }
        /* the first path runs to the reconvergence point and pops */
        stack_advance(&s, 20);
        ck_assert_int_eq(s.depth, 2);
        t = stack_top(&s);
        ck_assert_uint_eq(t->mask, order == STACK_TAKEN_FIRST ? 0xcu : 0x3u);
        stack_advance(&s, 20);
        ck_assert_int_eq(s.depth, 1);
        ck_assert_int_eq(stack_top(&s)->pc, 20);
        ck_assert_uint_eq(stack_top(&s)->mask, 0xf);
    }
}
END_TEST

START_TEST(test_path_already_at_reconvergence)
{
    /* if without else: the fall-through lanes are at the reconvergence point */
    simt_stack s;
    stack_init(&s, 0, 0xff);
    ck_assert_int_eq(stack_branch(&s, 0x0f, 5, 1, 5, STACK_TAKEN_FIRST), 1);
    ck_assert_int_eq(s.depth, 2);
    ck_assert_int_eq(stack_top(&s)->pc, 1);
    ck_assert_uint_eq(stack_top(&s)->mask, 0xf0);
}
END_TEST

START_TEST(test_nested)
{
    simt_stack s;
    stack_init(&s, 0, 0xff);
    stack_branch(&s, 0x0f, 10, 1, 30, STACK_TAKEN_FIRST);     /* outer */
    ck_assert_int_eq(stack_top(&s)->pc, 10);
    stack_branch(&s, 0x03, 15, 11, 20, STACK_TAKEN_FIRST);    /* inner, in the taken path */
    ck_assert_int_eq(s.depth, 5);
    ck_assert_uint_eq(stack_top(&s)->mask, 0x03);
    stack_advance(&s, 20);
    ck_assert_uint_eq(stack_top(&s)->mask, 0x0c);
    stack_advance(&s, 20);
    ck_assert_int_eq(stack_top(&s)->pc, 20);
    ck_assert_uint_eq(stack_top(&s)->mask, 0x0f);
    stack_advance(&s, 30);                                    /* outer taken path done */
    ck_assert_uint_eq(stack_top(&s)->mask, 0xf0);
    stack_advance(&s, 30);
    ck_assert_int_eq(s.depth, 1);
    ck_assert_uint_eq(stack_top(&s)->mask, 0xff);
}
END_TEST

START_TEST(test_exit_removes_lanes)
{
    simt_stack s;
    stack_init(&s, 0, 0xf);
    stack_branch(&s, 0x3, 10, 1, -1, STACK_TAKEN_FIRST);       /* paths that both exit */
    stack_exit(&s, 0x3, 11);
    ck_assert_int_eq(s.depth, 2);
    ck_assert_uint_eq(stack_top(&s)->mask, 0xc);
    ck_assert_int_eq(stack_top(&s)->pc, 1);
    stack_exit(&s, 0x4, 2);                                    /* guarded exit of one lane */
    ck_assert_uint_eq(stack_top(&s)->mask, 0x8);
    ck_assert_int_eq(stack_top(&s)->pc, 2);
    stack_exit(&s, 0x8, 3);
    ck_assert(stack_empty(&s));
}
END_TEST

START_TEST(test_depth_bound)
{
    /* every divergence halves a mask, so 64 lanes never overflow */
    simt_stack s;
    stack_init(&s, 0, ~0ull);
    uint64_t mask = ~0ull;
    for (int i = 0; i < 63; i++) {
        ck_assert_int_eq(stack_branch(&s, mask & ~(mask & (0 - mask)), 100 + i, 1, 500 - i, STACK_TAKEN_FIRST), 1);
        mask = stack_top(&s)->mask;
    }
    ck_assert_int_le(s.depth, STACK_MAX_DEPTH);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("simt_stack");
    TCase *tc = tcase_create("stack");
    tcase_add_test(tc, test_uniform_branch);
    tcase_add_test(tc, test_divergence_order_and_reconvergence);
    tcase_add_test(tc, test_path_already_at_reconvergence);
    tcase_add_test(tc, test_nested);
    tcase_add_test(tc, test_exit_removes_lanes);
    tcase_add_test(tc, test_depth_bound);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
