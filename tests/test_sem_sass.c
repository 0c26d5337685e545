/* tests/test_sem_sass.c — the semantics of the forms nvcc emits (issue 29):
 * carries and 64-bit chains checked against C's 64-bit arithmetic, truth
 * tables, funnel shifts, byte permutes, rounding modes, FP16 pairs, nvcc's
 * shuffles and votes, the uniform datapath, control (predicated and
 * divergent branches, CALL/RET) and the memory forms (generic, LDGSTS,
 * register-indexed constants, [R+UR], [R.X4]). Part of tests/test_sem (the
 * world is tests/sem_world.h; its check that every opcode is tested also
 * reads sass_rows and sass_texts). The warp, uniform, control and memory
 * forms are in tests/test_sem_warp.c. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include "sem_world.h"

/* ---- table rows (tests/test_sem.c's check_row, at warp sizes 32 and 64) ---- */
const sem_row sass_rows[] = {
    /* IADD3 carry out (P: at least one carry, Q: two) and .X carry in */
    { "IADD3 R4, P0, R8, R10, R12", 'i', 4294967295.0, 4294967295.0, 2, 'p', 1 },
    { "IADD3 R4, P0, R8, R10, R12", 'i', 4294967295.0, 4294967295.0, 2, 'i', 0 },
    { "IADD3 R4, P1, P0, R8, R10, R12", 'i', 4294967295.0, 1, 0, 'p', 0 },      /* one carry: Q false */
    { "IADD3 R4, P1, P0, R8, R10, R12", 'i', 4294967295.0, 4294967295.0, 2, 'p', 1 },
    { "IADD3 R4, P0, -R8, R10, RZ", 'i', 0, 5, 0, 'p', 1 },                     /* 5 - 0: no borrow = carry */
    { "IADD3 R4, P0, -R8, R10, RZ", 'i', 6, 5, 0, 'p', 0 },                     /* 5 - 6 borrows */
    { "IADD3.X R4, R8, R10, RZ, PT, !PT", 'i', 5, 6, 0, 'i', 12 },
    { "IADD3.X R4, R8, R10, RZ, PT, PT", 'i', 5, 6, 0, 'i', 13 },
    { "IADD3.X R4, ~R8, R10, RZ, PT, !PT", 'i', 5, 6, 0, 'i', 1 },              /* 6 - 5 as the high half */
    /* IMAD: .X, carry out, .MOV/.SHL/.IADD, .HI */
    { "IMAD.X R4, R8, R10, R12, PT", 'i', 3, 4, 5, 'i', 18 },
    { "IMAD.X R4, RZ, RZ, R12, PT", 'i', 0, 0, 4294967295.0, 'i', 0 },
    { "IMAD R4, P0, R8, R10, R12", 'i', 4294967295.0, 1, 1, 'p', 1 },
    { "IMAD.MOV.U32 R4, RZ, RZ, R8", 'i', 77, 0, 0, 'i', 77 },
    { "IMAD.SHL.U32 R4, R8, 0x4, RZ", 'i', 3, 0, 0, 'i', 12 },
    { "IMAD.IADD R4, R8, 0x1, R10", 'i', 3, 4, 0, 'i', 7 },
    { "IMAD.HI.U32 R4, R8, R10, RZ", 'i', 4294967295.0, 4294967295.0, 0, 'i', 4294967294.0 },
    { "IMAD.HI.U32 R4, R8, R10, R12", 'i', 2147483648.0, 4, 5, 'i', 2 },           /* c = R13:R12 = 5: no carry into the high word */
    { "IMAD.HI R4, R8, R10, RZ", 'i', -2, 3, 0, 'i', 4294967295.0 },             /* signed: -6 >> 32 */
    { "IMAD.HI.U32 R4, P0, R8, R10, R12", 'i', 4294967295.0, 4294967295.0, 2, 'p', 0 },     /* 0xfffffffe00000001 + 2: no carry */
    { "IMAD.HI.U32.X R4, R8, R10, RZ, PT", 'i', 65536, 65536, 0, 'i', 2 },
    { "IMAD.WIDE.U32 R4, R8, R10, R12", 'i', 4294967295.0, 2, 1, 'l', 8589934591.0 },
    { "IMAD.WIDE.U32.X R4, R8, R10, R12, PT", 'i', 2, 3, 4, 'l', 11 },
    { "IMAD.WIDE R4, R8, R10, R12", 'i', -3, 5, 1, 'l', -14 },
    /* LEA and LEA.HI */
    { "LEA R4, P0, R8, R10, 0x2", 'i', 1073741824.0, 4, 0, 'p', 0 },            /* the shifted-out bit is no carry */
    { "LEA R4, P0, R8, R10, 0x2", 'i', 1073741823.0, 4, 0, 'p', 1 },
    { "LEA.X R4, R8, R10, 0x2, PT", 'i', 1, 2, 0, 'i', 7 },
    { "LEA.HI R4, R8, R10, RZ, 0x19", 'i', 2147483648.0, 1, 0, 'i', 16777217 },
    { "LEA.HI R4, R8, R10, R12, 0x4", 'i', 4026531840.0, 0, 0x12, 'i', 0x12f },
    /* LOP3.LUT truth tables (a = 0xf0, b = 0xcc, c = 0xaa) and its P output */
    { "LOP3.LUT R4, R8, R10, R12, 0xc0, !PT", 'i', 12, 10, 0, 'i', 8 },
    { "LOP3.LUT R4, R8, R10, R12, 0xfc, !PT", 'i', 12, 10, 0, 'i', 14 },
    { "LOP3.LUT R4, R8, R10, R12, 0x3c, !PT", 'i', 12, 10, 0, 'i', 6 },
    { "LOP3.LUT R4, RZ, R10, RZ, 0x33, !PT", 'i', 0, 10, 0, 'i', 4294967285.0 },
    { "LOP3.LUT R4, R8, R10, R12, 0xf8, !PT", 'i', 0x100, 0xff, 0x0f, 'i', 0x10f },  /* a | b & c */
    { "LOP3.LUT R4, R8, R10, R12, 0x96, !PT", 'i', 0xff, 0x0f, 0x3c, 'i', 0xcc },    /* a ^ b ^ c */
    { "LOP3.LUT R4, R8, R10, R12, 0xe8, !PT", 'i', 0xf0, 0xcc, 0xaa, 'i', 0xe8 },    /* majority */
    { "LOP3.LUT P0, RZ, R8, 0x7fffffff, RZ, 0xc0, !PT", 'i', 2147483648.0, 0, 0, 'p', 0 },
    { "LOP3.LUT P0, RZ, R8, 0x7fffffff, RZ, 0xc0, !PT", 'i', 1, 0, 0, 'p', 1 },
    { "LOP3.LUT P0, R4, R8, 0x3, RZ, 0xc0, !PT", 'i', 6, 0, 0, 'i', 2 },
    /* funnel shifts (the C comparison is test_sass_shifts) */
    { "SHF.L.U32 R4, R8, 0x4, RZ", 'i', 0x10000001, 0, 0, 'i', 0x10 },
    { "SHF.R.S32.HI R4, RZ, 0x1f, R8", 'i', -5, 0, 0, 'i', 4294967295.0 },
    { "SHF.R.U32.HI R4, RZ, 0x1, R8", 'i', -8, 0, 0, 'i', 2147483644.0 },
    { "SHF.R.U32.HI R4, RZ, R10, R8", 'i', 0x80, 40, 0, 'i', 0 },                 /* clamped to 32 */
    /* byte permutes: selector nibbles pick bytes of (c:a); bit 3 replicates a sign */
    { "PRMT R4, R8, 0x3210, R10", 'i', 0x11223344, 0x55667788, 0, 'i', 0x11223344 },
    { "PRMT R4, R8, 0x5410, R10", 'i', 0x11223344, 0x55667788, 0, 'i', 0x77883344 },
    { "PRMT R4, R8, 0x7654, R10", 'i', 0x11223344, 0x55667788, 0, 'i', 0x55667788 },
    { "PRMT R4, R8, 0x0123, R10", 'i', 0x11223344, 0x55667788, 0, 'i', 0x44332211 },
    { "PRMT R4, R8, 0x8880, RZ", 'i', 0x12345680, 0, 0, 'i', 4294967168.0 },       /* sign-extends byte 0 */
    { "PRMT R4, R8, 0x8880, RZ", 'i', 0x1234567f, 0, 0, 'i', 0x7f },
    { "PRMT R4, R8, R12, R10", 'i', 0x11223344, 0x55667788, 0x4, 'i', 0x44444488 },
    /* bit masks and sign extension */
    { "BMSK R4, R8, R10", 'i', 4, 3, 0, 'i', 0x70 },
    { "BMSK R4, R8, R10", 'i', 0, 32, 0, 'i', 4294967295.0 },
    { "BMSK.W R4, R8, R10", 'i', 33, 34, 0, 'i', 6 },                            /* pos 1, width 2 */
    { "SGXT R4, R8, 0x8", 'i', 0x80, 0, 0, 'i', 4294967168.0 },
    { "SGXT R4, R8, 0x8", 'i', 0x17f, 0, 0, 'i', 0x7f },
    { "SGXT.U32 R4, R8, 0x8", 'i', 0x1ff, 0, 0, 'i', 0xff },
    /* sm_90's integer forms */
    { "VIADD R4, R8, 0xffffffff", 'i', 5, 0, 0, 'i', 4 },
    { "VIADD R4, R8, R10", 'i', 4294967295.0, 2, 0, 'i', 1 },
    { "VIMNMX R4, R8, R10, PT", 'i', -5, 3, 0, 'i', 4294967291.0 },
    { "VIMNMX.U32 R4, R8, R10, PT", 'i', -5, 3, 0, 'i', 3 },
    { "VIMNMX R4, R8, R10, !PT", 'i', -5, 3, 0, 'i', 3 },
    { "VIADDMNMX R4, R8, R10, R12, PT", 'i', 3, 4, 5, 'i', 5 },
    { "VIADDMNMX R4, R8, R10, R12, !PT", 'i', 3, 4, 5, 'i', 7 },
    { "VIADDMNMX R4, R8, R10, R12, PT", 'i', -10, 4, 5, 'i', 4294967290.0 },     /* signed: -6 */
    { "VIADDMNMX.U32 R4, R8, R10, R12, PT", 'i', -10, 4, 5, 'i', 5 },
    /* FP32 selects, checks, rounding */
    { "FSEL R4, R8, R10, PT", 'f', 1.5, -2, 0, 'f', 1.5 },
    { "FSEL R4, R8, R10, !PT", 'f', 1.5, -2, 0, 'f', -2 },
    { "FSEL R4, -R8, |R10|, !PT", 'f', 1.5, -2, 0, 'f', 2 },
    { "FCHK P0, R8, R10", 'f', 1, 3, 0, 'p', 0 },
    { "FCHK P0, R8, R10", 'f', -7.5, 1e-3, 0, 'p', 0 },
    { "FCHK P0, R8, R10", 'f', 1, 0, 0, 'p', 1 },                                /* zero divisor */
    { "FCHK P0, R8, R10", 'f', 1, 1e-40, 0, 'p', 1 },                            /* subnormal divisor */
    { "FCHK P0, R8, R10", 'f', 1, INFINITY, 0, 'p', 1 },
    { "FCHK P0, R8, R10", 'f', INFINITY, 2, 0, 'p', 1 },
    { "FCHK P0, R8, R10", 'f', NAN, 2, 0, 'p', 1 },
    { "FCHK P0, R8, R10", 'f', 1e30, 1e-10, 0, 'p', 1 },                         /* quotient overflows */
    { "FRND R4, R8", 'f', 2.5, 0, 0, 'f', 2 },
    { "FRND R4, R8", 'f', 3.5, 0, 0, 'f', 4 },
    { "FRND.FLOOR R4, R8", 'f', -2.5, 0, 0, 'f', -3 },
    { "FRND.CEIL R4, R8", 'f', -2.5, 0, 0, 'f', -2 },
    { "FRND.TRUNC R4, R8", 'f', -2.7, 0, 0, 'f', -2 },
    /* conversions, bit-exact: 16777217 is between two floats */
    { "I2F.U32 R4, R8", 'i', 16777217, 0, 0, 'i', 0x4b800000 },
    { "I2F.U32.RP R4, R8", 'i', 16777217, 0, 0, 'i', 0x4b800001 },               /* rounds up */
    { "I2F.U32.RP R4, R8", 'i', 16777216, 0, 0, 'i', 0x4b800000 },               /* exact: stays */
    { "I2F.U32.RM R4, R8", 'i', 16777219, 0, 0, 'i', 0x4b800001 },
    { "I2F.S32.RZ R4, R8", 'i', -16777219, 0, 0, 'i', 0xcb800001 },
    { "I2FP.F32.S32 R4, R8", 'i', -7, 0, 0, 'f', -7 },
    { "I2FP.F32.U32 R4, R8", 'i', 4294967295.0, 0, 0, 'f', 4294967296.0 },
    { "F2I.TRUNC.NTZ R4, R8", 'f', -2.7, 0, 0, 'i', 4294967294.0 },
    { "F2I.FLOOR.NTZ R4, R8", 'f', -2.5, 0, 0, 'i', 4294967293.0 },
    { "F2I.CEIL R4, R8", 'f', 2.1, 0, 0, 'i', 3 },
    { "F2I.U32.TRUNC.NTZ R4, R8", 'f', 3e9, 0, 0, 'i', 3000000000.0 },
    { "F2I.S64.F64.CEIL R4, R8", 'd', -1.5, 0, 0, 'l', -1 },
    /* NaN to an integer, as the H100 converts it (idioms.cu, kernels f2i, d2x):
     * 64-bit results 0x8000000000000000, 32-bit ones 0 from FP32 and
     * 0x80000000 from FP64 */
    { "F2I.S64 R4, R8", 'f', NAN, 0, 0, 'l', -9223372036854775808.0 },
    { "F2I.U64.TRUNC R4, R8", 'f', NAN, 0, 0, 'l', -9223372036854775808.0 },
    { "F2I.NTZ R4, R8", 'f', NAN, 0, 0, 'i', 0 },
    { "F2I.F64 R4, R8", 'd', NAN, 0, 0, 'i', 2147483648.0 },
    { "F2I.U32.F64.TRUNC R4, R8", 'd', NAN, 0, 0, 'i', 2147483648.0 },
    /* I2F of a byte or halfword reads the register's low bits ((float)(signed char)a) */
    { "I2F.S8 R4, R8", 'i', 0x1ff, 0, 0, 'f', -1 },
    { "I2F.U16 R4, R8", 'i', 0x12345, 0, 0, 'f', 0x2345 },
    /* F2F.F32.F64 rounds in its own direction (__double2float_rz); a NaN keeps its payload's top */
    { "F2F.F32.F64.RZ R4, R8", 'd', 0.1, 0, 0, 'i', 0x3dcccccc },
    { "F2F.F32.F64.RP R4, R8", 'd', -0.1, 0, 0, 'i', 0xbdcccccc },
    { "F2F.F32.F64 R4, R8", 'd', NAN, 0, 0, 'i', 0x7fc00000 },
    /* an FP32 NaN result is the canonical 0x7fffffff (idioms.cu, kernel fround) */
    { "FADD R4, R8, R10", 'f', NAN, 1, 0, 'i', 0x7fffffff },
    { "FMUL R4, R8, R10", 'f', INFINITY, 0, 0, 'i', 0x7fffffff },
    { "FRND.FLOOR R4, R8", 'f', NAN, 0, 0, 'i', 0x7fffffff },
    /* FTZ, SAT and directed rounding (bit-exact) */
    { "FADD R4, R8, R10", 'f', 0x1p-130, 0, 0, 'i', 0x80000 },                    /* a subnormal stays */
    { "FADD.FTZ R4, R8, R10", 'f', 0x1p-130, 0, 0, 'i', 0 },
    { "FMUL R4, R8, R10", 'f', 0x1p-70, 0x1p-70, 0, 'i', 512 },
    { "FMUL.FTZ R4, R8, R10", 'f', 0x1p-70, 0x1p-70, 0, 'i', 0 },
    { "FFMA.FTZ R4, R8, R10, R12", 'f', 0x1p-130, 1, 1, 'f', 1 },
    { "FADD.SAT R4, R8, R10", 'f', 0.75, 0.5, 0, 'f', 1 },
    { "FADD.SAT R4, R8, R10", 'f', -0.5, 0.25, 0, 'f', 0 },
    { "FMUL.SAT R4, R8, R10", 'f', 0.5, 0.5, 0, 'f', 0.25 },
    { "FADD R4, R8, R10", 'f', 1, 0x1p-30, 0, 'i', 0x3f800000 },
    { "FADD.RP R4, R8, R10", 'f', 1, 0x1p-30, 0, 'i', 0x3f800001 },
    { "FADD.RZ R4, R8, R10", 'f', -1, -0x1p-30, 0, 'i', 0xbf800000 },
    { "FADD.RM R4, R8, R10", 'f', -1, -0x1p-30, 0, 'i', 0xbf800001 },
    { "FFMA.RP R4, R8, R10, R12", 'f', 1, 1, 0x1p-30, 'i', 0x3f800001 },
    { "FADD R4, R8, +INF", 'f', 1, 0, 0, 'i', 0x7f800000 },
    /* unordered compares with NaN */
    { "FSETP.GEU.AND P0, PT, R8, R10, PT", 'f', NAN, 1, 0, 'p', 1 },
    { "FSETP.GE.AND P0, PT, R8, R10, PT", 'f', NAN, 1, 0, 'p', 0 },
    { "FSETP.GEU.AND P0, PT, R8, R10, PT", 'f', 0, 1, 0, 'p', 0 },
    { "FSETP.NEU.AND P0, PT, R8, R10, PT", 'f', NAN, NAN, 0, 'p', 1 },
    { "FSETP.NE.AND P0, PT, R8, R10, PT", 'f', NAN, 1, 0, 'p', 0 },
    { "FSETP.NEU.AND P0, PT, R8, R10, PT", 'f', 1, 1, 0, 'p', 0 },
    { "FSETP.LTU.AND P0, PT, R8, R10, PT", 'f', 2, 1, 0, 'p', 0 },
    { "FSETP.NAN.AND P0, PT, R8, R10, PT", 'f', 1, NAN, 0, 'p', 1 },
    { "FSETP.NAN.AND P0, PT, R8, R10, PT", 'f', 1, 2, 0, 'p', 0 },
    { "FSETP.NUM.AND P0, PT, R8, R10, PT", 'f', 1, 2, 0, 'p', 1 },
    { "FSETP.GT.FTZ.AND P0, PT, R8, R10, PT", 'f', 0x1p-130, 0, 0, 'p', 0 },      /* flushed: equal */
    { "FSETP.GT.AND P0, PT, R8, R10, PT", 'f', 0x1p-130, 0, 0, 'p', 1 },
    { "FMNMX.FTZ R4, R8, R10, !PT", 'f', 0x1p-130, 0, 0, 'i', 0 },
    { "FMNMX R4, R8, R10, !PT", 'f', 0x1p-130, 0, 0, 'i', 0x80000 },
    /* FP64 seeds from the high word */
    { "MUFU.RCP64H R4, R8", 'i', 0x40000000, 0, 0, 'i', 0x3fe00000 },             /* 1 / 2.0 */
    { "MUFU.RSQ64H R4, R8", 'i', 0x40100000, 0, 0, 'i', 0x3fe00000 },             /* 1 / sqrt(4.0) */
    /* FP16 pairs: the constant idiom (high half printed first), HADD2, HMUL2, HFMA2 */
    { "HFMA2.MMA R4, -RZ, RZ, 0, 2.384185791015625e-07", 'i', 0, 0, 0, 'i', 4 },
    { "HFMA2.MMA R4, -RZ, RZ, 4.6015625, 32", 'i', 0, 0, 0, 'i', 0x449a5000 },
    { "HFMA2 R4, -RZ, RZ, 1, 1", 'i', 0, 0, 0, 'i', 0x3c003c00 },
    { "HADD2 R4, R8, R10", 'i', 0x40003c00, 0x34003800, 0, 'i', 0x40803e00 },     /* (1, 2) + (0.5, 0.25) */
    { "HMUL2 R4, R8, R10", 'i', 0x40003c00, 0x34003800, 0, 'i', 0x38003800 },
    { "HFMA2 R4, R8, R10, R12", 'i', 0x40003c00, 0x34003800, 0x3c003c00, 'i', 0x3e003e00 },
    { "HADD2 R4, R8, -R10", 'i', 0x40003c00, 0x40003c00, 0, 'i', 0 },
    /* VABSDIFF: |a - b| + c, signed unless .U32 (__sad, __usad) */
    { "VABSDIFF R4, R8, R10, R12", 'i', -3, 4, 10, 'i', 17 },
    { "VABSDIFF.U32 R4, R8, R10, R12", 'i', 4294967293.0, 4, 10, 'i', 3 },   /* 0xfffffff9 + 10 wraps */
    { "VABSDIFF.U32 R4, R8, R10, RZ", 'i', 3, 10, 0, 'i', 7 },
    /* FLO.SH: the shift amount 31 - position (__clz); none: 0xffffffff */
    { "FLO.U32.SH R4, R8", 'i', 1, 0, 0, 'i', 31 },
    { "FLO.U32.SH R4, R8", 'i', 0x80000000u, 0, 0, 'i', 0 },
    { "FLO.U32.SH R4, R8", 'i', 0, 0, 0, 'i', 4294967295.0 },
    { "FLO.U32 R4, R8", 'i', 0x100, 0, 0, 'i', 8 },
};
const int sass_nrows = (int)(sizeof sass_rows / sizeof sass_rows[0]);

