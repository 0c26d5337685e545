/* tests/test_sem_fast.c — the fast paths of isa/ (sources without modifiers,
 * their lanes run with the operands resolved once: IADD3, IMAD, IMAD.WIDE,
 * DADD, DMUL, DFMA, ISETP; the checks of deferred global loads) against the general path (isa_exec_fast = 0) on random
 * registers, constants and active masks, warps of 32 and 64. Part of
 * tests/test_sem (tests/sem_world.h). */
#include <check.h>
#include <stdlib.h>
#include "sem_world.h"

static const char *const fast_texts[] = {
    "IADD3 R4, R8, R10, R12",
    "IADD3 R4, P0, P1, R8, R10, R12",
    "IADD3 R4, P0, P1, R8, 0xfffffff0, c[0x0][0x160]",
    "IADD3 RZ, P0, P1, R8, R10, RZ",
    "IADD3 R4, P0, P1, R8, -R10, R12",            /* the general path on both */
    "IMAD R4, R8, R10, R12",
    "IMAD R4, P0, R8, 0x12345, R12",
    "IMAD R4, P0, R8, c[0x0][0x164], RZ",
    "IMAD.WIDE R4, R8, R10, R12",
    "IMAD.WIDE.U32 R4, P0, R8, R10, R12",
    "IMAD.WIDE R4, P0, R8, 0x4, c[0x0][0x168]",
    "IMAD.WIDE.U32 RZ, P0, R8, R10, R12",
    "DADD R4, R8, R10",
    "DADD.RZ R4, R8, c[0x0][0x168]",
    "DMUL R4, R8, R10",
    "DMUL.RM R4, R8, 2.5",
    "DFMA R4, R8, R10, R12",
    "DFMA.RP R4, R8, R10, -R12",                  /* the general path on both */
    "ISETP.LT.AND P2, P3, R8, R10, PT",
    "ISETP.LE.U32.OR P2, P3, R8, 0x7fffffff, P1",
    "ISETP.GT.XOR P2, PT, R8, c[0x0][0x160], !P0",
    "ISETP.GE.U32.AND P2, P3, R8, RZ, P1",
    "ISETP.EQ.OR P2, P3, R8, R10, !P1",
    "ISETP.EQ.AND P2, P3, R8, R8, PT",
    "ISETP.NE.U32.AND P2, P3, R8, R10, PT",
    "ISETP.GE.AND P2, P3, R8, -0x80000000, PT",
    "ISETP.GT.U32.AND.EX P2, P3, R8, R10, PT, P1",  /* the general path on both */
    "FADD R4, R8, R10",
    "FADD R4, -R8, |R10|",
    "FMUL R4, R8, c[0x0][0x160]",
    "FMUL R4, R8, 0.5",
    "FFMA R4, R8, R10, R12",
    "FFMA R4, R8, -R10, -R12",
    "FFMA RZ, R8, R10, R12",
    "FADD.FTZ R4, R8, R10",                       /* the general path on both */
    "FFMA.SAT R4, R8, R10, R12",                  /* the general path on both */
    "FMUL.RZ R4, R8, R10",                        /* the general path on both */
};

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint32_t rnd32(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)rng_state;
}

/* registers of random values: ints near the carry boundaries, doubles */
static void randomize(isa_warp_regs *w, uint64_t lanes)
{
    for (int r = 0; r < w->nregs; r++)
        for (int l = 0; l < w->warp_size; l++) {
            uint32_t v = rnd32();
            setl(w, r, l, (rnd32() & 3) == 0 ? 0xffffffffu - (v & 15) : v);
        }
    /* doubles, and among them NaNs of two payloads (which one a result
     * keeps depends on the operands' order), infinities (inf - inf and
     * 0 x inf make a NaN of their own) and zeros of both signs */
    static const uint64_t special[] = { 0x7ff8000000000123ull, 0xfff4000000000456ull, 0x7ff0000000000000ull,
                                        0xfff0000000000000ull, 0, 0x8000000000000000ull };
    for (int r = 8; r < 14; r += 2)
        for (int l = 0; l < w->warp_size; l++) {
            uint32_t pick = rnd32();
            if (pick % 4 == 0) setl64(w, r, l, special[pick / 4 % 6]);
            else if (pick & 1) setl64(w, r, l, dbits(((int32_t)rnd32()) / 1024.0));
        }
    w->preds[0] = ((uint64_t)rnd32() << 32 | rnd32()) & lanes;
    w->preds[1] = ((uint64_t)rnd32() << 32 | rnd32()) & lanes;
}

