// tests/cuda/programs/idioms.cu — differential test of warpsim's SASS
// semantics against the H100 (tests/cuda_idioms.sh; regen.sh builds it):
// many small kernels, each exercising a class of idioms nvcc compiles into
// distinct SASS. Inputs come from an LCG; every result is deterministic on a
// GPU (atomics only in order-independent ways). Per kernel one line:
// NAME hash=<FNV-1a 64 of the output bytes> first=<first 3 output words>.
// Functions whose result hangs on the exact bits of an approximation
// (MUFU: __expf, __sinf, rsqrtf, ...) store whether the result is within
// CUDA's documented error bound, not the result (kernel fapprox).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_fp16.h>

#define CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); exit(1); } } while (0)

typedef unsigned long long u64;
typedef long long s64;
enum { NT = 512, BS = 256, K = 16 };   // threads, block size, output words per thread

__device__ __forceinline__ unsigned tid() { return blockIdx.x * blockDim.x + threadIdx.x; }
__device__ __forceinline__ u64 pack(unsigned hi, unsigned lo) { return (u64)hi << 32 | lo; }
__device__ __forceinline__ void put64(unsigned *o, u64 v) { o[0] = (unsigned)v; o[1] = (unsigned)(v >> 32); }
__device__ __forceinline__ unsigned fb(float v) { return __float_as_uint(v); }

// a divisor of many shapes: small, powers of two, large, all-ones
__device__ unsigned divisor(unsigned x, unsigned y)
{
    switch (y & 7) {
    case 0: return 1u + (x & 7);
    case 1: return 1u << (x & 31);
    case 2: return x | 1u;
    case 3: return 0xffffffffu - (x & 3);
    default: return (x >> (y >> 27)) | 1u;
    }
}

__global__ void udiv32(const unsigned *u, unsigned *o)
{
    unsigned i = tid(), a = u[4 * i], b = divisor(u[4 * i + 1], u[4 * i + 2]);
    o += K * i;
    o[0] = a / b; o[1] = a % b;
    int sa = (int)a, sb = (int)b;
    if (sb == -1 && sa == (int)0x80000000) sa = 5;
    o[2] = (unsigned)(sa / sb); o[3] = (unsigned)(sa % sb);
    unsigned small = a & 0xffff, sd = (b & 0xff) | 1;
    o[4] = small / sd; o[5] = small % sd;
    o[6] = (unsigned)(-(int)small / (int)sd); o[7] = (unsigned)(-(int)small % (int)sd);
}

__global__ void div64(const unsigned *u, unsigned *o)
{
    unsigned i = tid();
    u64 a = pack(u[4 * i], u[4 * i + 1]), b = pack(u[4 * i + 2], u[4 * i + 3]);
    b >>= (u[4 * i + 3] >> 26);               // divisors of 0 to 64 bits
    if (b == 0) b = 3;
    o += K * i;
    put64(o, a / b); put64(o + 2, a % b);
    s64 sa = (s64)a, sb = (s64)b;
    if (i & 1) sb = -sb;
    if (sb == -1) sb = 7;
    put64(o + 4, (u64)(sa / sb)); put64(o + 6, (u64)(sa % sb));
    u64 c = a >> 40;                           // a small dividend by a 32-bit divisor
    put64(o + 8, c / (b | 1)); put64(o + 10, c % ((unsigned)b | 1u));
}

__global__ void divconst(const unsigned *u, unsigned *o)
{
    unsigned i = tid(), a = u[4 * i];
    int s = (int)u[4 * i + 1];
    u64 w = pack(u[4 * i + 2], u[4 * i + 3]);
    o += K * i;
    o[0] = a / 7; o[1] = a % 7; o[2] = a / 1000000007u; o[3] = a % 10;
    o[4] = (unsigned)(s / 3); o[5] = (unsigned)(s % 3); o[6] = (unsigned)(s / -7); o[7] = (unsigned)(s / 16);
    o[8] = (unsigned)(s % 16); o[9] = (unsigned)(s / 641);
    put64(o + 10, w / 10); put64(o + 12, w % 1000); put64(o + 14, (u64)((s64)w / 3));
}

