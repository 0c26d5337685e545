/* tests/test_sm_blocks.c — the SM's blocks alone: the coalescer (lines and
 * sectors of a warp access), the shared-memory banks (conflict degree,
 * broadcast, bank width, lane groups), each scheduling policy's order and
 * the instruction cache's fill timing and prefetcher, the register
 * banks and operand collectors, the 32-bit scoreboard, and the load
 * records' free list. */
#include <check.h>
#include <string.h>
#include "check_main.h"
#include "sm/coalesce.h"
#include "sm/sched.h"
#include "sm/icache.h"
#include "sm/opcoll.h"
#include "sm/scoreboard.h"
#include "sm/ldst.h"

static uint64_t addr[64];

static void strided(uint64_t base, uint64_t stride, int lanes)
{
    for (int i = 0; i < lanes; i++) addr[i] = base + (uint64_t)i * stride;
}

START_TEST(coalescer_lines_and_sectors)
{
    line_request r[COALESCE_MAX];
    int sectors;
    strided(0, 4, 32);                                        /* 32 x 4 B consecutive: one line, 4 sectors */
    ck_assert_int_eq(coalesce(addr, 0xffffffffu, 4, 128, 32, r, &sectors), 1);
    ck_assert_int_eq(sectors, 4);
    ck_assert_uint_eq(r[0].sectors, 0xf);
    ck_assert_uint_eq(r[0].lanes, 0xffffffffu);
    strided(0, 128, 32);                                      /* stride of a line: 32 lines, 1 sector each */
    ck_assert_int_eq(coalesce(addr, 0xffffffffu, 4, 128, 32, r, &sectors), 32);
    ck_assert_int_eq(sectors, 32);
    strided(64, 4, 32);                                       /* misaligned: two lines */
    ck_assert_int_eq(coalesce(addr, 0xffffffffu, 4, 128, 32, r, &sectors), 2);
    ck_assert_int_eq(sectors, 4);
    strided(0, 4, 32);                                        /* only the active lanes count */
    ck_assert_int_eq(coalesce(addr, 0x1, 4, 128, 32, r, &sectors), 1);
    ck_assert_int_eq(sectors, 1);
    ck_assert_int_eq(coalesce(addr, 0, 4, 128, 32, r, &sectors), 0);
    strided(0, 8, 32);                                        /* 8-byte lanes: 256 B, two lines */
    ck_assert_int_eq(coalesce(addr, 0xffffffffu, 8, 128, 32, r, &sectors), 2);
    ck_assert_int_eq(sectors, 8);
}
END_TEST

START_TEST(banks_conflict_degree)
{
    int worst;
    for (int stride = 1; stride <= 32; stride *= 2) {        /* word stride s: s-way on 32 banks */
        strided(0, 4 * (uint64_t)stride, 32);
        ck_assert_int_eq(bank_passes(addr, 0xffffffffu, 4, 32, 4, 32, &worst), stride);
        ck_assert_int_eq(worst, stride);
    }
    strided(0, 12, 32);                                       /* odd stride 3: conflict-free */
    ck_assert_int_eq(bank_passes(addr, 0xffffffffu, 4, 32, 4, 32, &worst), 1);
    for (int i = 0; i < 32; i++) addr[i] = 40;                /* one word for all: a broadcast */
    ck_assert_int_eq(bank_passes(addr, 0xffffffffu, 4, 32, 4, 32, &worst), 1);
    ck_assert_int_eq(same_address_max(addr, 0xffffffffu), 32);   /* but atomics serialise */
    strided(0, 8, 32);                                        /* 64-bit words: 2 passes on 4 B banks ... */
    ck_assert_int_eq(bank_passes(addr, 0xffffffffu, 8, 32, 4, 32, &worst), 2);
    ck_assert_int_eq(bank_passes(addr, 0xffffffffu, 8, 32, 8, 32, &worst), 1);   /* ... 1 on 8 B banks */
    strided(0, 4, 32);                                        /* half a warp per cycle: 2 groups */
    ck_assert_int_eq(bank_passes(addr, 0xffffffffu, 4, 16, 4, 16, &worst), 2);
    ck_assert_int_eq(worst, 1);
}
END_TEST

