// bank_conflicts.cu — lab "bank conflicts and padding" (docs/labs/bank_conflicts.md) in CUDA.
// A 64 x 64 matrix transposed through a 32 x 32 tile in shared memory, one tile per block of
// 32 x 32 threads. Each warp (one row of threads, y fixed) writes a row of the tile and reads a
// column: lane x reads word x * W + y, W the row length in words.
//   transpose_naive   tile[32][32]: the column is 32 words apart, all in one bank
//   transpose_padded  tile[32][33]: one word of padding per row puts lane x in bank (x + y) % 32
// Build: nvcc -lineinfo -cudart shared -arch=sm_90 -o bank_conflicts bank_conflicts.cu
// Run:   warpsim cuda -c h100 --per-pc -- ./bank_conflicts
#include <cstdio>
#include <cuda_runtime.h>

#define N 64

__global__ void transpose_naive(const float *in, float *out)
{
    __shared__ float tile[32][32];
    int x = threadIdx.x, y = threadIdx.y;
    int bx = blockIdx.x * 32, by = blockIdx.y * 32;
    tile[y][x] = in[(by + y) * N + bx + x];              // LINE: naive-row
    __syncthreads();
    out[(bx + y) * N + by + x] = tile[x][y];             // LINE: naive-column
}

__global__ void transpose_padded(const float *in, float *out)
{
    __shared__ float tile[32][33];
    int x = threadIdx.x, y = threadIdx.y;
    int bx = blockIdx.x * 32, by = blockIdx.y * 32;
    tile[y][x] = in[(by + y) * N + bx + x];              // LINE: padded-row
    __syncthreads();
    out[(bx + y) * N + by + x] = tile[x][y];             // LINE: padded-column
}

int main()
{
    static float h[N * N], r[N * N];
    for (int i = 0; i < N * N; i++) h[i] = (float)i;
    float *in, *out;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof r);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    int bad = 0;
    for (int k = 0; k < 2; k++) {
        cudaMemset(out, 0, sizeof r);
        if (k == 0) transpose_naive<<<dim3(N / 32, N / 32), dim3(32, 32)>>>(in, out);
        else transpose_padded<<<dim3(N / 32, N / 32), dim3(32, 32)>>>(in, out);
        cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++) bad += r[j * N + i] != h[i * N + j];
    }
    printf("bank_conflicts: transpose_naive and transpose_padded: %s\n", bad ? "FAIL" : "PASS");
    cudaFree(in);
    cudaFree(out);
    return bad != 0;
}
