/* tests/test_sem_ops3.c — the third round of census forms (issue 58):
 * FRND.F16/.BF16 and F2FP.SATFINITE.E4M3/.E5M2 (FP8 packing). Each
 * expected value is worked out by hand from the PTX ISA's definition (cvt
 * with .rmi/.rni/.rzi/.rpi on f16 and bf16; cvt.rn.satfinite.e4m3x2.f32 and
 * .e5m2x2.f32) and the OCP 8-bit floating point specification (E4M3: bias
 * 7, largest finite 448 = 0x7e, no infinities, NaN 0x7f; E5M2: bias 15,
 * largest finite 57344 = 0x7b), written beside it. Part of tests/test_sem
 * (its coverage check reads ops3_texts). */
#include <check.h>
#include <stdio.h>
#include <string.h>
#include "diag.h"
#include "sem_world.h"

/* one instruction on R8, R10, R12 (every lane); the result R4 of lane 0 */
typedef struct {
    const char *text;
    uint32_t a, b, c;
    uint32_t want;
} op3_case;

#define F(x) 0x##x##u   /* FP32 bits, written as hex */
static const op3_case cases[] = {
    /* FRND.F16: the low half (1.5 = 0x3e00) as an integer, in d's low half */
    { "FRND.F16.FLOOR R4, R8", 0x12343e00u, 0, 0, 0x3c00u },          /* floor(1.5) = 1; a's high half ignored */
    { "FRND.F16.FLOOR R4, R8", 0xbe00u, 0, 0, 0xc000u },              /* floor(-1.5) = -2 */
    { "FRND.F16.CEIL R4, R8", 0xb800u, 0, 0, 0x8000u },               /* ceil(-0.5) = -0 */
    { "FRND.F16.TRUNC R4, R8", 0xc1e6u, 0, 0, 0xc000u },              /* trunc(-2.94921875) = -2 */
    { "FRND.F16 R4, R8", 0x4100u, 0, 0, 0x4000u },                    /* nearest even: 2.5 -> 2 */
    { "FRND.F16 R4, R8", 0x4300u, 0, 0, 0x4400u },                    /* 3.5 -> 4 */
    { "FRND.F16.FLOOR R4, R8", 0x7bffu, 0, 0, 0x7bffu },              /* 65504 is an integer */
    { "FRND.F16.FLOOR R4, R8", 0x7c00u, 0, 0, 0x7c00u },              /* +inf */
    { "FRND.F16.FLOOR R4, R8", 0x7e01u, 0, 0, 0x7fffu },              /* NaN: canonical */
    { "FRND.F16.FLOOR R4, R8", 0x0001u, 0, 0, 0x0000u },              /* floor(2^-24) = +0 */
    { "FRND.F16.FLOOR R4, R8.H1", 0x3e000000u, 0, 0, 0x3c00u },       /* the high half selected */
    /* FRND.BF16: 1.5 = 0x3fc0 */
    { "FRND.BF16.FLOOR R4, R8", 0x3fc0u, 0, 0, 0x3f80u },             /* 1 */
    { "FRND.BF16.FLOOR R4, R8", 0xbfc0u, 0, 0, 0xc000u },             /* -2 */
    { "FRND.BF16.CEIL R4, R8", 0x4b00u, 0, 0, 0x4b00u },              /* 2^23: an integer */
    { "FRND.BF16.TRUNC R4, R8", 0x3f7fu, 0, 0, 0x0000u },             /* 0.99609375 -> 0 */
    /* F2FP.SATFINITE.E4M3: d = c's high half, a's FP8, b's FP8 */
    { "F2FP.SATFINITE.E4M3.F32.PACK_AB_MERGE_C R4, R8, R10, RZ", F(3f800000), F(c0000000), 0, 0x38c0u },  /* 1, -2 */
    { "F2FP.SATFINITE.E4M3.F32.PACK_AB_MERGE_C R4, R8, R10, R12.H1", F(3f800000), F(c0000000), 0xabcd1234u, 0xabcd38c0u },
    { "F2FP.SATFINITE.E4M3.F32.PACK_AB_MERGE_C R4, R8, R10, RZ", F(43e00000), F(43fa0000), 0, 0x7e7eu },  /* 448; 500 saturates */
    { "F2FP.SATFINITE.E4M3.F32.PACK_AB_MERGE_C R4, R8, R10, RZ", F(7f800000), F(ff800000), 0, 0x7efeu },  /* +-inf: +-448 */
    { "F2FP.SATFINITE.E4M3.F32.PACK_AB_MERGE_C R4, R8, R10, RZ", F(7fc00000), F(43e80000), 0, 0x7f7eu },  /* NaN; 464: a tie, to 448 (even) */
    { "F2FP.SATFINITE.E4M3.F32.PACK_AB_MERGE_C R4, R8, R10, RZ", F(3b000000), F(3a800000), 0, 0x0100u },  /* 2^-9 the least subnormal; 2^-10 a tie to 0 */
    { "F2FP.SATFINITE.E4M3.F32.PACK_AB_MERGE_C R4, R8, R10, RZ", F(3ac00000), F(3c800000), 0, 0x0108u },  /* 1.5 * 2^-10 rounds up; 2^-6 least normal */
    { "F2FP.SATFINITE.E4M3.F32.PACK_AB_MERGE_C R4, R8, R10, RZ", F(3f880000), F(3f980000), 0, 0x383au },  /* 1.0625 tie -> 1; 1.1875 tie -> 1.25 */
    { "F2FP.SATFINITE.E4M3.F32.PACK_AB_MERGE_C R4, R8, R10, RZ", F(80000000), F(3c000000), 0, 0x8004u },  /* -0; 2^-7 = 4 * 2^-9 (subnormal 0x04) */
    /* F2FP.SATFINITE.E5M2 */
    { "F2FP.SATFINITE.E5M2.F32.PACK_AB_MERGE_C R4, R8, R10, RZ", F(3f800000), F(c0000000), 0, 0x3cc0u },  /* 1, -2 */
    { "F2FP.SATFINITE.E5M2.F32.PACK_AB_MERGE_C R4, R8, R10, RZ", F(47600000), F(47800000), 0, 0x7b7bu },  /* 57344; 65536 saturates */
    { "F2FP.SATFINITE.E5M2.F32.PACK_AB_MERGE_C R4, R8, R10, RZ", F(ff800000), F(7fc00000), 0, 0xfb7fu },  /* -inf: -57344; NaN */
    { "F2FP.SATFINITE.E5M2.F32.PACK_AB_MERGE_C R4, R8, R10, RZ", F(3f900000), F(3fb00000), 0, 0x3c3eu },  /* 1.125 tie -> 1; 1.375 tie -> 1.5 */
    { "F2FP.SATFINITE.E5M2.F32.PACK_AB_MERGE_C R4, R8, R10, RZ", F(37800000), F(38800000), 0, 0x0104u },  /* 2^-16 least subnormal; 2^-14 least normal */
    { "F2FP.SATFINITE.E5M2.F32.PACK_AB_MERGE_C R4, R8, R10, R12.H0", F(3f800000), F(3f800000), 0xabcd1234u, 0x3c3c1234u },
    /* sm_80's FP16 forms with a bank-0 constant, printed with a space (the
     * census's c[imm] [imm]; its judge once read the bank as 0x10) */
    { "HADD2.F32 R4, -RZ, c[0x0] [0x160].H0_H0", 0, 0, 0, F(40000000) },                      /* -0 + 2 as FP32 */
    { "HADD2.F32 R4, -R8, c[0x0] [0x160].H1_H1", 0x3c00u, 0, 0, F(c0440000) },                /* -1 - 2.0625 = -3.0625 */
    { "HFMA2 R4, R8.H0_H0, c[0x0] [0x160].H1_H1, R10.H0_H0", 0x3c00u, 0x4000u, 0, 0xac00ac00u },  /* 1 * -2.0625 + 2 = -0.0625 */
    { "HMUL2 R4, R8.H0_H0, c[0x0] [0x160].H0_H0", 0x3800u, 0, 0, 0x3c003c00u },               /* 0.5 * 2 = 1 */
};
#undef F

