// validation/energy-h100/energy.cu — microbenchmarks for the energy model's
// fit (issue 61). Each kernel stresses one component (or a known mix) in a
// loop long enough (about 3 s) for the board's energy counter to resolve it.
//
//   energy run [SECONDS [ROUNDS]]   on the GPU: calibrate each kernel's loop
//       count to SECONDS (default 3), then measure every kernel ROUNDS times
//       (default 2): NVML's total-energy counter (mJ) at counter edges before
//       and after, power and SM clock sampled every 20 ms by a second thread.
//       stdout: card info and one CSV row per measurement; samples.csv
//       (or $ENERGY_SAMPLES) the samples.
//   energy sim KERNEL ITERS [MB]    one launch of KERNEL with ITERS loop
//       iterations (MB: the DRAM kernels' buffer), no NVML: for warpsim cuda,
//       whose event counts at two ITERS give the events of one iteration.
//   energy simall SCALE             every kernel once, ITERS = its first
//       calibration count / 20 x SCALE, 64 MB DRAM buffers: for ncu.
//   energy list                     the kernels, their grids and what they stress.
//
// NVML is loaded at run time (dlopen libnvidia-ml.so.1), so the binary needs
// no NVML library to link; without NVML `run` still times the kernels.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <nvml.h>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); exit(3); } } while (0)

// ---------------------------------------------------------------- kernels
// Every kernel writes its result only when it equals an unlikely value, so
// nothing is dead code and almost nothing is stored.

__global__ void k_fp32(float *out, long long iters, float b, float c)
{
    float a0 = threadIdx.x * 1e-3f, a1 = a0 + 1, a2 = a0 + 2, a3 = a0 + 3,
          a4 = a0 + 4, a5 = a0 + 5, a6 = a0 + 6, a7 = a0 + 7;
    for (long long i = 0; i < iters; i++) {
#pragma unroll
        for (int u = 0; u < 16; u++) {
            a0 = fmaf(a0, b, c); a1 = fmaf(a1, b, c); a2 = fmaf(a2, b, c); a3 = fmaf(a3, b, c);
            a4 = fmaf(a4, b, c); a5 = fmaf(a5, b, c); a6 = fmaf(a6, b, c); a7 = fmaf(a7, b, c);
        }
    }
    float s = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7;
    if (s == 1234.5f) out[threadIdx.x] = s;
}

__global__ void k_fp64(float *out, long long iters, double b, double c)
{
    double a0 = threadIdx.x * 1e-3, a1 = a0 + 1, a2 = a0 + 2, a3 = a0 + 3,
           a4 = a0 + 4, a5 = a0 + 5, a6 = a0 + 6, a7 = a0 + 7;
    for (long long i = 0; i < iters; i++) {
#pragma unroll
        for (int u = 0; u < 8; u++) {
            a0 = fma(a0, b, c); a1 = fma(a1, b, c); a2 = fma(a2, b, c); a3 = fma(a3, b, c);
            a4 = fma(a4, b, c); a5 = fma(a5, b, c); a6 = fma(a6, b, c); a7 = fma(a7, b, c);
        }
    }
    double s = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7;
    if (s == 1234.5) out[threadIdx.x] = (float)s;
}

__global__ void k_half(float *out, long long iters, float b, float c)
{
    __half2 hb = __float2half2_rn(b), hc = __float2half2_rn(c);
    __half2 a0 = __float2half2_rn(threadIdx.x * 1e-3f), a1 = __hadd2(a0, hc), a2 = __hadd2(a1, hc),
            a3 = __hadd2(a2, hc), a4 = __hadd2(a3, hc), a5 = __hadd2(a4, hc), a6 = __hadd2(a5, hc),
            a7 = __hadd2(a6, hc);
    for (long long i = 0; i < iters; i++) {
#pragma unroll
        for (int u = 0; u < 16; u++) {
            a0 = __hfma2(a0, hb, hc); a1 = __hfma2(a1, hb, hc); a2 = __hfma2(a2, hb, hc); a3 = __hfma2(a3, hb, hc);
            a4 = __hfma2(a4, hb, hc); a5 = __hfma2(a5, hb, hc); a6 = __hfma2(a6, hb, hc); a7 = __hfma2(a7, hb, hc);
        }
    }
    float s = __low2float(a0) + __low2float(a1) + __low2float(a2) + __low2float(a3) +
              __high2float(a4) + __high2float(a5) + __high2float(a6) + __high2float(a7);
    if (s == 1234.5f) out[threadIdx.x] = s;
}

// xorshift32 on eight states: shifts and three-input logic (the ALU pipe)
#define XS(x) (x ^= x << 13, x ^= x >> 17, x ^= x << 5)
__global__ void k_int(float *out, long long iters, unsigned seed)
{
    unsigned t = threadIdx.x + blockIdx.x * blockDim.x;
    unsigned x0 = seed ^ t, x1 = x0 * 3 + 1, x2 = x0 * 5 + 2, x3 = x0 * 7 + 3,
             x4 = x0 * 11 + 4, x5 = x0 * 13 + 5, x6 = x0 * 17 + 6, x7 = x0 * 19 + 7;
    for (long long i = 0; i < iters; i++) {
#pragma unroll
        for (int u = 0; u < 4; u++) {
            XS(x0); XS(x1); XS(x2); XS(x3); XS(x4); XS(x5); XS(x6); XS(x7);
        }
    }
    unsigned s = x0 ^ x1 ^ x2 ^ x3 ^ x4 ^ x5 ^ x6 ^ x7;
    if (s == 0x12345u) out[threadIdx.x] = (float)s;
}