__global__ void int64ops(const unsigned *u, unsigned *o)
{
    unsigned i = tid();
    u64 a = pack(u[4 * i], u[4 * i + 1]), b = pack(u[4 * i + 2], u[4 * i + 3]);
    unsigned sh = u[4 * i] & 63;
    s64 sa = (s64)a, sb = (s64)b;
    o += K * i;
    put64(o, a * b); put64(o + 2, __umul64hi(a, b)); put64(o + 4, (u64)__mul64hi(sa, sb));
    put64(o + 6, a << sh); put64(o + 8, a >> sh); put64(o + 10, (u64)(sa >> sh));
    o[12] = (a < b) | (sa < sb) << 1 | (a == b) << 2 | (sa >= sb) << 3 | ((a >> 32) == 0) << 4;
    put64(o + 13, (u64)(sa < sb ? sa : sb) ^ (a > b ? a : b));
    o[15] = (unsigned)(llabs(sa) >> 7) + (unsigned)(sa + sb);
}

__global__ void int32ops(const unsigned *u, unsigned *o)
{
    unsigned i = tid(), a = u[4 * i], b = u[4 * i + 1], c = u[4 * i + 2];
    int sa = (int)a, sb = (int)b;
    o += K * i;
    o[0] = __umulhi(a, b); o[1] = (unsigned)__mulhi(sa, sb); o[2] = __umul24(a, b); o[3] = (unsigned)__mul24(sa, sb);
    o[4] = __sad(sa, sb, c); o[5] = __usad(a, b, c); o[6] = (unsigned)__hadd(sa, sb); o[7] = __urhadd(a, b);
    o[8] = (unsigned)abs(sa); o[9] = (unsigned)min(sa, sb); o[10] = max(a, b); o[11] = a >> (c & 31);
    o[12] = (unsigned)(sa >> (c & 31)); o[13] = a << (c & 31); o[14] = (unsigned)((s64)sa * sb >> 32);
    o[15] = (a + b < a) + (sa < sb) * 2 + (a - c > b) * 4;
}

__global__ void bits(const unsigned *u, unsigned *o)
{
    unsigned i = tid(), a = u[4 * i], b = u[4 * i + 1], c = u[4 * i + 2];
    if (i % 8 == 0) a = 0;
    if (i % 8 == 1) a = 0xffffffffu;
    u64 w = pack(a, b);
    if (i % 16 == 2) w = 0;
    o += K * i;
    o[0] = __popc(a); o[1] = __popcll(w); o[2] = __clz(a); o[3] = __clzll(w);
    o[4] = __ffs(a); o[5] = __ffsll(w); o[6] = __brev(a); put64(o + 7, __brevll(w));
    o[9] = __byte_perm(a, b, c); o[10] = __funnelshift_l(a, b, c); o[11] = __funnelshift_r(a, b, c);
    o[12] = __funnelshift_lc(a, b, c); o[13] = __funnelshift_rc(a, b, c);
    o[14] = (a >> (c & 15)) & ((1u << (b & 15)) - 1);          // a bit-field extract
    o[15] = __byte_perm(a, b, 0x3210 + (c & 0x7777)) ^ (unsigned)(((int)a << 8) >> 20);
}

// float inputs: specials, out-of-range values, halves, random ranges
__device__ float fin(const unsigned *u, unsigned i, unsigned k)
{
    const float sp[16] = { __int_as_float(0x7fc00000), __int_as_float(0x7f800000), -__int_as_float(0x7f800000), 0.0f,
                           -0.0f, 2.5f, -2.5f, 0.5f, -1.5f, 3e9f, -3e9f, 5e9f, 1e20f, -1e20f,
                           __int_as_float(0x00000123), 4294967040.0f };
    unsigned r = u[(4 * i + k) % (4 * NT)];
    switch ((i + k) % 5) {
    case 0: return sp[r % 16];
    case 1: return (float)(int)r * (1.0f / 4096.0f);     // +-5e5, fractional
    case 2: return __int_as_float((r & 0x807fffff) | 0x3f000000);   // [0.5, 1)
    case 3: return (float)(int)r;
    default: return __int_as_float(r & 0xbfffffff);     // any magnitude < 2
    }
}

__global__ void f2i(const unsigned *u, unsigned *o)
{
    unsigned i = tid();
    float f = fin(u, i, 0);
    o += K * i;
    o[0] = __float2int_rn(f); o[1] = __float2int_rz(f); o[2] = __float2int_rd(f); o[3] = __float2int_ru(f);
    o[4] = __float2uint_rn(f); o[5] = __float2uint_rz(f); o[6] = __float2uint_rd(f); o[7] = __float2uint_ru(f);
    put64(o + 8, __float2ll_rn(f)); put64(o + 10, __float2ll_rd(f)); put64(o + 12, __float2ull_rz(f));
    o[14] = (unsigned)(short)__float2int_rz(f); o[15] = (unsigned)(unsigned char)__float2uint_rn(f * 3.0f);
}

