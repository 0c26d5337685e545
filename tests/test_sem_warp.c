/* tests/test_sem_warp.c — the semantics of nvcc's warp forms (SHFL with its
 * clamp and segment operand, VOTE's ballot), the uniform datapath (VOTEU,
 * R2UR, UPOPC, UFLO, ULEA, USHF, ULOP3, UPRMT, UPLOP3, UIADD3 carries, UIMAD.WIDE,
 * UISETP .EX), REDUX and MATCH, control (BRA with a predicate operand, .U,
 * .DIV and .CONV with a mask, BREAK, CALL, RET
 * and its faults, the no-op barriers and hints) and memory (ATOMG/ATOM
 * with nvcc's leading PT, REDG, ATOMS.POPC.INC, generic LD/ST, LDGSTS,
 * LDC with a register index, [R2.64+UR4-4], [R+UR], [R.X4]). Part of
 * tests/test_sem (tests/sem_world.h). */
#include <check.h>
#include <stdio.h>
#include "sem_world.h"

/* nvcc's shuffles: SHFL.MODE P, d, a, b, c with c = clamp | segment mask << 8 */
START_TEST(test_sass_shfl)
{
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    for (int l = 0; l < 32; l++) { setl(&w, 2, l, 100u + (uint32_t)l); setl(&w, 4, l, (uint32_t)(l * 7) % 32); }
    exec_text("SHFL.BFLY PT, R3, R2, 0x1, 0x1f", &w, 0xffffffffu, &res);
    for (int l = 0; l < 32; l++) ck_assert_uint_eq(get32(&w, 3, l), 100u + (uint32_t)(l ^ 1));
    w.preds[0] = 0;
    exec_text("SHFL.DOWN P0, R3, R2, 0x10, 0x1f", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(w.preds[0], 0x0000ffffu);
    ck_assert_uint_eq(get32(&w, 3, 3), 119);
    ck_assert_uint_eq(get32(&w, 3, 20), 120);                         /* out of range: its own */
    exec_text("SHFL.IDX PT, R3, R2, R4, 0x1f", &w, 0xffffffffu, &res);
    for (int l = 0; l < 32; l++) ck_assert_uint_eq(get32(&w, 3, l), 100u + (uint32_t)(l * 7) % 32);
    exec_text("SHFL.UP P0, R3, R2, 0x1, RZ", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(w.preds[0], 0xfffffffeu);
    ck_assert_uint_eq(get32(&w, 3, 0), 100);
    ck_assert_uint_eq(get32(&w, 3, 9), 108);
    /* width 16 (__shfl_*_sync(..., 16)): c = 0x101f, .UP 0x1000 */
    exec_text("SHFL.IDX PT, R3, R2, 0x3, 0x101f", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(get32(&w, 3, 5), 103);
    ck_assert_uint_eq(get32(&w, 3, 21), 119);
    exec_text("SHFL.DOWN P0, R3, R2, 0x4, 0x101f", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(w.preds[0], 0x0fff0fffu);
    ck_assert_uint_eq(get32(&w, 3, 12), 112);                         /* 16 is another segment */
    ck_assert_uint_eq(get32(&w, 3, 16), 120);
    exec_text("SHFL.UP P0, R3, R2, 0x1, 0x1000", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(w.preds[0], 0xfffefffeu);
    ck_assert_uint_eq(get32(&w, 3, 16), 116);
    exec_text("SHFL.BFLY PT, R3, R2, 0x8, 0x181f", &w, 0xffffffffu, &res);   /* width 8: lane ^ 8 leaves it */
    ck_assert_uint_eq(get32(&w, 3, 2), 102);
    isa_warp_free(&w);
}
END_TEST

START_TEST(test_sass_votes_and_uniform)
{
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    w.preds[0] = 0x0000ff0fu;
    exec_text("VOTE.ANY R4, PT, P0", &w, 0x00ff00ffu, &res);
    ck_assert_uint_eq(get32(&w, 4, 0), 0x0000000fu);                  /* the ballot of the active lanes */
    ck_assert_uint_eq(get32(&w, 4, 16), 0x0000000fu);
    ck_assert_uint_eq(get32(&w, 4, 8), 0);                            /* inactive: untouched */
    exec_text("VOTE.ALL R4, P1, P0", &w, 0x0000000fu, &res);
    ck_assert_uint_eq(w.preds[1] & 0xf, 0xf);
    exec_text("VOTE.ALL R4, P1, P0", &w, 0x000000ffu, &res);
    ck_assert_uint_eq(w.preds[1] & 0xff, 0);
    exec_text("VOTEU.ANY UR4, UPT, PT", &w, 0x00ff00ffu, &res);
    ck_assert_uint_eq(w.uregs[4], 0x00ff00ffu);                       /* nvcc's active mask */
    w.preds[1] = 0x000000f0u;
    exec_text("VOTEU.ALL UP1, P1", &w, 0x000000f0u, &res);
    ck_assert_uint_eq((w.upreds >> 1) & 1, 1);
    exec_text("VOTEU.ALL UP1, P1", &w, 0x000000ffu, &res);
    ck_assert_uint_eq((w.upreds >> 1) & 1, 0);
    exec_text("VOTEU.ANY UR6, UP1, P1", &w, 0x0000000fu, &res);
    ck_assert_uint_eq((w.upreds >> 1) & 1, 0);
    ck_assert_uint_eq(w.uregs[6], 0);
    for (int l = 0; l < 32; l++) setl(&w, 8, l, 1000u + (uint32_t)l);
    exec_text("R2UR UR4, R8", &w, 0xfffffff0u, &res);
    ck_assert_uint_eq(w.uregs[4], 1004);                              /* the first active lane's */
    w.uregs[4] = 0xf0f0;
    exec_text("UPOPC UR5, UR4", &w, 1, &res);
    ck_assert_uint_eq(w.uregs[5], 8);
    w.uregs[4] = 0x100;
    exec_text("UFLO.U32 UR5, UR4", &w, 1, &res);
    ck_assert_uint_eq(w.uregs[5], 8);
    w.uregs[4] = 0;
    exec_text("UFLO.U32 UR5, UR4", &w, 1, &res);
    ck_assert_uint_eq(w.uregs[5], 0xffffffffu);
    w.uregs[5] = 0x3fffffff; w.uregs[6] = 4;
    exec_text("ULEA UR4, UP0, UR5, UR6, 0x2", &w, 1, &res);
    ck_assert_uint_eq(w.uregs[4], 0);
    ck_assert_uint_eq(w.upreds & 1, 1);
    w.uregs[5] = 3;
    exec_text("ULEA UR4, UR5, UR6, 0x4", &w, 1, &res);
    ck_assert_uint_eq(w.uregs[4], 52);
    w.uregs[5] = 0x80000003u;
    exec_text("USHF.L.U32 UR4, UR5, 0x2, URZ", &w, 1, &res);
    ck_assert_uint_eq(w.uregs[4], 12);
    exec_text("USHF.R.U32.HI UR4, URZ, 0x1, UR5", &w, 1, &res);
    ck_assert_uint_eq(w.uregs[4], 0x40000001u);
    exec_text("USHF.R.S32.HI UR4, URZ, 0x1f, UR5", &w, 1, &res);
    ck_assert_uint_eq(w.uregs[4], 0xffffffffu);
    w.uregs[5] = 12; w.uregs[6] = 10;
    exec_text("ULOP3.LUT UR4, UR5, UR6, URZ, 0xfc, !UPT", &w, 1, &res);
    ck_assert_uint_eq(w.uregs[4], 14);
    exec_text("ULOP3.LUT UR4, UR5, UR6, URZ, 0x3c, !UPT", &w, 1, &res);
    ck_assert_uint_eq(w.uregs[4], 6);
    w.uregs[5] = 3;
    exec_text("UPRMT UR4, UR5, 0x654, URZ", &w, 1, &res);            /* sm_90's shared window: CTA id in the top byte */
    ck_assert_uint_eq(w.uregs[4], 0x03000000u);
    for (int up1 = 0; up1 < 2; up1++) {
        w.upreds = (uint8_t)((w.upreds & ~2u) | (unsigned)up1 << 1);
        exec_text("UPLOP3.LUT UP0, UP2, UP1, UPT, UPT, 0x80, 0x8", &w, 1, &res);
        ck_assert_uint_eq(w.upreds & 1, (unsigned)up1);
        ck_assert_uint_eq((w.upreds >> 2) & 1, (unsigned)!up1);
    }
    /* UIADD3 carries: a 64-bit uniform add and subtract */
    for (int i = 0; i < nv64; i++) {
        uint64_t a = v64[i], b = v64[(i * 5 + 3) % nv64];
        w.uregs[8] = (uint32_t)a; w.uregs[9] = (uint32_t)(a >> 32);
        w.uregs[10] = (uint32_t)b; w.uregs[11] = (uint32_t)(b >> 32);
        exec_text("UIADD3 UR12, UP0, UR8, UR10, URZ", &w, 1, &res);
        exec_text("UIADD3.X UR13, UR9, UR11, URZ, UP0, !UPT", &w, 1, &res);
        ck_assert_uint_eq(w.uregs[12] | (uint64_t)w.uregs[13] << 32, a + b);
        exec_text("UIADD3 UR12, UP0, -UR10, UR8, URZ", &w, 1, &res);
        exec_text("UIADD3.X UR13, ~UR11, UR9, URZ, UP0, !UPT", &w, 1, &res);
        ck_assert_msg((w.uregs[12] | (uint64_t)w.uregs[13] << 32) == a - b, "0x%llx - 0x%llx", (unsigned long long)a,
                      (unsigned long long)b);
        exec_text("UISETP.GE.U32.AND UP1, UPT, UR8, UR10, UPT", &w, 1, &res);
        exec_text("UISETP.GE.AND.EX UP1, UPT, UR9, UR11, UPT, UP1", &w, 1, &res);
        ck_assert_uint_eq((w.upreds >> 1) & 1, (unsigned)((int64_t)a >= (int64_t)b));
        /* UIMAD.WIDE: 32 x 32 -> 64 plus a 64-bit uniform pair (nvcc's blockIdx * blockDim in size_t) */
        exec_text("UIMAD.WIDE.U32 UR12, UR8, UR10, UR8", &w, 1, &res);
        ck_assert_uint_eq(w.uregs[12] | (uint64_t)w.uregs[13] << 32, (a & 0xffffffffu) * (b & 0xffffffffu) + a);
        exec_text("UIMAD.WIDE UR12, UR8, UR10, URZ", &w, 1, &res);
        ck_assert_uint_eq(w.uregs[12] | (uint64_t)w.uregs[13] << 32,
                          (uint64_t)((int64_t)(int32_t)(uint32_t)a * (int64_t)(int32_t)(uint32_t)b));
    }
    isa_warp_free(&w);
}
END_TEST

/* REDUX (redux.sync) into a uniform register; MATCH.ANY / .ALL (match.sync) */
START_TEST(test_sass_redux_match)
{
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    for (int l = 0; l < 32; l++) setl(&w, 8, l, l == 3 ? 0xfffffff0u : 10u + (uint32_t)l);
    exec_text("REDUX.SUM UR4, R8", &w, 0x7u, &res);
    ck_assert_uint_eq(w.uregs[4], 10u + 11u + 12u);                    /* only the executing lanes */
    exec_text("REDUX.MIN UR4, R8", &w, 0xfu, &res);
    ck_assert_uint_eq(w.uregs[4], 10);                                /* unsigned */
    exec_text("REDUX.MIN.S32 UR4, R8", &w, 0xfu, &res);
    ck_assert_uint_eq(w.uregs[4], 0xfffffff0u);
    exec_text("REDUX.MAX UR4, R8", &w, 0xfu, &res);
    ck_assert_uint_eq(w.uregs[4], 0xfffffff0u);
    exec_text("REDUX.MAX.S32 UR4, R8", &w, 0xfu, &res);
    ck_assert_uint_eq(w.uregs[4], 12);
    exec_text("REDUX UR4, R8", &w, 0x6u, &res);                       /* no operation named: AND */
    ck_assert_uint_eq(w.uregs[4], 11u & 12u);
    exec_text("REDUX.OR UR4, R8", &w, 0x6u, &res);
    ck_assert_uint_eq(w.uregs[4], 11u | 12u);
    exec_text("REDUX.XOR UR4, R8", &w, 0x7u, &res);
    ck_assert_uint_eq(w.uregs[4], 10u ^ 11u ^ 12u);
    for (int l = 0; l < 32; l++) { setl(&w, 8, l, (uint32_t)l % 3); setl(&w, 9, l, l < 16 ? 0 : 1); }
    exec_text("MATCH.ANY R4, R8", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(get32(&w, 4, 0), 0x49249249u);
    ck_assert_uint_eq(get32(&w, 4, 4), 0x92492492u);
    exec_text("MATCH.ANY R4, R8", &w, 0xffu, &res);
    ck_assert_uint_eq(get32(&w, 4, 2), 0x24u);                        /* of the executing lanes */
    exec_text("MATCH.ANY.U64 R4, R8", &w, 0xffffffffu, &res);         /* the pair R9:R8 */
    ck_assert_uint_eq(get32(&w, 4, 0), 0x00009249u);
    ck_assert_uint_eq(get32(&w, 4, 16), 0x92490000u);
    w.preds[0] = 0;
    exec_text("MATCH.ALL P0, R4, R9", &w, 0xffffu, &res);
    ck_assert_uint_eq(get32(&w, 4, 5), 0xffffu);
    ck_assert_uint_eq(w.preds[0], 0xffffu);
    exec_text("MATCH.ALL P0, R4, R9", &w, 0x1ffffu, &res);
    ck_assert_uint_eq(get32(&w, 4, 5), 0);
    ck_assert_uint_eq(w.preds[0], 0);
    isa_warp_free(&w);
}
END_TEST

/* branches with a predicate operand, .DIV, CALL and RET */
START_TEST(test_sass_control)
{
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    w.preds[2] = 0x0f;
    exec_text("BRA !P2, k0", &w, 0xff, &res);
    ck_assert_uint_eq(res.taken_mask, 0xf0);
    ck_assert_int_eq(res.target, 0);
    exec_text("@P2 BRA P2, k0", &w, 0xff, &res);
    ck_assert_uint_eq(res.taken_mask, 0x0f);
    w.upreds |= 1;
    exec_text("BRA.U !UP0, k0", &w, 0xff, &res);
    ck_assert_uint_eq(res.taken_mask, 0);
    w.upreds &= (uint8_t)~1u;
    exec_text("BRA.U !UP0, k0", &w, 0xff, &res);
    ck_assert_uint_eq(res.taken_mask, 0xff);
    exec_text("BRA.DIV k0", &w, 0xffffffffu, &res);                  /* converged: falls through */
    ck_assert_uint_eq(res.taken_mask, 0);
    exec_text("BRA.DIV k0", &w, 0x0000ffffu, &res);
    ck_assert_uint_eq(res.taken_mask, 0x0000ffffu);
    /* with a mask (a uniform register): BRA.DIV when some lane of it is not active, .CONV when all are */
    w.uregs[4] = 0x0000ffffu;
    exec_text("BRA.DIV UR4, k0", &w, 0x0000ffffu, &res);
    ck_assert_uint_eq(res.taken_mask, 0);
    exec_text("BRA.DIV UR4, k0", &w, 0x000000ffu, &res);
    ck_assert_uint_eq(res.taken_mask, 0xffu);
    exec_text("BRA.CONV UR4, k0", &w, 0x0001ffffu, &res);
    ck_assert_uint_eq(res.taken_mask, 0x0001ffffu);
    exec_text("BRA.CONV UR4, k0", &w, 0x00007fffu, &res);
    ck_assert_uint_eq(res.taken_mask, 0);
    exec_text("BRA.CONV ~URZ, k0", &w, 0xffffffffu, &res);            /* every lane */
    ck_assert_uint_eq(res.taken_mask, 0xffffffffu);
    exec_text("BRA.CONV ~URZ, k0", &w, 0x7fffffffu, &res);
    ck_assert_uint_eq(res.taken_mask, 0);
    exec_text("CALL.REL.NOINC k0", &w, 0xf, &res);
    ck_assert_uint_eq(res.taken_mask, 0xf);
    ck_assert_int_eq(res.target, 0);
    /* RET to the byte address in R2: 0x10 is pc 1 (the EXIT after it) */
    set32(&w, 2, 0x10);
    exec_text("RET.REL.NODEC R2", &w, 0xff, &res);
    ck_assert_int_eq(res.fault, FAULT_NONE);
    ck_assert_uint_eq(res.taken_mask, 0xff);
    ck_assert_int_eq(res.target, 1);
    setl(&w, 2, 5, 0x0);
    exec_text("RET.REL.NODEC R2", &w, 0xff, &res);                   /* lanes disagree */
    ck_assert_int_eq(res.fault, FAULT_BAD_RETURN);
    ck_assert_int_eq(res.fault_lane, 5);
    exec_text("RET.REL.NODEC R2", &w, 0x1f, &res);                   /* lane 5 inactive: agree */
    ck_assert_int_eq(res.fault, FAULT_NONE);
    set32(&w, 2, 0x18);
    exec_text("RET.REL.NODEC R2", &w, 0xff, &res);                   /* not an instruction */
    ck_assert_int_eq(res.fault, FAULT_BAD_RETURN);
    set32(&w, 2, 0x200);
    exec_text("RET.REL.NODEC R2", &w, 0xff, &res);                   /* past the code */
    ck_assert_int_eq(res.fault, FAULT_BAD_RETURN);
    /* the device library: a CALL.ABS no environment runs faults at its
     * first lane; __trap names the first executing lane; LEPC's address;
     * NANOSLEEP's nanoseconds for the timing model, at most 1 ms */
    exec_text("CALL.ABS.NOINC 0x0", &w, 0xf0, &res);
    ck_assert_int_eq(res.fault, FAULT_CALL);
    ck_assert_int_eq(res.fault_lane, 4);
    exec_text("BPT.TRAP 0x1", &w, 0x60, &res);
    ck_assert_int_eq(res.fault, FAULT_TRAP);
    ck_assert_int_eq(res.fault_lane, 5);
    exec_text("LEPC R12, 0x100", &w, 0x3, &res);   /* the warp has 16 registers */
    ck_assert_uint_eq(get64(&w, 12, 1), 0x100);
    set32(&w, 6, 2000);
    setl(&w, 6, 1, 5000000);
    exec_text("NANOSLEEP R6", &w, 0x3, &res);
    ck_assert_uint_eq(res.addr[0], 2000);
    ck_assert_uint_eq(res.addr[1], 1000000);
    /* the hints and barriers change nothing */
    static const char *const quiet[] = { "BSSY B0, k0", "BSYNC B0", "WARPSYNC 0xffffffff", "WARPSYNC.ALL", "NANOSLEEP 0x20",
                                         "YIELD", "LDGDEPBAR", "DEPBAR.LE SB0, 0x0", "FENCE.VIEW.ASYNC.S", "ERRBAR",
                                         "CGAERRBAR", "CCTL.IVALL", "MEMBAR.SC.GPU", "BREAK B2" };
    for (size_t i = 0; i < sizeof quiet / sizeof quiet[0]; i++) {
        uint32_t before[16 * 32];
        memcpy(before, w.regs, sizeof before);
        exec_text(quiet[i], &w, 0xffffffffu, &res);
        ck_assert_msg(!res.taken_mask && !res.exited && !res.barrier && !res.is_mem && !res.fault, "%s", quiet[i]);
        ck_assert_msg(!memcmp(before, w.regs, sizeof before), "%s changed registers", quiet[i]);
    }
    isa_warp_free(&w);
}
END_TEST

/* generic and sm_90 memory forms, LDGSTS, register-indexed constants */
START_TEST(test_sass_memory)
{
    isa_warp_regs w;
    isa_result res;
    uint32_t v;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    memset(gmem, 0, sizeof gmem);
    memset(smem, 0, sizeof smem);
    set64(&w, 2, GBASE);
    set32(&w, 8, 3);
    exec_text("ATOMG.E.ADD.STRONG.GPU PT, R4, [R2.64], R8", &w, 0xffu, &res);
    ck_assert_uint_eq(get32(&w, 4, 5), 15);                           /* lanes in order: old values 0, 3, 6 ... */
    memcpy(&v, gmem, 4);
    ck_assert_uint_eq(v, 24);
    exec_text("ATOM.E.ADD.STRONG.GPU PT, R4, [R2.64], R8", &w, 0x3u, &res);
    ck_assert_uint_eq(get32(&w, 4, 1), 27);
    memcpy(&v, gmem, 4);
    ck_assert_uint_eq(v, 30);
    set32(&w, 10, 99);
    set32(&w, 8, 30);
    exec_text("ATOMG.E.CAS.STRONG.GPU PT, R4, [R2.64], R8, R10", &w, 0x3u, &res);
    memcpy(&v, gmem, 4);
    ck_assert_uint_eq(v, 99);
    ck_assert_uint_eq(get32(&w, 4, 1), 99);                            /* lane 1 saw lane 0's swap */
    set32(&w, 8, 2);
    exec_text("REDG.E.ADD.STRONG.GPU [R2.64], R8", &w, 0xfu, &res);
    memcpy(&v, gmem, 4);
    ck_assert_uint_eq(v, 107);
    ck_assert(res.is_mem && res.is_atomic);
    float f = 1.0f;
    memcpy(gmem + 4, &f, 4);
    set32(&w, 8, fbits(0.5f));
    exec_text("REDG.E.ADD.F32.FTZ.RN.STRONG.GPU [R2.64+0x4], R8", &w, 0x7u, &res);
    memcpy(&f, gmem + 4, 4);
    ck_assert(f == 2.5f);
    /* .DEC (atomicDec): old == 0 || old > a ? a : old - 1, lanes in order */
    v = 2; memcpy(gmem + 8, &v, 4);
    set32(&w, 8, 3);
    exec_text("REDG.E.DEC.STRONG.GPU [R2.64+0x8], R8", &w, 0xfu, &res);   /* 2, 1, 0, 3 -> 2 */
    memcpy(&v, gmem + 8, 4);
    ck_assert_uint_eq(v, 2);
    v = 9; memcpy(smem + 16, &v, 4);
    set32(&w, 1, 16);
    exec_text("ATOMS.DEC R4, [R1], R8", &w, 0x3u, &res);                  /* 9 > 3: 3, then 2 */
    ck_assert_uint_eq(get32(&w, 4, 0), 9);
    ck_assert_uint_eq(get32(&w, 4, 1), 3);
    memcpy(&v, smem + 16, 4);
    ck_assert_uint_eq(v, 2);
    /* ATOMS.CAST.SPIN: compare and store; d = 1 where it stored (lane 0), 0 elsewhere */
    set32(&w, 8, 2);
    set32(&w, 10, 40);
    exec_text("ATOMS.CAST.SPIN R4, [R1], R8, R10", &w, 0x3u, &res);
    ck_assert_uint_eq(get32(&w, 4, 0), 1);
    ck_assert_uint_eq(get32(&w, 4, 1), 0);
    memcpy(&v, smem + 16, 4);
    ck_assert_uint_eq(v, 40);
    uint64_t v64s = 0x100000007ull;
    memcpy(smem + 24, &v64s, 8);
    set32(&w, 1, 24);
    set64(&w, 8, 0x100000007ull);
    set64(&w, 10, 0x200000009ull);
    exec_text("ATOMS.CAST.SPIN.64 R4, [R1], R8, R10", &w, 0x1u, &res);
    ck_assert_uint_eq(get64(&w, 4, 0), 1);
    memcpy(&v64s, smem + 24, 8);
    ck_assert_uint_eq(v64s, 0x200000009ull);
    /* ATOMS.POPC.INC.32 without a data operand: each lane adds one */
    set32(&w, 1, 8);
    exec_text("ATOMS.POPC.INC.32 RZ, [R1+URZ]", &w, 0x00ff00ffu, &res);
    memcpy(&v, smem + 8, 4);
    ck_assert_uint_eq(v, 16);
    ck_assert_int_eq(res.mem_space, SPACE_SHARED);
    /* generic LD/ST reach global memory */
    for (int l = 0; l < 32; l++) setl64(&w, 2, l, GBASE + 64 + 8 * (uint64_t)l);
    for (int l = 0; l < 32; l++) setl64(&w, 8, l, 0xabc00000ull + (uint64_t)l);
    exec_text("ST.E.64 [R2.64], R8", &w, 0xffffffffu, &res);
    ck_assert_int_eq(res.mem_space, SPACE_GLOBAL);
    exec_text("LD.E R4, [R2.64]", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(get32(&w, 4, 31), 0xabc00000u + 31);
    exec_text("LD.E.64 R4, [R2.64+0x8]", &w, 0x1u, &res);
    ck_assert_uint_eq(get64(&w, 4, 0), 0xabc00001ull);
    /* [R2.64+UR4+-0x4]: register, uniform register and offset added */
    w.uregs[4] = 12;
    exec_text("LDG.E R4, [R2.64+UR4+-0x4]", &w, 0x1u, &res);
    ck_assert_uint_eq(get32(&w, 4, 0), 0xabc00001u);                  /* GBASE + 64 + 8 */
    ck_assert_uint_eq(res.addr[0], GBASE + 64 + 8);
    /* shared [R+UR] and [R.X4] */
    for (int i = 0; i < 64; i++) { v = 500u + (uint32_t)i; memcpy(smem + 4 * i, &v, 4); }
    for (int l = 0; l < 32; l++) { setl(&w, 11, l, (uint32_t)l); setl(&w, 12, l, 4 * (uint32_t)l); }
    w.uregs[4] = 16;
    exec_text("LDS R4, [R12+UR4]", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(get32(&w, 4, 7), 511);
    exec_text("LDS R4, [R11.X4]", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(get32(&w, 4, 9), 509);
    ck_assert_uint_eq(res.addr[9], 36);
    exec_text("LDS R4, [R11.X4+UR4+0x8]", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(get32(&w, 4, 9), 515);
    /* LDGSTS: global -> shared at issue, sizes .32 and .128 */
    for (size_t i = 0; i < 512; i++) gmem[1024 + i] = (uint8_t)(i * 3 + 1);
    memset(smem, 0, sizeof smem);
    for (int l = 0; l < 32; l++) { setl64(&w, 2, l, GBASE + 1024 + 4 * (uint64_t)l); setl(&w, 5, l, 4 * (uint32_t)l); }
    exec_text("LDGSTS.E [R5], [R2.64]", &w, 0xffffffffu, &res);
    ck_assert_int_eq(res.fault, FAULT_NONE);
    ck_assert(!memcmp(smem, gmem + 1024, 128));
    for (int l = 0; l < 32; l++) { setl64(&w, 2, l, GBASE + 1024 + 16 * (uint64_t)l); setl(&w, 5, l, 16 * (uint32_t)l); }
    memset(smem, 0, sizeof smem);
    exec_text("LDGSTS.E.BYPASS.LTC128B.128 [R5+0x10], [R2.64+0x10]", &w, 0x7fffu, &res);
    ck_assert(!memcmp(smem + 16, gmem + 1024 + 16, 15 * 16));
    ck_assert_uint_eq(smem[0], 0);
    exec_text("LDGSTS.E.128 [R5], [R2.64]", &w, 0xffffu << 16, &res);   /* lane 16: shared byte 256 */
    ck_assert_int_eq(res.fault, FAULT_SHARED_RANGE);
    ck_assert_int_eq(res.fault_lane, 16);
    /* LDC with a register index: each lane its own offset; beyond the bank reads 0 */
    for (int i = 0; i < 16; i++) cbank[0x10 + i] = (uint8_t)(0x40 + i);
    for (int l = 0; l < 32; l++) setl(&w, 3, l, 4 * (uint32_t)(l % 4));
    exec_text("LDC R4, c[0x0][R3+0x10]", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(get32(&w, 4, 1), 0x47464544u);
    ck_assert_uint_eq(get32(&w, 4, 6), 0x4b4a4948u);
    set32(&w, 3, 0x10000);
    exec_text("LDC R4, c[0x0][R3+0x10]", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(get32(&w, 4, 0), 0);
    /* LDC with one offset for every lane: read once, written to every
     * active lane's rows and to no other lane's */
    for (int i = 0; i < 16; i++) cbank[0x20 + i] = (uint8_t)(0x80 + i);
    set32(&w, 4, 0xdeadbeefu);
    set32(&w, 5, 0xdeadbeefu);
    exec_text("LDC.64 R4, c[0x0][0x20]", &w, 0xf0f0f0f0u, &res);
    for (int l = 0; l < 32; l++) {
        int on = (int)(0xf0f0f0f0u >> l & 1);
        ck_assert_uint_eq(get32(&w, 4, l), on ? 0x83828180u : 0xdeadbeefu);
        ck_assert_uint_eq(get32(&w, 5, l), on ? 0x87868584u : 0xdeadbeefu);
    }
    exec_text("LDC.S8 R4, c[0x0][0x21]", &w, 0xffffffffu, &res);
    for (int l = 0; l < 32; l++) ck_assert_uint_eq(get32(&w, 4, l), 0xffffff81u);
    exec_text("LDC.U16 R4, c[0x0][0x22]", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(get32(&w, 4, 31), 0x8382u);
    isa_warp_free(&w);
}
END_TEST

void sem_sass_warp_tests(TCase *tc)
{
    tcase_add_test(tc, test_sass_shfl);
    tcase_add_test(tc, test_sass_votes_and_uniform);
    tcase_add_test(tc, test_sass_redux_match);
    tcase_add_test(tc, test_sass_control);
    tcase_add_test(tc, test_sass_memory);
}
