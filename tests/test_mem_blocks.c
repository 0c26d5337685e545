/* tests/test_mem_blocks.c — each memory block alone, through its ports,
 * with small stand-ins for its neighbours: a DRAM channel (row hit / miss /
 * conflict timing, FR-FCFS against FCFS), an L2 slice (misses, merges,
 * atomics serialised per line), the address maps and the arrays' allocator
 * (the cache: tests/test_cache.c; the interconnect: tests/test_icnt.c), and
 * the memory side's per-PC counters merged into a kernel's. */
#include <check.h>
#include <string.h>
#include "check_main.h"
#include "mem/cache.h"
#include "mem/dram.h"
#include "mem/l2.h"
#include "mem/addrmap.h"
#include "util/hugemem.h"
#include <stdint.h>

/* the tag arrays' allocator: zeroed arrays on 64-byte boundaries that do
 * not overlap, also one larger than a chunk, and zeroed again when taken
 * after everything was given back */
START_TEST(hugemem_arrays_are_zeroed_and_apart)
{
    size_t sizes[] = { 1, 64, 100, 49152, 122880, (size_t)40 << 20, 3000 };
    enum { N = sizeof sizes / sizeof sizes[0] };
    for (int round = 0; round < 2; round++) {
        unsigned char *a[N];
        for (int i = 0; i < N; i++) {
            a[i] = hugemem_calloc(sizes[i]);
            ck_assert_uint_eq((uintptr_t)a[i] % 64, 0);
            ck_assert_uint_eq(a[i][0], 0);
            ck_assert_uint_eq(a[i][sizes[i] - 1], 0);
            ck_assert_uint_eq(a[i][sizes[i] / 2], 0);
            a[i][0] = a[i][sizes[i] / 2] = a[i][sizes[i] - 1] = (unsigned char)(i + 1);
        }
        for (int i = 0; i < N; i++) {   /* no array wrote into another */
            ck_assert_uint_eq(a[i][0], i + 1);
            ck_assert_uint_eq(a[i][sizes[i] / 2], i + 1);
            ck_assert_uint_eq(a[i][sizes[i] - 1], i + 1);
        }
        for (int i = N - 1; i >= 0; i -= 2) hugemem_free(a[i]);
        for (int i = N - 2; i >= 0; i -= 2) hugemem_free(a[i]);
    }
    hugemem_free(NULL);
}
END_TEST

/* arrays of a launch never share a chunk with the GPU's, so its chunks go
 * back when the launch ends; a grown array keeps its bytes, the rest zero */
START_TEST(hugemem_arenas_and_growth)
{
    int before = hugemem_chunks();
    unsigned char *gpu = hugemem_calloc(100), *launch = hugemem_calloc_in(HUGEMEM_LAUNCH, 100);
    if (before >= 0) ck_assert_int_eq(hugemem_chunks(), before + 2);
    hugemem_free(launch);
    if (before >= 0) ck_assert_int_eq(hugemem_chunks(), before + 1);
    for (int i = 0; i < 100; i++) gpu[i] = (unsigned char)(i + 1);
    unsigned char *grown = hugemem_realloc(gpu, 100, 5000);
    for (int i = 0; i < 100; i++) ck_assert_uint_eq(grown[i], i + 1);
    for (int i = 100; i < 5000; i++) ck_assert_uint_eq(grown[i], 0);
    hugemem_free(grown);
    if (before >= 0) ck_assert_int_eq(hugemem_chunks(), before);
}
END_TEST

/* a memory-side block's four per-PC counters (stats_mem_init) merge into
 * the kernel's rows, after growing with the program, and leave the other
 * counters of those rows as they were */
