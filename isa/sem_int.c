/* isa/sem_int.c — integer, uniform and control semantics. */
#include "exec_internal.h"

/* the 64-bit product of two 32-bit values, signed or not (IMUL, IMAD.WIDE, IMAD.HI) */
static uint64_t mul_wide(uint32_t a, uint32_t b, int sign)
{
    return sign ? (uint64_t)((int64_t)(int32_t)a * (int64_t)(int32_t)b) : (uint64_t)a * b;
}

/* the carry-in of lane l: the predicates in slots i and j (absent = 0) */
static uint64_t carry_pred(const isa_xctx *x, int i, int l)
{
    return i < x->in->nops && x->in->o[i].kind == OPK_PRED ? (pred_src(x, i) >> l) & 1 : 0;
}

/* the carry masks (at least one, two) into the optional predicates i and j */
static void carry_masks(const isa_xctx *x, int i, int j, uint64_t ge1, uint64_t ge2)
{
    if (x->in->o[i].kind == OPK_PRED) pred_dst(x, i, ge1);
    if (j >= 0 && x->in->o[j].kind == OPK_PRED) pred_dst(x, j, ge2);
}

/* a carry count (0..2) into the optional carry-out predicates i and j */
static void carry_out(const isa_xctx *x, int i, int j, const uint64_t cnt[ISA_MAX_LANES])
{
    uint64_t ge1 = 0, ge2 = 0;
    FOR_LANES(x, l) { ge1 |= (uint64_t)(cnt[l] >= 1) << l; ge2 |= (uint64_t)(cnt[l] >= 2) << l; }
    carry_masks(x, i, j, ge1, ge2);
}

/* IADD3 d, [P, Q,] a, b, c [, p, q]: a 34-bit sum whose carry (0..2) goes
 * to P and Q as "at least one", "two"; .X adds p and q */
/* IADD3 without .X or source modifiers: plain 34-bit sums */
static void iadd3_fast(const isa_xctx *x, const isa_src *a, const isa_src *b, const isa_src *c)
{
    uint32_t sink[ISA_MAX_LANES], *d = dst_or(x, 0, sink);
    uint64_t ge1 = 0, ge2 = 0;
    FOR_LANES(x, l) {
        uint64_t sum = (uint64_t)raw_u32(a, l) + raw_u32(b, l) + raw_u32(c, l);
        d[l] = (uint32_t)sum;
        ge1 |= (uint64_t)(sum >= 1ull << 32) << l;
        ge2 |= (uint64_t)(sum >= 2ull << 32) << l;
    }
    carry_masks(x, 1, 2, ge1, ge2);
}

SEM(IADD3)
{
    isa_src a, b, c;
    src_at(x, 3, &a); src_at(x, 4, &b); src_at(x, 5, &c);
    int ex = INSN_HAS(x->in, X);
    if (!ex && srcs_plain(x, 3, 3)) { iadd3_fast(x, &a, &b, &c); return; }
    uint64_t cnt[ISA_MAX_LANES];
    FOR_LANES(x, l) {
        uint64_t sum = get_add33(&a, l) + get_add33(&b, l) + get_add33(&c, l);
        if (ex) sum += carry_pred(x, 6, l) + carry_pred(x, 7, l);
        put_u32(x, 0, l, (uint32_t)sum);
        cnt[l] = sum >> 32;
    }
    carry_out(x, 1, 2, cnt);
}

/* IMAD without .X or source modifiers */
static void imad_fast(const isa_xctx *x, const isa_src *a, const isa_src *b, const isa_src *c)
{
    uint32_t sink[ISA_MAX_LANES], *d = dst_or(x, 0, sink);
    uint64_t ge1 = 0;
    FOR_LANES(x, l) {
        uint64_t sum = (uint64_t)(raw_u32(a, l) * raw_u32(b, l)) + raw_u32(c, l);
        d[l] = (uint32_t)sum;
        ge1 |= (sum >> 32) << l;
    }
    carry_masks(x, 1, -1, ge1, 0);
}

SEM(IMAD)
{
    isa_src a, b, c;
    src_at(x, 2, &a); src_at(x, 3, &b); src_at(x, 4, &c);
    int ex = INSN_HAS(x->in, X);
    if (!ex && srcs_plain(x, 2, 3)) { imad_fast(x, &a, &b, &c); return; }
    uint64_t cnt[ISA_MAX_LANES];
    FOR_LANES(x, l) {
        uint64_t sum = (uint64_t)(get_u32(&a, l) * get_u32(&b, l)) + get_add33(&c, l);
        if (ex) sum += carry_pred(x, 5, l);
        put_u32(x, 0, l, (uint32_t)sum);
        cnt[l] = sum >> 32;
    }
    carry_out(x, 1, -1, cnt);
}

