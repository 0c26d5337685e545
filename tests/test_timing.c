/* tests/test_timing.c — the SM timing core, measured the way the seeds
 * measured real GPUs: microbenchmarks under workloads/microbench/ run on the
 * shipped configs and must recover what the configs say. */
#include <check.h>
#include "check_main.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "microbench.h"
#include "gpu/timing.h"
#include <unistd.h>

static const char *const configs[] = { "gt200", "gf100", "gf104", "gk110", "gm204" };
/* gcn-tahiti runs latency_chain too, but its vector loop control costs issue turns: see test_gcn_issue */

START_TEST(test_dependent_chain_latency)
{
    /* order of the report: int fp32 fp64 sfu shared uniform */
    static const int keys[] = { CFGK_unit_int_latency, CFGK_unit_fp32_latency, CFGK_unit_fp64_latency,
                                CFGK_unit_sfu_latency, CFGK_unit_shared_latency, CFGK_unit_uniform_latency };
    result r;
    run("microbench/latency_chain.sass", configs[_i], NULL, NULL, &r);
    ck_assert_int_eq(r.nreport, 6);
    for (int c = 0; c < 6; c++) {
        double want = (double)r.cfg.ival[keys[c]];
        ck_assert_msg(r.report[c] > want - 1 && r.report[c] < want + 1, "%s: %s measured %.2f, configured %.0f",
                      configs[_i], config_keys[keys[c]].name, r.report[c], want);
    }
}
END_TEST

START_TEST(test_gt200_throughput_vs_warps)
{
    /* Wong et al. figure 6: latency 24 up to ~6 warps, then 8 ops/clock */
    double tp[17];
    for (int w = 1; w <= 16; w *= 2) {
        char def[32];
        snprintf(def, sizeof def, "warps=%d", w);
        result r;
        run("microbench/throughput.sass", "gt200", NULL, def, &r);
        tp[w] = ops_per_cycle(&r, 2);                     /* iadd_ilp1: one chain per warp */
    }
    ck_assert_msg(tp[1] > 32.0 / 24 * 0.9 && tp[1] < 32.0 / 24 * 1.15, "1 warp: %.2f", tp[1]);
    ck_assert_msg(tp[2] / tp[1] > 1.85 && tp[2] / tp[1] < 2.15, "2 warps: %.2f vs %.2f", tp[2], tp[1]);
    ck_assert_msg(tp[4] / tp[1] > 3.6 && tp[4] / tp[1] < 4.3, "4 warps: %.2f", tp[4]);
    ck_assert_msg(tp[16] > 7.6 && tp[16] <= 8.05, "16 warps: %.2f ops/clock, want 8", tp[16]);
}
END_TEST

START_TEST(test_register_bank_conflicts)
{
    /* microbench/regbank_conflict.sass: three operands in one bank are read
     * one per cycle (2 cycles more per dependent add); spread over three
     * banks, or with the model off, both chains take the unit latency */
    result on, off;
    run("microbench/regbank_conflict.sass", "gt200", NULL, NULL, &on);
    run("microbench/regbank_conflict.sass", "gt200", "opcoll.banks=0", NULL, &off);
    ck_assert_int_eq(on.nreport, 2);
    ck_assert_msg(on.report[0] > 23.5 && on.report[0] < 24.5, "spread: %.2f", on.report[0]);
    ck_assert_msg(on.report[1] - on.report[0] > 1.5 && on.report[1] - on.report[0] < 2.5, "one bank: %.2f vs %.2f",
                  on.report[1], on.report[0]);
    ck_assert_msg(off.report[1] - off.report[0] < 0.5 && off.report[1] - off.report[0] > -0.5, "off: %.2f vs %.2f",
                  off.report[1], off.report[0]);
}
END_TEST

