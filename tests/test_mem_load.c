/* tests/test_mem_load.c — the memory blocks under load, each through its
 * ports: DRAM refresh, the bus turnaround between reads and writes and the
 * write drain, the activate window (sim/mem/dram.c), the L2 slice's data port (sim/mem/l2.c), and
 * the L1's path for atomics (sim/mem/l1.c), the coalescer's count of
 * partially written sectors (sim/sm/coalesce.c), and the shared TLB
 * (sim/mem/tlb.c; at the interconnect's injection: test_mem_blocks). */
#include "check_main.h"
#include "mem/dram.h"
#include "mem/l1.h"
#include "mem/l2.h"
#include "mem/tlb.h"
#include "sm/coalesce.h"

/* one bank, so that every request of the tests below is a row hit after the first */
static dram_params one_bank(void)
{
    return (dram_params){ .banks = 1, .row_bytes = 1 << 20, .bus_bytes = 8, .data_rate = 2, .tRCD = 5, .tCL = 4,
                          .tRP = 3, .tRAS = 10, .queue = 16, .scheduler = 0, .map = addr_map_at(0) };
}

START_TEST(dram_refresh_holds_the_channel)
{
    dram_params p = one_bank();
    p.tREFI = 100;
    p.tRFC = 30;
    p.refresh_phase = 50;
    dram_channel *ch = dram_new(&p);
    uint64_t done;
    dram_enqueue(ch, 1, 0, 32);
    ck_assert_int_eq(dram_tick(ch, 0, &done), 1);             /* before the first refresh */
    dram_enqueue(ch, 2, 64, 32);
    ck_assert_int_eq(dram_tick(ch, 50, &done), -1);           /* the refresh starts: nothing issues */
    ck_assert_int_eq(dram_tick(ch, 79, &done), -1);
    ck_assert_int_eq(dram_tick(ch, 80, &done), 2);            /* after tRFC; the row was closed */
    ck_assert_uint_eq(done, 80 + 5 + 4 + 2);
    /* refreshes due while idle are caught up: 150, 250 and 350 passed, 350 holds until 380 */
    dram_enqueue(ch, 3, 128, 32);
    ck_assert_int_eq(dram_tick(ch, 360, &done), -1);
    ck_assert_int_eq(dram_tick(ch, 380, &done), 3);
    kernel_stats st;
    stats_mem_init(&st, 1);
    dram_report(ch, &st);
    ck_assert_uint_eq(st.v[STAT_dram_row_misses], 3);         /* each refresh closed the row */
    stats_free(&st);
    dram_delete(ch);
}
END_TEST

START_TEST(dram_turnaround_and_drain)
{
    dram_params p = one_bank();
    p.tWTR = 7;
    p.tRTW = 3;
    dram_channel *ch = dram_new(&p);
    uint64_t done, end;
    dram_enqueue(ch, 1, 0, 32);
    ck_assert_int_eq(dram_tick(ch, 0, &end), 1);              /* a read: data ends at 11 */
    ck_assert_uint_eq(end, 0 + 5 + 4 + 2);
    dram_enqueue(ch, -1, 64, 32);                             /* a write to the open row */
    dram_tick(ch, 8, &done);
    ck_assert_uint_eq(done, end + 3 + 2);                     /* tRTW, then its burst */
    end = done;
    dram_enqueue(ch, 2, 128, 32);
    ck_assert_int_eq(dram_tick(ch, 10, &done), 2);
    ck_assert_uint_eq(done, end + 7 + 2);                     /* tWTR */
    dram_delete(ch);

    /* a drain from 4 writes down to 2: reads go first until 4 are queued */
    p.write_drain = 4;
    ch = dram_new(&p);
    for (int i = 0; i < 3; i++) dram_enqueue(ch, -1, 64 * (uint64_t)(i + 1), 32);
    dram_enqueue(ch, 5, 0, 32);
    ck_assert_int_eq(dram_tick(ch, 0, &done), 5);             /* 3 writes: the read overtakes them */
    ck_assert_int_eq(dram_direction(ch), 0);
    dram_enqueue(ch, -1, 512, 32);
    dram_enqueue(ch, 6, 1024, 32);
    done = 0;
    ck_assert_int_eq(dram_tick(ch, 100, &done), -1);          /* 4 writes: a write starts, not the read */
    ck_assert_uint_gt(done, 100);
    ck_assert_int_eq(dram_direction(ch), 1);
    done = 0;
    ck_assert_int_eq(dram_tick(ch, 200, &done), -1);          /* 3 left, above half: still writes */
    ck_assert_uint_gt(done, 200);
    ck_assert_int_eq(dram_tick(ch, 300, &done), 6);           /* 2 left: the drain ends */
    ck_assert_int_eq(dram_direction(ch), 0);
    dram_delete(ch);

    /* without a drain: no preference */
    p.write_drain = 0;
    ch = dram_new(&p);
    ck_assert_int_eq(dram_direction(ch), -1);
    dram_delete(ch);
}
END_TEST