__global__ void i2f(const unsigned *u, unsigned *o)
{
    unsigned i = tid(), a = u[4 * i];
    if (i % 4 == 0) a >>= (i / 4) % 32;
    u64 w = pack(u[4 * i + 1], a) >> (u[4 * i + 2] & 31);
    o += K * i;
    o[0] = fb(__int2float_rn((int)a)); o[1] = fb(__int2float_rz((int)a)); o[2] = fb(__int2float_rd((int)a));
    o[3] = fb(__int2float_ru((int)a)); o[4] = fb(__uint2float_rn(a)); o[5] = fb(__uint2float_rz(a));
    o[6] = fb(__ll2float_rn((s64)w)); o[7] = fb(__ll2float_rd((s64)w)); o[8] = fb(__ull2float_ru(w));
    o[9] = fb(__ull2float_rz(w)); put64(o + 10, __double_as_longlong(__ll2double_rn((s64)w)));
    put64(o + 12, __double_as_longlong(__ull2double_rz(w | 1ull << 63 | 1)));
    o[14] = fb((float)(unsigned short)a); o[15] = fb((float)(signed char)a);
}

__device__ double din(const unsigned *u, unsigned i, unsigned k)
{
    float f = fin(u, i, k);
    unsigned r = u[(4 * i + k + 1) % (4 * NT)];
    switch ((i + k) % 7) {
    case 0: return __longlong_as_double((s64)pack(r, r * 2654435761u) & 0xbfffffffffffffffll);
    case 1: return (double)f + (double)r * 1e-12;
    default: return (double)f;
    }
}

__global__ void d2x(const unsigned *u, unsigned *o)
{
    unsigned i = tid();
    double d = din(u, i, 0);
    o += K * i;
    o[0] = __double2int_rn(d); o[1] = __double2int_rz(d); o[2] = __double2int_rd(d); o[3] = __double2int_ru(d);
    o[4] = __double2uint_rn(d); o[5] = __double2uint_rz(d); put64(o + 6, __double2ll_rn(d));
    put64(o + 8, __double2ull_rd(d)); o[10] = fb(__double2float_rn(d)); o[11] = fb(__double2float_rz(d));
    o[12] = fb(__double2float_rd(d)); o[13] = fb(__double2float_ru(d));
    put64(o + 14, __double_as_longlong((double)fin(u, i, 1)));
}

__global__ void fround(const unsigned *u, unsigned *o)
{
    unsigned i = tid();
    float a = fin(u, i, 0), b = fin(u, i, 1);
    o += K * i;
    o[0] = fb(floorf(a)); o[1] = fb(ceilf(a)); o[2] = fb(truncf(a)); o[3] = fb(roundf(a));
    o[4] = fb(rintf(a)); o[5] = fb(fminf(a, b)); o[6] = fb(fmaxf(a, b)); o[7] = fb(copysignf(a, b));
    o[8] = fb(fabsf(a)); o[9] = fb(__saturatef(a)); o[10] = fb(a + b); o[11] = fb(a * b);
    o[12] = (a < b) | (a <= b) << 1 | (a != b) << 2 | isnan(a) << 3 | isinf(b) << 4 | signbit(a) << 5 | isfinite(a) << 6
          | !(a >= b) << 7;
    o[13] = fb(fmaf(a, b, 1.0f)); o[14] = fb(a - b * 0.5f); o[15] = fb(fdimf(a, b));
}

__global__ void fexact(const unsigned *u, unsigned *o)
{
    unsigned i = tid();
    float a = fin(u, i, 0), b = fin(u, i, 1), c = fin(u, i, 2);
    o += K * i;
    o[0] = fb(sqrtf(a)); o[1] = fb(a / b); o[2] = fb(__fdiv_rz(a, b)); o[3] = fb(__frcp_rn(b));
    o[4] = fb(__fsqrt_rn(fabsf(a))); o[5] = fb(__fmaf_rz(a, b, c)); o[6] = fb(__fadd_rd(a, c)); o[7] = fb(__fmul_ru(a, b));
    o[8] = fb(__fadd_rz(a, b)); o[9] = fb(__fmaf_rd(a, b, c)); o[10] = fb(fmodf(a, b)); o[11] = fb(1.0f / a);
    o[12] = fb(__fmul_rz(a, c)); o[13] = fb(__fsub_ru(a, c)); o[14] = fb(ldexpf(a, (int)(u[4 * i] % 40) - 20));
    int e;
    o[15] = fb(frexpf(b, &e)) ^ (unsigned)e;
}

