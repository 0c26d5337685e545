// validation/h100/seeds.cu — the seed workloads of workloads/ written in
// CUDA, one kernel per .sass kernel and with the same algorithm, launch
// shape and input distribution, so that their H100 times can be compared
// with warpsim's cycles on configs/h100.cfg (validation/h100.val).
//
// Build and run: validation/h100/run.sh (on the device machine).
// Output: one line per (kernel, size): "seed NAME n=N launch=K ms=MEDIAN
// min=MIN reps=R ok=1", medians of REPS warm launches timed with events.
// Under ncu (REPS=1) every launch is profiled once with cold caches.
// Global atomics that warpsim's SASS does one per lane are written as
// inline PTX. Every loop carries `#pragma unroll 1`: warpsim's SASS loops
// are not unrolled, and an unrolled loop has several loads in flight per
// warp where the SASS has one (the comparison is of the GPU, not of nvcc).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <vector>
#include <algorithm>
#include <cmath>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); exit(1); } } while (0)

static int reps = 10;

__device__ __forceinline__ void red_add(unsigned *p, unsigned v)
{ asm volatile("red.global.add.u32 [%0], %1;" :: "l"(p), "r"(v) : "memory"); }
__device__ __forceinline__ unsigned atom_add(unsigned *p, unsigned v)
{ unsigned r; asm volatile("atom.global.add.u32 %0, [%1], %2;" : "=r"(r) : "l"(p), "r"(v) : "memory"); return r; }

// ---- array sums (seed 000; workloads/sum) ----
__global__ void sum_chunked(double *res, const double *x, unsigned n, unsigned m)
{
    unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned i = gid * m, end = min(n, i + m);
    double t = 0;
#pragma unroll 1
    for (; i < end; i++) t += x[i];
    res[gid] = t;
}
__global__ void sum_grid_stride(double *res, const double *x, unsigned n)
{
    unsigned gid = blockIdx.x * blockDim.x + threadIdx.x, gsz = gridDim.x * blockDim.x;
    double t = 0;
#pragma unroll 1
    for (unsigned i = gid; i < n; i += gsz) t += x[i];
    res[gid] = t;
}
__global__ void sum_local(double *res, const double *x, unsigned n)
{
    __shared__ double partial[1024];
    unsigned k = threadIdx.x, gsz = gridDim.x * blockDim.x;
    double t = 0;
#pragma unroll 1
    for (unsigned i = blockIdx.x * blockDim.x + k; i < n; i += gsz) t += x[i];
    partial[k] = t;
    __syncthreads();
#pragma unroll 1
    for (unsigned count = blockDim.x; count > 1;) {
        unsigned m = (count + 1) / 2;
        if (k < count - m) partial[k] += partial[m + k];
        __syncthreads();
        count = m;
    }
    if (k == 0) res[blockIdx.x] = partial[0];
}

// ---- histograms (seed 004; workloads/histogram) ----
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

// ---- scan (seed 002; workloads/scan/block_scan.sass) ----
__global__ void scan_blocks(unsigned *out, const unsigned *x, unsigned *totals, unsigned n)
{
    __shared__ unsigned buf[1024];
    unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    buf[t] = i < n ? x[i] : 0;
    __syncthreads();
#pragma unroll 1
    for (unsigned d = 1; d < blockDim.x; d <<= 1) {
        unsigned v = t >= d ? buf[t - d] : 0;
        __syncthreads();
        buf[t] += v;
        __syncthreads();
    }
    if (i < n) out[i] = buf[t];
    if (t == blockDim.x - 1) totals[blockIdx.x] = buf[t];
}
__global__ void add_offsets(unsigned *out, const unsigned *totals, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n || blockIdx.x == 0) return;
    out[i] += totals[blockIdx.x - 1];
}

// ---- stream compaction (seed 002; workloads/compaction) ----
__global__ void compact_atomic(unsigned *out, unsigned *count, const unsigned *x, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned v = x[i];
    if (!(v & 1)) return;
    out[atom_add(count, 1)] = v;
}
// as compact_atomic, but the address depends on the data (v >> 30 is 0 for
// these inputs), so ptxas cannot aggregate the atomic per warp: one atomic
// per surviving lane, as warpsim's SASS does
__global__ void compact_atomic_lane(unsigned *out, unsigned *count, const unsigned *x, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned v = x[i];
    if (!(v & 1)) return;
    out[atom_add(count + (v >> 30), 1)] = v;
}
__global__ void empty_kernel() {}
__global__ void compact_ballot(unsigned *out, unsigned *count, const unsigned *x, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x & 31;
    unsigned v = i < n ? x[i] : 0;
    bool keep = i < n && (v & 1);
    unsigned ballot = __ballot_sync(0xffffffffu, keep);
    unsigned base = 0;
    if (lane == 0) base = atom_add(count, __popc(ballot));
    base = __shfl_sync(0xffffffffu, base, 0);
    if (keep) out[base + __popc(ballot & ((1u << lane) - 1))] = v;
}

