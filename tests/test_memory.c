/* tests/test_memory.c — the memory hierarchy, measured as the seeds and
 * the microbenchmark papers measured real GPUs. */
#include <check.h>
#include "check_main.h"
#include "microbench.h"

/* average load latency of a pointer chase of `size` bytes at `stride` */
static double chase(const char *cfg, long size, int stride)
{
    char def[96];
    snprintf(def, sizeof def, "size=%ld;stride=%d", size, stride);
    result r;
    run("microbench/pointer_chase.sass", cfg, "sm.count=1", def, &r);
    return r.report[0];
}

static int near(double got, double want, double tol) { return got > want * (1 - tol) && got < want * (1 + tol); }

START_TEST(test_gf100_recovers_its_caches)
{
    /* Wong et al.'s method (seed 001) on gf100: the latency-vs-size curve */
    static const long sizes[] = { 4096, 8192, 12288, 16384, 20480, 24576, 32768, 65536, 262144, 524288,
                                  655360, 786432, 917504, 1048576, 2097152, 8388608 };
    double lat[16];
    for (int i = 0; i < 16; i++) lat[i] = chase("gf100", sizes[i], 128);
    double l1 = lat[0], l2 = lat[7], dram = lat[15];
    ck_assert_msg(near(l1, 17, 0.05), "L1 plateau %.1f, seed 003: 17", l1);
    ck_assert_msg(near(l2, 274, 0.05), "L2 plateau %.1f, seed 003: ~274", l2);
    ck_assert_msg(near(dram, 510, 0.05), "DRAM plateau %.1f, seed 003: ~510", dram);
    long l1_size = 0, l2_size = 0;
    for (int i = 0; i < 16; i++) {
        if (lat[i] <= l1 * 1.05) l1_size = sizes[i];
        if (lat[i] <= l2 * 1.05) l2_size = sizes[i];
    }
    ck_assert_msg(l1_size == 16384, "recovered L1 size %ld", l1_size);
    ck_assert_msg(l2_size >= 655360 && l2_size <= 786432, "recovered L2 size %ld (configured 768 KB)", l2_size);
    /* line size: stride 8 through twice the L1, one miss per line */
    double avg = chase("gf100", 32768, 8);
    double line = 8 * (l2 - l1) / (avg - l1);
    ck_assert_msg(near(line, 128, 0.1), "recovered line size %.1f", line);
    /* associativity: C + j lines overflow j sets; every access misses once j = sets */
    int sets = 0;
    for (int j = 4; j <= 48 && !sets; j += 4)
        if (chase("gf100", 16384 + 128L * j, 128) > 0.95 * l2) sets = j;
    ck_assert_msg(sets > 0, "no j made every access miss");
    int assoc = 16384 / (128 * sets);
    ck_assert_msg(assoc == 4, "recovered associativity %d (%d sets)", assoc, sets);
}
END_TEST

START_TEST(test_plateaus_of_every_config)
{
    /* published figures each config's memory parameters were chosen for */
    static const struct { const char *cfg; double l1, l2, dram; } want[] = {
        { "gt200", 0, 0, 440 },      /* uncached: W10 436-443 */
        { "gf100", 17, 274, 510 },   /* S003 */
        { "gf104", 17, 274, 510 },   /* as GF100 */
        { "gk110", 0, 200, 339 },    /* JT (K80) L2 ~200; MC Fig. 14 */
        { "gm204", 0, 207, 383 },    /* JT (M60) L2 ~207; MC Fig. 14 */
    };
    for (int i = 0; i < 5; i++) {
        if (want[i].l1 > 0) ck_assert_msg(near(chase(want[i].cfg, 8192, 128), want[i].l1, 0.05), "%s L1", want[i].cfg);
        if (want[i].l2 > 0) {
            double l2 = chase(want[i].cfg, 65536, 128);
            ck_assert_msg(near(l2, want[i].l2, 0.05), "%s L2 plateau %.1f, want %.0f", want[i].cfg, l2, want[i].l2);
        }
        double dram = chase(want[i].cfg, 8388608, 128);
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

START_TEST(test_histogram_contention)
{
    /* seed 004: v1 (one global atomic per byte) against v3 (shared bins), 16 MB */
    result v1, v3;
    run("histogram/v1_atomic_per_byte.sass", "gf100", NULL, "n=16777216", &v1);
    run("histogram/v3_shared_bins.sass", "gf100", NULL, "n=16777216", &v3);
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

int main(void)
{
    Suite *s = suite_create("memory");
    TCase *tc = tcase_create("memory");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_gf100_recovers_its_caches);
    tcase_add_test(tc, test_plateaus_of_every_config);
    tcase_add_loop_test(tc, test_bandwidth_and_row_hits, 0, 4);
    tcase_add_test(tc, test_histogram_contention);
    tcase_add_test(tc, test_instruction_cache);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
