/* isa/sem_mem.c — loads, stores and atomics in global, shared and local
 * memory. Lanes run in lane order, so atomics within a warp are
 * deterministic; the memory itself belongs to the runner (isa_env). */
#include "exec_internal.h"

static uint64_t lane_address(const isa_xctx *x, int i, int lane)
{
    const isa_operand *o = &x->in->o[i];
    int wide = isa_mem_addr64(x->in, i);
    uint64_t base = 0;
    if (o->base_kind == OPK_REG && o->reg != ISA_REG_RZ) {
        const uint32_t *row = x->w->regs + (size_t)o->reg * x->w->warp_size;
        base = row[lane];
        if (wide) base |= (uint64_t)row[lane + x->w->warp_size] << 32;
    } else if (o->base_kind == OPK_UREG && o->reg != ISA_UREG_URZ) {
        base = x->w->uregs[o->reg];
        if (wide) base |= (uint64_t)x->w->uregs[o->reg + 1] << 32;
    }
    base <<= o->scale;
    if (o->uindex && o->uindex - 1 != ISA_UREG_URZ) base += x->w->uregs[o->uindex - 1];
    uint64_t a = base + (uint64_t)o->imm;
    return wide ? a : (uint32_t)a;
}

/* The fast path's address operand, resolved once per instruction: a lane's
 * address is ((lo | hi << 32) << scale) + add, cut to 32 bits unless wide,
 * which is lane_address's sum in another order (mod 2^64). */
typedef struct {
    const uint32_t *lo, *hi;  /* the base's words: a register row (stride 1) or scalar */
    int stride, scale, wide;
    uint64_t add;             /* the uniform index and the offset */
    uint32_t scalar[2];
} mem_addr;

static void addr_at(const isa_xctx *x, int i, mem_addr *a)
{
    const isa_operand *o = &x->in->o[i];
    int ws = x->w->warp_size;
    a->wide = isa_mem_addr64(x->in, i);
    a->scale = o->scale;
    a->stride = 0;
    a->scalar[0] = a->scalar[1] = 0;
    a->lo = a->scalar;
    a->hi = a->scalar + 1;
    if (o->base_kind == OPK_REG && o->reg != ISA_REG_RZ) {
        a->lo = x->w->regs + (size_t)o->reg * ws;
        a->hi = a->wide ? a->lo + ws : isa_zero_row;
        a->stride = 1;
    } else if (o->base_kind == OPK_UREG && o->reg != ISA_UREG_URZ) {
        a->scalar[0] = x->w->uregs[o->reg];
        if (a->wide) a->scalar[1] = x->w->uregs[o->reg + 1];
    }
    a->add = (uint64_t)o->imm;
    if (o->uindex && o->uindex - 1 != ISA_UREG_URZ) a->add += x->w->uregs[o->uindex - 1];
}

static inline uint64_t addr_of(const mem_addr *a, int lane)
{
    uint64_t base = a->lo[lane * a->stride] | (uint64_t)a->hi[lane * a->stride] << 32;
    uint64_t v = (base << a->scale) + a->add;
    return a->wide ? v : (uint32_t)v;
}

/* size bytes, with the common sizes as fixed copies (no library call) */
static inline void copy_lane(void *dst, const void *src, int size)
{
    switch (size) {
    case 4: memcpy(dst, src, 4); break;
    case 8: memcpy(dst, src, 8); break;
    default: memcpy(dst, src, (size_t)size); break;
    }
}

static inline int same_lane(const void *a, const void *b, int size)
{
    switch (size) {
    case 4: { uint32_t x, y; memcpy(&x, a, 4); memcpy(&y, b, 4); return x == y; }
    case 8: { uint64_t x, y; memcpy(&x, a, 8); memcpy(&y, b, 8); return x == y; }
    default: return !memcmp(a, b, (size_t)size);
    }
}

/* the lane's access within the window: the bytes copied (a write that
 * changes memory counted in *epoch) */
