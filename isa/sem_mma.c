/* isa/sem_mma.c — the tensor cores: HMMA (f16, bf16, tf32 inputs; f32 or
 * f16 accumulators), IMMA (s8/u8, s4/u4), DMMA (f64), and the warp's matrix
 * moves LDSM (ldmatrix) and MOVM (movmatrix). Every form is a row of
 * isa/opcodes_mma.def whose mnemonic names its shape and types; mma_decode
 * reads them from there.
 *
 * Fragments: the lane-to-element layouts of the PTX ISA's mma.sync section
 * ("Matrix fragments for mma.m16n8k16 / m16n8k8 / m16n8k4 / m16n8k32 /
 * m16n8k64 / m8n8k16 / m8n8k4"), which follow one rule for every shape
 * (lane l: group g = l / 4, t = l % 4; E-bit elements, epr = 32 / E a word):
 *   A's word r: row g + 8 (r mod M/8), columns k = (r div M/8) 4 epr + t epr + j
 *   B's word r: column g, rows k = 4 epr r + t epr + j
 *   C, D element i (32-bit): row g + 8 (i div 2), column 2t + i mod 2; an f16
 *   accumulator packs elements 2r, 2r+1 into word r.
 * mma.cu (tests/cuda/programs) checks this rule on the H100 (its "ref=exact"
 * lines) and tests/test_mma.c against the PTX ISA's tables.
 *
 * Arithmetic (docs/cuda.md "Tensor cores"): integer
 * forms are exact (mod 2^32, or clamped with .SAT); floating-point forms
 * multiply exactly and add the products of each block of MMA_BLOCK k's to
 * the accumulator in one step, all addends cut (toward zero) to MMA_FRAC
 * bits below the largest one's leading bit, the exact sum of the cut values
 * rounded toward zero to f32 (Fasi, Higham, Mikaitis, Pranesh, "Numerical
 * behavior of NVIDIA tensor cores", PeerJ CS 2021, describe this scheme for
 * the V100 and A100). */
#include "exec_internal.h"
#include <stdio.h>
#include <stdlib.h>

enum { EL_F16, EL_BF16, EL_TF32, EL_F32, EL_F64, EL_S8, EL_U8, EL_S4, EL_U4, EL_S32 };

typedef struct {
    char family;          /* 'H' HMMA, 'I' IMMA, 'D' DMMA, 'L' LDSM, 'M' MOVM */
    int m, n, k;
    int a, b, c;          /* EL_*: inputs and accumulator */
    int mats, trans;      /* LDSM: matrices (1, 2, 4), transposed */
} mma_form;

/* the accumulation model's parameters: products per block, bits kept
 * below the largest addend's leading bit, rounding of each block's sum
 * toward zero, of an f16 result to nearest. Estimates, not yet measured
 * (docs/cuda.md, "Tensor cores": the H100 run of tests/cuda/programs/mma.cu
 * that decides them is validation/tensor-h100/run.sh); data whose sums are
 * exact give the same result under any of them */
static const int mma_block = 16, mma_frac = 25, mma_rz = 1, mma_f16_rz = 0;

static int el_bits(int el)
{
    switch (el) {
    case EL_F16: case EL_BF16: return 16;
    case EL_S8: case EL_U8: return 8;
    case EL_S4: case EL_U4: return 4;
    case EL_F64: return 64;
    default: return 32;
    }
}

static int el_named(const char *s)
{
    static const struct { const char *name; int el; } names[] = {
        { "F16", EL_F16 }, { "BF16", EL_BF16 }, { "TF32", EL_TF32 }, { "F32", EL_F32 }, { "S8", EL_S8 },
        { "U8", EL_U8 }, { "S4", EL_S4 }, { "U4", EL_U4 } };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(s, names[i].name)) return names[i].el;
    return -1;
}

/* "16816" (m16 n8 k16), "884", "8x8x4" */
static void shape_of(const char *s, mma_form *f)
{
    char d[16];
    int n = 0;
    for (; *s && n < 15; s++)
        if (*s != 'x') d[n++] = *s;
    d[n] = 0;
    f->m = d[0] == '1' ? 16 : 8;
    f->n = 8;
    f->k = atoi(d + (f->m == 16 ? 3 : 2));
}

