/* tests/test_sem.c — functional semantics of every opcode, table-driven,
 * at warp sizes 32 and 64, plus masks, guards, memory, atomics, lane
 * exchange and uniform instructions. */
#include <check.h>
#include "check_main.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "sem_world.h"

/* ---- a tiny world for one warp ---- */
uint8_t gmem[4096], smem[256];
static uint8_t lmem[64][16];
static uint64_t clock_value = 0x123456789ull;

static int mem_cb(void *ctx, isa_space sp, int lane, uint64_t addr, void *buf, int size, int write)
{
    (void)ctx;
    uint8_t *base;
    uint64_t limit;
    if (sp == SPACE_GLOBAL) {
        if (addr < GBASE) return FAULT_OUT_OF_BOUNDS;
        addr -= GBASE; base = gmem; limit = sizeof gmem;
    } else if (sp == SPACE_SHARED) { base = smem; limit = sizeof smem; }
    else { base = lmem[lane]; limit = sizeof lmem[0]; }
    if (addr + (uint64_t)size > limit) return sp == SPACE_GLOBAL ? FAULT_OUT_OF_BOUNDS : FAULT_SHARED_RANGE;
    if (write == ISA_MEM_CHECK) return FAULT_NONE;
    if (write) memcpy(base + addr, buf, (size_t)size);
    else memcpy(buf, base + addr, (size_t)size);
    return FAULT_NONE;
}
static uint32_t sreg_cb(void *ctx, isa_sreg sr, int lane) { (void)ctx; return sr == SR_TID_X ? (uint32_t)lane + 100 : 7; }
static uint64_t clock_cb(void *ctx) { (void)ctx; return clock_value; }

uint8_t cbank[ISA_PARAM_BASE + 16];
const isa_env env = { NULL, mem_cb, sreg_cb, clock_cb, cbank, sizeof cbank, 0, NULL, NULL, NULL };

/* the same world, with global accesses deferred (isa_env.defer_global) */
static const isa_env env_later = { NULL, mem_cb, sreg_cb, clock_cb, cbank, sizeof cbank, 1, NULL, NULL, NULL };

isa_program prog;
static const char *kernel_head = ".kernel k\n.param p32 u32\n.param p64 u64\n.shared s 64\n";

/* assemble "text" as the first instruction of a kernel */
const isa_insn *assemble(const char *text)
{
    char src[512];
    snprintf(src, sizeof src, "%s  %s\n  EXIT\n.end\n", kernel_head, text);
    diag d;
    diag_init(&d);
    asm_free(&prog);
    int n = asm_text(&prog, "sem.sass", src, &d);
    ck_assert_msg(n == 0, "%s: %s", text, d.text);
    diag_free(&d);
    return &prog.kernels[0].code[0];
}

void exec_text(const char *text, isa_warp_regs *w, uint64_t active, isa_result *res)
{
    const isa_insn *in = assemble(text);
    isa_exec(&prog.kernels[0], in, w, active, &env, res);
}

