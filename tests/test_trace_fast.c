/* tests/test_trace_fast.c — the trace reader's fast path
 * (sim/front/trace_fast.c) reads every instruction line to what the full
 * reader makes of it. Random traces (NVBit's and warpsim's own, with and
 * without line numbers, tracer versions 3 to 5, every address mode, and
 * lines the fast path must pass on: odd spacing, 0x and '+', long
 * numbers, a pc whose registers change, extra or missing fields) are read
 * twice, once with the fast path off: the blocks, each instruction, its
 * form and addresses, and any error message must be the same, and most
 * lines must have gone the fast way. */
#include <check.h>
#include "check_main.h"
#include "front/trace.h"
#include "front/trace_header.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng;
static uint64_t next_rand(void)
{
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return rng;
}
static int chance(int percent) { return (int)(next_rand() % 100) < percent; }
static int faults;                   /* this trace has bad lines (a quarter of them) */
static uint64_t inst_lines;          /* instruction lines written */
static int w_old;                    /* an older warpsim trace: its mask column holds the lanes that issued */

typedef struct { char *s; size_t n, cap; } text;
static void put(text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char line[2048];
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (t->n + (size_t)n + 1 > t->cap) {
        t->cap = 2 * (t->n + (size_t)n + 1);
        t->s = realloc(t->s, t->cap);
    }
    memcpy(t->s + t->n, line, (size_t)n + 1);
    t->n += (size_t)n;
}

/* a field separator: mostly one space */
static const char *sep(void) { return chance(1) ? (chance(50) ? "\t" : "  ") : " "; }

/* a pc's static part: registers, opcode, width */
typedef struct { int ndst, dst[2], nsrc, src[3], width; const char *op; } shape;
static const char *ops[] = { "IMAD", "FADD", "LDG.E", "STG.E.64", "LDS.U8", "ATOMS.ADD", "ISETP.GE.AND", "MOV", "LDG.E.128.CONSTANT" };
static const int op_mem[] = { 0, 0, 4, 8, 1, 4, 0, 0, 16 };

static void random_shape(shape *s)
{
    int o = (int)(next_rand() % (sizeof ops / sizeof ops[0]));
    s->op = ops[o];
    s->width = op_mem[o];
    s->ndst = (int)(next_rand() % 3);
    s->nsrc = (int)(next_rand() % 4);
    for (int i = 0; i < 2; i++) s->dst[i] = (int)(next_rand() % 40);
    for (int i = 0; i < 3; i++) s->src[i] = chance(10) ? 255 : (int)(next_rand() % 40);
}

static void put_addresses(text *t, uint32_t mask)
{
    int n = __builtin_popcount(mask);
    uint64_t base = (next_rand() >> 20) & ~(uint64_t)3;
    int mode = (int)(next_rand() % 3);
    int64_t stride = chance(20) ? -4 : chance(20) ? 0 : chance(10) ? 4096 : 4;
    put(t, "%s%d", sep(), mode);
    if ((faults && chance(3)) || (mode == 0 && !n)) return;  /* cut short; an empty list */
    const char *x = chance(5) ? "0X" : chance(50) ? "0x" : "";
    if (faults && chance(2)) put(t, "%s1%016llx", sep(), (unsigned long long)base);   /* past 64 bits */
    else if (chance(2)) put(t, "%s%s%016llx", sep(), x, (unsigned long long)base | 0xf000000000000000ull);
    else put(t, "%s%s%llx", sep(), x, (unsigned long long)base);
    if (mode == 1) {
        put(t, stride >= 0 && chance(2) ? "%s+%lld" : "%s%lld", sep(), (long long)stride);
        return;
    }
    for (int i = 1; i < n; i++) {
        int64_t d = chance(30) ? (int64_t)(next_rand() % 512) - 256 : stride;
        base += (uint64_t)d;
        if (mode == 0) put(t, "%s%llx", sep(), (unsigned long long)base);
        else if (chance(1)) put(t, "%s1234567890123456789", sep());
        else put(t, "%s%lld", sep(), (long long)d);
    }
}

