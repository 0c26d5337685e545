// compaction.cu — lab "one atomic per element or one per warp" (docs/labs/compaction.md) in CUDA.
// 8192 values, 256 threads a block, 32 blocks; the values above a threshold (about half) are
// copied to the front of out[], each taking a slot from one global counter:
//   compact_per_element  atomicAdd(count, 1) by every lane that keeps its value; nvcc (ptxas)
//                        sees one address for the warp and makes it one atomic per warp itself
//   compact_per_lane     the same, at count + (v >> 30): always count (v < 1000), but ptxas
//                        cannot prove the lanes' addresses equal: one atomic per surviving lane
//   compact_per_warp     a ballot, one atomicAdd per warp by lane 0, each lane's place by popcount
// Build: nvcc -lineinfo -cudart shared -arch=sm_90 -o compaction compaction.cu
// Run:   warpsim cuda -c h100 --per-pc -- ./compaction
#include <cstdio>
#include <cuda_runtime.h>

#define N 8192
#define T 256

__global__ void compact_per_element(const int *in, int *out, int *count, int thr)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    if (v > thr)
        out[atomicAdd(count, 1)] = v;                    // LINE: per-element
}

__global__ void compact_per_lane(const int *in, int *out, int *count, int thr)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    if (v > thr)
        out[atomicAdd(count + (v >> 30), 1)] = v;        // LINE: per-lane
}

__global__ void compact_per_warp(const int *in, int *out, int *count, int thr)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32;
    int v = in[i];
    bool keep = v > thr;
    unsigned votes = __ballot_sync(0xffffffffu, keep);   // LINE: ballot
    int base = 0;
    if (lane == 0)
        base = atomicAdd(count, __popc(votes));          // LINE: per-warp
    base = __shfl_sync(0xffffffffu, base, 0);
    if (keep)
        out[base + __popc(votes & ((1u << lane) - 1))] = v;
}

int main()
{
    static int h[N], r[N];
    unsigned s = 12345;
    int want = 0;
    long long wantsum = 0;
    for (int i = 0; i < N; i++) {
        s = s * 1103515245u + 12345u;
        h[i] = (int)((s >> 8) % 1000);
        if (h[i] > 499) { want++; wantsum += h[i]; }
    }
    int *in, *out, *count;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof r);
    cudaMalloc(&count, sizeof(int));
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    int bad = 0;
    for (int k = 0; k < 3; k++) {
        int c = 0;
        cudaMemset(count, 0, sizeof(int));
        if (k == 0) compact_per_element<<<N / T, T>>>(in, out, count, 499);
        else if (k == 1) compact_per_lane<<<N / T, T>>>(in, out, count, 499);
        else compact_per_warp<<<N / T, T>>>(in, out, count, 499);
        cudaMemcpy(&c, count, sizeof c, cudaMemcpyDeviceToHost);
        cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
        long long sum = 0;
        for (int i = 0; i < c && i < N; i++) { sum += r[i]; bad += r[i] <= 499; }
        bad += c != want || sum != wantsum;
    }
    printf("compaction: %d of %d kept by compact_per_element, compact_per_lane and compact_per_warp: %s\n", want, N, bad ? "FAIL" : "PASS");
    cudaFree(in);
    cudaFree(out);
    cudaFree(count);
    return bad != 0;
}
