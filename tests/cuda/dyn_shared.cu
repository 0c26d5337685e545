// dyn_shared.cu — a block reverses its slice of x through dynamic shared
// memory (extern __shared__, sized at launch): the test of `shared=BYTES`.
// Dumps: sh gen.sh (CUDA 11.8's nvcc and cuobjdump, no GPU needed).
__global__ void reverse_block(const int *x, int *y)
{
    extern __shared__ int buf[];
    int t = threadIdx.x, base = blockIdx.x * blockDim.x;
    buf[t] = x[base + t];
    __syncthreads();
    y[base + t] = buf[blockDim.x - 1 - t];
}
