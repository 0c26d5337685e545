// scan_block: inclusive prefix sum of s32 values. scan_block scans each block's 256 elements
// (Hillis-Steele, double-buffered in shared memory, a barrier per step) and leaves each block's
// total in block_sums; add_block_offsets adds the scanned totals of the blocks before. The whole
// scan is always the same five launches (three scan levels: n up to 256^3 = 16M):
//   scan_block(x -> out, sums1)  scan_block(sums1 -> sums1s, sums2)  scan_block(sums2 -> sums2s, top)
//   add_block_offsets(sums1s, sums2s)  add_block_offsets(out, sums1s)
#include "common.cuh"

#define SB 256

__global__ void scan_block(const int *in, int *out, int *block_sums, int n)
{
    __shared__ int buf[2][SB];
    int t = threadIdx.x, i = blockIdx.x * SB + t;
    int p = 0;
    buf[0][t] = i < n ? in[i] : 0;
    __syncthreads();
    for (int d = 1; d < SB; d <<= 1) {
        buf[p ^ 1][t] = t >= d ? buf[p][t] + buf[p][t - d] : buf[p][t];
        p ^= 1;
        __syncthreads();
    }
    if (i < n) out[i] = buf[p][t];
    if (t == SB - 1) block_sums[blockIdx.x] = buf[p][t];
}

__global__ void add_block_offsets(int *data, const int *offsets, int n)
{
    int i = blockIdx.x * SB + threadIdx.x;
    if (blockIdx.x > 0 && i < n) data[i] += offsets[blockIdx.x - 1];
}

static bool run(Ctx &c)
{
    int n = (int)c.arg("n", 8192);
    if (n > SB * SB * SB) {
        fprintf(stderr, "scan_block: n must be at most %d\n", SB * SB * SB);
        return false;
    }
    int g1 = (n + SB - 1) / SB, g2 = (g1 + SB - 1) / SB, g3 = (g2 + SB - 1) / SB;
    auto x = rand_s32(1, n, 0, 9);
    int *dx = dev_upload(x), *dout = dev_zeros<int>(n), *s1 = dev_zeros<int>(g1), *s1s = dev_zeros<int>(g1),
        *s2 = dev_zeros<int>(g2), *s2s = dev_zeros<int>(g2), *top = dev_zeros<int>(g3);
    dim3 b(SB);
    std::vector<int> zero1(g1, 0), zero_n(n, 0);
    c.launch("scan_block", dim3(g1), b, [&] { scan_block<<<g1, b>>>(dx, dout, s1, n); });
    c.launch("scan_block", dim3(g2), b, [&] { scan_block<<<g2, b>>>(s1, s1s, s2, g1); });
    c.launch("scan_block", dim3(g3), b, [&] { scan_block<<<g3, b>>>(s2, s2s, top, g2); });
    // add_block_offsets works in place: --time restores its input (the scan's output) first
    std::vector<int> s1s_h = dev_download(s1s, g1), out_h = dev_download(dout, n);
    c.launch("add_block_offsets", dim3(g2), b, [&] { add_block_offsets<<<g2, b>>>(s1s, s2s, g1); },
             [&] { dev_restore(s1s, s1s_h); });
    c.launch("add_block_offsets", dim3(g1), b, [&] { add_block_offsets<<<g1, b>>>(dout, s1s, n); },
             [&] { dev_restore(dout, out_h); });
    auto out = dev_download(dout, n);
    std::vector<int> ref(n);
    long long s = 0;
    for (int i = 0; i < n; i++) ref[i] = (int)(s += x[i]);
    c.dump("out", out);
    return equal_all("out", out, ref);
}

int main(int argc, char **argv) { return cuda_main(argc, argv, "scan_block", run); }