/* one instruction line at pc with its shape (warpsim's traces: gen 'W') */
static void put_line(text *t, int lineinfo, int version, int w, uint32_t pc, const shape *s, int line)
{
    uint32_t mask = chance(40) ? 0xffffffffu : chance(3) ? 0 : chance(5) ? 1u << next_rand() % 32 : (uint32_t)next_rand();
    if (lineinfo) put(t, "%d%s", line, sep());
    put(t, chance(2) ? "0x%04x" : "%04x", pc);
    put(t, "%s%08x%s%d", sep(), mask, sep(), s->ndst);
    for (int i = 0; i < s->ndst; i++) put(t, "%sR%d", sep(), s->dst[i]);
    put(t, "%s%s%s%d", sep(), s->op, sep(), s->nsrc);
    for (int i = 0; i < s->nsrc; i++) put(t, "%sR%d", sep(), s->src[i]);
    int width = chance(1) ? 0 : s->width;
    put(t, "%s%d", sep(), width);
    if (width) put_addresses(t, mask);
    if (version >= 5 && !chance(3)) {
        /* the lanes that issued (a superset of the mask), or in an older trace those that executed (a subset) */
        uint32_t lanes = chance(50) ? mask : w_old ? mask & (uint32_t)next_rand() : mask | (uint32_t)next_rand();
        uint64_t imm = lanes | (uint64_t)(next_rand() % 2) << 32 | (uint64_t)chance(5) << 40;
        if (chance(5)) imm = next_rand() >> next_rand() % 64;   /* 1 to 20 digits */
        if (w) put(t, "%s%llu", sep(), (unsigned long long)imm);
        else put(t, "%s%s", sep(), chance(50) ? "0" : "0x1f");
    }
    if (faults && chance(1)) put(t, " 7");                   /* an extra field */
    put(t, chance(3) ? " \r\n" : "\n");
}

/* warpsim's header: its pcs' facts (the histogram's, emitted by warpsim run --emit-trace) */
static const char *w_facts[] = {
    "S2R 9 - 0 0 0 0 -1 | S2R R0, SR_TID.X", "S2R 10 - 1 0 0 0 -1 | S2R R1, SR_CTAID.X",
    "SHL 12 0 3 0 0 0 -1 | SHL R3, R0, 2", "STS 13 3 - 5 1 0 -1 | STS [R3], RZ",
    "IMAD 15 1,2,0 4 0 0 0 -1 | IMAD R4, R1, R2, R0", "LDG 17 4,5 6 3 0 0 -1 | LDG.32 R6, [R4]",
    "ATOMS 20 7 - b 1 0 -1 | ATOMS.ADD RZ, [R7], 1", "EXIT 36 - - 0 0 0 -1 | EXIT",
};
#define NPCS 8

static void make_trace(text *t, int w, int nvbit_mask, int lineinfo, int version, int blocks)
{
    put(t, "-kernel name = fast\n-kernel id = 1\n-grid dim = (%d,1,1)\n-block dim = (64,1,1)\n-shmem = 0\n"
           "-nregs = 40\n-binary version = %d\n-cuda stream id = 0\n-accelsim tracer version = %d\n"
           "-enable lineinfo = %d\n", blocks, w ? 86 : 80, version, lineinfo);
    w_old = w && !nvbit_mask;
    if (w) {
        put(t, "-warpsim instructions = %d\n", NPCS);
        if (nvbit_mask)   /* else an older warpsim trace: the mask held the lanes that issued */
            put(t, "-warpsim lanes = mask: the lanes that executed (NVBit); immediate: the lanes that issued | diverged << 32\n");
        for (int i = 0; i < NPCS; i++) put(t, "-warpsim pc %d = %s\n", i, w_facts[i]);
    }
    put(t, "\n#traces format = [line_num] PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width ...\n\n");
    shape sh[NPCS];
    for (int i = 0; i < NPCS; i++) random_shape(&sh[i]);
    for (int b = 0; b < blocks; b++) {
        put(t, "#BEGIN_TB\n\nthread block = %d,0,0\n\n", b);
        for (int warp = 0; warp < 2; warp++) {
            int n = 5 + (int)(next_rand() % 40);
            put(t, "warp = %d\ninsts = %d\n", warp, n);
            for (int i = 0; i < n; i++) {
                int p = (int)(next_rand() % NPCS);
                if (chance(1)) random_shape(&sh[p]);          /* the pc's registers change */
                inst_lines++;
                put_line(t, lineinfo, version, w, (uint32_t)p * 16, &sh[p], 10 + p + chance(2));
            }
        }
        put(t, "#END_TB\n\n");
    }
}

typedef struct {
    trace_kernel k;
    trace_block b;
    diag d;
    FILE *f;
    int got;
} reader;

static void reader_open(reader *r, text *t, int fast_off)
{
    memset(r, 0, sizeof *r);
    diag_init(&r->d);
    r->f = fmemopen(t->s, t->n, "r");
    ck_assert_ptr_nonnull(r->f);
    ck_assert_msg(!trace_kernel_open_stream(&r->k, "fast.traceg", r->f, &r->d), "header: %s", r->d.text);
    r->k.fast_off = fast_off;
}

static void reader_close(reader *r)
{
    trace_block_free(&r->b);
    trace_kernel_close(&r->k);
    diag_free(&r->d);
    free(r);
}

