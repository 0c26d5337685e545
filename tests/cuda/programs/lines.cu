// tests/cuda/programs/lines.cu — a kernel whose costly lines are known, for
// warpsim's views by CUDA source line (tests/cuda_lines.sh): a divergent
// loop, a bank-conflicting shared store and an uncoalesced load, each on a
// line marked "LINE:" (the tests find the lines by these marks).
#include <cstdio>
#include <cuda_runtime.h>

__device__ float blend(float v, float w) { return v * 1.5f + w; }  // LINE: inlined

__global__ void lessons(const float *in, float *out, int stride)
{
    __shared__ float tile[32 * 33];
    int t = threadIdx.x;
    float v = in[t * stride];                        // LINE: uncoalesced
    for (int i = 0; i < (t & 7); i++)                // LINE: divergent
        v = blend(v, in[i]);                         // LINE: divergent-body
    tile[t * 32] = v;                                // LINE: conflict
    __syncthreads();
    out[t] = tile[(t + 1) % 32 * 32];                // LINE: readback
}

int main()
{
    const int n = 32, stride = 32;
    float *in, *out, h[n * stride], r[n];
    for (int i = 0; i < n * stride; i++) h[i] = (float)(i % 7);
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof r);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    lessons<<<1, n>>>(in, out, stride);
    cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int t = 0; t < n; t++) {   /* out[t] is lane t + 1's value */
        int u = (t + 1) % n;
        float v = h[u * stride];
        for (int i = 0; i < (u & 7); i++) v = v * 1.5f + h[i];
        bad += r[t] != v;
    }
    printf("lessons: out[0] = %g, out[31] = %g: %s\n", r[0], r[31], bad ? "FAIL" : "PASS");
    cudaFree(in);
    cudaFree(out);
    return bad;
}
