/* tests/test_sem_mma.c — the tensor-core forms (isa/sem_mma.c) against the
 * PTX ISA's fragment tables, transcribed here per shape as the ISA prints
 * them (register i of A: a row offset and a column offset, elements along k
 * from 2t, t, 4t or 8t), not through sem_mma.c's general rule; the values
 * are small integers, so every product and sum is exact and the expected D
 * is C + A B computed here in doubles. Part of tests/test_sem (its check
 * that every opcode is tested reads mma_texts). */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "sem_world.h"

enum { T_F16, T_BF16, T_TF32, T_S8, T_U8, T_S4 };
enum { ACC_F32, ACC_F16, ACC_S32 };

typedef struct {
    const char *text;           /* D = R4.., A = R8.., B = R16.., C = R20.. */
    int m, k, in, acc;
    int na, aoff[4][2];         /* A register i: row offset, column offset (PTX ISA tables) */
    int nb, boff[2];            /* B register i: row (k) offset */
    int sat;
} mma_case;

static const mma_case cases[] = {
    { "HMMA.16816.F32 R4, R8, R16, R20", 16, 16, T_F16, ACC_F32, 4, { { 0, 0 }, { 8, 0 }, { 0, 8 }, { 8, 8 } }, 2, { 0, 8 }, 0 },
    { "HMMA.16816.F16 R4, R8, R16, R20", 16, 16, T_F16, ACC_F16, 4, { { 0, 0 }, { 8, 0 }, { 0, 8 }, { 8, 8 } }, 2, { 0, 8 }, 0 },
    { "HMMA.16816.F32.BF16 R4, R8, R16, R20", 16, 16, T_BF16, ACC_F32, 4, { { 0, 0 }, { 8, 0 }, { 0, 8 }, { 8, 8 } }, 2, { 0, 8 }, 0 },
    { "HMMA.1688.F32 R4, R8, R16, R20", 16, 8, T_F16, ACC_F32, 2, { { 0, 0 }, { 8, 0 } }, 1, { 0 }, 0 },
    { "HMMA.1688.F16 R4, R8, R16, R20", 16, 8, T_F16, ACC_F16, 2, { { 0, 0 }, { 8, 0 } }, 1, { 0 }, 0 },
    { "HMMA.1688.F32.BF16 R4, R8, R16, R20", 16, 8, T_BF16, ACC_F32, 2, { { 0, 0 }, { 8, 0 } }, 1, { 0 }, 0 },
    { "HMMA.1684.F32.TF32 R4, R8, R16, R20", 16, 4, T_TF32, ACC_F32, 2, { { 0, 0 }, { 8, 0 } }, 1, { 0 }, 0 },
    { "HMMA.1688.F32.TF32 R4, R8, R16, R20", 16, 8, T_TF32, ACC_F32, 4, { { 0, 0 }, { 8, 0 }, { 0, 4 }, { 8, 4 } }, 2, { 0, 4 }, 0 },
    { "IMMA.16832.S8.S8 R4, R8, R16, R20", 16, 32, T_S8, ACC_S32, 4, { { 0, 0 }, { 8, 0 }, { 0, 16 }, { 8, 16 } }, 2, { 0, 16 }, 0 },
    { "IMMA.16832.U8.U8 R4, R8, R16, R20", 16, 32, T_U8, ACC_S32, 4, { { 0, 0 }, { 8, 0 }, { 0, 16 }, { 8, 16 } }, 2, { 0, 16 }, 0 },
    { "IMMA.16816.S8.S8 R4, R8, R16, R20", 16, 16, T_S8, ACC_S32, 2, { { 0, 0 }, { 8, 0 } }, 1, { 0 }, 0 },
    { "IMMA.8816.S8.S8 R4, R8, R16, R20", 8, 16, T_S8, ACC_S32, 1, { { 0, 0 } }, 1, { 0 }, 0 },
    { "IMMA.16864.S4.S4 R4, R8, R16, R20", 16, 64, T_S4, ACC_S32, 4, { { 0, 0 }, { 8, 0 }, { 0, 32 }, { 8, 32 } }, 2, { 0, 32 }, 0 },
    { "IMMA.8832.S4.S4 R4, R8, R16, R20", 8, 32, T_S4, ACC_S32, 1, { { 0, 0 } }, 1, { 0 }, 0 },
};

static int bits_of(int t) { return t == T_F16 || t == T_BF16 ? 16 : t == T_TF32 ? 32 : t == T_S4 ? 4 : 8; }

