// warp_scan.cu — lab "scanning within a warp" (docs/labs/warp_scan.md) in CUDA. 4096 ones, 128
// threads a block, 32 blocks; each warp computes the inclusive prefix sum of its 32 values (lane i
// gets i + 1) in log2(32) = 5 steps (Hillis and Steele), in two ways:
//   scan_shuffle  __shfl_up_sync: each step reads the partial sum of the lane d places down
//   scan_shared   the same steps through a warp's 32 words of shared memory, __syncwarp between
// Build: nvcc -lineinfo -cudart shared -arch=sm_90 -o warp_scan warp_scan.cu
// Run:   warpsim cuda -c h100 --per-pc -- ./warp_scan
#include <cstdio>
#include <cuda_runtime.h>

#define N 4096
#define T 128

__global__ void scan_shuffle(const int *in, int *out)
{
    int i = blockIdx.x * T + threadIdx.x;
    int lane = threadIdx.x % 32;
    int v = in[i];
    for (int d = 1; d < 32; d *= 2) {
        int u = __shfl_up_sync(0xffffffffu, v, d);       // LINE: shfl
        if (lane >= d)
            v += u;
    }
    out[i] = v;
}

__global__ void scan_shared(const int *in, int *out)
{
    __shared__ int s[T];
    int i = blockIdx.x * T + threadIdx.x;
    int lane = threadIdx.x % 32;
    int v = in[i];
    s[threadIdx.x] = v;
    __syncwarp();
    for (int d = 1; d < 32; d *= 2) {
        int u = lane >= d ? s[threadIdx.x - d] : 0;      // LINE: shared-read
        __syncwarp();
        v += u;
        s[threadIdx.x] = v;                              // LINE: shared-write
        __syncwarp();
    }
    out[i] = v;
}

int main()
{
    static int h[N], r[N];
    for (int i = 0; i < N; i++) h[i] = 1;
    int *in, *out;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof r);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    int bad = 0;
    for (int k = 0; k < 2; k++) {
        cudaMemset(out, 0, sizeof r);
        if (k == 0) scan_shuffle<<<N / T, T>>>(in, out);
        else scan_shared<<<N / T, T>>>(in, out);
        cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
        for (int i = 0; i < N; i++) bad += r[i] != i % 32 + 1;
    }
    printf("warp_scan: scan_shuffle and scan_shared, lane i gets i + 1: %s\n", bad ? "FAIL" : "PASS");
    cudaFree(in);
    cudaFree(out);
    return bad != 0;
}