START_TEST(test_gf100_saturation_and_ilp)
{
    result r6, r24;
    run("microbench/throughput.sass", "gf100", NULL, "warps=6", &r6);
    run("microbench/throughput.sass", "gf100", NULL, "warps=24", &r24);
    double int24 = ops_per_cycle(&r24, 0), dp24 = ops_per_cycle(&r24, 3);
    ck_assert_msg(int24 > 29 && int24 <= 32.05, "32-bit: %.2f per cycle, want 32 (seed 003)", int24);
    /* the DP kernel's 2 integer loop-control ops per 32 DADDs ride along */
    ck_assert_msg(dp24 > 15 && dp24 <= 16 * 34.0 / 32 + 0.05, "double: %.2f per cycle, want 16 (seed 003)", dp24);
    /* ILP 4 reaches with 6 warps what ILP 1 needs 24 for (seed 003) */
    double ilp4_6 = ops_per_cycle(&r6, 1), ilp1_6 = ops_per_cycle(&r6, 2), ilp1_24 = ops_per_cycle(&r24, 2);
    ck_assert_msg(ilp4_6 > 0.85 * ilp1_24, "ILP 4 at 6 warps %.2f vs ILP 1 at 24 warps %.2f", ilp4_6, ilp1_24);
    ck_assert_msg(ilp1_6 < 0.6 * ilp4_6, "ILP 1 at 6 warps %.2f should lag ILP 4 %.2f", ilp1_6, ilp4_6);
}
END_TEST

START_TEST(test_dual_issue_and_dp_blocking)
{
    result dual, single;
    run("microbench/throughput.sass", "gf104", NULL, "warps=16", &dual);
    run("microbench/throughput.sass", "gf104", "sched.issue_width=1", "warps=16", &single);
    ck_assert_msg(stats_ipc(&dual.ks[0]) > 1.15 * stats_ipc(&single.ks[0]), "dual issue IPC %.3f vs single %.3f",
                  stats_ipc(&dual.ks[0]), stats_ipc(&single.ks[0]));
    /* GF100: while even warps run doubles, the odd warps' integer adds wait */
    result blocked, free_;
    run("microbench/throughput.sass", "gf100", NULL, "warps=16", &blocked);
    run("microbench/throughput.sass", "gf100", "unit_fp64.occupies=", "warps=16", &free_);
    ck_assert_msg(blocked.ks[4].cycles > 1.25 * free_.ks[4].cycles, "mixed DP/int: %llu cycles vs %llu without blocking",
                  (unsigned long long)blocked.ks[4].cycles, (unsigned long long)free_.ks[4].cycles);
    ck_assert(blocked.ks[4].stall[STALL_unit_busy] > free_.ks[4].stall[STALL_unit_busy]);
}
END_TEST

START_TEST(test_policies_differ)
{
    result gto, lrr;
    run("microbench/throughput.sass", "gf100", "sched.policy=gto", "warps=24", &gto);
    run("microbench/throughput.sass", "gf100", "sched.policy=lrr", "warps=24", &lrr);
    /* one dependent chain per warp: greedy-then-oldest lets old warps run
     * ahead; the young ones finish alone, too few to hide the latency */
    ck_assert_msg(gto.ks[2].cycles > lrr.ks[2].cycles * 1.1, "gto %llu vs lrr %llu",
                  (unsigned long long)gto.ks[2].cycles, (unsigned long long)lrr.ks[2].cycles);
    ck_assert(gto.ks[2].stall[STALL_scoreboard] > 4 * lrr.ks[2].stall[STALL_scoreboard]);
    result tl, old;
    run("microbench/throughput.sass", "gf100", "sched.policy=two_level", "warps=24", &tl);
    run("microbench/throughput.sass", "gf100", "sched.policy=oldest", "warps=24", &old);
    ck_assert(tl.ks[2].cycles > 0 && old.ks[2].cycles > 0);
}
END_TEST

