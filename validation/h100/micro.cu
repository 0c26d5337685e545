// validation/h100/micro.cu — microbenchmarks that set configs/h100.cfg.
// Each mirrors a workload under workloads/microbench (same method, so the
// calibrated rows of validation/h100.val compare like with like) and prints
// "micro NAME [PARAM=V ...] value=X unit=U". Cycles come from clock64()
// (the SM clock) inside one kernel; rates over many SMs from events and the
// SM clock measured by `clock_mhz` (clock64 against %globaltimer).
// Chains are written so that each step depends on the last; the SASS dump
// (run.sh keeps it) gives the instructions actually timed.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <vector>
#include <algorithm>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); exit(1); } } while (0)

typedef unsigned long long u64;
static long long *d_out;      // device results
static u64 *d_sink;

static void sync_check() { CK(cudaGetLastError()); CK(cudaDeviceSynchronize()); }
static std::vector<long long> fetch(int n)
{
    std::vector<long long> h(n);
    CK(cudaMemcpy(h.data(), d_out, n * sizeof(long long), cudaMemcpyDeviceToHost));
    return h;
}

// ---- SM clock: clock64 against the global nanosecond timer ----
__global__ void k_clock(long long *out, long long spin)
{
    u64 g0, g1;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g0));
    long long c0 = clock64(), c;
    do { c = clock64(); } while (c - c0 < spin);
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g1));
    out[0] = c - c0; out[1] = (long long)(g1 - g0);
}

// ---- pointer chase (workloads/microbench/pointer_chase*.sass) ----
__global__ void k_chain_init(u64 *chain, u64 size, u64 stride)
{
    u64 e = (u64)blockIdx.x * blockDim.x + threadIdx.x, n = size / stride;
    if (e < n) chain[e * stride / 8] = (u64)chain + ((e + 1) % n) * stride;
}
template <int CG>
__global__ void k_chase(const u64 *chain, int warm, int steps, long long *out, u64 *sink)
{
    u64 p = (u64)chain;
    for (int i = 0; i < warm; i++) p = CG ? __ldcg((const u64 *)p) : __ldca((const u64 *)p);
    long long t0 = clock64();
    for (int i = 0; i < steps; i++) p = CG ? __ldcg((const u64 *)p) : __ldca((const u64 *)p);
    long long t1 = clock64();
    out[0] = t1 - t0; sink[0] = p;
}
// latency of each of `steps` loads (L2 near/far partitions show as two modes)
__global__ void k_chase_each(const u64 *chain, int steps, long long *out, u64 *sink)
{
    u64 p = (u64)chain;
    for (int i = 0; i < steps; i++) p = __ldcg((const u64 *)p);      // warm
    for (int i = 0; i < steps; i++) {
        long long t0 = clock64();
        p = __ldcg((const u64 *)p);
        long long t1 = clock64() + (long long)(p & 0);
        out[i] = t1 - t0;
    }
    sink[0] = p;
}

// ---- shared memory ----
__global__ void k_smem_chase(long long *out, int steps)
{
    __shared__ unsigned s[1024];
    for (int i = threadIdx.x; i < 1024; i += blockDim.x) s[i] = (i + 33) % 1024;
    __syncthreads();
    unsigned p = 0;
    long long t0 = clock64();
    for (int i = 0; i < steps; i++) p = s[p];
    long long t1 = clock64();
    out[0] = t1 - t0; out[1] = p;
}
// cycles per warp-wide LDS at a stride (word = 4 or 8 bytes); all warps of the block
template <class T>
__global__ void k_smem_stride(long long *out, int stride, int iters)
{
    __shared__ T s[32 * 33 * 2];
    for (int i = threadIdx.x; i < 32 * 33 * 2; i += blockDim.x) s[i] = (T)i;
    __syncthreads();
    unsigned lane = threadIdx.x & 31, idx = (lane * stride) % (32 * 33 * 2);
    T acc = 0;
    __syncthreads();
    long long t0 = clock64();
    for (int i = 0; i < iters; i++) {
#pragma unroll
        for (int j = 0; j < 8; j++) acc += ((volatile T *)s)[idx ^ (j & (stride ? 0 : 0))];
    }
    __syncthreads();
    long long t1 = clock64();
    if (threadIdx.x == 0) out[0] = t1 - t0;
    if (acc == (T)-1) out[1] = 1;
}

