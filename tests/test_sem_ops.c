/* tests/test_sem_ops.c — the SASS forms of real programs added after
 * test_sem_sass.c: P2R/R2P, VIMNMX3, I2I, IDP.4A/IDP.2A, the uniform
 * ULEA.HI/UBREV/ULOP3 with a UP result, PLOP3 on uniform predicates, FP64
 * DSETP.MAX/MIN, DMNMX, FRND.F64, and FP16/BF16 (F2FP, HADD2 ... with
 * operand halves, HSETP2, HSET2, HMNMX2, conversions). Each expected value
 * is worked out from the PTX ISA's definition of the operation (cvt, dp4a,
 * dp2a, max, min, the f16 and bf16 formats: 1-5-10 and 1-8-7 bits, NaN
 * canonical 0x7fff), written in the comment beside it. Part of tests/test_sem
 * (its coverage check reads ops_texts). */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "diag.h"
#include "sem_world.h"

/* one instruction on R8:R9, R10:R11, R12:R13; the result R4 (R4:R5 when
 * wide), or P0/P1 (lane 0) */
typedef struct {
    const char *text;
    uint64_t a, b, c;
    uint64_t want;
    char out;   /* i: R4, l: R4:R5, p: P0, q: P1 */
} op_case;

static const op_case cases[] = {
    /* VIMNMX3: p ? min : max of three, signed unless .U32 */
    { "VIMNMX3 R4, R8, R10, R12, PT", 5, 0xfffffffdu, 7, 0xfffffffdu, 'i' },
    { "VIMNMX3 R4, R8, R10, R12, !PT", 5, 0xfffffffdu, 7, 7, 'i' },
    { "VIMNMX3.U32 R4, R8, R10, R12, PT", 5, 0xfffffffdu, 7, 5, 'i' },
    { "VIMNMX3.U32 R4, R8, R10, R12, !PT", 5, 0xfffffffdu, 7, 0xfffffffdu, 'i' },
    /* FMNMX3: a NaN operand is passed over (PTX ISA min.f32 / max.f32) */
    { "FMNMX3 R4, R8, R10, R12, PT", 0x40400000u, 0x7fc00000u, 0xbf800000u, 0xbf800000u, 'i' },   /* min(3, NaN, -1) */
    { "FMNMX3 R4, R8, R10, R12, !PT", 0x40400000u, 0x7fc00000u, 0xbf800000u, 0x40400000u, 'i' },
    { "FMNMX3 R4, |R8|, R10, |R12|, !PT", 0xc0a00000u, 0x40400000u, 0xbf800000u, 0x40a00000u, 'i' },   /* max(|-5|, 3, |-1|) */
    { "FMNMX3 R4, R8, R10, R12, PT", 0x7fc00000u, 0x7f800001u, 0xffc00000u, 0x7fffffffu, 'i' },       /* all NaN */
    /* FCHK: a zero dividend takes the slow path (the H100: -0 / b must stay -0) */
    { "FCHK P0, R8, R10", 0x80000000u, 0x40400000u, 0, 1, 'p' },
    { "FCHK P0, R8, R10", 0x3f800000u, 0x40400000u, 0, 0, 'p' },      /* 1 / 3: the fast path */
    /* I2I: cvt.sat clamps to the destination's range, then extends */
    { "I2I.S8.S32.SAT R4, R8", 300, 0, 0, 127, 'i' },
    { "I2I.S8.S32.SAT R4, R8", 0xfffffed4u, 0, 0, 0xffffff80u, 'i' },       /* -300 -> -128 */
    { "I2I.U8.S32.SAT R4, R8", 0xfffffffbu, 0, 0, 0, 'i' },                 /* -5 -> 0 */
    { "I2I.U16.U32.SAT R4, R8", 0x12345, 0, 0, 0xffff, 'i' },
    { "I2I.S16.S32 R4, R8", 0x18000, 0, 0, 0xffff8000u, 'i' },              /* no .SAT: the low 16 bits, sign-extended */
    /* IDP.4A: c + sum a.byte[k] * b.byte[k]; a = (-128, 127, -1, 1) as S8 */
    { "IDP.4A.S8.S8 R4, R8, R10, R12", 0x01ff7f80u, 0x02030405u, 10, 0xffffff85u, 'i' },   /* -640 + 508 - 3 + 2 + 10 = -123 */
    { "IDP.4A.U8.U8 R4, R8, R10, R12", 0x01ff7f80u, 0x02030405u, 10, 1925, 'i' },          /* 640 + 508 + 765 + 2 + 10 */
    { "IDP.4A.U8.S8 R4, R8, R10, RZ", 0x01020304u, 0xfffefdfcu, 0, 0xffffffe2u, 'i' },     /* 4*-4 + 3*-3 + 2*-2 + 1*-1 = -30 */
    /* IDP.2A: a's halfwords (3, -2) times b's bytes 0-1 (2, -3) or 2-3 (-128, 127) */
    { "IDP.2A.LO.S16.S8 R4, R8, R10, R12", 0xfffe0003u, 0x7f80fd02u, 1, 13, 'i' },        /* 6 + 6 + 1 */
    { "IDP.2A.HI.S16.S8 R4, R8, R10, R12", 0xfffe0003u, 0x7f80fd02u, 1, 0xfffffd83u, 'i' },/* -384 - 254 + 1 = -637 */
    /* DSETP.MAX / MIN: P0 = the result is a, P1 = both NaN (max.f64: a NaN
     * operand gives the other; -0 is below +0) */
    { "DSETP.MAX.AND P0, P1, R8, R10, PT", 0x3ff0000000000000ull, 0x4000000000000000ull, 0, 0, 'p' },  /* max(1, 2) = b */
    { "DSETP.MAX.AND P0, P1, R8, R10, PT", 0x4000000000000000ull, 0x7ff8000000000000ull, 0, 1, 'p' },  /* max(2, NaN) = a */
    { "DSETP.MAX.AND P0, P1, R8, R10, PT", 0x7ff8000000000000ull, 0x4000000000000000ull, 0, 0, 'p' },  /* max(NaN, 2) = b */
    { "DSETP.MAX.AND P0, P1, R8, R10, PT", 0x7ff8000000000000ull, 0x4000000000000000ull, 0, 0, 'q' },
    { "DSETP.MAX.AND P0, P1, R8, R10, PT", 0x7ff8000000000000ull, 0xfff0000000000001ull, 0, 1, 'q' },  /* both NaN */
    { "DSETP.MAX.AND P0, P1, R8, R10, PT", 0, 0x8000000000000000ull, 0, 1, 'p' },                      /* max(+0, -0) = +0 = a */
    { "DSETP.MIN.AND P0, P1, R8, R10, PT", 0, 0x8000000000000000ull, 0, 0, 'p' },                      /* min(+0, -0) = -0 = b */
    { "DSETP.MIN.AND P0, P1, R8, R10, PT", 0xfff0000000000000ull, 0xffefffffffffffffull, 0, 1, 'p' },  /* min(-inf, -max) = a */
    { "DSETP.MAX.AND P0, P1, R8, R10, !PT", 0x4000000000000000ull, 0, 0, 0, 'p' },                     /* AND with false */
    /* DMNMX: p ? fmin : fmax */
    { "DMNMX R4, R8, R10, PT", 0x3ff0000000000000ull, 0xc000000000000000ull, 0, 0xc000000000000000ull, 'l' },  /* min(1, -2) */
    { "DMNMX R4, R8, R10, !PT", 0x3ff0000000000000ull, 0xc000000000000000ull, 0, 0x3ff0000000000000ull, 'l' },
    { "DMNMX R4, R8, R10, PT", 0x7ff8000000000000ull, 0x4008000000000000ull, 0, 0x4008000000000000ull, 'l' },  /* min(NaN, 3) = 3 */
    { "DMNMX R4, R8, R10, PT", 0x8000000000000000ull, 0, 0, 0x8000000000000000ull, 'l' },                     /* min(-0, +0) = -0 */
    { "DMNMX R4, R8, R10, !PT", 0x8000000000000000ull, 0, 0, 0, 'l' },                                        /* max(-0, +0) = +0 */
    /* FRND.F64: cvt.rni (ties to even), .rzi, .rmi, .rpi */
    { "FRND.F64 R4, R8", 0x4004000000000000ull, 0, 0, 0x4000000000000000ull, 'l' },          /* 2.5 -> 2 */
    { "FRND.F64 R4, R8", 0x400c000000000000ull, 0, 0, 0x4010000000000000ull, 'l' },          /* 3.5 -> 4 */
    { "FRND.F64 R4, R8", 0xc004000000000000ull, 0, 0, 0xc000000000000000ull, 'l' },          /* -2.5 -> -2 */
    { "FRND.F64.FLOOR R4, R8", 0xc004000000000000ull, 0, 0, 0xc008000000000000ull, 'l' },    /* -2.5 -> -3 */
    { "FRND.F64.CEIL R4, R8", 0xc004000000000000ull, 0, 0, 0xc000000000000000ull, 'l' },     /* -2.5 -> -2 */
    { "FRND.F64.TRUNC R4, R8", 0xbfe6666666666666ull, 0, 0, 0x8000000000000000ull, 'l' },    /* -0.7 -> -0 */
    { "FRND.F64.FLOOR R4, |R8|", 0xc004000000000000ull, 0, 0, 0x4000000000000000ull, 'l' },  /* floor(|-2.5|) */
    { "FRND.F64 R4, R8", 0x7fefffffffffffffull, 0, 0, 0x7fefffffffffffffull, 'l' },          /* already an integer */
    /* F2FP.PACK_AB d, a, b: a to the high half, b to the low (cvt.rn.f16x2.f32) */
    { "F2FP.PACK_AB R4, R8, R10", 0x3f800000u, 0xc0000000u, 0, 0x3c00c000u, 'i' },                  /* (1, -2) */
    { "F2FP.PACK_AB R4, RZ, R8", 0x3f801000u, 0, 0, 0x3c00u, 'i' },           /* 1 + 2^-11: the tie goes to even 1.0 */
    { "F2FP.PACK_AB R4, RZ, R8", 0x3f803000u, 0, 0, 0x3c02u, 'i' },           /* 1 + 3 * 2^-11: to even 1 + 2^-9 */
    { "F2FP.PACK_AB.RZ R4, RZ, R8", 0x3f803000u, 0, 0, 0x3c01u, 'i' },
    { "F2FP.PACK_AB R4, RZ, R8", 0x477ff000u, 0, 0, 0x7c00u, 'i' },           /* 65520 rounds to infinity */
    { "F2FP.PACK_AB R4, RZ, R8", 0x477fef00u, 0, 0, 0x7bffu, 'i' },           /* 65519 to the largest, 65504 */
    { "F2FP.PACK_AB.RZ R4, RZ, R8", 0x49742400u, 0, 0, 0x7bffu, 'i' },        /* 1e6 toward zero: 65504 */
    { "F2FP.PACK_AB.RM R4, RZ, R8", 0xc9742400u, 0, 0, 0xfc00u, 'i' },        /* -1e6 down: -inf */
    { "F2FP.PACK_AB.RP R4, RZ, R8", 0xc9742400u, 0, 0, 0xfbffu, 'i' },        /* -1e6 up: -65504 */
    { "F2FP.PACK_AB R4, RZ, R8", 0x33800000u, 0, 0, 0x0001u, 'i' },           /* 2^-24: the least subnormal */
    { "F2FP.PACK_AB R4, RZ, R8", 0x33000000u, 0, 0, 0x0000u, 'i' },           /* 2^-25: the tie goes to even 0 */
    { "F2FP.PACK_AB R4, RZ, R8", 0x33c00000u, 0, 0, 0x0002u, 'i' },           /* 3 * 2^-25: to even 2 * 2^-24 */
    { "F2FP.PACK_AB R4, R8, R10", 0x7fc00000u, 0x80000000u, 0, 0x7fff8000u, 'i' },  /* NaN: canonical; -0 */
    { "F2FP.F16.F32.PACK_AB R4, R8, R10", 0x3f800000u, 0xc0000000u, 0, 0x3c00c000u, 'i' },         /* sm_90's name */
    { "F2FP.BF16.PACK_AB R4, R8, R10", 0x3f800000u, 0x3f808000u, 0, 0x3f803f80u, 'i' },  /* bf16: 1 + 2^-8 ties to even 1 */
    { "F2FP.BF16.F32.PACK_AB R4, RZ, R8", 0x3f818000u, 0, 0, 0x3f82u, 'i' },       /* 1 + 3 * 2^-8 to even */
    /* HADD2 / HMUL2 / HFMA2 on (low, high) halves */
    { "HADD2 R4, R8, R10", 0x3c003c00u, 0x4000bc00u, 0, 0x42000000u, 'i' },       /* (1 + -1, 1 + 2) = (+0, 3) */
    { "HADD2 R4, R8.H1_H1, R10", 0x40000000u, 0x3c003c00u, 0, 0x42004200u, 'i' }, /* high half in both lanes */
    { "HADD2 R4, R8.H0_H0, -R10", 0x00003c00u, 0x3c004000u, 0, 0x0000bc00u, 'i' },/* (1 - 2, 1 - 1) */
    { "HADD2 R4, |R8|, -RZ.H0_H0", 0xbc00c000u, 0, 0, 0x3c004000u, 'i' },          /* |x| + -0 */
    { "HADD2.F32 R4, -RZ, R8.H1_H1", 0x35550000u, 0, 0, 0x3eaaa000u, 'i' },       /* 0.333251953125 as FP32 */
    { "HADD2.F32 R4, -RZ, R8.H0_H0", 0x7c01u, 0, 0, 0x7fffffffu, 'i' },           /* a NaN: FP32's canonical NaN */
    { "HMUL2 R4, R8, R10", 0x3c004200u, 0x7bff4000u, 0, 0x7bff4600u, 'i' },       /* (3 * 2, 1 * 65504) */
    { "HMUL2 R4, R8, R10", 0x40000000u, 0x7bff0000u, 0, 0x7c000000u, 'i' },       /* 2 * 65504 overflows */
    { "HFMA2 R4, R8, R10, R12.H0_H0", 0x40004000u, 0x3c004200u, 0xbc00u, 0x3c004500u, 'i' },  /* (2*3 - 1, 2*1 - 1) */
    { "HFMA2.MMA R4, -RZ, RZ, 1.5, -2", 0, 0, 0, 0x3e00c000u, 'i' },              /* two constants, high first */
    { "HFMA2.MMA R4, R8, 1, 1, R10", 0x3c004000u, 0x3c003c00u, 0, 0x40004200u, 'i' },/* a * 1 + b */
    { "HFMA2.MMA.SAT R4, R8, R10, -RZ", 0x80003c00u, 0x3c004000u, 0, 0x00003c00u, 'i' },  /* sat(2) = 1, sat(-0) = +0 */
    { "HADD2.BF16_V2 R4, R8, R10", 0x3f803f80u, 0x40003f80u, 0, 0x40404000u, 'i' },  /* bf16 (1 + 1, 1 + 2) */
    /* HMNMX2: p ? min : max per half; a NaN gives the other, two NaNs 0x7fff */
    { "HMNMX2 R4, R8, R10, PT", 0x7fff8000u, 0x3c000000u, 0, 0x3c008000u, 'i' },  /* (min(-0, +0), min(NaN, 1)) */
    { "HMNMX2 R4, R8, R10, !PT", 0x7fff8000u, 0x3c000000u, 0, 0x3c000000u, 'i' },
    { "HMNMX2 R4, R8, R10, PT", 0x7e00u, 0xfc01u, 0, 0x7fffu, 'i' },
    { "HMNMX2.NAN R4, R8, R10, PT", 0x7fff8000u, 0x3c000000u, 0, 0x7fff8000u, 'i' },  /* .NAN: NaN wins */
    { "FMNMX.NAN R4, R8, R10, PT", 0x3f800000u, 0x7fc00001u, 0, 0x7fffffffu, 'i' },
    { "FMNMX R4, R8, R10, PT", 0x3f800000u, 0x7fc00001u, 0, 0x3f800000u, 'i' },
    { "FMNMX3.NAN R4, R8, R10, R12, !PT", 0x3f800000u, 0x40000000u, 0xffc00000u, 0x7fffffffu, 'i' },
    /* HSETP2: P0 from the low halves, P1 from the high (.H_AND: both) */
    { "HSETP2.GT.AND P0, P1, R8, R10, PT", 0x40003c00u, 0x3c004000u, 0, 0, 'p' }, /* 1 > 2 */
    { "HSETP2.GT.AND P0, P1, R8, R10, PT", 0x40003c00u, 0x3c004000u, 0, 1, 'q' }, /* 2 > 1 */
    { "HSETP2.GT.H_AND P0, P1, R8, R10, PT", 0x40003c00u, 0x3c004000u, 0, 0, 'q' },
    { "HSETP2.NAN.AND P0, PT, R8.H0_H0, R8.H0_H0, PT", 0x7e00u, 0, 0, 1, 'p' },
    { "HSETP2.NEU.AND P0, PT, R8.H0_H0, R10.H0_H0, PT", 0x7e00u, 0x7e00u, 0, 1, 'p' },  /* NaN != NaN, unordered */
    { "HSET2.BF.GT.AND R4, R8, R10, PT", 0x40003c00u, 0x3c004000u, 0, 0x3c000000u, 'i' }, /* 1.0 where true */
    { "HSET2.GT.AND R4, R8, R10, PT", 0x40003c00u, 0x3c004000u, 0, 0xffff0000u, 'i' },
    /* conversions with one half */
    { "I2F.F16 R4, R8", 2049, 0, 0, 0x6800u, 'i' },                  /* the tie 2049 goes to even 2048 */
    { "I2F.F16 R4, R8", 0xffffffffu, 0, 0, 0xbc00u, 'i' },           /* -1 */
    { "I2F.F16.U32.RZ R4, R8", 70000, 0, 0, 0x7bffu, 'i' },          /* toward zero: 65504 */
    { "I2F.F16.U32 R4, R8", 70000, 0, 0, 0x7c00u, 'i' },             /* nearest: infinity */
    { "F2I.F16.NTZ R4, R8", 0x4100u, 0, 0, 2, 'i' },                 /* 2.5 to nearest even */
    { "F2I.F16.TRUNC.NTZ R4, R8.H1", 0xc1000000u, 0, 0, 0xfffffffeu, 'i' },   /* the high half, -2.5 */
    { "F2I.F16.NTZ R4, R8", 0x7c00u, 0, 0, 0x7fffffffu, 'i' },       /* +inf saturates */
    { "F2F.F16.F32.RM R4, R8", 0x3f801000u, 0, 0, 0x3c00u, 'i' },    /* 1 + 2^-11 down */
    { "F2F.F16.F32.RM R4, R8", 0xbf801000u, 0, 0, 0xbc01u, 'i' },    /* -(1 + 2^-11) down */
    { "F2F.F32.F16 R4, R8.H1", 0x35550000u, 0, 0, 0x3eaaa000u, 'i' },
    { "F2F.F64.F16 R4, R8", 0x3555u, 0, 0, 0x3fd5540000000000ull, 'l' },
};

