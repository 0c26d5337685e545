/* tests/test_devlib.c — the device library (sim/exec/devlib*.c): printf's formatter
 * against the host's own snprintf, where CUDA's rules are C's: arguments
 * packed as nvcc packs them (each at an offset aligned to its size: int,
 * char and short as 4 bytes, long, long long, pointers and doubles as 8),
 * and bad inputs (a NULL or unreadable %s pointer, more conversions than
 * arguments, huge widths) that must not crash; vprintf's records in lane
 * order and the FIFO's drops; the heap's first fit, alignment, reuse of
 * freed blocks and NULL when full. */
#include "check_main.h"
#include "exec/devlib.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { uint8_t b[256]; size_t n; } packed;

static void add(packed *p, const void *v, size_t size)
{
    p->n = (p->n + size - 1) & ~(size - 1);
    memcpy(p->b + p->n, v, size);
    p->n += size;
}
static void add_i(packed *p, int32_t v) { add(p, &v, 4); }
static void add_l(packed *p, int64_t v) { add(p, &v, 8); }
static void add_d(packed *p, double v) { add(p, &v, 8); }

#define STR_BASE 0x100000000ull
static const char *strings[] = { "hello", "", "a longer string of words" };

static int arg(void *ctx, uint64_t off, void *buf, int size)
{
    const packed *p = ctx;
    if (off + (uint64_t)size > p->n) return -1;
    memcpy(buf, p->b + off, (size_t)size);
    return 0;
}

static int str(void *ctx, uint64_t addr, char *buf, size_t max)
{
    (void)ctx;
    uint64_t i = (addr - STR_BASE) / 0x100;
    if (addr < STR_BASE || i >= sizeof strings / sizeof strings[0]) return -1;
    size_t n = strlen(strings[i]);
    n = n < max ? n : max;
    memcpy(buf, strings[i], n);
    return (int)n;
}

static char *fmt_of(const char *f, packed *p, int *nargs)
{
    static char out[8192];
    devlib_args a = { p, arg, str };
    devlib_format(out, sizeof out, f, &a, nargs);
    return out;
}

START_TEST(integers_as_c)
{
    static const char *forms[] = { "%d", "%i", "%u", "%x", "%X", "%o", "%5d", "%-5d|", "%05d", "%+d", "% d", "%.3d",
                                   "%#x", "%#o", "%8.4x", "%-+7d|", "%c" };
    static const int32_t vals[] = { 0, 1, -1, 42, -42, 65, 2147483647, (int32_t)0x80000000, 123456 };
    char want[256];
    for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++)
        for (size_t v = 0; v < sizeof vals / sizeof vals[0]; v++) {
            packed p = { .n = 0 };
            int n;
            add_i(&p, vals[v]);
            if (!strcmp(forms[f], "%c") && (vals[v] < 32 || vals[v] > 126)) continue;
            if (strchr("uxXo", forms[f][strlen(forms[f]) - 1])) snprintf(want, sizeof want, forms[f], (unsigned)vals[v]);
            else snprintf(want, sizeof want, forms[f], vals[v]);
            ck_assert_str_eq(fmt_of(forms[f], &p, &n), want);
            ck_assert_int_eq(n, 1);
        }
}
END_TEST

START_TEST(lengths_as_c)
{
    packed p = { .n = 0 };
    int n;
    char want[256];
    add_i(&p, -3); add_i(&p, 200); add_l(&p, -1234567890123LL); add_l(&p, (int64_t)0xfedcba9876543210ULL); add_i(&p, 70000);
    snprintf(want, sizeof want, "%hd %hhu %lld %llx %hd", (short)-3, (unsigned char)200, -1234567890123LL,
             0xfedcba9876543210ULL, (short)70000);
    ck_assert_str_eq(fmt_of("%hd %hhu %lld %llx %hd", &p, &n), want);
    ck_assert_int_eq(n, 4);   /* CUDA counts no argument for %hhu (the H100's printf returned so) */
}
END_TEST

