/* tests/test_cache.c — the generic cache alone: hits and sector misses,
 * MSHRs against a plain list, eviction order per replacement policy, ways
 * carved out, LRU against a model (hint collisions, associativities of
 * 3, 4 and 16), write-back victims, dirty lines invalidated, and the
 * linear and xor set indexes. */
#include <check.h>
#include <stdint.h>
#include <string.h>
#include "check_main.h"
#include "mem/cache.h"

static cache make_cache(int repl, int assoc)
{
    cache c;
    cache_params p = { .size = 4 * 128 * assoc, .line = 128, .sector = 32, .assoc = assoc, .mshrs = 2,
                       .replacement = repl, .seed = 7 };
    cache_init(&c, &p);
    return c;
}

static int repl_index(const char *name)
{
    for (int i = 0; i < repl_count(); i++)
        if (repl_at(i) == repl_find(name)) return i;
    ck_abort_msg("no replacement policy %s", name);
    return -1;
}

START_TEST(cache_hit_miss_sector)
{
    cache c = make_cache(0, 2);
    uint64_t v;
    uint32_t vd;
    ck_assert_uint_eq(cache_lookup(&c, 0, 0x1), 0);                 /* cold miss */
    ck_assert_int_eq(cache_install(&c, 0, 0x1, 0, &v, &vd), 0);
    ck_assert_uint_eq(cache_lookup(&c, 0, 0x1), 0x1);               /* hit */
    ck_assert_uint_eq(cache_lookup(&c, 0, 0x3), 0x1);               /* sector miss: only sector 0 */
    cache_install(&c, 0, 0x2, 0, &v, &vd);
    ck_assert_uint_eq(cache_lookup(&c, 0, 0x3), 0x3);
    ck_assert_uint_eq(cache_lookup(&c, 128, 0x1), 0);               /* the next line: another set */
    cache_free(&c);
}
END_TEST

START_TEST(cache_ways_carved_out)
{
    cache c = make_cache(repl_index("lru"), 4);        /* 4 sets of 4 ways */
    uint64_t v;
    uint32_t vd;
    for (int k = 0; k < 4; k++) cache_install(&c, (uint64_t)k * 4 * 128, 0x1, 0, &v, &vd);   /* set 0 full */
    for (int k = 0; k < 4; k++) ck_assert_uint_eq(cache_lookup(&c, (uint64_t)k * 4 * 128, 0x1), 0x1);
    cache_set_ways(&c, 2);
    int hits = 0;
    for (int k = 0; k < 4; k++) hits += cache_lookup(&c, (uint64_t)k * 4 * 128, 0x1) != 0;
    ck_assert_int_eq(hits, 2);                                       /* the lines of ways 0 and 1 */
    cache_install(&c, 4 * 4 * 128, 0x1, 0, &v, &vd);                 /* a fifth line evicts one of them */
    hits = 0;
    for (int k = 0; k < 5; k++) hits += cache_lookup(&c, (uint64_t)k * 4 * 128, 0x1) != 0;
    ck_assert_int_eq(hits, 2);
    cache_set_ways(&c, 0);
    ck_assert_int_eq(cache_install(&c, 0, 0x1, 0, &v, &vd), 0);
    ck_assert_uint_eq(cache_lookup(&c, 0, 0x1), 0);
    cache_set_ways(&c, 4);                                           /* all ways back, empty */
    cache_install(&c, 0, 0x1, 0, &v, &vd);
    ck_assert_uint_eq(cache_lookup(&c, 0, 0x1), 0x1);
    cache_free(&c);
}
END_TEST