/* the linear-time analyses against the definitions, counted the slow way,
 * on random addresses of few distinct values (conflicts and duplicates) */
static int brute_passes(const uint64_t *a, uint64_t mask, int size, int banks, int bw, int lpc, int *worst)
{
    int total = 0, wpl = size > bw ? size / bw : 1;
    *worst = 0;
    for (int g = 0; g < 64; g += lpc) {
        uint64_t words[256];
        int n = 0, deg = 0;
        for (int lane = g; lane < g + lpc && lane < 64; lane++)
            if (mask >> lane & 1)
                for (int k = 0; k < wpl; k++) {
                    uint64_t w = a[lane] / (uint64_t)bw + (uint64_t)k;
                    int seen = 0;
                    for (int i = 0; i < n; i++) seen |= words[i] == w;
                    if (!seen) words[n++] = w;
                }
        for (int b = 0; b < banks; b++) {
            int c = 0;
            for (int i = 0; i < n; i++) c += (int)(words[i] % (uint64_t)banks) == b;
            if (c > deg) deg = c;
        }
        if (!n) continue;
        total += deg;
        if (deg > *worst) *worst = deg;
    }
    return total;
}

START_TEST(bank_and_address_analysis_match_definitions)
{
    uint64_t a[64], x = 12345;
    for (int trial = 0; trial < 2000; trial++) {
        int spread = 1 + trial % 97, size = 4 << (trial % 3), lpc = trial % 5 == 0 ? 16 : trial % 7 == 0 ? 64 : 32;
        int bw = trial % 4 == 0 ? 8 : 4;
        for (int l = 0; l < 64; l++) {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            a[l] = (x % (uint64_t)spread) * (uint64_t)size;
        }
        uint64_t mask = x | (uint64_t)trial;
        int w1, w2;
        ck_assert_int_eq(bank_passes(a, mask, size, 32, bw, lpc, &w1), brute_passes(a, mask, size, 32, bw, lpc, &w2));
        ck_assert_int_eq(w1, w2);
        int same = 0;
        for (int i = 0; i < 64; i++) {
            if (!(mask >> i & 1)) continue;
            int c = 0;
            for (int j = 0; j < 64; j++) c += (mask >> j & 1) && a[j] == a[i];
            if (c > same) same = c;
        }
        ck_assert_int_eq(same_address_max(a, mask), same);
    }
    /* nearly distinct words, as many as a group holds (64 lanes of 16
     * bytes: 256 words), so that the set's probes pass other words' slots */
    for (int trial = 0; trial < 2000; trial++) {
        uint64_t spread = 64 + (uint64_t)trial * 7;
        for (int l = 0; l < 64; l++) {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            a[l] = (x % spread) * (trial % 2 ? 16 : 4);
        }
        int w1, w2;
        ck_assert_int_eq(bank_passes(a, ~0ull, 16, 32, 4, 64, &w1), brute_passes(a, ~0ull, 16, 32, 4, 64, &w2));
        ck_assert_int_eq(w1, w2);
        /* one bank: the passes are the distinct words, each one counts */
        ck_assert_int_eq(bank_passes(a, ~0ull, 16, 1, 4, 64, &w1), brute_passes(a, ~0ull, 16, 1, 4, 64, &w2));
    }
}
END_TEST

/* ---- scheduling policies ---- */
static uint64_t age[8];

static void set_bit(uint64_t *bits, int p, int on)
{
    if (on) bits[p >> 6] |= (uint64_t)1 << (p & 63);
    else bits[p >> 6] &= ~((uint64_t)1 << (p & 63));
}

