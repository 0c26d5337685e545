// banks_64bit.cu — lab "32-bit and 64-bit banks" (docs/labs/banks_64bit.md) in CUDA.
// One block of 256 threads (8 warps). Each kernel fills a shared array, then every lane reads one
// element of it:
//   read_float    s[t], 4 bytes a lane: a warp reads 128 bytes, one word in each of the 32 banks
//   read_double   s[t], 8 bytes a lane: 256 bytes, two words in every bank of 4 bytes
//   read_stride2  s[2 * t], floats two words apart: 128 bytes but lanes t and t + 16 share a bank
// Build: nvcc -lineinfo -cudart shared -arch=sm_90 -o banks_64bit banks_64bit.cu
// Run:   warpsim cuda -c h100 --per-pc -- ./banks_64bit
#include <cstdio>
#include <cuda_runtime.h>

#define T 256

__global__ void read_float(float *out)
{
    __shared__ float s[T];
    int t = threadIdx.x;
    s[t] = (float)t;
    __syncthreads();
    out[t] = s[(t + 1) % T];                             // LINE: float
}

__global__ void read_double(double *out)
{
    __shared__ double s[T];
    int t = threadIdx.x;
    s[t] = (double)t;
    __syncthreads();
    out[t] = s[(t + 1) % T];                             // LINE: double
}

__global__ void read_stride2(float *out)
{
    __shared__ float s[2 * T];
    int t = threadIdx.x;
    s[t] = (float)t;
    s[t + T] = (float)(t + T);
    __syncthreads();
    out[t] = s[2 * t];                                   // LINE: stride2
}

int main()
{
    float *f;
    double *d;
    static float hf[T];
    static double hd[T];
    cudaMalloc(&f, sizeof hf);
    cudaMalloc(&d, sizeof hd);
    int bad = 0;
    read_float<<<1, T>>>(f);
    cudaMemcpy(hf, f, sizeof hf, cudaMemcpyDeviceToHost);
    for (int t = 0; t < T; t++) bad += hf[t] != (float)((t + 1) % T);
    read_double<<<1, T>>>(d);
    cudaMemcpy(hd, d, sizeof hd, cudaMemcpyDeviceToHost);
    for (int t = 0; t < T; t++) bad += hd[t] != (double)((t + 1) % T);
    read_stride2<<<1, T>>>(f);
    cudaMemcpy(hf, f, sizeof hf, cudaMemcpyDeviceToHost);
    for (int t = 0; t < T; t++) bad += hf[t] != (float)(2 * t);
    printf("banks_64bit: read_float, read_double and read_stride2: %s\n", bad ? "FAIL" : "PASS");
    cudaFree(f);
    cudaFree(d);
    return bad != 0;
}