/* activates: tRRD apart, and a fifth not before the first + tFAW; eight
 * banks, each request a row of its own */
START_TEST(dram_activate_window)
{
    dram_params p = one_bank();
    p.banks = 8;
    p.row_bytes = 64;
    p.queue = 16;
    p.map = addr_map_at(0);
    uint64_t done[6];
    for (int faw = 0; faw <= 1; faw++) {
        p.tRRD = faw ? 2 : 0;
        p.tFAW = faw ? 20 : 0;
        dram_channel *ch = dram_new(&p);
        for (int i = 0; i < 6; i++) dram_enqueue(ch, i, (uint64_t)i * 64, 32);
        for (int i = 0; i < 6; i++) ck_assert_int_eq(dram_tick(ch, (uint64_t)i, &done[i]), i);
        if (!faw) {
            /* the bus alone: a burst of 2 after the other */
            for (int i = 1; i < 6; i++) ck_assert_uint_eq(done[i], done[i - 1] + 2);
        } else {
            for (int i = 1; i < 4; i++) ck_assert_uint_eq(done[i], done[i - 1] + 2);   /* tRRD = the burst */
            ck_assert_uint_eq(done[4], done[0] + 20);                                  /* the fifth waits for tFAW */
            ck_assert_uint_eq(done[5], done[4] + 2);
        }
        dram_delete(ch);
    }
}
END_TEST

static void no_send(void *ctx, const mem_msg *m, uint64_t at) { (void)ctx; (void)m; (void)at; }
static uint64_t identity(void *ctx, uint64_t line) { (void)ctx; return line; }

/* the port: 0.9 cycles per written sector, a partial write at least 2,
 * 0.5 per read sector; fractions carried from request to request */
