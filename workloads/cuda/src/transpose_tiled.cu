// transpose_tiled: the same transpose through a 32x33 shared tile (padded: the column read of the
// tile hits 32 different banks), so both the global read and the global write are coalesced.
#include "common.cuh"

#define TILE 32
#define ROWS 8

__global__ void transpose_tiled(const float *in, float *out, int rows, int cols)
{
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        if (x < cols && y + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;  // column of out = row of in
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        if (x < rows && y + j < cols) out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

static bool run(Ctx &c)
{
    int rows = (int)c.arg("rows", 72), cols = (int)c.arg("cols", 128);
    size_t n = (size_t)rows * cols;
    auto in = rand_f32(1, n, -1, 1);
    float *di = dev_upload(in), *d_o = dev_zeros<float>(n);
    dim3 grid((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE), block(TILE, ROWS);
    c.launch("transpose_tiled", grid, block, [&] { transpose_tiled<<<grid, block>>>(di, d_o, rows, cols); });
    auto out = dev_download(d_o, n);
    std::vector<float> ref(n);
    for (int r = 0; r < rows; r++)
        for (int k = 0; k < cols; k++) ref[(size_t)k * rows + r] = in[(size_t)r * cols + k];
    c.dump("out", out);
    return equal_all("out", out, ref);
}

int main(int argc, char **argv) { return cuda_main(argc, argv, "transpose_tiled", run); }