static inline void in_window(const isa_window *w, uint64_t addr, void *buf, int size, int write)
{
    uint8_t *p = w->data + (addr - w->lo);
    if (write == ISA_MEM_READ) copy_lane(buf, p, size);
    else if (!same_lane(p, buf, size)) {
        copy_lane(p, buf, size);
        ++*w->epoch;
    }
}

static inline int inside(const isa_window *w, uint64_t addr, int size)
{
    return addr - w->lo < w->hi - w->lo && (uint64_t)size <= w->hi - addr;
}

/* the window moved to the one the environment has around addr (1); or
 * none there, and then none for the instruction's other lanes either: the
 * environment decides the rest through isa_env.mem (0) */
static int window_to(const isa_xctx *x, int lane, uint64_t addr, int size)
{
    isa_window *w = x->win;
    if (!w->none && x->env->window(x->env->ctx, x->res->mem_space, lane, addr, w) && inside(w, addr, size)) return 1;
    w->lo = w->hi = 0;
    w->none = 1;
    return 0;
}

/* an access outside the instruction's window: a new window from the
 * environment (isa_env.window) if it has one there, or isa_env.mem, which
 * also reports faults */
static __attribute__((noinline)) int access_outside(const isa_xctx *x, int lane, uint64_t addr, void *buf, int size,
                                                    int write)
{
    isa_result *r = x->res;
    int f = FAULT_MISALIGNED;
    if (!(addr & (uint64_t)(size - 1))) {
        if (write != ISA_MEM_CHECK && window_to(x, lane, addr, size)) {
            in_window(x->win, addr, buf, size, write);
            return 0;
        }
        f = x->env->mem(x->env->ctx, r->mem_space, lane, addr, buf, size, write);
    }
    if (f != FAULT_NONE) {
        r->fault = f;
        r->fault_lane = lane;
        r->fault_addr = addr;
        return -1;
    }
    return 0;
}

/* check alignment and access memory (an aligned access inside the window
 * directly); records a fault */
static inline int access(const isa_xctx *x, int lane, uint64_t addr, void *buf, int size, int write)
{
    x->res->addr[lane] = addr;
    if (write != ISA_MEM_CHECK && !(addr & (uint64_t)(size - 1)) && inside(x->win, addr, size)) {
        in_window(x->win, addr, buf, size, write);
        return 0;
    }
    return access_outside(x, lane, addr, buf, size, write);
}

static void begin(const isa_xctx *x, int size, int store, int atomic)
{
    x->res->is_mem = 1;
    x->res->is_store = store;
    x->res->is_atomic = atomic;
    x->res->mem_space = isa_op_space(x->in->op);
    x->res->mem_size = size;
    x->win->lo = x->win->hi = 0;
    x->win->none = !x->env->window;
}

/* the runner applies this access later (isa_env.defer_global) */
static int deferred(const isa_xctx *x) { return x->env->defer_global && x->res->mem_space == SPACE_GLOBAL; }

/* a loaded value into the lane's destination registers */
static void load_put(const isa_xctx *x, int lane, uint32_t buf[4])
{
    int type = isa_insn_type(x->in);
    if (type == MOD_TYPE_S8) buf[0] = (uint32_t)(int32_t)(int8_t)buf[0];
    if (type == MOD_TYPE_S16) buf[0] = (uint32_t)(int32_t)(int16_t)buf[0];
    for (int i = 0; i < x->in->o[0].width; i++) {
        uint32_t *row = dst_row(x, 0, i);
        if (row) row[lane] = buf[i];
    }
}

/* the deferred accesses' checks (isa_env.defer_global), the fast path: an
 * aligned lane inside the span the environment has checked (isa_env.checked)
 * keeps its address and asks nothing; the others go through access, which
 * asks isa_env.mem as the general path does. Lanes stop at a fault. */