START_TEST(l2_data_port_costs)
{
    kernel_stats st;
    stats_mem_init(&st, 1);
    dram_params dp = one_bank();
    dp.queue = 64;
    dram_channel *ch = dram_new(&dp);
    l2_params p = { .cache = { .size = 65536, .line = 128, .sector = 32, .assoc = 4, .mshrs = 8, .write_back = 1,
                               .write_allocate = 1 },
                    .latency = 30, .queue = 64, .atomic_latency = 20,
                    .read_sector_cost = 50, .write_sector_cost = 90, .write_partial_cost = 200 };
    l2_slice *s = l2_new(&p, ch, (l2_ports){ NULL, no_send, identity }, &st);
    mem_msg whole = { .line = 0, .sectors = 0xf, .kind = MR_STORE };
    ck_assert_int_eq(l2_accept(s, &whole, 10), 1);           /* 3.6 cycles: busy until 13.6 */
    ck_assert_int_eq(l2_accept(s, &whole, 11), 0);
    ck_assert_int_eq(l2_accept(s, &whole, 12), 0);
    ck_assert_int_eq(l2_accept(s, &whole, 13), 1);           /* free during 13: starts at 13.6, until 17.2 */
    mem_msg part = { .line = 128, .sectors = 0x1, .partial = 1, .kind = MR_STORE };
    ck_assert_int_eq(l2_accept(s, &part, 16), 0);
    ck_assert_int_eq(l2_accept(s, &part, 17), 1);            /* 17.2 + 2 = 19.2 (not 0.9) */
    ck_assert_int_eq(l2_accept(s, &part, 18), 0);
    ck_assert_int_eq(l2_accept(s, &part, 19), 1);            /* until 21.2 */
    mem_msg part4 = { .line = 256, .sectors = 0xf, .partial = 4, .kind = MR_STORE };
    ck_assert_int_eq(l2_accept(s, &part4, 21), 1);           /* 4 x 0.9 = 3.6 > 2: until 24.8 */
    mem_msg rd = { .line = 0, .sectors = 0xf, .kind = MR_LOAD };
    ck_assert_int_eq(l2_accept(s, &rd, 23), 0);
    ck_assert_int_eq(l2_accept(s, &rd, 24), 1);              /* a hit: 2 cycles, until 26.8 */
    ck_assert_int_eq(l2_accept(s, &rd, 25), 0);
    ck_assert_int_eq(l2_accept(s, &rd, 26), 1);
    ck_assert_uint_eq(st.v[STAT_l2_port_stalls], 6);
    l2_delete(s);
    /* the costs are in the slice's cycles: at half the core clock 3.6 slice
     * cycles are 7.2 core cycles */
    p.clock = 100;
    p.core_clock = 200;
    s = l2_new(&p, ch, (l2_ports){ NULL, no_send, identity }, &st);
    mem_msg far = { .line = 1024, .sectors = 0xf, .kind = MR_STORE };
    ck_assert_int_eq(l2_accept(s, &far, 10), 1);             /* slice time 5.0: busy until 8.6 = core 17.2 */
    ck_assert_int_eq(l2_accept(s, &far, 16), 0);
    ck_assert_int_eq(l2_accept(s, &far, 17), 1);
    l2_delete(s);
    /* l2.write_request_cost: a write holds the port 0.8 cycles besides its
     * sectors, so one sector costs 1.7 and four 4.4; a partial write still
     * at least 2; reads pay no request cost */
    p.clock = p.core_clock = 0;
    p.write_request_cost = 80;
    s = l2_new(&p, ch, (l2_ports){ NULL, no_send, identity }, &st);
    mem_msg lone = { .line = 2048, .sectors = 0x2, .kind = MR_STORE };
    ck_assert_int_eq(l2_accept(s, &lone, 10), 1);            /* until 11.7 */
    ck_assert_int_eq(l2_accept(s, &lone, 11), 1);            /* free during 11: 11.7 to 13.4 */
    ck_assert_int_eq(l2_accept(s, &lone, 12), 0);
    ck_assert_int_eq(l2_accept(s, &whole, 13), 1);           /* 13.4 + 4.4 = 17.8 */
    ck_assert_int_eq(l2_accept(s, &whole, 17), 1);           /* 17.8 + 4.4 = 22.2 */
    ck_assert_int_eq(l2_accept(s, &part, 21), 0);
    ck_assert_int_eq(l2_accept(s, &part, 22), 1);            /* 1.7 < 2: until 24.2 */
    ck_assert_int_eq(l2_accept(s, &rd, 24), 1);              /* 4 x 0.5, no request cost: until 26.2 */
    ck_assert_int_eq(l2_accept(s, &rd, 25), 0);
    ck_assert_int_eq(l2_accept(s, &rd, 26), 1);
    l2_delete(s);
    dram_delete(ch);
    stats_free(&st);
}
END_TEST

static void no_done(void *ctx, int tag, uint64_t now) { (void)ctx; (void)tag; (void)now; }
static void no_wake(void *ctx) { (void)ctx; }

/* l1.atomic_sector_cost = 130: an atomic of 4 sectors holds the path 5.2
 * cycles, the next goes when it frees, fractions carried */
START_TEST(l1_atomic_path)
{
    kernel_stats st;
    stats_mem_init(&st, 1);
    l1_params p = { .cache = { .size = 16384, .line = 128, .sector = 32, .assoc = 4, .mshrs = 8 },
                    .latency = 30, .queue = 64, .sectored = 1, .room_needed = 1, .atomic_sector_cost = 130 };
    l1_cache *l = l1_new(&p, 0, (l1_sm_port){ NULL, no_done, no_wake, NULL }, &st);
    mem_msg at = { .line = 0, .sectors = 0xf, .kind = MR_ATOMIC, .lanes = 32, .word_lanes = 1, .tag = -1 };
    for (int i = 0; i < 3; i++) l1_submit(l, &at);
    uint64_t sent[3];
    int n = 0;
    for (uint64_t t = 0; t < 20 && n < 3; t++) {
        l1_tick(l, t);
        while (l1_out_peek(l)) { sent[n++] = t; l1_out_pop(l, 0); }
    }
    ck_assert_int_eq(n, 3);
    ck_assert_uint_eq(sent[0], 0);
    ck_assert_uint_eq(sent[1], 5);                            /* free during 5: 5.2 */
    ck_assert_uint_eq(sent[2], 10);                           /* 10.4 */
    ck_assert_uint_eq(st.v[STAT_l1_atomic_waits], 8);
    /* the L1 takes its requests in order: a load behind a waiting atomic waits too */
    mem_msg ld = { .line = 4096, .sectors = 1, .kind = MR_LOAD, .use_l1 = 1, .tag = 0 };
    l1_submit(l, &at);
    l1_submit(l, &ld);
    l1_tick(l, 11);
    ck_assert_ptr_null(l1_out_peek(l));                       /* the path is busy until 10.4 + 5.2 */
    l1_tick(l, 15);
    ck_assert_ptr_nonnull(l1_out_peek(l));
    l1_delete(l);
    stats_free(&st);
}
END_TEST

