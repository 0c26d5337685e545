// divergence.cu — lab "what a divergent branch costs" (docs/labs/divergence.md) in CUDA.
// One block of 1024 threads (32 warps, 8 per scheduler of an H100 SM). Half the threads run a
// costly chain of 1024 dependent FMAs, the others store 1.0. Two ways to pick the half:
//   even_odd_branch  by thread parity: every warp has both kinds of lanes, so each walks both paths
//   first_half       by warp (warps 0-15): no warp diverges; each scheduler keeps 4 working warps
// Build: nvcc -lineinfo -cudart shared -arch=sm_90 -o divergence divergence.cu
// Run:   warpsim cuda -c h100 --per-pc -- ./divergence
#include <cstdio>
#include <cuda_runtime.h>

__device__ float costly(float x, float d)
{
    float v = x;
    for (int k = 0; k < 1024; k++)
        v = v * x + d;                                   // LINE: work
    return v;
}

__global__ void even_odd_branch(const float *x, float *y, float d)
{
    int t = threadIdx.x;
    if (t % 2 == 0)                                      // LINE: parity-branch
        y[t] = costly(x[t], d);
    else
        y[t] = 1.0f;                                     // LINE: parity-else
}

__global__ void first_half(const float *x, float *y, float d)
{
    int t = threadIdx.x;
    if (t / 32 < 16)                                     // LINE: warp-branch
        y[t] = costly(x[t], d);
    else
        y[t] = 1.0f;
}

static float host_costly(float x, float d)
{
    float v = x;
    for (int k = 0; k < 1024; k++) v = v * x + d;
    return v;
}

int main()
{
    const int n = 1024;
    const float d = 0.25f;
    static float hx[n], hy[n];
    for (int i = 0; i < n; i++) hx[i] = 0.5f + (i % 13) * 0.01f;
    float *x, *y;
    cudaMalloc(&x, sizeof hx);
    cudaMalloc(&y, sizeof hy);
    cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice);
    int bad = 0;
    for (int k = 0; k < 2; k++) {
        if (k == 0) even_odd_branch<<<1, n>>>(x, y, d);
        else first_half<<<1, n>>>(x, y, d);
        cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
        for (int t = 0; t < n; t++) {
            bool work = k == 0 ? t % 2 == 0 : t / 32 < 16;
            float want = work ? host_costly(hx[t], d) : 1.0f;   /* the GPU fuses the FMA: near, not equal */
            bad += !(hy[t] - want <= 1e-5f * want && want - hy[t] <= 1e-5f * want);
        }
    }
    printf("divergence: even_odd_branch and first_half: %s\n", bad ? "FAIL" : "PASS");
    cudaFree(x);
    cudaFree(y);
    return bad != 0;
}