// ---- timing ----
static cudaEvent_t ev0, ev1;

// time `launch` reps times (after one warm-up unless reps == 1); print a row
template <class F>
static void timeit(const char *name, long long n, int launch, F f)
{
    std::vector<float> ms;
    if (reps > 1) { f(); CK(cudaGetLastError()); CK(cudaDeviceSynchronize()); }
    for (int r = 0; r < reps; r++) {
        CK(cudaEventRecord(ev0));
        f();
        CK(cudaEventRecord(ev1));
        CK(cudaEventSynchronize(ev1));
        CK(cudaGetLastError());
        float t; CK(cudaEventElapsedTime(&t, ev0, ev1));
        ms.push_back(t);
    }
    std::sort(ms.begin(), ms.end());
    printf("seed %s n=%lld launch=%d ms=%.6f min=%.6f reps=%d\n", name, n, launch,
           ms[ms.size() / 2], ms[0], reps);
    fflush(stdout);
}

static uint64_t rng = 88172645463325252ull;
static uint64_t next_rand() { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }

static void fail(const char *what) { fprintf(stderr, "CHECK FAILED: %s\n", what); exit(1); }

static void run_sums(unsigned n)
{
    std::vector<double> hx(n);
    double ref = 0;
    for (auto &v : hx) { v = (double)(next_rand() >> 11) / (double)(1ull << 53) * 2 - 1; ref += v; }
    double *x, *res;
    unsigned m = 128, block = 256, threads = (n + m - 1) / m, groups2 = (threads + block - 1) / block;
    size_t rn = std::max<size_t>(groups2 * block, 64 * 256);
    CK(cudaMalloc(&x, n * sizeof(double)));
    CK(cudaMalloc(&res, rn * sizeof(double)));
    CK(cudaMemcpy(x, hx.data(), n * sizeof(double), cudaMemcpyHostToDevice));
    std::vector<double> hr(rn);
    auto check = [&](size_t cnt, const char *what) {
        CK(cudaMemcpy(hr.data(), res, cnt * sizeof(double), cudaMemcpyDeviceToHost));
        double s = 0; for (size_t i = 0; i < cnt; i++) s += hr[i];
        if (fabs(s - ref) > 1e-6 * (1 + fabs(ref))) fail(what);
    };
    timeit("gpu2_chunked", n, 0, [&] { sum_chunked<<<groups2, block>>>(res, x, n, m); });
    check(groups2 * block, "gpu2");
    timeit("gpu3_grid_stride", n, 0, [&] { sum_grid_stride<<<64, 256>>>(res, x, n); });
    check(64 * 256, "gpu3");
    timeit("gpu4_local", n, 0, [&] { sum_local<<<64, 256>>>(res, x, n); });
    check(64, "gpu4");
    double *partial, *total;
    CK(cudaMalloc(&partial, 128 * sizeof(double)));
    CK(cudaMalloc(&total, sizeof(double)));
    timeit("gpu5_two_kernels", n, 0, [&] { sum_local<<<128, 256>>>(partial, x, n); });
    timeit("gpu5_two_kernels", n, 1, [&] { sum_local<<<1, 128>>>(total, partial, 128); });
    double ht; CK(cudaMemcpy(&ht, total, sizeof ht, cudaMemcpyDeviceToHost));
    if (fabs(ht - ref) > 1e-6 * (1 + fabs(ref))) fail("gpu5");
    CK(cudaFree(x)); CK(cudaFree(res)); CK(cudaFree(partial)); CK(cudaFree(total));
}

static void run_histograms(unsigned n)
{
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
    for (auto &v : vs) {
        auto go = [&] {
            CK(cudaMemsetAsync(bins, 0, 1024));
            switch (v.kind) {
            case 1: histogram_v1<<<v.grid, 256>>>(a, bins); break;
            case 2: histogram_v2<<<v.grid, 256>>>(a, bins); break;
            case 3: histogram_v3<<<v.grid, 256>>>(a, bins); break;
            case 4: histogram_v3_bytes<<<v.grid, 256>>>(a, bins); break;
            case 5: histogram_v4<<<v.grid, 256>>>(a, bins, N); break;
            case 6: histogram_v45<<<v.grid, 256>>>(a, bins, N); break;
            }
        };
        timeit(v.name, n, 0, go);
        CK(cudaMemcpy(hb.data(), bins, 1024, cudaMemcpyDeviceToHost));
        if (hb != ref) fail(v.name);
    }
    CK(cudaFree(a)); CK(cudaFree(bins));
}

