/* tests/test_trace_lanes.c — the binary cache's form of a warp's uneven
 * addresses (sim/front/trace_lanes.c): what is packed unpacks the same at
 * every width, the bytes are the ones the cache has always held, and a
 * cut or damaged form unpacks to nothing. */
#include <check.h>
#include "check_main.h"
#include "front/trace_lanes.h"
#include <string.h>

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t next_rand(void)
{
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return rng;
}

/* lanes with addresses within `spread` bytes of a base (0: far apart) */
static void random_lanes(uint64_t a[TRACE_WARP], uint64_t spread)
{
    uint64_t base = next_rand() >> 8 | 1;
    uint32_t mask = (uint32_t)next_rand();
    for (int i = 0; i < TRACE_WARP; i++)
        a[i] = !(mask >> i & 1) ? 0 : spread ? base + next_rand() % spread : next_rand() | 1;
}

START_TEST(test_lanes_round_trip)
{
    static const uint64_t spreads[] = { 1, 100, 65535, 65536, 1u << 20, 0xffffffffull, 0 };
    unsigned char buf[TRACE_LANES_MAX + 8];
    for (int t = 0; t < 7000; t++) {
        uint64_t a[TRACE_WARP], b[TRACE_WARP];
        random_lanes(a, spreads[t % 7]);
        if (t % 50 == 0) memset(a, 0, sizeof a);    /* no lane */
        size_t n = trace_lanes_pack(a, buf);
        ck_assert_uint_le(n, TRACE_LANES_MAX);
        ck_assert_uint_eq(trace_lanes_unpack(buf, n, b), n);
        ck_assert_msg(!memcmp(a, b, sizeof a), "round %d: addresses differ", t);
        /* a longer buffer: the form knows its own end */
        ck_assert_uint_eq(trace_lanes_unpack(buf, sizeof buf, b), n);
    }
}
END_TEST

START_TEST(test_lanes_bytes)
{
    uint64_t a[TRACE_WARP] = { 0 };
    a[0] = 0x1000;
    a[3] = 0x1302;
    unsigned char buf[TRACE_LANES_MAX];
    ck_assert_uint_eq(trace_lanes_pack(a, buf), 4 + 1 + 8 + 2 * 2);
    uint32_t nz;
    uint64_t base;
    memcpy(&nz, buf, 4);
    memcpy(&base, buf + 5, 8);
    ck_assert_uint_eq(nz, 0x9);
    ck_assert_uint_eq(buf[4], 2);                   /* within 64 KB: 2 bytes a lane */
    ck_assert_uint_eq(base, 0x1000);
    static const unsigned char lanes[4] = { 0x00, 0x00, 0x02, 0x03 };   /* the low byte first */
    ck_assert(!memcmp(buf + 13, lanes, 4));
    a[3] = 0x1000 + 0x12345678;                     /* 4 bytes a lane */
    ck_assert_uint_eq(trace_lanes_pack(a, buf), 13 + 2 * 4);
    ck_assert_uint_eq(buf[4], 4);
    a[3] = 0x1000 + (1ull << 40);                   /* 8 bytes a lane, no base */
    ck_assert_uint_eq(trace_lanes_pack(a, buf), 5 + 2 * 8);
    ck_assert_uint_eq(buf[4], 8);
    ck_assert_uint_eq(buf[5], 0x00);
    ck_assert_uint_eq(buf[6], 0x10);                /* lane 0's 0x1000, the low byte first */
}
END_TEST

START_TEST(test_lanes_cut_or_damaged)
{
    unsigned char buf[TRACE_LANES_MAX];
    for (int t = 0; t < 300; t++) {
        uint64_t a[TRACE_WARP], b[TRACE_WARP];
        random_lanes(a, t % 3 == 0 ? 1000 : t % 3 == 1 ? 1u << 24 : 0);
        size_t n = trace_lanes_pack(a, buf);
        for (size_t cut = 0; cut < n; cut++) {
            memset(b, 0xab, sizeof b);
            ck_assert_uint_eq(trace_lanes_unpack(buf, cut, b), 0);
            for (int i = 0; i < TRACE_WARP; i++) ck_assert_uint_eq(b[i], 0);
        }
        for (int w = 0; w < 256; w++) {
            if (w == 2 || w == 4 || w == 8) continue;
            buf[4] = (unsigned char)w;              /* a width the form never has */
            ck_assert_uint_eq(trace_lanes_unpack(buf, n, b), 0);
        }
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("trace_lanes");
    TCase *tc = tcase_create("trace_lanes");
    /* 300 x every cut and damage: about 4 s under ASan and UBSan on a busy
     * 2-core machine, Check's default limit */
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_lanes_round_trip);
    tcase_add_test(tc, test_lanes_bytes);
    tcase_add_test(tc, test_lanes_cut_or_damaged);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