static void same_inst(reader *a, reader *b, int w, int i)
{
    const trace_inst *x = &a->b.warp[w][i], *y = &b->b.warp[w][i];
    uint32_t xpc = trace_inst_pc(&a->k, x), ypc = trace_inst_pc(&b->k, y);
    ck_assert_msg(xpc == ypc && x->mask == y->mask && x->exec == y->exec && x->diverged == y->diverged
                  && x->addr_form == y->addr_form && x->shared == y->shared
                  && trace_shared_line(&a->k, x->shared) == trace_shared_line(&b->k, y->shared),
                  "warp %d instruction %d: the fast path read pc %x mask %x exec %x form %u (line %u), "
                  "the full reader pc %x mask %x exec %x form %u (line %u)", w, i, xpc, x->mask, x->exec, x->shared,
                  trace_shared_line(&a->k, x->shared), ypc, y->mask, y->exec, y->shared, trace_shared_line(&b->k, y->shared));
    ck_assert(!memcmp(trace_shared_at(&a->k, x->shared), trace_shared_at(&b->k, y->shared), sizeof(trace_shared)));
    ck_assert_int_eq(!x->addr, !y->addr);
    if (x->addr && x->addr_form != TRACE_ADDR_PACKED)   /* the words the binary cache writes, or a pattern's */
        ck_assert_msg(!memcmp(x->addr, y->addr, (x->addr_form == TRACE_ADDR_STRIDED ? 3 : 2) * sizeof *x->addr),
                      "warp %d instruction %d: strided or pattern words differ", w, i);
    uint64_t ax[TRACE_WARP], ay[TRACE_WARP];
    trace_addresses(&a->k, x, ax);
    trace_addresses(&b->k, y, ay);
    ck_assert_msg(!memcmp(ax, ay, sizeof ax), "warp %d instruction %d: addresses differ", w, i);
}

static int read_errors;              /* traces whose reading ended in an error (the same both ways) */

/* read t both ways; the lines the fast path read */
static uint64_t compare(text *t)
{
    reader *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
    reader_open(a, t, 0);
    reader_open(b, t, 1);
    do {
        a->got = trace_kernel_next_block(&a->k, &a->b, &a->d);
        b->got = trace_kernel_next_block(&b->k, &b->b, &b->d);
        ck_assert_int_eq(a->got, b->got);
        ck_assert_str_eq(a->d.text ? a->d.text : "", b->d.text ? b->d.text : "");
        if (a->got > 0) {
            ck_assert_int_eq(a->b.nwarps, b->b.nwarps);
            ck_assert_uint_eq(a->b.max_pc, b->b.max_pc);
            for (int w = 0; w < a->b.nwarps; w++) {
                ck_assert_int_eq(a->b.count[w], b->b.count[w]);
                for (int i = 0; i < a->b.count[w]; i++) same_inst(a, b, w, i);
            }
        }
        trace_block_free(&a->b);
        trace_block_free(&b->b);
    } while (a->got > 0);
    read_errors += a->got < 0;
    ck_assert_uint_eq(b->k.fast_lines, 0);
    ck_assert_uint_eq(a->k.nshared, b->k.nshared);
    uint64_t fast = a->k.fast_lines;
    reader_close(a);
    reader_close(b);
    return fast;
}

START_TEST(test_fast_same_as_full)
{
    uint64_t fast = 0, lines = 0;
    int w_fast = 0;
    rng = 0x2545f4914f6cdd1dull;
    for (int n = 0; n < 240; n++) {
        int w = n % 4 == 3, lineinfo = n % 2, version = 3 + n % 3;
        faults = n % 8 >= 6;
        text t = { 0 };
        make_trace(&t, w, n % 8 != 3, lineinfo, version, 1 + (int)(next_rand() % 4));
        uint64_t before = inst_lines;
        uint64_t f = compare(&t);
        if (!faults) fast += f, lines += inst_lines - before;
        if (w && f) w_fast = 1;
        free(t.s);
    }
    /* the fast path is most of the lines, but not all (changed shapes, odd fields) */
    ck_assert_msg(fast > lines * 7 / 10, "the fast path read %llu of %llu lines", (unsigned long long)fast, (unsigned long long)lines);
    ck_assert(w_fast);
    ck_assert_int_gt(read_errors, 20);
}
END_TEST

/* lines split across the reader's buffer and longer than it */
START_TEST(test_long_lines)
{
    text t = { 0 };
    rng = 77;
    make_trace(&t, 0, 0, 1, 5, 3);
    /* a comment line of 3 MB between the header and the first block: the buffer (256 KB) grows */
    const char *at = strstr(t.s, "#BEGIN_TB");
    ck_assert_ptr_nonnull(at);
    size_t head = (size_t)(at - t.s), big = 3u << 20;
    char *s = malloc(t.n + big + 2);
    memcpy(s, t.s, head);
    s[head] = '#';
    memset(s + head + 1, 'x', big - 1);
    s[head + big] = '\n';
    memcpy(s + head + big + 1, t.s + head, t.n - head + 1);
    free(t.s);
    t.s = s;
    t.n += big + 1;
    ck_assert_uint_gt(compare(&t), 0);
    free(t.s);
}
END_TEST

