// reduce_shuffle: sum of a float array in one launch — grid-stride per-thread sums, a warp
// reduction with __shfl_down_sync, warp sums through shared memory to warp 0, one atomicAdd per
// block. The result's rounding depends on the order the blocks' atomics land.
#include "common.cuh"

__global__ void reduce_shuffle(const float *in, float *out, int n)
{
    __shared__ float warp_sums[32];
    float v = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) v += in[i];
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    if (lane == 0) warp_sums[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = lane < (int)(blockDim.x >> 5) ? warp_sums[lane] : 0.0f;
        for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
        if (lane == 0) atomicAdd(out, v);
    }
}

static bool run(Ctx &c)
{
    int n = (int)c.arg("n", 32768);
    int g = (n + 1023) / 1024;  // 256 threads, 4 elements each
    auto x = rand_f32(1, n, -1, 1);
    float *dx = dev_upload(x), *dt = dev_zeros<float>(1);
    dim3 b(256);
    c.launch("reduce_shuffle", dim3(g), b, [&] { reduce_shuffle<<<g, b>>>(dx, dt, n); },
             [&] { CK(cudaMemsetAsync(dt, 0, sizeof(float))); });
    auto tot = dev_download(dt, 1);
    double all = 0;
    for (int i = 0; i < n; i++) all += x[i];
    c.dump("total", tot);
    return close_all("total", tot, std::vector<double>{all}, 1e-4, 1e-3);
}

int main(int argc, char **argv) { return cuda_main(argc, argv, "reduce_shuffle", run); }
