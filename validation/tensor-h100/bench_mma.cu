// validation/tensor-h100/bench_mma.cu — tensor-core microbenchmarks for the
// H100 (README.md here): per mma.sync form, the latency of a dependent
// chain (one warp) and the issue interval of independent ones (8
// accumulators per warp, 1, 2 and 4 warps per SM sub-partition, one block
// per SM); ldmatrix's latency (a pointer chase) and interval; and a WMMA
// GEMM (half in, float out, one warp per 16 x 16 tile) timed per block by
// clock64, for warpsim's cycle comparison. Built with CUDA 11.8:
//   nvcc -ccbin clang-14 -cudart static -arch=sm_90 -O2 -o bench_mma bench_mma.cu
#include <cstdio>
#include <cstdlib>
#include <mma.h>
#include <cuda_fp16.h>
using namespace nvcuda;

#define CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); exit(1); } } while (0)

#define M4(shape, types, A, B) asm volatile("mma.sync.aligned." shape ".row.col." types " {%0,%1,%2,%3}, " A ", " B ", {%0,%1,%2,%3};" \
    : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3]) : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]))
template <int OP> __device__ __forceinline__ void op(unsigned *c, const unsigned *a, const unsigned *b)
{
    if (OP == 0) M4("m16n8k16", "f32.f16.f16.f32", "{%4,%5,%6,%7}", "{%8,%9}");
    if (OP == 1) asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%0,%1};"
                              : "+r"(c[0]), "+r"(c[1]) : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    if (OP == 2) M4("m16n8k16", "f32.bf16.bf16.f32", "{%4,%5,%6,%7}", "{%8,%9}");
    if (OP == 3) M4("m16n8k8", "f32.tf32.tf32.f32", "{%4,%5,%6,%7}", "{%8,%9}");
    if (OP == 4) M4("m16n8k4", "f32.tf32.tf32.f32", "{%4,%5}", "{%8}");
    if (OP == 5) M4("m16n8k32", "s32.s8.s8.s32", "{%4,%5,%6,%7}", "{%8,%9}");
    if (OP == 6) M4("m16n8k64", "s32.s4.s4.s32", "{%4,%5,%6,%7}", "{%8,%9}");
    if (OP == 7) { double *d = (double *)c;
        asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};"
                     : "+d"(d[0]), "+d"(d[1]) : "d"(__longlong_as_double(a[0])), "d"(__longlong_as_double(b[0]))); }
    if (OP == 8) M4("m16n8k8", "f32.f16.f16.f32", "{%4,%5}", "{%8}");
    if (OP == 9) M4("m16n8k16", "s32.s8.s8.s32", "{%4,%5}", "{%8}");
}
static const char *names[] = { "HMMA.16816.F32", "HMMA.16816.F16", "HMMA.16816.F32.BF16", "HMMA.1688.F32.TF32",
                               "HMMA.1684.F32.TF32", "IMMA.16832.S8.S8", "IMMA.16864.S4.S4", "DMMA.884",
                               "HMMA.1688.F32", "IMMA.16816.S8.S8" };
enum { N = 1024 };

template <int OP> __global__ void lat(const unsigned *in, unsigned *out, long long *t)
{
    unsigned a[4] = { in[0], in[1], in[2], in[3] }, b[2] = { in[4], in[5] }, c[4] = { 0, 0, 0, 0 };
    long long t0 = clock64();
#pragma unroll 16
    for (int i = 0; i < N; i++) op<OP>(c, a, b);
    long long t1 = clock64();
    out[threadIdx.x] = c[0] ^ c[1] ^ c[2] ^ c[3];
    if (threadIdx.x == 0) t[0] = t1 - t0;
}

// ILP independent chains per warp; every warp of the block
template <int OP> __global__ void thr(const unsigned *in, unsigned *out, long long *t)
{
    unsigned a[4] = { in[0], in[1], in[2], in[3] }, b[2] = { in[4], in[5] }, c[8][4] = {};
    __syncthreads();
    long long t0 = clock64();
    for (int i = 0; i < N / 8; i++) {
#pragma unroll
        for (int j = 0; j < 8; j++) op<OP>(c[j], a, b);
    }
    __syncthreads();
    long long t1 = clock64();
    unsigned x = 0;
    for (int j = 0; j < 8; j++) x ^= c[j][0] ^ c[j][1] ^ c[j][2] ^ c[j][3];
    out[blockIdx.x * blockDim.x + threadIdx.x] = x;
    if (threadIdx.x == 0) t[blockIdx.x] = t1 - t0;
}

// ldmatrix: a chase (each lane's next row address is what it loaded, all
// zeros, plus the base) and independent .x4 loads
__global__ void ldsm_lat(unsigned *out, long long *t)
{
    __shared__ unsigned s[1024];
    for (int i = threadIdx.x; i < 1024; i += 32) s[i] = 0;
    __syncwarp();
    unsigned base = (unsigned)__cvta_generic_to_shared(s), r = 0;
    long long t0 = clock64();
    for (int i = 0; i < N; i++)
        asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r) : "r"(base + r + threadIdx.x % 8 * 16));
    long long t1 = clock64();
    out[threadIdx.x] = r;
    if (threadIdx.x == 0) t[0] = t1 - t0;
}
__global__ void ldsm_thr(unsigned *out, long long *t)
{
    __shared__ unsigned s[4096];
    for (int i = threadIdx.x; i < 4096; i += blockDim.x) s[i] = i;
    __syncthreads();
    unsigned base = (unsigned)__cvta_generic_to_shared(s) + (threadIdx.x % 32) * 16, x = 0;
    long long t0 = clock64();
    for (int i = 0; i < N / 8; i++) {
#pragma unroll
        for (int j = 0; j < 8; j++) {
            unsigned r0, r1, r2, r3;
            asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                         : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(base + j * 512));
            x += r0 ^ r1 ^ r2 ^ r3;
        }
    }
    __syncthreads();
    long long t1 = clock64();
    out[blockIdx.x * blockDim.x + threadIdx.x] = x;
    if (threadIdx.x == 0) t[blockIdx.x] = t1 - t0;
}