// a linear congruential step on eight states: integer multiply-add (IMAD)
__global__ void k_imad(float *out, long long iters, unsigned m, unsigned k)
{
    unsigned t = threadIdx.x + blockIdx.x * blockDim.x;
    unsigned x0 = t, x1 = t + 1, x2 = t + 2, x3 = t + 3, x4 = t + 4, x5 = t + 5, x6 = t + 6, x7 = t + 7;
    for (long long i = 0; i < iters; i++) {
#pragma unroll
        for (int u = 0; u < 16; u++) {
            x0 = x0 * m + k; x1 = x1 * m + k; x2 = x2 * m + k; x3 = x3 * m + k;
            x4 = x4 * m + k; x5 = x5 * m + k; x6 = x6 * m + k; x7 = x7 * m + k;
        }
    }
    unsigned s = x0 ^ x1 ^ x2 ^ x3 ^ x4 ^ x5 ^ x6 ^ x7;
    if (s == 0x12345u) out[threadIdx.x] = (float)s;
}

__device__ __forceinline__ float rsq(float x)
{
    float y;
    asm volatile("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
    return y;
}
// MUFU.RSQ chains: x -> x^(-1/2) stays near 1
__global__ void k_sfu(float *out, long long iters)
{
    float a0 = 1.5f + threadIdx.x * 1e-3f, a1 = a0 + 1, a2 = a0 + 2, a3 = a0 + 3,
          a4 = a0 + 4, a5 = a0 + 5, a6 = a0 + 6, a7 = a0 + 7;
    for (long long i = 0; i < iters; i++) {
#pragma unroll
        for (int u = 0; u < 8; u++) {
            a0 = rsq(a0); a1 = rsq(a1); a2 = rsq(a2); a3 = rsq(a3);
            a4 = rsq(a4); a5 = rsq(a5); a6 = rsq(a6); a7 = rsq(a7);
        }
    }
    float s = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7;
    if (s == 1234.5f) out[threadIdx.x] = s;
}

#define MMA(c, a, b) asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 " \
    "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};" \
    : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]) \
    : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]))
// HMMA.16816.F32 on four independent accumulators
__global__ void k_hmma(float *out, long long iters)
{
    unsigned l = threadIdx.x & 31;
    unsigned a[4], b[2];
    for (int i = 0; i < 4; i++) a[i] = 0x20002000u | ((l * 7 + i) & 0xff) * 0x00010001u;
    for (int i = 0; i < 2; i++) b[i] = 0x20002000u | ((l * 5 + i) & 0xff) * 0x00010001u;
    float c0[4] = {0, 0, 0, 0}, c1[4] = {0, 0, 0, 0}, c2[4] = {0, 0, 0, 0}, c3[4] = {0, 0, 0, 0};
    for (long long i = 0; i < iters; i++) {
#pragma unroll
        for (int u = 0; u < 8; u++) { MMA(c0, a, b); MMA(c1, a, b); MMA(c2, a, b); MMA(c3, a, b); }
    }
    float s = c0[0] + c1[1] + c2[2] + c3[3] + c0[3] + c1[2] + c2[1] + c3[0];
    if (s == 1234.5f) out[threadIdx.x] = s;
}

// shared-memory loads without bank conflicts (volatile: one LDS each)
__global__ void k_smem(float *out, long long iters)
{
    __shared__ float s[2048];
    for (int i = threadIdx.x; i < 2048; i += blockDim.x) s[i] = i * 0.5f;
    __syncthreads();
    volatile float *vs = s;
    float a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    unsigned t = threadIdx.x;
    for (long long i = 0; i < iters; i++) {
#pragma unroll
        for (int u = 0; u < 16; u += 4) {
            a0 += vs[(t + (u + 0) * 128) & 2047]; a1 += vs[(t + (u + 1) * 128) & 2047];
            a2 += vs[(t + (u + 2) * 128) & 2047]; a3 += vs[(t + (u + 3) * 128) & 2047];
        }
    }
    float r = a0 + a1 + a2 + a3;
    if (r == 1234.5f) out[threadIdx.x] = r;
}

__device__ __forceinline__ float ld_ca(const float *p)
{
    float v;
    asm volatile("ld.global.ca.f32 %0, [%1];" : "=f"(v) : "l"(p));
    return v;
}
// L1 hits: each block reads its own 16 KB again and again (4 blocks an SM: 64 KB)
__global__ void k_l1(const float *p, float *out, long long iters)
{
    const float *q = p + (size_t)blockIdx.x * 4096;
    float a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    unsigned t = threadIdx.x;
    for (long long i = 0; i < iters; i++) {
        unsigned j = (unsigned)i * (16u * 32u * 37u);
#pragma unroll
        for (int u = 0; u < 16; u += 4) {
            a0 += ld_ca(q + ((t + j + (u + 0) * 32u * 37u) & 4095));
            a1 += ld_ca(q + ((t + j + (u + 1) * 32u * 37u) & 4095));
            a2 += ld_ca(q + ((t + j + (u + 2) * 32u * 37u) & 4095));
            a3 += ld_ca(q + ((t + j + (u + 3) * 32u * 37u) & 4095));
        }
    }
    float r = a0 + a1 + a2 + a3;
    if (r == 1234.5f) out[threadIdx.x] = r;
}

