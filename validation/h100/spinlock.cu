// validation/h100/spinlock.cu — seed 001's spin lock (workloads/divergence/
// spinlock_deadlock.sass): every lane of a warp takes one global lock with
// atomicCAS and spins until it gets it. Before Volta the lanes that lost
// spin forever while the winner waits at the reconvergence point; with
// independent thread scheduling (CC 7.0+) the winner's path runs on, releases
// the lock and the warp completes. Prints "spinlock blocks=B threads=T
// counter=C expected=E ms=X".
#include <cstdio>
#include <cstdlib>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)

__global__ void spin(int *lock, unsigned *counter)
{
    while (atomicCAS(lock, 0, 1) != 0) { }
    __threadfence();
    *(volatile unsigned *)counter += 1;
    __threadfence();
    atomicExch(lock, 0);
}

int main()
{
    int *lock; unsigned *counter;
    CK(cudaMalloc(&lock, 4)); CK(cudaMalloc(&counter, 4));
    cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
    for (int blocks : {1, 4}) for (int threads : {32, 256}) {
        CK(cudaMemset(lock, 0, 4)); CK(cudaMemset(counter, 0, 4));
        CK(cudaEventRecord(a));
        spin<<<blocks, threads>>>(lock, counter);
        CK(cudaEventRecord(b)); CK(cudaEventSynchronize(b)); CK(cudaGetLastError());
        unsigned c; CK(cudaMemcpy(&c, counter, 4, cudaMemcpyDeviceToHost));
        float ms; CK(cudaEventElapsedTime(&ms, a, b));
        printf("spinlock blocks=%d threads=%d counter=%u expected=%d ms=%.4f\n", blocks, threads, c,
               blocks * threads, ms);
    }
    return 0;
}