// the WMMA GEMM warpsim's timing is compared on: C = A B, n x n, half in, float out
__global__ void wmma_gemm(const half *A, const half *B, float *C, int n, long long *t)
{
    long long t0 = clock64();
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32, tn = n / 16;
    int ti = warp / tn, tj = warp % tn;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;
    wmma::fill_fragment(c, 0.0f);
    for (int k = 0; k < n; k += 16) {
        wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
        wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> b;
        wmma::load_matrix_sync(a, A + ti * 16 * n + k, n);
        wmma::load_matrix_sync(b, B + tj * 16 * n + k, n);
        wmma::mma_sync(c, a, b, c);
    }
    wmma::store_matrix_sync(C + ti * 16 * n + tj * 16, c, n, wmma::mem_row_major);
    __syncthreads();
    if (threadIdx.x == 0) t[blockIdx.x] = clock64() - t0;
}

static unsigned *din, *dout;
static long long *dt;
static double maxt(int n)
{
    long long h[1024], m = 0;
    CHECK(cudaMemcpy(h, dt, sizeof(long long) * n, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) m = h[i] > m ? h[i] : m;
    return (double)m;
}
template <int OP> static void one(int sms)
{
    lat<OP><<<1, 32>>>(din, dout, dt); CHECK(cudaDeviceSynchronize());   // warm
    lat<OP><<<1, 32>>>(din, dout, dt); CHECK(cudaDeviceSynchronize());
    printf("%-22s latency %6.2f cycles", names[OP], maxt(1) / N);
    for (int w = 1; w <= 4; w *= 2) {
        thr<OP><<<sms, 128 * w>>>(din, dout, dt); CHECK(cudaDeviceSynchronize());
        thr<OP><<<sms, 128 * w>>>(din, dout, dt); CHECK(cudaDeviceSynchronize());
        printf("  w=%d: %6.2f cycles/mma/SMSP", w, maxt(sms) / ((double)N * w));
    }
    printf("\n");
}

int main(int argc, char **argv)
{
    int only_n = argc > 1 ? atoi(argv[1]) : 0;   // only the GEMM of that size (for warpsim)
    cudaDeviceProp p;
    CHECK(cudaGetDeviceProperties(&p, 0));
    printf("device %s, %d SMs, clock %d kHz\n", p.name, p.multiProcessorCount, p.clockRate);
    unsigned h[8] = { 0x3c003c00, 0x3c003c00, 0x3c003c00, 0x3c003c00, 0x3c003c00, 0x3c003c00, 0, 0 };
    CHECK(cudaMalloc(&din, 64)); CHECK(cudaMalloc(&dout, 1 << 22)); CHECK(cudaMalloc(&dt, 8 * 4096));
    CHECK(cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice));
    int sms = p.multiProcessorCount;
    if (!only_n) {
    one<0>(sms); one<1>(sms); one<2>(sms); one<3>(sms); one<4>(sms);
    one<5>(sms); one<6>(sms); one<7>(sms); one<8>(sms); one<9>(sms);
    ldsm_lat<<<1, 32>>>(dout, dt); CHECK(cudaDeviceSynchronize());
    ldsm_lat<<<1, 32>>>(dout, dt); CHECK(cudaDeviceSynchronize());
    printf("%-22s latency %6.2f cycles", "LDSM.16.M88 (chase)", maxt(1) / N);
    for (int w = 1; w <= 4; w *= 2) {
        ldsm_thr<<<sms, 128 * w>>>(dout, dt); CHECK(cudaDeviceSynchronize());
        ldsm_thr<<<sms, 128 * w>>>(dout, dt); CHECK(cudaDeviceSynchronize());
        printf("  w=%d: %6.2f cycles/LDSM.x4/SM", w, maxt(sms) / ((double)N * 4 * w));
    }
    printf("\n");
    }
    for (int n = 128; n <= 512; n *= 2) {
        if (only_n && n != only_n) continue;
        half *A, *B; float *C;
        CHECK(cudaMalloc(&A, n * n * 2)); CHECK(cudaMalloc(&B, n * n * 2)); CHECK(cudaMalloc(&C, n * n * 4));
        CHECK(cudaMemset(A, 0, n * n * 2)); CHECK(cudaMemset(B, 0, n * n * 2));
        int blocks = n * n / 256 / 4;
        for (int r = 0; r < 3; r++) { wmma_gemm<<<blocks, 128>>>(A, B, C, n, dt); CHECK(cudaDeviceSynchronize()); }
        printf("wmma_gemm n=%d blocks=%d: max block cycles %.0f\n", n, blocks, maxt(blocks));
        CHECK(cudaFree(A)); CHECK(cudaFree(B)); CHECK(cudaFree(C));
    }
    return 0;
}