START_TEST(stats_mem_side_pc_counters_merge)
{
    kernel_stats mem, k;
    stats_mem_init(&mem, 2);
    ck_assert_ptr_null(mem.per_pc);
    mem.mem_pc[1].l1_misses = 3;
    stats_grow_pc(&mem, 5);
    ck_assert_uint_eq(mem.mem_pc[1].l1_misses, 3);
    mem.mem_pc[4].l2_hits = 2, mem.mem_pc[4].l2_misses = 1, mem.mem_pc[0].l1_hits = 6;
    mem.v[STAT_l2_hits] = 2;
    stats_local_init(&k, 5);
    k.per_pc[4].executions = 9, k.per_pc[4].l2_hits = 1;
    stats_merge(&k, &mem);
    stats_merge(&k, &mem);
    ck_assert_uint_eq(k.per_pc[0].l1_hits, 12);
    ck_assert_uint_eq(k.per_pc[1].l1_misses, 6);
    ck_assert_uint_eq(k.per_pc[4].l2_hits, 5);
    ck_assert_uint_eq(k.per_pc[4].l2_misses, 2);
    ck_assert_uint_eq(k.per_pc[4].executions, 9);
    ck_assert_uint_eq(k.v[STAT_l2_hits], 4);
    stats_free(&mem);
    ck_assert_ptr_null(mem.mem_pc);
    stats_free(&k);
}
END_TEST

/* a unified L1 gives ways to shared memory: fewer ways hold fewer lines of
 * a set, lines in ways given up are gone, and with none nothing stays */
/* ---- DRAM channel ---- */
static dram_params dram_p(int sched)
{
    return (dram_params){ .banks = 2, .row_bytes = 1024, .bus_bytes = 8, .data_rate = 2, .tRCD = 5, .tCL = 4,
                          .tRP = 3, .tRAS = 10, .queue = 4, .scheduler = sched, .map = addr_map_at(0) };
}

START_TEST(dram_row_timing)
{
    dram_params p = dram_p(0);
    dram_channel *ch = dram_new(&p);
    uint64_t done;
    dram_enqueue(ch, 1, 0, 32);                       /* bank 0, row 0: closed */
    ck_assert_int_eq(dram_tick(ch, 0, &done), 1);
    ck_assert_uint_eq(done, 0 + 5 + 4 + 2);              /* tRCD + tCL + 32 B at 16 B per cycle */
    dram_enqueue(ch, 2, 64, 32);                      /* same row: a hit */
    ck_assert_int_eq(dram_tick(ch, 20, &done), 2);
    ck_assert_uint_eq(done, 20 + 4 + 2);
    dram_enqueue(ch, 3, 2048, 32);                    /* row index 2: bank 0, row 1: a conflict */
    ck_assert_int_eq(dram_tick(ch, 40, &done), 3);
    ck_assert_uint_eq(done, 40 + 3 + 5 + 4 + 2);         /* tRP, then tRCD, tCL, burst */
    ck_assert_int_eq(dram_tick(ch, 60, &done), -1);      /* nothing queued */
    kernel_stats st;
    stats_mem_init(&st, 1);
    dram_report(ch, &st);
    ck_assert_uint_eq(st.v[STAT_dram_row_hits], 1);
    ck_assert_uint_eq(st.v[STAT_dram_row_misses], 2);
    ck_assert_uint_eq(st.v[STAT_dram_bytes], 96);
    stats_free(&st);
    dram_delete(ch);
}
END_TEST

/* a channel whose pick found no ready bank waits for one, but a request
 * that arrives meanwhile for a ready bank starts at once */
START_TEST(dram_waits_for_a_ready_bank)
{
    dram_params p = dram_p(0);
    dram_channel *ch = dram_new(&p);
    uint64_t done;
    dram_enqueue(ch, 1, 0, 32);                       /* bank 0: ready again at 5 + 2 */
    ck_assert_int_eq(dram_tick(ch, 0, &done), 1);
    dram_enqueue(ch, 2, 64, 32);                      /* bank 0 again */
    ck_assert_int_eq(dram_tick(ch, 1, &done), -1);
    ck_assert_int_eq(dram_tick(ch, 2, &done), -1);
    dram_enqueue(ch, 3, 1024, 32);                    /* bank 1: idle */
    ck_assert_int_eq(dram_tick(ch, 3, &done), 3);
    ck_assert_int_eq(dram_tick(ch, 6, &done), -1);
    ck_assert_int_eq(dram_tick(ch, 7, &done), 2);        /* bank 0 ready */
    dram_delete(ch);
}
END_TEST