// ---- ALU dependent chains: 1 warp, 256 ops per chain ----
#define CHAIN(name, T, init, op)                                                 \
    __global__ void k_lat_##name(long long *out, T a, T b, u64 *sink)          \
    {                                                                           \
        T x = init;                                                             \
        long long t0 = clock64();                                               \
        _Pragma("unroll") for (int i = 0; i < 256; i++) { op; }                \
        long long t1 = clock64();                                               \
        if (threadIdx.x == 0) out[0] = t1 - t0;                                 \
        sink[threadIdx.x] = (u64)x;                                             \
    }
CHAIN(iadd, unsigned, a, asm volatile("add.u32 %0, %0, %1;" : "+r"(x) : "r"(b)))
CHAIN(imad, unsigned, a, asm volatile("mad.lo.u32 %0, %0, %1, %2;" : "+r"(x) : "r"(b), "r"(a)))
CHAIN(fadd, float, a, asm volatile("add.f32 %0, %0, %1;" : "+f"(x) : "f"(b)))
CHAIN(fmul, float, a, asm volatile("mul.f32 %0, %0, %1;" : "+f"(x) : "f"(b)))
CHAIN(ffma, float, a, asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(x) : "f"(b), "f"(a)))
CHAIN(dadd, double, a, asm volatile("add.f64 %0, %0, %1;" : "+d"(x) : "d"(b)))
CHAIN(dfma, double, a, asm volatile("fma.rn.f64 %0, %0, %1, %2;" : "+d"(x) : "d"(b), "d"(a)))
CHAIN(mufu, float, a, asm volatile("rsqrt.approx.f32 %0, %0;" : "+f"(x)))
CHAIN(popc, unsigned, a, asm volatile("popc.b32 %0, %0;" : "+r"(x)))

// tensor core: dependent mma.sync m16n8k16 (f16 in, f32 accumulate)
__global__ void k_lat_hmma(long long *out, u64 *sink)
{
    unsigned a0 = 0x3c003c00u, a1 = a0, a2 = a0, a3 = a0, b0 = a0, b1 = a0;
    float d0 = 0, d1 = 0, d2 = 0, d3 = 0;
    long long t0 = clock64();
#pragma unroll
    for (int i = 0; i < 64; i++)
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                     : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
    long long t1 = clock64();
    if (threadIdx.x == 0) out[0] = t1 - t0;
    sink[threadIdx.x] = (u64)(d0 + d1 + d2 + d3);
}

// ---- throughput: `warps` warps on one SM, 8 independent chains ----
#define RATE(name, T, op)                                                       \
    __global__ void k_rate_##name(long long *out, T a, T b, int iters, u64 *sink) \
    {                                                                           \
        T x0 = a, x1 = a + 1, x2 = a + 2, x3 = a + 3, x4 = a + 4, x5 = a + 5, x6 = a + 6, x7 = a + 7; \
        __syncthreads();                                                        \
        long long t0 = clock64();                                               \
        for (int i = 0; i < iters; i++) {                                       \
            _Pragma("unroll") for (int j = 0; j < 16; j++) {                    \
                op(x0); op(x1); op(x2); op(x3); op(x4); op(x5); op(x6); op(x7); \
            }                                                                   \
        }                                                                       \
        __syncthreads();                                                        \
        long long t1 = clock64();                                               \
        if (threadIdx.x == 0) out[0] = t1 - t0;                                 \
        sink[threadIdx.x] = (u64)(x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7);        \
    }
#define OP_FFMA(x) asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(x) : "f"(b), "f"(a))
#define OP_IMAD(x) asm volatile("mad.lo.u32 %0, %0, %1, %2;" : "+r"(x) : "r"(b), "r"(a))
#define OP_DFMA(x) asm volatile("fma.rn.f64 %0, %0, %1, %2;" : "+d"(x) : "d"(b), "d"(a))
#define OP_MUFU(x) asm volatile("rsqrt.approx.f32 %0, %0;" : "+f"(x))
RATE(ffma, float, OP_FFMA)
RATE(imad, unsigned, OP_IMAD)
RATE(dfma, double, OP_DFMA)
RATE(mufu, float, OP_MUFU)

