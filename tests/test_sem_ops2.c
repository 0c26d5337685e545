/* tests/test_sem_ops2.c — the second round of SASS forms real programs
 * use (validation/census): indexed constants (ULDC c[0x0][UR8+0x10], LDC
 * c[0x0][R2+-0x10]), |c[..]| sources, FSET, FMUL.D2 ... .M8, UIMAD.WIDE's
 * carry out, EXIT P, BRX, R2P's byte R8.B1, IMAD.WIDE's -c, HSETP2's two
 * numbers, ATOM.ADD.F16x2/.BF16x2. Each expected value is worked out from the PTX ISA's
 * definition (set, mul, mad.wide, ld.const) and written beside it. Part
 * of tests/test_sem (its coverage check reads ops2_texts). */
#include <check.h>
#include <stdio.h>
#include <string.h>
#include "diag.h"
#include "sem_world.h"

/* one instruction on R8, R10 (per lane), P1; the result R4 of lane 0 */
typedef struct {
    const char *text;
    uint32_t a, b;
    uint32_t want;
} op2_case;

static const op2_case cases[] = {
    /* FSET: PTX ISA set.CmpOp.BoolOp: true gives 1.0f (.BF, an f32
     * destination) or 0xffffffff (an integer one), false 0 */
    { "FSET.BF.LT.AND R4, R8, R10, PT", 0x3f800000u, 0x40000000u, 0x3f800000u },    /* 1 < 2 */
    { "FSET.LT.AND R4, R8, R10, PT", 0x3f800000u, 0x40000000u, 0xffffffffu },
    { "FSET.BF.GE.AND R4, R8, R10, PT", 0x3f800000u, 0x40000000u, 0 },              /* 1 >= 2 */
    { "FSET.BF.LT.AND R4, R8, R10, PT", 0x7fc00000u, 0x40000000u, 0 },              /* NaN: ordered compares are false */
    { "FSET.BF.GTU.AND R4, R8, R10, PT", 0x7fc00000u, 0x40000000u, 0x3f800000u },   /* unordered: true */
    { "FSET.BF.LT.AND R4, R8, R10, !PT", 0x3f800000u, 0x40000000u, 0 },             /* AND with false */
    { "FSET.BF.GT.OR R4, R8, R10, PT", 0x3f800000u, 0x40000000u, 0x3f800000u },     /* OR with true */
    { "FSET.BF.GT.AND R4, R8, 0.5, PT", 0x3f800000u, 0, 0x3f800000u },              /* 1 > 0.5 */
    { "FSET.BF.GT.AND R4, |R8|, R10, PT", 0xc0400000u, 0x40000000u, 0x3f800000u },  /* |-3| > 2 */
    { "FSET.BF.EQ.AND R4, R8, R10, PT", 0x80000000u, 0, 0x3f800000u },              /* -0 == +0 */
    /* FMUL.D2 ... .M8: the product divided or multiplied by 2, 4, 8 */
    { "FMUL.D2 R4, R8, R10", 0x40400000u, 0x40a00000u, 0x40f00000u },   /* 3 * 5 / 2 = 7.5 */
    { "FMUL.D4 R4, R8, 0.5", 0x41000000u, 0, 0x3f800000u },            /* 8 * 0.5 / 4 = 1 */
    { "FMUL.D8 R4, R8, R10", 0xc0400000u, 0x40a00000u, 0xbff00000u },   /* -15 / 8 = -1.875 */
    { "FMUL.M2 R4, R8, R10", 0x40400000u, 0x40a00000u, 0x41f00000u },   /* 3 * 5 * 2 = 30 */
    { "FMUL.M4 R4, R8, R10", 0x40400000u, 0x40a00000u, 0x42700000u },   /* 60 */
    { "FMUL.M8 R4, R8, R10", 0x40400000u, 0x40a00000u, 0x42f00000u },   /* 120 */
    { "FMUL.FTZ.D2 R4, R8, R10", 0x00400000u, 0x3f800000u, 0 },         /* a subnormal input is flushed: 0 * 1 / 2 */
    { "FMUL.M2 R4, R8, R10", 0x7fc00000u, 0x3f800000u, 0x7fffffffu },   /* NaN: the canonical NaN */
    /* I2F of a byte: R8.B1 names byte 1 (cvt.rn.f32.s8 of (a >> 8)) */
    { "I2F.S8 R4, R8.B1", 0x0000ff00u, 0, 0xbf800000u },              /* byte 1 = -1 */
    { "I2F.U8 R4, R8.B3", 0x80000000u, 0, 0x43000000u },              /* byte 3 = 128 */
    { "I2F.S8 R4, R8", 0x0000ff05u, 0, 0x40a00000u },                 /* byte 0 = 5 */
    /* |c[..]| and -|c[..]|: the magnitude of a constant (c[0x0][0x160] = -2.5 below) */
    { "FADD R4, R8, |c[0x0][0x160]|", 0x3f800000u, 0, 0x40600000u },     /* 1 + 2.5 = 3.5 */
    { "FADD R4, R8, -|c[0x0][0x160]|", 0x3f800000u, 0, 0xbfc00000u },    /* 1 - 2.5 = -1.5 */
    { "FSEL R4, R8, |c[0x0][0x160]|, !PT", 0x3f800000u, 0, 0x40200000u },/* the second: 2.5 */
    /* sm_80's FP16 forms print c[0x0] [0x160] (a space); its high half 0xc020 = -2.0625 */
    { "HMUL2 R4, R8.H0_H0, c[0x0] [0x160].H1_H1", 0x4000u, 0, 0xc420c420u },   /* 2 * -2.0625 = -4.125 */
};