// L2 hits: loads over 8 MB (which stays in L2, not in an L1): L1 misses, L2 hits
#define L2_MASK ((1u << 21) - 1)
__global__ void k_l2(const float *p, float *out, long long iters)
{
    float a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    unsigned g = threadIdx.x + blockIdx.x * blockDim.x;
    for (long long i = 0; i < iters; i++) {
        unsigned j = (unsigned)i * (16u * 32u * 997u);
#pragma unroll
        for (int u = 0; u < 16; u += 4) {
            a0 += ld_ca(p + ((g + j + (u + 0) * 32u * 997u) & L2_MASK));
            a1 += ld_ca(p + ((g + j + (u + 1) * 32u * 997u) & L2_MASK));
            a2 += ld_ca(p + ((g + j + (u + 2) * 32u * 997u) & L2_MASK));
            a3 += ld_ca(p + ((g + j + (u + 3) * 32u * 997u) & L2_MASK));
        }
    }
    float r = a0 + a1 + a2 + a3;
    if (r == 1234.5f) out[threadIdx.x] = r;
}

// DRAM reads: streaming 16-byte loads over the whole buffer, iters passes;
// flops extra FMAs per element (0: reads alone; the mix uses 32)
__global__ void k_dram_rd(const float4 *p, size_t n4, float *out, long long iters, int flops)
{
    float a = 0, b = 0, c = 0, d = 0;
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (long long it = 0; it < iters; it++) {
#pragma unroll 4
        for (size_t i = threadIdx.x + (size_t)blockIdx.x * blockDim.x; i < n4; i += stride) {
            float4 v = __ldcs(p + i);
            a += v.x; b += v.y; c += v.z; d += v.w;
            for (int f = 0; f < flops; f++) { a = fmaf(a, v.y, v.x); b = fmaf(b, v.z, v.w); }
        }
    }
    float r = a + b + c + d;
    if (r == 1234.5f) out[threadIdx.x] = r;
}

// DRAM writes: streaming 16-byte stores over the whole buffer, iters passes
__global__ void k_dram_wr(float4 *p, size_t n4, long long iters)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (long long it = 0; it < iters; it++) {
        float f = (float)it;
#pragma unroll 4
        for (size_t i = threadIdx.x + (size_t)blockIdx.x * blockDim.x; i < n4; i += stride)
            __stcs(p + i, make_float4(f, f + i, f - i, f * 0.5f));
    }
}

// integer work with compares and selects whose values are the same in every
// lane (warp-uniform; nvcc 11.8 keeps them in ordinary registers all the same)
__global__ void k_uniform(float *out, long long iters, unsigned seed)
{
    unsigned u = seed, v = seed * 7 + 1;
    for (long long i = 0; i < iters; i++) {
#pragma unroll
        for (int k = 0; k < 8; k++) {
            u = (u & 1) ? u * 3 + 1 : u >> 1;
            v = v * 1664525u + 1013904223u + u;
        }
        if (u < 2) u = v | 1;
    }
    if ((u ^ v) == 0x12345u) out[threadIdx.x] = (float)(u + v);
}

// an SM kept resident with almost nothing issuing: one warp sleeping
__global__ void k_sleep(float *out, long long iters)
{
    unsigned s = 0;
    for (long long i = 0; i < iters; i++) { __nanosleep(1000); s += (unsigned)i; }
    if (s == 0x12345u) out[threadIdx.x] = (float)s;
}

// mixes, for a check of the fit on kernels it did not see alone
__global__ void k_mix_fp32_int(float *out, long long iters, float b, float c)
{
    float a0 = threadIdx.x * 1e-3f, a1 = a0 + 1, a2 = a0 + 2, a3 = a0 + 3;
    unsigned x0 = threadIdx.x + blockIdx.x * 977u, x1 = x0 * 3 + 1, x2 = x0 * 5 + 2, x3 = x0 * 7 + 3;
    for (long long i = 0; i < iters; i++) {
#pragma unroll
        for (int u = 0; u < 8; u++) {
            a0 = fmaf(a0, b, c); a1 = fmaf(a1, b, c); a2 = fmaf(a2, b, c); a3 = fmaf(a3, b, c);
            XS(x0); XS(x1); XS(x2); XS(x3);
        }
    }
    float s = a0 + a1 + a2 + a3 + (float)(x0 ^ x1 ^ x2 ^ x3);
    if (s == 1234.5f) out[threadIdx.x] = s;
}

