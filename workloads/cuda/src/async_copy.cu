// async_copy: a two-stage cp.async pipeline (__pipeline_memcpy_async: LDGSTS on sm_80 and later).
// The input is ntiles tiles of 512 floats; each block of 128 threads takes tiles blockIdx.x,
// blockIdx.x + gridDim.x, ... and, while it computes on one tile in shared memory, the copy of
// its next tile is in flight (16 bytes per thread per copy). out[j] = tile[j] + tile[(j+1) % 512].
#include "common.cuh"
#include <cuda_pipeline.h>

#define AT 512       // floats per tile
#define AB 128       // threads per block: 4 floats (16 bytes) each per tile

__global__ void async_copy(const float *in, float *out, int ntiles)
{
    __shared__ __align__(16) float buf[2][AT];
    int t = threadIdx.x;
    int tile = blockIdx.x;
    if (tile >= ntiles) return;
    __pipeline_memcpy_async(&buf[0][4 * t], &in[(size_t)tile * AT + 4 * t], 16);
    __pipeline_commit();
    for (int k = 0; tile < ntiles; k ^= 1, tile += gridDim.x) {
        int nxt = tile + gridDim.x;
        if (nxt < ntiles) __pipeline_memcpy_async(&buf[k ^ 1][4 * t], &in[(size_t)nxt * AT + 4 * t], 16);
        __pipeline_commit();   // an empty group past the end keeps the count uniform
        __pipeline_wait_prior(1);
        __syncthreads();
        for (int j = t; j < AT; j += AB) out[(size_t)tile * AT + j] = buf[k][j] + buf[k][(j + 1) & (AT - 1)];
        __syncthreads();       // buf[k] is refilled next iteration
    }
}

static bool run(Ctx &c)
{
    int ntiles = (int)c.arg("ntiles", 24), blocks = (int)c.arg("blocks", 6);
    size_t n = (size_t)ntiles * AT;
    auto in = rand_f32(1, n, -1, 1);
    float *di = dev_upload(in), *d_o = dev_zeros<float>(n);
    dim3 grid(blocks), block(AB);
    c.launch("async_copy", grid, block, [&] { async_copy<<<grid, block>>>(di, d_o, ntiles); });
    auto out = dev_download(d_o, n);
    std::vector<float> ref(n);
    for (size_t tl = 0; tl < (size_t)ntiles; tl++)
        for (int j = 0; j < AT; j++) ref[tl * AT + j] = in[tl * AT + j] + in[tl * AT + ((j + 1) & (AT - 1))];
    c.dump("out", out);
    return equal_all("out", out, ref);
}

int main(int argc, char **argv) { return cuda_main(argc, argv, "async_copy", run); }
