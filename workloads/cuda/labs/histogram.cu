// histogram.cu — lab "four histograms" (docs/labs/histogram.md) in CUDA: the first and the third
// step. 64 KB of random bytes into 256 bins, 16 blocks of 256 threads, a word (4 bytes) a load:
//   hist_global  every byte an atomicAdd on one of 256 counters in global memory
//   hist_shared  each block counts into its own 256 bins in shared memory, then adds them to the
//                global bins: 256 global atomics a block instead of one a byte
// Build: nvcc -lineinfo -cudart shared -arch=sm_90 -o histogram histogram.cu
// Run:   warpsim cuda -c h100 --per-pc -- ./histogram
#include <cstdio>
#include <cuda_runtime.h>

#define NW 16384            /* words: 65536 bytes */
#define B 16
#define T 256

__global__ void hist_global(const unsigned *data, unsigned *bins)
{
    for (int k = 0; k < NW / (B * T); k++) {
        unsigned w = data[(k * B + blockIdx.x) * T + threadIdx.x];
        for (int k = 0; k < 4; k++)
            atomicAdd(&bins[(w >> (8 * k)) & 255], 1u);  // LINE: global-atomic
    }
}

__global__ void hist_shared(const unsigned *data, unsigned *bins)
{
    __shared__ unsigned s[256];
    s[threadIdx.x] = 0;
    __syncthreads();
    for (int k = 0; k < NW / (B * T); k++) {
        unsigned w = data[(k * B + blockIdx.x) * T + threadIdx.x];
        for (int k = 0; k < 4; k++)
            atomicAdd(&s[(w >> (8 * k)) & 255], 1u);     // LINE: shared-atomic
    }
    __syncthreads();
    atomicAdd(&bins[threadIdx.x], s[threadIdx.x]);       // LINE: flush
}

int main()
{
    static unsigned h[NW], r[256], want[256];
    unsigned s = 2024;
    for (int i = 0; i < NW; i++) {
        s = s * 1664525u + 1013904223u;
        h[i] = s;
        for (int k = 0; k < 4; k++) want[(s >> (8 * k)) & 255]++;
    }
    unsigned *data, *bins;
    cudaMalloc(&data, sizeof h);
    cudaMalloc(&bins, sizeof r);
    cudaMemcpy(data, h, sizeof h, cudaMemcpyHostToDevice);
    int bad = 0;
    for (int k = 0; k < 2; k++) {
        cudaMemset(bins, 0, sizeof r);
        if (k == 0) hist_global<<<B, T>>>(data, bins);
        else hist_shared<<<B, T>>>(data, bins);
        cudaMemcpy(r, bins, sizeof r, cudaMemcpyDeviceToHost);
        for (int b = 0; b < 256; b++) bad += r[b] != want[b];
    }
    printf("histogram: hist_global and hist_shared, 65536 bytes: %s\n", bad ? "FAIL" : "PASS");
    cudaFree(data);
    cudaFree(bins);
    return bad != 0;
}
