/* isa/sem_sass.c — the integer, uniform and control forms nvcc emits that
 * warpsim's own assembly did not have: LOP3/PLOP3 truth tables, funnel
 * shifts, byte permutes, bit masks, sm_90's VIADD family, convergence
 * barriers, calls, and the uniform datapath's versions of them. */
#include "exec_internal.h"

/* bit i of the truth table lut for inputs a, b, c: lut bit (a<<2 | b<<1 | c),
 * per bit of the operands (NVIDIA's LOP3 encoding: a = 0xf0, b = 0xcc,
 * c = 0xaa) */
static uint32_t lop3(uint32_t a, uint32_t b, uint32_t c, uint32_t lut)
{
    uint32_t r = 0;
    for (int i = 0; i < 8; i++) {
        if (!((lut >> i) & 1)) continue;
        uint32_t t = (i & 4 ? a : ~a) & (i & 2 ? b : ~b) & (i & 1 ? c : ~c);
        r |= t;
    }
    return r;
}

SEM(LOP3)
{
    isa_src a, b, c;
    src_at(x, 2, &a); src_at(x, 3, &b); src_at(x, 4, &c);
    uint32_t lut = (uint32_t)x->in->o[5].imm & 0xff;
    uint64_t nz = 0;
    FOR_LANES(x, l) {
        uint32_t v = lop3(get_u32(&a, l), get_u32(&b, l), get_u32(&c, l), lut);
        put_u32(x, 1, l, v);
        nz |= (uint64_t)(v != 0) << l;
    }
    if (x->in->o[0].kind == OPK_PRED) pred_dst(x, 0, nz);
}

/* PLOP3.LUT P, Q, a, b, c, lut, lut2: on lane masks, bit by bit */
SEM(PLOP3)
{
    uint64_t a = any_pred_src(x, 2), b = any_pred_src(x, 3), c = any_pred_src(x, 4);
    uint32_t lut = (uint32_t)x->in->o[5].imm & 0xff, lut2 = (uint32_t)x->in->o[6].imm & 0xff;
    uint64_t p = 0, q = 0;
    FOR_LANES(x, l) {
        int i = (int)((a >> l & 1) << 2 | (b >> l & 1) << 1 | (c >> l & 1));
        p |= (uint64_t)((lut >> i) & 1) << l;
        q |= (uint64_t)((lut2 >> i) & 1) << l;
    }
    pred_dst(x, 0, p);
    pred_dst(x, 1, q);
}

/* the funnel shift of (hi:lo) by n, direction and width from the modifiers */
static uint32_t funnel(const isa_insn *in, uint32_t lo, uint32_t n, uint32_t hi)
{
    int type = isa_insn_type(in);
    int wide = type == MOD_TYPE_U64 || type == MOD_TYPE_S64 || type == MOD_TYPE_B64;
    int sign = type == MOD_TYPE_S32 || type == MOD_TYPE_S64;
    uint32_t max = wide ? 64 : 32;
    n = INSN_HAS(in, W) ? n & (max - 1) : (n > max ? max : n);
    uint64_t v = (uint64_t)hi << 32 | lo, r;
    if (INSN_HAS(in, L)) r = n >= 64 ? 0 : v << n;
    else if (sign) r = (uint64_t)((int64_t)v >> (n >= 64 ? 63 : n));
    else r = n >= 64 ? 0 : v >> n;
    /* a 32-bit left shift of lo alone: the high word is lo's spill-over */
    return in->hi ? (uint32_t)(r >> 32) : (uint32_t)r;
}

SEM(SHF)
{
    isa_src a, b, c;
    src_at(x, 1, &a); src_at(x, 2, &b); src_at(x, 3, &c);
    FOR_LANES(x, l) put_u32(x, 0, l, funnel(x->in, get_u32(&a, l), get_u32(&b, l), get_u32(&c, l)));
}

/* PRMT d, a, sel, c: byte i of d is byte (sel >> 4i) & 7 of (c:a); bit 3
 * of the nibble fills the byte with that byte's sign */
static uint32_t prmt(uint32_t a, uint32_t sel, uint32_t c)
{
    uint64_t v = (uint64_t)c << 32 | a;
    uint32_t r = 0;
    for (int i = 0; i < 4; i++) {
        uint32_t n = (sel >> (4 * i)) & 0xf;
        uint32_t byte = (uint32_t)(v >> (8 * (n & 7))) & 0xff;
        if (n & 8) byte = (byte & 0x80) ? 0xff : 0;
        r |= byte << (8 * i);
    }
    return r;
}

SEM(PRMT)
{
    isa_src a, b, c;
    src_at(x, 1, &a); src_at(x, 2, &b); src_at(x, 3, &c);
    FOR_LANES(x, l) put_u32(x, 0, l, prmt(get_u32(&a, l), get_u32(&b, l), get_u32(&c, l)));
}

static uint32_t bmsk(uint32_t pos, uint32_t width, int wrap)
{
    if (wrap) { pos &= 31; width &= 31; }
    if (pos >= 32) return 0;
    uint64_t m = width >= 64 ? ~0ull : (1ull << width) - 1;
    return (uint32_t)(m << pos);
}

