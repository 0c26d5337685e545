// reduce_shared: sum of a float array in two launches of one kernel — each thread adds pairs in a
// grid-stride loop, then a shared-memory tree with __syncthreads per level (no warp-synchronous
// tail); pass 1 leaves one partial sum per block, pass 2 (one block) sums the partials.
#include "common.cuh"

#define RS_BLOCK 256

__global__ void reduce_shared(const float *in, float *out, int n)
{
    __shared__ float s[RS_BLOCK];
    unsigned t = threadIdx.x;
    float v = 0.0f;
    for (unsigned i = blockIdx.x * blockDim.x * 2 + t; i < (unsigned)n; i += gridDim.x * blockDim.x * 2) {
        v += in[i];
        if (i + blockDim.x < (unsigned)n) v += in[i + blockDim.x];
    }
    s[t] = v;
    __syncthreads();
    for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
        if (t < k) s[t] += s[t + k];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
}

static bool run(Ctx &c)
{
    int n = (int)c.arg("n", 16384);
    int g = (n + 2 * RS_BLOCK - 1) / (2 * RS_BLOCK);
    auto x = rand_f32(1, n, -1, 1);
    float *dx = dev_upload(x), *dp = dev_zeros<float>(g), *dt = dev_zeros<float>(1);
    dim3 b(RS_BLOCK);
    c.launch("reduce_shared", dim3(g), b, [&] { reduce_shared<<<g, b>>>(dx, dp, n); });
    c.launch("reduce_shared", dim3(1), b, [&] { reduce_shared<<<1, b>>>(dp, dt, g); });
    auto part = dev_download(dp, g), tot = dev_download(dt, 1);
    std::vector<double> pref(g, 0.0);
    double all = 0;
    for (int i = 0; i < n; i++) pref[i / (2 * RS_BLOCK)] += x[i], all += x[i];
    c.dump("partial", part);
    c.dump("total", tot);
    bool ok = close_all("partial", part, pref, 1e-4, 1e-4);
    return close_all("total", tot, std::vector<double>{all}, 1e-4, 1e-3) && ok;
}

int main(int argc, char **argv) { return cuda_main(argc, argv, "reduce_shared", run); }
