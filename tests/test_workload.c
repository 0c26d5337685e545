/* tests/test_workload.c — manifests, reference checks, sparse memory, and
 * the functional runner's fault, barrier and deadlock reports. */
#include <check.h>
#include "check_main.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "exec.h"
#include "front/run.h"
#include "front/workload.h"

typedef struct {
    int status;          /* 0 pass, 1 check failed, 2 bad input, 3 fault */
    char text[8192];     /* every message */
    kernel_stats ks[32];
} outcome;

static void run(const char *src, const char *define, int warp_size, uint64_t max_insns, outcome *o)
{
    memset(o, 0, sizeof *o);
    diag d;
    diag_init(&d);
    config cfg;
    config_defaults(&cfg);
    CFG(&cfg, sm_warp_size) = warp_size;
    workload *w = calloc(1, sizeof *w);
    o->status = 2;
    if (workload_load_text(w, "w.sass", src, &d)) goto done;
    if (define && workload_define(w, define, &d)) goto done;
    if (workload_prepare(w, -1, &d)) goto done;
    func_options fo = { max_insns, 1000, NULL, NULL, 0, NULL };
    func_status st = workload_run(w, &cfg, &fo, 1, NULL, o->ks, &d);
    if (st != FUNC_OK) { o->status = st == FUNC_FAULT ? 3 : 2; goto done; }
    o->status = 0;
    for (int i = 0; i < w->nchecks; i++)
        if (!workload_check(w, i, &d)) o->status = 1;
done:
    snprintf(o->text, sizeof o->text, "%s", d.text ? d.text : "");
    diag_free(&d);
    workload_free(w);
    free(w);
}

#define STORE_TID \
    ".kernel k\n.param out u64\n.param n u32\n" \
    "  S2R R0, SR_TID.X\n  S2R R1, SR_CTAID.X\n  S2R R2, SR_NTID.X\n  IMAD R0, R1, R2, R0\n" \
    "  ISETP.GE.U32.AND P0, PT, R0, c[n], PT\n  @P0 EXIT\n" \
    "  IMAD.WIDE.U32 R4, R0, 4, c[out]\n  STG.E [R4], R0\n  EXIT\n.end\n"

START_TEST(test_manifest_and_checks)
{
    const char *src = STORE_TID
        ".workload w\n"
        "  let n = 1000\n"
        "  let half = n / 3              # integer division\n"
        "  buffer out u32[n] = 7\n"
        "  buffer seq s32[n] = iota(-5, 2)\n"
        "  buffer r f64[4] = random(seed=3, 2, 3)\n"
        "  launch k grid=(n + 127) / 128 block=128 (out, n)\n"
        "  check out == seq * 0 + seq / 2 * 0 + iota_like\n"
        ".end\n";
    outcome o;
    run(src, NULL, 32, 0, &o);
    ck_assert_int_eq(o.status, 2);                              /* iota_like is unknown */
    ck_assert_msg(strstr(o.text, "unknown name 'iota_like'"), "%s", o.text);
    const char *good = STORE_TID
        ".workload w\n"
        "  let n = 1000\n"
        "  buffer out u32[n] = 7\n"
        "  buffer idx u32[n] = iota\n"
        "  buffer seq s32[8] = iota(-5, 2)\n"
        "  buffer vals u32[6] = iota(3, 0)\n"
        "  launch k grid=(n + 127) / 128 block=128 (out, n)\n"
        "  check out == idx\n"
        "  check sum(out) == n * (n - 1) / 2\n"
        "  check len(out) == n\n"
        "  check max(seq) == 9\n"
        "  check min(abs(seq)) == 1\n"
        "  check inclusive_scan(seq) == exclusive_scan(seq) + seq\n"
        "  check sort(seq) == seq\n"
        "  check histogram(vals, 4) == histogram(vals, 4)\n"
        "  check sum(histogram(out, 10)) == 10\n"
        "  check sum(out) / 3 ~= 166500 rel=1e-12\n"
        "  check (1 << 4) >> 1 == 8\n"
        ".end\n";
    run(good, NULL, 32, 0, &o);
    ck_assert_msg(o.status == 0, "%s", o.text);
    run(good, NULL, 64, 0, &o);
    ck_assert_msg(o.status == 0, "%s", o.text);
    ck_assert_int_eq(o.ks[0].v[STAT_warps], 8 * 2);
    /* -D changes n; a failing check names the first differing element */
    const char *failing = STORE_TID
        ".workload w\n  let n = 100\n  buffer out u32[n] = 0\n  buffer want u32[n] = iota(1, 1)\n"
        "  launch k grid=1 block=128 (out, n)\n  check out == want\n.end\n";
    run(failing, "n=64", 32, 0, &o);
    ck_assert_int_eq(o.status, 1);
    ck_assert_msg(strstr(o.text, "64 of 64 elements differ; the first is element 0: 0, expected 1"), "%s", o.text);
}
END_TEST