static void check_lanes(const isa_xctx *x, int i, int size)
{
    mem_addr a;
    addr_at(x, i, &a);
    const uint64_t *span = x->env->checked;
    uint64_t align = (uint64_t)size - 1;
    FOR_LANES(x, l) {
        uint64_t addr = addr_of(&a, l);
        if (span && !(addr & align) && addr - span[0] < span[1] - span[0] && (uint64_t)size <= span[1] - addr) {
            x->res->addr[l] = addr;
            continue;
        }
        uint32_t buf[4] = { 0, 0, 0, 0 };
        if (access(x, l, addr, buf, size, ISA_MEM_CHECK)) return;   /* FOR_LANES is two loops */
    }
}

/* a load at once (shared, local, or global not deferred) of one or two
 * whole words into registers (not RZ), the fast path: the address operand
 * resolved and the destination rows found once, not per lane (lane_address
 * and load_put were 13% of sgemm_tiled's shared-memory loop). 0 when the
 * load is not of that kind. Lanes stop at a fault, as in load. */
static int load_words_now(const isa_xctx *x, int size)
{
    int type = isa_insn_type(x->in), width = x->in->o[0].width;
    if (size != 4 * width || width > 2 || type == MOD_TYPE_S8 || type == MOD_TYPE_S16) return 0;
    uint32_t *rows[2] = { dst_row(x, 0, 0), width == 2 ? dst_row(x, 0, 1) : NULL };
    if (!rows[0] || (width == 2 && !rows[1])) return 0;
    mem_addr a;
    addr_at(x, 1, &a);
    FOR_LANES(x, l) {
        uint32_t buf[2] = { 0, 0 };
        if (access(x, l, addr_of(&a, l), buf, size, ISA_MEM_READ)) return 1;
        rows[0][l] = buf[0];
        if (width == 2) rows[1][l] = buf[1];
    }
    return 1;
}

static void load(isa_xctx *x)
{
    int size = isa_type_bytes(isa_insn_type(x->in));
    begin(x, size, 0, 0);
    int later = deferred(x);
    if (later && isa_exec_fast) { check_lanes(x, 1, size); return; }
    if (!later && isa_exec_fast && load_words_now(x, size)) return;
    FOR_LANES(x, l) {
        if (x->res->fault) continue;
        uint32_t buf[4] = { 0, 0, 0, 0 };
        if (access(x, l, lane_address(x, 1, l), buf, size, later ? ISA_MEM_CHECK : ISA_MEM_READ) || later) continue;
        load_put(x, l, buf);
    }
}

static void store(isa_xctx *x)
{
    int size = isa_type_bytes(isa_insn_type(x->in));
    begin(x, size, 1, 0);
    int later = deferred(x);
    const isa_operand *d = &x->in->o[1];
    isa_src parts[4];
    for (int i = 0; i < d->width; i++) {
        src_at(x, 1, &parts[i]);
        if (d->kind == OPK_REG && d->reg != ISA_REG_RZ) parts[i].lo += (size_t)i * x->w->warp_size;
        else if (i) parts[i].lo = parts[i].hi;   /* 64-bit immediate/constant: high word */
    }
    mem_addr a;   /* the fast path's address, resolved once */
    if (isa_exec_fast) addr_at(x, 0, &a);
    FOR_LANES(x, l) {
        if (x->res->fault) continue;
        uint32_t *buf = x->res->data[l];
        buf[0] = buf[1] = buf[2] = buf[3] = 0;
        for (int i = 0; i < d->width; i++) buf[i] = parts[i].lo[l * parts[i].stride];
        uint64_t addr = isa_exec_fast ? addr_of(&a, l) : lane_address(x, 0, l);
        access(x, l, addr, buf, size, later ? ISA_MEM_CHECK : ISA_MEM_WRITE);
    }
}

/* the lane accesses for the other memory semantics (isa/sem_tex.c) */
void isa_mem_begin(const isa_xctx *x, int size, int store) { begin(x, size, store, 0); }
int isa_mem_access(const isa_xctx *x, int lane, uint64_t addr, void *buf, int size, int write)
{
    return access(x, lane, addr, buf, size, write);
}
void isa_mem_put(const isa_xctx *x, int lane, uint32_t buf[4]) { load_put(x, lane, buf); }
int isa_mem_deferred(const isa_xctx *x) { return deferred(x); }