static void compare_paths(const char *text, int ws)
{
    uint64_t lanes = ws == 64 ? ~0ull : 0xffffffffull;
    isa_warp_regs fast, slow;
    isa_result rf, rs;
    isa_warp_init(&fast, ws, 16, lanes);
    isa_warp_init(&slow, ws, 16, lanes);
    for (int round = 0; round < 20; round++) {
        randomize(&fast, lanes);
        memcpy(slow.regs, fast.regs, (size_t)16 * (size_t)ws * 4);
        memcpy(slow.preds, fast.preds, sizeof slow.preds);
        uint64_t active = round ? ((uint64_t)rnd32() << 32 | rnd32()) & lanes : lanes;
        memcpy(cbank + ISA_PARAM_BASE, (uint32_t[4]){ rnd32(), rnd32(), rnd32(), rnd32() }, 16);
        isa_exec_fast = 1;
        exec_text(text, &fast, active, &rf);
        isa_exec_fast = 0;
        exec_text(text, &slow, active, &rs);
        isa_exec_fast = 1;
        ck_assert_msg(!memcmp(fast.regs, slow.regs, (size_t)16 * (size_t)ws * 4), "%s: registers differ (warp %d)", text, ws);
        ck_assert_msg(!memcmp(fast.preds, slow.preds, sizeof fast.preds), "%s: predicates differ (warp %d)", text, ws);
    }
    isa_warp_free(&fast);
    isa_warp_free(&slow);
}

/* deferred global loads (isa_env.defer_global): the checks of the fast
 * path (addresses resolved once, lanes inside isa_env.checked not asked)
 * against the general path's, on addresses in and out of the checked span,
 * outside memory and misaligned: the same addresses kept, the same fault;
 * then the values both paths of isa_commit_global load */
static const char *const check_texts[] = {
    "LDG.E R4, [R2.64]",
    "LDG.E.64 R4, [R2.64+0x8]",
    "LDG.E.U8 R4, [R2.64+0x3]",
    "LDG.E.S16 R4, [R2.64+0x2]",
    "LDG.E.128 R4, [R2.64+0x10]",
    "LDG.E R4, [R2.64+UR4+-0x4]",
    "LDG.E R4, [R2]",
    "LD.E R4, [R2.64]",
};

static void random_addresses(isa_warp_regs *w, int round)
{
    for (int l = 0; l < w->warp_size; l++) {
        uint64_t a = GBASE + (uint64_t)(rnd32() % 4200u) / 16 * 16;
        if (round % 4 == 1 && (rnd32() & 7) == 0) a += rnd32() & 7;        /* misaligned */
        if (round % 4 == 2 && (rnd32() & 15) == 0) a = GBASE - 64;         /* outside memory */
        if (round % 4 == 3) a = GBASE + 1024 + (uint64_t)(rnd32() % 1024u) / 16 * 16;  /* all in the span */
        setl64(w, 2, l, a);
        for (int r = 4; r < 8; r++) setl(w, r, l, rnd32());
    }
    for (size_t b = 0; b < sizeof gmem; b++) gmem[b] = (uint8_t)rnd32();
    w->uregs[4] = 4;
}