/* IMAD.WIDE without .X or source modifiers */
static void imad_wide_fast(const isa_xctx *x, const isa_src *a, const isa_src *b, const isa_src *c, int sign)
{
    uint32_t sink[2 * ISA_MAX_LANES], *d = dst_or(x, 0, sink);
    int ws = d == sink ? ISA_MAX_LANES : x->w->warp_size;
    uint64_t ge1 = 0;
    FOR_LANES(x, l) {
        uint64_t p = mul_wide(raw_u32(a, l), raw_u32(b, l), sign), s = p + raw_u64(c, l);
        d[l] = (uint32_t)s;
        d[l + ws] = (uint32_t)(s >> 32);
        ge1 |= (uint64_t)(s < p) << l;
    }
    carry_masks(x, 1, -1, ge1, 0);
}

SEM(IMAD_WIDE)
{
    isa_src a, b, c;
    src_at(x, 2, &a); src_at(x, 3, &b); src_at(x, 4, &c);
    int sign = isa_type_is_signed(isa_insn_type(x->in)), ex = INSN_HAS(x->in, X);
    if (!ex && srcs_plain(x, 2, 3)) { imad_wide_fast(x, &a, &b, &c, sign); return; }
    uint64_t cnt[ISA_MAX_LANES];
    FOR_LANES(x, l) {
        uint32_t va = get_u32(&a, l), vb = get_u32(&b, l);
        uint64_t p = mul_wide(va, vb, sign);
        /* the 64-bit sum's carry out goes to the optional P (nvcc's 64 x 64
         * -> 128-bit chains: IMAD.WIDE.U32.X R, P0, ..., P0) */
        uint64_t s = p + get_u64(&c, l), d = s + (ex ? carry_pred(x, 5, l) : 0);
        put_u64(x, 0, l, d);
        cnt[l] = (s < p) + (d < s);
    }
    carry_out(x, 1, -1, cnt);
}

/* IMAD.HI d = high word of a * b, plus c (and the carry-in with .X) */
SEM(IMAD_HI)
{
    /* c is 64 bits wide: the high word of a * b + c (nvcc's division
     * refines its reciprocal estimate r as IMAD.HI.U32 r', r, e, R4 with R4
     * = 0, R5 = r: r' = r + mulhi(r, e); only a 64-bit c makes nvcc's
     * divisions come out right, as they do on the GPU) */
    isa_src a, b, c;
    src_at(x, 2, &a); src_at(x, 3, &b); src_at(x, 4, &c);
    int sign = isa_type_is_signed(isa_insn_type(x->in)), ex = INSN_HAS(x->in, X);
    uint64_t cnt[ISA_MAX_LANES];
    FOR_LANES(x, l) {
        uint32_t va = get_u32(&a, l), vb = get_u32(&b, l);
        uint64_t p = mul_wide(va, vb, sign), c64 = get_u64(&c, l), sum = p + c64;
        uint64_t hi = (sum >> 32) + (ex ? carry_pred(x, 5, l) : 0);
        put_u32(x, 0, l, (uint32_t)hi);
        cnt[l] = (sum < c64) + (hi >> 32);
    }
    carry_out(x, 1, -1, cnt);
}

SEM(IMUL)
{
    isa_src a, b;
    src_at(x, 1, &a); src_at(x, 2, &b);
    int sign = isa_type_is_signed(isa_insn_type(x->in)), hi = x->in->hi != 0;
    FOR_LANES(x, l) {
        uint32_t va = get_u32(&a, l), vb = get_u32(&b, l);
        uint64_t p = mul_wide(va, vb, sign);
        put_u32(x, 0, l, hi ? (uint32_t)(p >> 32) : (uint32_t)p);
    }
}

SEM(IMUL24)
{
    isa_src a, b;
    src_at(x, 1, &a); src_at(x, 2, &b);
    int sign = isa_type_is_signed(isa_insn_type(x->in));
    FOR_LANES(x, l) {
        uint32_t va = get_u32(&a, l) & 0xffffff, vb = get_u32(&b, l) & 0xffffff;
        if (sign) {
            int32_t sa = (int32_t)(va << 8) >> 8, sb = (int32_t)(vb << 8) >> 8;
            put_u32(x, 0, l, (uint32_t)((int64_t)sa * sb));
        } else {
            put_u32(x, 0, l, va * vb);
        }
    }
}

