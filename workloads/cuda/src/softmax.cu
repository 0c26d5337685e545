// softmax: row-wise softmax of a rows x cols float matrix, one block of 256 threads per row:
// a max reduction and a sum-of-exp reduction, each a strided pass then a shared-memory tree, then
// out = exp(x - max) / sum. expf and the division are the accurate ones (no fast math).
#include "common.cuh"

#define SMB 256

__global__ void softmax(const float *in, float *out, int rows, int cols)
{
    __shared__ float red[SMB];
    int row = blockIdx.x, t = threadIdx.x;
    if (row >= rows) return;
    const float *x = in + (size_t)row * cols;
    float m = -INFINITY;
    for (int j = t; j < cols; j += blockDim.x) m = fmaxf(m, x[j]);
    red[t] = m;
    __syncthreads();
    for (int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (t < k) red[t] = fmaxf(red[t], red[t + k]);
        __syncthreads();
    }
    m = red[0];
    __syncthreads();
    float s = 0.0f;
    for (int j = t; j < cols; j += blockDim.x) s += expf(x[j] - m);
    red[t] = s;
    __syncthreads();
    for (int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (t < k) red[t] += red[t + k];
        __syncthreads();
    }
    s = red[0];
    for (int j = t; j < cols; j += blockDim.x) out[(size_t)row * cols + j] = expf(x[j] - m) / s;
}

static bool run(Ctx &c)
{
    int rows = (int)c.arg("rows", 32), cols = (int)c.arg("cols", 512);
    size_t n = (size_t)rows * cols;
    auto in = rand_f32(1, n, -4, 4);
    float *di = dev_upload(in), *d_o = dev_zeros<float>(n);
    dim3 grid(rows), block(SMB);
    c.launch("softmax", grid, block, [&] { softmax<<<grid, block>>>(di, d_o, rows, cols); });
    auto out = dev_download(d_o, n);
    std::vector<double> ref(n);
    for (int r = 0; r < rows; r++) {
        double m = -INFINITY, s = 0;
        for (int j = 0; j < cols; j++) m = std::max(m, (double)in[(size_t)r * cols + j]);
        for (int j = 0; j < cols; j++) s += exp(in[(size_t)r * cols + j] - m);
        for (int j = 0; j < cols; j++) ref[(size_t)r * cols + j] = exp(in[(size_t)r * cols + j] - m) / s;
    }
    c.dump("out", out);
    return close_all("out", out, ref, 1e-5, 1e-7);
}

int main(int argc, char **argv) { return cuda_main(argc, argv, "softmax", run); }
