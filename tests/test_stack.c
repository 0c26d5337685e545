/* tests/test_stack.c — the SIMT reconvergence stack. */
#include <check.h>
#include "check_main.h"
#include "exec/simt_stack.h"

/* two sibling paths of one divergence: a yield swaps them, twice restores */
START_TEST(test_yield_interleaves_siblings)
{
    simt_stack s;
    stack_init(&s, 0, 0xf);
    ck_assert_int_eq(stack_branch(&s, 0x3, 10, 1, 20, STACK_TAKEN_FIRST), 1);
    ck_assert_int_eq(stack_top(&s)->pc, 10);
    ck_assert_int_eq(stack_yield(&s), 1);
    ck_assert_int_eq(stack_top(&s)->pc, 1);
    ck_assert_uint_eq(stack_top(&s)->mask, 0xc);
    ck_assert_int_eq(s.depth, 3);
    ck_assert_int_eq(stack_yield(&s), 1);
    ck_assert_int_eq(stack_top(&s)->pc, 10);
    /* both still reconverge at 20 with every lane */
    stack_advance(&s, 20);
    stack_advance(&s, 20);
    ck_assert_int_eq(s.depth, 1);
    ck_assert_uint_eq(stack_top(&s)->mask, 0xf);
}
END_TEST

/* the spin lock: lane 0 left the loop and waits at 6; the spinning lanes
 * yield, and lane 0 runs on from 6 while they keep their own path */
START_TEST(test_yield_releases_barrier)
{
    simt_stack s;
    stack_init(&s, 3, 0xf);
    /* at the loop's branch (pc 5): lanes 1-3 go back to 3, lane 0 falls through to 6 */
    ck_assert_int_eq(stack_branch(&s, 0xe, 3, 6, 6, STACK_TAKEN_FIRST), 1);
    ck_assert_int_eq(s.depth, 2);
    ck_assert_int_eq(stack_top(&s)->pc, 3);
    ck_assert_int_eq(stack_yield(&s), 1);
    ck_assert_int_eq(s.depth, 2);
    ck_assert_int_eq(stack_top(&s)->pc, 6);
    ck_assert_uint_eq(stack_top(&s)->mask, 0x1);
    ck_assert_int_eq(stack_top(&s)->rpc, -1);
    ck_assert_int_eq(s.e[0].pc, 3);
    ck_assert_uint_eq(s.e[0].mask, 0xe);
    /* lane 0 exits; the spinners run on */
    stack_exit(&s, 0x1, 7);
    ck_assert_int_eq(s.depth, 1);
    ck_assert_int_eq(stack_top(&s)->pc, 3);
    ck_assert_uint_eq(stack_top(&s)->mask, 0xe);
}
END_TEST

/* nothing to yield to: one path, or a reconvergence entry nobody reached */
START_TEST(test_yield_without_another_path)
{
    simt_stack s;
    stack_init(&s, 0, 0xf);
    ck_assert_int_eq(stack_yield(&s), 0);
    ck_assert_int_eq(stack_branch(&s, 0x3, 10, 1, 20, STACK_TAKEN_FIRST), 1);
    stack_advance(&s, 20);          /* lanes 0,1 wait at 20; lanes 2,3 run */
    ck_assert_int_eq(stack_yield(&s), 1);   /* lanes 0,1 released at 20 */
    ck_assert_int_eq(stack_top(&s)->pc, 20);
    ck_assert_uint_eq(stack_top(&s)->mask, 0x3);
}
END_TEST

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

/* paths to a convergence barrier (nvcc's BSYNC, STACK_SYNC): each path
 * issues the BSYNC when it arrives and the last one's lets the warp go on
 * past it, so the BSYNC runs once per path (Volta and later) */
static int run_to_sync(simt_stack *s, int32_t at)
{
    int issued = 0;
    while (!stack_empty(s) && stack_top(s)->pc <= at) {
        if (stack_top(s)->pc < at) { stack_advance(s, at); continue; }   /* the path's body */
        issued++;
        stack_sync(s, at);
    }
    return issued;
}