START_TEST(cache_mshr_merge_full)
{
    cache c = make_cache(0, 2);
    int a = mshr_alloc(&c, 0, 0x3);
    ck_assert_int_ge(a, 0);
    ck_assert_int_eq(mshr_find(&c, 0, 0x1), a);       /* a subset of the sectors in flight merges */
    ck_assert_int_eq(mshr_find(&c, 0, 0x4), -1);      /* another sector does not */
    ck_assert_int_ge(mshr_alloc(&c, 256, 0x1), 0);
    ck_assert_int_eq(mshr_alloc(&c, 512, 0x1), -1);   /* both MSHRs in use: full */
    for (int t = 10; t < 50; t++) mshr_add_waiter(&c, a, t);   /* more than the initial storage */
    for (int t = 10; t < 50; t++) ck_assert_int_eq(mshr_pop_waiter(&c, a), t);   /* in arrival order */
    ck_assert_int_eq(mshr_pop_waiter(&c, a), -1);
    mshr_release(&c, a);
    ck_assert_int_eq(mshr_find(&c, 0, 0x1), -1);
    ck_assert_int_ge(mshr_alloc(&c, 512, 0x1), 0);    /* the freed entry is reused */
    cache_free(&c);
}
END_TEST

/* MSHR look-ups against a plain list: random allocations (a few lines, so
 * a line often has several entries for other sectors) and releases; a
 * look-up finds the lowest entry of the line that fetches every sector asked */
START_TEST(cache_mshr_lookup_reference)
{
    cache c;
    cache_params p = { .size = 4096, .line = 128, .sector = 32, .assoc = 4, .mshrs = 48, .replacement = 0, .seed = 7 };
    cache_init(&c, &p);
    struct { int used; uint64_t line; uint32_t sectors; } ref[48] = { { 0, 0, 0 } };
    uint64_t rng = 12345;
    int finds = 0;
    for (int step = 0; step < 20000; step++) {
        rng = rng * 6364136223846793005ull + 1442695040888963407ull;
        uint64_t line = (rng >> 33) % 13 * 128;
        uint32_t sectors = (uint32_t)(rng >> 50) % 15 + 1;
        int op = (int)(rng >> 60) % 4;
        if (op == 0) {
            int e = mshr_alloc(&c, line, sectors), want = -1;
            for (int i = 0; i < 48 && want < 0; i++) if (!ref[i].used) want = i;
            ck_assert_int_eq(e, want);
            if (e >= 0) { ref[e].used = 1; ref[e].line = line; ref[e].sectors = sectors; }
        } else if (op == 1) {
            int e = (int)(rng >> 40) % 48;
            if (ref[e].used) { mshr_release(&c, e); ref[e].used = 0; }
        } else {
            int want = -1;
            for (int i = 0; i < 48 && want < 0; i++)
                if (ref[i].used && ref[i].line == line && (ref[i].sectors & sectors) == sectors) want = i;
            ck_assert_int_eq(mshr_find(&c, line, sectors), want);
            finds += want >= 0;
        }
        /* the buckets' bits name exactly those that hold entries: a busy
         * bucket's chain is not empty and holds entries in use, and the
         * chains hold every entry in use once (a bucket with its bit clear
         * is not read: its first-entry word may be anything) */
        int wrong = 0, seen[48] = { 0 };
        for (int k = 0; k <= c.mbucket_mask; k++) {
            if (!(c.mbusy[k >> 6] >> (k & 63) & 1)) continue;
            int i = c.mbucket[k], steps = 0;
            wrong += i < 0;
            for (; i >= 0 && steps++ < 48; i = c.m[i].next) {
                if (ref[i].used) seen[i]++;
                else wrong++;
            }
        }
        for (int i = 0; i < 48; i++) wrong += seen[i] != ref[i].used;
        ck_assert_int_eq(wrong, 0);
    }
    ck_assert_int_gt(finds, 1000);   /* the look-ups found entries, not only misses */
    cache_free(&c);
}
END_TEST

/* lines 0, S, 2S share set 0 of a 2-way cache (S = sets x line) */
static int survivor_after_third(const char *policy)
{
    cache c = make_cache(repl_index(policy), 2);
    uint64_t S = (uint64_t)c.sets * 128, v;
    uint32_t vd;
    cache_install(&c, 0, 1, 0, &v, &vd);
    cache_install(&c, S, 1, 0, &v, &vd);
    cache_lookup(&c, 0, 1);                       /* line 0 is used again */
    cache_install(&c, 2 * S, 1, 0, &v, &vd);
    int kept = cache_lookup(&c, 0, 1) ? 0 : cache_lookup(&c, S, 1) ? 1 : -1;
    cache_free(&c);
    return kept;
}

