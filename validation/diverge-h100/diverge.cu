// validation/diverge-h100/diverge.cu — which instruction the H100 counts once
// more per divergent branch (issue 59): the branch issued once per path, or
// the BSYNC where the paths rejoin issued once per path. Each kernel below
// runs once (one launch each, in this order) on fixed data; Nsight Compute's
// smsp__inst_executed.sum per launch and its SourceCounters (instructions
// executed per SASS address) are the reference of tests/cuda_diverge.sh.
//
// The bodies are loops with a run-time trip count (reps) so that nvcc
// cannot predicate them: each if/else below is a real branch. Integer
// recurrences only, so the host's reference is exact.
//
//   uniform    a branch uniform in every warp (warps alternate sides)
//   ifelse     if/else split 16/16 in every warp, inside a BSSY/BSYNC region;
//              the block's last warp holds 16 threads, for which it is uniform
//   ifonly     a one-sided if (odd lanes)
//   nested     if/else nested two deep, the inner ones split again
//   chain      if / else if / else if / else on lane ranges (four paths)
//   loopexit   a loop whose trip count differs by lane (5 groups exit apart)
//   loopbreak  a loop left by a break at a lane's own iteration
//   loopif     an if/else inside a loop, split differently each iteration
//   data       if (in[i] > 0): per warp all true, all false, split or one lane
//   exits      divergent paths that never rejoin: each stores to its own
//              array (out's second half) and returns
//   early      a divergent early return (lanes >= 20), then an if/else
//   shfl       an if/else, then __syncwarp and a shuffle of the whole warp
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); exit(1); } } while (0)

#define MUL 1664525u
#define ADD 1013904223u

__device__ __host__ static unsigned body(unsigned acc, int n, unsigned salt)
{
#pragma unroll 1
    for (int i = 0; i < n; i++) acc = acc * MUL + ADD + salt + (unsigned)i;
    return acc;
}

__global__ void uniform(unsigned *out, int reps)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned acc = (unsigned)t;
    if ((threadIdx.x >> 5) & 1) acc = body(acc, reps, 1);
    else acc = body(acc, reps + 1, 2);
    out[t] = acc;
}

__global__ void ifelse(unsigned *out, int reps)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned acc = (unsigned)t;
    if ((threadIdx.x & 31) < 16) acc = body(acc, reps, 1);
    else acc = body(acc, reps + 1, 2);
    out[t] = acc ^ 0x5a5a;
}

__global__ void ifonly(unsigned *out, int reps)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned acc = (unsigned)t;
    if (threadIdx.x & 1) acc = body(acc, reps, 3);
    out[t] = acc + 7;
}

__global__ void nested(unsigned *out, int reps)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    unsigned acc = (unsigned)t;
    if (lane < 16) {
        acc = body(acc, reps, 1);
        if (lane < 8) acc = body(acc, reps, 2);
        else acc = body(acc, reps + 2, 3);
        acc ^= 0x1234;
    } else {
        if (lane & 1) acc = body(acc, reps + 1, 4);
        acc += 99;
    }
    out[t] = acc;
}

__global__ void chain(unsigned *out, int reps)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    unsigned acc = (unsigned)t;
    if (lane < 5) acc = body(acc, reps, 1);
    else if (lane < 13) acc = body(acc, reps + 1, 2);
    else if (lane < 29) acc = body(acc, reps + 2, 3);
    else acc = body(acc, reps + 3, 4);
    out[t] = acc;
}

__global__ void loopexit(unsigned *out, int reps)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned acc = body((unsigned)t, reps + (threadIdx.x & 31) % 5, 5);
    out[t] = acc * 3u;
}

__global__ void loopbreak(unsigned *out, int reps)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int stop = (threadIdx.x & 31) / 8;   // 4 groups of 8 lanes
    unsigned acc = (unsigned)t;
#pragma unroll 1
    for (int i = 0; i < reps + 8; i++) {
        acc = acc * MUL + ADD;
        if (i == stop) break;
        acc ^= (unsigned)i;
    }
    out[t] = acc;
}

