/* tests/test_icnt.c — the interconnect alone, through its ports, with
 * stand-in request queues for the L1s: latency, width and back-pressure,
 * the lookahead past a blocked head, sources that wait without looking
 * again, the room a span's replay holds, translation delays and the far
 * L2 partition, the prefetch port's order, and the room of slices past
 * the first 64. */
#include <check.h>
#include <string.h>
#include "check_main.h"
#include "mem/icnt.h"

typedef struct {
    mem_msg q[2][8];
    int n[2];
    int peeks;               /* looks at a source's queue so far */
    int looks;               /* looks at a request's slice alone (src_slice_odd_even) */
} sources;

static mem_msg *src_peek(void *ctx, int s, uint64_t now, int k)
{
    sources *x = ctx;
    (void)now;
    x->peeks++;
    return k < x->n[s] ? &x->q[s][k] : NULL;
}
static void src_pop(void *ctx, int s, int k)
{
    sources *x = ctx;
    memmove(&x->q[s][k], &x->q[s][k + 1], sizeof(mem_msg) * (size_t)(--x->n[s] - k));
}
static int route_all_to_0(void *ctx, mem_msg *m) { (void)ctx; (void)m; return 0; }
static int route_odd_even(void *ctx, mem_msg *m) { (void)ctx; return (int)(m->line % 2); }
/* the slice_at port of route_odd_even: the slice without the request */
static int src_slice_odd_even(void *ctx, int s, uint64_t now, int k)
{
    sources *x = ctx;
    (void)now;
    x->looks++;
    return k < x->n[s] ? (int)(x->q[s][k].line % 2) : -1;
}

START_TEST(icnt_latency_width_backpressure)
{
    sources src = { 0 };
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < 3; i++) src.q[s][src.n[s]++] = (mem_msg){ .line = (uint64_t)(s * 100 + i), .sm = s };
    kernel_stats st;
    stats_local_init(&st, 1);
    icnt_params p = { .latency = 10, .width = 1, .slice_queue = 2, .nsrc = 2, .ndst = 1, .wire_room = 1 };
    icnt *n = icnt_new(&p, (icnt_ports){ &src, src_peek, src_pop, route_all_to_0, NULL, NULL, NULL, NULL, NULL }, &st);
    icnt_tick(n, 0);                                     /* width 1: SM 0 goes, SM 1 stalls */
    ck_assert_int_eq(src.n[0], 2);
    ck_assert_int_eq(src.n[1], 3);
    ck_assert_uint_eq(st.v[STAT_icnt_stalls], 1);
    ck_assert_ptr_null(icnt_request(n, 0, 9));
    ck_assert_ptr_nonnull(icnt_request(n, 0, 10));       /* after the latency */
    ck_assert_uint_eq(icnt_request(n, 0, 10)->line, 0);
    icnt_tick(n, 1);                                     /* round robin: SM 1 first now */
    ck_assert_int_eq(src.n[1], 2);
    /* the wire is pipelined: besides the slice's 2 it holds width x latency = 10,
     * so the other four go, one a cycle */
    for (uint64_t t = 2; t < 6; t++) icnt_tick(n, t);
    ck_assert_int_eq(src.n[0] + src.n[1], 0);
    mem_msg r = { .line = 7, .sm = 1 };
    icnt_respond(n, &r, 5);
    ck_assert_ptr_null(icnt_response(n, 1, 14));
    ck_assert_uint_eq(icnt_response(n, 1, 15)->line, 7);
    ck_assert_ptr_null(icnt_response(n, 0, 15));         /* to its own SM only */
    icnt_request_pop(n, 0);
    ck_assert_uint_eq(icnt_next_event(n), 11);           /* SM 1's request arrives at 1 + 10 */
    icnt_delete(n);

    /* latency 1: the wire holds 1 besides the slice's 2, then back-pressure */
    src = (sources){ 0 };
    for (int i = 0; i < 5; i++) src.q[0][src.n[0]++] = (mem_msg){ .line = (uint64_t)i };
    p.latency = 1;
    p.nsrc = 1;
    n = icnt_new(&p, (icnt_ports){ &src, src_peek, src_pop, route_all_to_0, NULL, NULL, NULL, NULL, NULL }, &st);
    for (uint64_t t = 0; t < 6; t++) icnt_tick(n, t);
    ck_assert_int_eq(src.n[0], 2);
    icnt_request_pop(n, 0);
    icnt_tick(n, 6);
    ck_assert_int_eq(src.n[0], 1);
    icnt_delete(n);
    /* icnt.wire_room = 0: the wire counts against the slice's 2 */
    src = (sources){ 0 };
    for (int i = 0; i < 5; i++) src.q[0][src.n[0]++] = (mem_msg){ .line = (uint64_t)i };
    p.wire_room = 0;
    n = icnt_new(&p, (icnt_ports){ &src, src_peek, src_pop, route_all_to_0, NULL, NULL, NULL, NULL, NULL }, &st);
    for (uint64_t t = 0; t < 6; t++) icnt_tick(n, t);
    ck_assert_int_eq(src.n[0], 3);
    icnt_delete(n);
    stats_free(&st);
}
END_TEST