SEM(LDG) { load(x); }
SEM(LDS) { load(x); }
SEM(LDL) { load(x); }
SEM(STG) { store(x); }
SEM(STS) { store(x); }
SEM(STL) { store(x); }

/* the constant at offset off of bank 0, as LDC's destination words
 * (outside the bank reads 0) */
static void constant_at(const isa_xctx *x, uint64_t off, int size, int type, uint32_t buf[4])
{
    buf[0] = buf[1] = buf[2] = buf[3] = 0;
    if (off <= x->env->cbank_size && (uint64_t)size <= x->env->cbank_size - off) memcpy(buf, x->env->cbank + off, (size_t)size);
    if (type == MOD_TYPE_S8) buf[0] = (uint32_t)(int32_t)(int8_t)buf[0];
    if (type == MOD_TYPE_S16) buf[0] = (uint32_t)(int32_t)(int16_t)buf[0];
}

SEM(LDC)
{
    const isa_operand *d = &x->in->o[0], *c = &x->in->o[1];
    int type = isa_insn_type(x->in), size = isa_type_bytes(type);
    uint32_t buf[4];
    if (c->base_kind != OPK_REG || c->reg == ISA_REG_RZ) {
        /* one offset for every lane (nvcc's kernels for sm_90 load their
         * parameters so, several LDCs a warp): read once, copied into the
         * rows, where a copy per lane was 4% of a small saxpy; a uniform
         * index (c[0x0][UR4+0x10]) is the same in every lane */
        uint32_t uidx = c->base_kind == OPK_UREG && c->reg != ISA_UREG_URZ ? x->w->uregs[c->reg] : 0;
        constant_at(x, (uint64_t)(int64_t)((int64_t)uidx + c->imm), size, type, buf);
        for (int i = 0; i < d->width; i++) {
            uint32_t *row = dst_row(x, 0, i);
            if (!row) continue;
            FOR_LANES(x, l) row[l] = buf[i];
        }
        return;
    }
    /* c[0x0][R3+0x10] reads a lane's own offset */
    const uint32_t *index = x->w->regs + (size_t)c->reg * x->w->warp_size;
    FOR_LANES(x, l) {
        constant_at(x, (uint64_t)((int64_t)index[l] + c->imm), size, type, buf);
        for (int i = 0; i < d->width; i++) {
            uint32_t *row = dst_row(x, 0, i);
            if (row) row[l] = buf[i];
        }
    }
}

/* ULDC: LDC into uniform registers (.64: a pair; .U8 .S8 .U16 .S16
 * extended to 32 bits as LDC's), the offset plus a uniform index if any */
SEM(ULDC)
{
    const isa_operand *d = &x->in->o[0], *c = &x->in->o[1];
    int type = isa_insn_type(x->in), size = isa_type_bytes(type);
    uint32_t buf[4];
    uint32_t uidx = c->base_kind == OPK_UREG && c->reg != ISA_UREG_URZ ? x->w->uregs[c->reg] : 0;
    constant_at(x, (uint64_t)((int64_t)uidx + c->imm), size ? size : 4 * d->width, type, buf);
    for (int i = 0; i < d->width; i++)
        if (d->reg != ISA_UREG_URZ) x->w->uregs[d->reg + i] = buf[i];
}

/* ---- atomics ---- */
/* atom.add.noftz.f16x2 / .bf16x2: each half of old plus a's, rounded to
 * nearest even once (the sum of two halves is exact in a double), without
 * flushing subnormals (PTX ISA atom: ".noftz") */
static uint32_t add_half2(uint32_t old, uint32_t a, int bf)
{
    uint32_t r = 0;
    for (int k = 0; k < 2; k++) {
        double v = isa_half_value((uint16_t)(old >> 16 * k), bf) + isa_half_value((uint16_t)(a >> 16 * k), bf);
        r |= (uint32_t)isa_half_round(v, bf, -1) << 16 * k;
    }
    return r;
}