/* small integer v in each format, exactly */
static uint32_t f16_of(int v)
{
    if (!v) return 0;
    uint32_t s = v < 0 ? 0x8000u : 0, a = (uint32_t)abs(v);
    int e = 31 - __builtin_clz(a);
    return s | (uint32_t)(e + 15) << 10 | ((a << (10 - e)) & 0x3ffu);
}
static uint32_t encode(int t, int v)
{
    switch (t) {
    case T_F16: return f16_of(v);
    case T_BF16: return fbits((float)v) >> 16;
    case T_TF32: return fbits((float)v);
    case T_S4: return (uint32_t)v & 15u;
    default: return (uint32_t)v & 0xffu;
    }
}
static double f16_to_double(uint32_t h)
{
    int e = (int)(h >> 10 & 31), m = (int)(h & 0x3ff);
    double v = e ? ldexp(1024 + m, e - 25) : ldexp(m, -24);
    return h & 0x8000 ? -v : v;
}

/* the matrices: A m x k, B k x n, C m x n (small integers; u8 non-negative) */
static int aval(const mma_case *c, int r, int k) { int v = (r * 7 + k * 3) % 7 - 3; return c->in == T_U8 ? v + 3 : v; }
static int bval(const mma_case *c, int k, int n) { int v = (k * 5 + n * 11 + 1) % 5 - 2; return c->in == T_U8 ? v + 2 : v; }
static int cval(int r, int n) { return (r * 3 - n * 2) % 9; }

static void load_case(const mma_case *c, isa_warp_regs *w)
{
    int e = bits_of(c->in), epr = 32 / e;
    for (int l = 0; l < 32; l++) {
        int g = l / 4, t = l % 4;
        for (int i = 0; i < c->na; i++) {
            uint32_t word = 0;
            for (int j = 0; j < epr; j++)
                word |= encode(c->in, aval(c, g + c->aoff[i][0], c->aoff[i][1] + epr * t + j)) << (e * j) % 32;
            setl(w, 8 + i, l, word);
        }
        for (int i = 0; i < c->nb; i++) {
            uint32_t word = 0;
            for (int j = 0; j < epr; j++) word |= encode(c->in, bval(c, c->boff[i] + epr * t + j, g)) << (e * j) % 32;
            setl(w, 16 + i, l, word);
        }
        /* C: c0, c1 row g, columns 2t, 2t+1; c2, c3 row g+8 */
        for (int i = 0; i < c->m / 4; i++) {
            int v = cval(g + 8 * (i / 2), 2 * t + i % 2);
            if (c->acc == ACC_F16) {
                uint32_t old = get32(w, 20 + i / 2, l) & (i % 2 ? 0xffffu : 0xffff0000u);
                setl(w, 20 + i / 2, l, old | f16_of(v) << 16 * (i % 2));
            } else {
                setl(w, 20 + i, l, c->acc == ACC_F32 ? fbits((float)v) : (uint32_t)v);
            }
        }
    }
}

START_TEST(test_mma_layouts)
{
    const mma_case *c = &cases[_i];
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 32, 0xffffffffull);
    load_case(c, &w);
    exec_text(c->text, &w, 0xffffffffull, &res);
    for (int l = 0; l < 32; l++)
        for (int i = 0; i < c->m / 4; i++) {
            int row = l / 4 + 8 * (i / 2), col = 2 * (l % 4) + i % 2;
            double want = cval(row, col);
            for (int k = 0; k < c->k; k++) want += (double)aval(c, row, k) * bval(c, k, col);
            double got = c->acc == ACC_F32 ? asf(get32(&w, 4 + i, l))
                       : c->acc == ACC_F16 ? f16_to_double(get32(&w, 4 + i / 2, l) >> 16 * (i % 2) & 0xffff)
                                           : (double)(int32_t)get32(&w, 4 + i, l);
            ck_assert_msg(got == want, "%s: lane %d D[%d][%d] = %g, want %g (PTX ISA layout)", c->text, l, row, col, got, want);
        }
    isa_warp_free(&w);
}
END_TEST