__global__ void k_mix_smem_fp32(float *out, long long iters, float b, float c)
{
    __shared__ float s[2048];
    for (int i = threadIdx.x; i < 2048; i += blockDim.x) s[i] = i * 0.5f;
    __syncthreads();
    volatile float *vs = s;
    float a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    unsigned t = threadIdx.x;
    for (long long i = 0; i < iters; i++) {
#pragma unroll
        for (int u = 0; u < 8; u += 4) {
            a0 = fmaf(a0, b, vs[(t + (u + 0) * 128) & 2047]); a1 = fmaf(a1, b, vs[(t + (u + 1) * 128) & 2047]);
            a2 = fmaf(a2, b, vs[(t + (u + 2) * 128) & 2047]); a3 = fmaf(a3, b, vs[(t + (u + 3) * 128) & 2047]);
            a0 = fmaf(a0, b, c); a1 = fmaf(a1, b, c); a2 = fmaf(a2, b, c); a3 = fmaf(a3, b, c);
            a0 = fmaf(a0, b, c); a1 = fmaf(a1, b, c); a2 = fmaf(a2, b, c); a3 = fmaf(a3, b, c);
        }
    }
    float r = a0 + a1 + a2 + a3;
    if (r == 1234.5f) out[threadIdx.x] = r;
}

__global__ void k_mix_l2_sfu(const float *p, float *out, long long iters)
{
    float a0 = 1.5f, a1 = 2.5f, a2 = 3.5f, a3 = 4.5f;
    unsigned g = threadIdx.x + blockIdx.x * blockDim.x;
    for (long long i = 0; i < iters; i++) {
        unsigned j = (unsigned)i * (8u * 32u * 997u);
#pragma unroll
        for (int u = 0; u < 8; u += 4) {
            a0 = rsq(a0 + ld_ca(p + ((g + j + (u + 0) * 32u * 997u) & L2_MASK)));
            a1 = rsq(a1 + ld_ca(p + ((g + j + (u + 1) * 32u * 997u) & L2_MASK)));
            a2 = rsq(a2 + ld_ca(p + ((g + j + (u + 2) * 32u * 997u) & L2_MASK)));
            a3 = rsq(a3 + ld_ca(p + ((g + j + (u + 3) * 32u * 997u) & L2_MASK)));
        }
    }
    float r = a0 + a1 + a2 + a3;
    if (r == 1234.5f) out[threadIdx.x] = r;
}

__global__ void k_init(float *p, size_t n, unsigned seed)
{
    for (size_t i = threadIdx.x + (size_t)blockIdx.x * blockDim.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        unsigned x = (unsigned)i * 2654435761u ^ seed;
        XS(x);
        p[i] = 1.0f + (x & 0xffff) * 1e-6f;   // in [1, 1.07): sums stay finite, bits vary
    }
}

// ---------------------------------------------------------------- the table
enum { K_FP32, K_FP64, K_HALF, K_INT, K_IMAD, K_SFU, K_HMMA, K_SMEM, K_L1, K_L2, K_DRAM_RD, K_DRAM_WR,
       K_UNIFORM, K_SLEEP, K_MIX_FP32_INT, K_MIX_SMEM_FP32, K_MIX_L2_SFU, K_MIX_DRAM_FP32 };
struct bench {
    const char *name;
    int kernel;
    int grid;           // blocks: 0 = 4 an SM; > 0 that many
    int block;
    int mix;            // 1: kept out of the fit, a check of it
    long long iters0;   // first calibration count
    const char *what;
};
static const bench benches[] = {
    {"fp32",        K_FP32,    0, 256, 0, 2000, "FFMA chains, 8 per thread (FP32)"},
    {"fp32_66sm",   K_FP32,   66, 1024, 0, 2000, "the same on 66 blocks of 1024: half the SMs active"},
    {"fp64",        K_FP64,    0, 256, 0, 1000, "DFMA chains (FP64)"},
    {"half",        K_HALF,    0, 256, 0, 2000, "HFMA2 chains (FP16 pairs)"},
    {"int",         K_INT,     0, 256, 0, 2000, "xorshift32: shifts and LOP3 (integer ALU)"},
    {"imad",        K_IMAD,    0, 256, 0, 2000, "IMAD chains (integer multiply-add)"},
    {"sfu",         K_SFU,     0, 256, 0, 500,  "MUFU.RSQ chains (SFU)"},
    {"hmma",        K_HMMA,    0, 256, 0, 500,  "HMMA.16816.F32 (tensor cores, mma.sync)"},
    {"smem",        K_SMEM,    0, 256, 0, 2000, "LDS without conflicts"},
    {"l1",          K_L1,      0, 256, 0, 1000, "LDG hitting L1 (16 KB a block)"},
    {"l2",          K_L2,      0, 256, 0, 200,  "LDG missing L1, hitting L2 (8 MB)"},
    {"dram_rd",     K_DRAM_RD, 0, 256, 0, 2,    "streaming 16-byte loads over 1 GB (DRAM reads)"},
    {"dram_wr",     K_DRAM_WR, 0, 256, 0, 2,    "streaming 16-byte stores over 1 GB (DRAM writes)"},
    {"int_sel",     K_UNIFORM, 0, 256, 0, 2000, "warp-uniform IMAD, shifts, compares and selects"},
    {"sleep_132",   K_SLEEP, 132, 32,  0, 200,  "one sleeping warp on each of 132 blocks (static power of active SMs)"},
    {"sleep_66",    K_SLEEP,  66, 32,  0, 200,  "the same on 66 blocks"},
    {"sleep_1",     K_SLEEP,   1, 32,  0, 200,  "the same on 1 block"},
    {"mix_fp32_int",  K_MIX_FP32_INT,  0, 256, 1, 2000, "FFMA and xorshift interleaved"},
    {"mix_smem_fp32", K_MIX_SMEM_FP32, 0, 256, 1, 2000, "LDS feeding FFMAs"},
    {"mix_l2_sfu",    K_MIX_L2_SFU,    0, 256, 1, 200,  "L2 loads feeding MUFU.RSQ"},
    {"mix_dram_fp32", K_MIX_DRAM_FP32, 0, 256, 1, 2,    "streaming loads with 32 FFMA pairs an element"},
};
#define NBENCH (int)(sizeof benches / sizeof benches[0])