/* the form a tensor-core mnemonic names (opcodes_mma.def) */
static void mma_decode(const char *mn, mma_form *f)
{
    char buf[64], *tok[6];
    int nt = 0;
    snprintf(buf, sizeof buf, "%s", mn);
    for (char *p = strtok(buf, "."); p && nt < 6; p = strtok(NULL, ".")) tok[nt++] = p;
    memset(f, 0, sizeof *f);
    f->family = buf[0] == 'M' ? 'M' : buf[0];
    if (f->family == 'L') {               /* LDSM.16.M88[.n], LDSM.16.MT88[.n] */
        f->trans = nt > 2 && !strcmp(tok[2], "MT88");
        f->mats = nt > 3 ? atoi(tok[3]) : 1;
        return;
    }
    if (f->family == 'M') return;
    shape_of(nt > 1 ? tok[1] : "", f);
    if (f->family == 'D') { f->a = f->b = f->c = EL_F64; return; }
    if (f->family == 'I') {
        f->a = el_named(nt > 2 ? tok[2] : "");
        f->b = el_named(nt > 3 ? tok[3] : "");
        f->c = EL_S32;
        return;
    }
    f->c = el_named(nt > 2 ? tok[2] : "");    /* HMMA.shape.acc[.input] */
    f->a = f->b = nt > 3 ? el_named(tok[3]) : EL_F16;
}

/* ---- number formats ---- */
static double f16_value(uint32_t h)
{
    int e = (int)(h >> 10 & 0x1f), m = (int)(h & 0x3ff);
    double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(1024 + m, e - 25);
    return (h & 0x8000) ? -v : v;
}

static uint32_t f16_bits(double d, int rz)
{
    uint32_t sign = signbit(d) ? 0x8000u : 0;
    double a = fabs(d);
    if (isnan(d)) return 0x7fffu;
    int e;
    frexp(a, &e);
    int le = a == 0 ? -14 : e - 1 < -14 ? -14 : e - 1;
    double q = ldexp(1.0, le - 10), r = a / q;
    r = rz ? floor(r) : nearbyint(r);       /* the default rounding mode: nearest even */
    double v = r * q;
    if (v >= 65536.0 || isinf(a)) return sign | (rz && !isinf(a) ? 0x7bffu : 0x7c00u);
    if (v < ldexp(1.0, -14)) return sign | (uint32_t)(v / ldexp(1.0, -24));
    frexp(v, &e);
    le = e - 1;
    return sign | (uint32_t)(le + 15) << 10 | ((uint32_t)(v / ldexp(1.0, le - 10)) - 1024u);
}