static uint64_t atomic_op(int func, int type, uint64_t old, uint64_t a, uint64_t b)
{
    int wide = isa_type_bytes(type) == 8, sign = isa_type_is_signed(type);
    uint64_t mask = wide ? UINT64_MAX : 0xffffffffu;
    int64_t so = wide ? (int64_t)old : (int64_t)(int32_t)old;
    int64_t sa = wide ? (int64_t)a : (int64_t)(int32_t)a;
    switch (func) {
    case MOD_ATOM_ADD:
        if (type == MOD_TYPE_F32) {
            float fo, fa; uint32_t o32 = (uint32_t)old, a32 = (uint32_t)a;
            memcpy(&fo, &o32, 4); memcpy(&fa, &a32, 4);
            fo += fa; memcpy(&o32, &fo, 4);
            return o32;
        }
        if (type == MOD_TYPE_F16X2 || type == MOD_TYPE_BF16X2)
            return add_half2((uint32_t)old, (uint32_t)a, type == MOD_TYPE_BF16X2);
        if (type == MOD_TYPE_F64) {
            double fo, fa;
            memcpy(&fo, &old, 8); memcpy(&fa, &a, 8);
            fo += fa; memcpy(&old, &fo, 8);
            return old;
        }
        return (old + a) & mask;
    case MOD_ATOM_MIN: return sign ? ((so < sa ? old : a) & mask) : (old < a ? old : a);
    case MOD_ATOM_MAX: return sign ? ((so > sa ? old : a) & mask) : (old > a ? old : a);
    case MOD_ATOM_EXCH: return a;
    case MOD_ATOM_CAS: return old == a ? b : old;
    case MOD_ATOM_AND: return old & a;
    case MOD_ATOM_OR: return old | a;
    case MOD_ATOM_XOR: return old ^ a;
    case MOD_ATOM_CAST: return old == a ? b : old;
    case MOD_ATOM_DEC: /* PTX ISA atom.dec: wrap to a at 0 or above a, as CUDA's atomicDec */
        return old == 0 || old > a ? a : old - 1;
    default: /* INC: wrap to 0 at the limit a, as CUDA's atomicInc */
        return old >= a ? 0 : (old + 1) & mask;
    }
}

/* the memory operand of an atomic: after nvcc's optional predicate and the
 * destination (ATOMG PT, R3, [R2.64], R5), or first (RED) */
static int atomic_mem_slot(const isa_insn *in)
{
    int i = 0;
    while (i < in->nops - 1 && in->o[i].kind != OPK_MEM) i++;
    return i;
}

/* one lane's read-modify-write; the old value into the destination */
static void atomic_lane(const isa_xctx *x, int lane, uint64_t addr, uint64_t va, uint64_t vb, int has_result)
{
    int type = isa_insn_type(x->in), size = isa_type_bytes(type);
    /* a 4-byte value is read into 4 bytes: read into the low half of a
     * zeroed 8-byte word, the word's load waited for both stores to retire
     * (no store forwarding across two stores; a third of a shared-memory
     * histogram's atomic time) */
    uint64_t old = 0;
    if (size == 4) {
        uint32_t o32;
        if (access(x, lane, addr, &o32, 4, ISA_MEM_READ)) return;
        old = o32;
    } else if (access(x, lane, addr, &old, size, ISA_MEM_READ)) return;
    /* ATOMS.POPC.INC without an operand: each lane adds one (the warp's
     * count, as the hardware applies it once) */
    int func = x->in->o[atomic_mem_slot(x->in) + 1].kind == OPK_NONE ? MOD_ATOM_ADD : x->in->func;
    uint64_t nv = atomic_op(func, type, old, va, vb);
    if (nv != old && access(x, lane, addr, &nv, size, ISA_MEM_WRITE)) return;
    if (!has_result) return;
    int d = atomic_mem_slot(x->in) - 1;
    if (func == MOD_ATOM_CAST) old = old == va;   /* compare and store: 1 if it stored */
    if (size == 8) put_u64(x, d, lane, old);
    else put_u32(x, d, lane, (uint32_t)old);
}