/* m8n8k4.f64: lane (g, t) holds A[g][t], B[t][g], C and D [g][2t + i] */
START_TEST(test_dmma)
{
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 32, 0xffffffffull);
    for (int l = 0; l < 32; l++) {
        int g = l / 4, t = l % 4;
        setl64(&w, 8, l, dbits(g - t * 0.5));
        setl64(&w, 10, l, dbits(t * 0.25 + g));
        setl64(&w, 20, l, dbits(g * 100.0 + 2 * t));
        setl64(&w, 22, l, dbits(g * 100.0 + 2 * t + 1));
    }
    exec_text("DMMA.884 R4, R8, R10, R20", &w, 0xffffffffull, &res);
    for (int l = 0; l < 32; l++)
        for (int i = 0; i < 2; i++) {
            int g = l / 4, n = 2 * (l % 4) + i;
            double want = g * 100.0 + n;
            for (int k = 0; k < 4; k++) want += (g - k * 0.5) * (k * 0.25 + n);
            ck_assert_msg(asd(get64(&w, 4 + 2 * i, l)) == want, "DMMA lane %d D[%d][%d] = %g, want %g", l, g, n,
                          asd(get64(&w, 4 + 2 * i, l)), want);
        }
    isa_warp_free(&w);
}
END_TEST

/* .SAT clamps to the s32 range; without it the sum wraps */
START_TEST(test_imma_saturation)
{
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 32, 0xffffffffull);
    set32(&w, 8, 0x7f7f7f7fu); set32(&w, 9, 0x7f7f7f7fu); set32(&w, 10, 0x7f7f7f7fu); set32(&w, 11, 0x7f7f7f7fu);
    set32(&w, 16, 0x7f7f7f7fu); set32(&w, 17, 0x7f7f7f7fu);
    for (int i = 0; i < 4; i++) set32(&w, 20 + i, 0x7fffff00u);
    exec_text("IMMA.16832.S8.S8.SAT R4, R8, R16, R20", &w, 0xffffffffull, &res);
    ck_assert_uint_eq(get32(&w, 4, 5), 0x7fffffffu);
    exec_text("IMMA.16832.S8.S8 R4, R8, R16, R20", &w, 0xffffffffull, &res);
    ck_assert_uint_eq(get32(&w, 4, 5), 0x7fffff00u + 32u * 127u * 127u);     /* wraps past INT32_MAX */
    isa_warp_free(&w);
}
END_TEST

/* ldmatrix (PTX ISA "Matrix fragment for ldmatrix"): matrix q's row r is
 * at lane 8q + r's address; lane l receives row l/4, elements 2(l%4) and
 * 2(l%4)+1, of each matrix (.trans: column l/4, rows 2(l%4), 2(l%4)+1).
 * Shared memory holds b16 value i at byte 2i; rows are 16 bytes at
 * permuted, repeating addresses */
static uint32_t row_addr(int lane) { return (uint32_t)((lane * 5 + 3) % 16) * 16; }

typedef struct { const char *text; int mats, trans; } ldsm_form;
START_TEST(test_ldsm)
{
    static const ldsm_form forms[] = {
        { "LDSM.16.M88 R4, [R8]", 1, 0 }, { "LDSM.16.M88.2 R4, [R8]", 2, 0 }, { "LDSM.16.M88.4 R4, [R8]", 4, 0 },
        { "LDSM.16.MT88 R4, [R8]", 1, 1 }, { "LDSM.16.MT88.2 R4, [R8]", 2, 1 }, { "LDSM.16.MT88.4 R4, [R8+0x10]", 4, 1 } };
    const ldsm_form *f = &forms[_i];
    int off = strstr(f->text, "+0x10") ? 16 : 0;
    isa_warp_regs w;
    isa_result res;
    for (int i = 0; i < 128; i++) { smem[2 * i] = (uint8_t)i; smem[2 * i + 1] = (uint8_t)(0x80 | i); }
    isa_warp_init(&w, 32, 32, 0xffffffffull);
    for (int l = 0; l < 32; l++) setl(&w, 8, l, row_addr(l) - (uint32_t)off);   /* wraps to 32 bits: row 0 at -0x10 */
    exec_text(f->text, &w, 0xffffffffull, &res);
    ck_assert_int_eq(res.fault, FAULT_NONE);
    ck_assert(res.is_mem && res.mem_space == SPACE_SHARED && res.mem_size == 16);
    for (int l = 0; l < 32; l++) {
        int g = l / 4, t = l % 4;
        for (int q = 0; q < f->mats; q++) {
            uint32_t e0, e1;   /* element indices (b16 units) */
            if (!f->trans) { e0 = row_addr(8 * q + g) / 2 + 2 * t; e1 = e0 + 1; }
            else { e0 = row_addr(8 * q + 2 * t) / 2 + g; e1 = row_addr(8 * q + 2 * t + 1) / 2 + g; }
            uint32_t want = (e0 | (0x80 | e0) << 8) | (e1 | (0x80 | e1) << 8) << 16;
            ck_assert_msg(get32(&w, 4 + q, l) == want, "%s: lane %d register %d = %08x, want %08x", f->text, l, q,
                          get32(&w, 4 + q, l), want);
        }
        /* the lanes that give no row repeat one that does (timing: no extra conflicts) */
        ck_assert_uint_eq(res.addr[l], row_addr(l % (8 * f->mats)));
    }
    isa_warp_free(&w);
}
END_TEST