SEM(BMSK)
{
    isa_src a, b;
    src_at(x, 1, &a); src_at(x, 2, &b);
    FOR_LANES(x, l) put_u32(x, 0, l, bmsk(get_u32(&a, l), get_u32(&b, l), INSN_HAS(x->in, W)));
}

SEM(SGXT)
{
    isa_src a, b;
    src_at(x, 1, &a); src_at(x, 2, &b);
    int sign = isa_type_is_signed(isa_insn_type(x->in)) || !x->in->type;
    FOR_LANES(x, l) {
        uint32_t v = get_u32(&a, l), n = get_u32(&b, l);
        n = INSN_HAS(x->in, W) ? n & 31 : (n > 32 ? 32 : n);
        uint32_t r;
        if (n == 0) r = 0;
        else if (n >= 32) r = v;
        else if (sign) r = (uint32_t)((int32_t)(v << (32 - n)) >> (32 - n));
        else r = v & ((1u << n) - 1);
        put_u32(x, 0, l, r);
    }
}

SEM(VIADD)
{
    isa_src a, b;
    src_at(x, 1, &a); src_at(x, 2, &b);
    FOR_LANES(x, l) put_u32(x, 0, l, get_u32(&a, l) + get_u32(&b, l));
}

SEM(VIMNMX) { sem_IMNMX(x); }

SEM(VIADDMNMX)
{
    isa_src a, b, c;
    src_at(x, 1, &a); src_at(x, 2, &b); src_at(x, 3, &c);
    int sign = isa_type_is_signed(isa_insn_type(x->in)) || !x->in->type;
    uint64_t want_min = pred_src(x, 4);
    FOR_LANES(x, l) {
        uint32_t s = get_u32(&a, l) + get_u32(&b, l), v = get_u32(&c, l);
        int less = sign ? (int32_t)s < (int32_t)v : s < v;
        put_u32(x, 0, l, ((want_min >> l) & 1) ? (less ? s : v) : (less ? v : s));
    }
}

/* ---- convergence barriers and calls: the post-dominator stack
 * reconverges the lanes, so BSSY and WARPSYNC change nothing; BSYNC tells
 * the stack that a path arrived (each path issues it: simt_stack.h) ---- */
SEM(BSSY) { (void)x; }
SEM(BSYNC) { x->res->conv = ISA_CONV_SYNC; }
/* BREAK Bn: the lanes leave barrier n; the branch after it reconverges
 * past the region (isa/sass_dump.c's bssy_reconvergence) */
SEM(BREAK) { (void)x; }
SEM(WARPSYNC) { (void)x; }
/* the region runs for the lanes that reach it, in program order; the
 * mask's lanes are reconverged by the post-dominator stack, as WARPSYNC's */
SEM(WARPSYNC_COLLECTIVE) { (void)x; }
SEM(ENDCOLLECTIVE) { (void)x; }
/* under independent thread scheduling the warp's next path may run */
SEM(YIELD) { x->res->conv = ISA_CONV_YIELD; }
SEM(LDGDEPBAR) { (void)x; }
SEM(DEPBAR) { (void)x; }
SEM(FENCE) { (void)x; }
SEM(ERRBAR) { (void)x; }
SEM(CGAERRBAR) { (void)x; }
SEM(CCTL) { (void)x; }
SEM(CALL) { x->res->taken_mask = x->mask; }

/* RET a: to the instruction at byte address a (16 bytes per instruction
 * from 0 in nvcc's code). The active lanes came back from one call, so they
 * agree; a disagreement is reported, not guessed. */
SEM(RET)
{
    isa_src a;
    src_at(x, 0, &a);
    int first = __builtin_ctzll(x->mask);
    uint32_t addr = get_u32(&a, first);
    FOR_LANES(x, l)
        if (get_u32(&a, l) != addr) { x->res->fault = FAULT_BAD_RETURN; x->res->fault_lane = l; x->res->fault_addr = get_u32(&a, l); return; }
    if (addr % 16 || addr / 16 >= (uint32_t)x->k->ncode) {
        x->res->fault = FAULT_BAD_RETURN;
        x->res->fault_lane = first;
        x->res->fault_addr = addr;
        return;
    }
    x->res->taken_mask = x->mask;
    x->res->target = (int32_t)(addr / 16);
}

/* BRX a -off: to byte address a64 + next + off (next: the address after
 * the BRX), 16 bytes per instruction from 0 as RET's. The jump table nvcc
 * loads a from (bank 2) holds kernel-relative addresses and off is minus
 * next (cuobjdump -elf: the words of .nv.constant2 are the targets
 * EIATTR_INDIRECT_BRANCH_TARGETS lists). The lanes of the first executing
 * lane's target jump; the others run the BRX again, so each target is
 * taken once, in turn, and all reconverge at the post-dominator. */
