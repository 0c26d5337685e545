// tests/cuda/programs/mma.cu — differential test of warpsim's tensor-core
// semantics against the H100 (tests/cuda_mma.sh; regen.sh builds it): WMMA
// GEMMs (half, bf16, tf32, int8, double), inline-PTX mma.sync GEMMs of each
// shape nvcc maps to HMMA / IMMA / DMMA, and ldmatrix / movmatrix. Each test
// prints one line, NAME hash=<FNV-1a 64 of its output> first=<3 words>
// ref=<exact|differs|->: for data whose every sum is exact ("x" tests:
// small integers) the host's own product must equal the GPU's bit for bit,
// which checks the fragment layouts of the PTX ISA independently of
// warpsim; "r" tests use random data (rounding visible). With a second
// argument DIR, every output is also written to DIR/NAME.bin.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <mma.h>
using namespace nvcuda;

#define CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); exit(1); } } while (0)

enum { GM = 32, GN = 32, GK = 64 };     // every GEMM: C (GM x GN) = A (GM x GK) * B (GK x GN) [+ C0]

// ---- WMMA: one warp per output tile; A row-major, B column-major (N x K) ----
// (each instance behind a plain kernel: template arguments such as
// wmma::precision::tf32 in a kernel's name are beyond warpsim's demangler)
template <typename T, typename TC, int TM, int TN, int TK, typename P = T>
__device__ void wgemm(const void *vA, const void *vB, void *vC)
{
    const T *A = (const T *)vA, *B = (const T *)vB;
    TC *C = (TC *)vC;
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32, tn = GN / TN;
    int ti = warp / tn, tj = warp % tn;
    if (ti * TM >= GM) return;
    wmma::fragment<wmma::accumulator, TM, TN, TK, TC> c;
    wmma::load_matrix_sync(c, C + ti * TM * GN + tj * TN, GN, wmma::mem_row_major);
    for (int k = 0; k < GK; k += TK) {
        wmma::fragment<wmma::matrix_a, TM, TN, TK, P, wmma::row_major> a;
        wmma::fragment<wmma::matrix_b, TM, TN, TK, P, wmma::col_major> b;
        wmma::load_matrix_sync(a, A + ti * TM * GK + k, GK);
        wmma::load_matrix_sync(b, B + tj * TN * GK + k, GK);
        wmma::mma_sync(c, a, b, c);
    }
    wmma::store_matrix_sync(C + ti * TM * GN + tj * TN, c, GN, wmma::mem_row_major);
}

#define WK(name, ...) __global__ void name(const void *A, const void *B, void *C) { wgemm<__VA_ARGS__>(A, B, C); }
WK(w_f16, half, float, 16, 16, 16)
WK(w_f16f16, half, half, 16, 16, 16)
WK(w_f16_32x8, half, float, 32, 8, 16)
WK(w_bf16, __nv_bfloat16, float, 16, 16, 16)
WK(w_tf32, float, float, 16, 16, 8, wmma::precision::tf32)
WK(w_s8, signed char, int, 16, 16, 16)
WK(w_u8, unsigned char, int, 16, 16, 16)
WK(w_f64, double, double, 8, 8, 4)

// ---- mma.sync: the PTX ISA's fragment layouts (section "Matrix fragments
// for mma.m16n8k*"), written as one rule: A's register r of a lane
// (group g = lane / 4, t = lane % 4) holds row g + 8 * (r % (M / 8)) and the
// E-bit elements k = (r / (M / 8)) * 4 * epr + t * epr + j, j < epr = 32 / E;
// B's register r holds column g, k = r * 4 * epr + t * epr + j; C and D's
// element i is row g + 8 * (i / 2), column 2 * t + i % 2 ----
template <int E> __device__ __host__ unsigned bits_at(const unsigned *p, int idx)
{
    unsigned long long m = (1ull << E) - 1;
    return (unsigned)((p[idx * E / 32] >> ((idx * E) % 32)) & m);
}