static void compare_checks(const char *text, int ws)
{
    static const uint64_t span[2] = { GBASE + 512, GBASE + 3072 };
    uint64_t lanes = ws == 64 ? ~0ull : 0xffffffffull;
    isa_env later = env;
    later.defer_global = 1;
    later.checked = span;
    isa_warp_regs w;
    isa_warp_init(&w, ws, 16, lanes);
    static isa_result rf, rs;
    for (int round = 0; round < 40; round++) {
        random_addresses(&w, round);
        uint64_t active = round > 3 ? ((uint64_t)rnd32() << 32 | rnd32()) & lanes : lanes;
        const isa_insn *in = assemble(text);
        memset(&rf, 0xa5, sizeof rf);
        memset(&rs, 0xa5, sizeof rs);
        isa_exec_fast = 1;
        isa_exec(&prog.kernels[0], in, &w, active, &later, &rf);
        isa_exec_fast = 0;
        isa_exec(&prog.kernels[0], in, &w, active, &later, &rs);
        isa_exec_fast = 1;
        ck_assert_msg(rf.fault == rs.fault, "%s: fault %d, general %d (warp %d)", text, rf.fault, rs.fault, ws);
        if (rf.fault) {
            ck_assert_msg(rf.fault_lane == rs.fault_lane, "%s: fault lane %d, general %d (warp %d, round %d, fault %d)", text, rf.fault_lane, rs.fault_lane, ws, round, rf.fault);
            ck_assert_uint_eq(rf.fault_addr, rs.fault_addr);
        }
        ck_assert_msg(!memcmp(rf.addr, rs.addr, sizeof rf.addr), "%s: addresses differ (warp %d)", text, ws);
        ck_assert_uint_eq(rf.mem_size, rs.mem_size);
        ck_assert_uint_eq(rf.exec_mask, rs.exec_mask);
        if (rf.fault) continue;
        /* the values they load when committed: fast and general paths */
        isa_warp_regs wf = w;
        wf.regs = malloc((size_t)16 * (size_t)ws * 4);
        memcpy(wf.regs, w.regs, (size_t)16 * (size_t)ws * 4);
        isa_commit_global(&prog.kernels[0], in, &wf, &later, &rf);
        isa_exec_fast = 0;
        isa_commit_global(&prog.kernels[0], in, &w, &later, &rs);
        isa_exec_fast = 1;
        ck_assert_msg(!memcmp(wf.regs, w.regs, (size_t)16 * (size_t)ws * 4), "%s: loaded values differ (warp %d)", text, ws);
        free(wf.regs);
    }
    isa_warp_free(&w);
}

/* deferred loads committed through the environment's windows (64 bytes
 * here, so that a warp's lanes cross several): the fast path finds every
 * lane's bytes first and reads them after; it must load what the general
 * path loads (one lane at a time through access), fault alike, and ask the
 * environment for the same windows and accesses in the same order. Lanes
 * scattered over memory, some misaligned, some past its end. */
static char calls[2][4096];
static int ncalls[2], logging;
static void log_call(char kind, int lane)
{
    if (ncalls[logging] + 3 < (int)sizeof calls[0]) {
        calls[logging][ncalls[logging]++] = kind;
        calls[logging][ncalls[logging]++] = (char)lane;
    }
}
static int logged_mem(void *ctx, isa_space sp, int lane, uint64_t addr, void *buf, int size, int write)
{
    log_call(write == ISA_MEM_CHECK ? 'c' : 'm', lane);
    return env.mem(ctx, sp, lane, addr, buf, size, write);
}
static uint64_t small_epoch;
static int small_window(void *ctx, isa_space sp, int lane, uint64_t addr, isa_window *w)
{
    (void)ctx;
    log_call('w', lane);
    if (sp != SPACE_GLOBAL || addr < GBASE || addr - GBASE >= sizeof gmem) return 0;
    w->lo = GBASE + ((addr - GBASE) & ~(uint64_t)63);
    w->hi = w->lo + 64;
    w->data = gmem + (w->lo - GBASE);
    w->epoch = &small_epoch;
    return 1;
}

