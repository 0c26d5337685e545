// saxpy: y = a*x + y, one element per thread — the streaming baseline.
#include "common.cuh"

__global__ void saxpy(int n, float a, const float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

static bool run(Ctx &c)
{
    int n = (int)c.arg("n", 8192);
    const float a = 2.0f;
    auto x = rand_f32(1, n, -1, 1), y = rand_f32(2, n, -1, 1);
    float *dx = dev_upload(x), *dy = dev_upload(y);
    dim3 grid((n + 255) / 256), block(256);
    c.launch("saxpy", grid, block, [&] { saxpy<<<grid, block>>>(n, a, dx, dy); }, [&] { dev_restore(dy, y); });
    auto out = dev_download(dy, n);
    std::vector<double> ref(n);
    for (int i = 0; i < n; i++) ref[i] = fmaf(a, x[i], y[i]);
    c.dump("y", out);
    return close_all("y", out, ref, 1e-6, 1e-7);
}

int main(int argc, char **argv) { return cuda_main(argc, argv, "saxpy", run); }