#ifndef ENERGY_RUN_MB          /* the DRAM kernels' buffers in `run` (a test build under warpsim: small) */
#define ENERGY_RUN_MB 1024
#endif
#ifndef ENERGY_ITERS0_DIV      /* a test build: first calibration counts divided by this */
#define ENERGY_ITERS0_DIV 1
#endif
static float *g_out, *g_l1buf, *g_l2buf;
static float4 *g_dram_rd, *g_dram_wr;
static size_t g_dram_n4;
static int g_nsm;

static int grid_of(const bench *b) { return b->grid ? b->grid : 4 * g_nsm; }

static void launch(const bench *b, long long iters)
{
    int g = grid_of(b), t = b->block;
    switch (b->kernel) {
    case K_FP32: k_fp32<<<g, t>>>(g_out, iters, 0.9999f, 1e-4f); break;
    case K_FP64: k_fp64<<<g, t>>>(g_out, iters, 0.9999, 1e-4); break;
    case K_HALF: k_half<<<g, t>>>(g_out, iters, 0.999f, 1e-3f); break;
    case K_INT: k_int<<<g, t>>>(g_out, iters, 0x9e3779b9u); break;
    case K_IMAD: k_imad<<<g, t>>>(g_out, iters, 1664525u, 1013904223u); break;
    case K_SFU: k_sfu<<<g, t>>>(g_out, iters); break;
    case K_HMMA: k_hmma<<<g, t>>>(g_out, iters); break;
    case K_SMEM: k_smem<<<g, t>>>(g_out, iters); break;
    case K_L1: k_l1<<<g, t>>>(g_l1buf, g_out, iters); break;
    case K_L2: k_l2<<<g, t>>>(g_l2buf, g_out, iters); break;
    case K_DRAM_RD: k_dram_rd<<<g, t>>>(g_dram_rd, g_dram_n4, g_out, iters, 0); break;
    case K_DRAM_WR: k_dram_wr<<<g, t>>>(g_dram_wr, g_dram_n4, iters); break;
    case K_UNIFORM: k_uniform<<<g, t>>>(g_out, iters, 27u); break;
    case K_SLEEP: k_sleep<<<g, t>>>(g_out, iters); break;
    case K_MIX_FP32_INT: k_mix_fp32_int<<<g, t>>>(g_out, iters, 0.9999f, 1e-4f); break;
    case K_MIX_SMEM_FP32: k_mix_smem_fp32<<<g, t>>>(g_out, iters, 0.5f, 1e-4f); break;
    case K_MIX_L2_SFU: k_mix_l2_sfu<<<g, t>>>(g_l2buf, g_out, iters); break;
    case K_MIX_DRAM_FP32: k_dram_rd<<<g, t>>>(g_dram_rd, g_dram_n4, g_out, iters, 32); break;
    }
    CK(cudaGetLastError());
}

static void setup(size_t dram_mb, int init)
{
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, 0));
    g_nsm = p.multiProcessorCount;
    size_t l1n = (size_t)4 * g_nsm * 4096 + 4096, l2n = (size_t)1 << 21;
    g_dram_n4 = dram_mb * 1024 * 1024 / 16;
    CK(cudaMalloc(&g_out, 4096 * sizeof(float)));
    CK(cudaMalloc(&g_l1buf, l1n * sizeof(float)));
    CK(cudaMalloc(&g_l2buf, l2n * sizeof(float)));
    CK(cudaMalloc(&g_dram_rd, g_dram_n4 * 16));
    CK(cudaMalloc(&g_dram_wr, g_dram_n4 * 16));
    CK(cudaMemset(g_out, 0, 4096 * sizeof(float)));
    if (init) {
        k_init<<<4 * g_nsm, 256>>>(g_l1buf, l1n, 1);
        k_init<<<4 * g_nsm, 256>>>(g_l2buf, l2n, 2);
        k_init<<<4 * g_nsm, 256>>>((float *)g_dram_rd, g_dram_n4 * 4, 3);
        k_init<<<4 * g_nsm, 256>>>((float *)g_dram_wr, g_dram_n4 * 4, 4);
        CK(cudaGetLastError());
        CK(cudaDeviceSynchronize());
    } else {   /* warpsim: the values do not change the events */
        CK(cudaMemset(g_l1buf, 0, l1n * sizeof(float)));
        CK(cudaMemset(g_l2buf, 0, l2n * sizeof(float)));
    }
}