/* ---- the table (sem_row: inputs in R8, R10, R12; result in R4 or P0) ---- */
static const sem_row rows[] = {
    { "IADD3 R4, R8, R10, R12", 'i', 1, 2, 3, 'i', 6 },
    { "IADD3 R4, R8, -R10, 5", 'i', 10, 3, 0, 'i', 12 },
    { "IADD3 R4, R8, R10, RZ", 'i', 4294967295.0, 2, 0, 'i', 1 },          /* wraps */
    { "IMAD R4, R8, R10, R12", 'i', 6, 7, 8, 'i', 50 },
    { "IMAD.WIDE R4, R8, 8, R10", 'i', -2, 1000, 0, 'l', 984 },             /* sign-extended */
    { "IMAD.WIDE.U32 R4, R8, 2, RZ", 'i', 4294967295.0, 0, 0, 'l', 8589934590.0 },
    { "IMUL R4, R8, R10", 'i', -3, 5, 0, 'i', 4294967281.0 },
    { "IMUL.HI R4, R8, R10", 'i', 65536, 65536 * 3, 0, 'i', 3 },
    { "IMUL.HI.U32 R4, R8, R10", 'i', 4294967295.0, 2, 0, 'i', 1 },
    { "IMUL24 R4, R8, R10", 'i', 0x1000003, 5, 0, 'i', 15 },                /* bits 23:0 only */
    { "IMNMX R4, R8, R10, PT", 'i', -5, 3, 0, 'i', 4294967291.0 },          /* signed min */
    { "IMNMX.U32 R4, R8, R10, PT", 'i', -5, 3, 0, 'i', 3 },                 /* unsigned min */
    { "IMNMX R4, R8, R10, !PT", 'i', -5, 3, 0, 'i', 3 },                    /* max */
    { "LOP.AND R4, R8, R10", 'i', 12, 10, 0, 'i', 8 },
    { "LOP.OR R4, R8, R10", 'i', 12, 10, 0, 'i', 14 },
    { "LOP.XOR R4, R8, R10", 'i', 12, 10, 0, 'i', 6 },
    { "LOP.NOT R4, R8", 'i', 0, 0, 0, 'i', 4294967295.0 },
    { "SHL R4, R8, 4", 'i', 3, 0, 0, 'i', 48 },
    { "SHL R4, R8, 40", 'i', 3, 0, 0, 'i', 0 },
    { "SHR R4, R8, 1", 'i', -8, 0, 0, 'i', 4294967292.0 },                  /* arithmetic */
    { "SHR.U32 R4, R8, 1", 'i', -8, 0, 0, 'i', 2147483644.0 },
    { "POPC R4, R8", 'i', 0xf0f0, 0, 0, 'i', 8 },
    { "FLO R4, R8", 'i', 0x100, 0, 0, 'i', 8 },
    { "FLO.U32 R4, R8", 'i', 0, 0, 0, 'i', 4294967295.0 },
    { "BREV R4, R8", 'i', 1, 0, 0, 'i', 2147483648.0 },
    { "SEL R4, R8, R10, PT", 'i', 1, 2, 0, 'i', 1 },
    { "SEL R4, R8, R10, !PT", 'i', 1, 2, 0, 'i', 2 },
    { "MOV R4, 0xdeadbeef", 'i', 0, 0, 0, 'i', 3735928559.0 },
    { "MOV R4, c[p32]", 'i', 0, 0, 0, 'i', 42 },
    { "IABS R4, R8", 'i', -17, 0, 0, 'i', 17 },
    { "LEA R4, R8, R10, 3", 'i', 5, 1, 0, 'i', 41 },
    { "ISETP.LT.AND P0, PT, R8, R10, PT", 'i', -1, 1, 0, 'p', 1 },
    { "ISETP.LT.U32.AND P0, PT, R8, R10, PT", 'i', -1, 1, 0, 'p', 0 },
    { "ISETP.EQ.OR P0, PT, R8, R10, PT", 'i', 1, 2, 0, 'p', 1 },
    { "ISETP.GE.XOR P0, PT, R8, R10, PT", 'i', 3, 2, 0, 'p', 0 },
    { "FADD R4, R8, R10", 'f', 1.5, 2.25, 0, 'f', 3.75 },
    { "FADD R4, R8, -R10", 'f', 1.5, 2.25, 0, 'f', -0.75 },
    { "FMUL R4, R8, 0.5", 'f', 3, 0, 0, 'f', 1.5 },
    { "FFMA R4, R8, R10, R12", 'f', 2, 3, 1, 'f', 7 },
    { "FMNMX R4, R8, R10, PT", 'f', 2, -3, 0, 'f', -3 },
    { "FMNMX R4, R8, R10, !PT", 'f', 2, -3, 0, 'f', 2 },
    { "FSETP.GT.AND P0, PT, R8, R10, PT", 'f', 2, 1, 0, 'p', 1 },
    { "FSETP.NE.AND P0, PT, R8, R8, PT", 'f', 2, 1, 0, 'p', 0 },
    { "MUFU.RCP R4, R8", 'f', 4, 0, 0, 'f', 0.25 },
    { "MUFU.RSQ R4, R8", 'f', 4, 0, 0, 'f', 0.5 },
    { "MUFU.SQRT R4, R8", 'f', 9, 0, 0, 'f', 3 },
    { "MUFU.SIN R4, R8", 'f', 0, 0, 0, 'f', 0 },
    { "MUFU.COS R4, R8", 'f', 0, 0, 0, 'f', 1 },
    { "MUFU.EX2 R4, R8", 'f', 3, 0, 0, 'f', 8 },
    { "MUFU.LG2 R4, R8", 'f', 8, 0, 0, 'f', 3 },
    { "I2F R4, R8", 'i', -3, 0, 0, 'f', -3 },
    { "I2F.F32.U32 R4, R8", 'i', 4294967295.0, 0, 0, 'f', 4294967296.0 },
    { "I2F.F64.S32 R4, R8", 'i', -7, 0, 0, 'd', -7 },
    { "F2I R4, R8", 'f', -2.75, 0, 0, 'i', 4294967294.0 },                   /* truncates to -2 */
    { "F2I.U32.F32 R4, R8", 'f', -5, 0, 0, 'i', 0 },                        /* saturates */
    { "F2I.S32.F64 R4, R8", 'd', 1e20, 0, 0, 'i', 2147483647.0 },
    { "F2F.F64.F32 R4, R8", 'f', 0.1f, 0, 0, 'd', (double)0.1f },
    { "F2F.F32.F64 R4, R8", 'd', 0.5, 0, 0, 'f', 0.5 },
    { "DADD R4, R8, R10", 'd', 0.1, 0.2, 0, 'd', 0.1 + 0.2 },
    { "DADD R4, R8, -1.5", 'd', 1, 0, 0, 'd', -0.5 },
    { "DMUL R4, R8, R10", 'd', 3, -0.5, 0, 'd', -1.5 },
    { "DFMA R4, R8, R10, R12", 'd', 2, 3, 0.5, 'd', 6.5 },
    { "DSETP.LE.AND P0, PT, R8, R10, PT", 'd', 2, 2, 0, 'p', 1 },
    { "IMAD.WIDE R4, R8, 1, c[p64]", 'i', 1, 0, 0, 'l', 0x1000000000ll + 1 },
};

