// texref.cu — CUDA 11's texture and surface references (texture<>,
// surface<>, cudaBindTexture*, cudaBindSurfaceToArray), removed in CUDA 12:
// each kernel's result is checked on the host; prints PASS or the first
// difference. tests/cuda_programs.sh runs it under warpsim cuda.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

texture<float, 1, cudaReadModeElementType> lin;          // linear memory, tex1Dfetch
texture<float, 2, cudaReadModeElementType> arr;          // a 2D array, filtered
texture<unsigned char, 1, cudaReadModeNormalizedFloat> bytes;
surface<void, 2> surf;

__global__ void fetch(float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex1Dfetch(lin, i - 3) + tex1Dfetch(bytes, i);
}
__global__ void sample(float *out, int w, int h)
{
    int x = threadIdx.x, y = blockIdx.x;
    // texel centres, and halfway between two texels horizontally
    out[y * w + x] = tex2D(arr, x + 0.5f, y + 0.5f) + 10.0f * tex2D(arr, x + 1.0f, y + 0.5f);
}
__global__ void stamp(int w)
{
    int x = threadIdx.x, y = blockIdx.x;
    float v;
    surf2Dread(&v, surf, x * 4, y);
    surf2Dwrite(v * 3.0f + (float)x, surf, x * 4, y);
}

static int check(const char *what, float got, float want, int i)
{
    if (fabsf(got - want) <= 1e-5f * fmaxf(1.0f, fabsf(want))) return 0;
    printf("FAIL: %s[%d] = %.9g, want %.9g\n", what, i, got, want);
    return 1;
}

int main()
{
    const int n = 100, w = 16, h = 8;
    float host[n], *dev, *out, res[w * h];
    unsigned char b[n], *db;
    for (int i = 0; i < n; i++) { host[i] = i * 0.5f - 7.0f; b[i] = (unsigned char)(i * 5); }
    cudaMalloc(&dev, sizeof host); cudaMalloc(&db, sizeof b); cudaMalloc(&out, sizeof res);
    cudaMemcpy(dev, host, sizeof host, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
    cudaBindTexture(0, lin, dev, sizeof host);
    cudaBindTexture(0, bytes, db, sizeof b);
    fetch<<<1, 128>>>(out, n);
    float got[n];
    cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < n && !bad; i++)   // out of range reads 0
        bad |= check("fetch", got[i], (i >= 3 ? host[i - 3] : 0.0f) + b[i] / 255.0f, i);

    cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
    cudaArray_t a;
    cudaMallocArray(&a, &cd, w, h, cudaArraySurfaceLoadStore);
    float grid[w * h];
    for (int i = 0; i < w * h; i++) grid[i] = (float)((i * 7) % 23) - 4.0f;
    cudaMemcpy2DToArray(a, 0, 0, grid, w * 4, w * 4, h, cudaMemcpyHostToDevice);
    arr.filterMode = cudaFilterModeLinear;
    arr.addressMode[0] = arr.addressMode[1] = cudaAddressModeClamp;
    cudaBindTextureToArray(arr, a);
    sample<<<h, w>>>(out, w, h);
    cudaMemcpy(res, out, sizeof res, cudaMemcpyDeviceToHost);
    for (int y = 0; y < h && !bad; y++)
        for (int x = 0; x < w && !bad; x++) {
            float right = grid[y * w + (x + 1 < w ? x + 1 : x)];
            bad |= check("sample", res[y * w + x], grid[y * w + x] + 10.0f * (0.5f * grid[y * w + x] + 0.5f * right), y * w + x);
        }

    cudaBindSurfaceToArray(surf, a);
    stamp<<<h, w>>>(w);
    cudaMemcpy2DFromArray(res, w * 4, a, 0, 0, w * 4, h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < w * h && !bad; i++) bad |= check("stamp", res[i], grid[i] * 3.0f + (float)(i % w), i);
    cudaUnbindTexture(lin);
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) { printf("FAIL: %s\n", cudaGetErrorString(e)); return 1; }
    if (!bad) printf("PASS\n");
    return bad;
}
