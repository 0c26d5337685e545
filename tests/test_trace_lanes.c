/* tests/test_trace_lanes.c — the binary cache's form of a warp's uneven
 * addresses (sim/front/trace_lanes.c): what is packed unpacks the same at
 * every width, the bytes are the ones the cache has always held, and a
 * cut or damaged form unpacks to nothing. Then a block's memory
 * (sim/front/trace.c), which holds its instructions and these forms:
 * allocations never overlap, keep their alignment, and chunks a freed
 * block gave back serve the next blocks. And the kernel's table of the
 * forms instructions share: one index per pc and form, forms that never
 * move. */
#include <check.h>
#include "check_main.h"
#include "front/trace_lanes.h"
#include "front/trace_header.h"
#include "front/trace_fast.h"
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
        ck_assert_uint_eq(trace_lanes_size(buf, n), n);
        ck_assert_uint_eq(trace_lanes_size(buf, sizeof buf), n);
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
            ck_assert_uint_eq(trace_lanes_size(buf, cut), 0);
            for (int i = 0; i < TRACE_WARP; i++) ck_assert_uint_eq(b[i], 0);
        }
        for (int w = 0; w < 256; w++) {
            if (w == 2 || w == 4 || w == 8) continue;
            buf[4] = (unsigned char)w;              /* a width the form never has */
            ck_assert_uint_eq(trace_lanes_unpack(buf, n, b), 0);
            ck_assert_uint_eq(trace_lanes_size(buf, n), 0);
        }
    }
}
END_TEST

/* the allocations of a few blocks, each filled with its own byte */
#define NALLOC 400
typedef struct { unsigned char *p; size_t n; unsigned char v; int blk; } alloc_rec;

static void fill_allocs(trace_block *b, int blk, alloc_rec *r, int from, int to)
{
    for (int i = from; i < to; i++) {
        size_t n = next_rand() % 8 == 0 ? next_rand() % (600u << 10) : next_rand() % 5000 + 1;
        if (i == from + 7) n = (size_t)3 << 20;     /* larger than any chunk a block grows by */
        size_t align = next_rand() % 2 ? 64 : 8;
        r[i] = (alloc_rec){ trace_block_alloc(b, n, align), n, (unsigned char)(i * 37 + 1), blk };
        ck_assert_uint_eq((uintptr_t)r[i].p % align, 0);
        memset(r[i].p, r[i].v, n);
    }
}

static void check_allocs(const alloc_rec *r, int n, int skip_blk)
{
    for (int i = 0; i < n; i++) {
        if (r[i].blk == skip_blk) continue;
        for (size_t k = 0; k < r[i].n; k += 97)
            ck_assert_msg(r[i].p[k] == r[i].v, "allocation %d (block %d) overwritten at byte %zu", i, r[i].blk, k);
        if (r[i].n) ck_assert_uint_eq(r[i].p[r[i].n - 1], r[i].v);
    }
}

START_TEST(test_block_memory)
{
    static alloc_rec r[NALLOC];
    trace_block b[3];
    memset(b, 0, sizeof b);
    b[1].mem_hint = 100u << 10;                      /* a first chunk sized by the block before */
    b[2].mem_hint = 5u << 20;
    fill_allocs(&b[0], 0, r, 0, 100);
    fill_allocs(&b[1], 1, r, 100, 200);
    fill_allocs(&b[2], 2, r, 200, 300);
    check_allocs(r, 300, -1);
    trace_block_free(&b[0]);                         /* its chunks go to the pool ... */
    ck_assert_ptr_null(b[0].mem);
    fill_allocs(&b[0], 3, r, 0, 100);                /* ... and come back to blocks that are not done */
    fill_allocs(&b[2], 2, r, 300, NALLOC);
    check_allocs(r, NALLOC, -1);
    trace_block_free(&b[1]);
    trace_inst *in = trace_block_insts(&b[1], 5000); /* reused memory, zeroed */
    for (int i = 0; i < 5000; i++) ck_assert_uint_eq(in[i].mask | in[i].exec | in[i].shared | in[i].addr_form, 0);
    ck_assert_uint_eq((uintptr_t)in % 64, 0);
    check_allocs(r, NALLOC, 1);
    for (int i = 0; i < 3; i++) trace_block_free(&b[i]);
    trace_pool_release();
}
END_TEST