/* the L1 keeps each outgoing request's slice (its port's route) beside
 * the output queue: the interconnect's look at it needs no request, and
 * the slices follow their requests when one from the middle leaves */
static int route_by_line_kb(void *ctx, mem_msg *m) { (void)ctx; return m->slice = (int)(m->line / 4096); }

/* an L1 with an output queue of `queue` places, its port routing by route_by_line_kb */
static l1_cache *routed_l1(kernel_stats *st, int queue)
{
    stats_mem_init(st, 1);
    l1_params p = { .cache = { .size = 16384, .line = 128, .sector = 32, .assoc = 4, .mshrs = 8 },
                    .latency = 30, .queue = queue, .sectored = 1, .room_needed = 1 };
    return l1_new(&p, 0, (l1_sm_port){ NULL, no_done, no_wake, route_by_line_kb }, st);
}

START_TEST(l1_keeps_the_slices_of_its_requests)
{
    kernel_stats st;
    l1_cache *l = routed_l1(&st, 64);
    for (int i = 0; i < 3; i++) {
        mem_msg ld = { .line = 4096 * (uint64_t)(i + 5), .sectors = 1, .kind = MR_LOAD, .use_l1 = 1, .tag = i };
        l1_submit(l, &ld);
        l1_tick(l, (uint64_t)i);
    }
    ck_assert_int_eq(l1_out_slice(l, 2, 0), 5);
    ck_assert_int_eq(l1_out_slice(l, 2, 1), 6);
    ck_assert_int_eq(l1_out_slice(l, 2, 2), -1);              /* queued at 2: takeable from 3 */
    ck_assert_int_eq(l1_out_slice(l, 3, 2), 7);
    ck_assert_int_eq(l1_out_slice(l, 3, 3), -1);              /* none */
    ck_assert_int_eq(l1_out_ready(l, 3, 1)->slice, 6);        /* the request says the same */
    l1_out_pop(l, 1);
    ck_assert_int_eq(l1_out_slice(l, 3, 0), 5);
    ck_assert_int_eq(l1_out_slice(l, 3, 1), 7);
    l1_delete(l);
    stats_free(&st);
}
END_TEST

/* the output queue as a ring of slots: requests taken from anywhere in
 * it, with the ring wrapping and slots reused many times over, stay in
 * their order with their slices (against a plain list) */
START_TEST(l1_output_queue_keeps_its_order)
{
    kernel_stats st;
    l1_cache *l = routed_l1(&st, 8);
    uint64_t want[8], next = 1, rng = 12345;
    int n = 0;
    for (uint64_t t = 0; t < 2000; t++) {
        rng = rng * 6364136223846793005ull + 1442695040888963407ull;
        if (n < 8 && (rng >> 40) % 3) {   /* a write-through store goes out as it is */
            mem_msg w = { .line = 4096 * next, .sectors = 1, .kind = MR_STORE, .tag = -1 };
            l1_submit(l, &w);
            l1_tick(l, t);
            want[n++] = 4096 * next++;
        } else if (n) {
            int k = (int)((rng >> 20) % (uint64_t)n);
            l1_out_pop(l, k);
            for (int i = k; i + 1 < n; i++) want[i] = want[i + 1];
            n--;
        }
        for (int i = 0; i < n; i++) {
            ck_assert_uint_eq(l1_out_ready(l, UINT64_MAX - 1, i)->line, want[i]);
            ck_assert_int_eq(l1_out_slice(l, UINT64_MAX - 1, i), (int)(want[i] / 4096));
        }
        ck_assert_ptr_null(l1_out_ready(l, UINT64_MAX - 1, n));
    }
    ck_assert_uint_gt(next, 500);              /* the ring went round many times */
    l1_delete(l);
    stats_free(&st);
}
END_TEST

