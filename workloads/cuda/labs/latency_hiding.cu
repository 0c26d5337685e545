// latency_hiding.cu — lab "hiding latency with warps" (docs/labs/latency_hiding.md) in CUDA.
// One block of W warps (W = 1, 2, 4, 8, 16, 32: six launches, one SM) runs a chain of 1024
// dependent FMAs per thread: each waits for the one before it. An H100 SM has 4 schedulers, each
// issuing one warp instruction a cycle; with W warps each scheduler has W / 4 chains to interleave.
// Build: nvcc -lineinfo -cudart shared -arch=sm_90 -o latency_hiding latency_hiding.cu
// Run:   warpsim cuda -c h100 -- ./latency_hiding
#include <cstdio>
#include <cuda_runtime.h>

#define ITERS 1024

__global__ void fma_chain(float *out, float a, float b)
{
    float v = (float)threadIdx.x;
    for (int k = 0; k < ITERS; k++)
        v = v * a + b;                                   // LINE: chain
    out[threadIdx.x] = v;
}

int main()
{
    const float a = 0.5f, b = 1.0f;
    static float r[1024];
    float *out;
    cudaMalloc(&out, sizeof r);
    int bad = 0;
    for (int w = 1; w <= 32; w *= 2) {
        fma_chain<<<1, 32 * w>>>(out, a, b);
        cudaMemcpy(r, out, 32 * w * sizeof(float), cudaMemcpyDeviceToHost);
        for (int t = 0; t < 32 * w; t++) {
            float v = (float)t;
            for (int k = 0; k < ITERS; k++) v = v * a + b;
            bad += !(r[t] - v <= 1e-5f * v && v - r[t] <= 1e-5f * v);   /* fused on the GPU: near */
        }
    }
    printf("latency_hiding: fma_chain with 1, 2, 4, 8, 16 and 32 warps: %s\n", bad ? "FAIL" : "PASS");
    cudaFree(out);
    return bad != 0;
}