START_TEST(test_fast_commit_through_windows)
{
    static const char *const texts[] = { "LDG.E R4, [R2.64]", "LDG.E.64 R4, [R2.64+0x8]" };
    isa_env later = env;
    later.mem = logged_mem;
    later.window = small_window;
    later.defer_global = 1;
    for (size_t t = 0; t < sizeof texts / sizeof *texts; t++)
        for (int round = 0; round < 60; round++) {
            isa_warp_regs w[2];
            static isa_result res[2];
            for (int l = 0; l < 32; l++) {
                uint64_t a = GBASE + (uint64_t)(rnd32() % 4080u) / 8 * 8;
                if (round % 3 == 1 && (rnd32() & 7) == 0) a += 4;              /* misaligned for 8 bytes */
                if (round % 3 == 2 && (rnd32() & 7) == 0) a = GBASE + 4096 + 64;   /* past the end */
                if (round % 5 == 4) a = GBASE + 256 + (uint64_t)l * 4;         /* coalesced */
                for (int p = 0; p < 2; p++) {
                    if (!l) isa_warp_init(&w[p], 32, 16, 0xffffffffu);
                    setl64(&w[p], 2, l, a);
                }
            }
            for (size_t b = 0; b < sizeof gmem; b++) gmem[b] = (uint8_t)rnd32();
            uint64_t active = round & 1 ? ((uint64_t)rnd32() << 32 | rnd32()) & 0xffffffffu : 0xffffffffu;
            const isa_insn *in = assemble(texts[t]);
            isa_exec(&prog.kernels[0], in, &w[0], active, &later, &res[0]);
            res[0].fault = FAULT_NONE;   /* commit every lane, faulting ones too: both paths alike */
            res[1] = res[0];
            for (int p = 0; p < 2; p++) {
                logging = p;
                ncalls[p] = 0;
                isa_exec_fast = !p;
                isa_commit_global(&prog.kernels[0], in, &w[p], &later, &res[p]);
                isa_exec_fast = 1;
            }
            ck_assert_msg(!memcmp(w[0].regs, w[1].regs, (size_t)16 * 32 * 4), "%s round %d: loaded values differ", texts[t], round);
            ck_assert_msg(res[0].fault == res[1].fault && (!res[0].fault || (res[0].fault_lane == res[1].fault_lane
                          && res[0].fault_addr == res[1].fault_addr)), "%s round %d: faults differ", texts[t], round);
            ck_assert_msg(ncalls[0] == ncalls[1] && !memcmp(calls[0], calls[1], (size_t)ncalls[0]),
                          "%s round %d: the environment was asked other things", texts[t], round);
            ck_assert_int_gt(ncalls[0], 0);
            isa_warp_free(&w[0]);
            isa_warp_free(&w[1]);
        }
}
END_TEST

/* loads and stores executed at once (shared, local, global not deferred):
 * the fast paths (the address operand resolved once, the rows found once)
 * against the general path, on lanes scattered, misaligned, past the end
 * of memory, a destination that is also the address, uniform and scaled
 * addresses: the same registers, memory, addresses and fault */
static const char *const now_texts[] = {
    "LDS R4, [R2]", "LDS.64 R4, [R2+0x8]", "LDS.U8 R4, [R2+0x3]", "LDS.S16 R4, [R2+0x2]", "LDS.128 R4, [R2]",
    "LDS R2, [R2+0x4]", "LDS R4, [R2+UR4+0x4]", "LDS R4, [R3.X4]", "LDS.64 R4, [UR4+0x8]", "LDS RZ, [R2]",
    "LDG.E R4, [R6.64+0x4]", "LDG.E.64 R4, [R6.64]",
    "STS [R2+0x4], R8", "STS.64 [R2], R8", "STS.U8 [R2+0x1], R8", "STS [R3.X4], R9", "STG.E [R6.64+0x8], R8",
};