static void load_inputs(isa_warp_regs *w, const sem_row *r)
{
    double v[3] = { r->a, r->b, r->c };
    for (int i = 0; i < 3; i++) {
        int reg = 8 + 2 * i;
        switch (r->in) {
        case 'i': set32(w, reg, (uint32_t)(int64_t)v[i]); break;
        case 'l': set64(w, reg, (uint64_t)(int64_t)v[i]); break;
        case 'f': set32(w, reg, fbits((float)v[i])); break;
        default: set64(w, reg, dbits(v[i])); break;
        }
    }
}

void check_row(const sem_row *r, int ws)
{
    isa_warp_regs w;
    uint64_t lanes = ws == 64 ? ~0ull : (1ull << ws) - 1;
    isa_warp_init(&w, ws, 16, lanes);
    uint32_t p32 = 42;
    uint64_t p64 = 0x1000000000ull;
    memcpy(cbank + ISA_PARAM_BASE, &p32, 4);
    memcpy(cbank + ISA_PARAM_BASE + 8, &p64, 8);
    load_inputs(&w, r);
    isa_result res;
    exec_text(r->text, &w, lanes, &res);
    for (int l = 0; l < ws; l++) {
        switch (r->out) {
        case 'i': ck_assert_msg(get32(&w, 4, l) == (uint32_t)(int64_t)r->expect, "%s (ws %d lane %d): 0x%x",
                                r->text, ws, l, get32(&w, 4, l)); break;
        case 'l': ck_assert_msg(get64(&w, 4, l) == (uint64_t)(int64_t)r->expect, "%s: 0x%llx", r->text,
                                (unsigned long long)get64(&w, 4, l)); break;
        case 'f': ck_assert_msg(fabsf(asf(get32(&w, 4, l)) - (float)r->expect) <= 1e-6f * fmaxf(1, fabsf((float)r->expect)),
                                "%s: %g", r->text, asf(get32(&w, 4, l))); break;
        case 'd': ck_assert_msg(asd(get64(&w, 4, l)) == r->expect, "%s: %.17g", r->text, asd(get64(&w, 4, l))); break;
        default: ck_assert_msg(((w.preds[0] >> l) & 1) == (uint64_t)r->expect, "%s: P0 lane %d", r->text, l); break;
        }
    }
    isa_warp_free(&w);
}

START_TEST(test_table_ws32) { check_row(&rows[_i], 32); }
END_TEST
START_TEST(test_table_ws64) { check_row(&rows[_i], 64); }
END_TEST

/* texts of the tests below, for the coverage check */
static const char *const other_texts[] = {
    "SHFL.IDX R4, R0, 3", "SHFL.UP R4, R0, 1", "SHFL.DOWN R4, R0, 1", "SHFL.BFLY R4, R0, 1",
    "VOTE.ALL P1, P0", "VOTE.ANY P1, P0", "VOTE.BALLOT R4, P0",
    "LDG.E.64 R4, [R2+8]", "STG.E [R2], R8", "LDS R4, [R1]", "STS [R1], R8", "LDL R4, [RZ+4]", "STL [RZ+4], R0",
    "LDC.64 R4, c[p64]", "ATOMG.E.ADD R4, [R2], 1", "RED.E.ADD [R2], R8", "ATOMS.ADD R4, [RZ], 1",
    "UMOV UR4, 5", "UIADD3 UR5, UR4, 2, URZ", "UIMAD UR6, UR5, 3, 1", "ULOP.XOR UR7, UR6, 1",
    "UISETP.GT.AND UP1, UPT, UR7, 20, UPT", "USEL UR8, UR4, UR5, UP1", "ULDC UR9, c[p32]", "S2UR UR10, SR_CTAID.X",
    "S2R R4, SR_TID.X", "CS2R R4, SR_CLOCKLO", "BRA k0", "EXIT", "BAR.SYNC", "MEMBAR.GL", "NOP",
};

