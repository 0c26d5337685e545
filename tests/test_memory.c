/* tests/test_memory.c — the memory hierarchy, measured as the seeds and
 * the microbenchmark papers measured real GPUs. */
#include <check.h>
#include "check_main.h"
#include "microbench.h"

/* average load latency of a pointer chase of `size` bytes at `stride`;
 * through L1 with .CA when `ca` (CC 3.5 and 5.x skip L1 by default) */
static double chase_steps(const char *cfg, long size, int stride, int ca, long steps)
{
    char def[96];
    if (steps) snprintf(def, sizeof def, "size=%ld;stride=%d;steps=%ld", size, stride, steps);
    else snprintf(def, sizeof def, "size=%ld;stride=%d", size, stride);
    result r;
    run(ca ? "microbench/pointer_chase_ca.sass" : "microbench/pointer_chase.sass", cfg, "sm.count=1", def, &r);
    return r.report[0];
}

static double chase(const char *cfg, long size, int stride, int ca) { return chase_steps(cfg, size, stride, ca, 0); }

static int near(double got, double want, double tol) { return got > want * (1 - tol) && got < want * (1 + tol); }

/* Wong et al.'s method (seed 001): recover a cache's geometry from the
 * latency-vs-size curve of a pointer chase */
typedef struct {
    const char *cfg;
    int ca;
    long l1_size;
    int l1_line, l1_assoc;
    long l2_size;
    int l2_line, l2_assoc;   /* the L2 fill granularity seen by a load */
} geometry;
static const geometry geometries[] = {
    { "gf100", 0, 16384, 128, 4, 786432, 128, 8 },    /* L1 fills whole 128 B lines */
    { "gk110", 1, 16384, 128, 4, 1572864, 32, 16 },   /* L2 line 32 B (JT, K80) */
    { "gm204", 1, 24576, 32, 4, 2097152, 32, 8 },     /* sectored L1 (MC: 32 B lines); L2 32 B (JT) */
};

START_TEST(test_pointer_chase_recovers_caches)
{
    const geometry *g = &geometries[_i];
    int sets_expected = (int)(g->l1_size / (128 * g->l1_assoc));
    double l1 = chase(g->cfg, 4096, 128, g->ca), l2 = chase(g->cfg, g->l1_size * 4, 128, g->ca);
    /* L1 size: the largest array whose chase stays at the L1 plateau */
    long l1_size = 0;
    for (long sz = 4096; sz <= 4 * g->l1_size; sz += 4096)
        if (chase(g->cfg, sz, 128, g->ca) <= l1 * 1.05) l1_size = sz;
    ck_assert_msg(l1_size == g->l1_size, "%s: recovered L1 size %ld, configured %ld", g->cfg, l1_size, g->l1_size);
    /* line: stride 8 through twice the L1 misses once per fill; the hit
     * cost is taken from the same stride (the loop's shape sets it) */
    double hit8 = chase(g->cfg, 4096, 8, g->ca);
    double avg = chase(g->cfg, 2 * g->l1_size, 8, g->ca), line = 8 * (l2 - hit8) / (avg - hit8);
    ck_assert_msg(near(line, g->l1_line, 0.1), "%s: recovered L1 line %.1f, configured %d", g->cfg, line, g->l1_line);
    /* associativity: C + j lines overflow j sets; every access misses once j = sets */
    int sets = 0;
    for (int j = 4; j <= 2 * sets_expected && !sets; j += 4)
        if (chase(g->cfg, g->l1_size + 128L * j, 128, g->ca) > 0.99 * l2) sets = j;
    ck_assert_msg(sets == sets_expected, "%s: %d sets overflowed before every access missed, want %d", g->cfg, sets, sets_expected);
    ck_assert_int_eq(g->l1_size / (128 * sets), g->l1_assoc);
    /* L2 size: the largest array (in steps of an eighth) at the L2 plateau */
    long l2_size = 0;
    for (long sz = g->l2_size / 2; sz <= g->l2_size * 2; sz += g->l2_size / 8)
        if (chase(g->cfg, sz, 128, 0) <= l2 * 1.05) l2_size = sz;
    ck_assert_msg(l2_size == g->l2_size, "%s: recovered L2 size %ld, configured %ld", g->cfg, l2_size, g->l2_size);
}
END_TEST