START_TEST(test_sync_once_per_path)
{
    simt_stack s;
    stack_init(&s, 0, 0xf);
    ck_assert_int_eq(stack_branch(&s, 0x3, 10, 1, 20 | STACK_SYNC, STACK_TAKEN_FIRST), 1);
    ck_assert_int_eq(stack_top(&s)->pc, 10);
    stack_advance(&s, 20);                    /* at the BSYNC: not popped before it issues */
    ck_assert_int_eq(stack_top(&s)->pc, 20);
    ck_assert_uint_eq(stack_top(&s)->mask, 0x3);
    ck_assert_int_eq(stack_sync(&s, 20), 1);  /* arrived; the other path runs */
    ck_assert_int_eq(stack_top(&s)->pc, 1);
    ck_assert_uint_eq(stack_top(&s)->mask, 0xc);
    stack_advance(&s, 20);
    ck_assert_int_eq(stack_sync(&s, 20), 1);  /* the last: the warp goes on past it */
    ck_assert_int_eq(s.depth, 1);
    ck_assert_int_eq(stack_top(&s)->pc, 21);
    ck_assert_uint_eq(stack_top(&s)->mask, 0xf);
    /* a warp not diverged issues it once and goes on */
    ck_assert_int_eq(stack_sync(&s, 21), 0);
    ck_assert_int_eq(stack_top(&s)->pc, 22);
}
END_TEST

START_TEST(test_sync_counts)
{
    /* if without else: the lanes that skip the body are at the BSYNC and issue it first */
    simt_stack s;
    stack_init(&s, 0, 0xff);
    ck_assert_int_eq(stack_branch(&s, 0x0f, 5, 1, 5 | STACK_SYNC, STACK_TAKEN_FIRST), 1);
    ck_assert_int_eq(stack_top(&s)->pc, 5);
    ck_assert_uint_eq(stack_top(&s)->mask, 0x0f);
    ck_assert_int_eq(run_to_sync(&s, 5), 2);
    ck_assert_int_eq(stack_top(&s)->pc, 6);
    ck_assert_uint_eq(stack_top(&s)->mask, 0xff);
    /* an if / else if / else chain to one BSYNC: three paths, three issues,
     * and the second split adds no reconvergence entry */
    stack_init(&s, 0, 0xff);
    stack_branch(&s, 0x01, 10, 1, 30 | STACK_SYNC, STACK_TAKEN_FIRST);
    stack_advance(&s, 30);
    stack_sync(&s, 30);
    ck_assert_int_eq(stack_top(&s)->pc, 1);
    ck_assert_int_eq(stack_branch(&s, 0x02, 12, 2, 30 | STACK_SYNC, STACK_TAKEN_FIRST), 1);
    ck_assert_int_eq(s.depth, 3);
    ck_assert_int_eq(run_to_sync(&s, 30), 2);
    ck_assert_int_eq(s.depth, 1);
    ck_assert_int_eq(stack_top(&s)->pc, 31);
    ck_assert_uint_eq(stack_top(&s)->mask, 0xff);
    /* a loop whose lanes leave in three groups: three issues */
    stack_init(&s, 0, 0x7);
    for (uint64_t stay = 0x6; stay; stay &= stay - 1) {
        stack_branch(&s, stay, 0, 10, 10 | STACK_SYNC, STACK_TAKEN_FIRST);  /* back to 0, or out to the BSYNC */
        ck_assert_int_eq(stack_top(&s)->pc, 10);                            /* the lanes out issue it first */
        ck_assert_int_eq(stack_sync(&s, 10), 1);
        ck_assert_int_eq(stack_top(&s)->pc, 0);
    }
    stack_branch(&s, 0, 0, 10, 10 | STACK_SYNC, STACK_TAKEN_FIRST);         /* the last lane, not diverged */
    ck_assert_int_eq(run_to_sync(&s, 10), 1);
    ck_assert_int_eq(stack_top(&s)->pc, 11);
    ck_assert_uint_eq(stack_top(&s)->mask, 0x7);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("simt_stack");
    TCase *its = tcase_create("independent thread scheduling");
    tcase_add_test(its, test_yield_interleaves_siblings);
    tcase_add_test(its, test_yield_releases_barrier);
    tcase_add_test(its, test_yield_without_another_path);
    suite_add_tcase(s, its);
    TCase *tc = tcase_create("stack");
    tcase_add_test(tc, test_uniform_branch);
    tcase_add_test(tc, test_divergence_order_and_reconvergence);
    tcase_add_test(tc, test_path_already_at_reconvergence);
    tcase_add_test(tc, test_nested);
    tcase_add_test(tc, test_exit_removes_lanes);
    tcase_add_test(tc, test_depth_bound);
    tcase_add_test(tc, test_sync_once_per_path);
    tcase_add_test(tc, test_sync_counts);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