START_TEST(floats_as_c)
{
    static const char *forms[] = { "%f", "%F", "%e", "%E", "%g", "%G", "%a", "%A", "%10.3f", "%-12.2e|", "%+.0f",
                                   "%#.0f", "%.10g", "%.0e", "%020.5f" };
    static const double vals[] = { 0.0, -0.0, 1.0, -2.5, 3.14159, 1e-5, 1e20, 12345.678, 1.0 / 3, 1e308, 5e-324 };
    char want[512];
    for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++)
        for (size_t v = 0; v < sizeof vals / sizeof vals[0]; v++) {
            packed p = { .n = 0 };
            int n;
            add_d(&p, vals[v]);
            snprintf(want, sizeof want, forms[f], vals[v]);
            ck_assert_str_eq(fmt_of(forms[f], &p, &n), want);
        }
}
END_TEST

START_TEST(mixed_packing)
{
    /* float %f, int %d, double, long, char: 8-byte slots where needed, 4 for ints */
    packed p = { .n = 0 };
    int n;
    char want[256];
    add_d(&p, 1.5); add_i(&p, 7); add_d(&p, 2.25); add_l(&p, 99); add_i(&p, 'z'); add_l(&p, (int64_t)STR_BASE);
    snprintf(want, sizeof want, "float %f, int %d, double %.2f, long %ld, char %c, %s|%*d", 1.5, 7, 2.25, 99L, 'z',
             "hello", 0, 0);
    add_i(&p, 0); add_i(&p, 0);
    ck_assert_str_eq(fmt_of("float %f, int %d, double %.2f, long %ld, char %c, %s|%*d", &p, &n), want);
    ck_assert_int_eq(n, 8);
}
END_TEST

START_TEST(strings_and_stars)
{
    packed p = { .n = 0 };
    int n;
    char want[256];
    add_l(&p, (int64_t)STR_BASE); add_l(&p, (int64_t)(STR_BASE + 0x200)); add_i(&p, 12); add_l(&p, (int64_t)STR_BASE);
    add_i(&p, 3); add_l(&p, (int64_t)(STR_BASE + 0x200));
    snprintf(want, sizeof want, "[%10s] [%-30s] [%*s] 100%%", "hello", strings[2], 12, "hello");
    ck_assert_str_eq(fmt_of("[%10s] [%-30s] [%*s] 100%%", &p, &n), want);
    ck_assert_int_eq(n, 4);
    /* CUDA's printf prints a '*' precision as written and takes no argument (the H100) */
    packed q = { .n = 0 };
    add_i(&q, 6); add_i(&q, 1); add_l(&q, (int64_t)STR_BASE);
    ck_assert_str_eq(fmt_of("%*d|%.*f|%s", &q, &n), "     1|%.*f|hello");
    ck_assert_int_eq(n, 3);
}
END_TEST

START_TEST(bad_inputs)
{
    packed p = { .n = 0 };
    int n;
    add_l(&p, 0); add_l(&p, 0x1234);   /* NULL, unreadable */
    ck_assert_str_eq(fmt_of("%s %s", &p, &n), "(null) (unreadable)");
    /* more conversions than arguments: the missing ones read as 0 */
    packed q = { .n = 0 };
    add_i(&q, 5);
    ck_assert_str_eq(fmt_of("%d %d %s %f", &q, &n), "5 0 (null) 0.000000");
    ck_assert_int_eq(n, 4);
    /* a huge width is bounded; the text is cut to the buffer */
    char small[16];
    devlib_args a = { &q, arg, str };
    size_t len = devlib_format(small, sizeof small, "%2000000000d", &a, &n);
    ck_assert_uint_eq(len, 4096);
    ck_assert_uint_eq(strlen(small), 15);
    /* a lone %, an unknown conversion, a trailing % */
    ck_assert_str_eq(fmt_of("%y %", &q, &n), "%y %");
}
END_TEST