static sched_state *make_state(const char *policy, int nwarps, int active_set)
{
    static sched_state s;
    memset(&s, 0, sizeof s);
    s.nwarps = nwarps;
    for (int i = 0; i < nwarps; i++) { s.warps[i] = i; set_bit(s.live_bits, i, 1); age[i] = (uint64_t)(10 - i); }  /* warp 3 oldest */
    s.age = age;
    s.param = active_set;
    ck_assert_ptr_nonnull(sched_find(policy));
    static char priv[1 << 14];
    ck_assert_uint_le(sched_find(policy)->state_size, sizeof priv);
    memset(priv, 0, sizeof priv);
    s.priv = priv;
    sched_find(policy)->init(&s);
    return &s;
}

static void expect_order(const char *policy, sched_state *s, const int *want, int n)
{
    int out[SCHED_MAX_WARPS];
    ck_assert_int_eq(sched_find(policy)->order(s, out), n);
    for (int i = 0; i < n; i++) ck_assert_msg(out[i] == want[i], "%s: position %d is %d, expected %d", policy, i, out[i], want[i]);
}

START_TEST(policy_orders)
{
    sched_state *s = make_state("lrr", 4, 0);
    expect_order("lrr", s, (int[]){ 0, 1, 2, 3 }, 4);
    sched_find("lrr")->notify(s, 1, SCHED_ISSUED);
    expect_order("lrr", s, (int[]){ 2, 3, 0, 1 }, 4);        /* after the last issuer */
    set_bit(s->live_bits, 3, 0);
    expect_order("lrr", s, (int[]){ 2, 0, 1 }, 3);           /* finished warps drop out */
    set_bit(s->parked_bits, 0, 1);
    expect_order("lrr", s, (int[]){ 2, 1 }, 2);              /* parked warps too */
    s->with_parked = 1;
    expect_order("lrr", s, (int[]){ 2, 0, 1 }, 3);           /* unless the whole order is asked for */

    s = make_state("oldest", 4, 0);
    expect_order("oldest", s, (int[]){ 3, 2, 1, 0 }, 4);
    s = make_state("gto", 4, 0);
    expect_order("gto", s, (int[]){ 3, 2, 1, 0 }, 4);
    sched_find("gto")->notify(s, 1, SCHED_ISSUED);
    expect_order("gto", s, (int[]){ 1, 3, 2, 0 }, 4);        /* greedy, then oldest */
    set_bit(s->parked_bits, 1, 1);
    set_bit(s->parked_bits, 2, 1);
    expect_order("gto", s, (int[]){ 3, 0 }, 2);              /* a parked greedy warp gives way */

    s = make_state("two_level", 4, 2);
    expect_order("two_level", s, (int[]){ 0, 1 }, 2);        /* only the active set */
    sched_find("two_level")->notify(s, 0, SCHED_ISSUED);
    expect_order("two_level", s, (int[]){ 1, 0 }, 2);
    sched_find("two_level")->notify(s, 1, SCHED_LONG_LATENCY);   /* demoted: 2 joins the set */
    expect_order("two_level", s, (int[]){ 2, 0 }, 2);        /* round robin after 0, the last issuer */
    set_bit(s->parked_bits, 2, 1);
    expect_order("two_level", s, (int[]){ 0 }, 1);           /* parked: out of the order, still in the set */
    /* barrier waiters stay at the back: a load's warp queues in front of
     * them (fifo 0 2 3 1 -> 3 1 0 2 -> 3 2 0 1 with 0 and 1 at a barrier) */
    s = make_state("two_level", 4, 2);
    sched_find("two_level")->notify(s, 1, SCHED_LONG_LATENCY);   /* 0 2 3 1 */
    sched_find("two_level")->notify(s, 0, SCHED_BARRIER);        /* 2 3 1 0b */
    sched_find("two_level")->notify(s, 2, SCHED_BARRIER);        /* 3 1 0b 2b */
    sched_find("two_level")->notify(s, 1, SCHED_LONG_LATENCY);   /* 3 1 0b 2b: 1 stays ahead of the waiters */
    expect_order("two_level", s, (int[]){ 3, 1 }, 2);
    sched_find("two_level")->notify(s, 1, SCHED_BARRIER);        /* 3 0b 2b 1b */
    sched_find("two_level")->notify(s, 3, SCHED_LONG_LATENCY);   /* 3 stays first: every other warp waits */
    expect_order("two_level", s, (int[]){ 3, 0 }, 2);
    sched_find("two_level")->notify(s, 0, SCHED_ISSUED);         /* released: 0 issued, no longer a waiter */
    sched_find("two_level")->notify(s, 3, SCHED_LONG_LATENCY);   /* 0 3 2b 1b: 3 goes behind 0 only */
    expect_order("two_level", s, (int[]){ 3, 0 }, 2);            /* round robin after 0, the last issuer */

    /* more than 64 warps: the bit sets span words */
    s = make_state("lrr", 8, 0);
    s->nwarps = 130;
    for (int i = 0; i < 130; i++) { s->warps[i] = i; set_bit(s->live_bits, i, i == 5 || i == 64 || i == 129); }
    sched_find("lrr")->notify(s, 64, SCHED_ISSUED);
    expect_order("lrr", s, (int[]){ 129, 5, 64 }, 3);
}
END_TEST