// ---------------------------------------------------------------- NVML
static struct {
    int ok;
    nvmlDevice_t dev;
    decltype(&nvmlDeviceGetTotalEnergyConsumption) energy;
    decltype(&nvmlDeviceGetPowerUsage) power;
    decltype(&nvmlDeviceGetClockInfo) clock;
    decltype(&nvmlDeviceGetMaxClockInfo) maxclock;
    decltype(&nvmlDeviceGetTemperature) temp;
    decltype(&nvmlDeviceGetCurrentClocksThrottleReasons) throttle;
    decltype(&nvmlDeviceGetName) name;
    decltype(&nvmlSystemGetDriverVersion) driver;
    decltype(&nvmlDeviceGetEnforcedPowerLimit) limit;
    decltype(&nvmlDeviceGetPerformanceState) pstate;
    decltype(&nvmlDeviceGetApplicationsClock) appclock;
} nv;

static void *sym(void *h, const char *n) { return dlsym(h, n); }

static void nvml_open(void)
{
    void *h = dlopen("libnvidia-ml.so.1", RTLD_NOW);
    if (!h) { printf("# nvml: %s\n", dlerror()); return; }
    nvmlReturn_t (*init)(void) = (nvmlReturn_t (*)(void))sym(h, "nvmlInit_v2");
    nvmlReturn_t (*bypci)(const char *, nvmlDevice_t *) =
        (nvmlReturn_t (*)(const char *, nvmlDevice_t *))sym(h, "nvmlDeviceGetHandleByPciBusId_v2");
    nvmlReturn_t (*byidx)(unsigned, nvmlDevice_t *) =
        (nvmlReturn_t (*)(unsigned, nvmlDevice_t *))sym(h, "nvmlDeviceGetHandleByIndex_v2");
    nv.energy = (decltype(nv.energy))sym(h, "nvmlDeviceGetTotalEnergyConsumption");
    nv.power = (decltype(nv.power))sym(h, "nvmlDeviceGetPowerUsage");
    nv.clock = (decltype(nv.clock))sym(h, "nvmlDeviceGetClockInfo");
    nv.maxclock = (decltype(nv.maxclock))sym(h, "nvmlDeviceGetMaxClockInfo");
    nv.temp = (decltype(nv.temp))sym(h, "nvmlDeviceGetTemperature");
    nv.throttle = (decltype(nv.throttle))sym(h, "nvmlDeviceGetCurrentClocksThrottleReasons");
    nv.name = (decltype(nv.name))sym(h, "nvmlDeviceGetName");
    nv.driver = (decltype(nv.driver))sym(h, "nvmlSystemGetDriverVersion");
    nv.limit = (decltype(nv.limit))sym(h, "nvmlDeviceGetEnforcedPowerLimit");
    nv.pstate = (decltype(nv.pstate))sym(h, "nvmlDeviceGetPerformanceState");
    nv.appclock = (decltype(nv.appclock))sym(h, "nvmlDeviceGetApplicationsClock");
    if (!init || !nv.energy || !nv.power || !nv.clock) { printf("# nvml: functions missing\n"); return; }
    nvmlReturn_t r = init();
    if (r != NVML_SUCCESS) { printf("# nvml: init failed (%d)\n", (int)r); return; }
    char pci[64] = "";
    r = NVML_ERROR_UNKNOWN;
    if (bypci && cudaDeviceGetPCIBusId(pci, sizeof pci, 0) == cudaSuccess) r = bypci(pci, &nv.dev);
    if (r != NVML_SUCCESS && byidx) { printf("# nvml: by PCI id %s failed, index 0\n", pci); r = byidx(0, &nv.dev); }
    if (r != NVML_SUCCESS) { printf("# nvml: no device (%d)\n", (int)r); return; }
    unsigned long long e;
    if (nv.energy(nv.dev, &e) != NVML_SUCCESS) { printf("# nvml: no energy counter\n"); return; }
    nv.ok = 1;
    printf("# nvml: device %s\n", pci);
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}
static unsigned long long energy_mj(void)
{
    unsigned long long e = 0;
    nv.energy(nv.dev, &e);
    return e;
}
static unsigned clock_of(nvmlClockType_t t)
{
    unsigned m = 0;
    if (nv.ok) nv.clock(nv.dev, t, &m);
    return m;
}
static unsigned temp_c(void)
{
    unsigned t = 0;
    if (nv.ok && nv.temp) nv.temp(nv.dev, NVML_TEMPERATURE_GPU, &t);
    return t;
}
static unsigned long long throttle(void)
{
    unsigned long long t = 0;
    if (nv.ok && nv.throttle) nv.throttle(nv.dev, &t);
    return t;
}