/* an open row, then [conflict, hit] queued: who starts first? */
static int first_served(const char *sched)
{
    int idx = -1;
    for (int i = 0; i < dram_scheduler_count(); i++)
        if (!strcmp(dram_scheduler_at(i)->name, sched)) idx = i;
    ck_assert_int_ge(idx, 0);
    dram_params p = dram_p(idx);
    dram_channel *ch = dram_new(&p);
    uint64_t done;
    dram_enqueue(ch, 1, 0, 32);
    dram_tick(ch, 0, &done);
    dram_enqueue(ch, 2, 2048, 32);                    /* bank 0, row 1 */
    dram_enqueue(ch, 3, 128, 32);                     /* bank 0, row 0: open */
    ck_assert(dram_room(ch) != 0);
    int first = dram_tick(ch, 50, &done);
    dram_delete(ch);
    return first;
}

START_TEST(dram_frfcfs_vs_fcfs)
{
    ck_assert_int_eq(first_served("frfcfs"), 3);         /* the row hit overtakes */
    ck_assert_int_eq(first_served("fcfs"), 2);           /* arrival order */
    dram_params p = dram_p(0);
    dram_channel *ch = dram_new(&p);
    for (int i = 0; i < 4; i++) dram_enqueue(ch, i, (uint64_t)i * 64, 32);
    ck_assert_int_eq(dram_room(ch), 0);                  /* dram.queue requests: full */
    dram_delete(ch);
}
END_TEST

/* a channel ticked only from dram_wake on starts the same requests at the
 * same cycles as one ticked every cycle, under random traffic with row
 * hits, writes, write drains, refreshes and activate limits; both keep
 * their per-bank counts and row-hit count true (dram_consistent) */
static void dram_lockstep(int sched, unsigned seed, int tREFI, int tRAS)
{
    dram_params p = { .banks = 4, .row_bytes = 256, .bus_bytes = 8, .data_rate = 2, .tRCD = 5, .tCL = 4,
                      .tRP = 3, .tRAS = tRAS, .tREFI = tREFI, .tRFC = 3, .tWTR = 3, .tRTW = 2, .tRRD = 2,
                      .tFAW = 12, .write_drain = 3, .queue = 8, .scheduler = sched, .map = addr_map_at(0) };
    dram_channel *every = dram_new(&p), *woken = dram_new(&p);
    int started = 0, hits_seen = 0;
    long first_bad = -1;
    for (uint64_t now = 0; now < 20000; now++) {
        seed = seed * 1103515245u + 12345u;
        if ((seed >> 16) % 3 == 0 && dram_room(every)) {
            int write = (seed >> 8) % 5 == 0;
            uint64_t addr = (uint64_t)((seed >> 20) % 12) * 256 + (uint64_t)((seed >> 4) % 4) * 64;
            dram_enqueue(every, write ? -1 : (int)now, addr, 32);
            dram_enqueue(woken, write ? -1 : (int)now, addr, 32);
        }
        uint64_t d1 = 0, d2 = 0;
        int t1 = dram_tick(every, now, &d1), t2 = -1;
        if (now >= dram_wake(woken)) t2 = dram_tick(woken, now, &d2);   /* else: a skipped tick */
        /* the first cycle they differ (one check a cycle: Check's asserts
         * cost more than the ticks) */
        if (first_bad < 0 && (t1 != t2 || d1 != d2 || !dram_consistent(every) || !dram_consistent(woken)))
            first_bad = (long)now;
        started += t1 != -1;
    }
    ck_assert_int_eq(first_bad, -1);
    kernel_stats st;
    memset(&st, 0, sizeof st);
    dram_report(every, &st);
    hits_seen = (int)st.v[STAT_dram_row_hits];
    ck_assert_int_gt(started, 1000);
    if (tREFI > 50) ck_assert_int_gt(hits_seen, 100);   /* row hits were there to find */
    dram_delete(every);
    dram_delete(woken);
}