/* texts of the tests below, for test_sem.c's check that every opcode is tested */
const char *const ops_texts[] = {
    "P2R R4, PR, R8, 0x7f", "R2P PR, R8, 0x7f", "ULOP3.LUT UP0, UR4, UR5, UR6, URZ, 0xc0, !UPT",
    "ULEA.HI UR4, UR5, UR6, URZ, 0x1", "UBREV UR4, UR5", "PLOP3.LUT P0, PT, PT, PT, UP0, 0x80, 0x0",
    "WARPSYNC.COLLECTIVE R2, k0", "WARPSYNC.COLLECTIVE.ALL k0", "ENDCOLLECTIVE", "WARPSYNC.EXCLUSIVE R2",
    "BAR.RED.POPC.DEFER_BLOCKING 0x0, P0", "B2R.RESULT RZ, P0", "BAR.ARV 0x2, 0x40",
};
const int ops_ntexts = (int)(sizeof ops_texts / sizeof ops_texts[0]);

START_TEST(test_ops_cases)
{
    const op_case *k = &cases[_i];
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    set64(&w, 8, k->a); set64(&w, 10, k->b); set64(&w, 12, k->c);
    set64(&w, 4, 0x5a5a5a5a5a5a5a5aull);
    exec_text(k->text, &w, 0xffffffffu, &res);
    uint64_t got = k->out == 'i' ? get32(&w, 4, 0) : k->out == 'l' ? get64(&w, 4, 0)
                 : k->out == 'p' ? (w.preds[0] & 1) : (w.preds[1] & 1);
    ck_assert_msg(got == k->want, "%s (0x%llx, 0x%llx, 0x%llx): got 0x%llx, want 0x%llx", k->text,
                  (unsigned long long)k->a, (unsigned long long)k->b, (unsigned long long)k->c,
                  (unsigned long long)got, (unsigned long long)k->want);
    isa_warp_free(&w);
}
END_TEST

