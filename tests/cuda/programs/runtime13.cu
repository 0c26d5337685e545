// tests/cuda/programs/runtime13.cu — the CUDA 12 and 13 forms of runtime
// calls, for `warpsim cuda` on its libcudart.so.13 (tests/cuda_runtime.sh):
// cudaLaunchKernelEx with launch attributes (a cluster of 1x1x1 and a
// priority taken, a 2x1x1 cluster refused), cudaGraphInstantiate's three
// arguments and cudaGraphInstantiateWithParams, cudaStreamGetCaptureInfo's
// and cudaStreamUpdateCaptureDependencies' CUDA 13 forms, and CUDA 13's layouts
// of cudaDeviceProp, cudaPointerAttributes and cudaFuncAttributes. Checked
// on the host: PASS or FAIL. regen13.sh builds it with CUDA 13's nvcc; its
// kernels' SASS comes from CUDA 11.8's build of this same file (the host
// code below is CUDA 12+ only), as CUDA 13's cuobjdump is not on these
// machines: the kernels use no global variables, so their code and
// parameters are the same for both.
#include <cstdio>
#include <cstdlib>
#include <cstring>

__global__ void axpb(float *x, float a, float b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = a * x[i] + b;
}

#if CUDART_VERSION >= 12000
static int failures;
#define CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("FAIL: %s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorName(e_)); exit(1); } } while (0)
#define EXPECT(cond, ...) do { if (!(cond)) { printf("FAIL: %s: ", #cond); printf(__VA_ARGS__); printf("\n"); failures++; } } while (0)

int main()
{
    const int n = 500;
    float h[n], *d;
    for (int i = 0; i < n; i++) h[i] = (float)i;
    CHECK(cudaMalloc(&d, sizeof h));
    CHECK(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
    cudaLaunchAttribute attrs[2];
    attrs[0].id = cudaLaunchAttributeClusterDimension;
    attrs[0].val.clusterDim.x = 1; attrs[0].val.clusterDim.y = 1; attrs[0].val.clusterDim.z = 1;
    attrs[1].id = cudaLaunchAttributePriority;
    attrs[1].val.priority = 0;
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3((n + 127) / 128); cfg.blockDim = dim3(128); cfg.attrs = attrs; cfg.numAttrs = 2;
    CHECK(cudaLaunchKernelEx(&cfg, axpb, d, 2.0f, 1.0f, n));
    attrs[0].val.clusterDim.x = 2;
    cudaError_t e = cudaLaunchKernelEx(&cfg, axpb, d, 100.0f, 0.0f, n);
    EXPECT(e == cudaErrorNotSupported, "a 2x1x1 cluster: %s", cudaGetErrorName(e));
    cudaGetLastError();
    // a capture, instantiated with CUDA 12's three arguments
    cudaStream_t s;
    CHECK(cudaStreamCreate(&s));
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
    axpb<<<(n + 127) / 128, 128, 0, s>>>(d, 1.0f, 0.5f, n);
    cudaStreamCaptureStatus st;
    unsigned long long id = 0;
    cudaGraph_t cg = NULL;
    const cudaGraphNode_t *deps = NULL;
    size_t ndeps = 0;
    CHECK(cudaStreamGetCaptureInfo(s, &st, &id, &cg, &deps, NULL, &ndeps));
    EXPECT(st == cudaStreamCaptureStatusActive && id != 0 && cg != NULL && ndeps == 1, "capture info: status %d id %llu graph %p, %zu dependencies",
           (int)st, id, (void *)cg, ndeps);
    cudaGraphNodeType type = cudaGraphNodeTypeEmpty;
    if (ndeps == 1) CHECK(cudaGraphNodeGetType(deps[0], &type));
    EXPECT(type == cudaGraphNodeTypeKernel, "the capture's last node has type %d", (int)type);
    CHECK(cudaStreamUpdateCaptureDependencies(s, (cudaGraphNode_t *)deps, NULL, 1, cudaStreamSetCaptureDependencies));
    cudaGraph_t g;
    CHECK(cudaStreamEndCapture(s, &g));
    cudaGraphExec_t ge;
    CHECK(cudaGraphInstantiate(&ge, g, 0));
    cudaGraphInstantiateParams ip = {};
    ip.result_out = cudaGraphInstantiateError;
    cudaGraphExec_t ge2;
    CHECK(cudaGraphInstantiateWithParams(&ge2, g, &ip));
    EXPECT(ip.result_out == cudaGraphInstantiateSuccess, "cudaGraphInstantiateWithParams: result %d", (int)ip.result_out);
    CHECK(cudaGraphExecDestroy(ge2));
    CHECK(cudaGraphLaunch(ge, s));
    CHECK(cudaGraphLaunch(ge, s));
    CHECK(cudaStreamSynchronize(s));
    CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    int wrong = 0;
    for (int i = 0; i < n; i++) wrong += h[i] != 2.0f * (float)i + 2.0f;
    EXPECT(wrong == 0, "%d of %d wrong (h[3] = %g)", wrong, n, h[3]);
    // CUDA 13's structure layouts
    cudaDeviceProp p;
    memset(&p, 0xff, sizeof p);
    CHECK(cudaGetDeviceProperties(&p, 0));
    int sms, major, optin, pools;
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0));
    CHECK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
    CHECK(cudaDeviceGetAttribute(&pools, cudaDevAttrMemoryPoolsSupported, 0));
    EXPECT(p.multiProcessorCount == sms && p.major == major && p.sharedMemPerBlockOptin == (size_t)optin
           && p.memoryPoolsSupported == pools && p.clusterLaunch == 0 && p.reserved[0] == 0,
           "cudaDeviceProp: %d SMs, CC %d, opt-in %zu, pools %d, clusters %d", p.multiProcessorCount, p.major,
           p.sharedMemPerBlockOptin, p.memoryPoolsSupported, p.clusterLaunch);
    cudaPointerAttributes pa;
    memset(&pa, 0xff, sizeof pa);
    CHECK(cudaPointerGetAttributes(&pa, d + 10));
    EXPECT(pa.type == cudaMemoryTypeDevice && pa.devicePointer == d + 10 && pa.reserved[7] == 0, "pointer type %d", (int)pa.type);
    cudaFuncAttributes fa;
    memset(&fa, 0xff, sizeof fa);
    CHECK(cudaFuncGetAttributes(&fa, axpb));
    EXPECT(fa.numRegs > 0 && fa.maxThreadsPerBlock > 0 && fa.requiredClusterWidth == 0 && fa.reserved[15] == 0,
           "function attributes: %d registers, %d threads", fa.numRegs, fa.maxThreadsPerBlock);
    CHECK(cudaGraphExecDestroy(ge));
    CHECK(cudaGraphDestroy(g));
    CHECK(cudaStreamDestroy(s));
    CHECK(cudaFree(d));
    printf("%s: CUDA %d, %d SMs\n", failures ? "FAIL" : "PASS", CUDART_VERSION, p.multiProcessorCount);
    return failures ? 1 : 0;
}
#else
int main() { printf("FAIL: build with CUDA 12 or later (regen13.sh)\n"); return 1; }
#endif