START_TEST(dram_wake_skips_only_idle_ticks)
{
    for (int i = 0; i < dram_scheduler_count(); i++)
        for (unsigned seed = 1; seed <= 3; seed++) {
            dram_lockstep(i, seed, 97, 10);
            dram_lockstep(i, seed, 9, 40);  /* refreshes due while every queued bank waits */
        }
}
END_TEST

/* ---- L2 slice ---- */
typedef struct {
    mem_msg m[16];
    uint64_t at[16];
    int n;
} sink;

static void sink_send(void *ctx, const mem_msg *m, uint64_t at) { sink *s = ctx; s->m[s->n] = *m; s->at[s->n++] = at; }
static uint64_t identity(void *ctx, uint64_t line) { (void)ctx; return line; }

/* a slice of 8 KB (16 sets of 4 ways) on its own DRAM channel, answering into out */
static l2_params l2_p(void)
{
    return (l2_params){ .cache = { .size = 8192, .line = 128, .sector = 32, .assoc = 4, .mshrs = 4, .write_back = 1,
                                   .write_allocate = 1 },
                        .latency = 30, .queue = 64, .atomic_latency = 20 };
}

static l2_slice *l2_fixture(const l2_params *p, kernel_stats *st, dram_channel **ch, sink *out)
{
    stats_mem_init(st, 4);
    dram_params dp = dram_p(0);
    *ch = dram_new(&dp);
    return l2_new(p, *ch, (l2_ports){ out, sink_send, identity }, st);
}

/* a read that misses with the DRAM queue and the MSHRs full waits (one
 * stall a try, its tags not looked up again); a merge into a miss in
 * flight still goes, and the read goes once a fill frees an MSHR and the
 * channel has room */
START_TEST(l2_blocked_read_waits_for_room)
{
    kernel_stats st;
    dram_channel *ch;
    sink out = { 0 };
    l2_params p = l2_p();
    l2_slice *s = l2_fixture(&p, &st, &ch, &out);
    for (uint64_t i = 0; i < 4; i++) {                   /* 4 misses: the channel's queue and the MSHRs full */
        mem_msg ld = { .line = 128 * i, .sectors = 1, .kind = MR_LOAD, .pc = 1, .tag = (int)i };
        ck_assert_int_eq(l2_accept(s, &ld, i), 1);
    }
    mem_msg late = { .line = 4096, .sectors = 1, .kind = MR_LOAD, .pc = 1, .tag = 9 };
    ck_assert_int_eq(l2_accept(s, &late, 10), 0);
    ck_assert_int_eq(l2_accept(s, &late, 11), 0);
    ck_assert_uint_eq(st.v[STAT_l2_mshr_stalls], 2);
    mem_msg merge = { .line = 0, .sectors = 1, .kind = MR_LOAD, .pc = 1, .tag = 8 };
    ck_assert_int_eq(l2_accept(s, &merge, 12), 1);
    ck_assert_int_eq(l2_accept(s, &late, 13), 0);
    uint64_t done;
    int token = dram_tick(ch, 20, &done);                 /* the channel has room; the MSHRs do not */
    ck_assert_int_ge(token, 0);
    ck_assert_int_eq(l2_accept(s, &late, 21), 0);
    l2_dram_done(s, token, dram_started_addr(ch), 50);
    l2_tick(s, 50);                                      /* a fill of another line frees an MSHR */
    ck_assert_int_eq(l2_accept(s, &late, 51), 1);
    ck_assert_uint_eq(st.v[STAT_l2_mshr_stalls], 4);
    ck_assert_uint_eq(st.v[STAT_dram_reads], 5);
    l2_delete(s);
    dram_delete(ch);
    stats_free(&st);
}
END_TEST

