// common.cuh — host-side harness shared by the warpsim CUDA suite (workloads/cuda/src/*.cu).
//
// Every program is:  NAME [MODE] [key=value ...] [/ key=value ...]...
//   key=value   size parameters, named exactly as the `let`s of workloads/cuda/NAME.sass, so that
//               `-D key=value` makes warpsim run the same launch; a `/` starts another size set
//               (one process measures several sizes: one CUDA context, one ncu session).
//   (no mode)   run each kernel once, check against the CPU reference, print PASS/FAIL.
//   --dump DIR  as above, then write every output buffer as raw little-endian binary
//               DIR/NAME.BUF.bin (the small test size's files become workloads/cuda/data/).
//   --once      as the plain mode (one launch per kernel); for `ncu`, which profiles each launch.
//   --time [R]  per kernel: 3 warm-up launches, then R (default 100) launches each timed with its
//               own cudaEvent pair, twice: with the L2 flushed (a 128 MiB memset) before each
//               launch, to start cold as ncu --cache-control all does (median_us, min_us; the memset
//               leaves dirty lines that the kernel's traffic writes back: see
//               validation/cuda-h100/README.md), and back to back with a warm L2 (warm_median_us:
//               includes the host's launch gap for short kernels). Inputs a kernel changes in
//               place are restored before every launch, outside the timed region. Prints one line per kernel:
//     kernel=NAME workload=FILE size=k=v,k=v grid=GXxGYxGZ block=BXxBYxBZ median_us=.. min_us=.. warm_median_us=.. reps=R
//
// Inputs: element i of a buffer with seed s is h = mix64(mix64(s) ^ i) (SplitMix64's finaliser),
// exactly as warpsim's random(seed, lo, hi) in sim/exec/memory.c (init_value): float buffers get
// (float)(lo + (hi - lo) * (double)(h >> 11) * 2^-53), integer buffers lo + h % (hi - lo + 1).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <utility>
#include <vector>
#include <cuda_runtime.h>

#define CK(call)                                                                              \
    do {                                                                                      \
        cudaError_t e_ = (call);                                                              \
        if (e_ != cudaSuccess) {                                                              \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
            exit(2);                                                                          \
        }                                                                                     \
    } while (0)

static inline uint64_t mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static inline uint64_t sm_hash(uint64_t seed, uint64_t i) { return mix64(mix64(seed) ^ i); }

// warpsim's random(seed, lo, hi) for a float buffer (same expression, same rounding)
static inline double rand_real(uint64_t seed, uint64_t i, double lo, double hi)
{
    uint64_t h = sm_hash(seed, i);
    return lo + (hi - lo) * (double)(h >> 11) * 0x1.0p-53;
}
// ... and for an integer buffer
static inline long long rand_int(uint64_t seed, uint64_t i, long long lo, long long hi)
{
    uint64_t h = sm_hash(seed, i);
    uint64_t span = (uint64_t)(hi - lo) + 1;
    return lo + (long long)(h % span);
}
static std::vector<float> rand_f32(uint64_t seed, size_t n, double lo, double hi)
{
    std::vector<float> v(n);
    for (size_t i = 0; i < n; i++) v[i] = (float)rand_real(seed, i, lo, hi);
    return v;
}
static std::vector<int> rand_s32(uint64_t seed, size_t n, long long lo, long long hi)
{
    std::vector<int> v(n);
    for (size_t i = 0; i < n; i++) v[i] = (int)rand_int(seed, i, lo, hi);
    return v;
}
static std::vector<unsigned> rand_u32(uint64_t seed, size_t n, long long lo, long long hi)
{
    std::vector<unsigned> v(n);
    for (size_t i = 0; i < n; i++) v[i] = (unsigned)rand_int(seed, i, lo, hi);
    return v;
}
// warpsim's iota(start, step)
static std::vector<int> iota_s32(size_t n, long long start, long long step)
{
    std::vector<int> v(n);
    for (size_t i = 0; i < n; i++) v[i] = (int)(start + step * (long long)i);
    return v;
}