const char *const ops2_texts[] = {
    "FSET.BF.LT.AND R4, R8, R10, PT", "ULDC UR4, c[0x0][UR8+0x10]", "LDC R4, c[0x0][R8+-0x10]",
    "UIMAD.WIDE.U32 UR4, UP0, UR8, UR10, UR12", "EXIT P1", "BRX R8 -0x10", "BREAK !P0, B1",
};
const int ops2_ntexts = (int)(sizeof ops2_texts / sizeof ops2_texts[0]);

/* c[0x0][0x160..0x16f]: -2.5, then the bytes 0x10 0x32 0x54 0x76, 0x98 0xba 0xdc 0xfe, 0x81 0x82 0x83 0x84 */
static void set_bank(void)
{
    static const uint8_t words[16] = { 0x00, 0x00, 0x20, 0xc0, 0x10, 0x32, 0x54, 0x76,
                                       0x98, 0xba, 0xdc, 0xfe, 0x81, 0x82, 0x83, 0x84 };
    memcpy(cbank + ISA_PARAM_BASE, words, sizeof words);
}

START_TEST(test_ops2_cases)
{
    const op2_case *k = &cases[_i];
    isa_warp_regs w;
    isa_result res;
    set_bank();
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    set32(&w, 8, k->a); set32(&w, 10, k->b);
    set32(&w, 4, 0x5a5a5a5au);
    exec_text(k->text, &w, 0xffffffffu, &res);
    ck_assert_msg(get32(&w, 4, 0) == k->want, "%s (0x%x, 0x%x): got 0x%x, want 0x%x", k->text,
                  k->a, k->b, get32(&w, 4, 0), k->want);
    isa_warp_free(&w);
}
END_TEST

/* ULDC and LDC with an index: the register's value plus the offset (nvcc
 * prints a negative one as +-0x10); sizes as ld.const's, .U16 zero- and
 * .S8 sign-extended; outside the bank reads 0 */