START_TEST(l2_slice_misses_and_atomics)
{
    kernel_stats st;
    dram_channel *ch;
    sink out = { 0 };
    l2_params p = l2_p();
    p.atomic_lane_cost = 100;
    p.atomic_line_serial = 1;
    l2_slice *s = l2_fixture(&p, &st, &ch, &out);
    /* two loads of one line: one DRAM read, the second merges */
    mem_msg ld = { .line = 0, .sectors = 1, .kind = MR_LOAD, .pc = 1, .tag = 5 };
    ck_assert_int_eq(l2_accept(s, &ld, 0), 1);
    ck_assert_int_eq(l2_accept(s, &ld, 1), 1);
    ck_assert_uint_eq(st.v[STAT_dram_reads], 1);
    ck_assert_uint_eq(st.v[STAT_l2_mshr_merges], 1);
    uint64_t done;
    int token = dram_tick(ch, 0, &done);
    ck_assert_int_ge(token, 0);
    l2_dram_done(s, token, dram_started_addr(ch), 100);
    l2_tick(s, 99);
    ck_assert_int_eq(out.n, 0);
    l2_tick(s, 100);
    ck_assert_int_eq(out.n, 2);                          /* the fill answers both */
    ck_assert_uint_eq(out.at[0], 130);
    ck_assert_uint_eq(out.at[1], 130);
    /* atomics hit the now-present line: one ALU, serialised per line */
    out.n = 0;
    mem_msg at = { .line = 0, .sectors = 1, .kind = MR_ATOMIC, .lanes = 1, .pc = 2, .tag = -1 };
    mem_msg other = at;
    other.line = 128;
    ck_assert_int_eq(l2_accept(s, &at, 200), 1);
    ck_assert_int_eq(l2_accept(s, &at, 201), 1);
    ck_assert_uint_eq(out.at[0], 220);                   /* atomic latency */
    ck_assert_uint_eq(out.at[1], 240);                   /* waits for the first on its line */
    ck_assert_int_eq(l2_accept(s, &other, 202), 1);      /* another line: a miss, served after the fill */
    token = dram_tick(ch, 100, &done);
    l2_dram_done(s, token, dram_started_addr(ch), 300);
    l2_tick(s, 300);
    ck_assert_uint_eq(out.at[2], 320);                   /* the ALU is free again by then */
    ck_assert_uint_eq(st.v[STAT_l2_atomics], 3);
    ck_assert_uint_eq(st.mem_pc[1].l2_misses, 2);
    ck_assert_uint_eq(st.mem_pc[2].l2_hits, 2);
    ck_assert_uint_eq(st.mem_pc[2].l2_misses, 1);
    /* a store is absorbed (write-back, write-allocate): no response */
    mem_msg stv = { .line = 512, .sectors = 1, .kind = MR_STORE, .pc = 3 };
    ck_assert_int_eq(l2_accept(s, &stv, 400), 1);
    ck_assert_int_eq(out.n, 3);
    l2_delete(s);
    dram_delete(ch);
    stats_free(&st);
}
END_TEST

/* the H100's atomic unit (l2.atomic_*_cost in 1/100 cycles, lines pipelined):
 * time per sector and per same-word lane, fractions kept exactly */