/* 64-bit values whose halves exercise carries, borrows and equal high words */
const uint64_t v64[] = {
    0, 1, 0xffffffffull, 0x100000000ull, 0x1ffffffffull, 0x7fffffffffffffffull, 0x8000000000000000ull,
    0xffffffffffffffffull, 0xfffffffe00000000ull, 0x123456789abcdef0ull, 0x1234567800000001ull, 0x12345678ffffffffull,
    0xffffffff00000000ull, 0x00000001ffffffffull, 0x8000000000000001ull, 0xfffffffffffffffeull,
};
const int nv64 = (int)(sizeof v64 / sizeof v64[0]);

/* texts of the tests below, for test_every_opcode_tested */
const char *const sass_texts[] = {
    "PLOP3.LUT P0, P1, P2, P3, PT, 0xa8, 0x2a", "VOTE.ANY R4, PT, P0", "VOTE.ALL R4, P1, P0",
    "VOTEU.ANY UR4, UPT, PT", "VOTEU.ALL UP1, P1", "R2UR UR4, R8", "UPOPC UR5, UR4", "UFLO.U32 UR5, UR4",
    "ULEA UR4, UP0, UR5, UR6, 0x2", "USHF.L.U32 UR4, UR5, 0x2, URZ", "ULOP3.LUT UR4, UR5, UR6, URZ, 0xfc, !UPT",
    "UPRMT UR4, UR5, 0x654, URZ", "UPLOP3.LUT UP0, UP2, UP1, UPT, UPT, 0x80, 0x8", "BSSY B0, k0", "BSYNC B0",
    "WARPSYNC 0xffffffff", "CALL.REL.NOINC k0", "RET.REL.NODEC R2", "NANOSLEEP 0x20", "YIELD",
    "ATOM.E.ADD.STRONG.GPU PT, R4, [R2.64], R8", "REDG.E.ADD.STRONG.GPU [R2.64], R8", "LD.E R4, [R2.64]",
    "ST.E [R2.64], R8", "LDGSTS.E [R5], [R2.64]", "LDGDEPBAR", "DEPBAR.LE SB0, 0x0", "FENCE.VIEW.ASYNC.S",
    "ERRBAR", "CGAERRBAR", "CCTL.IVALL", "REDUX.SUM UR4, R8", "MATCH.ANY R4, R8", "MATCH.ALL P0, R4, R8",
    "BREAK B1", "UIMAD.WIDE.U32 UR12, UR8, UR10, UR8", "CALL.ABS.NOINC 0x0", "BPT.TRAP 0x1", "LEPC R20, 0x100",
};
const int sass_ntexts = (int)(sizeof sass_texts / sizeof sass_texts[0]);