START_TEST(test_ops2_indexed_constants)
{
    isa_warp_regs w;
    isa_result res;
    set_bank();
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    w.uregs[8] = ISA_PARAM_BASE + 0x14;
    exec_text("ULDC UR4, c[0x0][UR8+-0x10]", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(w.uregs[4], 0x76543210u);
    exec_text("ULDC.64 UR4, c[0x0][UR8+-0x10]", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(w.uregs[4], 0x76543210u);
    ck_assert_uint_eq(w.uregs[5], 0xfedcba98u);
    exec_text("ULDC.U16 UR4, c[0x0][UR8+-0xa]", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(w.uregs[4], 0xfedcu);               /* bytes 0x16a, 0x16b */
    exec_text("ULDC.S8 UR4, c[0x0][UR8+-0x8]", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(w.uregs[4], 0xffffff81u);           /* byte 0x16c = -127 */
    w.uregs[8] = 0x4;
    exec_text("ULDC UR4, c[0x0][UR8+0x160]", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(w.uregs[4], 0x76543210u);
    exec_text("ULDC UR4, c[0x0][UR8]", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(w.uregs[4], 0);                     /* c[0x0][0x4]: the test's bank is 0 there */
    w.uregs[8] = 0xfffffff0u;
    exec_text("ULDC UR4, c[0x0][UR8+0x8]", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(w.uregs[4], 0);                     /* far outside the bank */
    /* LDC: each lane its own index */
    for (int l = 0; l < 32; l++) setl(&w, 8, l, ISA_PARAM_BASE + 0x10 + 4 * (uint32_t)(l & 1));
    exec_text("LDC R4, c[0x0][R8+-0xc]", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(get32(&w, 4, 0), 0x76543210u);
    ck_assert_uint_eq(get32(&w, 4, 1), 0xfedcba98u);
    w.uregs[8] = ISA_PARAM_BASE;
    exec_text("LDC R4, c[0x0][UR8+0xc]", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(get32(&w, 4, 3), 0x84838281u);
    isa_warp_free(&w);
}
END_TEST

/* UIMAD.WIDE.U32 UR4, UP0, a, b, c: the carry out of a * b + c (PTX ISA
 * mad.wide.u32 then add.cc.u64), and .X adding it to the next product */
START_TEST(test_ops2_uimad_wide_carry)
{
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    w.uregs[8] = 0xffffffffu; w.uregs[10] = 0xffffffffu;
    w.uregs[12] = 0xffffffffu; w.uregs[13] = 1;           /* c = 0x1ffffffff */
    exec_text("UIMAD.WIDE.U32 UR4, UP0, UR8, UR10, UR12", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(w.uregs[4], 0);                     /* 0xfffffffe00000001 + 0x1ffffffff = 2^64 */
    ck_assert_uint_eq(w.uregs[5], 0);
    ck_assert_uint_eq(w.upreds & 1, 1);
    w.uregs[13] = 0;
    exec_text("UIMAD.WIDE.U32 UR4, UP0, UR8, UR10, UR12", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(w.uregs[4], 0);                     /* 0xfffffffe00000001 + 0xffffffff */
    ck_assert_uint_eq(w.uregs[5], 0xffffffffu);
    ck_assert_uint_eq(w.upreds & 1, 0);
    w.upreds = 1;
    w.uregs[8] = 2; w.uregs[10] = 3; w.uregs[12] = 4;
    exec_text("UIMAD.WIDE.U32.X UR4, UP1, UR8, UR10, UR12, UP0", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(w.uregs[4], 11);                    /* 2 * 3 + 4 + the carry */
    ck_assert_uint_eq(w.upreds >> 1 & 1, 0);
    isa_warp_free(&w);
}
END_TEST

/* EXIT P1: the executing lanes where P1 holds finish, the others go on */
START_TEST(test_ops2_exit_pred)
{
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    w.preds[0] = 0x00ff00ffu;
    w.preds[1] = 0x0000ffffu;
    exec_text("EXIT P1", &w, 0xffffffffu, &res);
    ck_assert(res.exited);
    ck_assert_uint_eq(res.exec_mask, 0x0000ffffu);
    exec_text("@P0 EXIT !P1", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(res.exec_mask, 0x00ff0000u);
    exec_text("EXIT PT", &w, 0x0000000fu, &res);
    ck_assert_uint_eq(res.exec_mask, 0x0000000fu);
    isa_warp_free(&w);
}
END_TEST

/* BRX R8 -0x10 at byte 0: each lane to R8:R9 + 0x10 - 0x10 (16 bytes an
 * instruction); the first executing lane's target is taken by the lanes
 * that share it, the others run the BRX again */
START_TEST(test_ops2_brx)
{
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    for (int l = 0; l < 32; l++) setl64(&w, 8, l, l & 1 ? 16 : 0);
    exec_text("BRX R8 -0x10", &w, 0xfffffffeu, &res);      /* lane 0 not active: lane 1 (to 16) goes first */
    ck_assert_uint_eq(res.taken_mask, 0xaaaaaaaau);
    ck_assert_int_eq(res.target, 1);
    ck_assert(res.again);
    exec_text("BRX R8 -0x10", &w, 0x55555555u, &res);      /* the rest: one target, all go */
    ck_assert_uint_eq(res.taken_mask, 0x55555555u);
    ck_assert_int_eq(res.target, 0);
    ck_assert(!res.again);
    setl64(&w, 8, 3, 0x1000008);                             /* not an instruction's address */
    exec_text("BRX R8 -0x10", &w, 0x8u, &res);
    ck_assert_int_eq(res.fault, FAULT_BAD_RETURN);
    isa_warp_free(&w);
}
END_TEST

/* R2P PR, R8.B1, mask: cuobjdump's spelling of R2P.B1 (Pi = bit 8 + i);
 * IMAD.WIDE d, a, b, -c: a * b - c64 (PTX ISA mad.wide then sub.s64) */
START_TEST(test_ops2_r2p_byte_imad_neg)
{
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    set32(&w, 8, 0x00000500u);                               /* byte 1 = 0b101 */
    w.preds[0] = w.preds[1] = w.preds[2] = 0;
    exec_text("R2P PR, R8.B1, 0x7", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(w.preds[0], 0xffffffffu);
    ck_assert_uint_eq(w.preds[1], 0);
    ck_assert_uint_eq(w.preds[2], 0xffffffffu);
    set32(&w, 8, 3);
    set64(&w, 10, 0x100000005ull);
    exec_text("IMAD.WIDE R4, R8, 0x4, -R10", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(get64(&w, 4, 0), 12 - 0x100000005ull);  /* 12 - 0x100000005, two's complement */
    exec_text("IMAD.WIDE.U32 R4, R8, 0x4, -R10", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(get64(&w, 4, 7), 0xffffffff00000007ull);
    isa_warp_free(&w);
}
END_TEST

/* HSETP2 / HSET2 with b as two numbers, the high half first (as HFMA2's
 * c): each half compared with its own */
START_TEST(test_ops2_hset_pair)
{
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    set32(&w, 8, 0x00003c00u);                               /* low half 1.0 */
    exec_text("HSETP2.GEU.OR P0, P1, R8.H0_H0, 0.5, 2, !PT", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(w.preds[0], 0);                        /* low: 1 >= 2 */
    ck_assert_uint_eq(w.preds[1], 0xffffffffu);              /* high: 1 >= 0.5 */
    set32(&w, 8, 0x0000b800u);                               /* low half -0.5 */
    exec_text("HSET2.BF.EQ.AND R4, R8.H0_H0, -0.5, -0.5, PT", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(get32(&w, 4, 0), 0x3c003c00u);         /* 1.0 in both halves */
    exec_text("HSET2.BF.EQ.AND R4, R8.H0_H0, -0.5, 1, PT", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(get32(&w, 4, 0), 0x3c000000u);         /* high (the first, -0.5) equal; low (1) not */
    isa_warp_free(&w);
}
END_TEST

/* atomicAdd on half2 / bfloat162 (PTX ISA atom.add.noftz.f16x2): each
 * half added and rounded to nearest even, lane after lane */
START_TEST(test_ops2_atom_half2)
{
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    memset(gmem, 0, sizeof gmem);
    uint32_t v = 0x3c004000u;                                /* (low 2.0, high 1.0) */
    memcpy(gmem, &v, 4);
    set64(&w, 2, GBASE);
    set32(&w, 6, 0x3c00bc00u);                               /* (low -1.0, high 1.0) */
    exec_text("ATOM.E.ADD.F16x2.RN.STRONG.GPU PT, R4, [R2.64], R6", &w, 0x3, &res);
    memcpy(&v, gmem, 4);
    ck_assert_uint_eq(v, 0x42000000u);                       /* two lanes: (2 - 1 - 1, 1 + 1 + 1) = (+0, 3) */
    ck_assert_uint_eq(get32(&w, 4, 0), 0x3c004000u);         /* the old values */
    ck_assert_uint_eq(get32(&w, 4, 1), 0x40003c00u);
    v = 0x00017bffu;                                         /* (low 65504, high the least subnormal 2^-24) */
    memcpy(gmem, &v, 4);
    set32(&w, 6, 0x00010010u);                               /* (low 16 * 2^-24, high 2^-24) */
    exec_text("RED.E.ADD.F16x2.RN.STRONG.GPU [R2.64], R6", &w, 0x1, &res);
    memcpy(&v, gmem, 4);
    ck_assert_uint_eq(v, 0x00027bffu);                       /* 65504 + tiny stays 65504; subnormals add, not flushed */
    v = 0x3f803f80u;                                         /* bf16 (1, 1) */
    memcpy(gmem, &v, 4);
    set32(&w, 6, 0x3b803b80u);                               /* bf16 2^-8: 1 + 2^-8 ties to even 1 */
    exec_text("ATOM.E.ADD.BF16x2.RN.STRONG.GPU PT, R4, [R2.64], R6", &w, 0x1, &res);
    memcpy(&v, gmem, 4);
    ck_assert_uint_eq(v, 0x3f803f80u);
    isa_warp_free(&w);
}
END_TEST

/* what the reader refuses, at the operand's column */
START_TEST(test_ops2_refused)
{
    static const struct { const char *text, *where; } bad[] = {
        { "ULDC UR4, c[0x0][R8+0x10]", "bad.sass:3:11: error: ULDC: a uniform result cannot take a per-lane index" },
        { "IADD3 R4, R8, c[0x0][R2+0x10], RZ", "bad.sass:3:15: error: IADD3: an indexed constant" },
        { "LDC R4, c[0x0][R8+-R2]", "bad.sass:3:20: error: expected a constant offset, found 'R2'" },
        { "LDC R4, c[0x0][UP0+0x10]", "bad.sass:3:16: error: expected a register or an offset, found 'UP0+0x10'" },
        { "FMUL.D2.M2 R4, R8, R10", "error: second conflicting modifier '.M2'" },
        { "FADD.D2 R4, R8, R10", "error: unknown modifier '.D2' for FADD" },
        { "FSET.BF R4, R8, R10, PT", "error: FSET needs a comparison" },
        { "FADD R4, R8, |c[0x0][0x160]", "error:" },
        { "BRX R8", "bad.sass:3:5: error: BRX: expected a register and an offset here" },
        { "BRX R9 -0x10", "bad.sass:3:5: error: R9 cannot hold a 64-bit value" },
        { "IADD3 R4, R8 -0x10, R10, RZ", "bad.sass:3:11: error: IADD3: a register with an offset (R6 -0x170) is BRX's" },
        { "P2R R4, PR, R8.B1, 0x7f", "bad.sass:3:13: error: P2R: this operand takes no byte selector" },
        { "I2F.S16 R4, R8.B1", "bad.sass:3:13: error: I2F: this operand takes no byte selector" },
        { "I2I.S32.S8 R4, R8.B1", "bad.sass:3:16: error: I2I: this operand takes no byte selector" },
        { "R2P PR, P0.B1, 0x7f", "bad.sass:3:11: error: '.B1' selects a byte of a register" },
        { "IMAD.WIDE R4, P0, R8, 0x4, -R10", "bad.sass:3:28: error: IMAD.WIDE: '-' is not allowed on a 64-bit integer operand" },
        { "ATOM.E.MIN.F16x2.RN PT, R4, [R2.64], R6", "error: floating-point atomics support only .ADD and .EXCH" },
        { "BRX P0 -0x10", "bad.sass:3:5: error: expected a register before the offset" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char src[256];
        snprintf(src, sizeof src, ".kernel k\nk0:\n%s\n EXIT\n.end\n", bad[i].text);
        diag d;
        diag_init(&d);
        isa_program p;
        memset(&p, 0, sizeof p);
        int n = asm_text(&p, "bad.sass", src, &d);
        ck_assert_msg(n > 0 && d.text && strstr(d.text, bad[i].where), "%s: %s", bad[i].text, d.text ? d.text : "(accepted)");
        asm_free(&p);
        diag_free(&d);
    }
    /* EXIT P may let lanes go on: it cannot end a kernel */
    diag d;
    diag_init(&d);
    isa_program p;
    memset(&p, 0, sizeof p);
    ck_assert_int_gt(asm_text(&p, "bad.sass", ".kernel k\nk0:\n EXIT P1\n.end\n", &d), 0);
    ck_assert_msg(d.text && strstr(d.text, "can run past its last instruction"), "%s", d.text ? d.text : "(accepted)");
    asm_free(&p);
    diag_free(&d);
}
END_TEST

void sem_ops2_tests(TCase *tc)
{
    tcase_add_loop_test(tc, test_ops2_cases, 0, (int)(sizeof cases / sizeof cases[0]));
    tcase_add_test(tc, test_ops2_indexed_constants);
    tcase_add_test(tc, test_ops2_uimad_wide_carry);
    tcase_add_test(tc, test_ops2_exit_pred);
    tcase_add_test(tc, test_ops2_brx);
    tcase_add_test(tc, test_ops2_r2p_byte_imad_neg);
    tcase_add_test(tc, test_ops2_hset_pair);
    tcase_add_test(tc, test_ops2_atom_half2);
    tcase_add_test(tc, test_ops2_refused);
}