template <int M, int K, int E> __device__ void frag_a(const unsigned *A, int row0, int k0, unsigned *r)
{
    int g = threadIdx.x % 32 / 4, t = threadIdx.x % 4, epr = 32 / E, h = M / 8;
    for (int i = 0; i < M * K * E / 1024; i++) {
        r[i] = 0;
        for (int j = 0; j < epr; j++) {
            int row = row0 + g + 8 * (i % h), k = k0 + (i / h) * 4 * epr + t * epr + j;
            r[i] |= bits_at<E>(A, row * GK + k) << (j * E);   // rows of GK elements
        }
    }
}
template <int K, int E> __device__ void frag_b(const unsigned *B, int col0, int k0, unsigned *r)
{
    int g = threadIdx.x % 32 / 4, t = threadIdx.x % 4, epr = 32 / E;
    for (int i = 0; i < K * 8 * E / 1024; i++) {
        r[i] = 0;
        for (int j = 0; j < epr; j++) r[i] |= bits_at<E>(B, (col0 + g) * GK + k0 + i * 4 * epr + t * epr + j) << (j * E);
    }
}

#define MMA4(shape, types, nA, nB) \
    asm volatile("mma.sync.aligned." shape ".row.col." types " {%0,%1,%2,%3}, " nA ", " nB ", {%0,%1,%2,%3};" \
                 : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3]) : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]))
#define A4 "{%4,%5,%6,%7}"
#define A2 "{%4,%5}"
#define A1 "{%4}"
#define B2 "{%8,%9}"
#define B1 "{%8}"

// one mma.sync form: FORM(c, a, b) with 32-bit element words of C (4 or 2 words)
struct f16f32k16 { enum { M = 16, K = 16, E = 16, CW = 4 };
    static __device__ void run(unsigned *c, const unsigned *a, const unsigned *b) { MMA4("m16n8k16", "f32.f16.f16.f32", A4, B2); } };
struct f16f32k8 { enum { M = 16, K = 8, E = 16, CW = 4 };
    static __device__ void run(unsigned *c, const unsigned *a, const unsigned *b) { MMA4("m16n8k8", "f32.f16.f16.f32", A2, B1); } };
struct bf16k16 { enum { M = 16, K = 16, E = 16, CW = 4 };
    static __device__ void run(unsigned *c, const unsigned *a, const unsigned *b) { MMA4("m16n8k16", "f32.bf16.bf16.f32", A4, B2); } };
struct bf16k8 { enum { M = 16, K = 8, E = 16, CW = 4 };
    static __device__ void run(unsigned *c, const unsigned *a, const unsigned *b) { MMA4("m16n8k8", "f32.bf16.bf16.f32", A2, B1); } };
struct tf32k8 { enum { M = 16, K = 8, E = 32, CW = 4 };
    static __device__ void run(unsigned *c, const unsigned *a, const unsigned *b) { MMA4("m16n8k8", "f32.tf32.tf32.f32", A4, B2); } };
struct tf32k4 { enum { M = 16, K = 4, E = 32, CW = 4 };
    static __device__ void run(unsigned *c, const unsigned *a, const unsigned *b) { MMA4("m16n8k4", "f32.tf32.tf32.f32", A2, B1); } };
struct s8k32 { enum { M = 16, K = 32, E = 8, CW = 4 };
    static __device__ void run(unsigned *c, const unsigned *a, const unsigned *b) { MMA4("m16n8k32", "s32.s8.s8.s32", A4, B2); } };
struct s8k16 { enum { M = 16, K = 16, E = 8, CW = 4 };
    static __device__ void run(unsigned *c, const unsigned *a, const unsigned *b) { MMA4("m16n8k16", "s32.s8.s8.s32", A2, B1); } };
struct u8s8k32 { enum { M = 16, K = 32, E = 8, CW = 4 };
    static __device__ void run(unsigned *c, const unsigned *a, const unsigned *b) { MMA4("m16n8k32", "satfinite.s32.u8.s8.s32", A4, B2); } };
struct s4k64 { enum { M = 16, K = 64, E = 4, CW = 4 };
    static __device__ void run(unsigned *c, const unsigned *a, const unsigned *b) { MMA4("m16n8k64", "s32.s4.s4.s32", A4, B2); } };
struct f16f16k16 { enum { M = 16, K = 16, E = 16, CW = 2 };
    static __device__ void run(unsigned *c, const unsigned *a, const unsigned *b) {
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%0,%1};"
                     : "+r"(c[0]), "+r"(c[1]) : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1])); } };
