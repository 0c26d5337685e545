// stencil2d: one Jacobi step of the 5-point stencil on a w x h grid, one point per thread
// (32x8 blocks): out = c0*centre + c1*(north + south + east + west); edge points are copied.
#include "common.cuh"

__global__ void stencil2d(const float *in, float *out, int w, int h, float c0, float c1)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    int i = y * w + x;
    if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
        out[i] = in[i];
        return;
    }
    out[i] = c0 * in[i] + c1 * (in[i - w] + in[i + w] + in[i - 1] + in[i + 1]);
}

static bool run(Ctx &c)
{
    int w = (int)c.arg("w", 128), h = (int)c.arg("h", 64);
    const float c0 = 0.5f, c1 = 0.125f;
    size_t n = (size_t)w * h;
    auto in = rand_f32(1, n, -1, 1);
    float *di = dev_upload(in), *d_o = dev_zeros<float>(n);
    dim3 grid((w + 31) / 32, (h + 7) / 8), block(32, 8);
    c.launch("stencil2d", grid, block, [&] { stencil2d<<<grid, block>>>(di, d_o, w, h, c0, c1); });
    auto out = dev_download(d_o, n);
    std::vector<double> ref(n);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            size_t i = (size_t)y * w + x;
            ref[i] = (x == 0 || y == 0 || x == w - 1 || y == h - 1)
                         ? in[i]
                         : c0 * (double)in[i] + c1 * ((double)in[i - w] + in[i + w] + in[i - 1] + in[i + 1]);
        }
    c.dump("out", out);
    return close_all("out", out, ref, 1e-5, 1e-6);
}

int main(int argc, char **argv) { return cuda_main(argc, argv, "stencil2d", run); }