typedef struct { const char *manifest; const char *expect; } bad_manifest;
static const bad_manifest bad[] = {
    { "  lett n = 4\n", "unknown statement 'lett' (did you mean 'let'?)" },
    { "  let n = 4\n  let n = 5\n", "'n' is defined twice" },
    { "  buffer b f16[4]\n", "unknown element type 'f16'" },
    { "  buffer b u32[-1]\n", "the count must be a whole number" },
    { "  buffer b u32[4]\n  launch kk grid=1 block=1 (b, 4)\n", "no kernel named 'kk' in this file or its .sass dumps (did you mean 'k'?)" },
    { "  buffer b u32[4]\n  launch k grid=1 block=1 (b)\n", "kernel 'k' takes 2 parameters, the launch passes 1" },
    { "  buffer b u32[4]\n  launch k grid=1 block=1 (4, b)\n", "buffer 'b' is passed to parameter 'n', which is not u64" },
    { "  buffer b u32[4]\n  launch k grid=0 block=1 (b, 4)\n", "grid dimension 0 is 0" },
    { "  buffer b u32[4]\n  launch k grid=(1,70000) block=1 (b, 4)\n", "grid dimension 1 is 70000; it must be a whole number from 1 to 65535" },
    { "  buffer b u32[4]\n  launch k grid=3e9 block=1 (b, 4)\n", "2^31-1, CUDA's limit for grid x" },
    { "  buffer b u32[4]\n  launch k grid=1 block=1 (b, 4.5)\n", "parameter 'n' is an integer but the argument is 4.5" },
    { "  buffer b u32[4]\n  check b == summ(b)\n", "unknown function 'summ' (did you mean 'sum'?)" },
    { "  buffer b u32[4]\n  buffer c u32[5]\n  check b == c\n", "check compares 4 elements with 5" },
    { "  buffer b u32[4]\n  check b == b rel=0.1\n", "rel= needs '~='" },
    { "  let n = 4 +\n", "expected a number or a name" },
    { "  buffer b u32[4] = random(1, 5, 2)\n", "needs lo <= hi" },
    { "  buffer b u32[4]\n  launch k grid=1 block=(1,1,1,1) (b, 4)\n", "at most 3 dimensions" },
    { "  let n = 7 / (3 - 3)\n", "w.sass:15:13: error: division by zero" },
    { "  let n = 7 % 0\n", "w.sass:15:13: error: remainder by zero" },
    { "  let n = 7.0 / 0\n", "division by zero" },
    { "  let n = 1 << 5000\n", "this is infinite, not a finite number" },
    { "  let n = max(2, 1 / 0)\n", "w.sass:15:20: error: division by zero" },
    { "  buffer b u32[4]\n  launch k grid=1 block=1 (b, 1e30)\n", "parameter 'n' is u32, which holds 0 to 4.29497e+09; the argument is 1e+30" },
    { "  buffer b u32[4]\n  launch k grid=1 block=1 (b, -1)\n", "the argument is -1" },
    { "  buffer b u8[4] = 300\n", "buffer 'b' is u8, which holds 0 to 255; its initial value 300" },
    { "  buffer b s8[4] = random(1, -200, 5)\n", "its initial value -200 is outside" },
    { "  buffer b u32[4]\n  launch k grid=1 block=1 (b, 10 / 0)\n", "division by zero" },
};

START_TEST(test_manifest_errors)
{
    char src[2048];
    snprintf(src, sizeof src, "%s.workload w\n%s.end\n", STORE_TID, bad[_i].manifest);
    outcome o;
    run(src, NULL, 32, 0, &o);
    ck_assert_int_eq(o.status, 2);
    ck_assert_msg(strstr(o.text, bad[_i].expect), "expected '%s' in:\n%s", bad[_i].expect, o.text);
    ck_assert_msg(strstr(o.text, "w.sass:"), "no position in:\n%s", o.text);
}
END_TEST

START_TEST(test_define_errors)
{
    outcome o;
    const char *src = STORE_TID ".workload w\n  let n = 4\n  buffer b u32[n]\n.end\n";
    run(src, "m=3", 32, 0, &o);
    ck_assert_int_eq(o.status, 2);
    ck_assert_msg(strstr(o.text, "has no let variable 'm' (did you mean 'n'?)"), "%s", o.text);
}
END_TEST