// CUDA C Programming Guide, table of intrinsic functions' errors: __expf
// 2 + floor(|1.173 x|) ulp, __logf 2^-21.41 absolute in [0.5, 2], __sinf and
// __cosf 2^-21.41 absolute in [-pi, pi], rsqrtf 2 ulp, __fdividef 2 ulp;
// expf 2 ulp, logf 1 ulp, sinf 2 ulp, powf 4 ulp (standard functions)
__device__ unsigned near(float got, double want, double ulps, double abs_err)
{
    if (isnan(want)) return isnan(got) ? 1 : 0;
    if (isinf(want)) return got == (float)want ? 1 : 0;
    double ulp = fmax(ldexp(1.0, ilogb(fmax(fabs(want), 1.17549435e-38)) - 23), 1.4e-45);
    return fabs((double)got - want) <= fmax(ulps * ulp, abs_err) ? 1 : 0;
}

__global__ void fapprox(const unsigned *u, unsigned *o)
{
    unsigned i = tid();
    float a = fin(u, i, 0), b = fin(u, i, 3);
    float x = fminf(fmaxf(a, -80.0f), 80.0f), p = fabsf(b) + 0.5f, t = fmodf(a, 3.14159f);
    if (isnan(x)) x = 1.0f;
    if (isnan(t)) t = 0.25f;
    o += K * i;
    o[0] = near(__expf(x), exp((double)x), 2 + floor(fabs(1.173 * x)), 0);
    o[1] = near(expf(x), exp((double)x), 2, 0);
    o[2] = near(__logf(p), log((double)p), 4, ldexp(1.0, -21));
    o[3] = near(logf(p), log((double)p), 1, 0);
    o[4] = near(__sinf(t), sin((double)t), 4, ldexp(1.0, -21));
    o[5] = near(sinf(a), sin((double)a), 2, 0);
    o[6] = near(cosf(a), cos((double)a), 2, 0);
    o[7] = near(__cosf(t), cos((double)t), 4, ldexp(1.0, -21));
    o[8] = near(rsqrtf(p), 1.0 / sqrt((double)p), 2, 0);
    o[9] = near(__fdividef(a, p), (double)a / p, 2, 0);
    o[10] = near(powf(p, b * 0.25f), pow((double)p, (double)(b * 0.25f)), 4, 0);
    o[11] = near(exp2f(x * 0.5f), exp2((double)x * 0.5), 2, 0);
    o[12] = near(log2f(p), log2((double)p), 1, 0);
    o[13] = near(tanhf(t), tanh((double)t), 2, 0);
    // exact results at special points (NaN bits included)
    o[14] = fb(__expf(-__int_as_float(0x7f800000))) ^ fb(logf(0.0f)) << 1 ^ fb(rsqrtf(-0.0f)) << 2 ^ fb(sqrtf(-1.0f)) << 3;
    o[15] = fb(__logf(-1.0f)) ^ fb(expf(__int_as_float(0x7f800000)) * 0.0f);
}

__global__ void dmath(const unsigned *u, unsigned *o)
{
    unsigned i = tid();
    double a = din(u, i, 0), b = din(u, i, 1), c = din(u, i, 2);
    o += K * i;
    put64(o, __double_as_longlong(sqrt(fabs(a)))); put64(o + 2, __double_as_longlong(a / b));
    put64(o + 4, __double_as_longlong(fma(a, b, c))); put64(o + 6, __double_as_longlong(exp(fmin(fmax(a, -700.0), 700.0))));
    put64(o + 8, __double_as_longlong(log(fabs(b) + 1e-300))); put64(o + 10, __double_as_longlong(__dadd_rz(a, c) + floor(b)));
    put64(o + 12, __double_as_longlong(__dmul_ru(a, b) - ceil(c) + trunc(a) * round(b)));
    put64(o + 14, __double_as_longlong(__drcp_rn(b) + fmin(a, c) + (a < b ? 1.0 : 0.5)));
}