struct s8m8k16 { enum { M = 8, K = 16, E = 8, CW = 2 };
    static __device__ void run(unsigned *c, const unsigned *a, const unsigned *b) {
        asm volatile("mma.sync.aligned.m8n8k16.row.col.s32.s8.s8.s32 {%0,%1}, {%2}, {%3}, {%0,%1};"
                     : "+r"(c[0]), "+r"(c[1]) : "r"(a[0]), "r"(b[0])); } };

// the word of C holding a lane's accumulator word i (f16: a pair of columns)
template <typename F> __device__ int cword(int row0, int col0, int i)
{
    int g = threadIdx.x % 32 / 4, t = threadIdx.x % 4;
    if (F::CW == 2 && F::M == 16) return ((row0 + g + 8 * i) * GN + col0 + 2 * t) / 2;
    return (row0 + g + 8 * (i / 2)) * GN + col0 + 2 * t + i % 2;
}

// C (GM x GN) += A * B through one mma.sync form: a warp per 16 x 8 (8 x 8) tile
template <typename F> __global__ void mgemm(const unsigned *A, const unsigned *B, unsigned *C)
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32, tn = GN / 8;
    int row0 = warp / tn * F::M, col0 = warp % tn * 8;
    if (row0 >= GM) return;
    unsigned c[4], a[4] = { 0 }, b[2] = { 0 };
    for (int i = 0; i < F::CW; i++) c[i] = C[cword<F>(row0, col0, i)];
    for (int k = 0; k < GK; k += F::K) {
        frag_a<F::M, F::K, F::E>(A, row0, k, a);
        frag_b<F::K, F::E>(B, col0, k, b);
        F::run(c, a, b);
    }
    for (int i = 0; i < F::CW; i++) C[cword<F>(row0, col0, i)] = c[i];
}

__global__ void dgemm_mma(const double *A, const double *B, double *C)   // m8n8k4.f64
{
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32, tn = GN / 8;
    int row0 = warp / tn * 8, col0 = warp % tn * 8, g = threadIdx.x % 32 / 4, t = threadIdx.x % 4;
    if (row0 >= GM) return;
    double c0 = C[(row0 + g) * GN + col0 + 2 * t], c1 = C[(row0 + g) * GN + col0 + 2 * t + 1];
    for (int k = 0; k < GK; k += 4) {
        double a = A[(row0 + g) * GK + k + t], b = B[(col0 + g) * GK + k + t];
        asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};"
                     : "+d"(c0), "+d"(c1) : "d"(a), "d"(b));
    }
    C[(row0 + g) * GN + col0 + 2 * t] = c0; C[(row0 + g) * GN + col0 + 2 * t + 1] = c1;
}

// ---- ldmatrix / movmatrix: a 32 x 16 tile of b16 in shared memory, rows
// 48 bytes apart (so that rows fall in shifted banks); lane l names row
// perm(l) of matrix l / 8; every lane writes its destination words ----
__device__ unsigned row_of(int l) { return (unsigned)((l * 5 + 3) % 32); }
template <int N, int T> __global__ void ldsm(const unsigned *in, unsigned *out)
{
    __shared__ unsigned s[32 * 12];
    for (int i = 0; i < 12; i++) s[threadIdx.x + 32 * i] = in[threadIdx.x + 32 * i];   // (a fixed count: CUDA 11.8's cuobjdump cannot print the VIMNMX sm_90 code of a strided loop's bound)
    __syncwarp();
    int l = threadIdx.x;
    unsigned addr = (unsigned)__cvta_generic_to_shared(s) + row_of(l) * 48 + (l & 1) * 16, r[4] = { 0, 0, 0, 0 };
    if (N == 1 && !T) asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r[0]) : "r"(addr));
    if (N == 2 && !T) asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2];" : "=r"(r[0]), "=r"(r[1]) : "r"(addr));
    if (N == 4 && !T) asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                                   : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(addr));
    if (N == 1 && T) asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%0}, [%1];" : "=r"(r[0]) : "r"(addr));
    if (N == 2 && T) asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0,%1}, [%2];" : "=r"(r[0]), "=r"(r[1]) : "r"(addr));
    if (N == 4 && T) asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0,%1,%2,%3}, [%4];"
                                  : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(addr));
    for (int i = 0; i < 4; i++) out[i * 32 + l] = r[i];
}
__global__ void movm(const unsigned *in, unsigned *out)
{
    unsigned r, a = in[threadIdx.x];
    asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(r) : "r"(a));
    out[threadIdx.x] = r;
}