/* a 1 KB, 2-way cache of 128 B lines with a 100-cycle miss */
START_TEST(icache_fills_and_prefetch)
{
    cache_params p = { 1024, 128, 128, 2, 1, 0, 0, 0, 0, CACHE_INDEX_linear };
    kernel_stats st;
    memset(&st, 0, sizeof st);
    icache_unit u;
    icache_unit_init(&u, &p, 100, 1);
    ck_assert_uint_eq(icache_unit_fetch(&u, 0, 10, &st), 110);      /* a cold miss */
    ck_assert_uint_eq(st.v[STAT_icache_misses], 1);
    ck_assert_uint_eq(st.v[STAT_icache_prefetches], 1);              /* line 128 requested */
    ck_assert_uint_eq(icache_unit_fetch(&u, 8, 20, &st), 110);       /* the line is still coming */
    ck_assert_uint_eq(icache_unit_fetch(&u, 128, 50, &st), 110);     /* the prefetched line, in flight */
    ck_assert_uint_eq(icache_unit_fetch(&u, 8, 120, &st), 120);      /* arrived: a plain hit */
    ck_assert_uint_eq(icache_unit_fetch(&u, 128, 300, &st), 300);
    ck_assert_uint_eq(st.v[STAT_icache_misses], 1);                  /* the prefetch spared a miss */
    ck_assert_uint_eq(st.v[STAT_icache_prefetches], 2);              /* entering 128 asked for 256 */
    icache_unit_flush(&u);
    ck_assert_uint_eq(icache_unit_fetch(&u, 128, 400, &st), 500);    /* flushed: cold again */
    icache_unit_free(&u);
    /* no prefetcher: every new line misses */
    icache_unit_init(&u, &p, 100, 0);
    memset(&st, 0, sizeof st);
    icache_unit_fetch(&u, 0, 0, &st);
    ck_assert_uint_eq(icache_unit_fetch(&u, 128, 200, &st), 300);
    ck_assert_uint_eq(st.v[STAT_icache_prefetches], 0);
    icache_unit_free(&u);
}
END_TEST

/* the operand collector through its ports: operands in distinct banks are
 * read at once, operands in one bank one per cycle, a write-back takes its
 * bank's port the cycle before its value is ready, warps are skewed over the
 * banks, collector units run out, and banks = 0 is inert */