START_TEST(test_ldsm_misaligned)
{
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 32, 0xffffffffull);
    for (int l = 0; l < 32; l++) setl(&w, 8, l, 16u * (uint32_t)(l % 8));
    setl(&w, 8, 3, 40);    /* lane 3's row is not 16-byte aligned */
    exec_text("LDSM.16.M88 R4, [R8]", &w, 0xffffffffull, &res);
    ck_assert_int_eq(res.fault, FAULT_MISALIGNED);
    ck_assert_int_eq(res.fault_lane, 3);
    isa_warp_free(&w);
}
END_TEST

/* movmatrix.trans: element [r][c] is half c%2 of lane 4r + c/2 */
START_TEST(test_movm)
{
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 32, 0xffffffffull);
    for (int l = 0; l < 32; l++) {
        int r = l / 4, c = 2 * (l % 4);
        setl(&w, 8, l, (uint32_t)(r * 8 + c) | (uint32_t)(r * 8 + c + 1) << 16);
    }
    exec_text("MOVM.16.MT88 R4, R8", &w, 0xffffffffull, &res);
    for (int l = 0; l < 32; l++) {
        int r = l / 4, c = 2 * (l % 4);    /* the transpose's [r][c] is the original's [c][r] */
        ck_assert_uint_eq(get32(&w, 4, l), (uint32_t)(c * 8 + r) | (uint32_t)((c + 1) * 8 + r) << 16);
    }
    isa_warp_free(&w);
}
END_TEST

const char *const mma_texts[] = {
    "HMMA.16816.F32 R4, R8, R16, R20", "HMMA.16816.F16 R4, R8, R16, R20", "HMMA.16816.F32.BF16 R4, R8, R16, R20",
    "HMMA.1688.F32 R4, R8, R16, R20", "HMMA.1688.F16 R4, R8, R16, R20", "HMMA.1688.F32.BF16 R4, R8, R16, R20",
    "HMMA.1684.F32.TF32 R4, R8, R16, R20", "HMMA.1688.F32.TF32 R4, R8, R16, R20",
    "IMMA.16832.S8.S8 R4, R8, R16, R20", "IMMA.16832.U8.U8 R4, R8, R16, R20", "IMMA.16832.U8.S8 R4, R8, R16, R20",
    "IMMA.16832.S8.U8 R4, R8, R16, R20", "IMMA.16816.S8.S8 R4, R8, R16, R20", "IMMA.16816.U8.U8 R4, R8, R16, R20",
    "IMMA.16816.U8.S8 R4, R8, R16, R20", "IMMA.16816.S8.U8 R4, R8, R16, R20", "IMMA.8816.S8.S8 R4, R8, R16, R20",
    "IMMA.8816.U8.U8 R4, R8, R16, R20", "IMMA.16864.S4.S4 R4, R8, R16, R20", "IMMA.16864.U4.U4 R4, R8, R16, R20",
    "IMMA.8832.S4.S4 R4, R8, R16, R20", "IMMA.8832.U4.U4 R4, R8, R16, R20", "DMMA.884 R4, R8, R10, R20",
    "DMMA.8x8x4 R4, R8, R10, R20", "LDSM.16.M88 R4, [R8]", "LDSM.16.M88.2 R4, [R8]", "LDSM.16.M88.4 R4, [R8]",
    "LDSM.16.MT88 R4, [R8]", "LDSM.16.MT88.2 R4, [R8]", "LDSM.16.MT88.4 R4, [R8]", "MOVM.16.MT88 R4, R8",
};
const int mma_ntexts = (int)(sizeof mma_texts / sizeof mma_texts[0]);

void sem_mma_tests(TCase *tc)
{
    tcase_add_loop_test(tc, test_mma_layouts, 0, (int)(sizeof cases / sizeof cases[0]));
    tcase_add_test(tc, test_dmma);
    tcase_add_test(tc, test_imma_saturation);
    tcase_add_loop_test(tc, test_ldsm, 0, 6);
    tcase_add_test(tc, test_ldsm_misaligned);
    tcase_add_test(tc, test_movm);
}
