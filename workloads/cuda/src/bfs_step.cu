// bfs_step: one level-synchronous, vertex-centric BFS step over a CSR graph — a thread per vertex;
// a vertex on the frontier (levels[v] == cur) claims each unvisited neighbour (levels == -1) with
// atomicCAS, marks it in next and counts it. The claims make the result independent of order.
// Graph and state as warpsim's workload language can make them at any size: out-degree `deg`
// (rowptr = iota(0, deg)), neighbours random(seed=3, 0, n-1), levels random(seed=4, -1, 3) with
// cur = 3 (a fifth of the vertices unvisited, a fifth on the frontier, the rest visited earlier).
#include "common.cuh"

__global__ void bfs_step(int n, const int *rowptr, const int *cols, int *levels, int cur, int *next, int *count)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n || levels[v] != cur) return;
    for (int e = rowptr[v]; e < rowptr[v + 1]; e++) {
        int u = cols[e];
        if (atomicCAS(&levels[u], -1, cur + 1) == -1) {
            next[u] = 1;
            atomicAdd(count, 1);
        }
    }
}

static bool run(Ctx &c)
{
    int n = (int)c.arg("n", 4096), deg = (int)c.arg("deg", 8);
    const int cur = 3;
    auto rp = iota_s32(n + 1, 0, deg);
    auto col = rand_s32(3, (size_t)n * deg, 0, n - 1);
    auto lev = rand_s32(4, n, -1, 3);
    int *drp = dev_upload(rp), *dc = dev_upload(col), *dl = dev_upload(lev), *dn = dev_zeros<int>(n),
        *dcount = dev_zeros<int>(1);
    dim3 grid((n + 255) / 256), block(256);
    c.launch("bfs_step", grid, block, [&] { bfs_step<<<grid, block>>>(n, drp, dc, dl, cur, dn, dcount); },
             [&] {
                 dev_restore(dl, lev);
                 CK(cudaMemsetAsync(dn, 0, n * sizeof(int)));
                 CK(cudaMemsetAsync(dcount, 0, sizeof(int)));
             });
    auto levels = dev_download(dl, n), next = dev_download(dn, n), count = dev_download(dcount, 1);
    std::vector<int> rl = lev, rn(n, 0), rc(1, 0);
    for (int v = 0; v < n; v++)
        if (lev[v] == cur)
            for (int e = rp[v]; e < rp[v + 1]; e++)
                if (rl[col[e]] == -1) rl[col[e]] = cur + 1, rn[col[e]] = 1, rc[0]++;
    c.dump("levels", levels);
    c.dump("next", next);
    c.dump("count", count);
    bool ok = equal_all("levels", levels, rl);
    ok = equal_all("next", next, rn) && ok;
    return equal_all("count", count, rc) && ok;
}

int main(int argc, char **argv) { return cuda_main(argc, argv, "bfs_step", run); }