/* ---- the calls themselves, through a small world: the format string in
 * "global" memory at 0x100000000, each lane's arguments in its "local"
 * memory at 0 ---- */
static const char world_fmt[] = "lane %d of %s\n";
static int world_mem(void *ctx, isa_space space, int lane, uint64_t addr, void *buf, int size, int write)
{
    (void)ctx;
    if (write != ISA_MEM_READ) return FAULT_OUT_OF_BOUNDS;
    uint8_t *b = buf;
    for (int i = 0; i < size; i++) {
        uint64_t a = addr + (uint64_t)i;
        if (space == SPACE_GLOBAL && a >= STR_BASE && a < STR_BASE + sizeof world_fmt) b[i] = (uint8_t)world_fmt[a - STR_BASE];
        else if (space == SPACE_GLOBAL && a >= STR_BASE + 0x100 && a < STR_BASE + 0x104) b[i] = (uint8_t)"six"[a - STR_BASE - 0x100];
        else if (space == SPACE_LOCAL && a < 16) {
            uint8_t args[16] = { 0 };
            int32_t v = lane;
            uint64_t s = STR_BASE + 0x100;
            memcpy(args, &v, 4);
            memcpy(args + 8, &s, 8);
            b[i] = args[a];
        } else return FAULT_OUT_OF_BOUNDS;
    }
    return FAULT_NONE;
}
static uint32_t world_sreg(void *ctx, isa_sreg sr, int lane) { (void)ctx; (void)sr; return (uint32_t)lane; }

static void set_pair(isa_warp_regs *w, int r, uint64_t v)
{
    for (int l = 0; l < w->warp_size; l++) {
        w->regs[r * w->warp_size + l] = (uint32_t)v;
        w->regs[(r + 1) * w->warp_size + l] = (uint32_t)(v >> 32);
    }
}

static char *flushed(uint64_t *dropped)
{
    static char text[65536];
    FILE *f = tmpfile();
    *dropped = devlib_flush(f);
    rewind(f);
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    fclose(f);
    return text;
}

START_TEST(printf_lanes_and_fifo)
{
    isa_env env = { .ctx = NULL, .mem = world_mem, .sreg = world_sreg };
    isa_warp_regs w;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    set_pair(&w, 4, STR_BASE);
    set_pair(&w, 6, 0);
    int lane = -1;
    ck_assert_int_eq(devlib_call(&env, NULL, ISA_CALL_VPRINTF, &w, 0x8000000aull, &lane), FAULT_NONE);
    ck_assert_uint_eq(w.regs[4 * 32 + 1], 2);    /* printf's return: the arguments */
    uint64_t dropped;
    ck_assert_str_eq(flushed(&dropped), "lane 1 of six\nlane 3 of six\nlane 31 of six\n");   /* lane order */
    ck_assert_uint_eq(dropped, 0);
    /* a FIFO of 100 bytes: a record here takes 16 + 2 * 8 + 16 = 48; two fit, the rest is dropped */
    ck_assert_int_eq(devlib_set_limit(DEVLIB_PRINTF_FIFO, 100), 0);
    set_pair(&w, 4, STR_BASE);
    devlib_call(&env, NULL, ISA_CALL_VPRINTF, &w, 0xfull, &lane);
    ck_assert_str_eq(flushed(&dropped), "lane 0 of six\nlane 1 of six\n");
    ck_assert_uint_eq(dropped, 2);
    devlib_set_limit(DEVLIB_PRINTF_FIFO, DEVLIB_FIFO_DEFAULT);
    /* a NULL or unreadable format: -1, nothing printed */
    set_pair(&w, 4, 0);
    devlib_call(&env, NULL, ISA_CALL_VPRINTF, &w, 0x1ull, &lane);
    ck_assert_uint_eq(w.regs[4 * 32], (uint32_t)-1);
    set_pair(&w, 4, 0x7000);
    devlib_call(&env, NULL, ISA_CALL_VPRINTF, &w, 0x1ull, &lane);
    ck_assert_uint_eq(w.regs[4 * 32], (uint32_t)-1);
    ck_assert_str_eq(flushed(&dropped), "");
    isa_warp_free(&w);
}
END_TEST