__global__ void halfs(const unsigned *u, unsigned *o)
{
    unsigned i = tid();
    float a = fin(u, i, 0), b = fin(u, i, 1);
    if (i % 3 == 0) { a = fminf(fmaxf(a * 1e-3f, -7e4f), 7e4f); b *= 1e-4f; }
    __half2 x = __floats2half2_rn(a, b), y = __floats2half2_rn(b * 0.5f, 1.5f), z = __float2half2_rn(a);
    o += K * i;
    __half2 s = __hadd2(x, y), m = __hmul2(x, y), f = __hfma2(x, y, z), d = __hsub2(z, y);
    o[0] = *(unsigned *)&s; o[1] = *(unsigned *)&m; o[2] = *(unsigned *)&f; o[3] = *(unsigned *)&d;
    float2 back = __half22float2(f);
    o[4] = fb(back.x); o[5] = fb(back.y);
    __half h = __float2half_rz(a), g = __float2half_rd(b);
    o[6] = __half_as_ushort(h) | (unsigned)__half_as_ushort(g) << 16;
    o[7] = __half2int_rn(__low2half(x)); o[8] = __half2int_rz(__high2half(x));
    o[9] = __half_as_ushort(__int2half_rn((int)u[4 * i] >> 20)) | (unsigned)__half_as_ushort(__uint2half_rz(u[4 * i + 1] >> 18)) << 16;
    __half2 mx = __hmax2(x, y), mn = __hmin2(x, z), ab = __habs2(__hneg2(x));
    o[10] = *(unsigned *)&mx; o[11] = *(unsigned *)&mn; o[12] = *(unsigned *)&ab;
    o[13] = __hlt(__low2half(x), __high2half(x)) | __hbgt2(x, y) << 1 | __hisnan(__low2half(s)) << 2 | __heq(h, g) << 3;
    __half2 q = __hmul2_sat(x, y);
    o[14] = *(unsigned *)&q; o[15] = fb(__half2float(__hadd(__low2half(m), __high2half(d))));
}

__global__ void shfl(const unsigned *u, unsigned *o)
{
    unsigned i = tid(), v = u[4 * i], lane = threadIdx.x % 32, src = u[4 * i + 1];
    double d = din(u, i, 2);
    o += K * i;
    o[0] = __shfl_sync(0xffffffffu, v, src % 32); o[1] = __shfl_sync(0xffffffffu, v, src % 8, 8);
    o[2] = __shfl_up_sync(0xffffffffu, v, 3); o[3] = __shfl_up_sync(0xffffffffu, v, 2, 16);
    o[4] = __shfl_down_sync(0xffffffffu, v, 5); o[5] = __shfl_down_sync(0xffffffffu, v, 1, 4);
    o[6] = __shfl_xor_sync(0xffffffffu, v, 17); o[7] = __shfl_xor_sync(0xffffffffu, v, 3, 8);
    o[8] = __shfl_sync(0xffffffffu, v, src, 16); o[9] = __shfl_sync(0xffffffffu, v, (int)src % 40 - 4);
    put64(o + 10, __double_as_longlong(__shfl_xor_sync(0xffffffffu, d, 9)));
    unsigned t = v;   // a butterfly reduction
    for (int k = 16; k; k >>= 1) t += __shfl_xor_sync(0xffffffffu, t, k);
    o[12] = t;
    unsigned w = 0;
    if (lane < 16) w = __shfl_down_sync(0x0000ffffu, v, 2, 16);   // part of the warp
    o[13] = w;
    o[14] = fb(__shfl_up_sync(0xffffffffu, (float)lane * 0.5f, 7, 32)); o[15] = __shfl_sync(0xffffffffu, lane, lane + 1, 32);
}

__global__ void vote(const unsigned *u, unsigned *o)
{
    unsigned i = tid(), v = u[4 * i], lane = threadIdx.x % 32;
    bool p = v & 1, q = (v >> 1) % 7 != 0;
    o += K * i;
    o[0] = __ballot_sync(0xffffffffu, p); o[1] = __any_sync(0xffffffffu, p); o[2] = __all_sync(0xffffffffu, q);
    o[3] = __popc(__ballot_sync(0xffffffffu, q));
    o[4] = 0;
    if (v & 4) o[4] = __activemask();
    o[5] = __match_any_sync(0xffffffffu, v % 5);
    int pred;
    unsigned all = __match_all_sync(0xffffffffu, lane < 40, &pred);
    o[6] = all ^ (unsigned)pred << 1;
    o[7] = __match_any_sync(0xffffffffu, pack(v % 3, 7));
    o[8] = __reduce_add_sync(0xffffffffu, v); o[9] = __reduce_min_sync(0xffffffffu, v);
    o[10] = (unsigned)__reduce_max_sync(0xffffffffu, (int)v); o[11] = __reduce_and_sync(0xffffffffu, v | 0x10000);
    o[12] = __reduce_or_sync(0xffffffffu, v & 0xff); o[13] = __reduce_xor_sync(0xffffffffu, v);
    o[14] = 0;
    if (lane % 3) o[14] = __ballot_sync(__activemask(), p) | __all_sync(__activemask(), q) << 31;
    o[15] = __reduce_min_sync(0xffffffffu, (int)v);
}