START_TEST(test_pointer_chase_recovers_l2)
{
    const geometry *g = &geometries[_i];
    double dram = chase(g->cfg, g->l2_size * 4, 128, 0);
    /* fill granularity: walk 64 KB of a chain 4x the L2 whose lines the
     * initialisation has long evicted; one DRAM fill per granule */
    double hit = chase(g->cfg, 4096, 128, 0);   /* the nearest cache on the load path */
    double avg = chase_steps(g->cfg, g->l2_size * 4, 8, 0, 8192);
    double line = 8 * (dram - hit) / (avg - hit);
    ck_assert_msg(near(line, g->l2_line, 0.15), "%s: recovered L2 fill %.1f, want %d", g->cfg, line, g->l2_line);
    /* associativity: as for L1, over all slices' sets together */
    int sets_expected = (int)(g->l2_size / (128 * g->l2_assoc)), sets = 0;
    for (int j = sets_expected / 8; j <= 2 * sets_expected && !sets; j += sets_expected / 8)
        if (chase(g->cfg, g->l2_size + 128L * j, 128, 0) > 0.99 * dram) sets = j;
    ck_assert_msg(sets == sets_expected, "%s: %d L2 sets overflowed before every access missed, want %d",
                  g->cfg, sets, sets_expected);
    ck_assert_int_eq(g->l2_size / (128 * sets), g->l2_assoc);
}
END_TEST

START_TEST(test_plateaus_of_every_config)
{
    /* published figures each config's memory parameters were chosen for */
    static const struct { const char *cfg; int ca; double l1, l2, dram; } want[] = {
        { "gt200", 0, 0, 0, 440 },      /* uncached: W10 436-443 */
        { "gf100", 0, 17, 274, 510 },   /* S003 */
        { "gf104", 0, 17, 274, 510 },   /* as GF100 */
        { "gk110", 1, 35, 200, 339 },   /* JT (K80) L1 35, L2 ~200; MC Fig. 14 */
        { "gm204", 1, 82, 207, 383 },   /* JT (M60) L1 82, L2 ~207; MC Fig. 14 */
    };
    for (int i = 0; i < 5; i++) {
        if (want[i].l1 > 0) {
            /* gf100's issue slots are 2 cycles apart: its chain of hits measures 18 */
            double l1 = chase(want[i].cfg, 8192, 128, want[i].ca);
            ck_assert_msg(near(l1, want[i].l1, 0.05) || (l1 - want[i].l1 <= 1 && l1 >= want[i].l1), "%s L1 plateau %.1f",
                          want[i].cfg, l1);
        }
        if (want[i].l2 > 0) {
            double l2 = chase(want[i].cfg, 65536, 128, 0);
            ck_assert_msg(near(l2, want[i].l2, 0.05), "%s L2 plateau %.1f, want %.0f", want[i].cfg, l2, want[i].l2);
        }
        double dram = chase(want[i].cfg, 8388608, 128, 0);
        ck_assert_msg(near(dram, want[i].dram, 0.05), "%s DRAM plateau %.1f, want %.0f", want[i].cfg, dram, want[i].dram);
    }
}
END_TEST

static double gbps(const result *r)
{
    const kernel_stats *s = &r->ks[0];
    return (double)s->v[STAT_dram_bytes] / ((double)s->cycles / (r->cfg.ival[CFGK_gpu_clock_mhz] * 1e6)) / 1e9;
}

static double row_hit_rate(const result *r)
{
    const kernel_stats *s = &r->ks[0];
    return (double)s->v[STAT_dram_row_hits] / (double)(s->v[STAT_dram_row_hits] + s->v[STAT_dram_row_misses]);
}

START_TEST(test_bandwidth_and_row_hits)
{
    static const char *const cfgs[] = { "gt200", "gf100", "gk110", "gm204" };
    result stream, gather;
    run("microbench/stream.sass", cfgs[_i], NULL, NULL, &stream);
    double peak = stream.ks[0].dram_peak_gbps, got = gbps(&stream);
    ck_assert_msg(got >= 0.7 * peak && got <= peak * 1.0001, "%s: %.1f GB/s of %.1f peak", cfgs[_i], got, peak);
    run("microbench/gather.sass", cfgs[_i], NULL, NULL, &gather);
    ck_assert_msg(row_hit_rate(&gather) < row_hit_rate(&stream), "%s: gather row hits %.3f, stream %.3f",
                  cfgs[_i], row_hit_rate(&gather), row_hit_rate(&stream));
}
END_TEST

/* l2.far_copies: a line read from the other L2 partition also takes a slot
 * in the reader's partition. The h100 L2 shrunk to 80 x 64 KB = 5 MB: 4 MB
 * read twice by every SM stays whole without the copies, and with them (each
 * far line in two slices, about 1.5 slots a line) the second read goes back
 * to DRAM for a good part of it */
