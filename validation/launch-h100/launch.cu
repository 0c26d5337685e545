// validation/launch-h100/launch.cu — the fixed cost of a kernel launch on the
// H100 (issue 59: "a program of hundreds of tiny launches must match too").
// Written for warpsim; measures, for grids of 1..264 blocks of a kernel that
// does `iters` dependent FMAs per thread:
//   b2b   : N launches back to back in one stream, timed with events (the
//           per-launch period a program of many tiny launches sees);
//   sync  : N launches each followed by cudaStreamSynchronize, host wall clock
//           (launch-to-completion latency seen by the host);
// and, run under ncu (run.sh), one launch of each shape for the per-launch
// cycles Nsight Compute reports.
#include <cstdio>
#include <cstdlib>
#include <chrono>
#include <vector>
#include <algorithm>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \
    fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); exit(1); } } while (0)

__global__ void tiny(float *out, int iters)
{
    float a = threadIdx.x * 0.5f, b = 1.0001f;
#pragma unroll 1
    for (int i = 0; i < iters; i++) a = fmaf(a, b, 0.25f);
    out[blockIdx.x * blockDim.x + threadIdx.x] = a;
}

int main(int argc, char **argv)
{
    int mode_ncu = argc > 1 && argv[1][0] == 'n';
    float *out; CK(cudaMalloc(&out, 264 * 256 * sizeof(float)));
    cudaStream_t s; CK(cudaStreamCreate(&s));
    cudaEvent_t e0, e1; CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1));
    const int grids[] = {1, 2, 4, 8, 16, 32, 66, 132, 264};
    const int iterss[] = {0, 100, 1000};
    if (mode_ncu) {        // one launch per shape, for ncu
        for (int it : iterss) for (int g : grids) tiny<<<g, 256, 0, s>>>(out, it);
        CK(cudaStreamSynchronize(s));
        printf("ncu launches done\n");
        return 0;
    }
    printf("grid,threads,iters,b2b_us_per_launch,sync_us_per_launch\n");
    for (int it : iterss) for (int g : grids) {
        const int N = 400;
        for (int w = 0; w < 20; w++) tiny<<<g, 256, 0, s>>>(out, it);
        CK(cudaStreamSynchronize(s));
        std::vector<double> b2b, syn;
        for (int rep = 0; rep < 5; rep++) {
            CK(cudaEventRecord(e0, s));
            for (int i = 0; i < N; i++) tiny<<<g, 256, 0, s>>>(out, it);
            CK(cudaEventRecord(e1, s)); CK(cudaEventSynchronize(e1));
            float ms; CK(cudaEventElapsedTime(&ms, e0, e1));
            b2b.push_back(ms * 1000.0 / N);
            auto t0 = std::chrono::steady_clock::now();
            for (int i = 0; i < N / 4; i++) { tiny<<<g, 256, 0, s>>>(out, it); CK(cudaStreamSynchronize(s)); }
            auto t1 = std::chrono::steady_clock::now();
            syn.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count() / (N / 4));
        }
        std::sort(b2b.begin(), b2b.end()); std::sort(syn.begin(), syn.end());
        printf("%d,256,%d,%.3f,%.3f\n", g, it, b2b[2], syn[2]);
    }
    CK(cudaGetLastError());
    return 0;
}