static int64_t as_int(uint32_t v, int sign) { return sign ? (int64_t)(int32_t)v : (int64_t)v; }

/* .EX: the high words of a 64-bit compare; the last predicate holds the low
 * words' result of the same comparison (nvcc's pair ISETP ... / ISETP ... .EX) */
static int cmp_ex(int cmp, uint32_t a, uint32_t b, int sign, int low)
{
    int64_t sa = as_int(a, sign), sb = as_int(b, sign);
    /* equal high words: the low words decide (their result, same comparison) */
    return sa != sb ? cmp_i64(cmp, sa, sb) : low;
}

/* ISETP's fast path (plain sources, no .EX): the comparison chosen once;
 * a signed comparison is the unsigned one of the values with their sign
 * bits flipped */
#define ISETP_LANES(op) \
    FOR_LANES(x, l) t |= (uint64_t)((raw_u32(a, l) ^ flip) op (raw_u32(b, l) ^ flip)) << l; \
    break
static uint64_t isetp_plain(const isa_xctx *x, const isa_src *a, const isa_src *b, int sign)
{
    uint32_t flip = sign ? 0x80000000u : 0;
    uint64_t t = 0;
    switch (x->in->cmp) {
    case MOD_CMP_LT: ISETP_LANES(<);
    case MOD_CMP_LE: ISETP_LANES(<=);
    case MOD_CMP_GT: ISETP_LANES(>);
    case MOD_CMP_GE: ISETP_LANES(>=);
    case MOD_CMP_EQ: ISETP_LANES(==);
    default: ISETP_LANES(!=);   /* cmp_i64's default */
    }
    return t;
}
#undef ISETP_LANES

SEM(ISETP)
{
    isa_src a, b;
    src_at(x, 2, &a); src_at(x, 3, &b);
    int sign = isa_type_is_signed(isa_insn_type(x->in)), ex = INSN_HAS(x->in, EX);
    uint64_t low = ex && x->in->nops > 5 && x->in->o[5].kind == OPK_PRED ? pred_src(x, 5) : 0;
    uint64_t t = 0;
    if (!ex && srcs_plain(x, 2, 2)) {
        t = isetp_plain(x, &a, &b, sign);
        uint64_t c = pred_src(x, 4);
        pred_dst(x, 0, bool_combine(x->in->boolop, t, c));
        pred_dst(x, 1, bool_combine(x->in->boolop, ~t, c));
        return;
    }
    FOR_LANES(x, l) {
        uint32_t va = get_u32(&a, l), vb = get_u32(&b, l);
        int r = ex ? cmp_ex(x->in->cmp, va, vb, sign, (int)((low >> l) & 1))
                   : cmp_i64(x->in->cmp, as_int(va, sign), as_int(vb, sign));
        if (r) t |= 1ull << l;
    }
    uint64_t c = pred_src(x, 4);
    pred_dst(x, 0, bool_combine(x->in->boolop, t, c));
    pred_dst(x, 1, bool_combine(x->in->boolop, ~t, c));
}

/* VABSDIFF d, a, b, c: |a - b| + c (PTX ISA sad; nvcc's __sad, __usad) */
SEM(VABSDIFF)
{
    isa_src a, b, c;
    src_at(x, 1, &a); src_at(x, 2, &b); src_at(x, 3, &c);
    int sign = isa_type_is_signed(isa_insn_type(x->in)) || !x->in->type;
    FOR_LANES(x, l) {
        int64_t va = as_int(get_u32(&a, l), sign), vb = as_int(get_u32(&b, l), sign);
        put_u32(x, 0, l, (uint32_t)(va > vb ? va - vb : vb - va) + get_u32(&c, l));
    }
}

SEM(IMNMX)
{
    isa_src a, b;
    src_at(x, 1, &a); src_at(x, 2, &b);
    int sign = isa_type_is_signed(isa_insn_type(x->in));
    uint64_t want_min = pred_src(x, 3);
    FOR_LANES(x, l) {
        int64_t va = as_int(get_u32(&a, l), sign), vb = as_int(get_u32(&b, l), sign);
        int64_t r = (want_min >> l & 1) ? (va < vb ? va : vb) : (va > vb ? va : vb);
        put_u32(x, 0, l, (uint32_t)r);
    }
}