/* -D values: messages point into the -D text, not at the workload */
static const bad_manifest bad_define[] = {
    { "n=abc", "-D:1:3: error: unknown name 'abc'" },
    { "n=8/0", "-D:1:4: error: division by zero" },
    { "n=", "-D:1:3: error: -D n= needs a value" },
    { "n=4 4", "-D:1:5: error: unexpected '4' in -D n" },
};

START_TEST(test_define_positions)
{
    outcome o;
    const char *src = STORE_TID ".workload w\n  let n = 4\n  buffer b u32[n]\n.end\n";
    run(src, bad_define[_i].manifest, 32, 0, &o);
    ck_assert_int_eq(o.status, 2);
    ck_assert_msg(strstr(o.text, bad_define[_i].expect), "expected '%s' in:\n%s", bad_define[_i].expect, o.text);
    ck_assert_msg(!strstr(o.text, "w.sass"), "points at the workload:\n%s", o.text);
}
END_TEST

/* expressions nested deeper than EXPR_MAX_DEPTH: an error at the place the
 * limit is passed (the stack overflowed before the limit) */
static void deep_let(char *buf, size_t cap, const char *head, const char *unit, const char *tail, int n)
{
    size_t len = (size_t)snprintf(buf, cap, STORE_TID ".workload w\n  let n = %s", head);
    for (int i = 0; i < n && len + 16 < cap; i++) len += (size_t)snprintf(buf + len, cap - len, "%s", unit);
    len += (size_t)snprintf(buf + len, cap - len, "1");
    for (int i = 0; tail && i < n && len + 16 < cap; i++) len += (size_t)snprintf(buf + len, cap - len, "%s", tail);
    snprintf(buf + len, cap - len, "\n.end\n");
}

START_TEST(test_expression_depth)
{
    static const struct { const char *head, *unit, *tail; int n; const char *expect; } deep[] = {
        { "1", "+1", NULL, 20000, "nests more than 200 levels deep" },
        { "", "-", NULL, 20000, "more than 200 parentheses, calls or signs open" },
        { "", "(", ")", 20000, "more than 200 parentheses, calls or signs open" },
        { "", "abs(", ")", 5000, "more than 200 parentheses, calls or signs open" },
        { "", "2*2-", NULL, 250, NULL },   /* ~250 levels: too deep */
        { "1", "+1", NULL, 199, "" },       /* 200 levels: fine */
        { "", "(", ")", 199, "" },
    };
    size_t cap = 200000;
    char *buf = malloc(cap);
    for (size_t i = 0; i < sizeof deep / sizeof deep[0]; i++) {
        outcome o;
        deep_let(buf, cap, deep[i].head, deep[i].unit, deep[i].tail, deep[i].n);
        run(buf, NULL, 32, 0, &o);
        if (deep[i].expect && !deep[i].expect[0]) {
            ck_assert_msg(o.status != 2 || !strstr(o.text, "levels"), "case %zu rejected:\n%.400s", i, o.text);
            continue;
        }
        ck_assert_int_eq(o.status, 2);
        ck_assert_msg(strstr(o.text, "w.sass:15:"), "case %zu: no position in:\n%.400s", i, o.text);
        ck_assert_msg(strstr(o.text, deep[i].expect ? deep[i].expect : "levels deep"), "case %zu:\n%.400s", i, o.text);
    }
    free(buf);
}
END_TEST

/* loops: 0 with the buffers' own mappings, 1 with every page from the table */
START_TEST(test_sparse_memory)
{
    gmem *m = gmem_new();
    gmem_use_maps(m, !_i);
    buffer_init init = { INIT_RANDOM, 0, 255, 4, NULL };
    int big = gmem_alloc(m, "big", ET_U8, 512ull << 20, init);
    const mem_buffer *b = gmem_buffer(m, big);
    uint8_t x;
    ck_assert_int_eq(gmem_access(m, b->base + 123456789, &x, 1, 0), FAULT_NONE);
    ck_assert_int_eq(gmem_access(m, b->base + (512ull << 20) - 1, &x, 1, 0), FAULT_NONE);
    ck_assert_uint_eq(gmem_pages(m), 2);                      /* 512 MB buffer, two pages touched */
    ck_assert(x == (uint8_t)init_value(&init, ET_U8, (512ull << 20) - 1));
    ck_assert_int_eq(gmem_access(m, b->base + (512ull << 20), &x, 1, 0), FAULT_OUT_OF_BOUNDS);
    ck_assert_int_eq(gmem_access(m, b->base - 1, &x, 1, 0), FAULT_OUT_OF_BOUNDS);
    uint64_t e = gmem_epoch(m);
    uint8_t same = x;
    gmem_access(m, b->base + (512ull << 20) - 1, &same, 1, 1);
    ck_assert_uint_eq(gmem_epoch(m), e);                      /* writing the same value is no progress */
    same = (uint8_t)(x + 1);
    gmem_access(m, b->base + (512ull << 20) - 1, &same, 1, 1);
    ck_assert_uint_eq(gmem_epoch(m), e + 1);
    gmem_free(m);
}
END_TEST