/* icnt.lookahead: a request to a slice with room passes the head, whose
 * slice is full; requests to one slice keep their order */
START_TEST(icnt_lookahead_passes_a_blocked_head)
{
    for (int look = 1; look <= 2; look++) {
        sources src = { 0 };
        uint64_t lines[] = { 0, 2, 4, 1, 3 };            /* slice 0, 0, 0, then 1, 1 */
        for (int i = 0; i < 5; i++) src.q[0][src.n[0]++] = (mem_msg){ .line = lines[i] };
        kernel_stats st;
        stats_local_init(&st, 1);
        icnt_params p = { .latency = 1, .width = 1, .slice_queue = 1, .nsrc = 1, .ndst = 2, .lookahead = look, .wire_room = 1 };
        icnt *n = icnt_new(&p, (icnt_ports){ &src, src_peek, src_pop, route_odd_even, NULL, NULL, NULL, NULL, NULL }, &st);
        for (uint64_t t = 0; t < 4; t++) icnt_tick(n, t);   /* slice 0 takes 2 (queue + wire), then is full */
        if (look == 1) {
            ck_assert_int_eq(src.n[0], 3);               /* line 4 at the head blocks lines 1 and 3 */
            ck_assert_uint_eq(src.q[0][0].line, 4);
        } else {
            ck_assert_int_eq(src.n[0], 1);               /* lines 1 and 3 went past it, in order */
            ck_assert_uint_eq(src.q[0][0].line, 4);
            ck_assert_uint_eq(icnt_request(n, 1, 10)->line, 1);
            icnt_request_pop(n, 1);
            ck_assert_uint_eq(icnt_request(n, 1, 10)->line, 3);
        }
        ck_assert_uint_eq(icnt_request(n, 0, 10)->line, 0);
        icnt_delete(n);
        stats_free(&st);
    }
}
END_TEST

/* a source that found every slice of its window full stalls at the next
 * tick without looking through the window again, until one of those
 * slices has room or the window grows: then it goes in that very tick */
START_TEST(icnt_blocked_source_waits_without_looking)
{
    sources src = { 0 };
    uint64_t lines[] = { 0, 0, 0, 2, 4 };                /* all to slice 0 */
    for (int i = 0; i < 5; i++) src.q[0][src.n[0]++] = (mem_msg){ .line = lines[i] };
    kernel_stats st;
    stats_local_init(&st, 1);
    icnt_params p = { .latency = 1, .width = 1, .slice_queue = 1, .nsrc = 1, .ndst = 2, .lookahead = 4, .wire_room = 1 };
    icnt *n = icnt_new(&p, (icnt_ports){ &src, src_peek, src_pop, route_odd_even, NULL, NULL, NULL, NULL, NULL }, &st);
    for (uint64_t t = 0; t < 3; t++) icnt_tick(n, t);   /* slice 0 takes 2, then is full */
    ck_assert_int_eq(src.n[0], 3);
    uint64_t stalls = st.v[STAT_icnt_stalls];
    src.peeks = 0;
    icnt_tick(n, 3);                                     /* slice 1 has room, the window wants only 0 */
    ck_assert_int_eq(src.n[0], 3);
    ck_assert_uint_eq(st.v[STAT_icnt_stalls], stalls + 1);
    ck_assert_int_le(src.peeks, 2);                      /* the head, and whether the window grew (a look: 4) */
    src.q[0][src.n[0]++] = (mem_msg){ .line = 1 };       /* the window grows: slice 1 */
    icnt_tick(n, 4);
    ck_assert_int_eq(src.n[0], 3);
    ck_assert_uint_eq(icnt_request(n, 1, 10)->line, 1);
    icnt_tick(n, 5);                                     /* full of slice 0 again */
    src.peeks = 0;
    icnt_tick(n, 6);
    ck_assert_int_le(src.peeks, 2);
    ck_assert_int_eq(src.n[0], 3);
    icnt_request_pop(n, 0);                              /* slice 0 has room: the head goes at once */
    icnt_tick(n, 7);
    ck_assert_int_eq(src.n[0], 2);
    ck_assert_uint_eq(src.q[0][0].line, 2);
    icnt_delete(n);
    stats_free(&st);
}
END_TEST

