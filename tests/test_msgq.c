/* tests/test_msgq.c — the memory system's two queues alone: the bounded
 * FIFO (wrapping, taking out the k-th) and the timed list (sorted runs while
 * inserts fit one, a heap after the first that fits none; ties leave in
 * arrival order), against a plain reference. */
#include <check.h>
#include <stdint.h>
#include "check_main.h"
#include "mem/msgq.h"

static mem_msg msg(uint64_t line) { return (mem_msg){ .line = line, .slice = -1, .aux = -1 }; }

START_TEST(fifo_wraps_and_removes)
{
    msg_fifo q;
    fifo_init(&q, 3);
    for (uint64_t round = 0; round < 5; round++) {   /* the head walks round the ring */
        fifo_push(&q, &(mem_msg){ .line = 10 * round + 1 });
        fifo_push(&q, &(mem_msg){ .line = 10 * round + 2 });
        fifo_push(&q, &(mem_msg){ .line = 10 * round + 3 });
        ck_assert(fifo_full(&q));
        ck_assert_uint_eq(fifo_at(&q, 2)->line, 10 * round + 3);
        fifo_remove(&q, 1);                          /* the middle one leaves; order kept */
        ck_assert_int_eq(q.n, 2);
        ck_assert_uint_eq(fifo_peek(&q)->line, 10 * round + 1);
        ck_assert_uint_eq(fifo_at(&q, 1)->line, 10 * round + 3);
        fifo_pop(&q);
        fifo_pop(&q);
        ck_assert_ptr_null(fifo_peek(&q));
        fifo_push(&q, &(mem_msg){ .line = 99 });     /* a fourth push moves the head on */
        fifo_pop(&q);
    }
    fifo_free(&q);
}
END_TEST

/* random inserts (ready cycles near now, many ties) and pops of what is
 * ready, against a reference that scans for the smallest (ready, order) */
START_TEST(timed_list_order_against_reference)
{
    enum { MAX = 512 };
    struct { uint64_t ready, order, line; } ref[MAX];
    int nref = 0;
    msg_timed t;
    timed_init(&t, 4);
    uint64_t rng = 12345, order = 0, line = 0;
    int heap_used = 0;
    for (uint64_t now = 0; now < 20000; now++) {
        rng = rng * 6364136223846793005ull + 1442695040888963407ull;
        int inserts = (int)(rng >> 60) % 4;
        for (int i = 0; i < inserts && nref < MAX; i++) {
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            /* mostly in order (one latency), sometimes earlier or tied,
             * and in phases anywhere in a wide span (the heap) */
            uint64_t ready = (now / 1000) % 3 == 2 ? now + (rng >> 40) % 200
                           : now + ((rng >> 33) % 8 == 0 ? (rng >> 40) % 5 : 6);
            mem_msg m = msg(line);
            timed_insert(&t, &m, ready);
            ref[nref].ready = ready; ref[nref].order = order++; ref[nref].line = line++;
            nref++;
        }
        ck_assert_int_eq(t.n, nref);
        heap_used |= t.heap;
        if (nref) {   /* the head, ready or not, is the reference's first */
            int b = 0;
            for (int k = 1; k < nref; k++)
                if (ref[k].ready < ref[b].ready || (ref[k].ready == ref[b].ready && ref[k].order < ref[b].order)) b = k;
            ck_assert_uint_eq(timed_head(&t)->line, ref[b].line);
            ck_assert_uint_eq(timed_next(&t), ref[b].ready);
        } else {
            ck_assert_ptr_null(timed_head(&t));
            ck_assert_uint_eq(timed_next(&t), UINT64_MAX);
        }
        mem_msg *m;
        while ((m = timed_ready(&t, now))) {
            int b = 0;
            for (int k = 1; k < nref; k++)
                if (ref[k].ready < ref[b].ready || (ref[k].ready == ref[b].ready && ref[k].order < ref[b].order)) b = k;
            ck_assert_uint_le(ref[b].ready, now);
            ck_assert_uint_eq(m->line, ref[b].line);
            timed_pop(&t);
            ref[b] = ref[--nref];
        }
    }
    ck_assert(heap_used);   /* the inserts were disordered enough to need it */
    timed_free(&t);
}
END_TEST

/* a wire with two latencies (an L2 in two partitions): the inserts
 * interleave two orders, which two runs hold without the heap; a fifth
 * disorder (more than TIMED_RUNS runs) makes the heap, and the list is
 * runs again once it empties */
START_TEST(timed_list_two_latencies_need_no_heap)
{
    msg_timed t;
    timed_init(&t, 4);
    uint64_t line = 0, popped = 0;
    for (uint64_t now = 0; now < 5000; now++) {
        mem_msg m = msg(line++);
        timed_insert(&t, &m, now + (now % 3 ? 60 : 77));
        ck_assert(!t.heap);
        mem_msg *r;
        for (uint64_t prev = 0; (r = timed_ready(&t, now)); popped++) {
            ck_assert_uint_le(prev, t.next);
            prev = t.next;
            /* the message due now: near ones sent at now - 60, far at now - 77 */
            ck_assert(r->line == now - 60 || r->line == now - 77);
            timed_pop(&t);
        }
    }
    ck_assert_uint_gt(popped, 4900);
    ck_assert_int_le(t.runs, 2);
    while (t.n) timed_pop(&t);
    /* five descending inserts: five runs wanted, the heap takes over */
    for (int i = 0; i < TIMED_RUNS + 1; i++) {
        mem_msg m = msg(100 + (uint64_t)i);
        timed_insert(&t, &m, 1000 - (uint64_t)i);
    }
    ck_assert(t.heap);
    for (int i = TIMED_RUNS; i >= 0; i--) {
        ck_assert_uint_eq(timed_head(&t)->line, 100 + (uint64_t)i);
        timed_pop(&t);
    }
    ck_assert(!t.heap);
    ck_assert_ptr_null(timed_head(&t));
    timed_free(&t);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("msgq");
    TCase *t = tcase_create("msgq");
    tcase_add_test(t, fifo_wraps_and_removes);
    tcase_add_test(t, timed_list_order_against_reference);
    tcase_add_test(t, timed_list_two_latencies_need_no_heap);
    suite_add_tcase(s, t);
    return run_suite(s);
}
