// validation/h100-tlb/tlb31.cu — the H100's address translation (TLB) and the
// L2's effective capacity for data that all SMs use.
//
// Part A (tlb*): dependent pointer chases, one hop to each page-sized region
//   (P = 2 MB, or 64 KB) of a footprint F, the regions in a random cyclic
//   order. Pass 1 walks every region at least once (max(N, H) hops, N = F/P)
//   and warms the TLBs; pass 2 walks the first H hops of the same order again,
//   each hop timed with clock64. Every hop of both passes reads a line of its
//   own (128 B lines, the line inside a region changes per pass and per wrap),
//   and the L2 is flushed (256 MB read) before each launch: the data always
//   comes from DRAM, only the translation state carries over from pass 1.
//   variants: one   = one thread (1 block of 1 thread);
//             sms   = 132 blocks of one thread, one block an SM (120 KB of
//                     shared memory each), each its own permutation;
//             lanes = one warp, each of the 32 lanes its own permutation
//                     (32 walks in flight per load instruction).
// Part B (l2*): k_read (grid-stride, 16 B a thread, 264 x 1024) and k_write
//   (16 B a thread, whole 32 B sectors, four to a line) over F = 8..80 MB,
//   in pairs with no flush between them (RR, WR, WW), after a 256 MB read
//   that leaves the L2 holding clean lines of another buffer; and k_rsub, a
//   read by the blocks on a subset of the SMs (132 blocks of 1024, one an SM;
//   the active ones take 64 KB chunks from a counter): all, the lower half
//   of the SM ids, the upper half, every other SM id. Under ncu
//   (--cache-control none) the pairs' second launch shows how much of F the
//   L2 kept.
//
//   ./tlb31 tlb | tlb1 | l2 | l2small ...   (TLB_REPS, L2_REPS, TLB_DUMP=file)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <vector>
#include <algorithm>
#include <random>
#include <cuda_runtime.h>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); exit(1); } } while (0)

static const size_t FLUSH_BYTES = 256u << 20;
static const int SMEM_ONE_PER_SM = 120 << 10;   // two of these don't fit an SM (228 KB)

__device__ __forceinline__ unsigned smid()
{
    unsigned r; asm volatile("mov.u32 %0, %%smid;" : "=r"(r)); return r;
}

// ---------------------------------------------------------------- part A
// writes the chains: *(base + addr[i]) = base + val[i]
__global__ void k_set(char *base, const unsigned long long *addr, const unsigned long long *val, size_t n)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        *(char **)(base + addr[i]) = base + val[i];
}

// reads 256 MB of another buffer: the L2 ends up holding its clean lines
__global__ void k_flush(const uint4 *p, size_t n16, unsigned *out)
{
    unsigned acc = 0;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n16; i += (size_t)gridDim.x * blockDim.x) {
        uint4 v = __ldcg(p + i);
        acc ^= v.x ^ v.w;
    }
    if (acc == 0x9e3779b9u) out[1] = acc;
}

// chain c = blockIdx.x * blockDim.x + threadIdx.x starts pass 1 at base + start1[c] and walks hops1
// hops, then pass 2 at base + start2[c] for hops2 hops, each timed. Shared memory: hops2 words of
// latencies per thread, then one word per thread that the loaded pointer is stored to (so that
// the clock is read after the load has returned).
__global__ void k_tlb(char *base, const unsigned long long *start1, const unsigned long long *start2,
                      int hops1, int hops2, unsigned *lat_out, long long *tot, unsigned *sm_out)
{
    extern __shared__ unsigned sh[];
    unsigned *lat = sh + threadIdx.x * hops2;
    volatile unsigned *sink = sh + blockDim.x * hops2;
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    char *p = base + start1[c];
    long long t0 = clock64();
    for (int i = 0; i < hops1; i++)
        p = (char *)__ldcg((const unsigned long long *)p);
    sink[threadIdx.x] = (unsigned)(size_t)p;
    long long t1 = clock64();
    p = base + start2[c];
    long long tp = clock64(), ts = tp;
    for (int i = 0; i < hops2; i++) {
        p = (char *)__ldcg((const unsigned long long *)p);
        sink[threadIdx.x] = (unsigned)(size_t)p;
        long long tn = clock64();
        lat[i] = (unsigned)(tn - tp);
        tp = tn;
    }
    tot[3 * c + 0] = t1 - t0;
    tot[3 * c + 1] = tp - ts;
    tot[3 * c + 2] = (long long)(size_t)p;   // the walk ends where it started: checked on the host
    sm_out[c] = smid();
    for (int i = 0; i < hops2; i++) lat_out[(size_t)c * hops2 + i] = lat[i];
}