START_TEST(test_guard_and_active_mask)
{
    for (int ws = 32; ws <= 64; ws += 32) {
        isa_warp_regs w;
        uint64_t lanes = ws == 64 ? ~0ull : (1ull << ws) - 1;
        isa_warp_init(&w, ws, 16, lanes);
        set32(&w, 4, 99);
        w.preds[1] = 0x5555555555555555ull & lanes;        /* even lanes */
        uint64_t active = lanes & ~0x2ull & ~0x4ull;        /* lanes 1 and 2 inactive */
        isa_result res;
        exec_text("@P1 MOV R4, 7", &w, active, &res);
        ck_assert_uint_eq(res.exec_mask, active & w.preds[1]);
        for (int l = 0; l < ws; l++)
            ck_assert_uint_eq(get32(&w, 4, l), (l % 2 == 0 && l != 2) ? 7u : 99u);
        exec_text("@!P1 MOV R4, 8", &w, active, &res);
        ck_assert_uint_eq(get32(&w, 4, 3), 8);
        ck_assert_uint_eq(get32(&w, 4, 1), 99);          /* inactive: untouched */
        /* predicate results are written only in executing lanes */
        w.preds[2] = 0;
        exec_text("ISETP.EQ.AND P2, PT, RZ, RZ, PT", &w, 0x1, &res);
        ck_assert_uint_eq(w.preds[2], 1);
        isa_warp_free(&w);
    }
}
END_TEST

START_TEST(test_shfl_and_vote)
{
    for (int ws = 32; ws <= 64; ws += 32) {
        isa_warp_regs w;
        uint64_t lanes = ws == 64 ? ~0ull : (1ull << ws) - 1;
        isa_warp_init(&w, ws, 16, lanes);
        for (int l = 0; l < ws; l++) w.regs[l] = (uint32_t)l * 10;   /* R0 = 10 * lane */
        isa_result res;
        exec_text("SHFL.IDX R4, R0, 3", &w, lanes, &res);
        for (int l = 0; l < ws; l++) ck_assert_uint_eq(get32(&w, 4, l), 30);
        exec_text("SHFL.UP R4, R0, 1", &w, lanes, &res);
        ck_assert_uint_eq(get32(&w, 4, 0), 0);
        ck_assert_uint_eq(get32(&w, 4, ws - 1), (uint32_t)(ws - 2) * 10);
        exec_text("SHFL.DOWN R4, R0, 1", &w, lanes, &res);
        ck_assert_uint_eq(get32(&w, 4, 0), 10);
        ck_assert_uint_eq(get32(&w, 4, ws - 1), (uint32_t)(ws - 1) * 10);   /* out of range: own value */
        exec_text("SHFL.BFLY R4, R0, 1", &w, lanes, &res);
        ck_assert_uint_eq(get32(&w, 4, 6), 70);
        exec_text("SHFL.DOWN R0, R0, 32", &w, lanes, &res);                  /* in place */
        ck_assert_uint_eq(get32(&w, 0, 0), ws == 64 ? 320 : 0);
        w.preds[0] = lanes & ~1ull;
        exec_text("VOTE.ALL P1, P0", &w, lanes, &res);
        ck_assert_uint_eq(w.preds[1], 0);
        exec_text("VOTE.ALL P1, P0", &w, lanes & ~1ull, &res);
        ck_assert_uint_eq(w.preds[1], lanes & ~1ull);
        exec_text("VOTE.ANY P1, P0", &w, 1, &res);
        ck_assert_uint_eq(w.preds[1] & 1, 0);
        exec_text("VOTE.BALLOT R4, P0", &w, lanes, &res);
        ck_assert_uint_eq(get64(&w, 4, 5), lanes & ~1ull);
        isa_warp_free(&w);
    }
}
END_TEST

