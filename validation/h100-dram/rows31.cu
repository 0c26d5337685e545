// validation/h100-dram/rows31.cu — DRAM rows, loaded latency and the L2's
// request rate (issue 31, second batch):
//   chunk: reads of C-byte chunks at scrambled places (C = 16 B .. 8 KB),
//          16 B a lane, lanes of a chunk contiguous; every chunk of the
//          footprint read once (256 MB and 64 MB: DRAM), or P times over an
//          8 MB footprint that stays in L2 (the L2's rate for small requests)
//   chase: dependent loads by many warps at once, each warp's next address a
//          hash of its hop number plus the value it loaded (always 0), over
//          1 GB: the latency under load, by warps per SM and lanes per load
// Each figure is the median of REPS cudaEvent-timed launches, each after a
// 256 MB write that evicts L2 (R31_SIM=1: smaller sizes, no flush kernel, as
// dram31.cu). The kernels are mirrored in workloads/microbench/chunk_read.sass
// and chase_loaded.sass.
//   ./rows31 chunk | chase | all     (R31_REPS=N, R31_SIM=1)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); exit(1); } } while (0)

static int reps = 5, sim = 0;
static float *flush_buf;
static const size_t FLUSH_BYTES = 256u << 20;

__global__ void k_fill(float4 *p, size_t n4, float v)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n4; i += (size_t)gridDim.x * blockDim.x)
        p[i] = make_float4(v, v, v, v);
}

// read n16 pieces of 16 B: piece g is piece (g mod 2^shift) of chunk
// scramble(g >> shift); chunks are 16 << shift bytes, mask + 1 of them
__global__ void k_chunk(const float4 *__restrict__ p, unsigned shift, unsigned mask, unsigned n16, float *out)
{
    float acc = 0.f;
    unsigned low = (1u << shift) - 1;
    for (unsigned g = blockIdx.x * blockDim.x + threadIdx.x; g < n16; g += gridDim.x * blockDim.x) {
        unsigned c = ((g >> shift) * 0x9E3779B1u) & mask;
        float4 v = p[((size_t)c << shift) | (g & low)];
        acc += v.x;
    }
    if (acc == -1.25f) out[0] = acc;   // never true: keeps the loads
}

// each warp chases hops dependent loads (64 warps an SM: 2 blocks of 32); lanes = 1: every lane of a warp reads
// the same word (one request a load), 32: each lane its own line
__global__ void k_chase(const unsigned *__restrict__ p, unsigned mask, int hops, int lanes,
                        long long *cycles, unsigned *out)
{
    unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned lane = lanes == 1 ? 0 : (threadIdx.x & 31);
    unsigned seed = ((tid >> 5) << 5) + lane;
    unsigned v = 0;
    long long t0 = clock64();
    for (int k = 0; k < hops; k++) {
        unsigned line = ((seed + (unsigned)k * 0x10001u) * 0x9E3779B1u + v) & mask;
        v = p[(size_t)line * 32];      // 128 B lines: a word at each line's start
    }
    long long t1 = clock64();
    if ((threadIdx.x & 31) == 0) cycles[tid >> 5] = t1 - t0;
    if (v == 12345u) out[0] = v;
}

static cudaEvent_t ev0, ev1;

static void flush_l2()
{
    if (sim) return;
    k_fill<<<1056, 1024>>>((float4 *)flush_buf, FLUSH_BYTES / 16, 0.5f);
    CK(cudaGetLastError());
}

template <typename F> static double timed(F launch)
{
    std::vector<float> t;
    for (int r = 0; r < reps; r++) {
        flush_l2();
        CK(cudaEventRecord(ev0));
        launch();
        CK(cudaEventRecord(ev1));
        CK(cudaEventSynchronize(ev1));
        CK(cudaGetLastError());
        float ms; CK(cudaEventElapsedTime(&ms, ev0, ev1));
        t.push_back(ms);
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2] * 1e3;   // microseconds
}

static float *buf, *out;
static long long *cyc;
static int sms;