// ---- host ----
static unsigned long long fnv(const void *p, size_t n)
{
    const unsigned char *b = (const unsigned char *)p;
    unsigned long long h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 1099511628211ull; }
    return h;
}
static int want(const char *only, const char *name)
{
    if (!only) return 1;
    size_t n = strlen(name);
    for (const char *p = only; (p = strstr(p, name)); p += n)
        if ((p == only || p[-1] == ',') && (p[n] == ',' || !p[n])) return 1;
    return 0;
}
static const char *dumpdir;
static unsigned lcg = 12345;
static unsigned rnd() { lcg = lcg * 1664525u + 1013904223u; return lcg ^ (lcg >> 16) * 0x9e37u; }

static void show(const char *name, const void *d, size_t bytes, const char *ref)
{
    unsigned *h = (unsigned *)malloc(bytes);
    CHECK(cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost));
    printf("%s hash=%016llx first=%08x,%08x,%08x ref=%s\n", name, fnv(h, bytes), h[0], h[1], h[2], ref);
    if (dumpdir) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s.bin", dumpdir, name);
        FILE *f = fopen(path, "wb");
        if (f) { fwrite(h, 1, bytes, f); fclose(f); }
    }
    free(h);
}

// element kinds of the inputs, and their values as doubles for the host's product
enum kind { F16, BF16, TF32, S8, U8, S4, F64 };
static int ebits(kind k) { return k == F16 || k == BF16 ? 16 : k == S8 || k == U8 ? 8 : k == S4 ? 4 : k == F64 ? 64 : 32; }
static double val(kind k, const unsigned *p, int i)
{
    unsigned v;
    switch (k) {
    case F16: { v = p[i / 2] >> (16 * (i % 2)) & 0xffff; __half_raw r; r.x = (unsigned short)v; return (double)__half2float(__half(r)); }
    case BF16: { v = (p[i / 2] >> (16 * (i % 2))) << 16; float f; memcpy(&f, &v, 4); return f; }
    case TF32: { float f; memcpy(&f, &p[i], 4); return f; }
    case S8: return (signed char)(p[i / 4] >> (8 * (i % 4)));
    case U8: return (unsigned char)(p[i / 4] >> (8 * (i % 4)));
    case S4: { int n = (int)(p[i / 8] >> (4 * (i % 8)) & 15); return n >= 8 ? n - 16 : n; }
    default: { double d; memcpy(&d, (const char *)p + 8 * i, 8); return d; }
    }
}
// one input element: exact data are small integers, random data wide-ranged
static unsigned element(kind k, int exact)
{
    unsigned r = rnd();
    int small = (int)(r % 7) - 3;
    switch (k) {
    case F16: { float f = exact ? small : ((int)(r % 2001) - 1000) / 256.0f * (float)(1 << (r >> 28 & 3));
                __half_raw h = __half(f); return h.x; }
    case BF16: { float f = exact ? small : ((int)(r % 20001) - 10000) / 2048.0f * (float)(1 << (r >> 28 & 7)); unsigned u;
                 memcpy(&u, &f, 4); return u >> 16; }
    case TF32: { float f = exact ? small : ((int)(r % 200001) - 100000) / 4096.0f * (float)(1 << (r >> 28 & 7)); unsigned u;
                 memcpy(&u, &f, 4); return u & 0xffffe000u; }
    case S8: return exact ? (unsigned)small & 0xff : r >> 8 & 0xff;
    case U8: return exact ? (unsigned)(small + 3) : r >> 8 & 0xff;
    case S4: return r >> 8 & 15;
    default: return 0;
    }
}
static void fill(kind k, unsigned *p, int n, int exact)
{
    int e = ebits(k);
    if (k == F64) {
        double *d = (double *)p;
        for (int i = 0; i < n; i++) { unsigned r = rnd(); d[i] = exact ? (int)(r % 7) - 3 : ((int)(r % 2000001) - 1000000) / 65536.0 * (r >> 28); }
        return;
    }
    memset(p, 0, (size_t)n * e / 8 + 4);
    for (int i = 0; i < n; i++) p[i * e / 32] |= element(k, exact) << (i * e % 32);
}