SEM(BRX)
{
    isa_src a;
    src_at(x, 0, &a);
    int64_t next = (int64_t)x->in->addr + 16 + x->in->o[0].imm;
    int first = __builtin_ctzll(x->mask);
    uint64_t want = (uint64_t)next + get_u64(&a, first), taken = 0;
    FOR_LANES(x, l)
        if ((uint64_t)next + get_u64(&a, l) == want) taken |= 1ull << l;
    if (want % 16 || want / 16 >= (uint64_t)x->k->ncode) {
        x->res->fault = FAULT_BAD_RETURN;
        x->res->fault_lane = first;
        x->res->fault_addr = want;
        return;
    }
    x->res->taken_mask = taken;
    x->res->target = (int32_t)(want / 16);
    x->res->again = taken != x->mask;
}

/* ---- uniform datapath ---- */
static uint32_t uv(const isa_xctx *x, int i)
{
    isa_src s;
    src_at(x, i, &s);
    return get_u32(&s, 0);
}

SEM(ULEA)
{
    uint32_t s = (uint32_t)x->in->o[4].imm & 31;
    uint64_t sum = (uint64_t)(uint32_t)(uv(x, 2) << s) + uv(x, 3);
    if (INSN_HAS(x->in, X) && x->in->o[5].kind == OPK_UPRED) sum += (uint64_t)upred_src(x, 5);
    ureg_dst(x, 0, (uint32_t)sum);
    if (x->in->o[1].kind == OPK_UPRED) upred_dst(x, 1, (int)(sum >> 32));
}

SEM(USHF) { ureg_dst(x, 0, funnel(x->in, uv(x, 1), uv(x, 2), uv(x, 3))); }
/* ULOP3.LUT [UP,] ud, a, b, c, lut, q: UP = (ud != 0), as LOP3's P */
SEM(ULOP3)
{
    uint32_t v = lop3(uv(x, 2), uv(x, 3), uv(x, 4), (uint32_t)x->in->o[5].imm & 0xff);
    ureg_dst(x, 1, v);
    if (x->in->o[0].kind == OPK_UPRED) upred_dst(x, 0, v != 0);
}

/* ULEA.HI ud, [UP,] a, b, [c,] shift, [q]: as LEA.HI on uniform values */
SEM(ULEA_HI)
{
    uint32_t a = uv(x, 2), s = (uint32_t)x->in->o[5].imm & 63;
    uint32_t hi = INSN_HAS(x->in, SX32) ? (uint32_t)((int32_t)a >> 31) : x->in->o[4].kind != OPK_NONE ? uv(x, 4) : 0;
    uint64_t sum = (((uint64_t)hi << 32 | a) << s >> 32) + uv(x, 3);
    if (INSN_HAS(x->in, X) && x->in->o[6].kind == OPK_UPRED) sum += (uint64_t)upred_src(x, 6);
    ureg_dst(x, 0, (uint32_t)sum);
    if (x->in->o[1].kind == OPK_UPRED) upred_dst(x, 1, (int)(sum >> 32));
}

SEM(UBREV)
{
    uint32_t v = uv(x, 1), r = 0;
    for (int i = 0; i < 32; i++) r |= ((v >> i) & 1u) << (31 - i);
    ureg_dst(x, 0, r);
}
SEM(UPRMT) { ureg_dst(x, 0, prmt(uv(x, 1), uv(x, 2), uv(x, 3))); }
SEM(UPOPC) { ureg_dst(x, 0, (uint32_t)__builtin_popcount(uv(x, 1))); }

SEM(UFLO)
{
    uint32_t v = uv(x, 1);
    if (isa_type_is_signed(isa_insn_type(x->in)) && (int32_t)v < 0) v = ~v;
    ureg_dst(x, 0, v ? 31u - (uint32_t)__builtin_clz(v) : 0xffffffffu);
}

SEM(UPLOP3)
{
    int i = upred_src(x, 2) << 2 | upred_src(x, 3) << 1 | upred_src(x, 4);
    upred_dst(x, 0, (int)((x->in->o[5].imm >> i) & 1));
    upred_dst(x, 1, (int)((x->in->o[6].imm >> i) & 1));
}

/* R2UR [P,] ud, a: ud = a of the first executing lane; P = every
 * executing lane holds that value (nvcc tests a lane mask so before
 * BRA.DIV: R2UR P0, URZ, R33; @!P0 BRA.DIV UR6, ...) */
SEM(R2UR)
{
    isa_src a;
    src_at(x, 2, &a);
    uint32_t v = get_u32(&a, __builtin_ctzll(x->mask));
    int same = 1;
    FOR_LANES(x, l) same &= get_u32(&a, l) == v;
    ureg_dst(x, 1, v);
    if (x->in->o[0].kind == OPK_PRED) pred_dst(x, 0, same ? ~0ull : 0);
}

static void voteu(isa_xctx *x, int all)
{
    uint64_t p = pred_src(x, 2) & x->mask;
    if (x->in->o[0].kind == OPK_UREG) ureg_dst(x, 0, (uint32_t)p);
    upred_dst(x, 1, all ? p == x->mask : p != 0);
}

SEM(VOTEU_ANY) { voteu(x, 0); }
SEM(VOTEU_ALL) { voteu(x, 1); }