static uint32_t lop(int func, uint32_t a, uint32_t b)
{
    switch (func) {
    case MOD_LOP_AND: return a & b;
    case MOD_LOP_OR: return a | b;
    case MOD_LOP_XOR: return a ^ b;
    default: return ~a;
    }
}

SEM(LOP)
{
    isa_src a, b;
    src_at(x, 1, &a);
    src_at(x, x->in->nops > 2 ? 2 : 1, &b);
    FOR_LANES(x, l) put_u32(x, 0, l, lop(x->in->func, get_u32(&a, l), get_u32(&b, l)));
}

SEM(SHL)
{
    isa_src a, b;
    src_at(x, 1, &a); src_at(x, 2, &b);
    FOR_LANES(x, l) {
        uint32_t s = get_u32(&b, l);
        put_u32(x, 0, l, s >= 32 ? 0 : get_u32(&a, l) << s);
    }
}

SEM(SHR)
{
    isa_src a, b;
    src_at(x, 1, &a); src_at(x, 2, &b);
    int sign = isa_type_is_signed(isa_insn_type(x->in));
    FOR_LANES(x, l) {
        uint32_t s = get_u32(&b, l), v = get_u32(&a, l);
        if (s > 31) s = 32;
        uint32_t r = sign ? (uint32_t)((int64_t)(int32_t)v >> s) : (s == 32 ? 0 : v >> s);
        put_u32(x, 0, l, r);
    }
}

SEM(POPC)
{
    isa_src a;
    src_at(x, 1, &a);
    FOR_LANES(x, l) put_u32(x, 0, l, (uint32_t)__builtin_popcount(get_u32(&a, l)));
}

SEM(FLO)
{
    isa_src a;
    src_at(x, 1, &a);
    int sign = isa_type_is_signed(isa_insn_type(x->in));
    FOR_LANES(x, l) {
        uint32_t v = get_u32(&a, l);
        if (sign && (int32_t)v < 0) v = ~v;
        /* .SH: the shift that brings the bit to bit 31 (PTX ISA bfind.shiftamt: __clz) */
        uint32_t pos = 31u - (uint32_t)__builtin_clz(v | 1);
        put_u32(x, 0, l, !v ? 0xffffffffu : INSN_HAS(x->in, SH) ? 31u - pos : pos);
    }
}

SEM(BREV)
{
    isa_src a;
    src_at(x, 1, &a);
    FOR_LANES(x, l) {
        uint32_t v = get_u32(&a, l), r = 0;
        for (int i = 0; i < 32; i++) r |= ((v >> i) & 1u) << (31 - i);
        put_u32(x, 0, l, r);
    }
}

SEM(SEL)
{
    isa_src a, b;
    src_at(x, 1, &a); src_at(x, 2, &b);
    uint64_t c = pred_src(x, 3);
    FOR_LANES(x, l) put_u32(x, 0, l, (c >> l & 1) ? get_u32(&a, l) : get_u32(&b, l));
}

SEM(MOV)
{
    isa_src a;
    src_at(x, 1, &a);
    FOR_LANES(x, l) put_u32(x, 0, l, get_u32(&a, l));
}

SEM(IABS)
{
    isa_src a;
    src_at(x, 1, &a);
    FOR_LANES(x, l) {
        int32_t v = (int32_t)get_u32(&a, l);
        put_u32(x, 0, l, v < 0 ? 0u - (uint32_t)v : (uint32_t)v);
    }
}

/* LEA d, [P,] a, b, shift [, p]: d = (a << shift) + b, carry out to P */
SEM(LEA)
{
    isa_src a, b;
    src_at(x, 2, &a); src_at(x, 3, &b);
    uint32_t s = (uint32_t)x->in->o[4].imm & 31;
    int ex = INSN_HAS(x->in, X);
    uint64_t cnt[ISA_MAX_LANES];
    FOR_LANES(x, l) {
        uint64_t sum = (uint64_t)(uint32_t)(get_u32(&a, l) << s) + get_add33(&b, l) + (ex ? carry_pred(x, 5, l) : 0);
        put_u32(x, 0, l, (uint32_t)sum);
        cnt[l] = sum >> 32;
    }
    carry_out(x, 1, -1, cnt);
}

/* LEA.HI d, [P,] a, b, [c,] shift [, p]: d = high word of (c:a) << shift,
 * plus b; .SX32: c is a's sign (nvcc's 64-bit address of a signed index) */