START_TEST(opcoll_banks_and_collectors)
{
    opcoll oc;
    opcoll_init(&oc, &(opcoll_params){ 8, 1, 2, 1 });
    const uint16_t spread[3] = { 8, 9, 10 }, same[3] = { 8, 16, 24 }, dup[3] = { 8, 8, 8 };
    ck_assert_int_eq(opcoll_bank(&oc, 0, 8), 0);
    ck_assert_int_eq(opcoll_bank(&oc, 3, 8), 3);              /* warp 3's R8: bank 3 */
    ck_assert_uint_eq(opcoll_issue(&oc, 0, spread, 3, 100), 0);   /* banks 0, 1, 2 */
    ck_assert_uint_eq(opcoll_issue(&oc, 0, same, 3, 200), 2);     /* bank 0 three times */
    ck_assert_uint_eq(opcoll_issue(&oc, 1, same, 3, 202), 2);     /* warp 1: bank 1, free at 202..204 */
    uint64_t when = 0;
    ck_assert_int_eq(opcoll_room(&oc, 202, &when), 0);       /* both units still collect */
    ck_assert_uint_eq(when, 203);                             /* the first dispatches after cycle 202 */
    ck_assert_int_eq(opcoll_room(&oc, 203, &when), 1);
    ck_assert_uint_eq(opcoll_issue(&oc, 0, dup, 3, 300), 0);      /* one register read once */
    const uint16_t r8[1] = { 8 }, pred[1] = { 256 };
    opcoll_writeback(&oc, 0, r8, 1, 401);                     /* R8 readable at 401: written at 400 */
    ck_assert_uint_eq(opcoll_issue(&oc, 0, r8, 1, 400), 1);   /* a read at 400 waits for the write */
    ck_assert_uint_eq(opcoll_issue(&oc, 0, r8, 1, 401), 1);   /* 401 was just taken by that read */
    ck_assert_uint_eq(opcoll_issue(&oc, 0, pred, 1, 500), 0); /* predicates are not in the banks */
    ck_assert_uint_eq(oc.conflicts, 6);
    opcoll_free(&oc);
    opcoll_init(&oc, &(opcoll_params){ 0, 1, 0, 1 });         /* no model */
    ck_assert_uint_eq(opcoll_issue(&oc, 0, same, 3, 10), 0);
    ck_assert_int_eq(opcoll_room(&oc, 10, &when), 1);
    opcoll_free(&oc);
}
END_TEST

/* the 32-bit scoreboard against the 64-bit one it replaced (the cycles
 * themselves, as check() read them): random writes ahead of a rising now
 * (pending loads, returns at now), warps restarted, and looks with and
 * without a branch's predicate delay; its base moves every few thousand
 * cycles here (limit 6000), where a run moves it once per 2 G cycles. A
 * look must give the old cycle wherever that blocks the warp, and a cycle
 * that does not block wherever it did not. */
static uint64_t ref_ready(const uint64_t *ref, const isrc_static *st, uint64_t pred_delay)
{
    uint64_t ready = 0;
    for (int i = 0; i < st->nsrc; i++) {
        uint64_t at = ref[st->src[i]];
        if (pred_delay && at && sb_is_predicate(st->src[i])) at += pred_delay;
        if (at > ready) ready = at;
    }
    for (int i = 0; i < st->ndst; i++)
        if (ref[st->dst[i]] > ready) ready = ref[st->dst[i]];
    return ready;
}