struct bufs { unsigned *hA, *hB, *hC, *A, *B, *C; };
// C0, A, B of kinds kc, ka; the C0 of exact tests holds small integers
static void setup(bufs &b, kind ka, kind kb, int cbytes, int cfloat, int exact)
{
    size_t na = (size_t)GM * GK * 8 + 64, nb = (size_t)GN * GK * 8 + 64;
    b.hA = (unsigned *)calloc(na, 1); b.hB = (unsigned *)calloc(nb, 1); b.hC = (unsigned *)calloc((size_t)GM * GN * 8, 1);
    int kmul = 1;   // every type: rows of GK elements
    fill(ka, b.hA, GM * GK * kmul, exact); fill(kb, b.hB, GN * GK * kmul, exact);
    for (int i = 0; i < GM * GN; i++) {
        int s = (int)(rnd() % 9) - 4;
        if (cbytes == 8) ((double *)b.hC)[i] = s;
        else if (cbytes == 2) { __half_raw h = __half((float)s); ((unsigned short *)b.hC)[i] = h.x; }
        else if (cfloat) ((float *)b.hC)[i] = exact ? (float)s : (float)s * 1.375f;
        else ((int *)b.hC)[i] = exact ? s : (int)rnd();
    }
    CHECK(cudaMalloc(&b.A, na)); CHECK(cudaMalloc(&b.B, nb)); CHECK(cudaMalloc(&b.C, (size_t)GM * GN * 8));
    CHECK(cudaMemcpy(b.A, b.hA, na, cudaMemcpyHostToDevice)); CHECK(cudaMemcpy(b.B, b.hB, nb, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(b.C, b.hC, (size_t)GM * GN * 8, cudaMemcpyHostToDevice));
}
// the host's C0 + A B for exact data, compared with the GPU's output
static const char *verdict(bufs &b, kind ka, kind kb, int cbytes, int cfloat, int exact)
{
    if (!exact) return "-";
    int kk = GK;
    unsigned char *out = (unsigned char *)malloc((size_t)GM * GN * 8);
    CHECK(cudaMemcpy(out, b.C, (size_t)GM * GN * 8, cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int i = 0; i < GM; i++)
        for (int j = 0; j < GN; j++) {
            double s, g;
            int idx = i * GN + j;
            if (cbytes == 8) { memcpy(&s, (char *)b.hC + 8 * idx, 8); memcpy(&g, out + 8 * idx, 8); }
            else if (cbytes == 2) { unsigned short h; __half_raw r;
                memcpy(&h, (char *)b.hC + 2 * idx, 2); r.x = h; s = __half2float(__half(r));
                memcpy(&h, out + 2 * idx, 2); r.x = h; g = __half2float(__half(r)); }
            else if (cfloat) { float f; memcpy(&f, (char *)b.hC + 4 * idx, 4); s = f; memcpy(&f, out + 4 * idx, 4); g = f; }
            else { int v; memcpy(&v, (char *)b.hC + 4 * idx, 4); s = v; memcpy(&v, out + 4 * idx, 4); g = v; }
            for (int k = 0; k < kk; k++) s += val(ka, b.hA, i * kk + k) * val(kb, b.hB, j * kk + k);
            bad += s != g;
        }
    free(out);
    return bad ? "differs" : "exact";
}
static void done(bufs &b)
{
    free(b.hA); free(b.hB); free(b.hC);
    CHECK(cudaFree(b.A)); CHECK(cudaFree(b.B)); CHECK(cudaFree(b.C));
}

#define GEMM(name, ka, kb, cbytes, cfloat, launch) \
    for (int ex = 1; ex >= 0; ex--) { \
        char nm[64]; snprintf(nm, sizeof nm, "%s_%s", name, ex ? "x" : "r"); \
        if (!want(only, nm) && !want(only, name)) continue; \
        bufs b; setup(b, ka, kb, cbytes, cfloat, ex); launch; CHECK(cudaGetLastError()); \
        const char *v = verdict(b, ka, kb, cbytes, cfloat, ex); show(nm, b.C, (size_t)GM * GN * cbytes, v); done(b); }
#define W(kern, m, n) (kern<<<GM * GN / (m * n) / 4, 128>>>(b.A, b.B, b.C))
#define MG(F) (mgemm<F><<<GM * GN / (F::M * 8) / 4, 128>>>(b.A, b.B, b.C))

int main(int argc, char **argv)
{
    const char *only = argc > 1 && strcmp(argv[1], "all") ? argv[1] : 0;
    dumpdir = argc > 2 ? argv[2] : 0;
    GEMM("wmma_f16", F16, F16, 4, 1, W(w_f16, 16, 16))
    GEMM("wmma_f16f16", F16, F16, 2, 1, W(w_f16f16, 16, 16))
    GEMM("wmma_f16_32x8", F16, F16, 4, 1, W(w_f16_32x8, 32, 8))
    GEMM("wmma_bf16", BF16, BF16, 4, 1, W(w_bf16, 16, 16))
    GEMM("wmma_tf32", TF32, TF32, 4, 1, W(w_tf32, 16, 16))
    GEMM("wmma_s8", S8, S8, 4, 0, W(w_s8, 16, 16))
    GEMM("wmma_u8", U8, U8, 4, 0, W(w_u8, 16, 16))
    GEMM("wmma_f64", F64, F64, 8, 1, W(w_f64, 8, 8))
    GEMM("mma_f16f32_k16", F16, F16, 4, 1, MG(f16f32k16))
    GEMM("mma_f16f32_k8", F16, F16, 4, 1, MG(f16f32k8))
    GEMM("mma_f16f16_k16", F16, F16, 2, 1, MG(f16f16k16))
    GEMM("mma_bf16_k16", BF16, BF16, 4, 1, MG(bf16k16))
    GEMM("mma_bf16_k8", BF16, BF16, 4, 1, MG(bf16k8))
    GEMM("mma_tf32_k8", TF32, TF32, 4, 1, MG(tf32k8))
    GEMM("mma_tf32_k4", TF32, TF32, 4, 1, MG(tf32k4))
    GEMM("mma_s8_k32", S8, S8, 4, 0, MG(s8k32))
    GEMM("mma_s8_k16", S8, S8, 4, 0, MG(s8k16))
    GEMM("mma_u8s8_k32", U8, S8, 4, 0, MG(u8s8k32))
    GEMM("mma_s8_m8k16", S8, S8, 4, 0, MG(s8m8k16))
    GEMM("mma_s4_k64", S4, S4, 4, 0, MG(s4k64))
    GEMM("mma_f64", F64, F64, 8, 1, (dgemm_mma<<<GM * GN / 64 / 4, 128>>>((const double *)b.A, (const double *)b.B, (double *)b.C)))
    unsigned hin[32 * 12], *din, *dout;
    for (int i = 0; i < 32 * 12; i++) hin[i] = rnd();
    CHECK(cudaMalloc(&din, sizeof hin)); CHECK(cudaMalloc(&dout, 128 * 4));
    CHECK(cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice));
#define LD(name, launch) if (want(only, name)) { CHECK(cudaMemset(dout, 0, 128 * 4)); launch; CHECK(cudaGetLastError()); show(name, dout, 128 * 4, "-"); }
    LD("ldsm_x1", (ldsm<1, 0><<<1, 32>>>(din, dout)))
    LD("ldsm_x2", (ldsm<2, 0><<<1, 32>>>(din, dout)))
    LD("ldsm_x4", (ldsm<4, 0><<<1, 32>>>(din, dout)))
    LD("ldsm_x1t", (ldsm<1, 1><<<1, 32>>>(din, dout)))
    LD("ldsm_x2t", (ldsm<2, 1><<<1, 32>>>(din, dout)))
    LD("ldsm_x4t", (ldsm<4, 1><<<1, 32>>>(din, dout)))
    LD("movm", (movm<<<1, 32>>>(din, dout)))
    return 0;
}