/* a source reached after every slice closed in a tick keeps what its last
 * whole look found: at the next tick it stalls without looking through its
 * window again (with full L1 queues on 132 SMs most sources come after the
 * slices have all closed, every tick) */
START_TEST(icnt_source_after_every_slice_closed_keeps_its_look)
{
    sources src = { 0 };
    for (int i = 0; i < 4; i++) src.q[0][src.n[0]++] = (mem_msg){ .line = 0 };       /* slice 0 */
    for (int i = 0; i < 8; i++) src.q[1][src.n[1]++] = (mem_msg){ .line = 1 };       /* slice 1 */
    kernel_stats st;
    stats_local_init(&st, 1);
    icnt_params p = { .latency = 1, .width = 1, .slice_queue = 1, .nsrc = 2, .ndst = 2, .lookahead = 4, .wire_room = 1 };
    icnt *n = icnt_new(&p, (icnt_ports){ &src, src_peek, src_pop, route_odd_even, NULL, NULL, NULL, src_slice_odd_even, NULL }, &st);
    /* slice 0 fills up and stays full; slice 1 is emptied every tick */
    uint64_t t = 0;
    for (; t < 4; t++) {
        icnt_tick(n, t);
        while (icnt_request(n, 1, UINT64_MAX - 1)) icnt_request_pop(n, 1);
    }
    ck_assert_int_eq(src.n[0], 2);                       /* source 0 is blocked on slice 0 */
    /* a tick where source 1 goes first (round robin) closes slice 1 before
     * source 0 is reached: then source 0 stalls */
    if (t % 2 == 0) { icnt_tick(n, t++); while (icnt_request(n, 1, UINT64_MAX - 1)) icnt_request_pop(n, 1); }
    uint64_t stalls = st.v[STAT_icnt_stalls];
    icnt_tick(n, t++);
    while (icnt_request(n, 1, UINT64_MAX - 1)) icnt_request_pop(n, 1);
    ck_assert_uint_eq(st.v[STAT_icnt_stalls], stalls + 1);
    /* source 0 goes first; slice 1 is open but its window wants slice 0 */
    src.peeks = src.looks = 0;
    int before = src.n[1];
    icnt_tick(n, t++);
    ck_assert_int_eq(src.n[0], 2);
    ck_assert_int_eq(src.n[1], before - 1);              /* source 1 took slice 1 */
    ck_assert_int_le(src.looks, 3);                      /* source 0: the head and whether its window grew (a look: 2); source 1: 1 */
    ck_assert_int_eq(src.peeks, 1);                      /* the one request taken is read, no other */
    icnt_delete(n);
    stats_free(&st);
}
END_TEST

/* two L2 partitions: SMs 0-1 and slices 0-1 in one, 2-3 and 2-3 in the
 * other; crossing costs far_latency each way */
static int route_by_line(void *ctx, mem_msg *m) { (void)ctx; return (int)m->line; }

/* the interconnect asks its ready port (the TLB) when a request may go
 * down its wire: a request behind a walk arrives late, the next does not */
static uint64_t ready_late_line1(void *ctx, const mem_msg *m, uint64_t now) { (void)ctx; return m->line == 1 ? now + 50 : now; }

/* a span's injection replayed after its slice ran: requests the slice
 * takes at later ticks still hold room at the tick replayed (icnt_later),
 * so the sources meet the back-pressure of the cycle-by-cycle order */