START_TEST(scoreboard_against_64_bits)
{
    enum { W = 3, NS = 7 };
    int slot[NS] = { 0, 1, 2, 255, SB_PRED, SB_PRED + 7, SB_UPRED };
    static uint64_t ref[W][SB_SLOTS];
    memset(ref, 0, sizeof ref);
    /* _i 1: rows of the named slots alone (isrc.slots): registers up to
     * R40 in their places, then the three predicates, then the rest's */
    if (_i) slot[3] = 40;
    uint16_t map[SB_SLOTS];
    for (int i = 0; i < SB_SLOTS; i++) map[i] = SB_UNNAMED;
    for (int i = 0; i < NS; i++) map[slot[i]] = (uint16_t)i;
    scoreboard sb;
    sb_init(&sb, W, _i ? map : NULL, _i ? NS : 0);
    ck_assert_int_eq(sb.stride, _i ? 41 + 3 + 1 : SB_SLOTS);
    sb.limit = 6000;
    uint64_t now = 1, rng = 42;
    int blocked = 0, free_ = 0, delayed = 0;
    for (int step = 0; step < 300000; step++) {
        rng = rng * 6364136223846793005ull + 1442695040888963407ull;
        now += rng >> 61;
        int w = (int)((rng >> 20) % W), op = (int)(rng >> 24 & 15);
        if (op < 5) {                                   /* an issue's write, a pending load or a return */
            int reg = slot[(rng >> 28) % NS];
            int kind = (int)(rng >> 32 & 7);
            uint64_t at = kind == 0 ? UINT64_MAX : kind == 1 ? now : now + (rng >> 40) % 3000;
            sb_set(&sb, w, reg, at, now);
            ref[w][reg] = at;
        } else if (op == 5 && (rng >> 36 & 63) == 0) {  /* the slot starts another warp */
            sb_clear(&sb, w);
            memset(ref[w], 0, sizeof ref[w]);
        } else {                                        /* a look */
            isrc_static st = { 0 };
            st.nsrc = (uint8_t)(1 + (rng >> 40) % 3);
            st.ndst = (uint8_t)((rng >> 42) % 2);
            for (int i = 0; i < st.nsrc; i++) st.src[i] = (uint16_t)slot[(rng >> (44 + 3 * i)) % NS];
            if (st.ndst) st.dst[0] = (uint16_t)slot[(rng >> 56) % NS];
            uint64_t pred_delay = rng >> 59 & 1 ? (rng >> 8) % 1001 : 0;
            uint64_t want = ref_ready(ref[w], &st, pred_delay), got = sb_ready(&sb, w, &st, pred_delay);
            if (want > now) {
                ck_assert_uint_eq(got, want);
                blocked++;
                delayed += pred_delay != 0;
            } else {
                ck_assert_uint_le(got, now);
                free_++;
            }
        }
    }
    ck_assert_uint_gt(sb.base, now / 2);                 /* the base moved along */
    ck_assert_int_gt(blocked, 10000);
    ck_assert_int_gt(delayed, 1000);
    ck_assert_int_gt(free_, 10000);
    sb_free(&sb);
}
END_TEST

/* the load records: every one taken once before none is left, the last
 * given back taken first, then the lowest never used, in the order of a
 * list through all of them (the order a launch's tags keep) */
START_TEST(load_records_taken_and_given_back)
{
    ldst_unit u;
    ldst_init(&u, NULL, NULL, 0, 6);
    ck_assert_int_eq(ldst_take_record(&u), 0);
    ck_assert_int_eq(ldst_take_record(&u), 1);
    ck_assert_int_eq(ldst_take_record(&u), 2);
    ldst_give_record(&u, 1);
    ldst_give_record(&u, 0);
    ck_assert_int_eq(ldst_take_record(&u), 0);          /* the last given back */
    ck_assert_int_eq(ldst_take_record(&u), 1);
    ck_assert_int_eq(ldst_take_record(&u), 3);          /* then those never used, lowest first */
    ck_assert_int_eq(ldst_take_record(&u), 4);
    ck_assert(ldst_has_record(&u));
    ck_assert_int_eq(ldst_take_record(&u), 5);
    ck_assert(!ldst_has_record(&u));
    ck_assert_int_eq(ldst_take_record(&u), -1);
    ldst_give_record(&u, 4);
    ck_assert(ldst_has_record(&u));
    ck_assert_int_eq(ldst_take_record(&u), 4);
    ldst_free(&u);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sm_blocks");
    TCase *t = tcase_create("blocks");
    tcase_add_test(t, coalescer_lines_and_sectors);
    tcase_add_test(t, banks_conflict_degree);
    tcase_add_test(t, bank_and_address_analysis_match_definitions);
    tcase_add_test(t, policy_orders);
    tcase_add_test(t, icache_fills_and_prefetch);
    tcase_add_test(t, opcoll_banks_and_collectors);
    tcase_add_loop_test(t, scoreboard_against_64_bits, 0, 2);
    tcase_add_test(t, load_records_taken_and_given_back);
    suite_add_tcase(s, t);
    return run_suite(s);
}