/* a one-block, one-warp trace's text up to its instructions: the warp says it has n */
static void one_warp(text *t, int n)
{
    put(t, "-kernel name = k\n-grid dim = (1,1,1)\n-block dim = (32,1,1)\n-binary version = 80\n"
           "-accelsim tracer version = 5\n\n#traces format\n#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n"
           "insts = %d\n", n);
}

/* a warp that claims 10 M instructions and has 3: an error, and memory for
 * the lines read, not for the claim */
START_TEST(test_claimed_count)
{
    text t = { 0 };
    one_warp(&t, 10000000);
    put(&t, "0000 ffffffff 0 MOV 0 0 0\n0010 ffffffff 0 MOV 0 0 0\n0020 ffffffff 0 EXIT 0 0 0\n#END_TB\n");
    reader *r = calloc(1, sizeof *r);
    reader_open(r, &t, 0);
    ck_assert_int_eq(trace_kernel_next_block(&r->k, &r->b, &r->d), -1);
    ck_assert_ptr_nonnull(strstr(r->d.text, "warp 0 has 3 of the 10000000 instructions"));
    ck_assert_uint_lt(trace_block_bytes(&r->b), 1u << 20);
    reader_close(r);
    free(t.s);
}
END_TEST

/* a warp of 40,000 instructions: its room grows (4,096, then 32,768, then
 * the count) and keeps every instruction read before */
START_TEST(test_long_warp)
{
    text t = { 0 };
    enum { N = 40000 };
    one_warp(&t, N);
    for (int i = 0; i < N; i++) put(&t, "%04x %08x 0 MOV 0 0 0\n", (i % 100) * 16, (unsigned)i);
    put(&t, "#END_TB\n");
    reader *r = calloc(1, sizeof *r);
    reader_open(r, &t, 0);
    ck_assert_int_eq(trace_kernel_next_block(&r->k, &r->b, &r->d), 1);
    ck_assert_int_eq(r->b.count[0], N);
    for (int i = 0; i < N; i++) {
        ck_assert_uint_eq(trace_inst_pc(&r->k, &r->b.warp[0][i]), (uint32_t)(i % 100) * 16);
        ck_assert_uint_eq(r->b.warp[0][i].mask, (uint32_t)i);
    }
    reader_close(r);
    free(t.s);
}
END_TEST

/* warpsim's immediate, read by both readers (they share its meaning, so
 * comparing them cannot catch a fault in it): in a trace whose mask column
 * holds the executed lanes it adds the lanes that issued; in an older one
 * it says which of the issued lanes executed; bit 32 is the divergence */
START_TEST(test_warpsim_immediate)
{
    for (int nvbit = 0; nvbit < 2; nvbit++)
        for (int fast_off = 0; fast_off < 2; fast_off++) {
            text t = { 0 };
            put(&t, "-kernel name = k\n-grid dim = (1,1,1)\n-block dim = (32,1,1)\n-binary version = 86\n"
                    "-accelsim tracer version = 5\n-warpsim instructions = %d\n", NPCS);
            if (nvbit) put(&t, "-warpsim lanes = mask: the lanes that executed (NVBit); immediate: the lanes that issued\n");
            for (int i = 0; i < NPCS; i++) put(&t, "-warpsim pc %d = %s\n", i, w_facts[i]);
            put(&t, "\n#traces format\n#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n");
            for (int i = 0; i < 2; i++)   /* the second line goes the fast way unless it is off */
                put(&t, "0000 0000ff0f 1 R0 S2R 0 0 %llu\n", nvbit ? 0x1ffff0ff0ull : 0x1000000ffull);
            put(&t, "#END_TB\n");
            reader *r = calloc(1, sizeof *r);
            reader_open(r, &t, fast_off);
            ck_assert_int_eq(trace_kernel_next_block(&r->k, &r->b, &r->d), 1);
            for (int i = 0; i < 2; i++) {
                const trace_inst *in = &r->b.warp[0][i];
                ck_assert_uint_eq(in->mask, nvbit ? 0xffffffffu : 0xff0fu);
                ck_assert_uint_eq(in->exec, nvbit ? 0xff0fu : 0x0fu);
                ck_assert_uint_eq(in->diverged, 1);
            }
            ck_assert_uint_eq(r->k.fast_lines, fast_off ? 0 : 1);
            reader_close(r);
            free(t.s);
        }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("trace_fast");
    TCase *tc = tcase_create("trace_fast");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_fast_same_as_full);
    tcase_add_test(tc, test_long_lines);
    tcase_add_test(tc, test_claimed_count);
    tcase_add_test(tc, test_long_warp);
    tcase_add_test(tc, test_warpsim_immediate);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
