// transpose_naive: out (cols x rows) = transpose of in (rows x cols); a block of 32x8 threads
// covers a 32x32 tile, 4 rows per thread; reads coalesced, writes strided by `rows` (uncoalesced).
#include "common.cuh"

#define TILE 32
#define ROWS 8

__global__ void transpose_naive(const float *in, float *out, int rows, int cols)
{
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        if (x < cols && y + j < rows) out[x * rows + y + j] = in[(y + j) * cols + x];
}

static bool run(Ctx &c)
{
    int rows = (int)c.arg("rows", 72), cols = (int)c.arg("cols", 128);
    size_t n = (size_t)rows * cols;
    auto in = rand_f32(1, n, -1, 1);
    float *di = dev_upload(in), *d_o = dev_zeros<float>(n);
    dim3 grid((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE), block(TILE, ROWS);
    c.launch("transpose_naive", grid, block, [&] { transpose_naive<<<grid, block>>>(di, d_o, rows, cols); });
    auto out = dev_download(d_o, n);
    std::vector<float> ref(n);
    for (int r = 0; r < rows; r++)
        for (int k = 0; k < cols; k++) ref[(size_t)k * rows + r] = in[(size_t)r * cols + k];
    c.dump("out", out);
    return equal_all("out", out, ref);
}

int main(int argc, char **argv) { return cuda_main(argc, argv, "transpose_naive", run); }