START_TEST(test_sass_table_ws32) { check_row(&sass_rows[_i], 32); }
END_TEST
START_TEST(test_sass_table_ws64) { check_row(&sass_rows[_i], 64); }
END_TEST



/* lane l holds the pair (v64[l % 16], v64[(7 l + l / 16) % 16]): both orders, equal values */
static void load_pairs(isa_warp_regs *w)
{
    for (int l = 0; l < 32; l++) { setl64(w, 8, l, v64[l % nv64]); setl64(w, 10, l, v64[(l * 7 + l / 16) % nv64]); }
}

/* nvcc's 64-bit add, subtract, multiply and compare chains against C */
START_TEST(test_sass_64bit_chains)
{
    isa_warp_regs w;
    isa_result res;
    for (int round = 0; round < 2; round++) {
        isa_warp_init(&w, 32, 16, 0xffffffffu);
        load_pairs(&w);
        if (round) for (int l = 0; l < 32; l++) setl64(&w, 10, l, v64[l % nv64] + (l & 1));  /* near-equal pairs */
        exec_text("IADD3 R4, P0, R8, R10, RZ", &w, 0xffffffffu, &res);
        exec_text("IADD3.X R5, R9, R11, RZ, P0, !PT", &w, 0xffffffffu, &res);
        for (int l = 0; l < 32; l++) ck_assert_uint_eq(get64(&w, 4, l), get64(&w, 8, l) + get64(&w, 10, l));
        /* x - y as nvcc writes it: IADD3 R2, P0, -R4, R2, RZ; IADD3.X R3, ~R5, R3, RZ, P0, !PT */
        exec_text("IADD3 R4, P0, -R10, R8, RZ", &w, 0xffffffffu, &res);
        exec_text("IADD3.X R5, ~R11, R9, RZ, P0, !PT", &w, 0xffffffffu, &res);
        for (int l = 0; l < 32; l++)
            ck_assert_msg(get64(&w, 4, l) == get64(&w, 8, l) - get64(&w, 10, l), "lane %d: 0x%llx", l,
                          (unsigned long long)get64(&w, 4, l));
        /* 64 x 64 -> 64: IMAD.WIDE.U32 of the low words, then the cross terms */
        exec_text("IMAD.WIDE.U32 R4, R8, R10, RZ", &w, 0xffffffffu, &res);
        exec_text("IMAD R5, R8, R11, R5", &w, 0xffffffffu, &res);
        exec_text("IMAD R5, R9, R10, R5", &w, 0xffffffffu, &res);
        for (int l = 0; l < 32; l++) ck_assert_uint_eq(get64(&w, 4, l), get64(&w, 8, l) * get64(&w, 10, l));
        /* compares: the low words unsigned, then the high words .EX (signed or not) */
        static const char *const cmps[] = { "LT", "LE", "GT", "GE", "EQ", "NE" };
        for (int c = 0; c < 6; c++)
            for (int sign = 0; sign < 2; sign++) {
                char t1[96], t2[96];
                snprintf(t1, sizeof t1, "ISETP.%s.U32.AND P1, PT, R8, R10, PT", cmps[c]);
                snprintf(t2, sizeof t2, "ISETP.%s%s.AND.EX P0, PT, R9, R11, PT, P1", cmps[c], sign ? "" : ".U32");
                exec_text(t1, &w, 0xffffffffu, &res);
                exec_text(t2, &w, 0xffffffffu, &res);
                for (int l = 0; l < 32; l++) {
                    uint64_t a = get64(&w, 8, l), b = get64(&w, 10, l);
                    int lt = sign ? (int64_t)a < (int64_t)b : a < b, eq = a == b;
                    int want = c == 0 ? lt : c == 1 ? lt || eq : c == 2 ? !lt && !eq : c == 3 ? !lt : c == 4 ? eq : !eq;
                    ck_assert_msg((int)((w.preds[0] >> l) & 1) == want, "%s / %s lane %d: 0x%llx vs 0x%llx", t1, t2, l,
                                  (unsigned long long)a, (unsigned long long)b);
                }
            }
        isa_warp_free(&w);
    }
}
END_TEST

