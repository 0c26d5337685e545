// validation/h100-micro/micro31.cu — the H100 measurements of issue 31:
// front-end shape (straight-line against loops), cold DRAM chases by address
// pattern, shared-memory throughput by width and stride, atomics under
// contention, a barrier after exited threads, and the histogram family.
//
// One program runs on the H100 (validation/h100-micro/run.sh) and, unchanged,
// under `warpsim cuda` (validation/h100-micro/sim.sh), with the SASS that ran
// on the H100 (cuobjdump of the device's binary).  Every figure is read by the
// kernel itself from clock64() (CS2R SR_CLOCKLO, which warpsim executes), so
// the two runs measure the same way.  Full-GPU figures also come from events.
//
// usage: micro31 SECTION...   SECTION: front dram smem atom bar bar:CASE hist
//                             hist=MB divmod clock all
// env:   M31_REPS=N  launches per figure (median, min, max are printed)
//        M31_FLUSH_EACH=1  front: evict L2 before every launch, not only the first
//        M31_HIST=K,K  hist: only these variants (1 v1 ... 5 v4, 6 v4.5)
//        M31_SIM=1   skip what only a GPU needs: the L2 flush before a cold
//                    chase (the simulator runs with launch.flush=all) and the
//                    SM-clock measurement against %globaltimer
// Output: one line per figure,
//   m31 NAME key=value ... med=X min=Y max=Z n=R unit=U
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <vector>
#include <algorithm>
#include <functional>
#include <string>
#include <ctime>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); exit(1); } } while (0)

typedef unsigned long long u64;
static long long *d_out;          // per-launch results (clock64 differences)
static u64 *d_sink;               // keeps chains and sums alive
static int reps = 9;
static bool sim = false;
static int sms = 132;

static void sync_check() { CK(cudaGetLastError()); CK(cudaDeviceSynchronize()); }
static std::vector<long long> fetch(int n, int at = 0)
{
    std::vector<long long> h(n);
    CK(cudaMemcpy(h.data(), d_out + at, n * sizeof(long long), cudaMemcpyDeviceToHost));
    return h;
}
struct Stat { double med, min, max; int n; };
static Stat stat(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    Stat s; s.n = (int)v.size(); s.min = v.front(); s.max = v.back();
    s.med = s.n % 2 ? v[s.n / 2] : 0.5 * (v[s.n / 2 - 1] + v[s.n / 2]);
    return s;
}
static void print(const char *name, const char *keys, Stat s, const char *unit)
{
    printf("m31 %s %s med=%.3f min=%.3f max=%.3f n=%d unit=%s\n", name, keys, s.med, s.min, s.max, s.n, unit);
    fflush(stdout);
}

// ---------------------------------------------------------------------------
// the pieces every timed region uses
#define LD64(p)   asm volatile("ld.global.u64 %0, [%0];" : "+l"(p) :: "memory")
#define LDCA64(p) asm volatile("ld.global.ca.u64 %0, [%0];" : "+l"(p) :: "memory")
// the clock read that ends a region must wait for the chain's last result:
// an instruction that consumes it, issued in order before the clock read
__device__ __forceinline__ void use64(u64 p, long long *o) { if (p == 1ull) o[63] = 1; }
__device__ __forceinline__ void use32(unsigned x, long long *o) { if (x == 1u) o[63] = 1; }
__device__ __forceinline__ long long clk() { long long c; asm volatile("mov.u64 %0, %%clock64;" : "=l"(c) :: "memory"); return c; }

// ---- SM clock against the global nanosecond timer (GPU only) ----
__global__ void k_clock(long long *out, long long spin)
{
    u64 g0, g1;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g0));
    long long c0 = clock64(), c;
    do { c = clock64(); } while (c - c0 < spin);
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g1));
    out[0] = c - c0; out[1] = (long long)(g1 - g0);
}