/* P2R packs P0..P6 into the masked bits (of byte 1-3 with .B1-.B3), the
 * rest from b; R2P sets the masked predicates from the bits, per lane */
START_TEST(test_ops_p2r_r2p)
{
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    w.preds[0] = 0x55555555u;        /* even lanes */
    w.preds[1] = 0;
    w.preds[2] = 0xffffffffu;
    set32(&w, 8, 0xffffff80u);
    exec_text("P2R R4, PR, R8, 0x7f", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(get32(&w, 4, 0), 0xffffff85u);    /* P0, P2 */
    ck_assert_uint_eq(get32(&w, 4, 1), 0xffffff84u);    /* P2 */
    exec_text("P2R R4, PR, RZ, 0x2", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(get32(&w, 4, 0), 0);              /* P1 false */
    set32(&w, 8, 0x12345678u);
    w.preds[1] = 0xffffffffu;
    exec_text("P2R.B1 R4, PR, R8, 0x3", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(get32(&w, 4, 0), 0x12345778u);    /* bits 8, 9 from P0, P1 */
    ck_assert_uint_eq(get32(&w, 4, 1), 0x12345678u);    /* P0 false: bit 8 clear, P1 sets bit 9 */
    /* R2P: P0 = bit 0, P2 = bit 2, P1 untouched (not in the mask) */
    for (int l = 0; l < 32; l++) setl(&w, 8, l, l & 1 ? 0x1u : 0x4u);
    w.preds[1] = 0x0f0f0f0fu;
    exec_text("R2P PR, R8, 0x5", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(w.preds[0], 0xaaaaaaaau);
    ck_assert_uint_eq(w.preds[2], 0x55555555u);
    ck_assert_uint_eq(w.preds[1], 0x0f0f0f0fu);
    set32(&w, 8, 0x00020000u);
    exec_text("R2P.B2 PR, R8, 0x3", &w, 0x0000ffffu, &res);   /* inactive lanes keep theirs */
    ck_assert_uint_eq(w.preds[0], 0xaaaa0000u);
    ck_assert_uint_eq(w.preds[1], 0x0f0fffffu);
    isa_warp_free(&w);
}
END_TEST

/* the uniform forms, and PLOP3 reading a uniform predicate in every lane */
START_TEST(test_ops_uniform)
{
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    w.uregs[5] = 0xf0; w.uregs[6] = 0x0f;
    exec_text("ULOP3.LUT UP0, UR4, UR5, UR6, URZ, 0xc0, !UPT", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(w.uregs[4], 0);
    ck_assert_uint_eq(w.upreds & 1, 0);
    w.uregs[6] = 0xff;
    exec_text("ULOP3.LUT UP0, UR4, UR5, UR6, URZ, 0xc0, !UPT", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(w.uregs[4], 0xf0);
    ck_assert_uint_eq(w.upreds & 1, 1);
    w.uregs[5] = 0x80000000u; w.uregs[6] = 7;
    exec_text("ULEA.HI UR4, UR5, UR6, URZ, 0x1", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(w.uregs[4], 8);                   /* (0:a) << 1 >> 32 = 1, + 7 */
    w.uregs[5] = 0xf0000000u; w.uregs[6] = 5;
    exec_text("ULEA.HI.SX32 UR4, UR5, UR6, 0x4", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(w.uregs[4], 4);                   /* -1 + 5 */
    w.uregs[5] = 1;
    exec_text("UBREV UR4, UR5", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(w.uregs[4], 0x80000000u);
    set32(&w, 8, 0x77);
    exec_text("R2UR P1, UR4, R8", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(w.uregs[4], 0x77);
    ck_assert_uint_eq(w.preds[1], 0xffffffffu);         /* the same in every lane */
    setl(&w, 8, 5, 0x78);
    exec_text("R2UR P1, URZ, R8", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(w.preds[1], 0);
    exec_text("R2UR P1, URZ, R8", &w, 0xffffffdfu, &res);   /* lane 5 not executing */
    ck_assert_uint_eq(w.preds[1], 0xffffffdfu);
    w.upreds = 1;
    exec_text("PLOP3.LUT P0, PT, PT, PT, UP0, 0x80, 0x0", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(w.preds[0], 0xffffffffu);
    exec_text("PLOP3.LUT P0, PT, PT, PT, !UP0, 0x80, 0x0", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(w.preds[0], 0);
    isa_warp_free(&w);
}
END_TEST

/* BAR.RED reports the barrier and its true lanes (the block's count is
 * the runner's: tests/barrier/bar_red.sass); B2R.RESULT reads the result
 * the release left in the warp */
START_TEST(test_ops_bar_red)
{
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    w.preds[3] = 0x0000ff0fu;
    exec_text("BAR.RED.AND.DEFER_BLOCKING 0x0, !P3", &w, 0x00ffffffu, &res);
    ck_assert(res.barrier);
    ck_assert_int_eq(res.bar_red, MOD_BRED_AND);
    ck_assert_uint_eq(res.bar_pred, 0x00ff00f0u);      /* !P3 over the active lanes */
    w.bar_count = 86;
    w.bar_pred = 1;
    exec_text("B2R.RESULT R4, P1", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(get32(&w, 4, 31), 86);
    ck_assert_uint_eq(w.preds[1], 0xffffffffu);
    isa_warp_free(&w);
}
END_TEST

/* named barriers (PTX ISA bar.sync a, b; bar.arrive a, b; bar.red a, b, p):
 * the instruction reports which of the 16 barriers and the thread count
 * (0: the whole block); a count that is not a positive multiple of the
 * warp size, or an id above 15, held in a register, is a fault */
START_TEST(test_ops_bar_named)
{
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    exec_text("BAR.SYNC.DEFER_BLOCKING 0x0", &w, 0xffffffffu, &res);
    ck_assert(res.barrier && !res.bar_arrive);
    ck_assert_int_eq(res.bar_id, 0);
    ck_assert_uint_eq(res.bar_threads, 0);
    exec_text("BAR.SYNC 0xf, 0x60", &w, 0xffffffffu, &res);
    ck_assert_int_eq(res.bar_id, 15);
    ck_assert_uint_eq(res.bar_threads, 96);
    exec_text("BAR.ARV 0x2, 0x40", &w, 0xffffffffu, &res);
    ck_assert(res.barrier && res.bar_arrive);
    ck_assert_int_eq(res.bar_id, 2);
    ck_assert_uint_eq(res.bar_threads, 64);
    w.preds[0] = 0x3u;
    exec_text("BAR.RED.POPC 0x5, 0x80, P0", &w, 0xffffffffu, &res);
    ck_assert_int_eq(res.bar_id, 5);
    ck_assert_uint_eq(res.bar_threads, 128);
    ck_assert_int_eq(res.bar_red, MOD_BRED_POPC);
    ck_assert_uint_eq(res.bar_pred, 0x3u);
    setl(&w, 4, 2, 7); setl(&w, 5, 2, 0x20);          /* read in the first executing lane, 2 */
    exec_text("BAR.SYNC R4, R5", &w, 0xfffffffcu, &res);
    ck_assert_int_eq(res.fault, FAULT_NONE);
    ck_assert_int_eq(res.bar_id, 7);
    ck_assert_uint_eq(res.bar_threads, 32);
    setl(&w, 5, 2, 48);                                /* not a multiple of 32 */
    exec_text("BAR.SYNC R4, R5", &w, 0xfffffffcu, &res);
    ck_assert_int_eq(res.fault, FAULT_BARRIER);
    ck_assert_uint_eq(res.fault_addr, 48);
    setl(&w, 4, 2, 16);                                /* barrier 16 does not exist */
    exec_text("BAR.SYNC R4", &w, 0xfffffffcu, &res);
    ck_assert_int_eq(res.fault, FAULT_BARRIER);
    ck_assert_uint_eq(res.fault_addr, 16);
    isa_warp_free(&w);
}
END_TEST

/* the operand forms the assembler refuses, at the operand's column */
START_TEST(test_ops_refused)
{
    static const struct { const char *text, *where; } bad[] = {
        { "IADD3 R4, R8.H0_H0, R10, RZ", "bad.sass:3:11: error: IADD3: this operand takes no half selector" },
        { "P2R R4, P0, RZ, 0x1", "bad.sass:3:9: error: P2R: expected PR" },
        { "IADD3 R4, PR, R10, RZ", "bad.sass:3:11: error: IADD3: PR (all predicates as bits) is an operand of P2R and R2P only" },
        { "DSETP.MAX.LT P0, P1, R8, R10, PT", "bad.sass:3:11: error: unknown modifier '.LT' for DSETP.MAX" },
        { "HADD2 R4, P0.H0_H0, R8", "bad.sass:3:13: error: '.H0_H0' selects halves of a register or constant" },
        { "F2FP.PACK_AB R4, R8.H1_H1, R10", "bad.sass:3:18: error: F2FP: this operand takes no half selector" },
        { "HADD2 R4, R8.H0_H0.H1_H1, R10", "bad.sass:3:19: error: a second half selector '.H1_H1'" },
        { "BAR.SYNC 0x10, 0x100", "bad.sass:3:10: error: BAR.SYNC: a barrier id is 0..15" },
        { "BAR.SYNC 0x1, 0x0", "bad.sass:3:15: error: BAR.SYNC: a barrier's thread count is a positive multiple" },
        { "BAR.ARV 0x1", "bad.sass:3:12: error: BAR.ARV needs more operands" },
        { "BAR.RED.MIN 0x0, P0", "bad.sass:3:9: error: unknown modifier '.MIN' for BAR.RED" },
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
}
END_TEST

void sem_ops_tests(TCase *tc)
{
    tcase_add_loop_test(tc, test_ops_cases, 0, (int)(sizeof cases / sizeof cases[0]));
    tcase_add_test(tc, test_ops_p2r_r2p);
    tcase_add_test(tc, test_ops_bar_named);
    tcase_add_test(tc, test_ops_uniform);
    tcase_add_test(tc, test_ops_bar_red);
    tcase_add_test(tc, test_ops_refused);
}

int ops_ncases(void) { return (int)(sizeof cases / sizeof cases[0]); }
const char *ops_case_text(int i) { return cases[i].text; }