/* the cycle each load record completed (tags 0..7) */
static uint64_t done_at[8];
static void note_done(void *ctx, int tag, uint64_t now) { (void)ctx; done_at[tag] = now; }

/* a load that merges into a miss in flight goes down the hit pipeline
 * too: it completes at the fill, but never sooner than l1.latency after
 * the L1 took it (windows write a load's value at the window's end and
 * rely on it: timing_window) */
START_TEST(l1_merged_load_takes_the_hit_latency)
{
    kernel_stats st;
    stats_mem_init(&st, 1);
    l1_params p = { .cache = { .size = 16384, .line = 128, .sector = 32, .assoc = 4, .mshrs = 8 },
                    .latency = 30, .queue = 64, .sectored = 1, .room_needed = 1 };
    l1_cache *l = l1_new(&p, 0, (l1_sm_port){ NULL, note_done, no_wake, NULL }, &st);
    for (int i = 0; i < 8; i++) done_at[i] = UINT64_MAX;
    mem_msg ld = { .line = 4096, .sectors = 1, .kind = MR_LOAD, .use_l1 = 1, .tag = 0 };
    l1_submit(l, &ld);
    l1_tick(l, 0);
    mem_msg *miss = l1_out_peek(l);
    ck_assert_ptr_nonnull(miss);
    mem_msg fill = *miss;
    l1_out_pop(l, 0);
    ld.tag = 1;                               /* merges at 10: 20 before the fill */
    l1_submit(l, &ld);
    l1_tick(l, 10);
    ld.tag = 2;                               /* merges at 45: 5 before it */
    l1_submit(l, &ld);
    l1_tick(l, 45);
    ck_assert_uint_eq(st.v[STAT_l1_mshr_merges], 2);
    l1_response(l, &fill, 50);
    ck_assert_uint_eq(done_at[0], 50);        /* the miss itself */
    ck_assert_uint_eq(done_at[1], 50);        /* taken 40 cycles before: at the fill */
    ck_assert_uint_eq(done_at[2], UINT64_MAX);
    ck_assert_uint_eq(l1_next_event(l), 75);  /* 45 + 30 */
    l1_drain_hits(l, 74);
    ck_assert_uint_eq(done_at[2], UINT64_MAX);
    l1_drain_hits(l, 75);
    ck_assert_uint_eq(done_at[2], 75);
    l1_delete(l);
    stats_free(&st);
}
END_TEST

START_TEST(coalesce_counts_partial_sectors)
{
    uint64_t addr[32];
    line_request r[COALESCE_MAX];
    int sectors;
    for (int i = 0; i < 32; i++) addr[i] = 4096 + 4 * (uint64_t)i;              /* 128 B: whole */
    ck_assert_int_eq(coalesce(addr, 0xffffffffu, 4, 128, 32, r, &sectors), 1);
    ck_assert_int_eq(r[0].partial, 0);
    for (int i = 0; i < 32; i++) addr[i] = 4096 + 32 * (uint64_t)i;             /* 4 B in each of 32 sectors */
    ck_assert_int_eq(coalesce(addr, 0xffffffffu, 4, 128, 32, r, &sectors), 8);
    ck_assert_int_eq(r[0].partial, 4);
    for (int i = 0; i < 32; i++) addr[i] = 4096 + 16 * (uint64_t)i;             /* 16 B lanes, two a sector */
    ck_assert_int_eq(coalesce(addr, 0xffffffffu, 16, 128, 32, r, &sectors), 4);
    ck_assert_int_eq(r[3].partial, 0);
    ck_assert_int_eq(coalesce(addr, 0x1u, 16, 128, 32, r, &sectors), 1);      /* one lane: half a sector */
    ck_assert_int_eq(r[0].partial, 1);
}
END_TEST

/* a copy of a far line (a message of kind MR_COPY) lives beside the
 * slice's own lines under the same channel address (L2_COPY_BIT apart),
 * clean, takes no data-port time and fetches nothing */
