/* tests/test_crews.c — the SMs' crews and the thread team that runs them
 * (sim/gpu/sm_crews.c), through their ports: every item of a step runs
 * once, on the member it is lent to, a late member's share taken by
 * another, the predicted imbalance, and the gauge that gives a step to the
 * team only where the team is the faster. */
#include <check.h>
#include "check_main.h"
#include "gpu/sm_crews.h"
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#define STEAL_ITEMS 16

/* crews_each runs every item once, and a member stuck in an item has the
 * rest of its share taken by another member (sm_crews.c's deal): item 0
 * (the first of member 0's share: the even items) waits until another
 * thread has run one of that share's later items, which only taking from
 * the back of a share can do (without it, item 0 gives up after 5 s and
 * the check fails). The odd items (member 1's) sleep 5 ms each, so that
 * member 0 has begun its share before member 1 runs out of its own. */
typedef struct {
    _Atomic int runs[STEAL_ITEMS];
    _Atomic int ran[STEAL_ITEMS];
    pthread_t by[STEAL_ITEMS];
} steal_ctx;

/* an even item other than i that ran on another thread than i's */
static int share_split(steal_ctx *s, int i)
{
    for (int j = 2; j < STEAL_ITEMS; j += 2)
        if (j != i && atomic_load(&s->ran[j]) && !pthread_equal(s->by[j], s->by[i])) return 1;
    return 0;
}

static void sleep_ms(int ms)
{
    struct timespec t = { 0, ms * 1000000L };
    nanosleep(&t, NULL);
}

static void steal_item(void *ctx, int i, int member)
{
    (void)member;
    steal_ctx *s = ctx;
    atomic_fetch_add(&s->runs[i], 1);
    s->by[i] = pthread_self();
    atomic_store(&s->ran[i], 1);
    if (i == 0)
        for (int ms = 0; ms < 5000 && !share_split(s, 0); ms++) sleep_ms(1);
    else if (i % 2) sleep_ms(5);
}

START_TEST(test_crews_take_a_late_members_items)
{
    sm_crews *c = crews_new(NULL, STEAL_ITEMS, 2, 1);
    int two = crews_threads(c) == 2;
    for (int round = 0; round < 3; round++) {
        steal_ctx s = { 0 };
        crews_each(c, STEAL_ITEMS, steal_item, &s);
        for (int i = 0; i < STEAL_ITEMS; i++) ck_assert_int_eq(atomic_load(&s.runs[i]), 1);
        if (two) ck_assert(share_split(&s, 0));
    }
    crews_free(c);
}
END_TEST

/* crews_lend: each SM is lent to the member of the team that runs it,
 * whichever crew it is in (a crew another thread takes is lent to the
 * taker), each time it runs: SMs run on one thread are lent to one
 * member, SMs run on two threads to two. Each SM's window sleeps 1 ms, so
 * that with two threads both run some SMs (on a machine of one core the
 * team has one thread) */
enum { ROWS_SMS = 12 };
typedef struct {
    int lent[ROWS_SMS];      /* the member each SM was last lent to, -1 none */
    int ran_lent[ROWS_SMS];  /* the member it was lent to when it ran */
    pthread_t by[ROWS_SMS];
} rows_ctx;

static void rows_lend(void *ctx, int m, int member) { ((rows_ctx *)ctx)->lent[m] = member; }

static void rows_window(void *ctx, int m, uint64_t from, uint64_t to, crew_sum *sum)
{
    (void)from; (void)to; (void)sum;
    rows_ctx *r = ctx;
    r->ran_lent[m] = r->lent[m];
    r->by[m] = pthread_self();
    sleep_ms(1);
}

START_TEST(test_crews_lend_each_sm_to_its_thread)
{
    sm_crews *c = crews_new(NULL, ROWS_SMS, 2, 1);
    int n = crews_threads(c), both = 0;   /* a round in which two threads ran SMs */
    rows_ctx r;
    crews_lend(c, rows_lend, &r);
    for (int round = 0; round < 20 && !both; round++) {
        for (int m = 0; m < ROWS_SMS; m++) r.lent[m] = r.ran_lent[m] = -1;
        crew_sum sum;
        crews_window(c, 0, 1, rows_window, &r, &sum);
        int used[2] = { 0, 0 };
        for (int m = 0; m < ROWS_SMS; m++) {
            int k = r.ran_lent[m];
            ck_assert(k >= 0 && k < n);
            used[k] = 1;
            for (int j = 0; j < m; j++)
                ck_assert_int_eq(pthread_equal(r.by[j], r.by[m]) != 0, r.ran_lent[j] == k);
        }
        both = used[0] && used[1];
    }
    ck_assert_int_eq(both, n == 2);
    crews_free(c);
}
END_TEST