static void compare_now(const char *text, int ws)
{
    uint64_t lanes = ws == 64 ? ~0ull : 0xffffffffull;
    isa_warp_regs w[2];
    static isa_result res[2];
    for (int round = 0; round < 40; round++) {
        uint8_t g[2][sizeof gmem], sh[2][sizeof smem];
        uint64_t active = round > 3 ? ((uint64_t)rnd32() << 32 | rnd32()) & lanes : lanes;
        uint32_t fill = rnd32();
        for (int p = 0; p < 2; p++) {
            isa_warp_init(&w[p], ws, 16, lanes);
            rng_state = 0x1234567ull + (uint64_t)round;   /* both passes: the same world */
            for (int l = 0; l < ws; l++) {
                uint32_t sa = rnd32() % 240u / 8 * 8;
                if (round % 4 == 1 && (rnd32() & 7) == 0) sa += 2;          /* misaligned */
                if (round % 4 == 2 && (rnd32() & 15) == 0) sa = 256 + 8;    /* past shared memory */
                setl(&w[p], 2, l, sa);
                setl(&w[p], 3, l, rnd32() % 60u);
                setl64(&w[p], 6, l, GBASE + (uint64_t)(rnd32() % 4000u) / 8 * 8);
                for (int r = 8; r < 10; r++) setl(&w[p], r, l, rnd32());
            }
            w[p].uregs[4] = 16 + rnd32() % 8u * 4;
            for (size_t b = 0; b < sizeof gmem; b++) gmem[b] = (uint8_t)(b * 31 + fill);
            for (size_t b = 0; b < sizeof smem; b++) smem[b] = (uint8_t)(b * 7 + fill);
            memset(&res[p], 0xa5, sizeof res[p]);
            const isa_insn *in = assemble(text);   /* before prog.kernels is read: it makes them */
            isa_exec_fast = !p;
            isa_exec(&prog.kernels[0], in, &w[p], active, &env, &res[p]);
            isa_exec_fast = 1;
            memcpy(g[p], gmem, sizeof gmem);
            memcpy(sh[p], smem, sizeof smem);
        }
        ck_assert_msg(!memcmp(w[0].regs, w[1].regs, (size_t)16 * (size_t)ws * 4), "%s round %d: registers differ (warp %d)", text, round, ws);
        ck_assert_msg(!memcmp(g[0], g[1], sizeof gmem) && !memcmp(sh[0], sh[1], sizeof smem), "%s round %d: memory differs", text, round);
        ck_assert_msg(res[0].fault == res[1].fault, "%s round %d: fault %d, general %d", text, round, res[0].fault, res[1].fault);
        if (res[0].fault) {
            ck_assert_int_eq(res[0].fault_lane, res[1].fault_lane);
            ck_assert_uint_eq(res[0].fault_addr, res[1].fault_addr);
        }
        for (uint64_t m = active; m; m &= m - 1) {   /* the lanes that ran: up to the fault */
            int l = __builtin_ctzll(m);
            if (res[0].fault && l > res[0].fault_lane) break;
            ck_assert_msg(res[0].addr[l] == res[1].addr[l], "%s round %d: lane %d's address", text, round, l);
        }
        isa_warp_free(&w[0]);
        isa_warp_free(&w[1]);
    }
}

START_TEST(test_fast_now_match_general)
{
    for (size_t i = 0; i < sizeof now_texts / sizeof *now_texts; i++) {
        compare_now(now_texts[i], 32);
        compare_now(now_texts[i], 64);
    }
}
END_TEST

START_TEST(test_fast_checks_match_general)
{
    for (size_t i = 0; i < sizeof check_texts / sizeof *check_texts; i++) {
        compare_checks(check_texts[i], 32);
        compare_checks(check_texts[i], 64);
    }
}
END_TEST

START_TEST(test_fast_paths_match_general)
{
    for (size_t i = 0; i < sizeof fast_texts / sizeof *fast_texts; i++) {
        compare_paths(fast_texts[i], 32);
        compare_paths(fast_texts[i], 64);
    }
}
END_TEST

void sem_fast_tests(TCase *tc)
{
    tcase_add_test(tc, test_fast_paths_match_general);
    tcase_add_test(tc, test_fast_checks_match_general);
    tcase_add_test(tc, test_fast_commit_through_windows);
    tcase_add_test(tc, test_fast_now_match_general);
}