START_TEST(test_fetch_width)
{
    /* gf100 fetches for 2 warps per cycle: both warps of a block are fetched in
     * the first cycle and read the clock together, fetch_latency cycles in
     * (an ideal instruction cache keeps misses out of it); with one warp per
     * cycle the second starts an issue slot later */
    result two, one;
    run("microbench/fetch_start.sass", "gf100", "icache.size=0", NULL, &two);
    run("microbench/fetch_start.sass", "gf100", "icache.size=0;frontend.fetch_width=1", NULL, &one);
    double latency = (double)two.cfg.ival[CFGK_frontend_fetch_latency];
    ck_assert_int_eq(two.nreport, 64);
    ck_assert_msg(two.report[0] == latency && two.report[32] == latency, "warp 0 at %.0f, warp 1 at %.0f, want %.0f",
                  two.report[0], two.report[32], latency);
    ck_assert_msg(one.report[32] > one.report[0], "fetch width 1: warp 1 at %.0f, warp 0 at %.0f", one.report[32], one.report[0]);
}
END_TEST

/* cycles one iteration of microbench/loop_overhead.sass gains on h100 when
 * the --set `without` becomes `with` */
static double loop_growth(const char *without, const char *with)
{
    result none, some;
    run("microbench/loop_overhead.sass", "h100", without, NULL, &none);
    run("microbench/loop_overhead.sass", "h100", with, NULL, &some);
    return some.report[0] - none.report[0];
}

START_TEST(test_redirect_penalty)
{
    /* a taken branch's refetch waits frontend.redirect_penalty cycles: in a
     * loop whose counter -> ISETP -> BRA path is the critical one, each
     * iteration grows by about the penalty (one cycle of it overlaps the
     * branch's own issue) */
    double grew = loop_growth("frontend.redirect_penalty=0", "frontend.redirect_penalty=20");
    ck_assert_msg(grew >= 18 && grew <= 20, "an iteration grew by %.2f cycles for a 20-cycle penalty", grew);
}
END_TEST

START_TEST(test_branch_predicate_delay)
{
    /* the loop's BRA reads the predicate its ISETP wrote just before: a
     * later read by the branch unit lengthens every iteration by it */
    double grew = loop_growth("frontend.branch_predicate_delay=0", "frontend.branch_predicate_delay=9");
    ck_assert_msg(grew >= 8.5 && grew <= 9.5, "an iteration grew by %.2f cycles for a 9-cycle delay", grew);
}
END_TEST