START_TEST(cache_eviction_order)
{
    ck_assert_int_eq(survivor_after_third("lru"), 0);    /* LRU evicts S, the least recently used */
    ck_assert_int_eq(survivor_after_third("fifo"), 1);   /* FIFO evicts 0, the first filled, hit or not */
    /* random: deterministic for a seed, and over many sets it picks both ways */
    int seen[2] = { 0, 0 };
    cache a = make_cache(repl_index("random"), 2), b = make_cache(repl_index("random"), 2);
    uint64_t S = (uint64_t)a.sets * 128, v;
    uint32_t vd;
    for (int i = 0; i < 64; i++) {
        uint64_t base = (uint64_t)i * 3 * S;
        for (int k = 0; k < 3; k++) { cache_install(&a, base + k * S, 1, 0, &v, &vd); cache_install(&b, base + k * S, 1, 0, &v, &vd); }
        int ka = cache_lookup(&a, base, 1) ? 0 : 1, kb = cache_lookup(&b, base, 1) ? 0 : 1;
        ck_assert_int_eq(ka, kb);
        seen[ka] = 1;
    }
    ck_assert(seen[0] && seen[1]);
    cache_free(&a);
    cache_free(&b);
}
END_TEST

/* a look reads a way's tag only where its hint byte matches: lines of one
 * set whose hints are the same must still be told apart, an empty way is
 * found by its hint, and the victim must be the least recently used (FIFO:
 * the earliest filled) of the ways in use, also after ways were carved out
 * and given back and after the cache was invalidated. Random looks, fills,
 * carve-outs and invalidations of twice assoc such lines in one set,
 * against a plain model of the ways with 64-bit stamps. Returns the looks
 * that hit. */
static int policy_against_model(const char *policy, int assoc, uint64_t rng)
{
    enum { MAXW = 16 };
    int lru = !strcmp(policy, "lru");
    cache c = make_cache(repl_index(policy), assoc);
    uint64_t S = (uint64_t)c.sets * 128, lines[2 * MAXW], v;
    uint32_t vd;
    int found = 0;
    for (uint64_t k = 1; found < 2 * assoc && k < 1u << 22; k++)   /* set 0, the hint of line 0 */
        if (cache_hint(k * S) == cache_hint(0)) lines[found++] = k * S;
    ck_assert_int_eq(found, 2 * assoc);
    uint64_t model[MAXW], stamp[MAXW] = { 0 }, clock = 0;
    int valid[MAXW] = { 0 }, ways = assoc, hits = 0, carved = 0, invalidated = 0;
    for (int step = 0; step < 6000; step++) {
        rng = rng * 6364136223846793005ull + 1442695040888963407ull;
        uint64_t line = lines[(rng >> 33) % (uint64_t)(2 * assoc)];
        int at = -1, op = (int)(rng >> 40 & 15);
        for (int i = 0; i < ways; i++)
            if (valid[i] && model[i] == line) at = i;
        if (op == 0) {                                  /* carve out (or give back) ways */
            ways = 1 + (int)((rng >> 20) % (uint64_t)assoc);
            cache_set_ways(&c, ways);
            for (int i = ways; i < assoc; i++) valid[i] = 0;
            carved++;
        } else if (op == 1 && (rng >> 50 & 7) == 0) {   /* everything dropped */
            cache_invalidate(&c);
            for (int i = 0; i < assoc; i++) valid[i] = 0;
            invalidated++;
        } else if (op < 8) {                            /* a look */
            ck_assert_uint_eq(cache_lookup(&c, line, 1), at >= 0 ? 1 : 0);
            if (at >= 0) { hits++; if (lru) stamp[at] = ++clock; }
        } else {                                        /* a fill */
            cache_install(&c, line, 1, 0, &v, &vd);
            if (at >= 0) {                              /* present: LRU's use, FIFO keeps its age */
                if (lru) stamp[at] = ++clock;
                continue;
            }
            for (int i = 0; at < 0 && i < ways; i++)    /* the first empty way */
                if (!valid[i]) at = i;
            if (at < 0) {                               /* the least recently used leaves */
                at = 0;
                for (int i = 1; i < ways; i++)
                    if (stamp[i] < stamp[at]) at = i;
            }
            model[at] = line;
            valid[at] = 1;
            stamp[at] = ++clock;
        }
    }
    ck_assert_int_gt(carved, 100);
    ck_assert_int_gt(invalidated, 10);
    cache_free(&c);
    return hits;
}