// ---------------------------------------------------------------------------
// 1. front end.  Each kernel runs its timed region twice in one launch (an
// outer loop that is not unrolled): out[0] is the first pass (instructions
// maybe not yet cached), out[1] the second.  One warp.
// (a) pointer chase over 64 nodes 128 B apart (8 KB, L1-resident after the
// warm-up lap): H hops straight-line (every hop its own LDG) or in a loop.
template <int H, int STRAIGHT>
__global__ void k_fe_chase(const u64 *chain, long long *out, u64 *sink)
{
    u64 p = (u64)chain;
#pragma unroll 1
    for (int i = 0; i < 64; i++) LD64(p);                   // warm-up lap
#pragma unroll 1
    for (int r = 0; r < 2; r++) {
        use64(p, out);
        long long t0 = clk();
        if (STRAIGHT) {
#pragma unroll
            for (int i = 0; i < H; i++) LD64(p);
        } else {
#pragma unroll 1
            for (int i = 0; i < H; i++) LD64(p);
        }
        use64(p, out);
        long long t1 = clk();
        if (threadIdx.x == 0) out[r] = t1 - t0;
    }
    sink[threadIdx.x] = p;
}
// (b) N dependent integer adds.  x and y alternate (x += y + 0x55;
// y += x + 0x33): each is one IADD3 (x, y, immediate) that needs the previous
// result.  Simpler chains do not stay one add per step: x += b; x += b folds
// into x + 2b, and ptxas sends two-input adds to IMAD.IADD as often as to
// IADD3.  U adds per loop iteration (U = N: straight-line).
template <int N, int U>
__global__ void k_fe_add(long long *out, unsigned a, u64 *sink)
{
    unsigned x = a + threadIdx.x, y = a ^ (threadIdx.x * 7u);
#pragma unroll 1
    for (int r = 0; r < 2; r++) {
        use32(x, out);
        long long t0 = clk();
#pragma unroll 1
        for (int i = 0; i < N / U; i++) {
#pragma unroll
            for (int j = 0; j < U / 2; j++) {
                asm volatile("add.u32 %0, %0, %1;\n\tadd.u32 %0, %0, 0x55;" : "+r"(x) : "r"(y));
                asm volatile("add.u32 %0, %0, %1;\n\tadd.u32 %0, %0, 0x33;" : "+r"(y) : "r"(x));
            }
        }
        use32(y, out);
        long long t1 = clk();
        if (threadIdx.x == 0) out[r] = t1 - t0;
    }
    sink[threadIdx.x] = x + y;
}

// ---------------------------------------------------------------------------
// 2. dependent chase from DRAM or L2, one thread: `warm` hops not timed, then
// `steps` timed hops.  Plain ld.global (LDG.E.64, as warpsim's pointer_chase).
__global__ void k_chase(const u64 *start, int warm, int steps, long long *out, u64 *sink)
{
    u64 p = (u64)start;
#pragma unroll 1
    for (int i = 0; i < warm; i++) LD64(p);
    use64(p, out);
    long long t0 = clk();
#pragma unroll 1
    for (int i = 0; i < steps; i++) LD64(p);
    use64(p, out);
    long long t1 = clk();
    out[0] = t1 - t0;
    sink[0] = p;
}
// the same, each hop timed alone (its latency, clock read overhead included)
__global__ void k_chase_each(const u64 *start, int warm, int steps, long long *out, u64 *sink)
{
    u64 p = (u64)start;
#pragma unroll 1
    for (int i = 0; i < warm; i++) LD64(p);
#pragma unroll 1
    for (int i = 0; i < steps; i++) {
        use64(p, out);
        long long t0 = clk();
        LD64(p);
        use64(p, out);
        long long t1 = clk();
        out[64 + i] = t1 - t0;
    }
    sink[0] = p;
}

// ---------------------------------------------------------------------------
// 3. shared-memory throughput.  Every warp of the block does `iters` x 16
// independent accesses; lane l's address is l * stride elements (of W bytes),
// access j adds j * 128 B (same banks).  Loads feed one running XOR per
// thread; stores write the loop counter.  out[0]: cycles of the whole block
// between two barriers (read by thread 0).
template <int W, int STORE>
__global__ void k_smem(long long *out, int stride, int iters, u64 *sink)
{
    __shared__ __align__(16) unsigned s[12288];                  // 48 KB
    for (int i = threadIdx.x; i < 12288; i += blockDim.x) s[i] = i * 2654435761u;
    __syncthreads();
    unsigned lane = threadIdx.x & 31;
    unsigned addr = (unsigned)__cvta_generic_to_shared(s) + lane * stride * W;
    unsigned acc = 0;
    __syncthreads();
    long long t0 = clk();
#pragma unroll 1
    for (int i = 0; i < iters; i++) {
#pragma unroll
        for (int j = 0; j < 16; j++) {
            if (!STORE) {
                if (W == 4) {
                    unsigned v;
                    asm volatile("ld.volatile.shared.u32 %0, [%1];" : "=r"(v) : "r"(addr + j * 128));
                    acc ^= v;
                } else if (W == 8) {
                    unsigned v0, v1;
                    asm volatile("ld.volatile.shared.v2.u32 {%0,%1}, [%2];" : "=r"(v0), "=r"(v1) : "r"(addr + j * 128));
                    acc ^= v0 ^ v1;
                } else {
                    unsigned v0, v1, v2, v3;
                    asm volatile("ld.volatile.shared.v4.u32 {%0,%1,%2,%3}, [%4];"
                                 : "=r"(v0), "=r"(v1), "=r"(v2), "=r"(v3) : "r"(addr + j * 128));
                    acc ^= v0 ^ v1 ^ v2 ^ v3;
                }
            } else {
                if (W == 4)
                    asm volatile("st.volatile.shared.u32 [%0], %1;" :: "r"(addr + j * 128), "r"(i) : "memory");
                else if (W == 8)
                    asm volatile("st.volatile.shared.v2.u32 [%0], {%1,%1};" :: "r"(addr + j * 128), "r"(i) : "memory");
                else
                    asm volatile("st.volatile.shared.v4.u32 [%0], {%1,%1,%1,%1};" :: "r"(addr + j * 128), "r"(i) : "memory");
            }
        }
    }
    __syncthreads();
    long long t1 = clk();
    if (threadIdx.x == 0) out[0] = t1 - t0;
    if (acc == 0x12345678u) sink[0] = acc;
}