SEM(LEA_HI)
{
    isa_src a, b, c;
    src_at(x, 2, &a); src_at(x, 3, &b);
    int has_c = x->in->o[4].kind != OPK_NONE;
    if (has_c) src_at(x, 4, &c);
    uint32_t s = (uint32_t)x->in->o[5].imm & 63;
    int ex = INSN_HAS(x->in, X), sx = INSN_HAS(x->in, SX32);
    uint64_t cnt[ISA_MAX_LANES];
    FOR_LANES(x, l) {
        uint32_t va = get_u32(&a, l);
        uint32_t hi = sx ? (uint32_t)((int32_t)va >> 31) : has_c ? get_u32(&c, l) : 0;
        uint64_t v = ((uint64_t)hi << 32 | va) << s;
        uint64_t sum = (v >> 32) + get_add33(&b, l) + (ex ? carry_pred(x, 6, l) : 0);
        put_u32(x, 0, l, (uint32_t)sum);
        cnt[l] = sum >> 32;
    }
    carry_out(x, 1, -1, cnt);
}

/* ---- control ---- */
/* BRA [uniform predicate,] target: guarded lanes jump if the uniform
 * predicate (BRA.U !UP0, ...) holds; .DIV only when the warp has diverged */
SEM(BRA)
{
    uint64_t take = x->mask;
    if (x->in->o[0].kind == OPK_UPRED && !upred_src(x, 0)) take = 0;
    if (x->in->o[0].kind == OPK_PRED) take &= pred_src(x, 0);
    if (INSN_HAS(x->in, DIV) || INSN_HAS(x->in, CONV)) {
        /* the mask: a uniform register (BRA.DIV UR4, BRA.CONV ~URZ), else every lane */
        uint64_t lanes = x->w->lanes;
        if (x->in->o[1].kind != OPK_NONE) {
            isa_src m;
            src_at(x, 1, &m);
            lanes &= get_u32(&m, 0) | (x->w->warp_size > 32 ? (uint64_t)get_u32(&m, 0) << 32 : 0);
        }
        int converged = (lanes & ~x->mask) == 0;
        if (converged == (int)INSN_HAS(x->in, DIV)) take = 0;
    }
    x->res->taken_mask = take;
}
SEM(EXIT)
{
    /* EXIT P: only the executing lanes where P holds finish (as BRA's
     * predicate narrows the lanes that jump) */
    if (x->in->o[0].kind == OPK_PRED) x->res->exec_mask &= pred_src(x, 0);
    x->res->exited = 1;
}
/* BAR.SYNC a, b / BAR.ARV a, b / BAR.RED a, b, p: barrier a (0..15) of
 * the block, for b threads (a multiple of the warp size; without b, every
 * thread of the block), as PTX ISA bar.sync / bar.arrive / bar.red define
 * them; a register operand is read in the first executing lane (PTX: the
 * same in every thread). sim/exec/warpbar.c counts the arrivals. */
static int bar_operands(const isa_xctx *x, int count_at)
{
    isa_result *r = x->res;
    int lane = x->mask ? __builtin_ctzll(x->mask) : 0;
    isa_src s;
    uint32_t id = 0, n = 0;
    if (x->in->nops > 0 && (x->in->o[0].kind == OPK_IMM || x->in->o[0].kind == OPK_REG)) {
        src_at(x, 0, &s);
        id = get_u32(&s, lane);
    }
    if (count_at < x->in->nops && (x->in->o[count_at].kind == OPK_IMM || x->in->o[count_at].kind == OPK_REG)) {
        src_at(x, count_at, &s);
        n = get_u32(&s, lane);
        if (n == 0 || n % (uint32_t)x->w->warp_size || n > ISA_BAR_MAX_THREADS) {
            r->fault = FAULT_BARRIER; r->fault_lane = lane; r->fault_addr = n;
            return -1;
        }
    }
    if (id >= ISA_BARRIERS) {
        r->fault = FAULT_BARRIER; r->fault_lane = lane; r->fault_addr = id;
        return -1;
    }
    r->bar_id = (int)id;
    r->bar_threads = n;
    r->barrier = 1;
    return 0;
}
SEM(BAR_SYNC) { bar_operands(x, 1); }
SEM(BAR_ARV)
{
    if (bar_operands(x, 1)) return;
    x->res->bar_arrive = 1;
}
/* BAR.RED: the barrier, and the lanes whose predicate is true; the
 * barrier's count is made when its threads have arrived (sim/exec/warpbar.c)
 * and read with B2R.RESULT (PTX ISA bar.red: "the result is available to all
 * threads after the barrier completes") */