template <class T> static T *dev_upload(const std::vector<T> &h)
{
    T *d = nullptr;
    CK(cudaMalloc(&d, std::max<size_t>(1, h.size()) * sizeof(T)));
    if (!h.empty()) CK(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
    return d;
}
template <class T> static T *dev_zeros(size_t n)
{
    T *d = nullptr;
    CK(cudaMalloc(&d, std::max<size_t>(1, n) * sizeof(T)));
    CK(cudaMemset(d, 0, std::max<size_t>(1, n) * sizeof(T)));
    return d;
}
template <class T> static std::vector<T> dev_download(const T *d, size_t n)
{
    std::vector<T> h(n);
    if (n) CK(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
    return h;
}
template <class T> static void dev_restore(T *d, const std::vector<T> &h)
{
    CK(cudaMemcpyAsync(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
}

// |a - b| <= abs + rel * max(|a|, |b|), as warpsim's `check ~=`; prints the first few misses
template <class T>
static bool close_all(const char *what, const std::vector<T> &got, const std::vector<double> &want,
                      double rel, double abs_)
{
    size_t bad = 0;
    for (size_t i = 0; i < got.size(); i++) {
        double a = (double)got[i], b = want[i];
        if (!(fabs(a - b) <= abs_ + rel * std::max(fabs(a), fabs(b)))) {
            if (bad < 5) fprintf(stderr, "  %s[%zu] = %.9g, reference %.9g\n", what, i, a, b);
            bad++;
        }
    }
    if (bad) fprintf(stderr, "  %s: %zu of %zu elements differ\n", what, bad, got.size());
    return bad == 0;
}
template <class T> static bool equal_all(const char *what, const std::vector<T> &got, const std::vector<T> &want)
{
    size_t bad = 0;
    for (size_t i = 0; i < got.size(); i++)
        if (got[i] != want[i]) {
            if (bad < 5)
                fprintf(stderr, "  %s[%zu] = %lld, reference %lld\n", what, i, (long long)got[i], (long long)want[i]);
            bad++;
        }
    if (bad) fprintf(stderr, "  %s: %zu of %zu elements differ\n", what, bad, got.size());
    return bad == 0;
}

enum Mode { M_RUN, M_DUMP, M_ONCE, M_TIME };

struct Ctx {
    const char *prog;
    Mode mode = M_RUN;
    std::string dumpdir;
    int reps = 100;
    std::vector<std::pair<std::string, long long>> given;  // this size set, as typed
    std::vector<std::pair<std::string, long long>> used;   // what the program read (defaults too)
    void *flush = nullptr;                                 // 128 MiB, > the H100's 50 MB L2
    size_t flush_bytes = 128u << 20;

    // a size parameter: the value given as key=value, else the default
    long long arg(const char *key, long long def)
    {
        long long v = def;
        for (auto &g : given)
            if (g.first == key) v = g.second;
        used.emplace_back(key, v);
        return v;
    }
    std::string size_string() const
    {
        std::string s;
        for (auto &u : used) {
            if (!s.empty()) s += ",";
            s += u.first + "=" + std::to_string(u.second);
        }
        return s;
    }

    // one kernel launch of the program: `launch` enqueues it; `reset` (may be empty) restores
    // what the kernel changes in place, so that each timed launch does the same work.
    void launch(const char *kernel, dim3 grid, dim3 block, const std::function<void()> &launch_fn,
                const std::function<void()> &reset = nullptr)
    {
        if (mode == M_TIME) {
            if (!flush) CK(cudaMalloc(&flush, flush_bytes));
            cudaEvent_t a, b;
            CK(cudaEventCreate(&a));
            CK(cudaEventCreate(&b));
            for (int w = 0; w < 3; w++) {
                if (reset) reset();
                launch_fn();
                CK(cudaGetLastError());
            }
            CK(cudaDeviceSynchronize());
            std::vector<float> cold, warm;
            for (int pass = 0; pass < 2; pass++)
                for (int r = 0; r < reps; r++) {
                    if (reset) reset();
                    if (pass == 0) CK(cudaMemsetAsync(flush, r & 0xff, flush_bytes));
                    CK(cudaEventRecord(a));
                    launch_fn();
                    CK(cudaEventRecord(b));
                    CK(cudaEventSynchronize(b));
                    CK(cudaGetLastError());
                    float ms;
                    CK(cudaEventElapsedTime(&ms, a, b));
                    (pass == 0 ? cold : warm).push_back(ms * 1000.0f);
                }
            std::sort(cold.begin(), cold.end());
            std::sort(warm.begin(), warm.end());
            printf("kernel=%s workload=%s size=%s grid=%ux%ux%u block=%ux%ux%u median_us=%.3f min_us=%.3f "
                   "warm_median_us=%.3f reps=%d\n",
                   kernel, prog, size_string().c_str(), grid.x, grid.y, grid.z, block.x, block.y, block.z,
                   cold[cold.size() / 2], cold[0], warm[warm.size() / 2], reps);
            fflush(stdout);
            CK(cudaEventDestroy(a));
            CK(cudaEventDestroy(b));
        }
        // the launch whose result is checked (and, under --once, the one ncu profiles)
        if (reset && mode == M_TIME) reset();
        launch_fn();
        CK(cudaGetLastError());
        CK(cudaDeviceSynchronize());
        if (mode != M_TIME) {
            printf("launch kernel=%s workload=%s size=%s grid=%ux%ux%u block=%ux%ux%u\n", kernel, prog,
                   size_string().c_str(), grid.x, grid.y, grid.z, block.x, block.y, block.z);
            fflush(stdout);
        }
    }

    template <class T> void dump(const char *buf, const std::vector<T> &h)
    {
        if (mode != M_DUMP) return;
        std::string path = dumpdir + "/" + prog + "." + buf + ".bin";
        FILE *f = fopen(path.c_str(), "wb");
        if (!f || fwrite(h.data(), sizeof(T), h.size(), f) != h.size() || fclose(f)) {
            fprintf(stderr, "%s: cannot write %s\n", prog, path.c_str());
            exit(2);
        }
    }
};

// the program's body: reads its sizes through c.arg, launches through c.launch, checks and dumps;
// returns whether the check passed
typedef bool (*case_fn)(Ctx &c);

static int cuda_main(int argc, char **argv, const char *prog, case_fn fn)
{
    Ctx base;
    base.prog = prog;
    std::vector<std::vector<std::pair<std::string, long long>>> sets(1);
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--dump" && i + 1 < argc) {
            base.mode = M_DUMP;
            base.dumpdir = argv[++i];
        } else if (a == "--once") {
            base.mode = M_ONCE;
        } else if (a == "--time") {
            base.mode = M_TIME;
            if (i + 1 < argc && argv[i + 1][0] >= '0' && argv[i + 1][0] <= '9') base.reps = atoi(argv[++i]);
        } else if (a == "/") {
            sets.emplace_back();
        } else if (a.find('=') != std::string::npos && a[0] != '-') {
            size_t eq = a.find('=');
            sets.back().emplace_back(a.substr(0, eq), strtoll(a.c_str() + eq + 1, nullptr, 0));
        } else {
            fprintf(stderr,
                    "usage: %s [--dump DIR | --once | --time [REPS]] [key=value ...] [/ key=value ...]...\n",
                    prog);
            return 2;
        }
    }
    int fails = 0;
    for (auto &s : sets) {
        Ctx c = base;
        c.given = s;
        bool ok = fn(c);
        printf("%s %s size=%s\n", ok ? "PASS" : "FAIL", prog, c.size_string().c_str());
        fflush(stdout);
        if (!ok) fails++;
        if (c.flush) CK(cudaFree(c.flush));
        CK(cudaDeviceSynchronize());
    }
    return fails ? 1 : 0;
}
