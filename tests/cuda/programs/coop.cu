// tests/cuda/programs/coop.cu — a cooperative launch for `warpsim cuda`
// (tests/cuda_runtime.sh; regen.sh builds it with CUDA 11.8's nvcc -cudart
// shared): cooperative groups' grid-wide sync over the largest co-resident
// grid, which cudaOccupancyMaxActiveBlocksPerMultiprocessor gives, checked on
// the host; one block more is cudaErrorCooperativeLaunchTooLarge; the
// multi-device launch is refused.
#include <cooperative_groups.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
namespace cg = cooperative_groups;

static int failures;
#define CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("FAIL: %s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorName(e_)); exit(1); } } while (0)
#define EXPECT(cond, ...) do { if (!(cond)) { printf("FAIL: %s: ", #cond); printf(__VA_ARGS__); printf("\n"); failures++; } } while (0)

// each round every thread adds its left neighbour's value of the previous
// round: without a grid-wide barrier between rounds, blocks read stale values
__global__ void rounds(int *a, int *b, int n, int nrounds)
{
    cg::grid_group g = cg::this_grid();
    int i = g.thread_rank();
    for (int r = 0; r < nrounds; r++) {
        int *src = (r & 1) ? b : a, *dst = (r & 1) ? a : b;
        if (i < n) dst[i] = src[i] + src[(i + n - 1) % n];
        g.sync();
    }
}

int main()
{
    int attr, sms, per_sm, block = 256;
    CHECK(cudaDeviceGetAttribute(&attr, cudaDevAttrCooperativeLaunch, 0));
    EXPECT(attr == 1, "cudaDevAttrCooperativeLaunch = %d", attr);
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, rounds, block, 0));
    int blocks = sms * per_sm, n = blocks * block - 7, nrounds = 5;
    int *h = (int *)malloc(n * sizeof(int)), *want = (int *)malloc(n * sizeof(int)), *tmp = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; i++) h[i] = want[i] = (i * 7) % 13;
    for (int r = 0; r < nrounds; r++) {
        for (int i = 0; i < n; i++) tmp[i] = want[i] + want[(i + n - 1) % n];
        memcpy(want, tmp, n * sizeof(int));
    }
    int *a, *b;
    CHECK(cudaMalloc(&a, n * sizeof(int)));
    CHECK(cudaMalloc(&b, n * sizeof(int)));
    CHECK(cudaMemcpy(a, h, n * sizeof(int), cudaMemcpyHostToDevice));
    void *args[] = { &a, &b, &n, &nrounds };
    CHECK(cudaLaunchCooperativeKernel((void *)rounds, dim3(blocks), dim3(block), args, 0, 0));
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(h, (nrounds & 1) ? b : a, n * sizeof(int), cudaMemcpyDeviceToHost));
    int wrong = 0;
    for (int i = 0; i < n; i++) wrong += h[i] != want[i];
    EXPECT(wrong == 0, "%d of %d elements wrong after %d synchronised rounds", wrong, n, nrounds);
    cudaError_t e = cudaLaunchCooperativeKernel((void *)rounds, dim3(blocks + 1), dim3(block), args, 0, 0);
    EXPECT(e == cudaErrorCooperativeLaunchTooLarge, "%d blocks (%d SMs x %d): %s", blocks + 1, sms, per_sm, cudaGetErrorName(e));
    cudaGetLastError();
    cudaLaunchParams lp = {};
    lp.func = (void *)rounds; lp.gridDim = dim3(blocks); lp.blockDim = dim3(block); lp.args = args;
    e = cudaLaunchCooperativeKernelMultiDevice(&lp, 1, 0);
    EXPECT(e == cudaErrorNotSupported, "cudaLaunchCooperativeKernelMultiDevice: %s", cudaGetErrorName(e));
    cudaGetLastError();
    printf("cooperative: %d blocks of %d threads (%d per SM), %d rounds, %d wrong\n", blocks, block, per_sm, nrounds, wrong);
    if (failures) printf("FAIL: coop: %d checks failed\n", failures);
    else printf("PASS: coop\n");
    return failures ? 1 : 0;
}

