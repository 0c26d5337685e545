// validation/cuda-h100/copies/copies.cu — what a cudaMemcpy and cudaMemset take
// on the H100, timed with CUDA events as a program times itself: host to
// device and back from pageable (malloc) and pinned (cudaMallocHost) memory,
// device to device, memset; sizes 4 KB to 256 MB; the median of 20 after 3
// warm-ups. warpsim cuda's copy model (docs/cuda-programs.md) is set from it.
// Prints CSV: kind,bytes,median_ms,min_ms
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <vector>

#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e)); exit(1); } } while (0)

int main()
{
    const size_t max = 256u << 20;
    char *pageable = (char *)malloc(max), *pinned, *d1, *d2;
    memset(pageable, 1, max);
    CHECK(cudaMallocHost(&pinned, max));
    memset(pinned, 1, max);
    CHECK(cudaMalloc(&d1, max));
    CHECK(cudaMalloc(&d2, max));
    cudaEvent_t a, b;
    CHECK(cudaEventCreate(&a));
    CHECK(cudaEventCreate(&b));
    const char *kinds[] = { "h2d_pageable", "d2h_pageable", "h2d_pinned", "d2h_pinned", "d2d", "memset" };
    printf("kind,bytes,median_ms,min_ms\n");
    for (int k = 0; k < 6; k++)
        for (size_t n = 4096; n <= max; n *= 4) {
            std::vector<float> t;
            for (int r = 0; r < 23; r++) {
                CHECK(cudaEventRecord(a));
                switch (k) {
                case 0: CHECK(cudaMemcpy(d1, pageable, n, cudaMemcpyHostToDevice)); break;
                case 1: CHECK(cudaMemcpy(pageable, d1, n, cudaMemcpyDeviceToHost)); break;
                case 2: CHECK(cudaMemcpy(d1, pinned, n, cudaMemcpyHostToDevice)); break;
                case 3: CHECK(cudaMemcpy(pinned, d1, n, cudaMemcpyDeviceToHost)); break;
                case 4: CHECK(cudaMemcpy(d2, d1, n, cudaMemcpyDeviceToDevice)); break;
                default: CHECK(cudaMemset(d1, 3, n)); break;
                }
                CHECK(cudaEventRecord(b));
                CHECK(cudaEventSynchronize(b));
                float ms;
                CHECK(cudaEventElapsedTime(&ms, a, b));
                if (r >= 3) t.push_back(ms);
            }
            std::sort(t.begin(), t.end());
            printf("%s,%zu,%.6f,%.6f\n", kinds[k], n, t[t.size() / 2], t[0]);
        }
    return 0;
}