__global__ void loopif(unsigned *out, int reps)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    unsigned acc = (unsigned)t;
#pragma unroll 1
    for (int i = 0; i < reps + 2; i++) {
        if (lane < 8 * i) acc = body(acc, 2, 6);   // i = 0 uniform (none), i >= 4 uniform (all)
        else acc = body(acc, 3, 7);
    }
    out[t] = acc;
}

__global__ void data(const int *in, unsigned *out, int reps)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned acc = (unsigned)t;
    if (in[t] > 0) acc = body(acc, reps, 8);
    else acc = body(acc, reps + 1, 9);
    out[t] = acc;
}

__global__ void exits(unsigned *out, int reps)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned acc = (unsigned)t;
    if ((threadIdx.x & 31) >= 12) {
        out[t] = body(acc, reps, 10);
        return;
    }
    out[gridDim.x * blockDim.x + t] = body(acc, reps + 2, 11) ^ 1u;   // another array: no common tail
}

__global__ void shfl(unsigned *out, int reps)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned acc = (unsigned)t;
    if ((threadIdx.x & 31) < 16) acc = body(acc, reps, 14);
    else acc = body(acc, reps + 1, 15);
    __syncwarp();
    acc += __shfl_xor_sync(0xffffffffu, acc, 1);
    out[t] = acc;
}

__global__ void early(unsigned *out, int reps)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    if (lane >= 20) return;
    unsigned acc = (unsigned)t;
    if (lane < 6) acc = body(acc, reps, 12);
    else acc = body(acc, reps + 1, 13);
    out[t] = acc;
}

// --- the host's reference, one function per kernel, thread by thread ---
static unsigned ref(const char *k, int t, int tid, const int *in, int reps, bool second, bool *written)
{
    int lane = tid & 31;
    unsigned acc = (unsigned)t;
    *written = !second;
    if (!strcmp(k, "exits")) {
        *written = second == (lane < 12);
        return lane >= 12 ? body(acc, reps, 10) : body(acc, reps + 2, 11) ^ 1u;
    }
    if (second) return 0;
    if (!strcmp(k, "uniform")) return ((tid >> 5) & 1) ? body(acc, reps, 1) : body(acc, reps + 1, 2);
    if (!strcmp(k, "ifelse")) return (lane < 16 ? body(acc, reps, 1) : body(acc, reps + 1, 2)) ^ 0x5a5a;
    if (!strcmp(k, "ifonly")) return ((tid & 1) ? body(acc, reps, 3) : acc) + 7;
    if (!strcmp(k, "nested")) {
        if (lane < 16) {
            acc = body(acc, reps, 1);
            acc = lane < 8 ? body(acc, reps, 2) : body(acc, reps + 2, 3);
            return acc ^ 0x1234;
        }
        if (lane & 1) acc = body(acc, reps + 1, 4);
        return acc + 99;
    }
    if (!strcmp(k, "chain")) {
        if (lane < 5) return body(acc, reps, 1);
        if (lane < 13) return body(acc, reps + 1, 2);
        if (lane < 29) return body(acc, reps + 2, 3);
        return body(acc, reps + 3, 4);
    }
    if (!strcmp(k, "loopexit")) return body(acc, reps + lane % 5, 5) * 3u;
    if (!strcmp(k, "loopbreak")) {
        int stop = lane / 8;
        for (int i = 0; i < reps + 8; i++) {
            acc = acc * MUL + ADD;
            if (i == stop) break;
            acc ^= (unsigned)i;
        }
        return acc;
    }
    if (!strcmp(k, "loopif")) {
        for (int i = 0; i < reps + 2; i++) acc = lane < 8 * i ? body(acc, 2, 6) : body(acc, 3, 7);
        return acc;
    }
    if (!strcmp(k, "data")) return in[t] > 0 ? body(acc, reps, 8) : body(acc, reps + 1, 9);
    if (!strcmp(k, "early")) {
        if (lane >= 20) { *written = false; return 0; }
        return lane < 6 ? body(acc, reps, 12) : body(acc, reps + 1, 13);
    }
    if (!strcmp(k, "shfl")) {
        unsigned a = lane < 16 ? body(acc, reps, 14) : body(acc, reps + 1, 15);
        int t2 = t ^ 1, l2 = lane ^ 1;
        unsigned b = l2 < 16 ? body((unsigned)t2, reps, 14) : body((unsigned)t2, reps + 1, 15);
        return a + b;
    }
    *written = false;
    return 0;
}