/* the busiest thread's work the windows' statistics count (imbalance_n):
 * 16 SMs on 2 threads make 16 crews, the even ones on thread 0 */
START_TEST(test_crews_busiest)
{
    uint64_t work[16], scratch[16];
    for (int m = 0; m < 16; m++) work[m] = m % 2 ? 1 : 3;
    /* dealt: 24 and 8; taking crews: at most 32 / 2 + 3 */
    ck_assert_uint_eq(crews_busiest(work, 16, 1, 2, scratch), 19);
    /* one heavy SM: dealt 85 + 7 and 8, taking at most 50 + 85: the deal */
    for (int m = 0; m < 16; m++) work[m] = m ? 1 : 85;
    ck_assert_uint_eq(crews_busiest(work, 16, 1, 2, scratch), 92);
    /* SMs in pairs (a constant cache each): 8 crews of two, the even pairs
     * (the busy ones) on thread 0: dealt 4 x (3 + 1) = 16 and 0, taking at
     * most 16 / 2 + 4 */
    for (int m = 0; m < 16; m++) work[m] = m % 4 < 2 ? (m % 2 ? 1 : 3) : 0;
    ck_assert_uint_eq(crews_busiest(work, 16, 2, 2, scratch), 12);
    /* 64 threads, more than the crews: each crew alone */
    for (int m = 0; m < 16; m++) work[m] = (uint64_t)m;
    ck_assert_uint_eq(crews_busiest(work, 16, 1, 64, scratch), 15);
}
END_TEST

/* ---- the gauge (crews_gauge_team, crews_gauge_note), fed made-up
 * times: one thread's work a step and a team step's wall ---- */

/* steps of the gauge with a team step costing `over` beyond half the
 * work; fills team[i] (1: the team ran step i); returns the team's steps */
static int gauge_run(crews_gauge *g, int steps, double work, double over, int *team)
{
    int n = 0;
    for (int i = 0; i < steps; i++) {
        int t = crews_gauge_team(g, 2);
        crews_gauge_note(g, t, t ? over + work / 2 : work, work, 2);
        if (team) team[i] = t;
        n += t;
    }
    return n;
}

/* a team that costs more than it saves (gf100's windows: 20 us of work,
 * 40 us of wake-ups) runs a try of 8 steps, then steps go alone, with
 * tries after 64, 128, 256 ... steps alone */
START_TEST(test_gauge_alone_where_the_team_costs_more)
{
    enum { STEPS = 3000 };
    static int team[STEPS];
    crews_gauge g = { 0 };
    int n = gauge_run(&g, STEPS, 20e-6, 40e-6, team);
    for (int i = 0; i < 8; i++) ck_assert_int_eq(team[i], 1);
    int tries = 1, gap = 0, last_gap = 0;
    for (int i = 8; i < STEPS; i++) {
        if (!team[i]) { gap++; continue; }
        /* a try: 8 team steps after twice the last gap alone */
        for (int k = 0; k < 8 && i + k < STEPS; k++) ck_assert_int_eq(team[i + k], 1);
        ck_assert_int_eq(gap, last_gap ? 2 * last_gap + 1 : 63);
        last_gap = gap;
        gap = 0;
        tries++;
        i += 7;
    }
    ck_assert_int_eq(n, 8 * tries);
    ck_assert_int_ge(tries, 4);
    ck_assert_int_lt(n, STEPS / 20);
}
END_TEST

/* a team that saves time (a large GPU's windows: 1.5 ms of work, 30 us of
 * wake-ups) runs every step */