// ---------------------------------------------------------------------------
// 4. atomics.  MODE 0: 256 bins, each thread's 16 bins random bytes (from
// `rnd`, as a histogram of random data); 1: every lane one address; 2: each
// thread its own word (lanes of a warp on distinct banks / one 128 B line).
// Each thread does `iters` x 16 atomic adds of `v` (not a constant: no
// POPC.INC), result unused (red: ATOMS.ADD / REDG.E.ADD).  Mode 1's address
// is thread index x z (z = 0), since ptxas aggregates a red to an address it
// knows is uniform into one lane per warp (VOTEU + POPC).
template <int MODE>
__device__ __forceinline__ unsigned atom_index(const unsigned *rnd, unsigned gtid, unsigned z, int j)
{
    if (MODE == 0) return (rnd[gtid * 4 + (j >> 2)] >> ((j & 3) * 8)) & 0xff;
    if (MODE == 1) return gtid * z;                 // z = 0: one word, but not uniform to ptxas
    return gtid;
}
template <int MODE>
__global__ void k_atoms(const unsigned *rnd, unsigned v, unsigned z, int iters, long long *out)
{
    __shared__ unsigned s[1024];
    for (int i = threadIdx.x; i < 1024; i += blockDim.x) s[i] = 0;
    unsigned base = (unsigned)__cvta_generic_to_shared(s);
    unsigned a[16];
#pragma unroll
    for (int j = 0; j < 16; j++) a[j] = base + 4 * (atom_index<MODE>(rnd, threadIdx.x, z, j) & 1023);
    __syncthreads();
    long long t0 = clk();
#pragma unroll 1
    for (int i = 0; i < iters; i++) {
#pragma unroll
        for (int j = 0; j < 16; j++) asm volatile("red.shared.add.u32 [%0], %1;" :: "r"(a[j]), "r"(v) : "memory");
    }
    __syncthreads();
    long long t1 = clk();
    if (threadIdx.x == 0) out[blockIdx.x] = t1 - t0 + (s[threadIdx.x & 255] == 0x7fffffffu ? 1 : 0);
}
template <int MODE>
__global__ void k_atomg(const unsigned *rnd, unsigned *bins, unsigned v, unsigned z, int iters, long long *out)
{
    unsigned gtid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned *a[16];
#pragma unroll
    for (int j = 0; j < 16; j++) a[j] = bins + atom_index<MODE>(rnd, gtid, z, j);
    __syncthreads();
    long long t0 = clk();
#pragma unroll 1
    for (int i = 0; i < iters; i++) {
#pragma unroll
        for (int j = 0; j < 16; j++) asm volatile("red.global.add.u32 [%0], %1;" :: "l"(a[j]), "r"(v) : "memory");
    }
    __syncthreads();
    long long t1 = clk();
    if (threadIdx.x == 0) out[blockIdx.x] = t1 - t0;
}

// ---------------------------------------------------------------------------
// 5. a block barrier after some threads returned.  mode 0: the upper half
// of the block (whole warps) returns; 1: the odd lanes of every warp return;
// 2: threads at or past `live` return (a partial warp, as a bounds check in
// the last block), then a shared-memory tree reduction with a barrier per
// step (seed 000's gpu4).  Survivors exchange values through shared memory
// across the barrier; out[t] gets what survivor t read (mode 2: thread 0
// the block's sum, the others 1), so the host counts and sums them.
__global__ void k_bar_exit(int mode, int live, unsigned *out)
{
    __shared__ unsigned s[1024];
    unsigned t = threadIdx.x, n = blockDim.x;
    s[t] = 0;
    if (mode == 0 && t >= n / 2) return;
    if (mode == 1 && (t & 1)) return;
    if (mode == 2 && t >= (unsigned)live) return;
    s[t] = t + 1;
    __syncthreads();
    if (mode < 2) {
        unsigned partner = mode == 0 ? (t + 32) & (n / 2 - 1) : (t + 34) & (n - 1);   // a survivor of another warp (n: a power of 2)
        out[t] = s[partner];
    } else {
        for (unsigned h = n / 2; h > 0; h >>= 1) {
            if (t < h && t + h < (unsigned)live) s[t] += s[t + h];
            __syncthreads();
        }
        out[t] = t == 0 ? s[0] : 1;
    }
}

// a check, not a timing: nvcc's unsigned division and remainder by a value
// known only at run time (the simulator must agree with the GPU)
__global__ void k_divmod(const unsigned *a, const unsigned *b, unsigned *q, unsigned *r, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { q[i] = a[i] / b[i]; r[i] = a[i] % b[i]; }
}