/* IMAD.WIDE.U32 with a carry out of the 64-bit sum, and the carry back in
 * (nvcc's 64 x 64 -> 128 high words: IMAD.WIDE.U32.X R, P0, ..., P0) */
START_TEST(test_sass_wide_carry)
{
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    set32(&w, 8, 0xffffffffu);
    set32(&w, 10, 0xffffffffu);
    set64(&w, 12, 0xffffffffffffffffull);
    exec_text("IMAD.WIDE.U32 R4, P0, R8, R10, R12", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(get64(&w, 4, 0), 0xfffffffe00000000ull);   /* (2^32-1)^2 + 2^64-1 mod 2^64 */
    ck_assert_uint_eq(w.preds[0], 0xffffffffu);                 /* it carried */
    set64(&w, 12, 1);
    exec_text("IMAD.WIDE.U32 R4, P0, R8, R10, R12", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(get64(&w, 4, 0), 0xfffffffe00000002ull);
    ck_assert_uint_eq(w.preds[0], 0);
    isa_warp_free(&w);
}
END_TEST

/* a warp whose registers live in its caller's words (a block slot keeps
 * them from block to block): a reset clears what the last block left and
 * the warp runs in them as in its own */
START_TEST(test_sass_warp_reset_in_callers_words)
{
    static uint32_t words[16 * 32];
    isa_warp_regs w;
    isa_result res;
    for (int i = 0; i < 16 * 32; i++) words[i] = 0xdeadbeefu;
    isa_warp_reset(&w, 32, 16, 0xffffu, words);
    ck_assert_ptr_eq(w.regs, words);
    for (int i = 0; i < 16 * 32; i++) ck_assert_uint_eq(words[i], 0);
    ck_assert_uint_eq(w.preds[ISA_PRED_PT], 0xffffu);             /* PT: the warp's lanes */
    set32(&w, 8, 5);
    exec_text("IADD3 R4, R8, R8, RZ", &w, 0xffffu, &res);
    ck_assert_uint_eq(words[4 * 32 + 3], 10);
    ck_assert_uint_eq(words[4 * 32 + 20], 0);                  /* lane 20 does not exist */
}
END_TEST

/* IMAD.HI's c is 64 bits wide: nvcc's unsigned division (a grid-stride
 * loop's trip count) refines its reciprocal r of d as IMAD.HI.U32 r', r, e,
 * R4 with R4 = 0 and R5 = r; the quotients come out exact for every d
 * tried, as on the GPU (tests/cuda/programs/managed.cu runs such a loop) */
START_TEST(test_sass_imad_hi_division)
{
    static const uint32_t ds[] = { 1, 3, 7, 256, 16384, 65537, 1000003, 0x7fffffffu, 0xfffffffbu };
    static const uint32_t ns[] = { 0, 1, 65535, 49151, 1234567, 0xffffffffu };
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    for (size_t i = 0; i < sizeof ds / sizeof ds[0]; i++)
        for (size_t j = 0; j < sizeof ns / sizeof ns[0]; j++) {
            uint32_t d = ds[i], n = ns[j];
            /* r = 2^32 / d from the float reciprocal, as nvcc computes it */
            float f = 1.0f / (float)d;
            uint32_t bits;
            memcpy(&bits, &f, 4);
            bits += 0x0ffffffeu;
            memcpy(&f, &bits, 4);
            uint32_t r = f >= 4294967296.0f ? 0xffffffffu : (uint32_t)f;
            set32(&w, 5, r);
            set32(&w, 4, 0);
            set32(&w, 9, (uint32_t)(0u - d) * r);                 /* e = -d * r */
            exec_text("IMAD.HI.U32 R2, R5, R9, R4", &w, 0xffffffffu, &res);
            uint32_t q = (uint32_t)(((uint64_t)get32(&w, 2, 0) * n) >> 32), rem = n - q * d;
            while (rem >= d) { q++; rem -= d; }                  /* nvcc's two corrections */
            ck_assert_msg(q == n / d && q - (uint32_t)(((uint64_t)get32(&w, 2, 0) * n) >> 32) <= 2,
                          "%u / %u: %u (refined reciprocal %u from %u)", n, d, q, get32(&w, 2, 0), r);
        }
    isa_warp_free(&w);
}
END_TEST

/* LEA / LEA.HI.X(.SX32): the 64-bit address base + index * 4, index negative */
START_TEST(test_sass_lea_address)
{
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    uint64_t base = 0x100000010ull;
    for (int l = 0; l < 32; l++) setl(&w, 8, l, (uint32_t)(l - 16));       /* index -16 .. 15 */
    set64(&w, 10, base);
    exec_text("LEA R4, P0, R8, R10, 0x2", &w, 0xffffffffu, &res);
    exec_text("LEA.HI.X.SX32 R5, R8, R11, 0x2, P0", &w, 0xffffffffu, &res);
    for (int l = 0; l < 32; l++) ck_assert_uint_eq(get64(&w, 4, l), base + (uint64_t)(int64_t)(l - 16) * 4);
    /* the same with the sign in a register (SHF.R.S32.HI R9, RZ, 0x1f, R8) */
    exec_text("SHF.R.S32.HI R9, RZ, 0x1f, R8", &w, 0xffffffffu, &res);
    exec_text("LEA R4, P0, R8, R10, 0x3", &w, 0xffffffffu, &res);
    exec_text("LEA.HI.X R5, R8, R11, R9, 0x3, P0", &w, 0xffffffffu, &res);
    for (int l = 0; l < 32; l++) ck_assert_uint_eq(get64(&w, 4, l), base + (uint64_t)(int64_t)(l - 16) * 8);
    isa_warp_free(&w);
}
END_TEST

/* SHF against C's shifts of 64-bit values, every count 0..63 */
START_TEST(test_sass_shifts)
{
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 64, 16, ~0ull);
    for (int v = 0; v < nv64; v++) {
        uint64_t x = v64[v];
        set64(&w, 8, x);
        for (int l = 0; l < 64; l++) setl(&w, 10, l, (uint32_t)l);
        exec_text("SHF.L.U64.HI R5, R8, R10, R9", &w, ~0ull, &res);
        exec_text("SHF.R.U64 R4, R8, R10, R9", &w, ~0ull, &res);
        exec_text("SHF.R.U32.HI R6, RZ, R10, R9", &w, ~0ull, &res);
        exec_text("SHF.R.S64 R7, R8, R10, R9", &w, ~0ull, &res);
        exec_text("SHF.R.S32.HI R12, RZ, R10, R9", &w, ~0ull, &res);
        exec_text("SHF.L.W.U32.HI R13, R8, R10, R9", &w, ~0ull, &res);
        exec_text("SHF.L.U32 R14, R8, R10, RZ", &w, ~0ull, &res);
        for (int n = 0; n < 64; n++) {
            ck_assert_msg(get32(&w, 5, n) == (uint32_t)((x << n) >> 32), "SHF.L.U64.HI 0x%llx << %d", (unsigned long long)x, n);
            ck_assert_msg(get32(&w, 4, n) == (uint32_t)(x >> n), "SHF.R.U64 0x%llx >> %d", (unsigned long long)x, n);
            ck_assert_uint_eq(get32(&w, 6, n), (uint32_t)((x >> n) >> 32));
            ck_assert_uint_eq(get32(&w, 7, n), (uint32_t)((int64_t)x >> n));
            ck_assert_uint_eq(get32(&w, 12, n), (uint32_t)(((int64_t)x >> n) >> 32));
            ck_assert_uint_eq(get32(&w, 13, n), (uint32_t)((x << (n & 31)) >> 32));
            ck_assert_uint_eq(get32(&w, 14, n), n < 32 ? (uint32_t)x << n : 0);
        }
    }
    isa_warp_free(&w);
}
END_TEST

/* F2I rounds to nearest even in nvcc's code, truncates in warpsim assembly */
START_TEST(test_sass_f2i_default)
{
    static const struct { float in; uint32_t sass, ours; } cases[] = {
        { 2.5f, 2, 2 }, { 3.5f, 4, 3 }, { -2.5f, 0xfffffffeu, 0xfffffffeu }, { 2.7f, 3, 2 }, { -2.7f, 0xfffffffdu, 0xfffffffeu },
    };
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        set32(&w, 8, fbits(cases[i].in));
        exec_text("F2I.NTZ R4, R8", &w, 1, &res);
        ck_assert_uint_eq(get32(&w, 4, 0), cases[i].ours);
        const isa_insn *in = assemble("F2I.NTZ R4, R8");
        prog.kernels[0].sass_arch = 90;
        isa_exec(&prog.kernels[0], in, &w, 1, &env, &res);
        ck_assert_msg(get32(&w, 4, 0) == cases[i].sass, "%g: 0x%x", cases[i].in, get32(&w, 4, 0));
    }
    isa_warp_free(&w);
}
END_TEST