START_TEST(test_memory_sizes_and_faults)
{
    isa_warp_regs w;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    memset(gmem, 0, sizeof gmem);
    for (int i = 0; i < 32; i++) gmem[i] = (uint8_t)(0xf0 + i);
    set64(&w, 2, GBASE);
    isa_result res;
    static const struct { const char *text; uint32_t r4, r5; } loads[] = {
        { "LDG.E.U8 R4, [R2]", 0xf0, 0 }, { "LDG.E.S8 R4, [R2]", 0xfffffff0u, 0 },
        { "LDG.E.U16 R4, [R2+2]", 0xf3f2, 0 }, { "LDG.E.S16 R4, [R2+2]", 0xfffff3f2u, 0 },
        { "LDG.E R4, [R2+4]", 0xf7f6f5f4u, 0 }, { "LDG.E.64 R4, [R2+8]", 0xfbfaf9f8u, 0xfffefdfcu },
    };
    for (size_t i = 0; i < sizeof loads / sizeof loads[0]; i++) {
        exec_text(loads[i].text, &w, 1, &res);
        ck_assert_int_eq(res.fault, FAULT_NONE);
        ck_assert_msg(get32(&w, 4, 0) == loads[i].r4, "%s: 0x%x", loads[i].text, get32(&w, 4, 0));
        if (strstr(loads[i].text, ".64")) ck_assert_uint_eq(get32(&w, 5, 0), loads[i].r5);
    }
    exec_text("LDG.E.128 R4, [R2+16]", &w, 1, &res);
    ck_assert_uint_eq(get32(&w, 7, 0), 0x0f0e0d0cu);        /* bytes 28..31 wrapped */
    /* stores: per lane, 4-byte words */
    for (int l = 0; l < 32; l++) { w.regs[2 * 32 + l] = (uint32_t)(GBASE + 64 + 4 * l); w.regs[3 * 32 + l] = (uint32_t)(GBASE >> 32); }
    set32(&w, 8, 0xabcd);
    exec_text("STG.E [R2], R8", &w, 0xffffffffu, &res);
    ck_assert(res.is_mem && res.is_store);
    uint32_t v;
    memcpy(&v, gmem + 64 + 4 * 31, 4);
    ck_assert_uint_eq(v, 0xabcd);
    ck_assert_uint_eq(res.addr[31], GBASE + 64 + 124);
    /* faults */
    set64(&w, 2, GBASE + 2);
    exec_text("LDG.E R4, [R2]", &w, 1, &res);
    ck_assert_int_eq(res.fault, FAULT_MISALIGNED);
    set64(&w, 2, 16);
    exec_text("LDG.E R4, [R2]", &w, 0x8, &res);
    ck_assert_int_eq(res.fault, FAULT_OUT_OF_BOUNDS);
    ck_assert_int_eq(res.fault_lane, 3);
    /* shared and local */
    set32(&w, 1, 8);
    set32(&w, 8, 77);
    exec_text("STS [R1], R8", &w, 1, &res);
    exec_text("LDS R4, [R1]", &w, 2, &res);
    ck_assert_uint_eq(get32(&w, 4, 1), 77);
    set32(&w, 1, 256);
    exec_text("LDS R4, [R1]", &w, 1, &res);
    ck_assert_int_eq(res.fault, FAULT_SHARED_RANGE);
    for (int l = 0; l < 32; l++) w.regs[l] = (uint32_t)l;
    exec_text("STL [RZ+4], R0", &w, 0xffffffffu, &res);
    exec_text("LDL R4, [RZ+4]", &w, 0xffffffffu, &res);
    ck_assert_uint_eq(get32(&w, 4, 9), 9);                 /* each lane its own local memory */
    uint64_t p64 = 0x1122334455667788ull;
    memcpy(cbank + ISA_PARAM_BASE + 8, &p64, 8);
    exec_text("LDC.64 R4, c[p64]", &w, 1, &res);
    ck_assert_uint_eq(get64(&w, 4, 0), p64);
    isa_warp_free(&w);
}
END_TEST

/* a deferred global access leaves memory and registers alone until it is
 * committed, then gives what executing it at once gave, even when its
 * address and data registers were overwritten in between */
START_TEST(test_deferred_global)
{
    static const char *const texts[] = {
        "LDG.E.64 R4, [R2+0x8]", "LDG.E.S8 R4, [R2+0x3]", "LDG.E.S16 R4, [R2+0x2]", "LDG.E.128 R4, [R2+0x10]",
        "STG.E.64 [R2+0x8], R8", "STG.E.128 [R2+0x10], R8", "STG.E.U8 [R2+0x5], R8",
        "ATOMG.E.ADD R4, [R2], R8", "ATOMG.E.CAS R4, [R2+0x4], R8, R10", "ATOMG.E.EXCH.64 R4, [R2+0x8], R8",
        "RED.E.ADD [R2], R8", "RED.E.MAX.S32 [R2+0x4], R8",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        uint8_t now_mem[sizeof gmem];
        isa_warp_regs w[2];
        isa_result res;
        for (int pass = 0; pass < 2; pass++) {
            for (size_t b = 0; b < sizeof gmem; b++) gmem[b] = (uint8_t)(b * 37 + 0x91);
            isa_warp_init(&w[pass], 32, 16, 0xffffffffu);
            set64(&w[pass], 2, GBASE + 0x40);
            for (int r = 4; r < 12; r++) set32(&w[pass], r, 0x80000000u + (uint32_t)r * 0x1111u);
            set32(&w[pass], 8, 0x40404040u);   /* the CAS compare hits once: lanes in order */
            const isa_insn *in = assemble(texts[i]);
            if (pass == 0) {
                isa_exec(&prog.kernels[0], in, &w[0], 0x8000ffffu, &env, &res);
                memcpy(now_mem, gmem, sizeof gmem);
                continue;
            }
            uint8_t before[sizeof gmem];
            memcpy(before, gmem, sizeof gmem);
            isa_exec(&prog.kernels[0], in, &w[1], 0x8000ffffu, &env_later, &res);
            ck_assert_msg(!res.fault && res.is_mem, "%s", texts[i]);
            ck_assert_msg(!memcmp(before, gmem, sizeof gmem), "%s: deferred but memory changed", texts[i]);
            ck_assert_msg(isa_defers(in), "%s", texts[i]);
            ck_assert_uint_eq(get32(&w[1], 4, 0), 0x80000000u + 4 * 0x1111u);
            /* a later instruction of the warp overwrites the address and data */
            set64(&w[1], 2, 0);
            set32(&w[1], 8, 7);
            set32(&w[1], 9, 7);
            isa_commit_global(&prog.kernels[0], in, &w[1], &env, &res);
            set64(&w[1], 2, GBASE + 0x40);
            set32(&w[1], 8, 0x40404040u);
            set32(&w[1], 9, 0x80000000u + 9 * 0x1111u);
        }
        ck_assert_msg(!memcmp(now_mem, gmem, sizeof gmem), "%s: memory differs after the commit", texts[i]);
        ck_assert_msg(!memcmp(w[0].regs, w[1].regs, 16 * 32 * sizeof(uint32_t)), "%s: registers differ", texts[i]);
        isa_warp_free(&w[0]);
        isa_warp_free(&w[1]);
    }
    /* shared and local accesses are never deferred */
    ck_assert(!isa_defers(assemble("LDS R4, [R2]")));
    ck_assert(!isa_defers(assemble("STL [R2], R4")));
}
END_TEST