static double f32_value(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint32_t f32_bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

/* the value of an E-bit element (integers exactly) */
static double el_value(int el, uint32_t v)
{
    switch (el) {
    case EL_F16: return f16_value(v);
    case EL_BF16: return f32_value(v << 16);
    case EL_TF32: return f32_value(v & 0xffffe000u);   /* the tensor core reads 10 fraction bits (PTX ISA .tf32) */
    case EL_S8: return (int8_t)v;
    case EL_U8: return (uint8_t)v;
    case EL_S4: return (double)((int)(v & 15) - ((v & 8) ? 16 : 0));
    case EL_U4: return v & 15;
    default: return f32_value(v);
    }
}

/* a double, exact, to f32 toward zero or to nearest */
static float f32_round(double d, int rz)
{
    float f = (float)d;
    if (rz && isfinite(d) && fabs((double)f) > fabs(d)) f = nextafterf(f, 0.0f);
    return f;
}

/* c + p[0] + ... + p[n-1] in one step: the addends aligned to the largest
 * and cut toward zero mma_frac bits below its leading bit; their sum exact */
static double block_sum(const double *p, int n, double c)
{
    double big = fabs(c), s = c;
    int nan = isnan(c), pinf = c == INFINITY, ninf = c == -INFINITY;
    for (int i = 0; i < n; i++) {
        nan |= isnan(p[i]);
        pinf |= p[i] == INFINITY;
        ninf |= p[i] == -INFINITY;
        if (fabs(p[i]) > big) big = fabs(p[i]);
        s += p[i];
    }
    if (nan || (pinf && ninf)) return NAN;
    if (pinf || ninf) return pinf ? INFINITY : -INFINITY;
    if (big == 0) return s;      /* zeros: IEEE's sign of the sum */
    int e;
    frexp(big, &e);
    double unit = ldexp(1.0, e - 1 - mma_frac);
    long long q = (long long)trunc(c / unit);
    for (int i = 0; i < n; i++) q += (long long)trunc(p[i] / unit);
    return (double)q * unit;
}

/* ---- fragments ---- */
#define MMA_LANES 32

/* word r of operand i in lane l (RZ and groups past it read zero) */
static uint32_t frag_word(const isa_xctx *x, int i, int r, int l)
{
    const isa_operand *o = &x->in->o[i];
    if (o->kind != OPK_REG || o->reg == ISA_REG_RZ) return 0;
    return x->w->regs[(size_t)(o->reg + r) * x->w->warp_size + l];
}

/* the matrices of one instruction, row-major: A m x k, B k x n (as
 * values), C and D m x n */
typedef struct {
    double a[16 * 64], b[64 * 8];
} mma_mats;

/* A (operand 1) and B (operand 2) by the layout rule of the file's header */
static void gather_ab(const isa_xctx *x, const mma_form *f, mma_mats *mt)
{
    int ea = el_bits(f->a), epr = 32 / ea, h = f->m / 8;
    int na = f->m * f->k * ea / 1024, nb = f->k * 8 * ea / 1024;
    for (int l = 0; l < MMA_LANES; l++) {
        int g = l / 4, t = l % 4;
        for (int r = 0; r < na; r++) {
            uint32_t w = frag_word(x, 1, r, l);
            for (int j = 0; j < epr; j++) {
                int row = g + 8 * (r % h), col = (r / h) * 4 * epr + t * epr + j;
                uint32_t v = ea == 32 ? w : (w >> (j * ea)) & ((1u << ea) - 1);
                mt->a[row * f->k + col] = el_value(f->a, v);
            }
        }
        for (int r = 0; r < nb; r++) {
            uint32_t w = frag_word(x, 2, r, l);
            for (int j = 0; j < epr; j++) {
                int row = 4 * epr * r + t * epr + j;
                uint32_t v = ea == 32 ? w : (w >> (j * ea)) & ((1u << ea) - 1);
                mt->b[row * 8 + g] = el_value(f->b, v);
            }
        }
    }
}

/* lane l's accumulator element i: its row and column */
static int acc_row(int l, int i) { return l / 4 + 8 * (i / 2); }
static int acc_col(int l, int i) { return 2 * (l % 4) + i % 2; }

/* ---- the forms ---- */
static void hmma(isa_xctx *x, const mma_form *f, mma_mats *mt)
{
    gather_ab(x, f, mt);
    int f16 = f->c == EL_F16, elems = f->m / 4;   /* accumulator elements per lane */
    double out[MMA_LANES][4];
    for (int l = 0; l < MMA_LANES; l++)
        for (int i = 0; i < elems; i++) {
            int row = acc_row(l, i), col = acc_col(l, i);
            uint32_t w = frag_word(x, 3, f16 ? i / 2 : i, l);
            double c = f16 ? f16_value(w >> (16 * (i % 2)) & 0xffff) : f32_value(w);
            double p[64];
            for (int k = 0; k < f->k; k++) p[k] = mt->a[row * f->k + k] * mt->b[k * 8 + col];   /* exact in a double */
            for (int k0 = 0; k0 < f->k; k0 += mma_block)
                c = f32_round(block_sum(p + k0, f->k - k0 < mma_block ? f->k - k0 : mma_block, c), mma_rz);
            out[l][i] = c;
        }
    FOR_LANES(x, l) {
        if (l >= MMA_LANES) continue;
        if (f16) {
            for (int r = 0; r < elems / 2; r++) {
                uint32_t *row = dst_row(x, 0, r);
                if (row) row[l] = f16_bits(out[l][2 * r], mma_f16_rz) | f16_bits(out[l][2 * r + 1], mma_f16_rz) << 16;
            }
        } else {
            for (int i = 0; i < elems; i++) {
                uint32_t *row = dst_row(x, 0, i);
                if (row) row[l] = f32_bits((float)out[l][i]);
            }
        }
    }
}

static void imma(isa_xctx *x, const mma_form *f, mma_mats *mt)
{
    gather_ab(x, f, mt);
    int elems = f->m / 4, sat = INSN_HAS(x->in, SAT);
    FOR_LANES(x, l) {
        if (l >= MMA_LANES) continue;
        long long c[4];     /* all of C before D is written: they may overlap */
        for (int i = 0; i < elems; i++) c[i] = (int32_t)frag_word(x, 3, i, l);
        for (int i = 0; i < elems; i++) {
            int row = acc_row(l, i), col = acc_col(l, i);
            long long s = c[i];
            for (int k = 0; k < f->k; k++) s += (long long)mt->a[row * f->k + k] * (long long)mt->b[k * 8 + col];
            if (sat) s = s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : s;
            uint32_t *r = dst_row(x, 0, i);
            if (r) r[l] = (uint32_t)s;
        }
    }
}

static double pair_f64(const isa_xctx *x, int i, int r, int l)
{
    uint64_t v = frag_word(x, i, r, l) | (uint64_t)frag_word(x, i, r + 1, l) << 32;
    double d;
    memcpy(&d, &v, 8);
    return d;
}

/* m8n8k4.f64: lane (g, t) holds A[g][t], B[t][g] and C, D[g][2t], [g][2t+1];
 * each element is summed in k order, one IEEE fused multiply-add a step */
static void dmma(isa_xctx *x, const mma_form *f, mma_mats *mt)
{
    (void)f;
    for (int l = 0; l < MMA_LANES; l++) {
        mt->a[(l / 4) * 4 + l % 4] = pair_f64(x, 1, 0, l);
        mt->b[(l % 4) * 8 + l / 4] = pair_f64(x, 2, 0, l);
    }
    FOR_LANES(x, l) {
        if (l >= MMA_LANES) continue;
        double d[2];
        for (int i = 0; i < 2; i++) {
            d[i] = pair_f64(x, 3, 2 * i, l);
            for (int k = 0; k < 4; k++) d[i] = fma(mt->a[(l / 4) * 4 + k], mt->b[k * 8 + 2 * (l % 4) + i], d[i]);
        }
        for (int i = 0; i < 2; i++) {
            uint64_t v;
            memcpy(&v, &d[i], 8);
            uint32_t *lo = dst_row(x, 0, 2 * i), *hi = dst_row(x, 0, 2 * i + 1);
            if (lo) lo[l] = (uint32_t)v;
            if (hi) hi[l] = (uint32_t)(v >> 32);
        }
    }
}

/* ---- matrix moves ---- */
/* the shared address in lane l of LDSM's memory operand */
static uint32_t ldsm_address(const isa_xctx *x, int l)
{
    const isa_operand *o = &x->in->o[1];
    uint64_t base = 0;
    if (o->base_kind == OPK_REG && o->reg != ISA_REG_RZ) base = x->w->regs[(size_t)o->reg * x->w->warp_size + l];
    else if (o->base_kind == OPK_UREG && o->reg != ISA_UREG_URZ) base = x->w->uregs[o->reg];
    base <<= o->scale;
    if (o->uindex && o->uindex - 1 != ISA_UREG_URZ) base += x->w->uregs[o->uindex - 1];
    return (uint32_t)(base + (uint64_t)o->imm);
}

/* LDSM (ldmatrix): matrix q's row r is the 16 bytes at lane 8q + r's
 * address; lane l gets, of matrix q, row l/4's elements 2(l%4), 2(l%4)+1
 * (.MT88: column l/4's elements of rows 2(l%4), 2(l%4)+1) in register q.
 * For the timing model each lane reports an address: the lanes that give
 * none repeat those that do, so that the bank conflicts are the rows' */
static void ldsm(isa_xctx *x, const mma_form *f)
{
    isa_result *res = x->res;
    uint16_t rows[32][8];
    int nrows = 8 * f->mats;
    res->is_mem = 1;
    res->is_store = res->is_atomic = 0;
    res->mem_space = SPACE_SHARED;
    res->mem_size = 16;
    for (int r = 0; r < nrows; r++) {
        uint32_t a = ldsm_address(x, r);
        int fault = a & 15 ? FAULT_MISALIGNED : x->env->mem(x->env->ctx, SPACE_SHARED, r, a, rows[r], 16, ISA_MEM_READ);
        if (fault != FAULT_NONE) {
            res->fault = fault;
            res->fault_lane = r;
            res->fault_addr = a;
            return;
        }
    }
    FOR_LANES(x, l) {
        res->addr[l] = ldsm_address(x, l % nrows);
        if (l >= MMA_LANES) continue;
        int g = l / 4, t = l % 4;
        for (int q = 0; q < f->mats; q++) {
            const uint16_t (*m)[8] = rows + 8 * q;
            uint32_t lo = f->trans ? m[2 * t][g] : m[g][2 * t], hi = f->trans ? m[2 * t + 1][g] : m[g][2 * t + 1];
            uint32_t *d = dst_row(x, 0, q);
            if (d) d[l] = lo | hi << 16;
        }
    }
}

/* MOVM.16.MT88 (movmatrix.trans): element [r][c] of the 8x8 b16 matrix is
 * half c%2 of lane 4r + c/2's word; the result holds the transpose so */
static void movm(isa_xctx *x)
{
    uint16_t m[8][8];
    for (int l = 0; l < MMA_LANES; l++) {
        uint32_t w = frag_word(x, 1, 0, l);
        m[l / 4][2 * (l % 4)] = (uint16_t)w;
        m[l / 4][2 * (l % 4) + 1] = (uint16_t)(w >> 16);
    }
    FOR_LANES(x, l) {
        if (l >= MMA_LANES) continue;
        int g = l / 4, t = l % 4;
        put_u32(x, 0, l, (uint32_t)m[2 * t][g] | (uint32_t)m[2 * t + 1][g] << 16);
    }
}

/* every row of opcodes_mma.def runs here, by the form its mnemonic names */
static void mma_exec(isa_xctx *x)
{
    mma_form f;
    mma_decode(isa_ops[x->in->op].mnemonic, &f);
    if (f.family == 'L') { ldsm(x, &f); return; }
    if (f.family == 'M') { movm(x); return; }
    mma_mats mt;
    if (f.family == 'H') hmma(x, &f, &mt);
    else if (f.family == 'I') imma(x, &f, &mt);
    else dmma(x, &f, &mt);
}

#define OP(id, mn, unit, space, kind, sig, allowed, required, doc) SEM(id) { mma_exec(x); }
#include "opcodes_mma.def"
#undef OP