// order-independent atomics: sums, min/max, bit ops, a product by CAS,
// exchange's returned values and final value together (their sum), inc/dec
__global__ void atomics(const unsigned *u, unsigned *g)
{
    unsigned i = tid(), v = u[4 * i];
    atomicAdd(&g[0], v); atomicAdd((int *)&g[1], -(int)(v >> 3)); atomicAdd((u64 *)&g[2], (u64)v << 20);
    atomicAdd((float *)&g[4], (float)(v & 0xff)); atomicAdd((double *)&g[6], (double)(v >> 8) * 0.25);
    atomicMax((int *)&g[8], (int)v); atomicMin(&g[9], v); atomicMax((u64 *)&g[10], pack(v, i));
    atomicMin((s64 *)&g[12], (s64)pack(v, i)); atomicAnd(&g[14], v | 0x0f0f0f0f); atomicOr(&g[15], v & 0x80808081);
    atomicXor(&g[16], v); atomicInc(&g[17], 100); atomicDec(&g[18], 77); atomicSub(&g[19], v & 0xffff);
    unsigned old = g[20], seen;   // atomic multiply by CAS
    do { seen = old; old = atomicCAS(&g[20], seen, seen * (2 * v + 1)); } while (old != seen);
    atomicAdd(&g[21], atomicExch(&g[22], v));
    atomicAdd((u64 *)&g[24], (u64)atomicExch((u64 *)&g[26], pack(i, v)));
    u64 o64 = g[28], s64v;
    do { s64v = o64; o64 = atomicCAS((u64 *)&g[28], s64v, s64v + v); } while (o64 != s64v);
    if (i % 2) atomicMax((unsigned *)&g[30], v); else atomicMin((int *)&g[31], (int)v);
}

__global__ void satomics(const unsigned *u, unsigned *o)
{
    __shared__ unsigned s[32];
    __shared__ u64 s64x[4];
    unsigned i = tid(), v = u[4 * i], t = threadIdx.x;
    if (t < 32) s[t] = t == 9 || t == 20 ? 0xffffffffu : t == 14 ? 1 : 0;
    if (t < 4) s64x[t] = 0;
    __syncthreads();
    atomicAdd(&s[0], v); atomicAdd((float *)&s[1], (float)(v & 0xff) * 0.5f); atomicMax((int *)&s[2], (int)v);
    atomicMin(&s[9], v); atomicAnd(&s[3], v); atomicOr(&s[4], v & 0x01010101); atomicXor(&s[5], v);
    atomicInc(&s[6], 50); atomicDec(&s[7], 13); atomicAdd((int *)&s[8], -(int)(v & 0xfff));
    unsigned old = s[14], seen;
    do { seen = old; old = atomicCAS(&s[14], seen, seen * (v | 1)); } while (old != seen);
    atomicAdd(&s[10], atomicExch(&s[11], v));
    atomicAdd(&s64x[0], (u64)v * v); atomicMax(&s64x[1], pack(v, t)); atomicMin((s64 *)&s64x[2], (s64)pack(v, t));
    atomicAdd((double *)&s64x[3], (double)(v & 0xffff));
    atomicAdd(&s[12 + (v & 1)], 1); atomicAdd(&s[16 + (v % 4)], v >> 16);
    __syncthreads();
    if (t == 0) atomicAdd(&s[10], s[11]);
    __syncthreads();
    if (t < 24) o[blockIdx.x * 32 + t] = t == 11 ? 0 : s[t];
    if (t < 4) put64(o + blockIdx.x * 32 + 24 + 2 * t, s64x[t]);
}