START_TEST(icnt_later_holds_room)
{
    sources src = { 0 };
    for (int i = 0; i < 4; i++) src.q[0][src.n[0]++] = (mem_msg){ .line = (uint64_t)i };
    kernel_stats st;
    stats_local_init(&st, 1);
    icnt_params p = { .latency = 10, .width = 1, .slice_queue = 3, .nsrc = 1, .ndst = 1 };
    icnt *n = icnt_new(&p, (icnt_ports){ &src, src_peek, src_pop, route_all_to_0, NULL, NULL, NULL, NULL, NULL }, &st);
    icnt_tick(n, 0);
    ck_assert_int_eq(src.n[0], 3);                       /* one on the wire, room for 2 */
    icnt_later(n, 0, 2);                                 /* and 2 the slice takes only later */
    icnt_tick(n, 1);
    ck_assert_int_eq(src.n[0], 3);                       /* 1 + 2 of 3: closed */
    ck_assert_uint_eq(st.v[STAT_icnt_stalls], 1);
    icnt_later(n, 0, 1);                                 /* one of them taken by this tick */
    icnt_tick(n, 2);
    ck_assert_int_eq(src.n[0], 2);
    icnt_tick(n, 3);                                     /* 2 + 1: closed again */
    ck_assert_int_eq(src.n[0], 2);
    icnt_later(n, 0, 0);                                 /* the replay's end */
    icnt_tick(n, 4);
    ck_assert_int_eq(src.n[0], 1);
    stats_free(&st);
    icnt_delete(n);
}
END_TEST

START_TEST(icnt_waits_for_translation)
{
    sources src = { 0 };
    src.q[0][src.n[0]++] = (mem_msg){ .line = 1 };
    src.q[0][src.n[0]++] = (mem_msg){ .line = 0 };
    kernel_stats st;
    stats_local_init(&st, 1);
    icnt_params p = { .latency = 10, .width = 1, .slice_queue = 4, .nsrc = 1, .ndst = 1, .lookahead = 1 };
    icnt *n = icnt_new(&p, (icnt_ports){ &src, src_peek, src_pop, route_all_to_0, NULL, ready_late_line1, NULL, NULL, NULL }, &st);
    icnt_tick(n, 0);                                     /* line 1: translated at 50, arrives at 60 */
    icnt_tick(n, 1);                                     /* line 0: at once, arrives at 11 */
    mem_msg *m = icnt_request(n, 0, 11);
    ck_assert_ptr_nonnull(m);
    ck_assert_uint_eq(m->line, 0);
    icnt_request_pop(n, 0);
    ck_assert_ptr_null(icnt_request(n, 0, 59));
    ck_assert_ptr_nonnull(icnt_request(n, 0, 60));
    icnt_delete(n);
    stats_free(&st);
}
END_TEST

START_TEST(icnt_far_partition)
{
    sources src = { 0 };
    src.q[0][src.n[0]++] = (mem_msg){ .line = 3, .sm = 0 };   /* SM 0 (partition 0) to slice 3 (partition 1): far */
    src.q[1][src.n[1]++] = (mem_msg){ .line = 2, .sm = 1 };   /* SM 1 (partition 1) to slice 2: near */
    kernel_stats st;
    stats_local_init(&st, 1);
    icnt_params p = { .latency = 10, .width = 1, .slice_queue = 4, .nsrc = 2, .ndst = 4, .partitions = 2,
                      .far_latency = 7 };
    icnt *n = icnt_new(&p, (icnt_ports){ &src, src_peek, src_pop, route_by_line, NULL, NULL, NULL, NULL, NULL }, &st);
    icnt_tick(n, 0);
    ck_assert_ptr_nonnull(icnt_request(n, 2, 10));                  /* near: the latency */
    ck_assert_ptr_null(icnt_request(n, 3, 16));                     /* far: 7 more */
    ck_assert_ptr_nonnull(icnt_request(n, 3, 17));
    mem_msg back = { .line = 0, .sm = 1 };                          /* slice 0 to SM 1: far */
    icnt_respond(n, &back, 20);
    ck_assert_ptr_null(icnt_response(n, 1, 36));
    ck_assert_ptr_nonnull(icnt_response(n, 1, 37));
    icnt_response_pop(n, 1);
    mem_msg near = { .line = 1, .sm = 0 };                          /* slice 1 to SM 0: near */
    icnt_respond(n, &near, 40);
    ck_assert_ptr_nonnull(icnt_response(n, 0, 50));
    icnt_delete(n);
    stats_free(&st);
}
END_TEST