/* windows of 64 bytes of global memory (so a warp crosses several) and the
 * whole of shared memory; none for local memory */
static uint64_t window_epoch;
static int window_calls;
static int window_cb(void *ctx, isa_space sp, int lane, uint64_t addr, isa_window *w)
{
    (void)ctx; (void)lane;
    window_calls++;
    if (sp == SPACE_GLOBAL) {
        if (addr < GBASE || addr - GBASE >= sizeof gmem) return 0;
        w->lo = GBASE + ((addr - GBASE) & ~(uint64_t)63);
        w->hi = w->lo + 64;
        w->data = gmem + (w->lo - GBASE);
    } else if (sp == SPACE_SHARED && addr < sizeof smem) {
        w->lo = 0; w->hi = sizeof smem; w->data = smem;
    } else return 0;
    w->epoch = &window_epoch;
    return 1;
}
static const isa_env env_window = { NULL, mem_cb, sreg_cb, clock_cb, cbank, sizeof cbank, 0, window_cb, NULL, NULL };

/* accesses through the environment's windows read and write what
 * isa_env.mem would, fault alike at the end of memory, and count each
 * write that changes memory once */
START_TEST(test_windowed_access)
{
    static const char *const texts[] = {
        "LDG.E.64 R4, [R2+0x8]", "LDG.E.S8 R4, [R2+0x3]", "LDG.E.128 R4, [R2+0x10]", "LDS R4, [R3+0x4]",
        "STG.E.64 [R2+0x8], R8", "STG.E.U8 [R2+0x5], R8", "STS [R3], R8", "STL [R3], R8",
        "ATOMG.E.ADD R4, [R2], R8", "ATOMG.E.CAS R4, [R2+0x4], R8, R10", "ATOMS.ADD R4, [R3], 1",
        "RED.E.MAX.S32 [R2+0x4], R8", "LDG.E R4, [R6]", "STS.64 [R7], R8",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        uint8_t g[2][sizeof gmem], sh[2][sizeof smem];
        isa_warp_regs w[2];
        isa_result res[2];
        for (int pass = 0; pass < 2; pass++) {
            for (size_t b = 0; b < sizeof gmem; b++) gmem[b] = (uint8_t)(b * 37 + 0x91);
            for (size_t b = 0; b < sizeof smem; b++) smem[b] = (uint8_t)(b * 11);
            isa_warp_init(&w[pass], 32, 16, 0xffffffffu);
            for (int l = 0; l < 32; l++) {
                /* lanes 24 bytes apart: some 8-byte accesses share a window, others not */
                uint64_t a = GBASE + 0x40 + (uint64_t)l * 24;
                w[pass].regs[2 * 32 + l] = (uint32_t)a;
                w[pass].regs[3 * 32 + l] = (uint32_t)(a >> 32);
                w[pass].regs[6 * 32 + l] = (uint32_t)(GBASE + sizeof gmem - 64 + (uint64_t)l * 4); /* lane 16 on: past the end */
                w[pass].regs[7 * 32 + l] = (uint32_t)(l * 8 + 8);   /* the last lane past shared memory */
            }
            for (int r = 8; r < 12; r++) set32(&w[pass], r, 0x80000000u + (uint32_t)r * 0x1111u);
            set32(&w[pass], 8, 0x40404040u);
            window_epoch = 0;
            window_calls = 0;
            const isa_insn *in = assemble(texts[i]);
            isa_exec(&prog.kernels[0], in, &w[pass], 0xffffffffu, pass ? &env_window : &env, &res[pass]);
            memcpy(g[pass], gmem, sizeof gmem);
            memcpy(sh[pass], smem, sizeof smem);
        }
        ck_assert_msg(!memcmp(g[0], g[1], sizeof gmem) && !memcmp(sh[0], sh[1], sizeof smem), "%s: memory differs", texts[i]);
        ck_assert_msg(!memcmp(w[0].regs, w[1].regs, 16 * 32 * sizeof(uint32_t)), "%s: registers differ", texts[i]);
        /* the lane and address mean something only with a fault (isa_exec
         * leaves them as they were otherwise: clang's sanitizer build
         * showed the stack's differing leftovers) */
        ck_assert_msg(res[0].fault == res[1].fault && (res[0].fault == FAULT_NONE || (res[0].fault_lane == res[1].fault_lane
                      && res[0].fault_addr == res[1].fault_addr)), "%s: faults differ", texts[i]);
        /* every byte that differs from the start was written: at most one
         * count per lane, and one at least when anything changed */
        int changed = 0;
        for (size_t b = 0; b < sizeof gmem; b++) changed |= g[1][b] != (uint8_t)(b * 37 + 0x91);
        for (size_t b = 0; b < sizeof smem; b++) changed |= sh[1][b] != (uint8_t)(b * 11);
        ck_assert_msg(changed ? window_epoch >= 1 && window_epoch <= 32 : window_epoch == 0, "%s: epoch %llu",
                      texts[i], (unsigned long long)window_epoch);
        /* the window is asked for once per window, not once per lane */
        ck_assert_msg(window_calls <= 16, "%s: %d window calls", texts[i], window_calls);
        isa_warp_free(&w[0]);
        isa_warp_free(&w[1]);
    }
}
END_TEST

