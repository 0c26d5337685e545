// validation/h100/more.cu — memory kernels that mirror workloads/microbench
// (stream.sass, gather.sass, global_stride.sass) instruction for
// instruction, for predicted rows of validation/h100.val: no parameter of
// configs/h100.cfg was set from them. Each launch runs once per size;
// run_more.sh times them under ncu (cycles, cold caches). Prints "more NAME
// ARGS ok=1" after checking each result.
#include <cstdio>
#include <cstdlib>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)

__global__ void stream_copy(uint4 *dst, const uint4 *src, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x, step = gridDim.x * blockDim.x;
#pragma unroll 1
    for (; i < n; i += step) dst[i] = src[i];
}
__global__ void gather(uint4 *dst, const uint4 *src, unsigned n, unsigned mask)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x, step = gridDim.x * blockDim.x;
#pragma unroll 1
    for (; i < n; i += step) dst[i] = src[(i * 0x9E3779B1u) & mask];
}
__global__ void global_stride(unsigned *out, const unsigned *src, unsigned stride, unsigned iters)
{
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x, threads = gridDim.x * blockDim.x, sum = 0, idx = t;
#pragma unroll 1
    for (unsigned k = 0; k < iters; k++, idx += threads) sum += src[(size_t)idx * stride];
    out[t] = sum;
}

__global__ void iota(unsigned *p, size_t n)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) p[i] = (unsigned)i;
}

static void fail(const char *w) { fprintf(stderr, "CHECK FAILED: %s\n", w); exit(1); }

int main()
{
    unsigned n = 1u << 22;
    uint4 *a, *b;
    CK(cudaMalloc(&a, (size_t)n * 16)); CK(cudaMalloc(&b, (size_t)n * 16));
    std::vector<unsigned> h((size_t)n * 4);
    for (size_t i = 0; i < h.size(); i++) h[i] = (unsigned)i;
    CK(cudaMemcpy(a, h.data(), (size_t)n * 16, cudaMemcpyHostToDevice));
    std::vector<unsigned> g((size_t)n * 4);
    for (unsigned groups : {240u, 1056u}) {
        for (unsigned m : {1u << 20, 1u << 22}) {
            CK(cudaMemset(b, 0, (size_t)m * 16));
            stream_copy<<<groups, 256>>>(b, a, m); CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
            CK(cudaMemcpy(g.data(), b, (size_t)m * 16, cudaMemcpyDeviceToHost));
            for (size_t i = 0; i < (size_t)m * 4; i++) if (g[i] != h[i]) fail("stream");
            printf("more stream n=%u groups=%u ok=1\n", m, groups);
            gather<<<groups, 256>>>(b, a, m, m - 1); CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
            printf("more gather n=%u groups=%u ok=1\n", m, groups);
        }
    }
    unsigned *out; CK(cudaMalloc(&out, 1056 * 256 * 4));
    size_t big = (size_t)528 * 256 * 16 * 32;   /* threads x iters x the largest stride */
    unsigned *src; CK(cudaMalloc(&src, big * 4));
    iota<<<1024, 256>>>(src, big); CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
    for (unsigned stride : {1u, 2u, 4u, 8u, 16u, 32u}) {
        unsigned blocks = 528, iters = 16;
        global_stride<<<blocks, 256>>>(out, src, stride, iters);
        CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
        std::vector<unsigned> o(blocks * 256);
        CK(cudaMemcpy(o.data(), out, o.size() * 4, cudaMemcpyDeviceToHost));
        unsigned threads = blocks * 256;
        for (unsigned t = 0; t < threads; t++) {
            unsigned s = 0;
            for (unsigned k = 0; k < iters; k++) s += (unsigned)((size_t)(t + k * threads) * stride);
            if (o[t] != s) fail("global_stride");
        }
        printf("more global_stride stride=%u blocks=%u iters=%u ok=1\n", stride, blocks, iters);
    }
    printf("done\n");
    return 0;
}
