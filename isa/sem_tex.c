/* isa/sem_tex.c — texture fetches (TEX, TLD, TLD4) and surface accesses
 * (SULD, SUST) through texture and surface objects (isa/tex.h). Texels are
 * read at issue (a texture is read-only while a kernel runs); surface
 * accesses are global loads and stores at the addresses their coordinates
 * name, ordered as LDG and STG are. Filtering and addressing follow the CUDA
 * C++ Programming Guide's "Texture Fetching" appendix: nearest-point
 * sampling takes texel floor(x); linear filtering blends the texels around
 * x - 0.5 with weights in 9-bit fixed point, 8 bits of fraction. */
#include "exec_internal.h"
#include "tex.h"

/* the object's handle: the handle operand's value when it is a register
 * (sm_90: UR4), else the bank-0 word the immediate after it names (sm_80's
 * TEX.SCR ..., 0x0, 0x58: the word at 0x160, the kernel's parameter) */
static uint32_t handle_of(const isa_xctx *x, int slot)
{
    const isa_operand *o = &x->in->o[slot];
    if (o->kind == OPK_UREG) return o->reg == ISA_UREG_URZ ? 0 : x->w->uregs[o->reg];
    if (o->kind == OPK_CONST || slot + 1 >= x->in->nops || x->in->o[slot + 1].kind != OPK_IMM) {
        isa_src s;
        src_at(x, slot, &s);
        return s.scalar[0];
    }
    uint64_t off = (uint64_t)x->in->o[slot + 1].imm * 4;
    uint32_t h = 0;
    if (off + 4 <= x->env->cbank_size) memcpy(&h, x->env->cbank + off, 4);
    return h;
}

/* the descriptor, read from global memory through the first executing lane
 * (a bad handle faults there, naming its address); 0 or -1 */
static int desc_of(const isa_xctx *x, uint32_t handle, isa_tex_desc *d)
{
    uint64_t addr = (uint64_t)handle << ISA_TEX_HANDLE_SHIFT;
    int lane = __builtin_ctzll(x->mask);
    uint64_t words[ISA_TEX_DESC_BYTES / 8];
    for (int i = 0; i < ISA_TEX_DESC_BYTES / 8; i++)
        if (isa_mem_access(x, lane, addr + 8u * (unsigned)i, &words[i], 8, ISA_MEM_READ)) return -1;
    memcpy(d, words, sizeof *d);
    if (d->channels < 1 || d->channels > 4 || (d->bits != 8 && d->bits != 16 && d->bits != 32) || !d->width
        || !d->height || !d->depth) {
        x->res->fault = FAULT_OUT_OF_BOUNDS;   /* not a descriptor warpsim's runtime wrote */
        x->res->fault_lane = lane;
        x->res->fault_addr = addr;
        return -1;
    }
    return 0;
}