/* the prefetch port: while a source injects, the next pending source of
 * the tick's order is told first (its queue left the host's caches while
 * the SMs ran), and no source is told twice in a tick */
static int told[8], ntold, peeks_when_told[8];
static void src_prefetch(void *ctx, int s)
{
    sources *x = ctx;
    peeks_when_told[ntold] = x->peeks;
    told[ntold++] = s;
}

START_TEST(icnt_tells_the_next_source)
{
    sources src = { 0 };
    for (int s = 0; s < 2; s++) src.q[s][src.n[s]++] = (mem_msg){ .line = (uint64_t)s, .sm = s };
    uint64_t pending = 3;                                /* both sources offer a request */
    kernel_stats st;
    stats_local_init(&st, 1);
    icnt_params p = { .latency = 10, .width = 2, .slice_queue = 4, .nsrc = 2, .ndst = 1 };
    ntold = 0;
    icnt *n = icnt_new(&p, (icnt_ports){ &src, src_peek, src_pop, route_all_to_0, &pending, NULL, NULL, NULL,
                                         src_prefetch }, &st);
    icnt_tick(n, 0);
    ck_assert_int_eq(ntold, 1);
    ck_assert_int_eq(told[0], 1);                        /* source 1, told before source 0 looked */
    ck_assert_int_eq(peeks_when_told[0], 0);
    ck_assert_int_eq(src.n[0], 0);                       /* and both went */
    ck_assert_int_eq(src.n[1], 0);
    icnt_delete(n);
    stats_free(&st);
}
END_TEST

/* 70 slices: those past the first 64, and a full slice beside open ones
 * of the same eight, each keep their own room (a tick reads the slices'
 * room eight at a time); a pop gives the room back */
static int route_mod70(void *ctx, mem_msg *m) { (void)ctx; return (int)(m->line % 70); }

START_TEST(icnt_room_of_many_slices)
{
    sources src = { 0 };
    const uint64_t lines[] = { 69, 69, 65, 3, 69 };
    for (int i = 0; i < 5; i++) src.q[0][src.n[0]++] = (mem_msg){ .line = lines[i] };
    kernel_stats st;
    stats_local_init(&st, 1);
    icnt_params p = { .latency = 1, .width = 1, .slice_queue = 1, .nsrc = 1, .ndst = 70, .lookahead = 8 };
    icnt *n = icnt_new(&p, (icnt_ports){ &src, src_peek, src_pop, route_mod70, NULL, NULL, NULL, NULL, NULL }, &st);
    icnt_tick(n, 0);                                  /* the first 69 fills slice 69 */
    icnt_tick(n, 1);                                  /* 65 passes the blocked 69 */
    ck_assert_int_eq(src.n[0], 3);
    ck_assert_uint_eq(src.q[0][1].line, 3);
    icnt_tick(n, 2);                                  /* then 3 */
    icnt_tick(n, 3);                                  /* slice 69 is full: nothing */
    ck_assert_int_eq(src.n[0], 2);
    ck_assert_uint_eq(src.q[0][0].line, 69);
    ck_assert_ptr_nonnull(icnt_request(n, 65, 3));
    ck_assert_ptr_nonnull(icnt_request(n, 3, 3));
    icnt_request_pop(n, 69);                          /* its room back */
    icnt_tick(n, 4);
    ck_assert_int_eq(src.n[0], 1);
    icnt_tick(n, 5);                                  /* full again */
    ck_assert_int_eq(src.n[0], 1);
    icnt_delete(n);
    stats_free(&st);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("icnt");
    TCase *t = tcase_create("icnt");
    tcase_add_test(t, icnt_latency_width_backpressure);
    tcase_add_test(t, icnt_lookahead_passes_a_blocked_head);
    tcase_add_test(t, icnt_blocked_source_waits_without_looking);
    tcase_add_test(t, icnt_source_after_every_slice_closed_keeps_its_look);
    tcase_add_test(t, icnt_later_holds_room);
    tcase_add_test(t, icnt_waits_for_translation);
    tcase_add_test(t, icnt_far_partition);
    tcase_add_test(t, icnt_tells_the_next_source);
    tcase_add_test(t, icnt_room_of_many_slices);
    suite_add_tcase(s, t);
    return run_suite(s);
}