// ---------------------------------------------------------------------------
// 6. the histogram family of seed 004 (workloads/histogram), the kernels of
// validation/h100/seeds.cu unchanged
__device__ __forceinline__ void red_add(unsigned *p, unsigned v)
{ asm volatile("red.global.add.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__global__ void histogram_v1(const unsigned char *a, unsigned *bins)
{
    unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
    red_add(&bins[a[tid]], 1);
}
__global__ void histogram_v2(const unsigned char *a, unsigned *bins)
{
    unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned v = ((const unsigned *)a)[tid];
    red_add(&bins[v & 0xff], 1);
    red_add(&bins[(v >> 8) & 0xff], 1);
    red_add(&bins[(v >> 16) & 0xff], 1);
    red_add(&bins[v >> 24], 1);
}
__global__ void histogram_v3(const unsigned char *a, unsigned *bins)
{
    __shared__ unsigned s[256];
    s[threadIdx.x] = 0;
    __syncthreads();
    unsigned v = ((const unsigned *)a)[blockIdx.x * blockDim.x + threadIdx.x];
    atomicAdd(&s[v & 0xff], 1u);
    atomicAdd(&s[(v >> 8) & 0xff], 1u);
    atomicAdd(&s[(v >> 16) & 0xff], 1u);
    atomicAdd(&s[v >> 24], 1u);
    __syncthreads();
    red_add(&bins[threadIdx.x], s[threadIdx.x]);
}
__global__ void histogram_v3_bytes(const unsigned char *a, unsigned *bins)
{
    __shared__ unsigned s[256];
    s[threadIdx.x] = 0;
    __syncthreads();
    atomicAdd(&s[a[blockIdx.x * blockDim.x + threadIdx.x]], 1u);
    __syncthreads();
    red_add(&bins[threadIdx.x], s[threadIdx.x]);
}
__global__ void histogram_v4(const unsigned char *a, unsigned *bins, unsigned N)
{
    __shared__ unsigned s[256];
    s[threadIdx.x] = 0;
    __syncthreads();
    unsigned tid = blockIdx.x * blockDim.x + threadIdx.x, sz = gridDim.x * blockDim.x;
#pragma unroll 1
    for (unsigned i = 0; i < N; i++, tid += sz) {
        unsigned v = ((const unsigned *)a)[tid];
        atomicAdd(&s[v & 0xff], 1u);
        atomicAdd(&s[(v >> 8) & 0xff], 1u);
        atomicAdd(&s[(v >> 16) & 0xff], 1u);
        atomicAdd(&s[v >> 24], 1u);
    }
    __syncthreads();
    red_add(&bins[threadIdx.x], s[threadIdx.x]);
}
__global__ void histogram_v45(const unsigned char *a, unsigned *bins, unsigned N)
{
    __shared__ unsigned s[256];
    s[threadIdx.x] = 0;
    __syncthreads();
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll 1
    for (unsigned l = i * N, r = l + N; l < r; l++) {
        unsigned v = ((const unsigned *)a)[l];
        atomicAdd(&s[v & 0xff], 1u);
        atomicAdd(&s[(v >> 8) & 0xff], 1u);
        atomicAdd(&s[(v >> 16) & 0xff], 1u);
        atomicAdd(&s[v >> 24], 1u);
    }
    __syncthreads();
    red_add(&bins[threadIdx.x], s[threadIdx.x]);
}

// a large write that evicts everything from L2 (50 MB) before a cold chase
__global__ void k_flush(float4 *p, size_t n)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        p[i] = make_float4((float)i, 0, 0, 0);
}

// ===========================================================================
static u64 rng_state = 0x9E3779B97F4A7C15ull;
static u64 next_rand()
{
    u64 z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static double clock_mhz = 0;
static cudaEvent_t e0, e1;

static void sec_clock()
{
    if (sim) return;
    k_clock<<<1, 1>>>(d_out, 200000000); sync_check();
    auto c = fetch(2);
    clock_mhz = (double)c[0] / (double)c[1] * 1000.0;
    printf("m31 clock_mhz value=%.1f cycles=%lld ns=%lld\n", clock_mhz, c[0], c[1]);
}

// runs `launch` reps times; `read` turns out[] into one figure per launch.
// first[] gets the first launch's figures (launch 0: instructions cold)
static Stat repeat(std::function<void()> launch, std::function<double()> read, double *first = nullptr)
{
    std::vector<double> v;
    for (int r = 0; r < reps; r++) {
        launch(); sync_check();
        double x = read();
        if (r == 0 && first) *first = x;
        if (r > 0 || reps == 1) v.push_back(x);
    }
    return stat(v);
}

static void sec_front()
{
    u64 *chain; CK(cudaMalloc(&chain, 8192));
    std::vector<u64> h(1024, 0);
    for (int k = 0; k < 64; k++) h[k * 16] = (u64)chain + ((k + 1) % 64) * 128;
    CK(cudaMemcpy(chain, h.data(), 8192, cudaMemcpyHostToDevice));
    // launch 0's two passes are printed apart (cold0, cold1); then med over
    // the other launches of pass 0 (pass0) and of pass 1 (the figure).  On
    // the GPU a 256 MB write before launch 0 evicts the kernel's code from L2
    // (cold0: instructions from DRAM); the simulator's instruction cache
    // starts empty for a kernel never launched, and misses cost
    // icache.miss_latency.
    // M31_FLUSH_EACH=1: the write before every launch (pass0: code run before,
    // but no longer in L2); with CUDA_MODULE_LOADING=EAGER the code is loaded
    // before the first write, so cold0's instructions come from DRAM.
    float4 *junk = nullptr; size_t junk_n = (256ull << 20) / 16;
    bool flush_each = getenv("M31_FLUSH_EACH") && atoi(getenv("M31_FLUSH_EACH"));
    if (!sim) CK(cudaMalloc(&junk, junk_n * 16));
    auto run = [&](const char *name, const char *keys, double per, std::function<void()> go) {
        std::vector<double> p0, p1; double c0 = 0, c1 = 0;
        for (int r = 0; r < reps; r++) {
            if ((r == 0 || flush_each) && junk) { k_flush<<<sms * 4, 256>>>(junk, junk_n); sync_check(); }
            go(); sync_check();
            auto o = fetch(2);
            if (r == 0) { c0 = o[0] / per; c1 = o[1] / per; }
            if (r > 0 || reps == 1) { p0.push_back(o[0] / per); p1.push_back(o[1] / per); }
        }
        Stat s0 = stat(p0), s1 = stat(p1);
        char k[256];
        snprintf(k, sizeof k, "%s cold0=%.3f cold1=%.3f pass0=%.3f", keys, c0, c1, s0.med);
        print(name, k, s1, "cycles/op");
    };
#define FE_CHASE(H, S) run("fe_chase", "hops=" #H " shape=" #S, H, [&] { \
        k_fe_chase<H, S><<<1, 32>>>(chain, d_out, d_sink); })
    FE_CHASE(64, 1); FE_CHASE(64, 0); FE_CHASE(1024, 1); FE_CHASE(1024, 0);
#define FE_ADD(N, U) run("fe_add", "adds=" #N " per_iter=" #U, N, [&] { \
        k_fe_add<N, U><<<1, 32>>>(d_out, 3u, d_sink); })
    FE_ADD(64, 64); FE_ADD(64, 8); FE_ADD(64, 2);
    FE_ADD(512, 512); FE_ADD(512, 8);
    FE_ADD(1024, 1024); FE_ADD(1024, 8);
    FE_ADD(4096, 4096); FE_ADD(4096, 8);
    CK(cudaFree(chain));
    if (junk) CK(cudaFree(junk));
}

