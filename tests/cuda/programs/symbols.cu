// tests/cuda/programs/symbols.cu — __constant__ and __device__ variables under
// `warpsim cuda` (tests/cuda_programs.sh; regen.sh builds it). Kernels read
// constant bank 3 (__constant__ data: set by cudaMemcpyToSymbol, and
// initialised) and the addresses of __device__ variables (patched in by the
// loader from the cubin's relocations; CUDA 12+ puts them in bank 4).
#include <cstdio>
#include <cstdlib>

#define CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); exit(1); } } while (0)

__constant__ float coef[4];
__constant__ int table[3] = { 7, 8, 9 };
__device__ int counter;
__device__ float gbuf[64];
__device__ int init_val = 42;

// bank 3 only: runs from a workload manifest too (tests/cuda.sh)
__global__ void scale_by_table(const float *x, float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x[i] * (float)table[i % 3];
}

__global__ void apply(const float *x, float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        y[i] = coef[0] * x[i] + coef[i & 3] + (float)table[i % 3] + (float)init_val;
        gbuf[i & 63] = y[i];
        atomicAdd(&counter, 1);
    }
}

__global__ void bump(int by) { if (threadIdx.x == 0) init_val += by; }

static float expect(const float *c, const float *x, int i, int init)
{
    const int t[3] = { 7, 8, 9 };
    return c[0] * x[i] + c[i & 3] + (float)t[i % 3] + (float)init;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000, bad = 0;
    float *x = (float *)malloc(n * sizeof(float)), *y = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) x[i] = (float)(i % 13) - 6.0f;
    float *dx, *dy;
    CHECK(cudaMalloc(&dx, n * sizeof(float)));
    CHECK(cudaMalloc(&dy, n * sizeof(float)));
    CHECK(cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice));

    scale_by_table<<<(n + 127) / 128, 128>>>(dx, dy, n);
    CHECK(cudaMemcpy(y, dy, n * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) bad += y[i] != x[i] * (float)(7 + i % 3);
    printf("scale_by_table: y[1] = %g, %d wrong\n", y[1], bad);

    // two launches with different coefficients: each sees its own bank 3
    const float c1[4] = { 1, 2, 3, 4 }, c2[4] = { -2, 0.5f, 8, 16 };
    const float *cs[2] = { c1, c2 };
    int zero = 0;
    CHECK(cudaMemcpyToSymbol(counter, &zero, sizeof zero));
    for (int round = 0; round < 2; round++) {
        CHECK(cudaMemcpyToSymbol(coef, cs[round], sizeof c1));
        apply<<<(n + 127) / 128, 128>>>(dx, dy, n);
        CHECK(cudaGetLastError());
        CHECK(cudaMemcpy(y, dy, n * sizeof(float), cudaMemcpyDeviceToHost));
        int wrong = 0;
        for (int i = 0; i < n; i++) wrong += y[i] != expect(cs[round], x, i, 42);
        printf("apply round %d: y[5] = %g, %d wrong\n", round, y[5], wrong);
        bad += wrong;
    }
    int count = 0;
    CHECK(cudaMemcpyFromSymbol(&count, counter, sizeof count));
    printf("counter = %d (expected %d)\n", count, 2 * n);
    bad += count != 2 * n;

    // gbuf through the symbol API and through its device address
    float g[64], g2[64];
    void *gaddr = NULL;
    CHECK(cudaMemcpyFromSymbol(g, gbuf, sizeof g));
    CHECK(cudaGetSymbolAddress(&gaddr, gbuf));
    CHECK(cudaMemcpy(g2, gaddr, sizeof g2, cudaMemcpyDeviceToHost));
    int gw = 0;
    for (int j = 0; j < 64 && j < n; j++) {
        int ok = 0;   // some thread i with i % 64 == j of the second round wrote it
        for (int i = j; i < n; i += 64) ok |= g[j] == expect(c2, x, i, 42);
        gw += !ok || g[j] != g2[j];
    }
    printf("gbuf: %d wrong\n", gw);
    bad += gw;

    bump<<<1, 32>>>(5);
    int iv = 0;
    CHECK(cudaMemcpyFromSymbol(&iv, init_val, sizeof iv));
    printf("init_val = %d (expected 47)\n", iv);
    bad += iv != 47;
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}