// ---------------------------------------------------------------- part B
__global__ void k_read(const uint4 *p, size_t n16, unsigned *out)
{
    unsigned acc = 0;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n16; i += (size_t)gridDim.x * blockDim.x) {
        uint4 v = __ldcg(p + i);
        acc ^= v.x ^ v.w;
    }
    if (acc == 0x12345678u) out[0] = acc;
}

__global__ void k_write(uint4 *p, size_t n16, unsigned seed)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n16; i += (size_t)gridDim.x * blockDim.x)
        p[i] = make_uint4((unsigned)i, (unsigned)i ^ seed, seed, (unsigned)(i >> 7));
}

// the blocks on SMs whose active[smid] is set read the footprint in 64 KB chunks taken from
// *counter; the others exit at once. 132 blocks of 1024 threads with 120 KB of shared memory:
// one block an SM.
__global__ void k_rsub(const uint4 *p, size_t n16, const unsigned char *active, unsigned long long *counter,
                       unsigned *sm_out, unsigned *out)
{
    extern __shared__ unsigned sh[];
    __shared__ unsigned long long chunk;
    unsigned s = smid();
    if (threadIdx.x == 0) sm_out[blockIdx.x] = s;
    if (!active[s & 255]) return;
    const unsigned long long C = 4096;   // 16 B pieces: 64 KB
    unsigned acc = 0;
    for (;;) {
        if (threadIdx.x == 0) chunk = atomicAdd(counter, C);
        __syncthreads();
        unsigned long long b = chunk;
        if (b >= n16) break;
        unsigned long long e = b + C < n16 ? b + C : n16;
        for (unsigned long long i = b + threadIdx.x; i < e; i += blockDim.x) {
            uint4 v = __ldcg(p + i);
            acc ^= v.x ^ v.w;
        }
        __syncthreads();
    }
    if (acc == 0x12345678u) out[0] = acc + sh[0];
}

// ---------------------------------------------------------------- host
static int sms;
static char *big; static size_t big_bytes;
static uint4 *flush_buf, *l2buf;
static unsigned *outw;
static cudaEvent_t ev0, ev1, ev2;
static FILE *dump;

static void flush_l2()
{
    k_flush<<<2 * sms, 1024>>>(flush_buf, FLUSH_BYTES / 16, outw);
    CK(cudaGetLastError());
}

struct Stats { double mean, med, p10, p90, max; };
static Stats stats(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    double s = 0; for (double x : v) s += x;
    size_t n = v.size();
    return { s / n, v[n / 2], v[n / 10], v[(n * 9) / 10], v[n - 1] };
}

