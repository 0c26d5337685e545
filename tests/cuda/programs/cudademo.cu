// tests/cuda/programs/cudademo.cu — an ordinary CUDA program for `warpsim cuda`
// (tests/cuda_programs.sh; regen.sh builds it with nvcc -cudart shared).
// Its first argument picks what it does:
//   vecadd N      add two vectors, check the sum, print a few elements
//   events N      time a vector add with CUDA events (simulated time under warpsim)
//   saxpy N       the CUDA suite's saxpy kernel (workloads/cuda/src/saxpy.cu), same name and code
//   unimpl        call cudaGraphCreate, which warpsim does not implement
//   hostptr       pass a host pointer to a kernel
//   usefree       launch a kernel on memory the program freed
//   copies N      time copies of N floats with CUDA events: to the device from
//                 pageable and pinned memory, device to device, a memset
//   exit S        run vecadd, then exit with status S
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s: %s (%s)\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_), cudaGetErrorName(e_)); \
    exit(1); } } while (0)

__global__ void vecadd(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

__global__ void saxpy(int n, float a, const float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

static int run_vecadd(int n, bool timed)
{
    float *a = (float *)malloc(n * sizeof(float)), *b = (float *)malloc(n * sizeof(float)), *c = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) { a[i] = (float)i; b[i] = 0.5f * (float)i; }
    float *da, *db, *dc;
    CHECK(cudaMalloc(&da, n * sizeof(float)));
    CHECK(cudaMalloc(&db, n * sizeof(float)));
    CHECK(cudaMalloc(&dc, n * sizeof(float)));
    CHECK(cudaMemcpy(da, a, n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(db, b, n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemset(dc, 0, n * sizeof(float)));
    cudaEvent_t t0, t1;
    CHECK(cudaEventCreate(&t0));
    CHECK(cudaEventCreate(&t1));
    CHECK(cudaEventRecord(t0));
    vecadd<<<(n + 127) / 128, 128>>>(da, db, dc, n);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(t1));
    CHECK(cudaEventSynchronize(t1));
    CHECK(cudaMemcpy(c, dc, n * sizeof(float), cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int i = 0; i < n; i++) if (c[i] != 1.5f * (float)i) bad++;
    printf("c[0] = %g, c[1] = %g, c[%d] = %g\n", c[0], c[1], n - 1, c[n - 1]);
    if (timed) {
        float ms = 0;
        CHECK(cudaEventElapsedTime(&ms, t0, t1));
        printf("vecadd of %d elements: %.6f ms\n", n, ms);
    }
    printf("%s: %d of %d wrong\n", bad ? "FAIL" : "PASS", bad, n);
    CHECK(cudaFree(da)); CHECK(cudaFree(db)); CHECK(cudaFree(dc));
    return bad ? 1 : 0;
}

static int run_saxpy(int n)
{
    float *x = (float *)malloc(n * sizeof(float)), *y = (float *)malloc(n * sizeof(float)), *out = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) { x[i] = (float)(i % 7) - 3.0f; y[i] = (float)(i % 5); }
    float *dx, *dy;
    CHECK(cudaMalloc(&dx, n * sizeof(float)));
    CHECK(cudaMalloc(&dy, n * sizeof(float)));
    CHECK(cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dy, y, n * sizeof(float), cudaMemcpyHostToDevice));
    saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, dx, dy);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(out, dy, n * sizeof(float), cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int i = 0; i < n; i++) if (out[i] != 2.0f * x[i] + y[i]) bad++;
    printf("saxpy: y[0] = %g, y[%d] = %g; %s\n", out[0], n - 1, out[n - 1], bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}

// one line per copy: its kind and the milliseconds the events saw
static int run_copies(int n)
{
    size_t bytes = (size_t)n * sizeof(float);
    float *pageable = (float *)calloc(n, sizeof(float)), *pinned, *d1, *d2;
    CHECK(cudaMallocHost(&pinned, bytes));
    CHECK(cudaMalloc(&d1, bytes));
    CHECK(cudaMalloc(&d2, bytes));
    cudaEvent_t t0, t1;
    CHECK(cudaEventCreate(&t0));
    CHECK(cudaEventCreate(&t1));
    const char *kinds[] = { "h2d_pageable", "h2d_pinned", "d2h_pinned", "d2d", "memset" };
    for (int k = 0; k < 5; k++) {
        CHECK(cudaEventRecord(t0));
        switch (k) {
        case 0: CHECK(cudaMemcpy(d1, pageable, bytes, cudaMemcpyHostToDevice)); break;
        case 1: CHECK(cudaMemcpy(d1, pinned, bytes, cudaMemcpyHostToDevice)); break;
        case 2: CHECK(cudaMemcpy(pinned, d1, bytes, cudaMemcpyDeviceToHost)); break;
        case 3: CHECK(cudaMemcpy(d2, d1, bytes, cudaMemcpyDeviceToDevice)); break;
        default: CHECK(cudaMemset(d1, 0, bytes)); break;
        }
        CHECK(cudaEventRecord(t1));
        CHECK(cudaEventSynchronize(t1));
        float ms = 0;
        CHECK(cudaEventElapsedTime(&ms, t0, t1));
        printf("%s %zu bytes: %.6f ms\n", kinds[k], bytes, ms);
    }
    CHECK(cudaFreeHost(pinned));
    CHECK(cudaFree(d1));
    CHECK(cudaFree(d2));
    free(pageable);
    return 0;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "vecadd";
    int n = argc > 2 ? atoi(argv[2]) : 1000;
    if (!strcmp(mode, "vecadd")) return run_vecadd(n, false);
    if (!strcmp(mode, "events")) return run_vecadd(n, true);
    if (!strcmp(mode, "saxpy")) return run_saxpy(n);
    if (!strcmp(mode, "exit")) { run_vecadd(100, false); return n; }
    if (!strcmp(mode, "unimpl")) {
        cudaGraph_t g;
        CHECK(cudaGraphCreate(&g, 0));
        printf("graph created\n");
        return 0;
    }
    if (!strcmp(mode, "hostptr")) {
        static float a[256];
        float *dc;
        CHECK(cudaMalloc(&dc, 256 * sizeof(float)));
        vecadd<<<2, 128>>>(a, a, dc, 256);   // a host pointer: the kernel faults
        CHECK(cudaDeviceSynchronize());
        printf("not reached\n");
        return 0;
    }
    if (!strcmp(mode, "usefree")) {
        float *da, *dc;
        CHECK(cudaMalloc(&da, 256 * sizeof(float)));
        CHECK(cudaMalloc(&dc, 256 * sizeof(float)));
        CHECK(cudaFree(da));
        vecadd<<<2, 128>>>(da, da, dc, 256);   // freed memory: the kernel faults
        CHECK(cudaDeviceSynchronize());
        printf("not reached\n");
        return 0;
    }
    if (!strcmp(mode, "copies")) return run_copies(n);
    fprintf(stderr, "usage: cudademo vecadd|events|saxpy|exit|unimpl|hostptr|usefree|copies [N]\n");
    return 2;
}
