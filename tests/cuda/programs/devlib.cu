// devlib.cu — warpsim's test of the device-side library calls: kernel printf,
// assert, __trap, malloc/free, clock64 and __nanosleep. One mode per run
// (argv[1]); each prints what it checks on stdout, so the output can be
// compared with what an H100 printed (tests/cuda/programs/devlib.h100.*).
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    printf("%s: %s (%s)\n", #x, cudaGetErrorName(e_), cudaGetErrorString(e_)); } } while (0)

__device__ char dev_word[] = "device";

// many conversions, one lane: the formatter
__global__ void formats(int *ret, const char *hoststr)
{
    int i = 0;
    ret[i++] = printf("plain text, no arguments\n");
    ret[i++] = printf("%d %i %u %x %X %o|\n", -42, 17, 4000000000u, 0xbeef, 0xBEEF, 8);
    ret[i++] = printf("[%5d] [%-5d] [%05d] [%+d] [% d] [%.3d]\n", 42, 42, 42, 42, 42, 7);
    ret[i++] = printf("%hd %hhd %hu %hhu\n", (short)-3, (char)-4, (unsigned short)65535, (unsigned char)200);
    ret[i++] = printf("%ld %lld %lu %llx %#llx %#o\n", -1234567890123L, -9000000000000000000LL,
                      18000000000000000000UL, 0x123456789abcdefULL, 0xfeULL, 8);
    ret[i++] = printf("%f %F %e %E %g %G\n", 3.14159, -2.5, 12345.678, 0.000123, 1e-5, 1e20);
    ret[i++] = printf("[%10.3f] [%-10.2e] [%+.0f] [%#.0f] [%.10g]\n", 3.14159, 2.5, 2.5, 3.0, 1.0 / 3);
    ret[i++] = printf("%a %A\n", 1.0, -0.5);
    ret[i++] = printf("%f %f %f\n", 1.0 / 0.0, -1.0 / 0.0, 0.0 / 0.0);
    ret[i++] = printf("%c%c%c [%3c] [%-3c]\n", 'a', 'b', 'c', 'x', 'y');
    ret[i++] = printf("[%s] [%10s] [%-10s] [%.3s]\n", "str", "right", "left", "truncate");
    ret[i++] = printf("%s and %s\n", dev_word, hoststr);
    ret[i++] = printf("100%% %d%%\n", 5);
    ret[i++] = printf("%*d|%-*d|%.*f\n", 6, 1, 4, 2, 2, 3.14159);
    float f = 1.5f;
    ret[i++] = printf("float %f, int %d, double %.2f, long %ld, char %c\n", f, 7, 2.25, 99L, 'z');
    ret[i++] = printf("%p\n", (void *)0);
    ret[i++] = printf("%s\n", (const char *)0);
    ret[i++] = printf("");
    ret[i++] = -100;
}

// lanes in lane order, warps in turn (each waits at __syncthreads), blocks
// in turn (one launch each): the order is defined on a GPU too
__global__ void lanes(int block)
{
    int w = threadIdx.x / 32;
    if (w == 0)
        printf("block %d warp 0 thread %d: %d\n", block, threadIdx.x, threadIdx.x * 3);
    __syncthreads();
    if (w == 1)
        printf("block %d warp 1 thread %d: %d\n", block, threadIdx.x, threadIdx.x * 3);
    __syncthreads();
    if (w == 2 && threadIdx.x % 3 == 0)
        printf("block %d warp 2 thread %d: %d\n", block, threadIdx.x, threadIdx.x * 3);
}

// many blocks at once: no defined order (the test compares sorted lines)
__global__ void unordered(void)
{
    printf("b%d.t%d\n", blockIdx.x, threadIdx.x);
}

// more than the FIFO holds
__global__ void flood(void)
{
#pragma unroll
    for (int k = 0; k < 10; k++)
        printf("flood %d thread %d 0123456789abcdefghijklmnopqrstuvwxyz\n", k, threadIdx.x);
}

__global__ void asserting(int bad)
{
    assert(threadIdx.x != bad || blockIdx.y != 1 || blockIdx.x != 1);
}

__global__ void trapping(int *x)
{
    if (blockIdx.x == 1 && threadIdx.x == 5)
        __trap();
    x[threadIdx.x] = 1;
}

__global__ void heap(int n, int bytes, unsigned long long *addrs, int *ok)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n)
        return;
    int *p = (int *)malloc(bytes);
    addrs[t] = (unsigned long long)p;
    if (p == NULL) {
        ok[t] = 0;
        return;
    }
    for (int k = 0; k < bytes / 4; k++)
        p[k] = t * 1000 + k;
    __syncthreads();
    int good = 1;
    for (int k = 0; k < bytes / 4; k++)
        good &= p[k] == t * 1000 + k;
    ok[t] = good;
    free(p);
}

__global__ void sleeper(unsigned ns, long long *d)
{
    long long t0 = clock64();
    __nanosleep(ns);
    long long t1 = clock64();
    d[threadIdx.x] = t1 - t0;
}

// what a call costs: clock64 around printf, malloc and free (one thread)
__global__ void cost(long long *d)
{
    long long t0 = clock64();
    int r = printf("cost %d\n", threadIdx.x);
    long long t1 = clock64();
    void *p = malloc(64);
    long long t2 = clock64();
    free(p);
    long long t3 = clock64();
    d[0] = t1 - t0;
    d[1] = t2 - t1;
    d[2] = t3 - t2;
    d[3] = r + (p != 0);
}