// one TLB measurement: chains walks over F bytes in regions of P bytes
static void tlb_run(const char *var, int chains, int bsize, size_t P, size_t F, int H, int reps, std::mt19937_64 &rng)
{
    size_t N = F / P, L = P / 128;
    size_t hops1 = std::max(N, (size_t)H), hops2 = H;
    size_t S1 = (hops1 + N - 1) / N, S2 = (hops2 + N - 1) / N;
    if ((size_t)chains * (S1 + S2) > L) {
        printf("tlb var=%s P=%zuK F=%zuM skipped: %zu lines a region needed, %zu there\n", var, P >> 10, F >> 20,
               (size_t)chains * (S1 + S2), L);
        return;
    }
    if (F > big_bytes) { printf("tlb var=%s P=%zuK F=%zuM skipped: buffer %zu MB\n", var, P >> 10, F >> 20, big_bytes >> 20); return; }
    std::vector<unsigned long long> addr, val, st1(chains), st2(chains);
    addr.reserve(chains * (hops1 + hops2)); val.reserve(chains * (hops1 + hops2));
    std::vector<unsigned> skew(N);
    for (auto &s : skew) s = (unsigned)(rng() % L);
    std::vector<unsigned> perm(N);
    for (int c = 0; c < chains; c++) {
        for (size_t i = 0; i < N; i++) perm[i] = (unsigned)i;
        std::shuffle(perm.begin(), perm.end(), rng);
        for (int q = 0; q < 2; q++) {
            size_t hops = q ? hops2 : hops1;
            size_t slot0 = (size_t)c * (S1 + S2) + (q ? S1 : 0);
            auto at = [&](size_t i) {
                size_t r = perm[i % N], s = slot0 + i / N;
                size_t line = (s * 2654435761ull + skew[r]) & (L - 1);   // odd multiplier: distinct slots, distinct lines
                return (unsigned long long)(r * P + line * 128);
            };
            for (size_t i = 0; i < hops; i++) { addr.push_back(at(i)); val.push_back(at((i + 1) % hops)); }
            (q ? st2 : st1)[c] = at(0);
        }
    }
    unsigned long long *d_addr, *d_val, *d_s1, *d_s2;
    size_t n = addr.size();
    CK(cudaMalloc(&d_addr, n * 8)); CK(cudaMalloc(&d_val, n * 8));
    CK(cudaMalloc(&d_s1, chains * 8)); CK(cudaMalloc(&d_s2, chains * 8));
    CK(cudaMemcpy(d_addr, addr.data(), n * 8, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_val, val.data(), n * 8, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_s1, st1.data(), chains * 8, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d_s2, st2.data(), chains * 8, cudaMemcpyHostToDevice));
    k_set<<<4 * sms, 256>>>(big, d_addr, d_val, n);
    CK(cudaGetLastError());
    unsigned *d_lat, *d_sm; long long *d_tot;
    CK(cudaMalloc(&d_lat, (size_t)chains * H * 4)); CK(cudaMalloc(&d_tot, chains * 3 * 8)); CK(cudaMalloc(&d_sm, chains * 4));
    int nblk = chains / bsize;
    size_t shm = (size_t)bsize * H * 4 + bsize * 4;
    if (!strcmp(var, "sms")) shm = std::max(shm, (size_t)SMEM_ONE_PER_SM);
    std::vector<unsigned> lat((size_t)chains * H), sm(chains);
    std::vector<long long> tot(chains * 3);
    for (int rep = 0; rep < reps; rep++) {
        flush_l2();
        CK(cudaEventRecord(ev0));
        k_tlb<<<nblk, bsize, shm>>>(big, d_s1, d_s2, (int)hops1, (int)hops2, d_lat, d_tot, d_sm);
        CK(cudaEventRecord(ev1));
        CK(cudaEventSynchronize(ev1));
        CK(cudaGetLastError());
        float ms; CK(cudaEventElapsedTime(&ms, ev0, ev1));
        CK(cudaMemcpy(lat.data(), d_lat, lat.size() * 4, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(tot.data(), d_tot, tot.size() * 8, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(sm.data(), d_sm, chains * 4, cudaMemcpyDeviceToHost));
        int bad = 0;
        for (int c = 0; c < chains; c++) if ((unsigned long long)tot[3 * c + 2] != (unsigned long long)(size_t)(big + st2[c])) bad++;
        std::vector<double> p1, p2, hop;
        for (int c = 0; c < chains; c++) {
            p1.push_back((double)tot[3 * c] / hops1);
            p2.push_back((double)tot[3 * c + 1] / hops2);
            for (int i = 0; i < H; i++) hop.push_back(lat[(size_t)c * H + i]);
        }
        std::vector<unsigned> us(sm); std::sort(us.begin(), us.end());
        int distinct = (int)(std::unique(us.begin(), us.end()) - us.begin());
        Stats a = stats(p1), b = stats(p2), h = stats(hop);
        printf("tlb var=%s P=%zuK F=%zuM N=%zu chains=%d hops1=%zu hops2=%zu rep=%d us=%.1f "
               "p1_mean=%.1f p2_mean=%.1f p2_chain_min=%.1f p2_chain_max=%.1f "
               "hop_med=%.0f hop_p10=%.0f hop_p90=%.0f hop_max=%.0f sms_used=%d bad=%d\n",
               var, P >> 10, F >> 20, N, chains, hops1, hops2, rep, ms * 1e3, a.mean, b.mean,
               *std::min_element(p2.begin(), p2.end()),
               *std::max_element(p2.begin(), p2.end()), h.med, h.p10, h.p90, h.max, distinct, bad);
        fflush(stdout);
        if (dump && rep == reps - 1) {
            for (int c = 0; c < chains; c++) {
                fprintf(dump, "%s P=%zuK F=%zuM chain=%d sm=%u p1=%lld p2=%lld :", var, P >> 10, F >> 20, c, sm[c],
                        tot[3 * c], tot[3 * c + 1]);
                for (int i = 0; i < H; i++) fprintf(dump, " %u", lat[(size_t)c * H + i]);
                fprintf(dump, "\n");
            }
            fflush(dump);
        }
    }
    CK(cudaFree(d_addr)); CK(cudaFree(d_val)); CK(cudaFree(d_s1)); CK(cudaFree(d_s2));
    CK(cudaFree(d_lat)); CK(cudaFree(d_tot)); CK(cudaFree(d_sm));
}

static const size_t FOOT_MB[] = {8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768};

static void tlb(bool only_one)
{
    int reps = getenv("TLB_REPS") ? atoi(getenv("TLB_REPS")) : 2;
    std::mt19937_64 rng(31);
    for (size_t mb : FOOT_MB) tlb_run("one", 1, 1, 2u << 20, mb << 20, 256, reps, rng);
    if (only_one) return;
    for (size_t mb : FOOT_MB) if (mb <= 4096) tlb_run("one64k", 1, 1, 64u << 10, mb << 20, 256, reps, rng);
    for (size_t mb : FOOT_MB) tlb_run("lanes", 32, 32, 2u << 20, mb << 20, 256, reps, rng);
    for (size_t mb : FOOT_MB) tlb_run("sms", sms, 1, 2u << 20, mb << 20, 128, reps, rng);
}

// ---------------------------------------------------------------- part B host
static unsigned char *d_active; static unsigned long long *d_counter; static unsigned *d_sm;
static int counter_next = 0;
static std::vector<unsigned> sm_ids;   // distinct SM ids, sorted

static void launch_b(char kind, size_t n16, int subset, unsigned seed)
{
    if (kind == 'r') k_read<<<2 * sms, 1024>>>(l2buf, n16, outw);
    else if (kind == 'w') k_write<<<2 * sms, 1024>>>(l2buf, n16, seed);
    else k_rsub<<<sms, 1024, SMEM_ONE_PER_SM>>>(l2buf, n16, d_active + 256 * subset, d_counter + counter_next++, d_sm, outw);
    CK(cudaGetLastError());
}

static const char *SUBSET[] = {"all", "lo", "hi", "even"};

static void l2(bool small)
{
    int reps = getenv("L2_REPS") ? atoi(getenv("L2_REPS")) : 3;
    // which SM ids exist: one k_rsub block an SM, none active
    launch_b('s', 0, 4, 0);
    CK(cudaDeviceSynchronize());
    std::vector<unsigned> s(sms);
    CK(cudaMemcpy(s.data(), d_sm, sms * 4, cudaMemcpyDeviceToHost));
    sm_ids = s; std::sort(sm_ids.begin(), sm_ids.end());
    sm_ids.erase(std::unique(sm_ids.begin(), sm_ids.end()), sm_ids.end());
    printf("l2 sm ids (%zu distinct of %d blocks):", sm_ids.size(), sms);
    for (unsigned x : sm_ids) printf(" %u", x);
    printf("\n");
    std::vector<unsigned char> act(256 * 5, 0);
    for (size_t k = 0; k < sm_ids.size(); k++) {
        unsigned id = sm_ids[k] & 255;
        act[256 * 0 + id] = 1;
        act[256 * (k < sm_ids.size() / 2 ? 1 : 2) + id] = 1;
        act[256 * 3 + id] = (k % 2 == 0);
    }
    for (int q = 1; q <= 3; q++) {
        printf("l2 subset %s:", SUBSET[q]);
        for (unsigned x : sm_ids) if (act[256 * q + (x & 255)]) printf(" %u", x);
        printf("\n");
    }
    CK(cudaMemcpy(d_active, act.data(), act.size(), cudaMemcpyHostToDevice));
    const size_t mb_pair[] = {8, 16, 20, 24, 28, 32, 36, 40, 44, 48, 56, 64, 80};
    const size_t mb_small[] = {16, 32, 48, 64};
    const size_t mb_sub[] = {8, 12, 16, 20, 24, 28, 32, 40, 48, 64};
    const char *pairs[] = {"rr", "wr", "ww"};
    std::vector<float> ta, tb;
    auto seq = [&](const char *name, size_t mb, int subset) {
        size_t n16 = (mb << 20) / 16;
        ta.clear(); tb.clear();
        for (int r = 0; r < reps; r++) {
            flush_l2();
            char k1 = subset >= 0 ? 's' : (name[0] == 'w' ? 'w' : 'r');
            char k2 = subset >= 0 ? 's' : (name[1] == 'w' ? 'w' : 'r');
            CK(cudaEventRecord(ev0));
            launch_b(k1, n16, subset, 1 + r);
            CK(cudaEventRecord(ev1));
            launch_b(k2, n16, subset, 1000 + r);
            CK(cudaEventRecord(ev2));
            CK(cudaEventSynchronize(ev2));
            float a, b; CK(cudaEventElapsedTime(&a, ev0, ev1)); CK(cudaEventElapsedTime(&b, ev1, ev2));
            ta.push_back(a * 1e3f); tb.push_back(b * 1e3f);
        }
        std::sort(ta.begin(), ta.end()); std::sort(tb.begin(), tb.end());
        printf("l2 seq=%s subset=%s F=%zuM first_us=%.2f second_us=%.2f second_min_us=%.2f second_GBs=%.0f reps=%d\n",
               name, subset >= 0 ? SUBSET[subset] : "-", mb, ta[ta.size() / 2], tb[tb.size() / 2], tb[0],
               (double)(mb << 20) / tb[tb.size() / 2] / 1e3, reps);
        fflush(stdout);
    };
    if (small) {
        for (const char *p : pairs) for (size_t mb : mb_small) seq(p, mb, -1);
        return;
    }
    for (const char *p : pairs) for (size_t mb : mb_pair) seq(p, mb, -1);
    for (int q = 0; q < 4; q++) for (size_t mb : mb_sub) seq("ss", mb, q);
}

int main(int argc, char **argv)
{
    cudaDeviceProp prop; CK(cudaGetDeviceProperties(&prop, 0));
    sms = prop.multiProcessorCount;
    int clk = 0; cudaDeviceGetAttribute(&clk, cudaDevAttrClockRate, 0);
    printf("device %s sms=%d l2=%d B clock=%d kHz\n", prop.name, sms, prop.l2CacheSize, clk);
    if (getenv("TLB_DUMP")) dump = fopen(getenv("TLB_DUMP"), "w");
    bool want_tlb = false, want_l2 = false;
    for (int i = 1; i < argc; i++) {
        if (!strncmp(argv[i], "tlb", 3)) want_tlb = true;
        if (!strncmp(argv[i], "l2", 2)) want_l2 = true;
    }
    CK(cudaMalloc(&flush_buf, FLUSH_BYTES));
    CK(cudaMalloc(&outw, 4096));
    CK(cudaMemset(flush_buf, 0x5a, FLUSH_BYTES));
    CK(cudaEventCreate(&ev0)); CK(cudaEventCreate(&ev1)); CK(cudaEventCreate(&ev2));
    CK(cudaFuncSetAttribute(k_tlb, cudaFuncAttributeMaxDynamicSharedMemorySize, SMEM_ONE_PER_SM));
    CK(cudaFuncSetAttribute(k_rsub, cudaFuncAttributeMaxDynamicSharedMemorySize, SMEM_ONE_PER_SM));
    if (want_tlb) {
        for (big_bytes = 32ull << 30; big_bytes >= (1ull << 30); big_bytes >>= 1) {
            if (cudaMalloc(&big, big_bytes) == cudaSuccess) break;
            cudaGetLastError();
        }
        printf("tlb buffer %zu MB at %p\n", big_bytes >> 20, (void *)big);
    }
    if (want_l2) {
        CK(cudaMalloc(&l2buf, 128u << 20));
        CK(cudaMalloc(&d_active, 256 * 5));
        CK(cudaMemset(d_active, 0, 256 * 5));
        CK(cudaMalloc(&d_counter, 65536 * 8));
        CK(cudaMemset(d_counter, 0, 65536 * 8));
        CK(cudaMalloc(&d_sm, 4096));
        k_write<<<2 * sms, 1024>>>(l2buf, (128u << 20) / 16, 7);
        CK(cudaGetLastError());
    }
    // one untimed launch of each kernel: module loading out of the timings
    k_flush<<<1, 32>>>(flush_buf, 32, outw);
    CK(cudaDeviceSynchronize());
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "tlb")) tlb(false);
        else if (!strcmp(argv[i], "tlb1")) tlb(true);
        else if (!strcmp(argv[i], "l2")) l2(false);
        else if (!strcmp(argv[i], "l2small")) l2(true);
    }
    CK(cudaDeviceSynchronize());
    if (dump) fclose(dump);
    return 0;
}
