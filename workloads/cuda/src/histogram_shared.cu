// histogram_shared: 256-bin histogram of byte values held in u32s — each block counts into
// shared bins with shared atomics (grid-stride loop), then adds its nonzero bins to the global
// bins with global atomics.
#include "common.cuh"

#define BINS 256

__global__ void histogram_shared(const unsigned *data, int n, unsigned *bins)
{
    __shared__ unsigned s[BINS];
    for (int b = threadIdx.x; b < BINS; b += blockDim.x) s[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&s[data[i] & (BINS - 1)], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < BINS; b += blockDim.x)
        if (s[b]) atomicAdd(&bins[b], s[b]);
}

static bool run(Ctx &c)
{
    int n = (int)c.arg("n", 131072);
    int g = (n + 4095) / 4096;  // 256 threads, 16 elements each
    auto d = rand_u32(1, n, 0, 255);
    unsigned *dd = dev_upload(d), *db = dev_zeros<unsigned>(BINS);
    dim3 b(256);
    c.launch("histogram_shared", dim3(g), b, [&] { histogram_shared<<<g, b>>>(dd, n, db); },
             [&] { CK(cudaMemsetAsync(db, 0, BINS * sizeof(unsigned))); });
    auto out = dev_download(db, BINS);
    std::vector<unsigned> ref(BINS, 0);
    for (int i = 0; i < n; i++) ref[d[i] & (BINS - 1)]++;
    c.dump("bins", out);
    return equal_all("bins", out, ref);
}

int main(int argc, char **argv) { return cuda_main(argc, argv, "histogram_shared", run); }