static void run_scan(unsigned n)
{
    unsigned block = 256, blocks = (n + block - 1) / block;
    std::vector<unsigned> hx(n), ho(n);
    for (auto &v : hx) v = (unsigned)(next_rand() % 101);
    unsigned *x, *out, *totals, *scanned, *unused;
    CK(cudaMalloc(&x, n * 4)); CK(cudaMalloc(&out, n * 4));
    CK(cudaMalloc(&totals, blocks * 4)); CK(cudaMalloc(&scanned, blocks * 4)); CK(cudaMalloc(&unused, 4));
    CK(cudaMemcpy(x, hx.data(), n * 4, cudaMemcpyHostToDevice));
    timeit("block_scan", n, 0, [&] { scan_blocks<<<blocks, block>>>(out, x, totals, n); });
    timeit("block_scan", n, 1, [&] { scan_blocks<<<1, block>>>(scanned, totals, unused, blocks); });
    // launch 2 adds in place: restore launch 0's output before each repetition
    CK(cudaDeviceSynchronize());
    unsigned *saved; CK(cudaMalloc(&saved, n * 4));
    CK(cudaMemcpy(saved, out, n * 4, cudaMemcpyDeviceToDevice));
    timeit("block_scan", n, 2, [&] {
        cudaMemcpyAsync(out, saved, n * 4, cudaMemcpyDeviceToDevice);
        add_offsets<<<blocks, block>>>(out, scanned, n); });
    CK(cudaMemcpy(ho.data(), out, n * 4, cudaMemcpyDeviceToHost));
    unsigned s = 0;
    for (unsigned i = 0; i < n; i++) { s += hx[i]; if (ho[i] != s) fail("block_scan"); }
    CK(cudaFree(x)); CK(cudaFree(out)); CK(cudaFree(totals)); CK(cudaFree(scanned));
    CK(cudaFree(unused)); CK(cudaFree(saved));
}

static void run_compaction(unsigned n)
{
    std::vector<unsigned> hx(n);
    unsigned odd = 0;
    for (auto &v : hx) { v = (unsigned)(next_rand() % 1000001); odd += v & 1; }
    unsigned *x, *out, *count;
    CK(cudaMalloc(&x, n * 4)); CK(cudaMalloc(&out, n * 4)); CK(cudaMalloc(&count, 4));
    CK(cudaMemcpy(x, hx.data(), n * 4, cudaMemcpyHostToDevice));
    unsigned grid = (n + 255) / 256, hc;
    timeit("compact_atomic", n, 0, [&] { cudaMemsetAsync(count, 0, 4); compact_atomic<<<grid, 256>>>(out, count, x, n); });
    CK(cudaMemcpy(&hc, count, 4, cudaMemcpyDeviceToHost));
    if (hc != odd) fail("compact_atomic");
    timeit("compact_atomic_lane", n, 0, [&] { cudaMemsetAsync(count, 0, 4); compact_atomic_lane<<<grid, 256>>>(out, count, x, n); });
    CK(cudaMemcpy(&hc, count, 4, cudaMemcpyDeviceToHost));
    if (hc != odd) fail("compact_atomic_lane");
    timeit("compact_ballot", n, 0, [&] { cudaMemsetAsync(count, 0, 4); compact_ballot<<<grid, 256>>>(out, count, x, n); });
    CK(cudaMemcpy(&hc, count, 4, cudaMemcpyDeviceToHost));
    if (hc != odd) fail("compact_ballot");
    CK(cudaFree(x)); CK(cudaFree(out)); CK(cudaFree(count));
}

int main(int argc, char **argv)
{
    if (getenv("REPS")) reps = atoi(getenv("REPS"));
    if (reps < 1) reps = 1;
    const char *which = argc > 1 ? argv[1] : "all";
    CK(cudaEventCreate(&ev0)); CK(cudaEventCreate(&ev1));
    cudaDeviceProp p; CK(cudaGetDeviceProperties(&p, 0));
    printf("device %s sms=%d l2=%d smem_per_sm=%zu\n", p.name, p.multiProcessorCount,
           p.l2CacheSize, p.sharedMemPerMultiprocessor);
    bool all = !strcmp(which, "all"), big = !strcmp(which, "big");
    if (all || !strcmp(which, "sum")) for (unsigned n : {1u << 20, 1u << 22}) run_sums(n);
    if (all || !strcmp(which, "hist")) for (unsigned n : {1u << 22, 1u << 24}) run_histograms(n);
    if (all || !strcmp(which, "scan")) run_scan(60000);
    if (all || !strcmp(which, "compact")) for (unsigned n : {100000u, 1u << 20}) run_compaction(n);
    if (all) for (int g : {1, 132, 1056}) timeit("empty", g, 0, [&] { empty_kernel<<<g, 256>>>(); });
    if (big) { run_sums(43435342u); run_histograms(1u << 29); }   // the seeds' own sizes
    printf("done\n");
    return 0;
}
