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
 * wall times of a step alone and by the team ---- */

/* steps of the gauge whose steps take `team` seconds by the team and
 * `alone` alone; fills ran[i] (1: the team ran step i); returns the team's */
static int gauge_run(crews_gauge *g, int steps, double team, double alone, int *ran)
{
    int n = 0;
    for (int i = 0; i < steps; i++) {
        int t = crews_gauge_team(g);
        crews_gauge_note(g, t, t ? team : alone);
        if (ran) ran[i] = t;
        n += t;
    }
    return n;
}

/* the lengths of the runs of steps in mode `mode` after the first `from` */
static int runs_of(const int *ran, int steps, int from, int mode, int *len, int most)
{
    int n = 0;
    for (int i = from; i < steps && n < most;) {
        if (ran[i] != mode) { i++; continue; }
        int j = i;
        while (j < steps && ran[j] == mode) j++;
        if (j < steps) len[n++] = j - i;   /* whole runs only */
        i = j;
    }
    return n;
}

/* a team that costs more than it saves (gf100's windows: 20 us alone, 60
 * by the team): a try of the team (8 steps), one alone, then alone, with
 * tries of the team after 64, 128, 256 ... steps alone */
START_TEST(test_gauge_alone_where_the_team_costs_more)
{
    enum { STEPS = 3000 };
    static int ran[STEPS];
    crews_gauge g = { 0 };
    int n = gauge_run(&g, STEPS, 60e-6, 20e-6, ran);
    for (int i = 0; i < 16; i++) ck_assert_int_eq(ran[i], i < 8);
    int len[8], k = runs_of(ran, STEPS, 8, 0, len, 8);
    ck_assert_int_ge(k, 4);
    /* the first run alone holds the try alone and the wait of 64 after it;
     * the next, waits of 128, 256 ... (less the step that starts a try) */
    ck_assert_int_eq(len[0], 8 + 64);
    for (int i = 1; i < k; i++) ck_assert_int_eq(len[i], (64 << i) - 1);
    int tries[8], m = runs_of(ran, STEPS, 8, 1, tries, 8);
    for (int i = 0; i < m; i++) ck_assert_int_eq(tries[i], 8);
    ck_assert_int_lt(n, STEPS / 20);
}
END_TEST

/* a team that saves time (a large GPU's windows: 1.5 ms alone, 0.8 ms by
 * the team) runs the steps, with tries alone after 64, 128 ... steps */
START_TEST(test_gauge_team_where_it_pays)
{
    enum { STEPS = 3000 };
    static int ran[STEPS];
    crews_gauge g = { 0 };
    int n = gauge_run(&g, STEPS, 0.8e-3, 1.5e-3, ran);
    ck_assert_int_gt(n, STEPS - STEPS / 20);
    int tries[8], m = runs_of(ran, STEPS, 16, 0, tries, 8);
    ck_assert_int_ge(m, 3);
    for (int i = 0; i < m; i++) ck_assert_int_eq(tries[i], 8);
}
END_TEST

/* between the lines the mode stays: a team a tenth slower than steps alone
 * keeps the steps it has; a third slower, it loses them; once faster, it
 * takes them */
START_TEST(test_gauge_lines)
{
    crews_gauge g = { 0 };
    ck_assert_int_gt(gauge_run(&g, 1000, 110e-6, 100e-6, NULL), 900);
    ck_assert_int_lt(gauge_run(&g, 1000, 130e-6, 100e-6, NULL), 100);
    ck_assert_int_lt(gauge_run(&g, 1000, 110e-6, 100e-6, NULL), 100);
    ck_assert_int_gt(gauge_run(&g, 3000, 95e-6, 100e-6, NULL), 2500);
}
END_TEST

/* the first two steps of a try are not measured (members that slept wake
 * slowly, with the SMs' state in the other core's cache), and a single step
 * whose member the host held off its core does not send the steps alone */
START_TEST(test_gauge_cold_and_late_steps)
{
    crews_gauge g = { 0 };
    for (int i = 0; i < 8; i++) {
        ck_assert_int_eq(crews_gauge_team(&g), 1);
        crews_gauge_note(&g, 1, i < 2 ? 5e-3 : 30e-6);   /* cold first, then quick */
    }
    for (int i = 0; i < 8; i++) {
        ck_assert_int_eq(crews_gauge_team(&g), 0);
        crews_gauge_note(&g, 0, 100e-6);
    }
    ck_assert_int_eq(gauge_run(&g, 50, 30e-6, 100e-6, NULL), 50);
    /* one step 10 ms late: still the team next */
    ck_assert_int_eq(crews_gauge_team(&g), 1);
    crews_gauge_note(&g, 1, 10e-3);
    ck_assert_int_eq(gauge_run(&g, 10, 30e-6, 100e-6, NULL), 10);
    /* the same try with every step cold sends the steps alone */
    crews_gauge h = { 0 };
    ck_assert_int_lt(gauge_run(&h, 100, 5e-3, 100e-6, NULL), 20);
}
END_TEST

/* the work changes: steps alone while the team costs more, the team again
 * at the first try after the work grew (within 4096 + 8 steps), and kept */
START_TEST(test_gauge_follows_the_work)
{
    enum { STEPS = 6000 };
    static int ran[STEPS];
    crews_gauge g = { 0 };
    gauge_run(&g, 20000, 60e-6, 20e-6, NULL);
    gauge_run(&g, STEPS, 0.8e-3, 1.5e-3, ran);
    int first = -1, later = 0;
    for (int i = 0; i < STEPS && first < 0; i++)
        if (ran[i]) first = i;
    ck_assert(first >= 0 && first <= 4096);
    for (int i = first + 8; i < STEPS; i++) later += ran[i];
    ck_assert_int_gt(later, (STEPS - first - 8) * 9 / 10);
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
    tcase_add_test(tc, test_gauge_lines);
    tcase_add_test(tc, test_gauge_cold_and_late_steps);
    tcase_add_test(tc, test_gauge_follows_the_work);
    tcase_add_test(tc, test_gauge_on_a_team);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