__global__ void smem(const unsigned *u, unsigned *o)
{
    __shared__ float tile[32][33];
    __shared__ unsigned char bytes[BS];
    __shared__ short shorts[BS];
    __shared__ double dd[BS];
    __shared__ uint4 vec[BS / 4];
    extern __shared__ unsigned dyn[];
    unsigned t = threadIdx.x, i = tid(), v = u[4 * i];
    tile[t % 32][t / 32] = (float)v;
    bytes[t] = (unsigned char)v; shorts[t] = (short)(v >> 3); dd[t] = (double)v * 0.125; dyn[t] = v;
    if (t < BS / 4) vec[t] = make_uint4(v, v ^ 1, v ^ 2, v ^ 3);
    __syncthreads();
    o += K * i;
    o[0] = fb(tile[(t * 7) % 32][t / 32]); o[1] = (unsigned)(signed char)bytes[(t * 7) % BS]; o[2] = bytes[BS - 1 - t];
    o[3] = (unsigned)shorts[(t + 5) % BS]; put64(o + 4, __double_as_longlong(dd[(t * 3) % BS]));
    uint4 q = vec[(t / 2) % (BS / 4)];
    o[6] = q.x; o[7] = q.w; o[8] = dyn[(t + 1) % BS];
    for (int k = BS / 2; k > 0; k >>= 1) {   // a tree reduction
        __syncthreads();
        if (t < (unsigned)k) dyn[t] += dyn[t + k];
    }
    __syncthreads();
    o[9] = dyn[0];
    uint2 p2 = reinterpret_cast<uint2 *>(dyn)[t / 2];
    o[10] = p2.x ^ p2.y;
    o[11] = 0; o[12] = 0; o[13] = 0; o[14] = 0; o[15] = 0;
}

__global__ void ctrl(const unsigned *u, unsigned *o)
{
    unsigned i = tid(), a = u[4 * i], b = u[4 * i + 1], acc = 0;
    o += K * i;
    if (a & 1) {
        if (b & 2) acc = a ^ b; else acc = a + 3;
        if ((a >> 4) & 1) { acc *= 5; if (b & 64) acc -= 11; }
    } else if (b & 8) acc = b >> 3;
    else acc = 77;
    o[0] = acc;
    unsigned n = a % 37, s = 0, k;
    for (k = 0; k < 100; k++) {   // break and continue
        if (k == n) break;
        if ((k ^ b) & 1) continue;
        s += k * (b & 0xff);
    }
    o[1] = s; o[2] = k;
    switch (b % 9) {
    case 0: s = a + 1; break;
    case 1: s = a * 3; break;
    case 2: s = a >> 2; break;
    case 3: s = ~a; break;
    case 4: s = a ^ 0x5555; break;
    case 5: s = a - b; break;
    case 6: s = a | b; break;
    case 7: s = a & b; break;
    default: s = 1234;
    }
    o[3] = s;
    unsigned x = a, steps = 0;   // data-dependent while loop (Collatz, capped)
    while (x != 1 && steps < 200) { x = x & 1 ? 3 * x + 1 : x >> 1; steps++; }
    o[4] = steps; o[5] = x;
    unsigned m = 0;
    for (unsigned r = 0; r < (a & 7); r++)
        for (unsigned c = 0; c < (b & 7); c++) {
            if (c == r) continue;
            if (r * c > 20) goto done;
            m += r * 8 + c;
        }
done:
    o[6] = m;
    o[7] = (a & 3) == 0 ? 10 : (a & 3) == 1 ? 20 : (a & 3) == 2 ? 30 : 40;
    float f = (float)(a & 0xffff);
    unsigned it = 0;
    while (f > 1.0f) { f = f * 0.37f; it++; }
    o[8] = it; o[9] = fb(f);
    for (int q = 10; q < K; q++) o[q] = q + (i & 1 ? a : b);
}

__global__ void gmem(const unsigned *u, unsigned *o, const unsigned char *cb, const short *sb, const uint4 *v4, const double *dv)
{
    unsigned i = tid();
    o += K * i;
    o[0] = cb[i * 3 % (16 * NT)]; o[1] = (unsigned)(signed char)cb[i * 5 % (16 * NT)]; o[2] = (unsigned)sb[(i * 7) % (8 * NT)];
    o[3] = (unsigned short)sb[i]; uint4 q = __ldg(&v4[i % NT]); o[4] = q.y; o[5] = q.z;
    uint2 p = reinterpret_cast<const uint2 *>(u)[i]; o[6] = p.x + p.y; put64(o + 7, __double_as_longlong(dv[i % (2 * NT)]));
    unsigned char *ob = (unsigned char *)(o + 9);
    ob[0] = (unsigned char)u[i]; ob[1] = 0x80; ob[2] = (unsigned char)(u[i] >> 8); ob[3] = 1;
    short *os = (short *)(o + 10);
    os[0] = (short)-(int)i; os[1] = (short)u[i + 1];
    uint4 *o4 = (uint4 *)(o + 12);
    *o4 = make_uint4(i, q.x, q.w, p.y);
}