static uint64_t lane_pair(const isa_warp_regs *w, int r, int l)
{
    return w->regs[r * w->warp_size + l] | (uint64_t)w->regs[(r + 1) * w->warp_size + l] << 32;
}

START_TEST(heap_first_fit)
{
    isa_env env = { .ctx = NULL, .mem = world_mem, .sreg = world_sreg };
    gmem *m = gmem_new();
    devlib_launch(m);
    isa_warp_regs w;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    int lane;
    uint64_t heap = devlib_limit(DEVLIB_HEAP);
    /* 32 lanes of 100 bytes: 16-byte aligned, 112 apart, in lane order */
    set_pair(&w, 4, 100);
    ck_assert_int_eq(devlib_call(&env, NULL, ISA_CALL_MALLOC, &w, 0xffffffffull, &lane), FAULT_NONE);
    uint64_t base = lane_pair(&w, 4, 0);
    ck_assert(base != 0 && base % 16 == 0);
    for (int l = 1; l < 32; l++) ck_assert_uint_eq(lane_pair(&w, 4, l), base + 112 * (uint64_t)l);
    ck_assert_int_eq(devlib_set_limit(DEVLIB_HEAP, 1 << 20), -1);    /* in use: CUDA's cudaErrorInvalidValue */
    /* more than is left: NULL; free lanes 3 and 4, merged: 200 bytes fit there */
    set_pair(&w, 4, heap);
    devlib_call(&env, NULL, ISA_CALL_MALLOC, &w, 0x1ull, &lane);
    ck_assert_uint_eq(lane_pair(&w, 4, 0), 0);
    set_pair(&w, 4, base + 3 * 112);
    devlib_call(&env, NULL, ISA_CALL_FREE, &w, 0x1ull, &lane);
    set_pair(&w, 4, base + 4 * 112);
    devlib_call(&env, NULL, ISA_CALL_FREE, &w, 0x1ull, &lane);
    set_pair(&w, 4, base + 4 * 112);
    devlib_call(&env, NULL, ISA_CALL_FREE, &w, 0x1ull, &lane);   /* twice: ignored */
    set_pair(&w, 4, 200);
    devlib_call(&env, NULL, ISA_CALL_MALLOC, &w, 0x1ull, &lane);
    ck_assert_uint_eq(lane_pair(&w, 4, 0), base + 3 * 112);
    /* the rest of the heap, all of it: then nothing more */
    set_pair(&w, 4, heap - 32 * 112);
    devlib_call(&env, NULL, ISA_CALL_MALLOC, &w, 0x1ull, &lane);
    ck_assert_uint_eq(lane_pair(&w, 4, 0), base + 32 * 112);
    set_pair(&w, 4, 16);
    devlib_call(&env, NULL, ISA_CALL_MALLOC, &w, 0x1ull, &lane);
    ck_assert_uint_eq(lane_pair(&w, 4, 0), base + 3 * 112 + 208);   /* the 16 bytes left after the 200 (208) */
    devlib_call(&env, NULL, ISA_CALL_MALLOC, &w, 0x1ull, &lane);
    ck_assert_uint_eq(lane_pair(&w, 4, 0), 0);
    isa_warp_free(&w);
    gmem_free(m);
    devlib_launch(NULL);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("devlib");
    TCase *t = tcase_create("format");
    tcase_add_test(t, integers_as_c);
    tcase_add_test(t, lengths_as_c);
    tcase_add_test(t, floats_as_c);
    tcase_add_test(t, mixed_packing);
    tcase_add_test(t, strings_and_stars);
    tcase_add_test(t, bad_inputs);
    tcase_add_test(t, printf_lanes_and_fifo);
    tcase_add_test(t, heap_first_fit);
    suite_add_tcase(s, t);
    return run_suite(s);
}