static void chunk()
{
    int grid = sms * 2;
    const int mb_hw[] = {256, 64}, mb_sim[] = {64};
    for (int i = 0; i < (sim ? 1 : 2); i++) {
        size_t bytes = (size_t)(sim ? mb_sim : mb_hw)[i] << 20;
        for (unsigned shift = 0; shift <= 9; shift++) {
            if (sim && shift > 3 && shift != 6 && shift != 9) continue;
            unsigned n16 = (unsigned)(bytes / 16), mask = (unsigned)(n16 >> shift) - 1;
            double us = timed([&] { k_chunk<<<grid, 1024>>>((const float4 *)buf, shift, mask, n16, out); });
            printf("chunk MB=%zu C=%u us=%.2f GBs=%.1f\n", bytes >> 20, 16u << shift, us, bytes / us / 1e3);
        }
    }
    // 8 MB stays in L2: one pass (cold) and nine; the eight warm passes' time is the difference
    size_t bytes = 8u << 20;
    for (unsigned shift : {0u, 1u, 3u, 5u}) {
        unsigned n16 = (unsigned)(bytes / 16), mask = (unsigned)(n16 >> shift) - 1;
        double t1 = timed([&] { k_chunk<<<grid, 1024>>>((const float4 *)buf, shift, mask, n16, out); });
        double t9 = timed([&] { k_chunk<<<grid, 1024>>>((const float4 *)buf, shift, mask, n16 * 9, out); });
        printf("l2chunk MB=8 C=%u pass1_us=%.2f pass9_us=%.2f warm_pass_us=%.3f warm_GBs=%.1f\n",
               16u << shift, t1, t9, (t9 - t1) / 8, bytes * 8 / (t9 - t1) / 1e3);
    }
}

static void chase()
{
    const unsigned mask = (unsigned)(((sim ? 64u : 1024u) << 20) / 128) - 1;
    const int hops = sim ? 16 : 64;
    struct { int blocks, warps, lanes; } cfg[] = {
        {1, 1, 1}, {sms, 1, 1}, {sms, 8, 1}, {sms, 32, 1}, {2 * sms, 32, 1},
        {1, 1, 32}, {sms, 1, 32}, {sms, 4, 32}, {sms, 16, 32}, {2 * sms, 32, 32},
    };
    std::vector<long long> h;
    for (auto &c : cfg) {
        if (sim && c.blocks * c.warps > 16 * sms) continue;
        int threads = c.warps * 32, nw = c.blocks * c.warps;
        double us = timed([&] { k_chase<<<c.blocks, threads>>>((const unsigned *)buf, mask, hops, c.lanes, cyc, (unsigned *)out); });
        h.resize(nw);
        CK(cudaMemcpy(h.data(), cyc, nw * sizeof(long long), cudaMemcpyDeviceToHost));
        std::sort(h.begin(), h.end());
        printf("chase blocks=%d warps_per_block=%d lanes=%d hops=%d us=%.2f cyc_per_hop_median=%.1f cyc_per_hop_max=%.1f "
               "loads_per_us=%.0f\n", c.blocks, c.warps, c.lanes, hops, us, (double)h[nw / 2] / hops,
               (double)h[nw - 1] / hops, (double)nw * c.lanes * hops / us);
    }
}

int main(int argc, char **argv)
{
    if (getenv("R31_REPS")) reps = atoi(getenv("R31_REPS"));
    sim = getenv("R31_SIM") != nullptr;
    cudaDeviceProp prop; CK(cudaGetDeviceProperties(&prop, 0));
    sms = prop.multiProcessorCount;
    printf("device %s sms=%d reps=%d sim=%d\n", prop.name, sms, reps, sim);
    size_t big = (size_t)(sim ? 64 : 1024) << 20;
    CK(cudaMalloc(&buf, big));
    CK(cudaMalloc(&out, 4096));
    CK(cudaMalloc(&cyc, 132 * 64 * sizeof(long long) * 2));
    if (!sim) CK(cudaMalloc(&flush_buf, FLUSH_BYTES));
    CK(cudaMemset(buf, 0, big));
    CK(cudaEventCreate(&ev0)); CK(cudaEventCreate(&ev1));
    // one untimed launch of each kernel: module loading out of the timings
    k_chunk<<<1, 32>>>((const float4 *)buf, 0, 31, 32, out);
    k_chase<<<1, 32>>>((const unsigned *)buf, 31, 1, 1, cyc, (unsigned *)out);
    k_fill<<<1, 32>>>((float4 *)buf, 32, 0.f);
    CK(cudaDeviceSynchronize());
    for (int i = 1; i < argc; i++) {
        bool all = !strcmp(argv[i], "all");
        if (all || !strcmp(argv[i], "chunk")) chunk();
        if (all || !strcmp(argv[i], "chase")) chase();
    }
    return 0;
}