/* gmem_elems (a check's reductions) against gmem_elem element by element:
 * the same values and the same pages touched, runs inside a page, across
 * pages and to the buffer's end, for types of every size */
START_TEST(test_elems_match_elem)
{
    static const elem_type types[] = { ET_U8, ET_S16, ET_U32, ET_F32, ET_S64, ET_F64 };
    static const uint64_t runs[][2] = { { 0, 1 }, { 3, 700 }, { 1000, 4000 }, { 5, 9990 }, { 9000, 1000 }, { 9999, 1 } };
    double one[10000], bulk[10000];
    for (size_t t = 0; t < sizeof types / sizeof *types; t++)
        for (size_t r = 0; r < sizeof runs / sizeof *runs; r++) {
            gmem *a = gmem_new(), *b = gmem_new();
            buffer_init init = { INIT_RANDOM, -100, 100, 7, NULL };
            int ba = gmem_alloc(a, "x", types[t], 10000, init), bb = gmem_alloc(b, "x", types[t], 10000, init);
            uint64_t i = runs[r][0], n = runs[r][1];
            for (uint64_t k = 0; k < n; k++) one[k] = gmem_elem(a, ba, i + k);
            gmem_elems(b, bb, i, n, bulk);
            ck_assert_msg(!memcmp(one, bulk, n * sizeof *one), "type %d, elements %llu + %llu differ", (int)types[t],
                          (unsigned long long)i, (unsigned long long)n);
            ck_assert_uint_eq(gmem_pages(a), gmem_pages(b));
            gmem_free(a);
            gmem_free(b);
        }
}
END_TEST

/* gmem_release (cudaFree): the buffer's pages go, its addresses fault, and
 * every other buffer keeps its bytes (the page table's deletions keep each
 * probe run whole), whichever way the pages are found */
START_TEST(test_release)
{
    gmem *m = gmem_new();
    gmem_use_maps(m, !_i);   /* loops: own mappings, then the table */
    buffer_init zero = { INIT_CONST, 0, 0, 0, NULL };
    int b[3];
    for (int i = 0; i < 3; i++) b[i] = gmem_alloc(m, "b", ET_U8, 3ull << 20, zero);
    int huge = gmem_alloc(m, "huge", ET_U8, 64ull << 30, zero);   /* released with 2 pages touched */
    for (int i = 0; i < 3; i++)
        for (uint64_t off = 0; off < (3ull << 20); off += 4096) {   /* 768 pages each: the table grows */
            uint8_t v = (uint8_t)(i * 31 + off / 4096);
            ck_assert_int_eq(gmem_access(m, gmem_buffer(m, b[i])->base + off, &v, 1, 1), FAULT_NONE);
        }
    uint8_t x = 7;
    gmem_access(m, gmem_buffer(m, huge)->base + (5ull << 30), &x, 1, 1);
    gmem_access(m, gmem_buffer(m, huge)->base, &x, 1, 1);
    ck_assert_uint_eq(gmem_pages(m), 3 * 768 + 2);
    gmem_release(m, b[1]);
    gmem_release(m, huge);
    ck_assert_uint_eq(gmem_pages(m), 2 * 768);
    ck_assert_int_eq(gmem_access(m, gmem_buffer(m, b[1])->base + 8192, &x, 1, 0), FAULT_OUT_OF_BOUNDS);
    ck_assert_int_eq(gmem_check(m, gmem_buffer(m, huge)->base, 1), FAULT_OUT_OF_BOUNDS);
    ck_assert(gmem_buffer(m, b[1])->released);
    for (int i = 0; i < 3; i += 2)
        for (uint64_t off = 0; off < (3ull << 20); off += 4096) {
            ck_assert_int_eq(gmem_access(m, gmem_buffer(m, b[i])->base + off, &x, 1, 0), FAULT_NONE);
            ck_assert_uint_eq(x, (uint8_t)(i * 31 + off / 4096));
        }
    ck_assert_uint_eq(gmem_pages(m), 2 * 768);               /* no page came back from the initialiser */
    gmem_free(m);
}
END_TEST