// exchange's returned values (summed) and its final value: only their sum is order-independent
__global__ void fold(unsigned *g)
{
    g[21] += g[22]; g[22] = 0;
    u64 *w = (u64 *)g;
    w[12] += w[13]; w[13] = 0;
}

static unsigned long long fnv(const void *p, size_t n)
{
    const unsigned char *b = (const unsigned char *)p;
    unsigned long long h = 1469598103934665603ull;
    for (size_t k = 0; k < n; k++) { h ^= b[k]; h *= 1099511628211ull; }
    return h;
}

static void show(const char *name, const unsigned *dev, size_t words)
{
    unsigned *h = (unsigned *)malloc(words * 4);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(h, dev, words * 4, cudaMemcpyDeviceToHost));
    printf("%s hash=%016llx first=%08x,%08x,%08x\n", name, fnv(h, words * 4), h[0], h[1], h[2]);
    free(h);
}

static bool want(const char *list, const char *name)
{
    if (!list) return true;
    size_t n = strlen(name);
    for (const char *p = strstr(list, name); p != NULL; p = strstr(p + n, name))
        if ((p == list || p[-1] == ',') && (p[n] == ',' || !p[n])) return true;
    return false;
}

int main(int argc, char **argv)
{
    const char *only = argc > 1 ? argv[1] : 0;   // a comma-separated list of kernels, or all
    size_t nu = 4 * NT + 4, nout = (size_t)K * NT;
    unsigned *hu = (unsigned *)malloc(nu * 4), x = 12345;
    for (size_t k = 0; k < nu; k++) { x = x * 1664525u + 1013904223u; hu[k] = x ^ (x >> 16) * 0x9e37u; }
    unsigned *u, *o, *z;
    CHECK(cudaMalloc(&u, nu * 4)); CHECK(cudaMalloc(&o, nout * 4)); CHECK(cudaMalloc(&z, nout * 4));
    CHECK(cudaMemcpy(u, hu, nu * 4, cudaMemcpyHostToDevice));
    double *hd = (double *)malloc(2 * NT * 8);
    for (int k = 0; k < 2 * NT; k++) hd[k] = (double)(int)hu[k] / (double)(hu[k + 1] | 1);
    double *dv; CHECK(cudaMalloc(&dv, 2 * NT * 8)); CHECK(cudaMemcpy(dv, hd, 2 * NT * 8, cudaMemcpyHostToDevice));
#define RUN(name, ...) if (want(only, #name)) { CHECK(cudaMemset(o, 0, nout * 4)); \
        name<<<NT / BS, BS>>>(u, o, ##__VA_ARGS__); CHECK(cudaGetLastError()); show(#name, o, nout); }
    RUN(udiv32) RUN(div64) RUN(divconst) RUN(int64ops) RUN(int32ops) RUN(bits)
    RUN(f2i) RUN(i2f) RUN(d2x) RUN(fround) RUN(fexact) RUN(fapprox) RUN(dmath) RUN(halfs)
    RUN(shfl) RUN(vote)
    if (want(only, "atomics")) {
        unsigned init[32] = { 0 };
        init[9] = 0xffffffffu; init[12] = 0xffffffffu; init[13] = 0x7fffffffu; init[14] = 0xffffffffu;
        init[18] = 5; init[20] = 1; init[31] = 0x7fffffff;
        CHECK(cudaMemcpy(z, init, sizeof init, cudaMemcpyHostToDevice));
        atomics<<<NT / BS, BS>>>(u, z); fold<<<1, 1>>>(z); CHECK(cudaGetLastError()); show("atomics", z, 32);
    }
    RUN(satomics)
    if (want(only, "smem")) {
        CHECK(cudaMemset(o, 0, nout * 4));
        smem<<<NT / BS, BS, BS * 4>>>(u, o); CHECK(cudaGetLastError()); show("smem", o, nout);
    }
    RUN(ctrl)
    RUN(gmem, (const unsigned char *)u, (const short *)u, (const uint4 *)u, dv)
    return 0;
}