// a chain through `order` (byte offsets in a region of `bytes` at `base`)
static void write_chain(char *base, size_t bytes, const std::vector<u64> &order)
{
    size_t n = order.size();
    if (bytes <= (256u << 20)) {
        std::vector<u64> img(bytes / 8, 0);
        for (size_t i = 0; i < n; i++) img[order[i] / 8] = (u64)base + order[(i + 1) % n];
        CK(cudaMemcpy(base, img.data(), bytes, cudaMemcpyHostToDevice));
    } else {
        for (size_t i = 0; i < n; i++) {
            u64 v = (u64)base + order[(i + 1) % n];
            CK(cudaMemcpy(base + order[i], &v, 8, cudaMemcpyHostToDevice));
        }
    }
}

static void sec_dram()
{
    size_t big = 1ull << 30;
    char *buf; CK(cudaMalloc(&buf, big));
    float4 *junk = nullptr; size_t junk_n = (256ull << 20) / 16;
    if (!sim) CK(cudaMalloc(&junk, junk_n * 16));
    auto flush = [&] { if (!sim) { k_flush<<<sms * 4, 256>>>(junk, junk_n); sync_check(); } };
    struct P { const char *name; size_t region; size_t stride; int n; int steps; int warm; };
    // stride 0: random lines (a random cyclic permutation of n lines of the region)
    P ps[] = {
        {"seq128",      128ull << 20, 128,        4096, 2048, 0},
        {"random",      128ull << 20, 0,     1 << 20,   2048, 0},
        {"stride32k",   128ull << 20, 32768,      4096, 2048, 0},
        {"stride2m",    128ull << 20, 2ull << 20,   64,   64, 0},
        {"stride2m_1g", 1ull << 30,   2ull << 20,  512,  512, 0},
        {"l2_random8m", 8ull << 20,   0,          8192, 2048, 8192},   // warm lap first: L2 hits
    };
    for (auto &p : ps) {
        std::vector<u64> order(p.n);
        if (p.stride) {
            for (int i = 0; i < p.n; i++) order[i] = (u64)i * p.stride;
        } else {
            size_t lines = p.region / 128;
            // n distinct random lines, in random order
            std::vector<u64> all(lines);
            for (size_t i = 0; i < lines; i++) all[i] = i;
            for (size_t i = lines - 1; i > 0; i--) std::swap(all[i], all[next_rand() % (i + 1)]);
            for (int i = 0; i < p.n; i++) order[i] = all[i] * 128;
        }
        write_chain(buf, p.region, order);
        char k[128];
        snprintf(k, sizeof k, "region=%zu stride=%zu nodes=%d steps=%d warm=%d", p.region, p.stride, p.n, p.steps, p.warm);
        const u64 *start = (const u64 *)(buf + order[0]);
        Stat s = repeat([&] { flush(); k_chase<<<1, 1>>>(start, p.warm, p.steps, d_out, d_sink); },
                        [&] { return fetch(1)[0] / (double)p.steps; });
        // keep every launch (each starts cold: launch 0 is no special case)
        print("chase", (std::string(p.name) + " " + k).c_str(), s, "cycles/load");
        // each hop timed alone, one launch
        int each = std::min(p.steps, 1024);
        flush();
        k_chase_each<<<1, 1>>>(start, p.warm, each, d_out, d_sink); sync_check();
        auto v = fetch(each, 64);
        std::vector<long long> w(v);
        std::sort(w.begin(), w.end());
        printf("m31 chase_each %s hops=%d p01=%lld p10=%lld p50=%lld p90=%lld p99=%lld max=%lld first=%lld,%lld,%lld,%lld\n",
               p.name, each, w[each / 100], w[each / 10], w[each / 2], w[each * 9 / 10], w[each * 99 / 100], w[each - 1],
               v[0], v[1], v[2], v[3]);
        fflush(stdout);
        // clear the chain (the next pattern's image is written whole)
        if (p.region > (256u << 20)) CK(cudaMemset(buf, 0, p.region));
    }
    if (junk) CK(cudaFree(junk));
    CK(cudaFree(buf));
}