START_TEST(l2_atomic_unit_costs)
{
    kernel_stats st;
    dram_channel *ch;
    sink out = { 0 };
    l2_params p = l2_p();
    p.queue = 1000;
    p.atomic_sector_cost = 130;
    p.atomic_word_cost = 150;
    l2_slice *s = l2_fixture(&p, &st, &ch, &out);
    /* make line 0 present: a store allocates it (write-allocate, no fetch) */
    mem_msg stv = { .line = 0, .sectors = 0xf, .kind = MR_STORE, .pc = 0 };
    ck_assert_int_eq(l2_accept(s, &stv, 0), 1);
    /* ten one-sector atomics to one line at cycle 10: 1.3 cycles each, pipelined */
    mem_msg at = { .line = 0, .sectors = 1, .kind = MR_ATOMIC, .lanes = 4, .word_lanes = 1, .pc = 1, .tag = -1 };
    for (int i = 0; i < 10; i++) ck_assert_int_eq(l2_accept(s, &at, 10), 1);
    /* the k-th finishes its unit time at 10 + ceil(1.3 k) and responds 19 cycles later */
    ck_assert_uint_eq(out.at[0], 10 + 2 + 19);
    ck_assert_uint_eq(out.at[9], 10 + 13 + 19);
    /* 32 lanes on one word: 1.3 + 31 x 1.5 = 47.8 cycles of the unit */
    mem_msg same = at;
    same.lanes = 32;
    same.word_lanes = 32;
    ck_assert_int_eq(l2_accept(s, &same, 100), 1);
    ck_assert_uint_eq(out.at[10], 100 + 48 + 19);
    /* four sectors of distinct words: 5.2 cycles */
    mem_msg wide = at;
    wide.sectors = 0xf;
    wide.lanes = 32;
    ck_assert_int_eq(l2_accept(s, &wide, 300), 1);
    ck_assert_uint_eq(out.at[11], 300 + 6 + 19);
    l2_delete(s);
    dram_delete(ch);
    stats_free(&st);
}
END_TEST

/* ---- address maps: every map is a bijection of (slice, channel address) ---- */
START_TEST(address_maps_do_not_alias)
{
    addr_geometry g = { 256, 6, 16 };
    for (int i = 0; i < addr_map_count(); i++) {
        const addr_map *m = addr_map_at(i);
        static uint8_t seen[6][4096];
        memset(seen, 0, sizeof seen);
        int used[6] = { 0 };
        for (uint64_t line = 0; line < 6 * 4096 * 128; line += 128) {
            int s = addr_slice(m, &g, line);
            uint64_t c = addr_channel(&g, line) / 128;
            ck_assert_int_lt(s, 6);
            ck_assert_msg(!seen[s][c], "%s: two lines at slice %d channel line %llu", m->name, s, (unsigned long long)c);
            seen[s][c] = 1;
            used[s]++;
        }
        for (int s = 0; s < 6; s++) ck_assert_int_eq(used[s], 4096);
        for (uint64_t grp = 0; grp < 64; grp++) {         /* banks: a permutation within each group of rows */
            int b[16] = { 0 };
            for (uint64_t r = 0; r < 16; r++) b[m->bank(&g, grp * 16 + r)]++;
            for (int k = 0; k < 16; k++) ck_assert_int_eq(b[k], 1);
        }
    }
    /* a stride of 6 chunks: one slice under linear, all of them under skewed and xor */
    for (int i = 0; i < addr_map_count(); i++) {
        int hit[6] = { 0 }, distinct = 0;
        for (uint64_t k = 0; k < 60; k++) hit[addr_slice(addr_map_at(i), &g, k * 6 * 256)] = 1;
        for (int s = 0; s < 6; s++) distinct += hit[s];
        ck_assert_int_eq(distinct, !strcmp(addr_map_at(i)->name, "linear") ? 1 : 6);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("mem_blocks");
    TCase *t = tcase_create("blocks");
    tcase_add_test(t, dram_row_timing);
    tcase_add_test(t, dram_frfcfs_vs_fcfs);
    tcase_add_test(t, dram_waits_for_a_ready_bank);
    tcase_add_test(t, dram_wake_skips_only_idle_ticks);
    tcase_add_test(t, l2_blocked_read_waits_for_room);
    tcase_add_test(t, l2_slice_misses_and_atomics);
    tcase_add_test(t, l2_atomic_unit_costs);
    tcase_add_test(t, hugemem_arrays_are_zeroed_and_apart);
    tcase_add_test(t, hugemem_arenas_and_growth);
    tcase_add_test(t, address_maps_do_not_alias);
    tcase_add_test(t, stats_mem_side_pc_counters_merge);
    suite_add_tcase(s, t);
    return run_suite(s);
}