static void atomic(isa_xctx *x, int has_result)
{
    int type = isa_insn_type(x->in), size = isa_type_bytes(type);
    int first = atomic_mem_slot(x->in);     /* index of the memory operand */
    begin(x, size, 1, 1);
    int later = deferred(x);
    isa_src a, b;
    if (first + 1 < x->in->nops && x->in->o[first + 1].kind != OPK_NONE) src_at(x, first + 1, &a);
    else {   /* ATOMS.POPC.INC without an operand: the constant 1 */
        a = (isa_src){ .stride = 0, .absmask = 0xffffffffu, .scalar = { 1, 0, 0, 0 } };
        a.lo = a.scalar;
        a.hi = a.scalar + 1;
    }
    if (first + 2 < x->in->nops && x->in->o[first + 2].kind != OPK_NONE) src_at(x, first + 2, &b);
    else b = a;
    FOR_LANES(x, l) {
        if (x->res->fault) continue;
        uint64_t addr = lane_address(x, first, l);
        uint64_t va = size == 8 ? get_u64(&a, l) : get_u32(&a, l);
        uint64_t vb = size == 8 ? get_u64(&b, l) : get_u32(&b, l);
        if (!later) { atomic_lane(x, l, addr, va, vb, has_result); continue; }
        uint32_t *keep = x->res->data[l];
        keep[0] = (uint32_t)va; keep[1] = (uint32_t)(va >> 32);
        keep[2] = (uint32_t)vb; keep[3] = (uint32_t)(vb >> 32);
        access(x, l, addr, NULL, size, ISA_MEM_CHECK);
    }
}

/* LDGSTS reads global memory at issue: its destination is shared memory */
/* texture fetches read memory at issue: a texture is read-only while a
 * kernel runs (the CUDA programming guide's texture coherence rule), so no
 * order among SMs matters; surface loads and stores are ordered as LDG/STG;
 * the device library's calls are deferred, but a failed assert, which stops
 * the kernel at issue (isa/sem_call.c) */
int isa_defers(const isa_insn *in)
{
    if (in->op == OP_CALL_ABS) return in->o[0].kind != OPK_IMM || in->o[0].imm != ISA_CALL_ASSERTFAIL;
    return isa_op_space(in->op) == SPACE_GLOBAL && in->op != OP_LDGSTS && !isa_op_tex_fetch(in->op);
}

/* A deferred load in two passes: the first (lanes_at) finds each lane's
 * host bytes, moving the window where a lane lies outside it as
 * access_outside would, in lane order, and starts them on their way; the
 * second reads them. A gather's lanes each wait for a line of host memory,
 * and in one pass each lane waited for the one before (spmv_csr's gathers
 * spent 94% of access_outside on one load; the same for stores gained
 * nothing on transpose_naive's scattered ones: 0.99-1.02).
 * Lanes without a window (misaligned, or the environment has none) are
 * left to access_outside in the second pass, in lane order: once the
 * window is gone no lane asks for one again, so the environment sees the
 * same calls in the same order. Returns those lanes' mask. */
static uint64_t lanes_at(const isa_xctx *x, int size, const uint8_t **at)
{
    isa_window *w = x->win;
    uint64_t slow = 0;
    FOR_LANES(x, l) {
        uint64_t addr = x->res->addr[l];
        if ((addr & (uint64_t)(size - 1)) || (!inside(w, addr, size) && !window_to(x, l, addr, size))) {
            slow |= (uint64_t)1 << l;
            continue;
        }
        at[l] = w->data + (addr - w->lo);
        __builtin_prefetch(at[l]);
    }
    return slow;
}

/* a deferred load of one or two whole words into registers (not RZ) */
static void commit_words(const isa_xctx *x, int width, uint32_t *const *rows)
{
    int size = 4 * width;
    const uint8_t *at[ISA_MAX_LANES];
    uint64_t slow = lanes_at(x, size, at);
    FOR_LANES(x, l) {
        uint32_t buf[2] = { 0, 0 };
        if (!(slow >> l & 1)) copy_lane(buf, at[l], size);
        else if (access_outside(x, l, x->res->addr[l], buf, size, ISA_MEM_READ)) continue;
        rows[0][l] = buf[0];
        if (width == 2) rows[1][l] = buf[1];
    }
}