/* element i of a u32 buffer as memory holds it */
static uint32_t word_at(gmem *m, int b, uint64_t i)
{
    uint32_t v = 0;
    ck_assert_int_eq(gmem_access(m, gmem_buffer(m, b)->base + 4 * i, &v, 4, 0), FAULT_NONE);
    return v;
}

/* fill ahead (gmem_prefill): a stream's next pages become jobs, sparse
 * touches queue none, parts fill their pages (a page written since it was
 * queued keeps what was written), and the end counts them; a released
 * buffer's jobs go; the cap holds */
START_TEST(test_prefill)
{
    gmem *m = gmem_new();
    gmem_prefill(m, 4, 6);
    buffer_init init = { INIT_RANDOM, 0, 1e9, 11, NULL };
    int b = gmem_alloc(m, "x", ET_U32, 64 * 1024, init);   /* 64 pages of 1024 words */
    word_at(m, b, 10 * 1024);
    word_at(m, b, 20 * 1024);
    ck_assert_int_eq(gmem_prefill_jobs(m), 0);                /* no stream: no jobs */
    word_at(m, b, 0);
    word_at(m, b, 1024);                                       /* page 1 after page 0: 2 .. 5 queued */
    ck_assert_int_eq(gmem_prefill_jobs(m), 4);
    word_at(m, b, 1025);
    ck_assert_int_eq(gmem_prefill_jobs(m), 4);                /* seen before: nothing more */
    uint32_t mine = 12345;
    ck_assert_int_eq(gmem_access(m, gmem_buffer(m, b)->base + 3 * 4096 + 8, &mine, 4, 1), FAULT_NONE);
    ck_assert_uint_eq(gmem_pages(m), 5);                      /* 10, 20, 0, 1, 3 */
    gmem_prefill_run(m, 1, 2);
    gmem_prefill_run(m, 0, 2);
    ck_assert_uint_eq(gmem_pages(m), 5);
    gmem_prefill_end(m);
    ck_assert_int_eq(gmem_prefill_jobs(m), 0);
    ck_assert_uint_eq(gmem_pages(m), 8);                      /* 2, 4 and 5 filled ahead */
    for (uint64_t i = 2 * 1024; i < 6 * 1024; i += 257)
        ck_assert_uint_eq(word_at(m, b, i), i == 3 * 1024 + 2 ? 12345 : (uint32_t)init_value(&init, ET_U32, i));
    ck_assert_uint_eq(word_at(m, b, 3 * 1024 + 2), 12345);
    ck_assert_uint_eq(gmem_pages(m), 8);                      /* reading them filled nothing more */
    word_at(m, b, 21 * 1024);                                  /* 22 .. 25 queued, up to the cap of 6 */
    word_at(m, b, 30 * 1024);
    word_at(m, b, 31 * 1024);                                  /* 32, 33 of 32 .. 35: the cap */
    ck_assert_int_eq(gmem_prefill_jobs(m), 6);
    gmem_release(m, b);
    ck_assert_int_eq(gmem_prefill_jobs(m), 0);
    /* the table's pages (no mapping) are not filled ahead */
    gmem_use_maps(m, 0);
    int t = gmem_alloc(m, "t", ET_U32, 64 * 1024, init);
    word_at(m, t, 0);
    word_at(m, t, 1024);
    ck_assert_int_eq(gmem_prefill_jobs(m), 0);
    gmem_free(m);
}
END_TEST

typedef struct { const char *body; const char *shared; const char *expect; } fault_case;
static const fault_case faults[] = {
    { "  IMAD.WIDE.U32 R4, R0, 4, c[out]\n  LDG.E R6, [R4+236]\n", "",
      "lane 5 (thread 5), pc 2: access outside every buffer at global address" },
    { "  IMAD.WIDE.U32 R4, R0, 4, c[out]\n  LDG.E R6, [R4+2]\n", "", "misaligned access at global address" },
    { "  SHL R1, R0, 2\n  STS [R1], R0\n", ".shared s 16\n", "lane 4 (thread 4), pc 2: shared-memory address out of range" },
    { "  ISETP.LT.AND P0, PT, R0, 3, PT\n  @P0 BRA x\n  BAR.SYNC\nx:  NOP\n", "", "barrier reached by part of the block: only lanes 0x" },
    { "  ISETP.GE.AND P0, PT, R0, 32, PT\n  @P0 EXIT\n  BAR.SYNC\n", "", "barrier reached by part of the block" },
};