static trace_shared form(int text, int reg, uint32_t pc)
{
    trace_shared sh;
    memset(&sh, 0, sizeof sh);
    sh.text = (uint16_t)text;
    sh.ndst = 1;
    sh.dst[0] = (uint8_t)reg;
    sh.width = 4;
    sh.pc = pc;
    return sh;
}

START_TEST(test_shared_forms)
{
    static trace_kernel k;
    memset(&k, 0, sizeof k);
    trace_shared a = form(1, 5, 0x10), b = form(1, 6, 0x10), a14 = form(1, 5, 0x14);
    uint32_t i;
    ck_assert_int_eq(trace_shared_index(&k, &a, 7, &i), 0);
    ck_assert_uint_eq(i, 0);
    ck_assert_int_eq(trace_shared_index(&k, &a, 9, &i), 0);
    ck_assert_uint_eq(i, 0);                          /* the same form at the same pc: one index */
    ck_assert_uint_eq(trace_shared_line(&k, 0), 7);   /* the line it was first read on */
    trace_shared_index(&k, &b, 11, &i);
    ck_assert_uint_eq(i, 1);
    trace_shared_index(&k, &a, 12, &i);
    ck_assert_uint_eq(i, 0);                          /* an older form of the pc is found again */
    trace_shared_index(&k, &a14, 13, &i);
    ck_assert_uint_eq(i, 2);                          /* another pc (in the same slot): its own */
    ck_assert_uint_eq(trace_inst_pc(&k, &(trace_inst){ .shared = 2 }), 0x14);
    trace_shared_index(&k, &b, 14, &i);
    ck_assert_uint_eq(i, 1);
    ck_assert_uint_eq(trace_shared_line(&k, 1), 11);
    const trace_shared *first = trace_shared_at(&k, 1);
    for (int n = 0; n < 10000; n++) {                 /* past two chunks of 4096 */
        trace_shared f = form(n, n & 255, 0x100 + 16u * (uint32_t)n);
        trace_shared_index(&k, &f, 100 + (uint32_t)n, &i);
        ck_assert_uint_eq(i, 3 + (uint32_t)n);
    }
    ck_assert_ptr_eq(trace_shared_at(&k, 1), first);  /* forms never move */
    ck_assert(!memcmp(first, &b, sizeof b));
    for (int n = 0; n < 10000; n += 37) {
        trace_shared f = form(n, n & 255, 0x100 + 16u * (uint32_t)n);
        trace_shared_index(&k, &f, 1, &i);
        ck_assert_uint_eq(i, 3 + (uint32_t)n);
        ck_assert(!memcmp(trace_shared_at(&k, i), &f, sizeof f));
        ck_assert_uint_eq(trace_shared_line(&k, i), 100 + (uint32_t)n);
    }
    ck_assert_uint_eq(k.nshared, 10003);
    trace_shared_free(&k);
    ck_assert_uint_eq(k.nshared, 0);
}
END_TEST

/* keep a at pc through the text reader's path (trace_keep_addresses) and
 * check that it reads back the same; its form */
static int keep_check(trace_kernel *k, trace_block *b, uint32_t pc, uint32_t mask, const uint64_t a[TRACE_WARP])
{
    trace_inst in;
    memset(&in, 0, sizeof in);
    in.mask = mask;
    trace_keep_addresses(k, b, &in, pc, a);
    uint64_t back[TRACE_WARP];
    trace_addresses(k, &in, back);
    for (int l = 0; l < TRACE_WARP; l++)
        ck_assert_msg(back[l] == (mask >> l & 1 ? a[l] : 0), "pc %x lane %d: %llx read back as %llx", pc, l,
                      (unsigned long long)a[l], (unsigned long long)back[l]);
    return in.addr_form;
}