/* a deferred load's values, the fast path: its type and destination rows
 * found once, not per lane (load_put) */
static void commit_load(const isa_xctx *x, int size)
{
    int type = isa_insn_type(x->in), width = x->in->o[0].width;
    uint32_t *rows[4];
    for (int i = 0; i < width; i++) rows[i] = dst_row(x, 0, i);
    if (size == 4 * width && width <= 2 && rows[0] && type != MOD_TYPE_S8 && type != MOD_TYPE_S16) {
        commit_words(x, width, rows);
        return;
    }
    FOR_LANES(x, l) {
        uint32_t buf[4] = { 0, 0, 0, 0 };
        if (access(x, l, x->res->addr[l], buf, size, ISA_MEM_READ)) continue;
        if (type == MOD_TYPE_S8) buf[0] = (uint32_t)(int32_t)(int8_t)buf[0];
        if (type == MOD_TYPE_S16) buf[0] = (uint32_t)(int32_t)(int16_t)buf[0];
        for (int i = 0; i < width; i++)
            if (rows[i]) rows[i][l] = buf[i];
    }
}

/* the deferred access, lane by lane in lane order as isa_exec would have */
void isa_commit_global(const isa_kernel *k, const isa_insn *in, isa_warp_regs *w, const isa_env *env, isa_result *res)
{
    isa_window win = { 0, 0, NULL, NULL, !env->window };
    isa_xctx x = { k, in, w, env, res, res->exec_mask, &win };
    if (in->op == OP_CALL_ABS) { isa_call_run(k, in, w, env, res); return; }   /* sem_call.c */
    isa_kind kind = isa_ops[in->op].kind;
    int size = res->mem_size;
    if (kind == KIND_LOAD && isa_exec_fast) { commit_load(&x, size); return; }
    FOR_LANES(&x, l) {
        uint32_t *d = res->data[l];
        if (kind == KIND_LOAD) {
            uint32_t buf[4] = { 0, 0, 0, 0 };
            if (!access(&x, l, res->addr[l], buf, size, ISA_MEM_READ)) load_put(&x, l, buf);
        } else if (kind == KIND_STORE) {
            access(&x, l, res->addr[l], d, size, ISA_MEM_WRITE);
        } else {
            atomic_lane(&x, l, res->addr[l], d[0] | (uint64_t)d[1] << 32, d[2] | (uint64_t)d[3] << 32, atomic_mem_slot(in) > 0);
        }
    }
}

SEM(ATOMG) { atomic(x, 1); }
SEM(ATOMS) { atomic(x, 1); }
SEM(RED) { atomic(x, 0); }
SEM(REDG) { atomic(x, 0); }
SEM(ATOM) { atomic(x, 1); }
/* generic LD/ST: every generic address is a global one in this model (as in
 * Accel-Sim); a generic access to the shared or local window faults */
SEM(LD) { load(x); }
SEM(ST) { store(x); }

/* LDGSTS [shared], [global]: an asynchronous copy, done at issue here (the
 * data is in shared memory when LDGDEPBAR/DEPBAR would let the warp on) */
SEM(LDGSTS)
{
    int size = isa_type_bytes(isa_insn_type(x->in));
    begin(x, size, 0, 0);
    FOR_LANES(x, l) {
        if (x->res->fault) continue;
        uint32_t buf[4] = { 0, 0, 0, 0 };
        if (access(x, l, lane_address(x, 1, l), buf, size, ISA_MEM_READ)) continue;
        uint32_t saddr = (uint32_t)lane_address(x, 0, l);
        int f = x->env->mem(x->env->ctx, SPACE_SHARED, l, saddr, buf, size, ISA_MEM_WRITE);
        if (f && !x->res->fault) { x->res->fault = f; x->res->fault_lane = l; x->res->fault_addr = saddr; }
    }
}
