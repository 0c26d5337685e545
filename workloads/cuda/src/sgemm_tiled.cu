// sgemm_tiled: C (MxN) = A (MxK) * B (KxN), row-major floats; 16x16 threads per block, each one
// element of C; A and B stream through 16x16 shared tiles (zero-filled past the edges).
#include "common.cuh"

#define T 16

__global__ void sgemm_tiled(const float *A, const float *B, float *C, int M, int N, int K)
{
    __shared__ float As[T][T];
    __shared__ float Bs[T][T];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
    float acc = 0.0f;
    for (int k0 = 0; k0 < K; k0 += T) {
        As[ty][tx] = row < M && k0 + tx < K ? A[row * K + k0 + tx] : 0.0f;
        Bs[ty][tx] = k0 + ty < K && col < N ? B[(k0 + ty) * N + col] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < T; k++) acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (row < M && col < N) C[row * N + col] = acc;
}

static bool run(Ctx &c)
{
    int M = (int)c.arg("m", 64), N = (int)c.arg("n", 128), K = (int)c.arg("k", 128);
    auto A = rand_f32(1, (size_t)M * K, -1, 1), B = rand_f32(2, (size_t)K * N, -1, 1);
    float *dA = dev_upload(A), *dB = dev_upload(B), *dC = dev_zeros<float>((size_t)M * N);
    dim3 grid((N + T - 1) / T, (M + T - 1) / T), block(T, T);
    c.launch("sgemm_tiled", grid, block, [&] { sgemm_tiled<<<grid, block>>>(dA, dB, dC, M, N, K); });
    auto out = dev_download(dC, (size_t)M * N);
    std::vector<double> ref((size_t)M * N);
        for (int i = 0; i < M; i++)
            for (int j = 0; j < N; j++) {
                double s = 0;
                for (int k = 0; k < K; k++) s += (double)A[(size_t)i * K + k] * B[(size_t)k * N + j];
                ref[(size_t)i * N + j] = s;
            }
    c.dump("c", out);
    return close_all("c", out, ref, 1e-4, 1e-4);
}

int main(int argc, char **argv) { return cuda_main(argc, argv, "sgemm_tiled", run); }
