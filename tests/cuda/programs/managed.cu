// tests/cuda/programs/managed.cu — managed memory under `warpsim cuda`
// (tests/cuda_programs.sh; regen.sh builds it): cudaMallocManaged buffers the
// host fills and reads through the same pointers the kernel uses (the way
// NVIDIA's "An Even Easier Introduction to CUDA" adds two arrays), a
// __managed__ variable with an initial value, and prefetch and advice calls.
#include <cstdio>
#include <cstdlib>

#define CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); exit(1); } } while (0)

__managed__ int total = 5;

__global__ void add(int n, const float *x, float *y)
{
    int index = blockIdx.x * blockDim.x + threadIdx.x, stride = blockDim.x * gridDim.x;
    for (int i = index; i < n; i += stride) y[i] = x[i] + y[i];
    if (index == 0) atomicAdd(&total, n);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 16;
    float *x, *y;
    CHECK(cudaMallocManaged(&x, n * sizeof(float)));
    CHECK(cudaMallocManaged(&y, n * sizeof(float)));
    for (int i = 0; i < n; i++) { x[i] = 1.0f; y[i] = (float)(i % 10); }
    CHECK(cudaMemAdvise(x, n * sizeof(float), cudaMemAdviseSetReadMostly, 0));
    CHECK(cudaMemPrefetchAsync(y, n * sizeof(float), 0, 0));
    add<<<(n + 255) / 256 / 4, 256>>>(n, x, y);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    int bad = 0;
    for (int i = 0; i < n; i++) bad += y[i] != 1.0f + (float)(i % 10);
    printf("y[0] = %g, y[%d] = %g, %d wrong\n", y[0], n - 1, y[n - 1], bad);
    printf("total = %d (expected %d)\n", total, 5 + n);
    bad += total != 5 + n;
    total = 0;   // the host writes it; the kernel sees it
    add<<<1, 32>>>(32, x, y);
    CHECK(cudaDeviceSynchronize());
    printf("total = %d (expected 32)\n", total);
    bad += total != 32;
    CHECK(cudaFree(x));
    CHECK(cudaFree(y));
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}