// the sampler: every 20 ms the time, energy counter, power, SM and memory
// clocks, and the label of the measurement then running
#define MAXS 200000
static struct sample { double t; unsigned long long mj; unsigned mw, sm, mem; int label; } *g_s;
static volatile int g_ns, g_label = -1, g_stop;
static void *sampler(void *arg)
{
    (void)arg;
    while (!g_stop && g_ns < MAXS) {
        struct sample s;
        s.t = now_s();
        s.mj = energy_mj();
        s.mw = 0;
        nv.power(nv.dev, &s.mw);
        s.sm = clock_of(NVML_CLOCK_SM);
        s.mem = clock_of(NVML_CLOCK_MEM);
        s.label = g_label;
        g_s[g_ns] = s;
        g_ns = g_ns + 1;
        usleep(20000);
    }
    return NULL;
}

// wait (at most 1 s) until the energy counter changes: the start of an update period
static unsigned long long edge(double *t)
{
    unsigned long long e0 = energy_mj(), e;
    double start = now_s();
    do {
        usleep(500);
        e = energy_mj();
        *t = now_s();
    } while (e == e0 && *t - start < 1.0);
    return e;
}

static double run_once(const bench *b, long long iters)
{
    cudaEvent_t a, z;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&z));
    CK(cudaEventRecord(a));
    launch(b, iters);
    CK(cudaEventRecord(z));
    CK(cudaEventSynchronize(z));
    float ms;
    CK(cudaEventElapsedTime(&ms, a, z));
    CK(cudaEventDestroy(a));
    CK(cudaEventDestroy(z));
    return ms * 1e-3;
}

static void card_info(const char *when)
{
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, 0));
    printf("# %s: cuda device 0: %s, %d SMs, cc %d.%d, clockRate %d kHz, memoryClockRate %d kHz\n",
           when, p.name, p.multiProcessorCount, p.major, p.minor, p.clockRate, p.memoryClockRate);
    if (!nv.ok) return;
    char name[96] = "", drv[96] = "";
    if (nv.name) nv.name(nv.dev, name, sizeof name);
    if (nv.driver) nv.driver(drv, sizeof drv);
    unsigned lim = 0, msm = 0, mmem = 0, asm_ = 0;
    if (nv.limit) nv.limit(nv.dev, &lim);
    if (nv.maxclock) { nv.maxclock(nv.dev, NVML_CLOCK_SM, &msm); nv.maxclock(nv.dev, NVML_CLOCK_MEM, &mmem); }
    if (nv.appclock) nv.appclock(nv.dev, NVML_CLOCK_SM, &asm_);
    nvmlPstates_t ps = NVML_PSTATE_UNKNOWN;
    if (nv.pstate) nv.pstate(nv.dev, &ps);
    unsigned mw = 0;
    nv.power(nv.dev, &mw);
    printf("# %s: nvml %s, driver %s, power limit %u mW, max clocks sm %u mem %u MHz, application sm clock %u MHz, "
           "clocks now sm %u mem %u MHz, pstate P%d, power %u mW, temperature %u C, throttle reasons 0x%llx\n",
           when, name, drv, lim, msm, mmem, asm_, clock_of(NVML_CLOCK_SM), clock_of(NVML_CLOCK_MEM), (int)ps, mw,
           temp_c(), throttle());
}