int main(int argc, char **argv)
{
    int reps = argc > 1 ? atoi(argv[1]) : 3;
    const int blocks = 4, threads = 112;   // 3 full warps and one of 16 threads a block
    const int n = blocks * threads;
    // data: per warp of each block, in order: all > 0, all <= 0, lanes split
    // by parity, only lane 5 > 0 (and the 16-thread warp: its first 4 > 0)
    int *in = (int *)malloc(n * sizeof(int));
    for (int t = 0; t < n; t++) {
        int tid = t % threads, w = tid / 32, lane = tid & 31;
        int pos = w == 0 ? 1 : w == 1 ? 0 : w == 2 ? (lane & 1) : lane < 4;
        if ((t / threads) & 1) pos = w == 0 ? (lane == 5) : w == 2 ? 1 : pos;   // odd blocks vary it
        in[t] = pos ? 1 + t : -t;
    }
    int *din;
    unsigned *dout, *out = (unsigned *)malloc(2 * n * sizeof(unsigned));
    CHECK(cudaMalloc(&din, n * sizeof(int)));
    CHECK(cudaMalloc(&dout, 2 * n * sizeof(unsigned)));
    CHECK(cudaMemcpy(din, in, n * sizeof(int), cudaMemcpyHostToDevice));
    const char *names[] = { "uniform", "ifelse", "ifonly", "nested", "chain", "loopexit", "loopbreak",
                            "loopif", "data", "exits", "early", "shfl" };
    int bad_total = 0;
    for (int k = 0; k < (int)(sizeof names / sizeof names[0]); k++) {
        CHECK(cudaMemset(dout, 0xff, 2 * n * sizeof(unsigned)));
        switch (k) {
        case 0: uniform<<<blocks, threads>>>(dout, reps); break;
        case 1: ifelse<<<blocks, threads>>>(dout, reps); break;
        case 2: ifonly<<<blocks, threads>>>(dout, reps); break;
        case 3: nested<<<blocks, threads>>>(dout, reps); break;
        case 4: chain<<<blocks, threads>>>(dout, reps); break;
        case 5: loopexit<<<blocks, threads>>>(dout, reps); break;
        case 6: loopbreak<<<blocks, threads>>>(dout, reps); break;
        case 7: loopif<<<blocks, threads>>>(dout, reps); break;
        case 8: data<<<blocks, threads>>>(din, dout, reps); break;
        case 9: exits<<<blocks, threads>>>(dout, reps); break;
        case 10: early<<<blocks, threads>>>(dout, reps); break;
        case 11: shfl<<<blocks, threads>>>(dout, reps); break;
        }
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaMemcpy(out, dout, 2 * n * sizeof(unsigned), cudaMemcpyDeviceToHost));
        int bad = 0;
        unsigned sum = 0;
        for (int j = 0; j < 2 * n; j++) {
            bool w;
            int t = j % n;
            unsigned want = ref(names[k], t, t % threads, in, reps, j >= n, &w);
            if (!w) want = 0xffffffffu;
            if (out[j] != want) bad++;
            sum = sum * 31u + out[j];
        }
        printf("%-10s %s (%d of %d wrong) checksum %08x\n", names[k], bad ? "FAIL" : "PASS", bad, 2 * n, sum);
        bad_total += bad;
    }
    printf("%s\n", bad_total ? "FAIL" : "PASS");
    return bad_total ? 1 : 0;
}