START_TEST(test_atomics)
{
    isa_warp_regs w;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    memset(gmem, 0, sizeof gmem);
    memset(smem, 0, sizeof smem);
    set64(&w, 2, GBASE);
    isa_result res;
    /* lanes in order: the old values are 0, 1, 2, ... */
    exec_text("ATOMG.E.ADD R4, [R2], 1", &w, 0xffffffffu, &res);
    for (int l = 0; l < 32; l++) ck_assert_uint_eq(get32(&w, 4, l), (uint32_t)l);
    uint32_t v;
    memcpy(&v, gmem, 4);
    ck_assert_uint_eq(v, 32);
    set32(&w, 8, 5);
    exec_text("RED.E.ADD [R2], R8", &w, 0x3, &res);
    memcpy(&v, gmem, 4);
    ck_assert_uint_eq(v, 42);
    static const struct { const char *text; uint32_t before, operand, after, old; } ops[] = {
        { "ATOMS.MIN R4, [RZ], R8", 10, 3, 3, 10 },
        { "ATOMS.MIN R4, [RZ], R8", 10, 0xffffffffu, 10, 10 },        /* .32 compares unsigned */
        { "ATOMS.MIN.S32 R4, [RZ], R8", 10, 0xffffffffu, 0xffffffffu, 10 },
        { "ATOMS.MAX.U32 R4, [RZ], R8", 10, 0xffffffffu, 0xffffffffu, 10 },
        { "ATOMS.MAX.S32 R4, [RZ], R8", 10, 0xffffffffu, 10, 10 },
        { "ATOMS.EXCH R4, [RZ], R8", 10, 3, 3, 10 },
        { "ATOMS.AND R4, [RZ], R8", 12, 10, 8, 12 },
        { "ATOMS.OR R4, [RZ], R8", 12, 10, 14, 12 },
        { "ATOMS.XOR R4, [RZ], R8", 12, 10, 6, 12 },
        { "ATOMS.INC R4, [RZ], R8", 4, 5, 5, 4 },
        { "ATOMS.INC R4, [RZ], R8", 5, 5, 0, 5 },
        { "ATOMS.CAS R4, [RZ], R8, R10", 9, 9, 77, 9 },
        { "ATOMS.CAS R4, [RZ], R8, R10", 8, 9, 8, 8 },
    };
    set32(&w, 10, 77);
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        memcpy(smem, &ops[i].before, 4);
        set32(&w, 8, ops[i].operand);
        exec_text(ops[i].text, &w, 1, &res);
        memcpy(&v, smem, 4);
        ck_assert_msg(v == ops[i].after, "%s: memory 0x%x", ops[i].text, v);
        ck_assert_uint_eq(get32(&w, 4, 0), ops[i].old);
    }
    float f = 1.5f;
    memcpy(smem, &f, 4);
    set32(&w, 8, fbits(0.25f));
    exec_text("ATOMS.ADD.F32 R4, [RZ], R8", &w, 0xf, &res);
    memcpy(&f, smem, 4);
    ck_assert(f == 2.5f);
    isa_warp_free(&w);
}
END_TEST