START_TEST(cache_same_hints_told_apart)
{
    ck_assert_int_gt(policy_against_model("lru", 4, 99), 500);
    ck_assert_int_gt(policy_against_model("lru", 3, 5), 500);      /* associativities that are not powers of two */
    ck_assert_int_gt(policy_against_model("lru", 16, 7), 300);
    ck_assert_int_gt(policy_against_model("fifo", 4, 11), 500);
    ck_assert_int_gt(policy_against_model("fifo", 6, 13), 400);
    ck_assert_int_gt(policy_against_model("fifo", 16, 17), 300);
}
END_TEST

START_TEST(cache_write_back_victims)
{
    cache c = make_cache(0, 1);
    uint64_t S = (uint64_t)c.sets * 128, v = 0;
    uint32_t vd = 0;
    cache_install(&c, 0, 0x1, 0, &v, &vd);                    /* clean */
    ck_assert_int_eq(cache_install(&c, S, 0x2, 1, &v, &vd), 0);   /* evicts a clean line: no write */
    cache_mark_dirty(&c, S, 0x4);                            /* not valid: not dirtied */
    ck_assert_int_eq(cache_install(&c, 2 * S, 0x1, 0, &v, &vd), 1);
    ck_assert_uint_eq(v, S);
    ck_assert_uint_eq(vd, 0x2);                              /* only the written sector goes back */
    cache_free(&c);
}
END_TEST

/* an invalidation (and ways carved out) drops dirty lines without a
 * write-back: the next fills of those ways find them empty, whatever
 * tag, stamp and masks the ways still hold */
START_TEST(cache_invalidated_dirty_lines_go_quietly)
{
    cache c = make_cache(repl_index("lru"), 2);
    uint64_t S = (uint64_t)c.sets * 128, v = 0;
    uint32_t vd = 0;
    cache_install(&c, 0, 0x1, 1, &v, &vd);                   /* set 0: two dirty lines */
    cache_install(&c, S, 0x3, 1, &v, &vd);
    ck_assert_int_eq(cache_install(&c, 2 * S, 0x1, 0, &v, &vd), 1);   /* full: a dirty victim goes back */
    cache_invalidate(&c);
    ck_assert_uint_eq(cache_lookup(&c, S, 0x1) | cache_lookup(&c, 2 * S, 0x1), 0);
    cache_mark_dirty(&c, 2 * S, 0x1);                        /* gone: not dirtied */
    ck_assert_int_eq(cache_install(&c, 3 * S, 0x1, 0, &v, &vd), 0);   /* the invalid ways first, no write */
    ck_assert_int_eq(cache_install(&c, 4 * S, 0x1, 0, &v, &vd), 0);
    ck_assert_int_eq(cache_install(&c, 5 * S, 0x1, 0, &v, &vd), 0);   /* clean victims */
    cache_install(&c, 6 * S, 0x2, 1, &v, &vd);
    cache_install(&c, 7 * S, 0x2, 1, &v, &vd);               /* both ways dirty again */
    cache_set_ways(&c, 0);
    cache_set_ways(&c, 2);                                   /* back, and empty */
    ck_assert_uint_eq(cache_lookup(&c, 7 * S, 0x2), 0);
    ck_assert_int_eq(cache_install(&c, 8 * S, 0x1, 0, &v, &vd), 0);
    ck_assert_int_eq(cache_install(&c, 9 * S, 0x1, 0, &v, &vd), 0);
    ck_assert_uint_eq(cache_lookup(&c, 8 * S, 0x1) & cache_lookup(&c, 9 * S, 0x1), 0x1);
    cache_free(&c);
}
END_TEST

