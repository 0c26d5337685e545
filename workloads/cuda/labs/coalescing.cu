// coalescing.cu — lab "coalescing: lines and sectors per warp load" (docs/labs/coalescing.md) in
// CUDA. 256 threads (one block, 8 warps) sum 32768 doubles, 128 each, in two ways:
//   sum_chunked      thread t sums elements 128t .. 128t + 127: neighbouring lanes are 1 KB apart
//   sum_grid_stride  thread t sums elements t, t + 256, ...: neighbouring lanes read neighbours
// Both make 128 loads per thread (8 warps x 128 = 1024 warp loads) and read the same bytes.
// Build: nvcc -lineinfo -cudart shared -arch=sm_90 -o coalescing coalescing.cu
// Run:   warpsim cuda -c h100 --per-pc -- ./coalescing
#include <cstdio>
#include <cuda_runtime.h>

#define T 256
#define PER 128
#define N (T * PER)

__global__ void sum_chunked(const double *x, double *part)
{
    int t = threadIdx.x;
    double s = 0;
    for (int k = 0; k < PER; k++)
        s += x[t * PER + k];                             // LINE: chunked-load
    part[t] = s;
}

__global__ void sum_grid_stride(const double *x, double *part)
{
    int t = threadIdx.x;
    double s = 0;
    for (int k = 0; k < PER; k++)
        s += x[k * T + t];                               // LINE: stride-load
    part[t] = s;
}

int main()
{
    static double h[N], p[T];
    for (int i = 0; i < N; i++) h[i] = (double)(i % 100);
    double *x, *part;
    cudaMalloc(&x, sizeof h);
    cudaMalloc(&part, sizeof p);
    cudaMemcpy(x, h, sizeof h, cudaMemcpyHostToDevice);
    double want = 0;
    for (int i = 0; i < N; i++) want += h[i];
    int bad = 0;
    for (int k = 0; k < 2; k++) {
        if (k == 0) sum_chunked<<<1, T>>>(x, part);
        else sum_grid_stride<<<1, T>>>(x, part);
        cudaMemcpy(p, part, sizeof p, cudaMemcpyDeviceToHost);
        double s = 0;
        for (int t = 0; t < T; t++) s += p[t];
        bad += s != want;
    }
    printf("coalescing: sum_chunked and sum_grid_stride = %.0f: %s\n", want, bad ? "FAIL" : "PASS");
    cudaFree(x);
    cudaFree(part);
    return bad != 0;
}