// one dependent FFMA chain per warp: issue rate against warps
__global__ void k_ffma_ilp1(long long *out, float a, float b, int iters, u64 *sink)
{
    float x = a;
    __syncthreads();
    long long t0 = clock64();
    for (int i = 0; i < iters; i++) {
#pragma unroll
        for (int j = 0; j < 64; j++) asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(x) : "f"(b), "f"(a));
    }
    __syncthreads();
    long long t1 = clock64();
    if (threadIdx.x == 0) out[0] = t1 - t0;
    sink[threadIdx.x] = (u64)x;
}

// ---- barrier cost (workloads/microbench/barrier_cost.sass) ----
__global__ void k_barrier(long long *out)
{
    __syncthreads();
    long long t0 = clock64();
#pragma unroll
    for (int i = 0; i < 32; i++) __syncthreads();
    long long t1 = clock64();
    if (threadIdx.x == 0) out[0] = t1 - t0;
}

// ---- atomics ----
__global__ void k_atom_global(unsigned *p, unsigned mask, int iters)
{
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    for (int i = 0; i < iters; i++)
        asm volatile("red.global.add.u32 [%0], 1;" :: "l"(p + ((t * 0x9E3779B1u + i) & mask)) : "memory");
}
__global__ void k_atom_shared(long long *out, unsigned mask, int iters)
{
    __shared__ unsigned s[1024];
    for (int i = threadIdx.x; i < 1024; i += blockDim.x) s[i] = 0;
    __syncthreads();
    unsigned idx = threadIdx.x & mask;
    long long t0 = clock64();
    for (int i = 0; i < iters; i++) atomicAdd(&s[idx], 1u);
    __syncthreads();
    long long t1 = clock64();
    if (threadIdx.x == 0) out[0] = t1 - t0 + (s[0] == 12345 ? 1 : 0);
}

// 8 hot lines `spacing` bytes apart, 4 lanes of a warp per line (as histogram
// v1's 256 bins): where the lines fall in different L2 slices the rate grows
__global__ void k_red_lines(unsigned *p, unsigned spacing_words, int iters)
{
    unsigned lane = threadIdx.x & 31;
    unsigned *q = p + (lane & 7) * spacing_words + (lane >> 3) + ((blockIdx.x * blockDim.x + threadIdx.x) >> 5) % 8 * 4;
    for (int i = 0; i < iters; i++) asm volatile("red.global.add.u32 [%0], 1;" :: "l"(q) : "memory");
}
// shared atomics with a value the compiler cannot see (ATOMS.ADD, not POPC.INC)
__global__ void k_atoms_add(long long *out, unsigned mask, unsigned v, int iters)
{
    __shared__ unsigned s[1024];
    for (int i = threadIdx.x; i < 1024; i += blockDim.x) s[i] = 0;
    __syncthreads();
    unsigned idx = (threadIdx.x * 0x9E3779B1u >> 7) & mask;
    long long t0 = clock64();
    for (int i = 0; i < iters; i++) atomicAdd(&s[(idx + i) & mask], v);
    __syncthreads();
    long long t1 = clock64();
    if (threadIdx.x == 0) out[0] = t1 - t0 + (s[0] == 12345 ? 1 : 0);
}

// ---- bandwidth ----
__global__ void k_copy(float4 *dst, const float4 *src, size_t n)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        dst[i] = src[i];
}
__global__ void k_read(const float4 *src, size_t n, int laps, float *sink)
{
    float acc = 0;
    for (int l = 0; l < laps; l++)
        for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
            float4 v = __ldcg(&src[i]); acc += v.x + v.y + v.z + v.w;
        }
    if (acc == 1234.5f) sink[0] = acc;
}
// coalescing: workloads/microbench/global_stride.sass
__global__ void k_global_stride(float *out, const float *src, int stride, int iters)
{
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x, threads = gridDim.x * blockDim.x;
    float acc = 0;
    for (int k = 0; k < iters; k++) acc += src[(size_t)(t + k * threads) * stride];
    out[t] = acc;
}