/* sets x line bytes apart: one set under the linear index, so only `assoc`
 * of them stay; the xor index spreads them over every set, so all stay. For
 * 256 sets (an H100 L1) and 32 lanes 1 KB apart, 64 warps 32 KB apart (the
 * seed's gpu2): the linear index puts each warp's lines in the same 32 sets
 * as every other warp's, the xor index in all 256. Either index must keep
 * the sets a partition: sets x assoc distinct lines of one run fill the
 * cache exactly. */
static int resident_after_ring(int index, int sets, int assoc, uint64_t stride, int lines)
{
    cache c;
    cache_params p = { .size = sets * 128 * assoc, .line = 128, .sector = 32, .assoc = assoc, .mshrs = 2,
                       .replacement = 0, .seed = 7, .index = index };
    cache_init(&c, &p);
    uint64_t v;
    uint32_t vd;
    for (int k = 0; k < lines; k++) cache_install(&c, (uint64_t)k * stride, 0x1, 0, &v, &vd);
    int hits = 0;
    for (int k = 0; k < lines; k++) hits += cache_lookup(&c, (uint64_t)k * stride, 0x1) != 0;
    cache_free(&c);
    return hits;
}

START_TEST(cache_xor_index_spreads_strides)
{
    ck_assert_int_eq(resident_after_ring(CACHE_INDEX_linear, 256, 8, 256 * 128, 64), 8);
    ck_assert_int_eq(resident_after_ring(CACHE_INDEX_xor, 256, 8, 256 * 128, 64), 64);
    ck_assert_int_eq(resident_after_ring(CACHE_INDEX_xor, 256, 8, 128, 256 * 8), 256 * 8);   /* a partition */
    ck_assert_int_eq(resident_after_ring(CACHE_INDEX_linear, 256, 8, 128, 256 * 8), 256 * 8);
    ck_assert_int_eq(resident_after_ring(CACHE_INDEX_xor, 320, 16, 128, 320 * 16), 320 * 16); /* sets not a power of two */
    ck_assert_int_eq(resident_after_ring(CACHE_INDEX_xor, 320, 16, 320 * 128, 64), 64);
    /* gpu2's pattern: 64 warps x 32 lanes, lanes 1 KB apart, warps 32 KB apart: 2048 lines */
    cache c;
    cache_params p = { .size = 256 * 128 * 8, .line = 128, .sector = 32, .assoc = 8, .mshrs = 2, .index = CACHE_INDEX_xor };
    cache_init(&c, &p);
    int used[256] = { 0 }, sets_used = 0;
    for (int w = 0; w < 64; w++)
        for (int l = 0; l < 32; l++) {
            size_t s = cache_set_of(&c, (uint64_t)w * 32768 + (uint64_t)l * 1024);
            sets_used += !used[s]++;
        }
    ck_assert_int_eq(sets_used, 256);
    cache_free(&c);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cache");
    TCase *t = tcase_create("cache");
    tcase_add_test(t, cache_hit_miss_sector);
    tcase_add_test(t, cache_mshr_merge_full);
    tcase_add_test(t, cache_mshr_lookup_reference);
    tcase_add_test(t, cache_eviction_order);
    tcase_add_test(t, cache_same_hints_told_apart);
    tcase_add_test(t, cache_write_back_victims);
    tcase_add_test(t, cache_ways_carved_out);
    tcase_add_test(t, cache_invalidated_dirty_lines_go_quietly);
    tcase_add_test(t, cache_xor_index_spreads_strides);
    suite_add_tcase(s, t);
    return run_suite(s);
}