/* 32 lanes: offsets from a base, uneven (a row break after lane 15) */
static void tile(uint64_t a[TRACE_WARP], uint64_t base, int row)
{
    for (int l = 0; l < TRACE_WARP; l++) a[l] = base + (uint64_t)(l % 16) * 4 + (uint64_t)(l / 16) * (uint64_t)row;
}

START_TEST(test_patterns)
{
    static trace_kernel k;
    memset(&k, 0, sizeof k);
    trace_block b;
    memset(&b, 0, sizeof b);
    uint64_t a[TRACE_WARP];
    for (int i = 0; i < 100; i++) {                  /* one pc, one tile, many bases: one pattern */
        tile(a, 0x1000 + 0x40 * (uint64_t)i, 256);
        ck_assert_int_eq(keep_check(&k, &b, 0x10, ~0u, a), TRACE_ADDR_PATTERN);
    }
    ck_assert_uint_eq(k.npat, 1);
    for (int i = 0; i < 100; i++) {                  /* two tiles taking turns at another pc: two more */
        tile(a, 0x8000 + 0x40 * (uint64_t)i, i % 2 ? 512 : 1024);
        ck_assert_int_eq(keep_check(&k, &b, 0x20, ~0u, a), TRACE_ADDR_PATTERN);
    }
    ck_assert_uint_eq(k.npat, 3);
    tile(a, 0, 256);                                 /* a lane at address 0 */
    ck_assert_int_eq(keep_check(&k, &b, 0x10, ~0u, a), TRACE_ADDR_PATTERN);
    tile(a, 0x3000, 256);                            /* half the lanes: another pattern */
    ck_assert_int_eq(keep_check(&k, &b, 0x10, 0x00ff00ffu, a), TRACE_ADDR_PATTERN);
    tile(a, 0x3000, 256);                            /* few lanes: packed */
    ck_assert_int_eq(keep_check(&k, &b, 0x10, 0x13u, a), TRACE_ADDR_PACKED);
    tile(a, 0x3000, 1 << 30);                        /* offsets of 8 bytes: no base to take out */
    a[31] += 1ull << 40;
    ck_assert_int_eq(keep_check(&k, &b, 0x10, ~0u, a), TRACE_ADDR_PACKED);
    uint32_t before = k.npat;
    int packed = 0;
    for (int i = 0; i < 200; i++) {                  /* random bins: a few patterns, then packed */
        for (int l = 0; l < TRACE_WARP; l++) a[l] = 0x100 + next_rand() % 1024 * 4;
        packed += keep_check(&k, &b, 0x30, ~0u, a) == TRACE_ADDR_PACKED;
    }
    ck_assert_uint_le(k.npat - before, 16);
    ck_assert_int_ge(packed, 180);
    /* the binary cache's reader finds the pattern in the packed bytes, its base kept */
    tile(a, 0x1234, 256);
    unsigned char by[TRACE_LANES_MAX];
    size_t len = trace_lanes_pack(a, by);
    trace_inst in;
    memset(&in, 0, sizeof in);
    in.mask = ~0u;
    before = k.npat;
    ck_assert(trace_pattern_keep(&k, &b, &in, 0x10, by, len));
    ck_assert_uint_eq(k.npat, before);
    uint64_t back[TRACE_WARP];
    trace_addresses(&k, &in, back);
    ck_assert(!memcmp(back, a, sizeof a));
    trace_block_free(&b);
    trace_pattern_free(&k);
    trace_shared_free(&k);
    trace_pool_release();
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
    tcase_add_test(tc, test_block_memory);
    tcase_add_test(tc, test_shared_forms);
    tcase_add_test(tc, test_patterns);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