// ---- the kernel launch itself ----
__global__ void k_empty() {}

static cudaEvent_t e0, e1;
template <class F> static float time_ms(F f, int reps = 5)
{
    f(); sync_check();
    std::vector<float> v;
    for (int r = 0; r < reps; r++) {
        CK(cudaEventRecord(e0)); f(); CK(cudaEventRecord(e1)); CK(cudaEventSynchronize(e1));
        CK(cudaGetLastError());
        float t; CK(cudaEventElapsedTime(&t, e0, e1)); v.push_back(t);
    }
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

int main()
{
    CK(cudaMalloc(&d_out, 1 << 20));
    CK(cudaMalloc(&d_sink, 1 << 20));
    CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
    cudaDeviceProp p; CK(cudaGetDeviceProperties(&p, 0));
    int sms = p.multiProcessorCount;
    printf("device %s sms=%d l2=%d smem_per_sm=%zu smem_optin=%zu clock_khz_prop=%d\n",
           p.name, sms, p.l2CacheSize, p.sharedMemPerMultiprocessor, p.sharedMemPerBlockOptin, 0);

    k_clock<<<1, 1>>>(d_out, 200000000); sync_check();
    auto c = fetch(2);
    double mhz = (double)c[0] / (double)c[1] * 1000.0;
    printf("micro clock_mhz value=%.1f unit=MHz cycles=%lld ns=%lld\n", mhz, c[0], c[1]);

    // pointer chase: latency against size, L1 (.ca) and L2 (.cg)
    u64 *chain; size_t big = 1ull << 30;
    CK(cudaMalloc(&chain, big));
    for (int cg = 0; cg < 2; cg++) {
        for (u64 size : {4096ull, 16384ull, 65536ull, 131072ull, 196608ull, 229376ull, 262144ull, 524288ull,
                         1ull << 21, 1ull << 23, 1ull << 24, 1ull << 25, 40ull << 20, 48ull << 20,
                         56ull << 20, 1ull << 26, 1ull << 27}) {
            u64 stride = 128, n = size / stride;
            if (n > 65536) { continue; }
            k_chain_init<<<(unsigned)((n + 255) / 256), 256>>>(chain, size, stride); sync_check();
            int steps = (int)std::min<u64>(n, 8192);
            if (cg) k_chase<1><<<1, 1>>>(chain, (int)n, steps, d_out, d_sink);
            else k_chase<0><<<1, 1>>>(chain, (int)n, steps, d_out, d_sink);
            sync_check();
            printf("micro chase_%s size=%llu stride=%llu value=%.1f unit=cycles/load\n", cg ? "cg" : "ca",
                   size, stride, (double)fetch(1)[0] / steps);
        }
    }
    // larger footprints: stride 4 KB, steps capped; warm = one lap
    for (u64 size : {1ull << 26, 1ull << 27, 1ull << 28}) {
        u64 stride = 4096, n = size / stride;
        k_chain_init<<<(unsigned)((n + 255) / 256), 256>>>(chain, size, stride); sync_check();
        int steps = (int)std::min<u64>(n, 8192);
        k_chase<1><<<1, 1>>>(chain, (int)n, steps, d_out, d_sink); sync_check();
        printf("micro chase_cg size=%llu stride=%llu value=%.1f unit=cycles/load\n", size, stride,
               (double)fetch(1)[0] / steps);
    }
    // cold DRAM: the first lap over 1 GB at a 16 KB stride (no warm-up)
    {
        u64 size = big, stride = 16384, n = size / stride;
        k_chain_init<<<(unsigned)((n + 255) / 256), 256>>>(chain, size, stride); sync_check();
        // evict the chain from L2 by streaming another 256 MB
        float4 *junk; CK(cudaMalloc(&junk, 256 << 20));
        k_read<<<sms * 4, 256>>>(junk, (256 << 20) / 16, 1, (float *)d_sink); sync_check();
        int steps = 8192;
        k_chase<1><<<1, 1>>>(chain, 0, steps, d_out, d_sink); sync_check();
        printf("micro chase_cold size=%llu stride=%llu value=%.1f unit=cycles/load\n", size, stride,
               (double)fetch(1)[0] / steps);
        CK(cudaFree(junk));
    }
    // L2 hit latency per load (8 MB chain, warm): the distribution
    {
        u64 size = 1ull << 23, stride = 128 * 33, n = size / stride;
        k_chain_init<<<(unsigned)((n + 255) / 256), 256>>>(chain, size, stride); sync_check();
        int steps = (int)std::min<u64>(n, 2048);
        k_chase_each<<<1, 1>>>(chain, steps, d_out, d_sink); sync_check();
        auto v = fetch(steps);
        std::vector<int> hist(64, 0);
        for (auto x : v) hist[std::min<long long>(x / 20, 63)]++;
        printf("micro l2_each_hist bin_cycles=20");
        for (int i = 0; i < 64; i++) if (hist[i]) printf(" %d:%d", i * 20, hist[i]);
        std::sort(v.begin(), v.end());
        printf(" p10=%lld p50=%lld p90=%lld\n", v[steps / 10], v[steps / 2], v[steps * 9 / 10]);
    }
    CK(cudaFree(chain));

    // shared memory latency and bank conflicts
    k_smem_chase<<<1, 32>>>(d_out, 4096); sync_check();
    printf("micro smem_chase value=%.2f unit=cycles/load\n", fetch(1)[0] / 4096.0);
    for (int warps : {1, 32})
        for (int stride : {0, 1, 2, 3, 4, 8, 16, 32, 33}) {
            k_smem_stride<unsigned><<<1, 32 * warps>>>(d_out, stride, 64); sync_check();
            printf("micro smem_stride32 warps=%d stride=%d value=%.2f unit=cycles/warp-load\n", warps, stride,
                   (double)fetch(1)[0] / (64.0 * 8 * warps));
            k_smem_stride<double><<<1, 32 * warps>>>(d_out, stride, 64); sync_check();
            printf("micro smem_stride64 warps=%d stride=%d value=%.2f unit=cycles/warp-load\n", warps, stride,
                   (double)fetch(1)[0] / (64.0 * 8 * warps));
        }

    // dependent-chain latencies (1 warp; 256 ops, 64 for HMMA)
#define LAT(name, T, a, b) k_lat_##name<<<1, 32>>>(d_out, (T)(a), (T)(b), d_sink); sync_check(); \
    printf("micro lat_%s value=%.2f unit=cycles/op\n", #name, fetch(1)[0] / 256.0);
    LAT(iadd, unsigned, 1, 3) LAT(imad, unsigned, 1, 1) LAT(fadd, float, 1, 0.5) LAT(fmul, float, 1, 1.0001)
    LAT(ffma, float, 0.5, 1.0001) LAT(dadd, double, 1, 0.5) LAT(dfma, double, 0.5, 1.0001)
    LAT(mufu, float, 2, 0) LAT(popc, unsigned, 12345, 0)
    k_lat_hmma<<<1, 32>>>(d_out, d_sink); sync_check();
    printf("micro lat_hmma value=%.2f unit=cycles/op\n", fetch(1)[0] / 64.0);

    // throughput: ops per clock per SM, 8 chains per warp
    for (int warps : {4, 8, 16, 32}) {
        int iters = 64;
        double ops = 32.0 * warps * 128 * iters;
#define RT(name, T, a, b) k_rate_##name<<<1, 32 * warps>>>(d_out, (T)(a), (T)(b), iters, d_sink); sync_check(); \
        printf("micro rate_%s warps=%d value=%.2f unit=ops/clock/SM\n", #name, warps, ops / fetch(1)[0]);
        RT(ffma, float, 0.5, 1.0001) RT(imad, unsigned, 1, 1) RT(dfma, double, 0.5, 1.0001) RT(mufu, float, 2, 0)
    }
    for (int warps : {1, 2, 3, 4, 6, 8, 12, 16, 24, 32}) {
        int iters = 32;
        k_ffma_ilp1<<<1, 32 * warps>>>(d_out, 0.5f, 1.0001f, iters, d_sink); sync_check();
        printf("micro ffma_ilp1 warps=%d value=%.3f unit=ops/clock/SM\n", warps,
               32.0 * warps * 64 * iters / fetch(1)[0]);
    }

    // barrier cost against threads
    for (int t : {32, 64, 128, 256, 512, 1024}) {
        k_barrier<<<1, t>>>(d_out); sync_check();
        printf("micro barrier threads=%d value=%.2f unit=cycles/barrier\n", t, fetch(1)[0] / 32.0);
    }

    // atomics: global RED to 1, 32, 256, 4096 addresses from the whole GPU
    unsigned *ab; CK(cudaMalloc(&ab, 1 << 20)); CK(cudaMemset(ab, 0, 1 << 20));
    for (unsigned addrs : {1u, 32u, 256u, 4096u, 65536u}) {
        int iters = 16, blocks = sms * 8;
        float ms = time_ms([&] { k_atom_global<<<blocks, 256>>>(ab, addrs - 1, iters); });
        double ops = (double)blocks * 256 * iters;
        printf("micro red_global addrs=%u value=%.3f unit=ops/ns ms=%.4f\n", addrs, ops / (ms * 1e6), ms);
    }
    for (unsigned sp : {32u, 64u, 128u, 256u, 512u, 1024u, 2048u, 16384u}) {
        int iters = 16, blocks = sms * 8;
        float ms = time_ms([&] { k_red_lines<<<blocks, 256>>>(ab, sp, iters); });
        double ops = (double)blocks * 256 * iters;
        printf("micro red_lines spacing_bytes=%u value=%.3f unit=ops/ns ms=%.4f\n", sp * 4, ops / (ms * 1e6), ms);
    }
    CK(cudaFree(ab));
    for (unsigned mask : {0u, 31u, 255u, 1023u})
        for (int warps : {1, 32}) {
            k_atoms_add<<<1, 32 * warps>>>(d_out, mask, 3, 16); sync_check();
            printf("micro atoms_add addrs=%u warps=%d value=%.2f unit=cycles/warp-op\n", mask + 1, warps,
                   fetch(1)[0] / (16.0 * warps));
        }
    for (unsigned mask : {0u, 31u, 255u, 1023u}) {
        k_atom_shared<<<1, 1024>>>(d_out, mask, 16); sync_check();
        printf("micro atom_shared addrs=%u value=%.2f unit=cycles/warp-op\n", mask + 1,
               fetch(1)[0] / (32.0 * 16));
    }

    // bandwidth: DRAM copy (1 GB + 1 GB) and L2 reads (16 MB, 20 laps)
    {
        size_t n = (1ull << 30) / 16;
        float4 *a, *b; CK(cudaMalloc(&a, n * 16)); CK(cudaMalloc(&b, n * 16));
        CK(cudaMemset(a, 1, n * 16));
        float ms = time_ms([&] { k_copy<<<sms * 8, 256>>>(b, a, n); });
        printf("micro dram_copy value=%.1f unit=GB/s ms=%.4f\n", 2.0 * n * 16 / (ms * 1e6), ms);
        size_t m = (16ull << 20) / 16;
        ms = time_ms([&] { k_read<<<sms * 8, 256>>>(a, m, 20, (float *)d_sink); });
        printf("micro l2_read value=%.1f unit=GB/s ms=%.4f\n", 20.0 * m * 16 / (ms * 1e6), ms);
        // coalescing: the global_stride kernel, 16 blocks x 256 threads, 4 iterations
        for (int stride : {1, 2, 4, 8, 16, 32, 64}) {
            ms = time_ms([&] { k_global_stride<<<sms, 256>>>((float *)b, (const float *)a, stride, 4); });
            printf("micro global_stride stride=%d value=%.5f unit=ms\n", stride, ms);
        }
        CK(cudaFree(a)); CK(cudaFree(b));
    }
    float ms = time_ms([&] { k_empty<<<1, 32>>>(); }, 20);
    printf("micro empty_launch value=%.5f unit=ms\n", ms);
    printf("done\n");
    return 0;
}
