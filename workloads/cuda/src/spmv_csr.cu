// spmv_csr: y = A x for a sparse rows x rows matrix in CSR, one thread per row (the "scalar"
// kernel: each lane walks its own row, so the column gathers from x are scattered).
// The matrix is made so that warpsim's workload language can make the same one at any size:
// every row holds `deg` entries (rowptr = iota(0, deg)), columns random(seed=3, 0, rows-1),
// values random(seed=4, -1, 1), x random(seed=5, -1, 1).
#include "common.cuh"

__global__ void spmv_csr(int rows, const int *rowptr, const int *cols, const float *vals, const float *x, float *y)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float s = 0.0f;
    for (int k = rowptr[r]; k < rowptr[r + 1]; k++) s += vals[k] * x[cols[k]];
    y[r] = s;
}

static bool run(Ctx &c)
{
    int rows = (int)c.arg("rows", 8192), deg = (int)c.arg("deg", 8);
    size_t nnz = (size_t)rows * deg;
    auto rp = iota_s32(rows + 1, 0, deg);
    auto col = rand_s32(3, nnz, 0, rows - 1);
    auto val = rand_f32(4, nnz, -1, 1), x = rand_f32(5, rows, -1, 1);
    int *drp = dev_upload(rp), *dc = dev_upload(col);
    float *dv = dev_upload(val), *dx = dev_upload(x), *dy = dev_zeros<float>(rows);
    dim3 grid((rows + 255) / 256), block(256);
    c.launch("spmv_csr", grid, block, [&] { spmv_csr<<<grid, block>>>(rows, drp, dc, dv, dx, dy); });
    auto y = dev_download(dy, rows);
    std::vector<double> ref(rows);
    for (int r = 0; r < rows; r++) {
        double s = 0;
        for (int k = rp[r]; k < rp[r + 1]; k++) s += (double)val[k] * x[col[k]];
        ref[r] = s;
    }
    c.dump("y", y);
    return close_all("y", y, ref, 1e-5, 1e-5);
}

int main(int argc, char **argv) { return cuda_main(argc, argv, "spmv_csr", run); }