static void sec_smem()
{
    int iters = 64;
    auto go = [&](const char *name, int w, int store, int warps, int stride) {
        char k[128];
        snprintf(k, sizeof k, "bits=%d warps=%d stride=%d", w * 8, warps, stride);
        auto launch = [&] {
            dim3 b(32 * warps);
            if (!store && w == 4) k_smem<4, 0><<<1, b>>>(d_out, stride, iters, d_sink);
            if (!store && w == 8) k_smem<8, 0><<<1, b>>>(d_out, stride, iters, d_sink);
            if (!store && w == 16) k_smem<16, 0><<<1, b>>>(d_out, stride, iters, d_sink);
            if (store && w == 4) k_smem<4, 1><<<1, b>>>(d_out, stride, iters, d_sink);
            if (store && w == 8) k_smem<8, 1><<<1, b>>>(d_out, stride, iters, d_sink);
            if (store && w == 16) k_smem<16, 1><<<1, b>>>(d_out, stride, iters, d_sink);
        };
        // cycles of the block / warp instructions of the block
        Stat s = repeat(launch, [&] { return fetch(1)[0] / (16.0 * iters * warps); });
        print(name, k, s, "cycles/warp-insn");
    };
    for (int warps : {1, 4, 16}) {
        for (int stride : {1, 2, 4, 8, 16, 32}) go("lds", 4, 0, warps, stride);
        for (int stride : {1, 2, 32}) go("lds", 8, 0, warps, stride);
        for (int stride : {1, 2, 32}) go("lds", 16, 0, warps, stride);
        for (int w : {4, 8, 16})
            for (int stride : {1, 32}) go("sts", w, 1, warps, stride);
    }
}