START_TEST(test_scheduler_port_to_banks)
{
    /* one warp's 32-way conflicted LDS waits for its scheduler's path to
     * the banks (2 cycles a pass: 64 cycles), 16 warps keep the banks busy
     * at one pass a cycle (32) whatever the path's rate */
    static const struct { const char *def, *set; double want; } cases[] = {
        { "warps=1;stride=32", "smem.scheduler_cycles_per_pass=0", 32 },
        { "warps=1;stride=32", "smem.scheduler_cycles_per_pass=2", 64 },
        { "warps=16;stride=32", "smem.scheduler_cycles_per_pass=0", 32 },
        { "warps=16;stride=32", "smem.scheduler_cycles_per_pass=2", 32 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        result r;
        run("microbench/shared_rate.sass", "h100", cases[i].set, cases[i].def, &r);
        ck_assert_msg(fabs(r.report[0] - cases[i].want) < 0.6, "%s with %s: %.3f cycles per warp LDS, want %.0f",
                      cases[i].def, cases[i].set, r.report[0], cases[i].want);
    }
}
END_TEST

START_TEST(test_opcode_overrides)
{
    /* GT200 runs a 32-bit IMUL as 4 native instructions and IMAD as 5:
     * 96 and 120 cycles (W10 Table III), 4x and 5x the integer latency */
    result r, plain;
    run("microbench/opcode_latency.sass", "gt200", NULL, NULL, &r);
    double lat = (double)r.cfg.ival[CFGK_unit_int_latency], fp = (double)r.cfg.ival[CFGK_unit_fp32_latency];
    ck_assert_msg(fabs(r.report[0] - 4 * lat) < 2, "IMUL %.2f, want %.0f", r.report[0], 4 * lat);
    ck_assert_msg(fabs(r.report[1] - 5 * lat) < 2, "IMAD %.2f, want %.0f", r.report[1], 5 * lat);
    ck_assert_msg(fabs(r.report[2] - fp) < 2, "FMUL %.2f, want %.0f", r.report[2], fp);
    run("microbench/opcode_latency.sass", "gt200", "opcode.IMUL.expand=1;opcode.IMAD.expand=1", NULL, &plain);
    ck_assert_msg(fabs(plain.report[0] - lat) < 2, "IMUL without expansion %.2f", plain.report[0]);
    /* throughput: FMUL also issues to the SFUs; an expanded IMUL holds the
     * SPs four times as long */
    result rate, no_alt;
    run("microbench/opcode_throughput.sass", "gt200", NULL, NULL, &rate);
    run("microbench/opcode_throughput.sass", "gt200", "opcode.FMUL.alt_unit=none", NULL, &no_alt);
    double iadd = rate.report[0] / (double)rate.ks[0].cycles, fmul = rate.report[0] / (double)rate.ks[1].cycles;
    double ffma = rate.report[0] / (double)rate.ks[2].cycles, imul = rate.report[0] / (double)rate.ks[3].cycles;
    double fmul_sp = no_alt.report[0] / (double)no_alt.ks[1].cycles;
    ck_assert_msg(fmul > 1.15 * ffma && fmul < 10.5, "FMUL %.2f ops/clock vs FFMA %.2f", fmul, ffma);
    ck_assert_msg(fabs(fmul_sp - ffma) < 0.03 * ffma, "FMUL on the SPs only %.2f vs FFMA %.2f", fmul_sp, ffma);
    ck_assert_msg(imul > 0.23 * iadd && imul < 0.27 * iadd, "IMUL %.2f vs IADD %.2f ops/clock", imul, iadd);
}
END_TEST

START_TEST(test_divergence_costs_and_order)
{
    double one = 0;
    for (int k = 1; k <= 8; k *= 2) {
        char def[16];
        snprintf(def, sizeof def, "k=%d", k);
        result r;
        /* the first walk through the code would miss the instruction cache:
         * measure the paths with an ideal one, as Wong et al. ran twice */
        run("microbench/divergent_switch.sass", "gf100", "icache.size=0", def, &r);
        if (k == 1) one = r.report[0];
        ck_assert_msg(r.report[0] > 0.9 * k * one && r.report[0] < 1.1 * k * one, "%d paths: %.0f cycles, one path %.0f",
                      k, r.report[0], one);
    }
    result r;
    run("microbench/path_order.sass", "gt200", NULL, NULL, &r);
    for (int lane = 1; lane < 8; lane++)
        ck_assert_msg(r.report[lane] < r.report[lane - 1], "else-first: lane %d stamped %.0f after lane %d's %.0f",
                      lane, r.report[lane], lane - 1, r.report[lane - 1]);
    run("microbench/path_order.sass", "gt200", "simt.divergence_order=fallthrough_first", NULL, &r);
    for (int lane = 1; lane < 8; lane++) ck_assert(r.report[lane] > r.report[lane - 1]);
}
END_TEST

START_TEST(test_outstanding_loads)
{
    /* seed 003: a Fermi warp has up to 5 loads in flight; the 6th waits */
    result r;
    run("microbench/outstanding_loads.sass", "gf100", "icache.size=0", NULL, &r);
    for (int i = 0; i < 8; i++)
        if (i == 5) ck_assert_msg(r.report[i] > 400, "the 6th load issued after %.0f cycles", r.report[i]);
        else ck_assert_msg(r.report[i] < 50, "load %d issued after %.0f cycles", i + 1, r.report[i]);
    run("microbench/outstanding_loads.sass", "gf100", "mem.max_loads_per_warp=0;icache.size=0", NULL, &r);
    ck_assert(r.report[5] < 50);
}
END_TEST

START_TEST(test_bank_conflicts)
{
    static const struct { int stride, degree; } sweep[] = {
        { 1, 1 }, { 2, 2 }, { 4, 4 }, { 8, 8 }, { 16, 16 }, { 32, 32 }, { 3, 1 }, { 5, 1 }, { 7, 1 }, { 0, 1 },
    };
    for (size_t i = 0; i < sizeof sweep / sizeof sweep[0]; i++) {
        char def[32];
        snprintf(def, sizeof def, "stride=%d", sweep[i].stride);
        result r;
        run("microbench/shared_stride.sass", "gf100", NULL, def, &r);
        ck_assert_msg(r.worst_lds[0] == (uint64_t)sweep[i].degree, "gf100 stride %d: %llu-way, want %d-way",
                      sweep[i].stride, (unsigned long long)r.worst_lds[0], sweep[i].degree);
    }
    /* 64-bit words at stride 1: two passes on 4-byte banks, one on gk110's 8-byte banks */
    result r;
    run("microbench/shared_stride.sass", "gf100", NULL, "stride=1", &r);
    ck_assert_uint_eq(r.worst_lds[1], 2);
    run("microbench/shared_stride.sass", "gk110", NULL, "stride=1", &r);
    ck_assert_uint_eq(r.worst_lds[1], 1);
    /* GCN's LDS serves half a wavefront per pass: the degree is counted per
     * half, and a whole wavefront takes two halves' passes */
    for (int st = 1; st <= 32; st *= 2) {
        char def[48];
        snprintf(def, sizeof def, "stride=%d;threads=64", st);
        result g;
        run("microbench/shared_stride.sass", "gcn-tahiti", NULL, def, &g);
        ck_assert_msg(g.worst_lds[0] == (uint64_t)st, "gcn stride %d: %llu-way", st, (unsigned long long)g.worst_lds[0]);
        ck_assert_uint_eq(g.ks[0].v[STAT_shared_passes], 2 * (uint64_t)st);
    }
    /* conflicts cost cycles */
    result one, many;
    run("microbench/shared_stride.sass", "gf100", NULL, "stride=1", &one);
    run("microbench/shared_stride.sass", "gf100", NULL, "stride=32", &many);
    ck_assert_uint_eq(one.ks[0].v[STAT_shared_replays], 0);
    ck_assert_uint_eq(many.ks[0].v[STAT_shared_replays], 31);
    ck_assert(many.ks[0].cycles > one.ks[0].cycles + 15);
}
END_TEST

START_TEST(test_coalescing)
{
    /* seed 000: gpu2's lanes are m doubles apart (m = 8: 64 B), so a warp
     * load touches 16 lines of 128 B; gpu3's touch 2 */
    result r;
    run("sum/gpu2_chunked.sass", "gf100", NULL, "m=8", &r);
    ck_assert_msg(r.lines_per_ldg[0] > 15.9 && r.lines_per_ldg[0] <= 16.0, "gpu2: %.2f lines per load", r.lines_per_ldg[0]);
    run("sum/gpu3_grid_stride.sass", "gf100", NULL, NULL, &r);
    ck_assert_msg(r.lines_per_ldg[0] > 1.99 && r.lines_per_ldg[0] <= 2.0, "gpu3: %.2f lines per load", r.lines_per_ldg[0]);
}
END_TEST

START_TEST(test_gcn_issue)
{
    /* a wave64 VALU instruction takes its SIMD16 4 cycles and the SIMDs take
     * turns: a dependent chain issues every 4 cycles (the instruction cache
     * is ideal here: the straight-line chain would otherwise miss) */
    result r;
    run("microbench/gcn_issue.sass", "gcn-tahiti", "icache.size=0", "waves=8", &r);
    ck_assert_msg(r.report[0] > 3.9 && r.report[0] < 4.5, "dependent VALU: %.2f cycles", r.report[0]);
    /* 8 waves (2 per SIMD) keep the four SIMD16s busy: 64 lanes per cycle */
    double lanes = 8.0 * 64 * 32 * 16 / (double)r.ks[1].cycles;
    ck_assert_msg(lanes > 0.9 * 64 && lanes <= 64.05, "VALU: %.1f lanes per cycle", lanes);
    /* four waves on four SIMDs take about a quarter of the time one SIMD needs */
    result four, one;
    run("microbench/gcn_issue.sass", "gcn-tahiti", "icache.size=0;sm.count=1", "waves=4;iters=32", &four);
    run("microbench/gcn_issue.sass", "gcn-tahiti",
        "icache.size=0;sm.count=1;sm.schedulers=1;unit_int.count=1;unit_fp32.count=1", "waves=4;iters=32", &one);
    double ratio = (double)one.ks[1].cycles / (double)four.ks[1].cycles;
    ck_assert_msg(ratio > 3.4 && ratio < 4.1, "one SIMD / four SIMDs = %.2f", ratio);
    /* a full CU (blocks replacing blocks): one scalar add per two vector adds
     * rides in the SALU slots and costs the VALUs nothing */
    result vec, mixed;
    run("microbench/gcn_issue.sass", "gcn-tahiti", "icache.size=0;sm.count=1", "waves=4;blocks=40;scalar=0", &vec);
    run("microbench/gcn_issue.sass", "gcn-tahiti", "icache.size=0;sm.count=1", "waves=4;blocks=40;scalar=1", &mixed);
    double plain = 40.0 * 4 * 64 * 32 * 16 / (double)vec.ks[1].cycles;
    double with = 40.0 * 4 * 64 * 32 * 16 / (double)mixed.ks[1].cycles;
    ck_assert_msg(plain > 0.95 * 64, "VALU alone: %.1f lanes per cycle", plain);
    ck_assert_msg(with > 0.98 * plain, "VALU with scalar work: %.1f lanes per cycle, alone %.1f", with, plain);
}
END_TEST

START_TEST(test_divergence_probability)
{
    /* seed 000: the fraction of divergent warps is 1 - (1-p)^w - p^w */
    static const struct { const char *cfg; int w; } machines[] = { { "gf100", 32 }, { "gcn-tahiti", 64 } };
    static const int ppm[] = { 10000, 50000, 100000 };
    for (int m = 0; m < 2; m++)
        for (int i = 0; i < 3; i++) {
            char def[64];
            snprintf(def, sizeof def, "ppm=%d;n=262144", ppm[i]);
            result r;
            run("divergence/branch_probability.sass", machines[m].cfg, NULL, def, &r);
            double p = ppm[i] / 1e6, w = machines[m].w;
            double want = 1 - pow(1 - p, w) - pow(p, w);
            double got = (double)r.ks[0].v[STAT_divergent_branches] / (double)r.ks[0].v[STAT_branches];
            double sigma = sqrt(want * (1 - want) / (double)r.ks[0].v[STAT_branches]);
            ck_assert_msg(fabs(got - want) < 4 * sigma + 1e-3, "%s p=%.2f: %.4f divergent, expected %.4f",
                          machines[m].cfg, p, got, want);
        }
}
END_TEST

START_TEST(test_occupancy_and_stalls)
{
    result r;
    run("sum/gpu4_local.sass", "gf100", NULL, NULL, &r);
    const kernel_stats *s = &r.ks[0];
    ck_assert(s->occupancy_theoretical > 0.99);        /* 6 blocks of 8 warps = 48 warps */
    ck_assert(s->occupancy_achieved > 0.01 && s->occupancy_achieved <= s->occupancy_theoretical);
    uint64_t total = 0;
    for (int k = 0; k < STALL_COUNT; k++) total += s->stall[k];
    /* every issue slot of every scheduler is accounted for: 2 schedulers, one slot per 2 cycles */
    ck_assert_uint_eq(total, (s->cycles + 1) / 2 * 2 * 16);
    ck_assert(s->stall[STALL_barrier] > 0);
}
END_TEST

/* the observer's memory events add up to the counters: one event per line
 * request of a global access with its sectors, one per shared access with
 * its passes (exec/observer.h) */
typedef struct { uint64_t lines, sectors, shared, passes, lanes_missing; } mem_tally;

static void tally_mem(void *ctx, const obs_mem *m)
{
    mem_tally *t = ctx;
    if (m->space == SPACE_SHARED) { t->shared++; t->passes += (uint64_t)m->passes; }
    else { t->lines++; t->sectors += (uint64_t)__builtin_popcount(m->sectors); }
    if (!m->lanes) t->lanes_missing++;
}

START_TEST(test_observer_memory_events)
{
    mem_tally t = { 0 };
    sim_observer obs = { .ctx = &t, .mem_access = tally_mem };
    result r;
    run_observed("microbench/global_stride.sass", "gf100", NULL, "stride=16", &obs, &r);
    ck_assert_uint_gt(t.lines, 0);
    ck_assert_uint_eq(t.lines, r.ks[0].v[STAT_global_line_requests]);
    ck_assert_uint_eq(t.sectors, r.ks[0].v[STAT_global_sector_requests]);
    memset(&t, 0, sizeof t);
    run_observed("microbench/shared_stride.sass", "gf100", NULL, "stride=4", &obs, &r);
    uint64_t passes = 0, shared = 0;
    for (int i = 0; i < r.nk; i++) {
        passes += r.ks[i].v[STAT_shared_passes];
        shared += r.ks[i].v[STAT_shared_loads] + r.ks[i].v[STAT_shared_stores] + r.ks[i].v[STAT_shared_atomics];
    }
    ck_assert_uint_gt(t.shared, 0);
    ck_assert_uint_eq(t.shared, shared);
    ck_assert_uint_eq(t.passes, passes);
    ck_assert_uint_eq(t.lanes_missing, 0);
}
END_TEST

/* sim.threads: 0 (auto, the default) is a thread per core online; a
 * sweep's points and a validation's rows run on one unless a config or
 * --set gave the count */
START_TEST(test_threads_auto_and_side_by_side)
{
    config *c = malloc(sizeof *c);
    diag d;
    diag_init(&d);
    config_defaults(c);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int online = cores < 1 ? 1 : cores > 256 ? 256 : (int)cores;
    ck_assert_int_eq(CFG(c, sim_threads), 0);
    ck_assert_int_eq(timing_threads(c), online);
    timing_one_thread_unless_set(c);
    ck_assert_int_eq(timing_threads(c), 1);
    config_defaults(c);
    ck_assert_int_eq(config_set(c, "sim.threads=3", &d), 0);
    timing_one_thread_unless_set(c);
    ck_assert_int_eq(timing_threads(c), 3);
    diag_free(&d);
    free(c);
}
END_TEST


int main(void)
{
    Suite *s = suite_create("timing");
    TCase *tc = tcase_create("timing");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, test_dependent_chain_latency, 0, 5);
    tcase_add_test(tc, test_gt200_throughput_vs_warps);
    tcase_add_test(tc, test_gf100_saturation_and_ilp);
    tcase_add_test(tc, test_dual_issue_and_dp_blocking);
    tcase_add_test(tc, test_policies_differ);
    tcase_add_test(tc, test_fetch_width);
    tcase_add_test(tc, test_redirect_penalty);
    tcase_add_test(tc, test_scheduler_port_to_banks);
    tcase_add_test(tc, test_branch_predicate_delay);
    tcase_add_test(tc, test_opcode_overrides);
    tcase_add_test(tc, test_divergence_costs_and_order);
    tcase_add_test(tc, test_outstanding_loads);
    tcase_add_test(tc, test_bank_conflicts);
    tcase_add_test(tc, test_coalescing);
    tcase_add_test(tc, test_gcn_issue);
    tcase_add_test(tc, test_divergence_probability);
    tcase_add_test(tc, test_occupancy_and_stalls);
    tcase_add_test(tc, test_observer_memory_events);
    tcase_add_test(tc, test_register_bank_conflicts);
    tcase_add_test(tc, test_threads_auto_and_side_by_side);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
