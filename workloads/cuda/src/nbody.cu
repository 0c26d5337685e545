// nbody: all-pairs gravitational accelerations, float, one body per thread; bodies (x, y, z, m)
// stream through shared memory one tile of blockDim.x bodies at a time (at most 256), with
// rsqrtf for 1/r. acc gets (ax, ay, az, 0) per body.
#include "common.cuh"

__global__ void nbody(const float *pos, float *acc, int n, float eps2)
{
    __shared__ float4 tile[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 p = i < n ? reinterpret_cast<const float4 *>(pos)[i] : make_float4(0.f, 0.f, 0.f, 0.f);
    float ax = 0.f, ay = 0.f, az = 0.f;
    for (int base = 0; base < n; base += blockDim.x) {
        int j = base + threadIdx.x;
        tile[threadIdx.x] = j < n ? reinterpret_cast<const float4 *>(pos)[j] : make_float4(0.f, 0.f, 0.f, 0.f);
        __syncthreads();
        for (int k = 0; k < (int)blockDim.x; k++) {
            float4 q = tile[k];
            float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
            float inv = rsqrtf(dx * dx + dy * dy + dz * dz + eps2);
            float s = q.w * inv * inv * inv;
            ax += dx * s;
            ay += dy * s;
            az += dz * s;
        }
        __syncthreads();
    }
    if (i < n) reinterpret_cast<float4 *>(acc)[i] = make_float4(ax, ay, az, 0.f);
}

static bool run(Ctx &c)
{
    int n = (int)c.arg("n", 512), bs = (int)c.arg("bs", 32);
    const float eps2 = 0.01f;
    if (bs < 32 || bs > 256 || bs % 32) {
        fprintf(stderr, "nbody: bs must be 32, 64, ... 256\n");
        return false;
    }
    // pos: 4 floats per body, x y z in [-1, 1) and the mass too (random fills every element
    // alike); negative masses are harmless here and keep the buffer one random() in warpsim
    auto pos = rand_f32(1, (size_t)4 * n, -1, 1);
    float *dp = dev_upload(pos), *da = dev_zeros<float>((size_t)4 * n);
    dim3 grid((n + bs - 1) / bs), block(bs);
    c.launch("nbody", grid, block, [&] { nbody<<<grid, block>>>(dp, da, n, eps2); });
    auto acc = dev_download(da, (size_t)4 * n);
    std::vector<double> ref((size_t)4 * n, 0.0);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double dx = pos[4 * j] - pos[4 * i], dy = pos[4 * j + 1] - pos[4 * i + 1], dz = pos[4 * j + 2] - pos[4 * i + 2];
            double inv = 1.0 / sqrt(dx * dx + dy * dy + dz * dz + eps2), s = pos[4 * j + 3] * inv * inv * inv;
            ref[4 * i] += dx * s, ref[4 * i + 1] += dy * s, ref[4 * i + 2] += dz * s;
        }
    c.dump("acc", acc);
    // sums of n terms of either sign up to 1/eps2^1.5 = 1000: an absolute tolerance
    return close_all("acc", acc, ref, 1e-3, 1e-3 * sqrt((double)n));
}

int main(int argc, char **argv) { return cuda_main(argc, argv, "nbody", run); }