START_TEST(test_runtime_faults)
{
    char src[2048];
    snprintf(src, sizeof src,
             ".kernel k\n.param out u64\n%s  S2R R0, SR_TID.X\n%s  EXIT\n.end\n"
             ".workload w\n  buffer out u32[64]\n  launch k grid=1 block=64 (out)\n.end\n",
             faults[_i].shared, faults[_i].body);
    outcome o;
    run(src, NULL, 32, 0, &o);
    ck_assert_int_eq(o.status, 3);
    ck_assert_msg(strstr(o.text, faults[_i].expect), "expected '%s' in:\n%s", faults[_i].expect, o.text);
    ck_assert_msg(strstr(o.text, "kernel 'k', block (0,0,0), warp"), "%s", o.text);
}
END_TEST

START_TEST(test_deadlock_and_limit)
{
    const char *spin =
        ".kernel k\n.param lock u64\n"
        "  MOV R3, 1\n  IMAD.WIDE.U32 R4, RZ, 0, c[lock]\n"
        "spin: ATOMG.E.CAS R2, [R4], RZ, R3\n  ISETP.NE.AND P0, PT, R2, RZ, PT\n  @P0 BRA spin\n"
        "  ATOMG.E.EXCH RZ, [R4], RZ\n  EXIT\n.end\n"
        ".workload w\n  buffer lock u32[1]\n  launch k grid=2 block=64 (lock)\n.end\n";
    outcome o;
    for (int ws = 32; ws <= 64; ws += 32) {
        run(spin, NULL, ws, 0, &o);
        ck_assert_int_eq(o.status, 3);
        ck_assert_msg(strstr(o.text, "deadlock in kernel 'k'"), "%s", o.text);
        ck_assert_msg(strstr(o.text, "spinning without progress at pc 2"), "%s", o.text);
        ck_assert_msg(strstr(o.text, "reconverge at 5"), "%s", o.text);
    }
    /* a long loop that changes registers is not a deadlock; the limit stops it */
    const char *loop =
        ".kernel k\n  MOV R0, RZ\nl: IADD3 R0, R0, 1, RZ\n  BRA l\n.end\n"
        ".workload w\n  launch k grid=1 block=32 ()\n.end\n";
    run(loop, NULL, 32, 5000, &o);
    ck_assert_int_eq(o.status, 3);
    ck_assert_msg(strstr(o.text, "--max-instructions=5000") && !strstr(o.text, "deadlock"), "%s", o.text);
}
END_TEST

START_TEST(test_three_dimensional_launch)
{
    /* every thread stores its linear id computed from 3-D ids and sizes */
    const char *src =
        ".kernel k\n.param out u64\n"
        "  S2R R0, SR_TID.X\n  S2R R1, SR_TID.Y\n  S2R R2, SR_TID.Z\n"
        "  S2R R3, SR_NTID.X\n  S2R R4, SR_NTID.Y\n  S2R R5, SR_NTID.Z\n"
        "  S2R R6, SR_CTAID.X\n  S2R R7, SR_CTAID.Y\n  S2R R8, SR_CTAID.Z\n"
        "  S2R R9, SR_NCTAID.X\n  S2R R10, SR_NCTAID.Y\n"
        "  IMAD R11, R8, R10, R7\n  IMAD R11, R11, R9, R6\n"          /* block id */
        "  IMAD R12, R3, R4, RZ\n  IMAD R12, R12, R5, RZ\n"           /* threads per block */
        "  IMAD R13, R2, R4, R1\n  IMAD R13, R13, R3, R0\n"           /* thread id in block */
        "  IMAD R13, R11, R12, R13\n"
        "  IMAD.WIDE.U32 R14, R13, 4, c[out]\n  STG.E [R14], R13\n  EXIT\n.end\n"
        ".workload w\n  buffer out u32[2*3*2 * 5*4*3] = 0\n  buffer idx u32[2*3*2 * 5*4*3] = iota\n"
        "  launch k grid=(2, 3, 2) block=(5, 4, 3) (out)\n  check out == idx\n.end\n";
    outcome o;
    run(src, NULL, 32, 0, &o);
    ck_assert_msg(o.status == 0, "%s", o.text);
    ck_assert_int_eq(o.ks[0].v[STAT_blocks], 12);
    ck_assert_int_eq(o.ks[0].v[STAT_warps], 12 * 2);            /* 60 threads: 2 warps of 32 */
    run(src, NULL, 64, 0, &o);
    ck_assert_msg(o.status == 0, "%s", o.text);
    ck_assert_int_eq(o.ks[0].v[STAT_warps], 12);
}
END_TEST