SEM(BAR_RED)
{
    int p = x->in->nops - 1;
    if (bar_operands(x, p > 1 ? 1 : p)) return;
    x->res->bar_red = x->in->func;
    x->res->bar_pred = any_pred_src(x, p) & x->mask;
}
SEM(B2R)
{
    FOR_LANES(x, l) put_u32(x, 0, l, x->w->bar_count);
    if (x->in->nops > 1 && x->in->o[1].kind == OPK_PRED) pred_dst(x, 1, x->w->bar_pred ? ~0ull : 0);
}
SEM(MEMBAR) { (void)x; }
SEM(NOP) { (void)x; }

/* ---- uniform: one value per warp ---- */
static uint32_t uval(const isa_xctx *x, int i)
{
    isa_src s;
    src_at(x, i, &s);
    return get_u32(&s, 0);
}

SEM(UMOV) { ureg_dst(x, 0, uval(x, 1)); }
/* a uniform source as the adder sees it (get_add33: -UR carries as IADD3's -R) */
static uint64_t uadd(const isa_xctx *x, int i)
{
    isa_src s;
    src_at(x, i, &s);
    return get_add33(&s, 0);
}

SEM(UIADD3)
{
    uint64_t sum = uadd(x, 3) + uadd(x, 4) + uadd(x, 5);
    if (INSN_HAS(x->in, X))
        for (int i = 6; i < 8; i++)
            if (x->in->o[i].kind == OPK_UPRED) sum += (uint64_t)upred_src(x, i);
    ureg_dst(x, 0, (uint32_t)sum);
    if (x->in->o[1].kind == OPK_UPRED) upred_dst(x, 1, (sum >> 32) >= 1);
    if (x->in->o[2].kind == OPK_UPRED) upred_dst(x, 2, (sum >> 32) >= 2);
}
SEM(UIMAD) { ureg_dst(x, 0, uval(x, 1) * uval(x, 2) + uval(x, 3)); }
SEM(UIMAD_WIDE)
{
    isa_src c;
    src_at(x, 4, &c);
    int sign = isa_type_is_signed(isa_insn_type(x->in));
    /* as IMAD.WIDE: the carry out of the 64-bit sum (and of the carry-in's
     * addition) goes to the optional UP, for 64 x 64-bit products */
    uint64_t p = mul_wide(uval(x, 2), uval(x, 3), sign), s = p + get_u64(&c, 0);
    uint64_t d = s + (INSN_HAS(x->in, X) && x->in->o[5].kind == OPK_UPRED ? (uint64_t)upred_src(x, 5) : 0);
    if (x->in->o[1].kind == OPK_UPRED) upred_dst(x, 1, s < p || d < s);
    const isa_operand *o = &x->in->o[0];
    if (o->reg == ISA_UREG_URZ) return;
    x->w->uregs[o->reg] = (uint32_t)d;
    x->w->uregs[o->reg + 1] = (uint32_t)(d >> 32);
}
SEM(ULOP) { ureg_dst(x, 0, lop(x->in->func, uval(x, 1), uval(x, x->in->nops > 2 ? 2 : 1))); }
SEM(USEL) { ureg_dst(x, 0, upred_src(x, 3) ? uval(x, 1) : uval(x, 2)); }

SEM(UISETP)
{
    int sign = isa_type_is_signed(isa_insn_type(x->in));
    int t = INSN_HAS(x->in, EX) && x->in->o[5].kind == OPK_UPRED
          ? cmp_ex(x->in->cmp, uval(x, 2), uval(x, 3), sign, upred_src(x, 5))
          : cmp_i64(x->in->cmp, as_int(uval(x, 2), sign), as_int(uval(x, 3), sign));
    int c = upred_src(x, 4);
    upred_dst(x, 0, (int)bool_combine(x->in->boolop, (uint64_t)t, (uint64_t)c) & 1);
    upred_dst(x, 1, (int)bool_combine(x->in->boolop, (uint64_t)!t, (uint64_t)c) & 1);
}

SEM(S2UR)
{
    ureg_dst(x, 0, x->env->sreg(x->env->ctx, (isa_sreg)x->in->o[1].imm, __builtin_ctzll(x->mask)));
}