START_TEST(l2_far_copy)
{
    kernel_stats st;
    stats_mem_init(&st, 1);
    dram_params dp = one_bank();
    dram_channel *ch = dram_new(&dp);
    l2_params p = { .cache = { .size = 1024, .line = 128, .sector = 32, .assoc = 2, .mshrs = 8, .write_back = 1,
                               .write_allocate = 1 },
                    .latency = 30, .queue = 64, .atomic_latency = 20, .write_sector_cost = 500 };
    l2_slice *s = l2_new(&p, ch, (l2_ports){ NULL, no_send, identity }, &st);
    mem_msg own = { .line = 0, .sectors = 0x1, .kind = MR_STORE };
    ck_assert_int_eq(l2_accept(s, &own, 10), 1);                 /* the own line 0, dirty; the port busy 5 cycles */
    mem_msg cp = { .line = 0, .sectors = 0x3, .kind = MR_COPY };
    ck_assert_int_eq(l2_accept(s, &cp, 11), 1);                  /* taken while the port is busy */
    ck_assert_uint_eq(st.v[STAT_l2_copies], 1);
    ck_assert_uint_eq(st.v[STAT_l2_accesses], 1);                /* the copy is no access */
    ck_assert_uint_eq(st.v[STAT_dram_reads], 0);
    /* 4 sets of 2 ways: the copy of line 0 and line 0 share set 0; a third
     * line there evicts the least recent, the dirty own line, written back */
    mem_msg cp2 = { .line = 512, .sectors = 0x1, .kind = MR_COPY };
    ck_assert_int_eq(l2_accept(s, &cp2, 12), 1);
    ck_assert_uint_eq(st.v[STAT_dram_writes], 1);
    ck_assert_uint_eq(st.v[STAT_l2_copies], 2);
    l2_delete(s);
    dram_delete(ch);
    stats_free(&st);
}
END_TEST

/* 2 sets of 2 ways of 4 KB pages, walks of 100 cycles: a miss walks, a
 * request to the page while the walk runs waits for it, a hit is at once,
 * the least recently used way of a set goes */
START_TEST(tlb_walks_merges_and_evicts)
{
    tlb *t = tlb_new(&(tlb_params){ .entries = 4, .assoc = 2, .page_bytes = 4096, .walk_latency = 100 });
    int walked;
    ck_assert_uint_eq(tlb_ready(t, 0x1000, 10, &walked), 110);    /* page 1 (set 1): a walk */
    ck_assert_int_eq(walked, 1);
    ck_assert_uint_eq(tlb_ready(t, 0x1fff, 50, &walked), 110);    /* the same page mid-walk: waits for it */
    ck_assert_int_eq(walked, 0);
    ck_assert_uint_eq(tlb_ready(t, 0x1800, 200, &walked), 200);   /* a hit */
    ck_assert_uint_eq(tlb_ready(t, 0x3000, 200, &walked), 300);   /* page 3, set 1's second way */
    ck_assert_uint_eq(tlb_ready(t, 0x1000, 400, &walked), 400);   /* page 1 used again: page 3 is the LRU */
    ck_assert_uint_eq(tlb_ready(t, 0x5000, 400, &walked), 500);   /* page 5 evicts page 3 */
    ck_assert_uint_eq(tlb_ready(t, 0x1000, 600, &walked), 600);
    ck_assert_int_eq(walked, 0);
    ck_assert_uint_eq(tlb_ready(t, 0x3000, 600, &walked), 700);   /* page 3 walks again */
    ck_assert_uint_eq(tlb_ready(t, 0x2000, 600, &walked), 700);   /* set 0 untouched so far */
    tlb_flush(t);
    ck_assert_uint_eq(tlb_ready(t, 0x1000, 800, &walked), 900);
    tlb_delete(t);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mem_load");
    TCase *t = tcase_create("load");
    tcase_add_test(t, dram_refresh_holds_the_channel);
    tcase_add_test(t, l1_keeps_the_slices_of_its_requests);
    tcase_add_test(t, l1_output_queue_keeps_its_order);
    tcase_add_test(t, dram_turnaround_and_drain);
    tcase_add_test(t, dram_activate_window);
    tcase_add_test(t, l2_data_port_costs);
    tcase_add_test(t, l1_atomic_path);
    tcase_add_test(t, l1_merged_load_takes_the_hit_latency);
    tcase_add_test(t, coalesce_counts_partial_sectors);
    tcase_add_test(t, l2_far_copy);
    tcase_add_test(t, tlb_walks_merges_and_evicts);
    suite_add_tcase(s, t);
    return run_suite(s);
}