static float half_bits_to_float(uint32_t h)
{
    uint32_t sign = (h & 0x8000u) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ff, bits;
    if (e == 0x1f) bits = sign | 0x7f800000u | m << 13;
    else if (e) bits = sign | (e + 112) << 23 | m << 13;
    else if (!m) bits = sign;
    else {
        float f = (float)m * (1.0f / 16777216.0f);   /* a subnormal half: m * 2^-24 */
        memcpy(&bits, &f, 4);
        bits |= sign;
    }
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

/* a texel's channels as the register bits TEX returns: floats for float
 * channels and normalised reads, else the integers (extended by kind);
 * channels the format lacks read 0, alpha 1 */
static void texel_value(const isa_tex_desc *d, const uint8_t *raw, int as_float, uint32_t out[4])
{
    for (int c = 0; c < 4; c++) {
        if (c >= d->channels) {
            float one = 1.0f;
            uint32_t ob;
            memcpy(&ob, &one, 4);
            out[c] = c < 3 ? 0 : as_float ? ob : 1;
            continue;
        }
        uint32_t v = 0;
        memcpy(&v, raw + c * (d->bits / 8), (size_t)d->bits / 8);
        float f;
        if (d->kind == ISA_TEXK_FLOAT) {
            f = d->bits == 16 ? half_bits_to_float(v) : 0;
            if (d->bits == 32) memcpy(&f, &v, 4);
            memcpy(&out[c], &f, 4);
            continue;
        }
        int32_t sv = d->bits == 8 ? (int32_t)(int8_t)v : d->bits == 16 ? (int32_t)(int16_t)v : (int32_t)v;
        if (!as_float) { out[c] = d->kind == ISA_TEXK_SIGNED ? (uint32_t)sv : v; continue; }
        double full = d->bits == 8 ? 255.0 : 65535.0;
        f = d->kind == ISA_TEXK_SIGNED ? (float)(sv / (full / 2 - 0.5)) : (float)(v / full);
        if (f < -1.0f) f = -1.0f;
        memcpy(&out[c], &f, 4);
    }
}

/* texel index i of a dimension of n texels under address mode a; -1 for a
 * border texel (cudaAddressModeBorder, and a linear buffer out of range) */
static int64_t address(int64_t i, uint32_t n, int a)
{
    int64_t N = n;
    switch (a) {
    case ISA_TEXA_WRAP: return ((i % N) + N) % N;
    case ISA_TEXA_MIRROR: { int64_t m = ((i % (2 * N)) + 2 * N) % (2 * N); return m < N ? m : 2 * N - 1 - m; }
    case ISA_TEXA_BORDER: return i < 0 || i >= N ? -1 : i;
    default: return i < 0 ? 0 : i >= N ? N - 1 : i;
    }
}

typedef struct {
    const isa_xctx *x;
    const isa_tex_desc *d;
    int lane, as_float;
    uint64_t first;           /* the first texel's address (the access the timing model sees) */
} fetch;

/* the texel at (i, j, k) in layer, its channels in out; 0 or -1 (a fault) */
static int texel_at(fetch *f, int64_t i, int64_t j, int64_t k, uint32_t out[4])
{
    const isa_tex_desc *d = f->d;
    int texel = d->channels * d->bits / 8;
    int64_t n[3] = { d->width, d->height, d->depth };
    int64_t at[3] = { i, j, k };
    int dims = d->layered ? 2 : 3;
    for (int a = 0; a < dims; a++) {
        int mode = d->linear_buffer ? ISA_TEXA_BORDER : d->addr[a];
        if (!d->norm_coords && (mode == ISA_TEXA_WRAP || mode == ISA_TEXA_MIRROR)) mode = ISA_TEXA_CLAMP;
        at[a] = address(at[a], (uint32_t)n[a], mode);
        if (at[a] < 0) {
            if (d->linear_buffer) { memset(out, 0, 16); return 0; }
            for (int c = 0; c < 4; c++) {
                if (f->as_float) memcpy(&out[c], &d->border[c], 4);
                else out[c] = (uint32_t)(int32_t)d->border[c];
            }
            return 0;
        }
    }
    uint64_t addr = d->base + (uint64_t)at[2] * d->slice + (uint64_t)at[1] * d->pitch + (uint64_t)at[0] * (uint64_t)texel;
    uint8_t raw[16] = { 0 };
    if (isa_mem_access(f->x, f->lane, addr, raw, texel, ISA_MEM_READ)) return -1;
    if (!f->first) f->first = addr;
    texel_value(d, raw, f->as_float, out);
    return 0;
}

static float bits_f(uint32_t v) { float f; memcpy(&f, &v, 4); return f; }
static uint32_t f_bits(float f) { uint32_t v; memcpy(&v, &f, 4); return v; }

/* a coordinate in texels (normalised ones scaled by the size), the base
 * texel of its filter footprint and its 8-bit fraction (linear), or the
 * texel it falls in (point) */
static int64_t texel_coord(const isa_tex_desc *d, float c, uint32_t n, int linear, int *frac)
{
    float u = d->norm_coords ? c * (float)n : c;
    if (linear) u -= 0.5f;
    float fl = floorf(u);
    if (frac) *frac = (int)floorf((u - fl) * 256.0f + 0.5f);
    if (fl < -1e9f) fl = -1e9f;
    if (fl > 1e9f) fl = 1e9f;
    return (int64_t)fl;
}

/* coordinates of a fetch: layer (arrays), then x, y, z */
typedef struct { float c[3]; int32_t ic[3]; int32_t layer; int dims; } coords;

static void read_coords(const isa_xctx *x, int lane, int dim, const isa_tex_desc *d, coords *k)
{
    uint32_t v[8] = { 0 };
    int n = 0;
    for (int s = 2; s <= 3; s++) {
        const isa_operand *o = &x->in->o[s];
        if (o->kind != OPK_REG || o->reg == ISA_REG_RZ) continue;
        for (int w = 0; w < o->width && n < 8; w++) v[n++] = x->w->regs[(size_t)(o->reg + w) * x->w->warp_size + lane];
    }
    int layered = dim == MOD_TEXD_A1 || dim == MOD_TEXD_A2;
    k->dims = dim == MOD_TEXD_D1 || dim == MOD_TEXD_A1 ? 1 : dim == MOD_TEXD_D3 ? 3 : 2;
    k->layer = layered ? (int32_t)(v[0] & 0xffff) : 0;
    for (int i = 0; i < 3; i++) {
        uint32_t b = i < k->dims ? v[layered + i] : 0;
        k->c[i] = bits_f(b);
        k->ic[i] = (int32_t)b;
    }
    if (d->dims && d->dims < k->dims) k->dims = d->dims;
}

/* one lane's filtered or gathered value: TEX (gather < 0) or TLD4's
 * component gather; 0 or -1 */
static int sample(fetch *f, const coords *k, int gather, uint32_t out[4])
{
    const isa_tex_desc *d = f->d;
    int linear = d->linear || gather >= 0;
    int64_t kz = d->layered ? k->layer : 0;
    int fx = 0, fy = 0, fz = 0;
    int64_t ix = texel_coord(d, k->c[0], d->width, linear, &fx);
    int64_t iy = k->dims > 1 ? texel_coord(d, k->c[1], d->height, linear, &fy) : 0;
    if (k->dims > 2) kz = texel_coord(d, k->c[2], d->depth, linear, &fz);
    if (!linear) return texel_at(f, ix, iy, kz, out);
    int ny = k->dims > 1 ? 2 : 1, nz = k->dims > 2 ? 2 : 1;
    uint32_t t[2][2][2][4];
    for (int z = 0; z < nz; z++)
        for (int y = 0; y < ny; y++)
            for (int xx = 0; xx < 2; xx++)
                if (texel_at(f, ix + xx, iy + y, kz + z, t[z][y][xx])) return -1;
    if (gather >= 0) {
        /* (i, j+1), (i+1, j+1), (i+1, j), (i, j): DirectX's Gather order */
        out[0] = t[0][1][0][gather]; out[1] = t[0][1][1][gather];
        out[2] = t[0][0][1][gather]; out[3] = t[0][0][0][gather];
        return 0;
    }
    float a = (float)fx / 256.0f, b = (float)fy / 256.0f, g = (float)fz / 256.0f;
    for (int c = 0; c < 4; c++) {
        float v = 0;
        for (int z = 0; z < nz; z++)
            for (int y = 0; y < ny; y++)
                for (int xx = 0; xx < 2; xx++) {
                    float w = (xx ? a : 1 - a) * (ny > 1 ? (y ? b : 1 - b) : 1) * (nz > 1 ? (z ? g : 1 - g) : 1);
                    v += w * bits_f(t[z][y][xx][c]);
                }
        out[c] = f_bits(v);
    }
    return 0;
}

/* the enabled components into Rd, Rd+1, then Rd2, Rd2+1 */
static void put_components(const isa_xctx *x, int lane, int mask, const uint32_t v[4])
{
    int slot = 0;
    for (int c = 0; c < 4; c++) {
        if (!(mask >> c & 1)) continue;
        int opnd = slot < 2 ? 1 : 0, part = slot & 1;
        slot++;
        const isa_operand *o = &x->in->o[opnd];
        if (o->kind != OPK_REG || o->reg == ISA_REG_RZ) continue;
        uint32_t *row = dst_row(x, opnd, part);
        if (row) row[lane] = v[c];
    }
}

static void tex_fetch(isa_xctx *x, int integer, int gather)
{
    isa_tex_desc d;
    int mask = x->in->o[7].kind == OPK_IMM ? (int)x->in->o[7].imm : 0xf;
    if (gather >= 0) mask = 0xf;
    int dim = (int)x->in->o[6].imm;
    isa_mem_begin(x, 4, 0);
    if (desc_of(x, handle_of(x, 4), &d)) return;
    x->res->mem_size = d.channels * d.bits / 8;
    int as_float = d.kind == ISA_TEXK_FLOAT || (d.read_norm && d.bits < 32);
    FOR_LANES(x, l) {
        if (x->res->fault) continue;
        coords k;
        read_coords(x, l, dim, &d, &k);
        fetch f = { x, &d, l, as_float, 0 };
        uint32_t v[4];
        int bad;
        if (integer) bad = texel_at(&f, k.ic[0], k.dims > 1 ? k.ic[1] : 0, d.layered ? k.layer : k.dims > 2 ? k.ic[2] : 0, v);
        else bad = sample(&f, &k, gather, v);
        if (bad) continue;
        x->res->addr[l] = f.first ? f.first : d.base;
        put_components(x, l, mask, v);
    }
}

SEM(TEX) { tex_fetch(x, 0, -1); }
SEM(TLD) { tex_fetch(x, 1, -1); }
SEM(TLD4) { tex_fetch(x, 0, x->in->hi ? x->in->hi - MOD_TEXC_R : 0); }

/* a surface access's address for a lane: x in bytes, y and z in rows and
 * slices (an array's layer last, as surf2DLayeredread passes it); out of
 * range: clamped, dropped (*skip) or a fault, as .TRAP/.IGN say */
static int surface_addr(const isa_xctx *x, const isa_tex_desc *d, int lane, int size, uint64_t *addr, int *skip)
{
    const isa_operand *o = &x->in->o[isa_operand_letter(x->in, 0) == 'K' ? 0 : 1];
    int64_t c[3] = { 0, 0, 0 };
    for (int i = 0; i < o->width && i < 3; i++) c[i] = (int32_t)x->w->regs[(size_t)(o->reg + i) * x->w->warp_size + lane];
    int64_t lim[3] = { (int64_t)d->width * (d->channels * d->bits / 8), d->height, d->depth };
    int out = 0;
    for (int i = 0; i < 3; i++) {
        int64_t hi = i ? lim[i] - 1 : lim[0] - size;
        if (c[i] >= 0 && c[i] <= hi) continue;
        out = 1;
        c[i] = c[i] < 0 ? 0 : hi;
    }
    *skip = 0;
    *addr = d->base + (uint64_t)c[2] * d->slice + (uint64_t)c[1] * d->pitch + (uint64_t)c[0];
    if (!out) return 0;
    if (x->in->hi == MOD_SURFB_IGN) { *skip = 1; return 0; }
    if (x->in->hi != MOD_SURFB_TRAP) return 0;
    x->res->fault = FAULT_OUT_OF_BOUNDS;
    x->res->fault_lane = lane;
    x->res->fault_addr = *addr;
    return -1;
}

static void surface(isa_xctx *x, int store)
{
    int size = isa_type_bytes(isa_insn_type(x->in));
    if (!size) size = 4;
    isa_tex_desc d;
    isa_mem_begin(x, 4, store);
    if (desc_of(x, handle_of(x, 2), &d)) return;
    isa_mem_begin(x, size, store);
    int later = isa_mem_deferred(x);
    FOR_LANES(x, l) {
        if (x->res->fault) continue;
        uint64_t addr;
        int skip;
        if (surface_addr(x, &d, l, size, &addr, &skip)) continue;
        uint32_t *buf = x->res->data[l];
        buf[0] = buf[1] = buf[2] = buf[3] = 0;
        if (skip) {
            /* .IGN: the lane reads 0 and stores nothing; it leaves the
             * access, so that a deferred commit does not redo it */
            if (!store) isa_mem_put(x, l, buf);
            x->res->exec_mask &= ~((uint64_t)1 << l);
            continue;
        }
        if (store) {
            const isa_operand *v = &x->in->o[1];
            for (int i = 0; i < v->width && v->reg != ISA_REG_RZ; i++) buf[i] = x->w->regs[(size_t)(v->reg + i) * x->w->warp_size + l];
            isa_mem_access(x, l, addr, buf, size, later ? ISA_MEM_CHECK : ISA_MEM_WRITE);
            continue;
        }
        if (isa_mem_access(x, l, addr, buf, size, later ? ISA_MEM_CHECK : ISA_MEM_READ) || later) continue;
        isa_mem_put(x, l, buf);
    }
}

SEM(SULD) { surface(x, 0); }
SEM(SUST) { surface(x, 1); }
