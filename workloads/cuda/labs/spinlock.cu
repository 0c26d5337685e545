// spinlock.cu — lab "the SIMT spin-lock deadlock" (docs/labs/spinlock.md) in CUDA. Every thread
// of one block of 64 (two warps) takes one lock to add 1 to a counter:
//   lock_outside  the CPU's shape: spin until atomicCAS wins, then the critical section after the
//                 loop. A lane that wins leaves the loop and waits there for its warp: with one
//                 reconvergence stack a warp (before Volta) it never runs, and the others spin
//                 for ever; with independent thread scheduling (Volta and later) it completes.
//   lock_inside   the critical section and the release inside the loop: works on every GPU.
// Build: nvcc -lineinfo -cudart shared -arch=sm_90 -o spinlock spinlock.cu
// Run:   warpsim cuda -c h100 --per-pc -- ./spinlock
//        warpsim cuda -c h100 --set simt.model=stack -- ./spinlock   (a pre-Volta warp: deadlock)
#include <cstdio>
#include <cuda_runtime.h>

#define T 64

__global__ void lock_outside(int *lock, volatile int *counter)
{
    while (atomicCAS(lock, 0, 1) != 0)                   // LINE: outside-spin
        ;
    *counter = *counter + 1;                             // LINE: outside-critical
    __threadfence();
    atomicExch(lock, 0);
}

__global__ void lock_inside(int *lock, volatile int *counter)
{
    bool done = false;
    while (!done) {                                      // LINE: inside-loop
        if (atomicCAS(lock, 0, 1) == 0) {                // LINE: inside-cas
            *counter = *counter + 1;                     // LINE: inside-critical
            __threadfence();
            atomicExch(lock, 0);
            done = true;
        }
    }
}

int main()
{
    int *lock, *counter, c[2];
    cudaMalloc(&lock, sizeof(int));
    cudaMalloc(&counter, sizeof(int));
    for (int k = 0; k < 2; k++) {
        cudaMemset(lock, 0, sizeof(int));
        cudaMemset(counter, 0, sizeof(int));
        if (k == 0) lock_outside<<<1, T>>>(lock, counter);
        else lock_inside<<<1, T>>>(lock, counter);
        cudaMemcpy(&c[k], counter, sizeof(int), cudaMemcpyDeviceToHost);
    }
    int bad = c[0] != T || c[1] != T;
    printf("spinlock: counter %d (lock_outside) and %d (lock_inside), want %d: %s\n", c[0], c[1], T, bad ? "FAIL" : "PASS");
    cudaFree(lock);
    cudaFree(counter);
    return bad;
}