START_TEST(test_far_copies_take_capacity)
{
    result one, two;
    run("microbench/l2_reread.sass", "h100", "l2.slice_size=65536;l2.far_copies=0", "mb=4;groups=264", &one);
    run("microbench/l2_reread.sass", "h100", "l2.slice_size=65536;l2.far_copies=1", "mb=4;groups=264", &two);
    uint64_t bytes = 4u << 20;
    ck_assert_msg(one.ks[1].v[STAT_dram_reads] == 0, "no copies: the second read missed %llu times",
                  (unsigned long long)one.ks[1].v[STAT_dram_reads]);
    ck_assert_msg(two.ks[1].v[STAT_dram_reads] * 128 > bytes / 4, "copies: the second read fetched only %llu lines",
                  (unsigned long long)two.ks[1].v[STAT_dram_reads]);
    ck_assert_msg(two.ks[0].v[STAT_l2_copies] > 0 && one.ks[0].v[STAT_l2_copies] == 0, "copies taken: %llu",
                  (unsigned long long)two.ks[0].v[STAT_l2_copies]);
    /* about half the lines are far: a copy each */
    ck_assert_msg(two.ks[0].v[STAT_l2_copies] * 128 > bytes / 4 && two.ks[0].v[STAT_l2_copies] * 128 < bytes,
                  "copies of 4 MB: %llu lines", (unsigned long long)two.ks[0].v[STAT_l2_copies]);
}
END_TEST

START_TEST(test_histogram_contention)
{
    /* seed 004: v1 (one global atomic per byte) against v3 (shared bins),
     * 16 MB with WARPSIM_LONG=1 (make check-long), 2 MB in the quick pass */
    const char *n = getenv("WARPSIM_LONG") && *getenv("WARPSIM_LONG") ? "n=16777216" : "n=2097152";
    result v1, v3;
    run("histogram/v1_atomic_per_byte.sass", "gf100", NULL, n, &v1);
    run("histogram/v3_shared_bins.sass", "gf100", NULL, n, &v3);
    ck_assert_msg(v1.ks[0].cycles > 10 * v3.ks[0].cycles, "v1 %llu cycles, v3 %llu",
                  (unsigned long long)v1.ks[0].cycles, (unsigned long long)v3.ks[0].cycles);
    ck_assert(v1.ks[0].v[STAT_l2_atomics] > 0);
}
END_TEST

START_TEST(test_instruction_cache)
{
    /* a kernel longer than a tiny instruction cache keeps missing; the same
     * kernel with an ideal cache is faster */
    result tiny, ideal;
    run("microbench/latency_chain.sass", "gf100", "icache.size=128;icache.assoc=1", NULL, &tiny);
    run("microbench/latency_chain.sass", "gf100", "icache.size=0", NULL, &ideal);
    ck_assert(tiny.ks[0].v[STAT_icache_misses] > 20);
    ck_assert_uint_eq(ideal.ks[0].v[STAT_icache_misses], 0);
    ck_assert(tiny.ks[0].cycles > ideal.ks[0].cycles);
}
END_TEST

START_TEST(test_constant_cache)
{
    /* many warps: each SM misses each parameter line once, then hits */
    result cached, ideal;
    run("sum/gpu3_grid_stride.sass", "gf100", NULL, NULL, &cached);
    ck_assert(cached.ks[0].v[STAT_ccache_misses] > 0);
    ck_assert(cached.ks[0].v[STAT_ccache_hits] > 10 * cached.ks[0].v[STAT_ccache_misses]);
    /* one warp cannot hide a miss */
    run("microbench/outstanding_loads.sass", "gf100", NULL, NULL, &cached);
    run("microbench/outstanding_loads.sass", "gf100", "ccache.size=0", NULL, &ideal);
    ck_assert_uint_eq(ideal.ks[0].v[STAT_ccache_misses], 0);
    ck_assert(cached.ks[0].v[STAT_ccache_misses] > 0);
    ck_assert(cached.ks[0].cycles > ideal.ks[0].cycles);
    /* GCN: 4 CUs share a scalar data cache, so they share its misses */
    result own, shared;
    run("sum/gpu4_local.sass", "gcn-tahiti", "ccache.shared_by=1", NULL, &own);
    run("sum/gpu4_local.sass", "gcn-tahiti", NULL, NULL, &shared);
    ck_assert_uint_eq(shared.cfg.ival[CFGK_ccache_shared_by], 4);
    ck_assert_msg(4 * shared.ks[0].v[STAT_ccache_misses] == own.ks[0].v[STAT_ccache_misses], "misses %llu shared, %llu own",
                  (unsigned long long)shared.ks[0].v[STAT_ccache_misses], (unsigned long long)own.ks[0].v[STAT_ccache_misses]);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("memory");
    TCase *tc = tcase_create("memory");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_pointer_chase_recovers_caches, 0, 3);
    tcase_add_loop_test(tc, test_pointer_chase_recovers_l2, 0, 3);
    tcase_add_test(tc, test_plateaus_of_every_config);
    tcase_add_loop_test(tc, test_bandwidth_and_row_hits, 0, 4);
    tcase_add_test(tc, test_histogram_contention);
    tcase_add_test(tc, test_far_copies_take_capacity);
    tcase_add_test(tc, test_instruction_cache);
    tcase_add_test(tc, test_constant_cache);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