START_TEST(test_uniform_and_special)
{
    isa_warp_regs w;
    isa_warp_init(&w, 64, 16, ~0ull);
    uint32_t p32 = 42;
    memcpy(cbank + ISA_PARAM_BASE, &p32, 4);
    isa_result res;
    exec_text("UMOV UR4, 5", &w, ~0ull, &res);
    exec_text("UIADD3 UR5, UR4, 2, URZ", &w, ~0ull, &res);
    exec_text("UIMAD UR6, UR5, 3, 1", &w, ~0ull, &res);
    exec_text("ULOP.XOR UR7, UR6, 1", &w, ~0ull, &res);
    ck_assert_uint_eq(w.uregs[7], 23);
    exec_text("UISETP.GT.AND UP1, UPT, UR7, 20, UPT", &w, ~0ull, &res);
    ck_assert_uint_eq((w.upreds >> 1) & 1, 1);
    exec_text("USEL UR8, UR4, UR5, UP1", &w, ~0ull, &res);
    ck_assert_uint_eq(w.uregs[8], 5);
    exec_text("ULDC UR9, c[p32]", &w, ~0ull, &res);
    ck_assert_uint_eq(w.uregs[9], 42);
    exec_text("S2UR UR10, SR_CTAID.X", &w, ~0ull, &res);
    ck_assert_uint_eq(w.uregs[10], 7);
    exec_text("IADD3 R4, UR9, 1, RZ", &w, ~0ull, &res);     /* uniform source in a vector op */
    ck_assert_uint_eq(get32(&w, 4, 63), 43);
    exec_text("@UP1 MOV R4, 1", &w, ~0ull, &res);
    ck_assert_uint_eq(get32(&w, 4, 0), 1);
    exec_text("S2R R4, SR_TID.X", &w, ~0ull, &res);
    ck_assert_uint_eq(get32(&w, 4, 63), 163);
    exec_text("S2R R4, SR_LANEID", &w, ~0ull, &res);
    ck_assert_uint_eq(get32(&w, 4, 40), 40);
    exec_text("CS2R R4, SR_CLOCKLO", &w, ~0ull, &res);
    ck_assert_uint_eq(get64(&w, 4, 3), clock_value);
    exec_text("S2R R4, SR_CLOCKHI", &w, ~0ull, &res);
    ck_assert_uint_eq(get32(&w, 4, 3), 1);
    /* control instructions report, the runner acts */
    w.preds[0] = 0xf0;
    exec_text("@P0 BRA k0", &w, 0xff, &res);
    ck_assert_uint_eq(res.taken_mask, 0xf0);
    exec_text("EXIT", &w, 0x3, &res);
    ck_assert(res.exited);
    exec_text("BAR.SYNC", &w, ~0ull, &res);
    ck_assert(res.barrier);
    exec_text("MEMBAR.GL", &w, ~0ull, &res);
    ck_assert(!res.barrier && !res.exited && !res.is_mem);
    exec_text("NOP", &w, ~0ull, &res);
    ck_assert(!res.is_mem);
    isa_warp_free(&w);
}
END_TEST

START_TEST(test_every_opcode_tested)
{
    int covered[OP_COUNT] = { 0 };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) covered[assemble(rows[i].text)->op] = 1;
    for (size_t i = 0; i < sizeof other_texts / sizeof other_texts[0]; i++) covered[assemble(other_texts[i])->op] = 1;
    for (int i = 0; i < sass_nrows; i++) covered[assemble(sass_rows[i].text)->op] = 1;
    for (int i = 0; i < sass_ntexts; i++) covered[assemble(sass_texts[i])->op] = 1;
    for (int i = 0; i < tex_ntexts; i++) covered[assemble(tex_texts[i])->op] = 1;
    for (int i = 0; i < ops_ntexts; i++) covered[assemble(ops_texts[i])->op] = 1;
    for (int i = 0; i < ops_ncases(); i++) covered[assemble(ops_case_text(i))->op] = 1;
    for (int i = 0; i < mma_ntexts; i++) covered[assemble(mma_texts[i])->op] = 1;
    for (int i = 0; i < ops2_ntexts; i++) covered[assemble(ops2_texts[i])->op] = 1;
    for (int i = 0; i < ops3_ntexts; i++) covered[assemble(ops3_texts[i])->op] = 1;
    for (int op = 0; op < OP_COUNT; op++)
        ck_assert_msg(covered[op], "opcode %s has no semantics test", isa_ops[op].mnemonic);
}
END_TEST

int main(void)
{
    /* a label k0 at pc 0 lets the BRA test assemble */
    kernel_head = ".kernel k\n.param p32 u32\n.param p64 u64\n.shared s 64\nk0:\n";
    Suite *s = suite_create("semantics");
    TCase *tc = tcase_create("sem");
    int n = (int)(sizeof rows / sizeof rows[0]);
    tcase_add_loop_test(tc, test_table_ws32, 0, n);
    tcase_add_loop_test(tc, test_table_ws64, 0, n);
    tcase_add_test(tc, test_guard_and_active_mask);
    tcase_add_test(tc, test_shfl_and_vote);
    tcase_add_test(tc, test_memory_sizes_and_faults);
    tcase_add_test(tc, test_atomics);
    tcase_add_test(tc, test_deferred_global);
    tcase_add_test(tc, test_windowed_access);
    tcase_add_test(tc, test_uniform_and_special);
    sem_sass_tests(tc);
    sem_tex_tests(tc);
    sem_ops_tests(tc);
    sem_mma_tests(tc);
    sem_ops2_tests(tc);
    sem_ops3_tests(tc);
    tcase_add_test(tc, test_every_opcode_tested);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