START_TEST(test_gauge_team_where_it_pays)
{
    crews_gauge g = { 0 };
    ck_assert_int_eq(gauge_run(&g, 2000, 1.5e-3, 30e-6, NULL), 2000);
    /* and at the line: the team must save a tenth of the work */
    crews_gauge h = { 0 };
    ck_assert_int_lt(gauge_run(&h, 2000, 100e-6, 45e-6, NULL), 100);
    crews_gauge k = { 0 };
    ck_assert_int_eq(gauge_run(&k, 2000, 100e-6, 35e-6, NULL), 2000);
}
END_TEST

/* a try's first two steps are not measured (members that slept wake
 * slowly, with the SMs' state in the other core's cache), and a single
 * step whose member the host held off its core does not send the steps
 * alone */
START_TEST(test_gauge_cold_and_late_steps)
{
    crews_gauge g = { 0 };
    for (int i = 0; i < 8; i++) {
        ck_assert_int_eq(crews_gauge_team(&g, 2), 1);
        double over = i < 2 ? 5e-3 : 10e-6;   /* cold first, then cheap */
        crews_gauge_note(&g, 1, over + 50e-6, 100e-6, 2);
    }
    ck_assert_int_eq(gauge_run(&g, 100, 100e-6, 10e-6, NULL), 100);
    /* one step 10 ms late: still the team next */
    ck_assert_int_eq(crews_gauge_team(&g, 2), 1);
    crews_gauge_note(&g, 1, 10e-3 + 50e-6, 100e-6, 2);
    ck_assert_int_eq(gauge_run(&g, 100, 100e-6, 10e-6, NULL), 100);
    /* without the warm-up steps the try's cold steps would count: the
     * same try with every step cold sends the steps alone */
    crews_gauge h = { 0 };
    ck_assert_int_lt(gauge_run(&h, 100, 100e-6, 5e-3, NULL), 20);
}
END_TEST

/* the work changes: steps alone while the team costs more, the team again
 * at the first try after the work grew (within 4096 + 8 steps) */
START_TEST(test_gauge_follows_the_work)
{
    crews_gauge g = { 0 };
    gauge_run(&g, 20000, 20e-6, 40e-6, NULL);
    int team[5000];
    gauge_run(&g, 5000, 2e-3, 40e-6, team);
    int first = -1;
    for (int i = 0; i < 5000 && first < 0; i++)
        if (team[i]) first = i;
    ck_assert(first >= 0 && first <= 4096);
    for (int i = first; i < 5000; i++) ck_assert_int_eq(team[i], 1);
}
END_TEST

/* the gauge on a real team: steps of items that do nothing (far less work
 * than a wake-up) still run every item once a step, mostly on the caller
 * alone; with the gauge off every step is the team's */
static void count_item(void *ctx, int i, int member)
{
    (void)member;
    atomic_fetch_add(&((_Atomic int *)ctx)[i], 1);
}

START_TEST(test_gauge_on_a_team)
{
    for (int on = 0; on < 2; on++) {
        sm_crews *c = crews_new(NULL, STEAL_ITEMS, 2, 1);
        crews_gauge_on(c, on);
        _Atomic int runs[STEAL_ITEMS] = { 0 };
        for (int step = 0; step < 500; step++) crews_each(c, STEAL_ITEMS, count_item, runs);
        for (int i = 0; i < STEAL_ITEMS; i++) ck_assert_int_eq(atomic_load(&runs[i]), 500);
        unsigned long long steps, team;
        crews_step_counts(c, &steps, &team);
        if (crews_threads(c) == 2) {
            ck_assert_uint_eq(steps, 500);
            if (on) ck_assert_uint_lt(team, 250);
            else ck_assert_uint_eq(team, 500);
        }
        crews_free(c);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("crews");
    TCase *tc = tcase_create("crews");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_crews_take_a_late_members_items);
    tcase_add_test(tc, test_crews_busiest);
    tcase_add_test(tc, test_crews_lend_each_sm_to_its_thread);
    tcase_add_test(tc, test_gauge_alone_where_the_team_costs_more);
    tcase_add_test(tc, test_gauge_team_where_it_pays);
    tcase_add_test(tc, test_gauge_cold_and_late_steps);
    tcase_add_test(tc, test_gauge_follows_the_work);
    tcase_add_test(tc, test_gauge_on_a_team);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
