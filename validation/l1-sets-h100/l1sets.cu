// validation/l1-sets-h100/l1sets.cu — how the H100's L1 data cache maps lines
// to sets (issue 59, the seed's gpu2 at full size). One thread chases a ring
// of K 8-byte pointers placed S bytes apart, warms it, then times 4K loads
// with clock64. Where the ring fits the L1 a load costs the L1 hit latency
// (about 32 cycles); where K lines of stride S overflow the ways their set
// index gives them, loads go to the L2 (about 270). With a set index of
// (line number mod sets), lines S = sets x 128 B apart all fall in one set
// and only `ways` of them fit; a hashed index spreads them.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \
    fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); exit(1); } } while (0)

__global__ void chase(const uint64_t *ring, int warm, int loads, long long *cycles, uint64_t *sink)
{
    const uint64_t *p = ring;
#pragma unroll 1
    for (int i = 0; i < warm; i++) p = (const uint64_t *)*p;
    long long t0 = clock64();
#pragma unroll 1
    for (int i = 0; i < loads; i++) p = (const uint64_t *)*p;
    long long t1 = clock64();
    *cycles = t1 - t0;
    *sink = (uint64_t)p;
}

int main()
{
    const size_t strides[] = {128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536};
    const int ks[] = {4, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1280, 1536, 1792, 2048};
    size_t maxbytes = 65536ull * 2048;
    char *buf; CK(cudaMalloc(&buf, maxbytes));
    long long *cyc; uint64_t *sink;
    CK(cudaMalloc(&cyc, sizeof *cyc)); CK(cudaMalloc(&sink, sizeof *sink));
    uint64_t *host = (uint64_t *)calloc(maxbytes / 8, 8);
    printf("stride,lines,bytes,cycles_per_load\n");
    for (size_t s : strides) for (int k : ks) {
        if (s * k > maxbytes) continue;
        for (int i = 0; i < k; i++)
            host[i * s / 8] = (uint64_t)(buf + ((i + 1) % k) * s);
        CK(cudaMemcpy(buf, host, s * k, cudaMemcpyHostToDevice));
        int loads = 4096;
        chase<<<1, 1>>>((const uint64_t *)buf, 2 * k + 64, loads, cyc, sink);
        CK(cudaDeviceSynchronize());
        long long c; CK(cudaMemcpy(&c, cyc, sizeof c, cudaMemcpyDeviceToHost));
        printf("%zu,%d,%zu,%.1f\n", s, k, s * k, (double)c / loads);
        for (int i = 0; i < k; i++) host[i * s / 8] = 0;
    }
    return 0;
}