START_TEST(test_occupancy_limit)
{
    const char *src = STORE_TID ".workload w\n  buffer out u32[4096]\n  launch k grid=1 block=4096 (out, 4096)\n.end\n";
    outcome o;
    run(src, NULL, 32, 0, &o);
    ck_assert_int_eq(o.status, 2);
    ck_assert_msg(strstr(o.text, "needs 4096 threads (sm.max_threads) but an SM has 1536"), "%s", o.text);
}
END_TEST

/* the launches a timed run times (front/launch_select.h): by name, less
 * the first skipped, at most a count; every launch when nothing is given */
START_TEST(test_launch_select_picks)
{
    static const char *const names[] = { "_Z4scanPi", "_Z3addPi", "_Z4scanPi", "_Z3addPi", "_Z4scanPi", "_Z3addPi" };
    struct { const char *re; uint64_t skip, count; int skip_given, count_given; const char *want; } cases[] = {
        { NULL, 0, 0, 0, 0, "111111" },
        { "add", 0, 0, 0, 0, "010101" },
        { "^_Z4", 1, 0, 1, 0, "001010" },
        { "scan|add", 1, 2, 1, 1, "011000" },
        { NULL, 0, 1, 0, 1, "100000" },
        { "add", 0, 0, 0, 1, "010101" },    /* count 0: no limit */
        { "nothere", 0, 0, 0, 0, "000000" },
        { NULL, 9, 0, 1, 0, "000000" },
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        launch_select sel;
        launch_select_init(&sel);
        diag d;
        diag_init(&d);
        if (cases[c].re) ck_assert_int_eq(launch_select_name(&sel, "--kernel-name", cases[c].re, &d), 0);
        if (cases[c].skip_given) launch_select_skip(&sel, cases[c].skip);
        if (cases[c].count_given) launch_select_count(&sel, cases[c].count);
        char got[8] = "";
        for (int i = 0; i < 6; i++) got[i] = launch_select_take(&sel, names[i]) ? '1' : '0';
        ck_assert_msg(!strcmp(got, cases[c].want), "case %zu: timed %s, want %s", c, got, cases[c].want);
        launch_select_free(&sel);
        diag_free(&d);
    }
    ck_assert_int_eq(launch_select_take(NULL, "k"), 1);   /* no selector: timed */
    launch_select sel;
    launch_select_init(&sel);
    diag d;
    diag_init(&d);
    ck_assert_int_eq(launch_select_name(&sel, "--kernel-name", "scan(", &d), 1);
    ck_assert_msg(d.text && strstr(d.text, "--kernel-name: 'scan(' is not a POSIX extended regular expression"), "%s", d.text);
    ck_assert_int_eq(launch_select_take(&sel, "scan"), 1);   /* a bad expression picks nothing away */
    launch_select_free(&sel);
    diag_free(&d);
}
END_TEST

/* a timed run with a selection times the picked launches alone and runs
 * the others functionally: the same results, their counts, no cycles */
START_TEST(test_launch_select_run)
{
    const char *src = STORE_TID
        ".kernel twice\n.param out u64\n.param n u32\n"
        "  S2R R0, SR_TID.X\n  S2R R1, SR_CTAID.X\n  S2R R2, SR_NTID.X\n  IMAD R0, R1, R2, R0\n"
        "  ISETP.GE.U32.AND P0, PT, R0, c[n], PT\n  @P0 EXIT\n"
        "  IMAD.WIDE.U32 R4, R0, 4, c[out]\n  LDG.E R6, [R4]\n  IADD3 R6, R6, R6, RZ\n  STG.E [R4], R6\n  EXIT\n.end\n"
        ".workload w\n  buffer out u32[300]\n  buffer want u32[300] = iota(0, 4)\n"
        "  launch k grid=3 block=128 (out, 300)\n  launch twice grid=3 block=128 (out, 300)\n"
        "  launch twice grid=3 block=128 (out, 300)\n  check out == want\n.end\n";
    for (int pick = 0; pick < 2; pick++) {
        diag d;
        diag_init(&d);
        config cfg;
        config_defaults(&cfg);
        workload *w = calloc(1, sizeof *w);
        ck_assert_msg(!workload_load_text(w, "w.sass", src, &d) && !workload_prepare(w, -1, &d), "%s", d.text);
        launch_select sel;
        launch_select_init(&sel);
        if (pick) {
            ck_assert_int_eq(launch_select_name(&sel, "--kernel-name", "^twice$", &d), 0);
            launch_select_count(&sel, 1);
        }
        kernel_stats ks[32];
        memset(ks, 0, sizeof ks);
        func_options fo = { 0, 1000, NULL, NULL, 0, NULL };
        ck_assert_int_eq(workload_run(w, &cfg, &fo, 0, &sel, ks, &d), FUNC_OK);
        ck_assert_msg(workload_check(w, 0, &d), "%s", d.text ? d.text : "");
        for (int i = 0; i < 3; i++) {
            int want = !pick || i == 1;
            ck_assert_msg(ks[i].timed == want, "pick %d launch %d: timed %d", pick, i, ks[i].timed);
            ck_assert_msg((ks[i].cycles > 0) == want, "pick %d launch %d: %llu cycles", pick, i, (unsigned long long)ks[i].cycles);
        }
        /* the counts whether timed or not: 122 warp instructions each twice (10 warps in range, 2 past) */
        ck_assert_int_eq(ks[0].v[STAT_warp_instructions], 10 * 9 + 2 * 6);
        ck_assert_int_eq(ks[1].v[STAT_warp_instructions], 10 * 11 + 2 * 6);
        ck_assert_int_eq(ks[2].v[STAT_warp_instructions], ks[1].v[STAT_warp_instructions]);
        for (int i = 0; i < 32; i++) stats_free(&ks[i]);
        launch_select_free(&sel);
        diag_free(&d);
        workload_free(w);
        free(w);
    }
}
END_TEST