static int cmd_run(double secs, int rounds)
{
    nvml_open();
    setup(ENERGY_RUN_MB, 1);
    card_info("before");
    g_s = (struct sample *)calloc(MAXS, sizeof *g_s);
    pthread_t th;
    if (nv.ok) pthread_create(&th, NULL, sampler, NULL);
    long long iters[NBENCH];
    printf("# calibration: each kernel's loop count for %.1f s\n", secs);
    for (int i = 0; i < NBENCH; i++) {
        const bench *b = &benches[i];
        long long n = b->iters0 / ENERGY_ITERS0_DIV > 0 ? b->iters0 / ENERGY_ITERS0_DIV : 1;
        double t = run_once(b, n);
        double floor_s = secs / 10 < 0.2 ? secs / 10 : 0.2;
        while (t < floor_s) {
            long long m = t > floor_s / 20 ? (long long)(n * floor_s * 1.25 / t) : n * 8;
            n = m > n ? m : n + 1;
            t = run_once(b, n);
        }
        iters[i] = (long long)(n * secs / t);
        if (iters[i] < 1) iters[i] = 1;
        printf("# calib %s: %lld iterations in %.4f s -> %lld\n", b->name, n, t, iters[i]);
        fflush(stdout);
    }
    printf("kernel,round,grid,block,iters,dram_mb,kernel_s,wall_s,t0,t1,t2,e0_mj,e1_mj,e2_mj,"
           "window_j,window_s,sm_mhz_start,sm_mhz_end,mem_mhz,temp_start,temp_end,throttle_start,throttle_end\n");
    for (int r = 0; r < rounds; r++) {
        // idle: nothing running, a window of `secs` between counter edges
        if (nv.ok) {
            double t0, t2;
            g_label = 1000 + r;
            unsigned ts = temp_c(), sm0 = clock_of(NVML_CLOCK_SM);
            unsigned long long e0 = edge(&t0);
            usleep((useconds_t)(secs * 1e6));
            double t1 = now_s();
            unsigned long long e1 = energy_mj();
            unsigned long long e2 = edge(&t2);
            printf("idle,%d,0,0,0,0,%.6f,%.6f,%.6f,%.6f,%.6f,%llu,%llu,%llu,%.3f,%.6f,%u,%u,%u,%u,%u,0x%llx,0x%llx\n",
                   r, t1 - t0, t1 - t0, t0, t1, t2, e0, e1, e2, (e2 - e0) * 1e-3, t2 - t0, sm0,
                   clock_of(NVML_CLOCK_SM), clock_of(NVML_CLOCK_MEM), ts, temp_c(), 0ull, throttle());
            fflush(stdout);
        }
        for (int i = 0; i < NBENCH; i++) {
            const bench *b = &benches[i];
            run_once(b, iters[i] / 50 + 1);    // warm: clocks up, caches filled
            double t0 = now_s(), t2 = 0;
            unsigned long long e0 = 0, e2 = 0, e1 = 0;
            unsigned ts = temp_c();
            unsigned long long th0 = throttle();
            if (nv.ok) e0 = edge(&t0);
            g_label = i;
            double start = now_s();
            double ks = run_once(b, iters[i]);
            double t1 = now_s();
            if (nv.ok) e1 = energy_mj();
            unsigned smend = clock_of(NVML_CLOCK_SM);
            unsigned long long th1 = throttle();
            g_label = 2000 + i;   // the tail after the kernel, before the counter's next edge
            if (nv.ok) e2 = edge(&t2);
            g_label = -1;
            unsigned smstart = 0;   // the first sample of the kernel
            for (int s = 0; s < g_ns; s++)
                if (g_s[s].label == i && g_s[s].t > start + 0.05) { smstart = g_s[s].sm; break; }
            printf("%s,%d,%d,%d,%lld,%d,%.6f,%.6f,%.6f,%.6f,%.6f,%llu,%llu,%llu,%.3f,%.6f,%u,%u,%u,%u,%u,0x%llx,0x%llx\n",
                   b->name, r, grid_of(b), b->block, iters[i],
                   (b->kernel == K_DRAM_RD || b->kernel == K_DRAM_WR || b->kernel == K_MIX_DRAM_FP32) ? ENERGY_RUN_MB : 0,
                   ks, t1 - start, t0, t1, t2, e0, e1, e2, (e2 - e0) * 1e-3, t2 - t0, smstart, smend,
                   clock_of(NVML_CLOCK_MEM), ts, temp_c(), th0, th1);
            fflush(stdout);
        }
    }
    g_stop = 1;
    if (nv.ok) pthread_join(th, NULL);
    card_info("after");
    const char *sp = getenv("ENERGY_SAMPLES") ? getenv("ENERGY_SAMPLES") : "samples.csv";
    FILE *f = fopen(sp, "w");
    if (f) {
        fprintf(f, "t,energy_mj,power_mw,sm_mhz,mem_mhz,label\n");
        for (int s = 0; s < g_ns; s++)
            fprintf(f, "%.6f,%llu,%u,%u,%u,%s\n", g_s[s].t, g_s[s].mj, g_s[s].mw, g_s[s].sm, g_s[s].mem,
                    g_s[s].label < 0 ? "-" : g_s[s].label >= 2000 ? "tail" : g_s[s].label >= 1000 ? "idle"
                    : benches[g_s[s].label].name);
        fclose(f);
        printf("# samples: %d in %s\n", g_ns, sp);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "list")) {
        for (int i = 0; i < NBENCH; i++)
            printf("%-14s grid %4d block %4d %s%s\n", benches[i].name,
                   benches[i].grid ? benches[i].grid : 4 * 132, benches[i].block, benches[i].mix ? "[mix] " : "", benches[i].what);
        return 0;
    }
    if (argc >= 4 && !strcmp(argv[1], "sim")) {
        setup(argc >= 5 ? (size_t)atol(argv[4]) : 64, 0);
        for (int i = 0; i < NBENCH; i++)
            if (!strcmp(benches[i].name, argv[2])) {
                launch(&benches[i], atoll(argv[3]));
                CK(cudaDeviceSynchronize());
                printf("%s grid %d block %d iters %s\n", benches[i].name, grid_of(&benches[i]), benches[i].block, argv[3]);
                return 0;
            }
        fprintf(stderr, "energy: no kernel %s (energy list)\n", argv[2]);
        return 2;
    }
    if (argc >= 3 && !strcmp(argv[1], "simall")) {   /* for ncu: every kernel once, iters0/20 x SCALE */
        setup(64, 0);
        for (int i = 0; i < NBENCH; i++) {
            long long n = benches[i].iters0 / 20;
            n = (n < 1 ? 1 : n) * atoll(argv[2]);
            launch(&benches[i], n);
            CK(cudaDeviceSynchronize());
            printf("%s grid %d block %d iters %lld dram_mb 64\n", benches[i].name, grid_of(&benches[i]), benches[i].block, n);
        }
        return 0;
    }
    if (argc >= 2 && !strcmp(argv[1], "run"))
        return cmd_run(argc >= 3 ? atof(argv[2]) : 3.0, argc >= 4 ? atoi(argv[3]) : 2);
    fprintf(stderr, "usage: energy run [SECONDS [ROUNDS]] | sim KERNEL ITERS [MB] | list\n");
    return 2;
}