static int do_formats(void)
{
    int *ret, h[32];
    char *s;
    CK(cudaMalloc(&ret, sizeof h));
    CK(cudaMalloc(&s, 16));
    CK(cudaMemcpy(s, "from host", 10, cudaMemcpyHostToDevice));
    formats<<<1, 1>>>(ret, s);
    CK(cudaMemcpy(h, ret, sizeof h, cudaMemcpyDeviceToHost));
    printf("returns:");
    for (int i = 0; i < 32 && h[i] != -100; i++)
        printf(" %d", h[i]);
    printf("\n");
    fflush(stdout);
    return 0;
}

static int do_lanes(void)
{
    for (int b = 0; b < 2; b++)
        lanes<<<1, 96>>>(b);
    CK(cudaDeviceSynchronize());
    printf("host after sync\n");
    unordered<<<4, 8>>>();
    CK(cudaDeviceSynchronize());
    return 0;
}

static int do_fifo(size_t fifo, int n)
{
    size_t v = 0;
    CK(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, fifo));
    CK(cudaDeviceGetLimit(&v, cudaLimitPrintfFifoSize));
    printf("fifo %zu\n", v);
    fflush(stdout);
    flood<<<1, 32>>>();
    (void)n;
    CK(cudaDeviceSynchronize());
    fflush(stdout);
    return 0;
}

static int do_assert(int handle)
{
    int *x;
    CK(cudaMalloc(&x, 4));
    asserting<<<dim3(2, 2), 64>>>(37);
    cudaError_t e = cudaDeviceSynchronize();
    printf("sync: %s\n", cudaGetErrorName(e));
    printf("memcpy after: %s\n", cudaGetErrorName(cudaMemcpy(x, x, 4, cudaMemcpyDeviceToDevice)));
    printf("last: %s\n", cudaGetErrorName(cudaGetLastError()));
    fflush(stdout);
    return handle ? 0 : e != cudaSuccess;
}

static int do_trap(void)
{
    int *x;
    CK(cudaMalloc(&x, 4096));
    trapping<<<2, 64>>>(x);
    cudaError_t e = cudaDeviceSynchronize();
    printf("sync: %s\n", cudaGetErrorName(e));
    printf("malloc after: %s\n", cudaGetErrorName(cudaMalloc(&x, 4)));
    fflush(stdout);
    return 0;
}

static int do_heap(void)
{
    size_t v = 0;
    int n = 256, bytes = 100;
    unsigned long long *a, ha[256];
    int *ok, hok[256];
    CK(cudaDeviceGetLimit(&v, cudaLimitMallocHeapSize));
    printf("heap default %zu\n", v);
    CK(cudaMalloc(&a, sizeof ha));
    CK(cudaMalloc(&ok, sizeof hok));
    for (int round = 0; round < 2; round++) {
        heap<<<2, 128>>>(n, bytes, a, ok);
        CK(cudaMemcpy(ha, a, sizeof ha, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(hok, ok, sizeof hok, cudaMemcpyDeviceToHost));
        int good = 0, aligned = 0, distinct = 1;
        for (int t = 0; t < n; t++) {
            good += hok[t];
            aligned += ha[t] % 16 == 0;
            for (int u = 0; u < t; u++)
                distinct &= ha[t] != ha[u];
        }
        printf("round %d: %d of %d good, %d aligned 16, distinct %d\n", round, good, n, aligned, distinct);
    }
    // a block larger than the heap: NULL
    heap<<<1, 1>>>(1, 16 << 20, a, ok);
    CK(cudaMemcpy(ha, a, 8, cudaMemcpyDeviceToHost));
    printf("16 MB from an 8 MB heap: %s\n", ha[0] ? "a pointer" : "NULL");
    fflush(stdout);
    return 0;
}

static int do_sleep(void)
{
    long long *d, h[32];
    CK(cudaMalloc(&d, sizeof h));
    unsigned ns[] = {0, 1000, 100000};
    for (int k = 0; k < 3; k++) {
        sleeper<<<1, 32>>>(ns[k], d);
        CK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
        printf("nanosleep %u: lane 0 waited %lld cycles\n", ns[k], h[0]);
    }
    for (int k = 0; k < 2; k++) {
        cost<<<1, 1>>>(d);
        CK(cudaMemcpy(h, d, 4 * sizeof h[0], cudaMemcpyDeviceToHost));
        printf("cycles: printf %lld, malloc %lld, free %lld (%lld)\n", h[0], h[1], h[2], h[3]);
    }
    fflush(stdout);
    return 0;
}

int main(int argc, char **argv)
{
    const char *m = argc > 1 ? argv[1] : "formats";
    if (!strcmp(m, "formats")) return do_formats();
    if (!strcmp(m, "lanes")) return do_lanes();
    if (!strcmp(m, "fifo")) return do_fifo(argc > 2 ? strtoul(argv[2], 0, 0) : 4096, argc > 3 ? atoi(argv[3]) : 10);
    if (!strcmp(m, "assert")) return do_assert(0);
    if (!strcmp(m, "assert-handled")) return do_assert(1);
    if (!strcmp(m, "trap")) return do_trap();
    if (!strcmp(m, "heap")) return do_heap();
    if (!strcmp(m, "sleep")) return do_sleep();
    fprintf(stderr, "usage: devlib formats|lanes|fifo [BYTES N]|assert|assert-handled|trap|heap|sleep\n");
    return 2;
}