/* a manifest holds as many launches as it names (issue 58: a program's
 * manifest twin may have hundreds); each adds one to every element */
START_TEST(test_many_launches)
{
    enum { LAUNCHES = 300 };
    size_t cap = 4096 + LAUNCHES * 64;
    char *src = malloc(cap);
    int n = snprintf(src, cap, ".kernel inc\n.param out u64\n"
        "  S2R R0, SR_TID.X\n  IMAD.WIDE.U32 R4, R0, 4, c[out]\n  LDG.E R6, [R4]\n"
        "  IADD3 R6, R6, 1, RZ\n  STG.E [R4], R6\n  EXIT\n.end\n"
        ".workload w\n  buffer out u32[32]\n");
    for (int i = 0; i < LAUNCHES; i++) n += snprintf(src + n, cap - (size_t)n, "  launch inc grid=1 block=32 (out)\n");
    snprintf(src + n, cap - (size_t)n, "  check out == %d\n.end\n", LAUNCHES);
    diag d;
    diag_init(&d);
    config cfg;
    config_defaults(&cfg);
    workload *w = calloc(1, sizeof *w);
    ck_assert_msg(!workload_load_text(w, "w.sass", src, &d) && !workload_prepare(w, -1, &d), "%s", d.text);
    ck_assert_int_eq(w->nlaunches, LAUNCHES);
    kernel_stats *ks = calloc(LAUNCHES, sizeof *ks);
    func_options fo = { 0, 1000, NULL, NULL, 0, NULL };
    ck_assert_int_eq(workload_run(w, &cfg, &fo, 1, NULL, ks, &d), FUNC_OK);
    ck_assert_msg(workload_check(w, 0, &d), "%s", d.text ? d.text : "");
    ck_assert_int_eq(ks[LAUNCHES - 1].v[STAT_warp_instructions], 6);   /* S2R IMAD.WIDE LDG IADD3 STG EXIT */
    for (int i = 0; i < LAUNCHES; i++) stats_free(&ks[i]);
    free(ks);
    diag_free(&d);
    workload_free(w);
    free(w);
    free(src);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("workload");
    TCase *tc = tcase_create("workload");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_manifest_and_checks);
    tcase_add_loop_test(tc, test_manifest_errors, 0, (int)(sizeof bad / sizeof bad[0]));
    tcase_add_test(tc, test_define_errors);
    tcase_add_loop_test(tc, test_define_positions, 0, (int)(sizeof bad_define / sizeof bad_define[0]));
    tcase_add_test(tc, test_expression_depth);
    tcase_add_loop_test(tc, test_sparse_memory, 0, 2);
    tcase_add_test(tc, test_elems_match_elem);
    tcase_add_loop_test(tc, test_release, 0, 2);
    tcase_add_test(tc, test_prefill);
    tcase_add_loop_test(tc, test_runtime_faults, 0, (int)(sizeof faults / sizeof faults[0]));
    tcase_add_test(tc, test_deadlock_and_limit);
    tcase_add_test(tc, test_three_dimensional_launch);
    tcase_add_test(tc, test_occupancy_limit);
    tcase_add_test(tc, test_launch_select_picks);
    tcase_add_test(tc, test_launch_select_run);
    tcase_add_test(tc, test_many_launches);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