const char *const ops3_texts[] = {
    "FRND.F16.FLOOR R4, R8", "FRND.BF16.FLOOR R4, R8",
    "F2FP.SATFINITE.E4M3.F32.PACK_AB_MERGE_C R4, R8, R10, RZ", "F2FP.SATFINITE.E5M2.F32.PACK_AB_MERGE_C R4, R8, R10, RZ",
};
const int ops3_ntexts = (int)(sizeof ops3_texts / sizeof ops3_texts[0]);

START_TEST(test_ops3_cases)
{
    const op3_case *k = &cases[_i];
    isa_warp_regs w;
    isa_result res;
    /* c[0x0][0x160]: the FP16 pair 2.0 (low half), -2.0625 (high half) */
    static const uint8_t pair[4] = { 0x00, 0x40, 0x20, 0xc0 };
    memcpy(cbank + ISA_PARAM_BASE, pair, sizeof pair);
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    for (int l = 0; l < 32; l++) {
        w.regs[8 * 32 + l] = k->a; w.regs[10 * 32 + l] = k->b; w.regs[12 * 32 + l] = k->c;
        w.regs[4 * 32 + l] = 0x5a5a5a5au;
    }
    exec_text(k->text, &w, 0xffffffffu, &res);
    ck_assert_msg(w.regs[4 * 32] == k->want, "%s (0x%x, 0x%x, 0x%x): got 0x%x, want 0x%x", k->text,
                  k->a, k->b, k->c, w.regs[4 * 32], k->want);
    isa_warp_free(&w);
}
END_TEST

void sem_ops3_tests(TCase *tc)
{
    tcase_add_loop_test(tc, test_ops3_cases, 0, (int)(sizeof cases / sizeof cases[0]));
}