/* I2F from 64 bits rounds once, exactly: through a double it would round
 * twice (2^60 + 2^36 + 1 is just over half a float ulp above 2^60; as a
 * double it is the tie 2^60 + 2^36, which rounds to even, down) */
START_TEST(test_sass_i2f_wide)
{
    static const struct { const char *text; uint64_t in; uint64_t want; int wide; } cases[] = {
        { "I2F.S64 R4, R8", (1ull << 60) + (1ull << 36) + 1, 0x5d800001u, 0 },
        { "I2F.S64 R4, R8", 0 - ((1ull << 60) + (1ull << 36) + 1), 0xdd800001u, 0 },
        { "I2F.S64.RM R4, R8", 0 - ((1ull << 60) + 1), 0xdd800001u, 0 },
        { "I2F.U64.RP R4, R8", (1ull << 60) + 1, 0x5d800001u, 0 },
        { "I2F.U64.RZ R4, R8", ~0ull, 0x5f7fffffu, 0 },
        { "I2F.F64.U64.RZ R4, R8", ~0ull, 0x43efffffffffffffull, 1 },
        { "I2F.F64.S64 R4, R8", (1ull << 62) + (1ull << 9) + 1, 0x43d0000000000001ull, 1 },
    };
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        set64(&w, 8, cases[i].in);
        exec_text(cases[i].text, &w, 1, &res);
        uint64_t got = cases[i].wide ? get64(&w, 4, 0) : get32(&w, 4, 0);
        ck_assert_msg(got == cases[i].want, "%s: 0x%llx", cases[i].text, (unsigned long long)got);
    }
    isa_warp_free(&w);
}
END_TEST