static void sec_atom()
{
    unsigned nthreads = sms * 4 * 256;
    std::vector<unsigned> hr(nthreads * 4);
    for (auto &x : hr) x = (unsigned)(next_rand() >> 32);
    unsigned *rnd, *bins;
    CK(cudaMalloc(&rnd, hr.size() * 4));
    CK(cudaMemcpy(rnd, hr.data(), hr.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMalloc(&bins, nthreads * 4));
    CK(cudaMemset(bins, 0, nthreads * 4));
    const char *mode_name[3] = {"random256", "same", "distinct"};
    // shared: one block of `warps` warps
    for (int mode = 0; mode < 3; mode++)
        for (int warps : {1, 8, 32}) {
            int iters = 8;
            auto launch = [&] {
                if (mode == 0) k_atoms<0><<<1, 32 * warps>>>(rnd, 3u, 0u, iters, d_out);
                if (mode == 1) k_atoms<1><<<1, 32 * warps>>>(rnd, 3u, 0u, iters, d_out);
                if (mode == 2) k_atoms<2><<<1, 32 * warps>>>(rnd, 3u, 0u, iters, d_out);
            };
            double ops = 16.0 * iters * warps;           // warp instructions
            Stat s = repeat(launch, [&] { return fetch(1)[0] / ops; });
            char k[96]; snprintf(k, sizeof k, "%s warps=%d", mode_name[mode], warps);
            print("atoms", k, s, "cycles/warp-insn");
            printf("m31 atoms_rate %s warps=%d value=%.3f unit=lane-atomics/cycle/SM\n", mode_name[mode], warps, 32.0 / s.med);
        }
    // global, one block (clock64 in the kernel) and the whole GPU (4 blocks of
    // 256 per SM, one wave: per-block clock64 and events)
    for (int mode = 0; mode < 3; mode++) {
        for (int grid : {1, sms * 4}) {
            int block = grid == 1 ? 1024 : 256, iters = grid == 1 ? 4 : 8;
            if (grid > 1 && mode == 1 && sim) iters = 2;       // every lane of the GPU on one word: slow to simulate
            auto launch = [&] {
                if (mode == 0) k_atomg<0><<<grid, block>>>(rnd, bins, 3u, 0u, iters, d_out);
                if (mode == 1) k_atomg<1><<<grid, block>>>(rnd, bins, 3u, 0u, iters, d_out);
                if (mode == 2) k_atomg<2><<<grid, block>>>(rnd, bins, 3u, 0u, iters, d_out);
            };
            double ops = 16.0 * iters * (block / 32);   // warp instructions per block
            std::vector<double> ev;
            Stat s = repeat([&] { CK(cudaEventRecord(e0)); launch(); CK(cudaEventRecord(e1)); },
                            [&] {
                                float ms; CK(cudaEventElapsedTime(&ms, e0, e1)); ev.push_back(ms);
                                auto o = fetch(grid);
                                std::vector<double> d(o.begin(), o.end());
                                return stat(d).med / ops;        // median block's cycles per warp insn
                            });
            char k[128]; snprintf(k, sizeof k, "%s grid=%d block=%d iters=%d", mode_name[mode], grid, block, iters);
            print("atomg", k, s, "cycles/warp-insn(block)");
            Stat se = stat(std::vector<double>(ev.begin() + (ev.size() > 1), ev.end()));
            double lane_ops = 32.0 * ops * grid;
            int per_sm = grid == 1 ? 1 : 4;
            printf("m31 atomg_rate %s grid=%d value=%.4f unit=lane-atomics/cycle/SM(block-clock) event_ms=%.5f event_lane_atomics_per_ns=%.3f\n",
                   mode_name[mode], grid, 32.0 * per_sm / s.med, se.med, lane_ops / (se.med * 1e6));
            fflush(stdout);
        }
    }
    CK(cudaFree(rnd)); CK(cudaFree(bins));
}

static void sec_bar(int only)
{
    unsigned *out; CK(cudaMalloc(&out, 4096));
    std::vector<unsigned> h(1024);
    struct B { int mode, threads, live; } bs[] = {{0, 256, 0}, {1, 256, 0}, {2, 256, 100}, {0, 1024, 0}, {1, 1024, 0}, {2, 1024, 999}};
    for (int bi = 0; bi < 6; bi++) {
        B &b = bs[bi];
        if (only >= 0 && bi != only) continue;
        CK(cudaMemset(out, 0, 4096));
        k_bar_exit<<<1, b.threads>>>(b.mode, b.live, out);
        CK(cudaGetLastError());
        // a watchdog: a barrier that waits for exited threads never completes
        bool done = false;
        for (int i = 0; i < 500 && !done; i++) {
            cudaError_t e = cudaStreamQuery(0);
            if (e == cudaSuccess) done = true;
            else if (e != cudaErrorNotReady) { fprintf(stderr, "bar: %s\n", cudaGetErrorString(e)); exit(1); }
            else if (!sim) { struct timespec ts = {0, 10000000}; nanosleep(&ts, nullptr); }
        }
        if (!done) { printf("m31 bar_exit mode=%d threads=%d completed=0 (still running after 5 s)\n", b.mode, b.threads); fflush(stdout); exit(3); }
        sync_check();
        CK(cudaMemcpy(h.data(), out, 4096, cudaMemcpyDeviceToHost));
        unsigned n = b.threads, cnt, sum, got_cnt = 0, got_sum = 0;
        for (unsigned t = 0; t < n; t++) if (h[t]) { got_cnt++; got_sum += h[t]; }
        if (b.mode == 0) { cnt = n / 2; sum = (n / 2) * (n / 2 + 1) / 2; }
        else if (b.mode == 1) { cnt = n / 2; sum = 0; for (unsigned t = 0; t < n; t += 2) sum += (t + 34) % n + 1; }
        else { cnt = b.live; sum = (unsigned)b.live * (b.live + 1) / 2 + b.live - 1; }
        printf("m31 bar_exit mode=%d threads=%d live=%u completed=1 count=%u sum=%u expect=%u,%u ok=%d\n", b.mode, b.threads,
               cnt, got_cnt, got_sum, cnt, sum, got_cnt == cnt && got_sum == sum);
        fflush(stdout);
    }
    CK(cudaFree(out));
}

static void sec_divmod()
{
    int n = 4096;
    std::vector<unsigned> ha(n), hb(n), hq(n), hr(n);
    for (int i = 0; i < n; i++) {
        ha[i] = i < 1024 ? (unsigned)i + 32 : (unsigned)(next_rand() >> (32 + (i % 32)));
        hb[i] = i < 1024 ? 128u + 384u * (i >= 512) : (unsigned)(next_rand() >> (33 + (i % 31)));
        if (!hb[i]) hb[i] = 1;
    }
    unsigned *a, *b, *q, *r;
    CK(cudaMalloc(&a, n * 4)); CK(cudaMalloc(&b, n * 4)); CK(cudaMalloc(&q, n * 4)); CK(cudaMalloc(&r, n * 4));
    CK(cudaMemcpy(a, ha.data(), n * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(b, hb.data(), n * 4, cudaMemcpyHostToDevice));
    k_divmod<<<n / 256, 256>>>(a, b, q, r, n); sync_check();
    CK(cudaMemcpy(hq.data(), q, n * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(hr.data(), r, n * 4, cudaMemcpyDeviceToHost));
    int bad = 0, first = -1;
    for (int i = 0; i < n; i++)
        if (hq[i] != ha[i] / hb[i] || hr[i] != ha[i] % hb[i]) { bad++; if (first < 0) first = i; }
    printf("m31 divmod n=%d wrong=%d", n, bad);
    if (first >= 0) printf(" first=%d a=%u b=%u q=%u r=%u", first, ha[first], hb[first], hq[first], hr[first]);
    printf("\n"); fflush(stdout);
    CK(cudaFree(a)); CK(cudaFree(b)); CK(cudaFree(q)); CK(cudaFree(r));
}

static void sec_hist(unsigned mb)
{
    unsigned n = mb << 20;
    std::vector<unsigned char> ha(n);
    std::vector<unsigned> ref(256, 0), hb(256);
    for (auto &v : ha) { v = (unsigned char)(next_rand() >> 56); ref[v]++; }
    unsigned char *a; unsigned *bins;
    CK(cudaMalloc(&a, n)); CK(cudaMalloc(&bins, 1024));
    CK(cudaMemcpy(a, ha.data(), n, cudaMemcpyHostToDevice));
    unsigned N = 32;
    struct V { const char *name; unsigned grid; int kind; } vs[] = {
        {"v1_atomic_per_byte", n / 256, 1}, {"v2_atomic_per_word", n / 4 / 256, 2},
        {"v3_shared_bins", n / 4 / 256, 3}, {"v3_bytes", n / 256, 4},
        {"v4_interleaved", n / 4 / 256 / N, 5}, {"v45_contiguous", n / 4 / 256 / N, 6},
    };
    const char *only = getenv("M31_HIST");        // e.g. "5,6": only v4 and v4.5
    for (auto &v : vs) {
        if (only && !strchr(only, '0' + v.kind)) continue;
        std::vector<double> t;
        bool ok = true;
        for (int r = 0; r < reps; r++) {
            CK(cudaMemset(bins, 0, 1024));
            CK(cudaEventRecord(e0));
            switch (v.kind) {
            case 1: histogram_v1<<<v.grid, 256>>>(a, bins); break;
            case 2: histogram_v2<<<v.grid, 256>>>(a, bins); break;
            case 3: histogram_v3<<<v.grid, 256>>>(a, bins); break;
            case 4: histogram_v3_bytes<<<v.grid, 256>>>(a, bins); break;
            case 5: histogram_v4<<<v.grid, 256>>>(a, bins, N); break;
            case 6: histogram_v45<<<v.grid, 256>>>(a, bins, N); break;
            }
            CK(cudaEventRecord(e1)); sync_check();
            float ms; CK(cudaEventElapsedTime(&ms, e0, e1));
            if (r > 0 || reps == 1) t.push_back(ms * 1000.0);
            CK(cudaMemcpy(hb.data(), bins, 1024, cudaMemcpyDeviceToHost));
            ok = ok && hb == ref;
        }
        char k[96]; snprintf(k, sizeof k, "%s mb=%u ok=%d", v.name, mb, ok);
        print("hist", k, stat(t), "us");
    }
    CK(cudaFree(a)); CK(cudaFree(bins));
}

int main(int argc, char **argv)
{
    if (getenv("M31_REPS")) reps = atoi(getenv("M31_REPS"));
    sim = getenv("M31_SIM") && atoi(getenv("M31_SIM"));
    CK(cudaMalloc(&d_out, 1 << 20));
    CK(cudaMalloc(&d_sink, 1 << 20));
    CK(cudaMemset(d_out, 0, 1 << 20));
    CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
    cudaDeviceProp p; CK(cudaGetDeviceProperties(&p, 0));
    sms = p.multiProcessorCount;
    int khz = 0; CK(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, 0));
    printf("m31 device name=\"%s\" sms=%d l2=%d clock_khz_attr=%d reps=%d sim=%d\n", p.name, sms, p.l2CacheSize, khz, reps, (int)sim);
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        bool all = !strcmp(s, "all");
        if (all || !strcmp(s, "clock")) sec_clock();
        if (all || !strcmp(s, "front")) sec_front();
        if (all || !strcmp(s, "smem")) sec_smem();
        if (all || !strcmp(s, "atom")) sec_atom();
        if (all || !strcmp(s, "dram")) sec_dram();
        if (all || !strcmp(s, "hist")) for (unsigned mb : {4u, 16u, 64u}) sec_hist(mb);
        if (!strncmp(s, "hist=", 5)) sec_hist((unsigned)atoi(s + 5));
        if (all || !strcmp(s, "divmod")) sec_divmod();
        if (all || !strcmp(s, "bar")) sec_bar(-1);
        if (!strncmp(s, "bar:", 4)) sec_bar(atoi(s + 4));       // one case (a fault ends the program)
    }
    printf("m31 done\n");
    return 0;
}