START_TEST(test_sass_plop3)
{
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    w.preds[2] = 0xf0f0f0f0u;
    w.preds[3] = 0xff00ff00u;
    w.preds[4] = 0xffff0000u;
    exec_text("PLOP3.LUT P0, P1, P2, P3, PT, 0xa8, 0x2a", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(w.preds[0], 0xf0f0f0f0u | 0xff00ff00u);          /* c & (a | b), c true */
    ck_assert_uint_eq(w.preds[1], ~(0xf0f0f0f0u & 0xff00ff00u) & 0xffffffffu);
    exec_text("PLOP3.LUT P0, PT, P2, P3, P4, 0x80, 0x0", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(w.preds[0], 0xf0f0f0f0u & 0xff00ff00u & 0xffff0000u);
    exec_text("PLOP3.LUT P0, PT, PT, PT, PT, 0x8, 0x0", &w, 0x0000ffffu, &res);
    ck_assert_uint_eq(w.preds[0], 0xf0000000u & 0xffff0000u);          /* inactive lanes keep theirs */
    isa_warp_free(&w);
}
END_TEST

void sem_sass_tests(TCase *tc)
{
    tcase_add_loop_test(tc, test_sass_table_ws32, 0, sass_nrows);
    tcase_add_loop_test(tc, test_sass_table_ws64, 0, sass_nrows);
    tcase_add_test(tc, test_sass_64bit_chains);
    tcase_add_test(tc, test_sass_wide_carry);
    tcase_add_test(tc, test_sass_imad_hi_division);
    tcase_add_test(tc, test_sass_lea_address);
    tcase_add_test(tc, test_sass_shifts);
    tcase_add_test(tc, test_sass_f2i_default);
    tcase_add_test(tc, test_sass_i2f_wide);
    tcase_add_test(tc, test_sass_plop3);
    tcase_add_test(tc, test_sass_warp_reset_in_callers_words);
    sem_sass_warp_tests(tc);
    sem_fast_tests(tc);
}
