// tests/cuda/programs/runtime.cu — the CUDA runtime calls beyond launches and
// copies, for `warpsim cuda` (tests/cuda_runtime.sh; regen.sh builds it with
// CUDA 11.8's nvcc -cudart shared). Every mode checks its own results on the
// host and prints PASS or FAIL:
//   attrs    every cudaDeviceGetAttribute number 0..199: the enum's answer,
//            the others cudaErrorInvalidValue; cudaGetDeviceProperties agrees;
//            a device-selection helper (compute mode, SMs x clock) picks 0
//   graph    stream capture of copies, kernels, a memset and a host function,
//            replayed three times; a graph built node by node, added in an
//            order its dependencies reverse
//   misc     3D allocations, memsets and copies, 2D async copies, memory info,
//            limits, stream priorities and flags, host functions and callbacks
//            in stream order, pointer attributes, registered and mapped host
//            memory, stream-ordered allocation and the default pool, events
//            with flags, occupancy, function attributes, profiler start/stop
//   bad      NULL pointers, bad handles, enums and sizes to the calls above:
//            each answers the CUDA error the runtime returns, nothing crashes
//   unimpl   cudaIpcGetMemHandle, which warpsim does not implement
#include <cuda_profiler_api.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>

static int failures;
#define CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("FAIL: %s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorName(e_)); exit(1); } } while (0)
#define EXPECT(cond, ...) do { if (!(cond)) { printf("FAIL: %s: ", #cond); printf(__VA_ARGS__); printf("\n"); failures++; } } while (0)

static int finish(const char *what)
{
    if (failures) printf("FAIL: %s: %d checks failed\n", what, failures);
    else printf("PASS: %s\n", what);
    return failures ? 1 : 0;
}

// ---- attrs ----

static bool in_enum(int a)
{
    // cudaDeviceAttr of CUDA 11.8 and 13 (driver_types.h)
    if (a >= 1 && a <= 43) return true;
    if (a >= 45 && a <= 101) return true;
    if (a == 106 || a == 108 || a == 109) return true;
    if (a >= 111 && a <= 135) return true;
    if (a >= 138 && a <= 145) return true;
    return a == 147;
}

static int pick_device()   // what NVIDIA-style helpers do: skip prohibited devices, most SMs x clock
{
    int n, best = -1;
    long long best_perf = -1;
    CHECK(cudaGetDeviceCount(&n));
    for (int d = 0; d < n; d++) {
        int mode, sms, clock, major;
        CHECK(cudaDeviceGetAttribute(&mode, cudaDevAttrComputeMode, d));
        CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, d));
        CHECK(cudaDeviceGetAttribute(&clock, cudaDevAttrClockRate, d));
        CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, d));
        if (mode == cudaComputeModeProhibited || major < 1) continue;
        if ((long long)sms * clock > best_perf) { best_perf = (long long)sms * clock; best = d; }
    }
    return best;
}

static int attrs()
{
    int answered = 0, refused = 0, v;
    for (int a = 0; a < 200; a++) {
        v = -12345;
        cudaError_t e = cudaDeviceGetAttribute(&v, (cudaDeviceAttr)a, 0);
        if (in_enum(a)) {
            EXPECT(e == cudaSuccess && v != -12345, "attribute %d: %s", a, cudaGetErrorName(e));
            answered += e == cudaSuccess;
        } else {
            EXPECT(e == cudaErrorInvalidValue, "attribute %d is not in the enum, got %s", a, cudaGetErrorName(e));
            refused += e == cudaErrorInvalidValue;
        }
    }
    cudaGetLastError();
    EXPECT(cudaDeviceGetAttribute(NULL, cudaDevAttrWarpSize, 0) == cudaErrorInvalidValue, "NULL value");
    EXPECT(cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, 1) == cudaErrorInvalidDevice, "device 1");
    cudaGetLastError();
    cudaDeviceProp p;
    CHECK(cudaGetDeviceProperties(&p, 0));
    struct { const char *name; cudaDeviceAttr a; long long prop; } same[] = {
        { "warpSize", cudaDevAttrWarpSize, p.warpSize },
        { "multiProcessorCount", cudaDevAttrMultiProcessorCount, p.multiProcessorCount },
        { "major", cudaDevAttrComputeCapabilityMajor, p.major },
        { "minor", cudaDevAttrComputeCapabilityMinor, p.minor },
        { "clockRate", cudaDevAttrClockRate, p.clockRate },
        { "computeMode", cudaDevAttrComputeMode, p.computeMode },
        { "l2CacheSize", cudaDevAttrL2CacheSize, p.l2CacheSize },
        { "memoryBusWidth", cudaDevAttrGlobalMemoryBusWidth, p.memoryBusWidth },
        { "sharedMemPerBlock", cudaDevAttrMaxSharedMemoryPerBlock, (long long)p.sharedMemPerBlock },
        { "sharedMemPerBlockOptin", cudaDevAttrMaxSharedMemoryPerBlockOptin, (long long)p.sharedMemPerBlockOptin },
        { "sharedMemPerMultiprocessor", cudaDevAttrMaxSharedMemoryPerMultiprocessor, (long long)p.sharedMemPerMultiprocessor },
        { "regsPerMultiprocessor", cudaDevAttrMaxRegistersPerMultiprocessor, p.regsPerMultiprocessor },
        { "maxBlocksPerMultiProcessor", cudaDevAttrMaxBlocksPerMultiprocessor, p.maxBlocksPerMultiProcessor },
        { "maxThreadsDim[2]", cudaDevAttrMaxBlockDimZ, p.maxThreadsDim[2] },
        { "maxGridSize[1]", cudaDevAttrMaxGridDimY, p.maxGridSize[1] },
        { "maxTexture2D[1]", cudaDevAttrMaxTexture2DHeight, p.maxTexture2D[1] },
        { "maxSurface2DLayered[2]", cudaDevAttrMaxSurface2DLayeredLayers, p.maxSurface2DLayered[2] },
        { "texturePitchAlignment", cudaDevAttrTexturePitchAlignment, (long long)p.texturePitchAlignment },
        { "cooperativeLaunch", cudaDevAttrCooperativeLaunch, p.cooperativeLaunch },
        { "reservedSharedMemPerBlock", cudaDevAttrReservedSharedMemoryPerBlock, (long long)p.reservedSharedMemPerBlock },
        { "pciBusID", cudaDevAttrPciBusId, p.pciBusID },
        { "concurrentManagedAccess", cudaDevAttrConcurrentManagedAccess, p.concurrentManagedAccess },
    };
    for (auto &s : same) {
        CHECK(cudaDeviceGetAttribute(&v, s.a, 0));
        EXPECT(v == s.prop, "cudaDeviceProp.%s = %lld, attribute %d = %d", s.name, s.prop, (int)s.a, v);
    }
    EXPECT(p.major * 10 + p.minor >= 80, "compute capability %d.%d", p.major, p.minor);
    EXPECT(p.computeMode == cudaComputeModeDefault, "compute mode %d", p.computeMode);
    EXPECT(p.maxThreadsPerBlock == 1024 && p.totalGlobalMem > 0 && p.name[0], "maxThreadsPerBlock, totalGlobalMem, name");
    EXPECT(p.sharedMemPerBlock <= p.sharedMemPerBlockOptin && p.sharedMemPerBlockOptin <= p.sharedMemPerMultiprocessor,
           "shared memory per block %zu, opt-in %zu, per SM %zu", p.sharedMemPerBlock, p.sharedMemPerBlockOptin, p.sharedMemPerMultiprocessor);
    EXPECT(p.maxThreadsPerMultiProcessor >= p.maxThreadsPerBlock, "threads per SM %d", p.maxThreadsPerMultiProcessor);
    int dev = pick_device();
    EXPECT(dev == 0, "the selection helper picked %d", dev);
    char bus[32] = "";
    CHECK(cudaDeviceGetPCIBusId(bus, sizeof bus, 0));
    int back = -1;
    CHECK(cudaDeviceGetByPCIBusId(&back, bus));
    EXPECT(back == 0, "PCI id %s gives device %d", bus, back);
    int chosen = -1;
    CHECK(cudaChooseDevice(&chosen, &p));
    EXPECT(chosen == 0, "cudaChooseDevice gave %d", chosen);
    printf("attributes: %d answered, %d refused; %s, %d SMs, CC %d.%d, bus %s\n", answered, refused, p.name,
           p.multiProcessorCount, p.major, p.minor, bus);
    return finish("attrs");
}

// ---- graph ----

__global__ void scale_add(float *x, float s, float add, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = x[i] * s + add;
}

struct host_log { int calls; float seen; const float *src; };
static void CUDART_CB note(void *p)
{
    host_log *l = (host_log *)p;
    l->calls++;
    l->seen = l->src[5];
}

static int graph()
{
    const int n = 1000;
    float *h = (float *)malloc(n * sizeof(float)), *out = (float *)calloc(n, sizeof(float)), *d;
    for (int i = 0; i < n; i++) h[i] = (float)i;
    CHECK(cudaMalloc(&d, n * sizeof(float)));
    cudaStream_t s;
    CHECK(cudaStreamCreate(&s));
    host_log log = { 0, 0, out };
    cudaStreamCaptureStatus st;
    CHECK(cudaStreamIsCapturing(s, &st));
    EXPECT(st == cudaStreamCaptureStatusNone, "capturing before the capture: %d", (int)st);
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    CHECK(cudaStreamIsCapturing(s, &st));
    EXPECT(st == cudaStreamCaptureStatusActive, "not capturing: %d", (int)st);
    CHECK(cudaMemcpyAsync(d, h, n * sizeof(float), cudaMemcpyHostToDevice, s));
    scale_add<<<(n + 127) / 128, 128, 0, s>>>(d, 2.0f, 1.0f, n);
    scale_add<<<(n + 127) / 128, 128, 0, s>>>(d, 1.0f, 3.0f, n);
    CHECK(cudaMemcpyAsync(out, d, n * sizeof(float), cudaMemcpyDeviceToHost, s));
    CHECK(cudaLaunchHostFunc(s, note, &log));
    cudaGraph_t g;
    CHECK(cudaStreamEndCapture(s, &g));
    EXPECT(log.calls == 0 && out[5] == 0.0f, "captured work ran during the capture");
    size_t nnodes = 0;
    CHECK(cudaGraphGetNodes(g, NULL, &nnodes));
    EXPECT(nnodes == 5, "%zu nodes captured, want 5", nnodes);
    cudaGraphExec_t ge;
    CHECK(cudaGraphInstantiate(&ge, g, NULL, NULL, 0));
    for (int rep = 0; rep < 3; rep++) {
        for (int i = 0; i < n; i++) h[i] = (float)(i + rep);
        CHECK(cudaGraphLaunch(ge, s));
        CHECK(cudaStreamSynchronize(s));
        int wrong = 0;
        for (int i = 0; i < n; i++) wrong += out[i] != (float)(i + rep) * 2.0f + 4.0f;
        EXPECT(wrong == 0, "replay %d: %d wrong", rep, wrong);
    }
    EXPECT(log.calls == 3 && log.seen == 7.0f * 2.0f + 4.0f, "the host node ran %d times and saw %g", log.calls, log.seen);
    // node by node: memset -> kernel -> copy -> host, the nodes added in another
    // order and the edges given afterwards
    cudaGraph_t g2;
    CHECK(cudaGraphCreate(&g2, 0));
    cudaGraphNode_t hostn, copyn, kern, memsetn, empty;
    host_log log2 = { 0, 0, out };
    cudaHostNodeParams hp = { note, &log2 };
    CHECK(cudaGraphAddHostNode(&hostn, g2, NULL, 0, &hp));
    CHECK(cudaGraphAddMemcpyNode1D(&copyn, g2, NULL, 0, out, d, n * sizeof(float), cudaMemcpyDeviceToHost));
    float s2 = 3.0f, a2 = 0.5f;
    int n2 = n;
    void *kargs[] = { &d, &s2, &a2, &n2 };
    cudaKernelNodeParams kp = {};
    kp.func = (void *)scale_add; kp.gridDim = dim3((n + 255) / 256); kp.blockDim = dim3(256); kp.kernelParams = kargs;
    CHECK(cudaGraphAddKernelNode(&kern, g2, NULL, 0, &kp));
    cudaMemsetParams mp = {};
    mp.dst = d; mp.value = 0; mp.elementSize = 4; mp.width = n; mp.height = 1;
    CHECK(cudaGraphAddMemsetNode(&memsetn, g2, NULL, 0, &mp));
    CHECK(cudaGraphAddEmptyNode(&empty, g2, &memsetn, 1));
    cudaGraphNode_t from[] = { empty, kern, copyn }, to[] = { kern, copyn, hostn };
    CHECK(cudaGraphAddDependencies(g2, from, to, 3));
    cudaGraphExec_t ge2;
    CHECK(cudaGraphInstantiate(&ge2, g2, NULL, NULL, 0));
    CHECK(cudaGraphLaunch(ge2, s));
    CHECK(cudaStreamSynchronize(s));
    int wrong = 0;
    for (int i = 0; i < n; i++) wrong += out[i] != 0.5f;
    EXPECT(wrong == 0 && log2.calls == 1 && log2.seen == 0.5f, "built graph: %d wrong, host node %d calls saw %g", wrong, log2.calls, log2.seen);
    // a new kernel argument in the instantiated graph
    s2 = 1.0f; a2 = 2.5f;
    CHECK(cudaGraphExecKernelNodeSetParams(ge2, kern, &kp));
    CHECK(cudaGraphLaunch(ge2, s));
    CHECK(cudaStreamSynchronize(s));
    EXPECT(out[7] == 2.5f, "after cudaGraphExecKernelNodeSetParams: %g", out[7]);
    // the built graph as a child of another, after a memset, and cloned;
    // an instantiated graph launched inside a capture
    cudaGraph_t parent, clone;
    cudaGraphNode_t pre, child;
    CHECK(cudaGraphCreate(&parent, 0));
    cudaMemsetParams mp2 = mp;
    mp2.value = 0x3f800000;   // 1.0f: the child's memset sets 0 again first
    CHECK(cudaGraphAddMemsetNode(&pre, parent, NULL, 0, &mp2));
    CHECK(cudaGraphAddChildGraphNode(&child, parent, &pre, 1, g2));
    CHECK(cudaGraphClone(&clone, parent));
    cudaGraphNodeType type;
    CHECK(cudaGraphNodeGetType(kern, &type));
    EXPECT(type == cudaGraphNodeTypeKernel, "kernel node type %d", (int)type);
    cudaGraphExec_t gp;
    CHECK(cudaGraphInstantiate(&gp, clone, NULL, NULL, 0));
    log2.calls = 0;
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    CHECK(cudaGraphLaunch(gp, s));
    CHECK(cudaGraphLaunch(gp, s));
    cudaGraph_t twice;
    CHECK(cudaStreamEndCapture(s, &twice));
    EXPECT(log2.calls == 0, "a graph launched into a capture ran");
    cudaGraphExec_t gt;
    CHECK(cudaGraphInstantiate(&gt, twice, NULL, NULL, 0));
    CHECK(cudaGraphLaunch(gt, s));
    CHECK(cudaStreamSynchronize(s));
    wrong = 0;
    for (int i = 0; i < n; i++) wrong += out[i] != 0.5f;   // the graph as first built: the params changed in ge2 only
    EXPECT(wrong == 0 && log2.calls == 2, "child graph launched twice in a capture: %d wrong, %d host calls", wrong, log2.calls);
    CHECK(cudaGraphExecDestroy(gp));
    CHECK(cudaGraphExecDestroy(gt));
    CHECK(cudaGraphDestroy(parent));
    CHECK(cudaGraphDestroy(clone));
    CHECK(cudaGraphDestroy(twice));
    // a cycle cannot be instantiated
    cudaGraph_t g3;
    cudaGraphNode_t e1, e2;
    CHECK(cudaGraphCreate(&g3, 0));
    CHECK(cudaGraphAddEmptyNode(&e1, g3, NULL, 0));
    CHECK(cudaGraphAddEmptyNode(&e2, g3, &e1, 1));
    CHECK(cudaGraphAddDependencies(g3, &e2, &e1, 1));
    cudaGraphExec_t ge3;
    EXPECT(cudaGraphInstantiate(&ge3, g3, NULL, NULL, 0) != cudaSuccess, "a graph with a cycle was instantiated");
    cudaGetLastError();
    CHECK(cudaGraphExecDestroy(ge));
    CHECK(cudaGraphExecDestroy(ge2));
    CHECK(cudaGraphDestroy(g));
    CHECK(cudaGraphDestroy(g2));
    CHECK(cudaGraphDestroy(g3));
    CHECK(cudaStreamDestroy(s));
    printf("graphs: captured %zu nodes, replayed 3 times; built 5 nodes\n", nnodes);
    return finish("graph");
}

// ---- misc ----

__global__ void fill3d(char *base, size_t pitch, int w, int h, int dd)
{
    int x = threadIdx.x, y = blockIdx.x % h, z = blockIdx.x / h;
    if (x < w && z < dd) ((int *)(base + (z * h + y) * pitch))[x] += x + 10 * y + 100 * z;
}

__global__ void add_one(int *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] += 1;
}

static int order_log[8], order_n;
static void CUDART_CB host_step(void *p) { order_log[order_n++] = (int)(size_t)p; }
static void CUDART_CB callback(cudaStream_t, cudaError_t e, void *p) { order_log[order_n++] = e == cudaSuccess ? (int)(size_t)p : -1; }

static void misc_3d()
{
    const int w = 20, h = 6, dd = 3;
    cudaPitchedPtr p;
    cudaExtent ext = make_cudaExtent(w * sizeof(int), h, dd);
    CHECK(cudaMalloc3D(&p, ext));
    EXPECT(p.pitch >= w * sizeof(int) && p.xsize == w * sizeof(int) && p.ysize == h, "pitch %zu xsize %zu ysize %zu", p.pitch, p.xsize, p.ysize);
    CHECK(cudaMemset3D(p, 0, ext));
    cudaExtent inner = make_cudaExtent((w - 4) * sizeof(int), h, dd);   // leave 4 columns as the memset left them
    CHECK(cudaMemset3D(p, 1, inner));
    fill3d<<<h * dd, 32>>>((char *)p.ptr, p.pitch, w, h, dd);
    static int host[dd][h][w];
    cudaMemcpy3DParms c = {};
    c.srcPtr = p;
    c.dstPtr = make_cudaPitchedPtr(host, w * sizeof(int), w, h);
    c.extent = ext;
    c.kind = cudaMemcpyDeviceToHost;
    CHECK(cudaMemcpy3D(&c));
    int wrong = 0;
    for (int z = 0; z < dd; z++) for (int y = 0; y < h; y++) for (int x = 0; x < w; x++)
        wrong += host[z][y][x] != (x < w - 4 ? 0x01010101 : 0) + x + 10 * y + 100 * z;
    EXPECT(wrong == 0, "3D: %d of %d wrong", wrong, w * h * dd);
    // back to the device with an offset, async, and out again
    static int back[dd][h][w];
    cudaMemcpy3DParms c2 = {};
    c2.srcPtr = make_cudaPitchedPtr(host, w * sizeof(int), w, h);
    c2.dstPtr = p;
    c2.extent = make_cudaExtent(w * sizeof(int), h, dd);
    c2.kind = cudaMemcpyHostToDevice;
    CHECK(cudaMemcpy3DAsync(&c2, 0));
    CHECK(cudaMemcpy2DAsync(back, w * sizeof(int), p.ptr, p.pitch, w * sizeof(int), h, cudaMemcpyDeviceToHost, 0));
    CHECK(cudaStreamSynchronize(0));
    EXPECT(!memcmp(back[0], host[0], sizeof back[0]), "2D async copy of the first slice");
    CHECK(cudaFree(p.ptr));
}

static void misc_memory()
{
    size_t free0, total, free1;
    CHECK(cudaMemGetInfo(&free0, &total));
    int *big;
    CHECK(cudaMalloc(&big, 64 << 20));
    CHECK(cudaMemGetInfo(&free1, &total));
    EXPECT(free0 <= total && free1 + (64 << 20) <= free0, "free %zu then %zu of %zu", free0, free1, total);
    CHECK(cudaFree(big));
    // pointer attributes
    int *dev, *pinned, *mapped, *managed, *mapped_dev;
    static int plain[64];
    CHECK(cudaMalloc(&dev, 256));
    CHECK(cudaMallocHost(&pinned, 256));
    CHECK(cudaHostAlloc(&mapped, 256 * sizeof(int), cudaHostAllocMapped));
    CHECK(cudaMallocManaged(&managed, 256));
    cudaPointerAttributes a;
    CHECK(cudaPointerGetAttributes(&a, dev + 3));
    EXPECT(a.type == cudaMemoryTypeDevice && a.devicePointer == dev + 3 && a.device == 0, "device pointer: type %d", (int)a.type);
    CHECK(cudaPointerGetAttributes(&a, pinned));
    EXPECT(a.type == cudaMemoryTypeHost && a.hostPointer == pinned, "pinned pointer: type %d", (int)a.type);
    CHECK(cudaPointerGetAttributes(&a, managed));
    EXPECT(a.type == cudaMemoryTypeManaged, "managed pointer: type %d", (int)a.type);
    CHECK(cudaPointerGetAttributes(&a, plain));
    EXPECT(a.type == cudaMemoryTypeUnregistered, "malloc'ed pointer: type %d", (int)a.type);
    // registered and mapped host memory
    CHECK(cudaHostRegister(plain, sizeof plain, cudaHostRegisterDefault));
    CHECK(cudaPointerGetAttributes(&a, plain));
    EXPECT(a.type == cudaMemoryTypeHost, "registered pointer: type %d", (int)a.type);
    CHECK(cudaHostUnregister(plain));
    EXPECT(cudaHostUnregister(plain) == cudaErrorHostMemoryNotRegistered, "unregistered twice");
    cudaGetLastError();
    for (int i = 0; i < 256; i++) mapped[i] = i;
    CHECK(cudaHostGetDevicePointer((void **)&mapped_dev, mapped, 0));
    add_one<<<2, 128>>>(mapped_dev, 256);
    CHECK(cudaDeviceSynchronize());
    int wrong = 0;
    for (int i = 0; i < 256; i++) wrong += mapped[i] != i + 1;
    EXPECT(wrong == 0, "a kernel on mapped host memory: %d wrong", wrong);
    CHECK(cudaFree(dev));
    CHECK(cudaFreeHost(pinned));
    CHECK(cudaFreeHost(mapped));
    CHECK(cudaFree(managed));
}

static void misc_streams()
{
    int least, greatest, prio;
    unsigned flags;
    CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
    EXPECT(greatest <= least, "priority range %d..%d", least, greatest);
    cudaStream_t s;
    CHECK(cudaStreamCreateWithPriority(&s, cudaStreamNonBlocking, greatest));
    CHECK(cudaStreamGetPriority(s, &prio));
    CHECK(cudaStreamGetFlags(s, &flags));
    EXPECT(prio == greatest && flags == cudaStreamNonBlocking, "priority %d flags %u", prio, flags);
    // stream-ordered allocation, the default pool, host work in stream order
    int *x, h[300];
    cudaMemPool_t pool;
    CHECK(cudaDeviceGetDefaultMemPool(&pool, 0));
    unsigned long long thr = 1 << 20, got = 0;
    CHECK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &thr));
    CHECK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &got));
    EXPECT(got == thr, "release threshold %llu", got);
    CHECK(cudaMallocAsync((void **)&x, 300 * sizeof(int), s));
    CHECK(cudaMemsetAsync(x, 0, 300 * sizeof(int), s));
    order_n = 0;
    CHECK(cudaLaunchHostFunc(s, host_step, (void *)1));
    add_one<<<3, 128, 0, s>>>(x, 300);
    CHECK(cudaStreamAddCallback(s, callback, (void *)2, 0));
    CHECK(cudaMemcpyAsync(h, x, sizeof h, cudaMemcpyDeviceToHost, s));
    CHECK(cudaLaunchHostFunc(s, host_step, (void *)3));
    CHECK(cudaFreeAsync(x, s));
    cudaEvent_t ev;
    CHECK(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming));
    CHECK(cudaEventRecordWithFlags(ev, s, cudaEventRecordDefault));
    CHECK(cudaEventSynchronize(ev));
    CHECK(cudaStreamSynchronize(s));
    EXPECT(order_n == 3 && order_log[0] == 1 && order_log[1] == 2 && order_log[2] == 3, "host work ran %d times, order %d %d %d",
           order_n, order_log[0], order_log[1], order_log[2]);
    int wrong = 0;
    for (int i = 0; i < 300; i++) wrong += h[i] != 1;
    EXPECT(wrong == 0, "stream-ordered allocation: %d wrong", wrong);
    CHECK(cudaEventDestroy(ev));
    CHECK(cudaStreamDestroy(s));
}

static void misc_device()
{
    size_t v;
    CHECK(cudaDeviceSetLimit(cudaLimitStackSize, 4096));
    CHECK(cudaDeviceGetLimit(&v, cudaLimitStackSize));
    EXPECT(v == 4096, "stack size %zu", v);
    CHECK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 32 << 20));
    CHECK(cudaDeviceGetLimit(&v, cudaLimitMallocHeapSize));
    EXPECT(v == 32 << 20, "malloc heap %zu", v);
    CHECK(cudaDeviceGetLimit(&v, cudaLimitPrintfFifoSize));
    EXPECT(v > 0, "printf FIFO %zu", v);
    EXPECT(cudaDeviceSetLimit((cudaLimit)99, 1) == cudaErrorInvalidValue, "limit 99");
    cudaGetLastError();
    CHECK(cudaDeviceSetCacheConfig(cudaFuncCachePreferShared));
    CHECK(cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeFourByte));
    unsigned flags;
    CHECK(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync));
    CHECK(cudaGetDeviceFlags(&flags));
    EXPECT((flags & cudaDeviceScheduleBlockingSync) != 0, "device flags 0x%x", flags);
    cudaFuncAttributes fa;
    CHECK(cudaFuncGetAttributes(&fa, add_one));
    EXPECT(fa.maxThreadsPerBlock > 0 && fa.numRegs > 0 && fa.binaryVersion >= 80, "function attributes: %d threads %d regs version %d",
           fa.maxThreadsPerBlock, fa.numRegs, fa.binaryVersion);
    size_t dyn = 0;
    CHECK(cudaOccupancyAvailableDynamicSMemPerBlock(&dyn, add_one, 1, 128));
    EXPECT(dyn > 0, "dynamic shared memory available %zu", dyn);
    int blocks = 0, min_grid = 0, best = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, add_one, 128, 0));
    EXPECT(blocks > 0, "%d blocks per SM", blocks);
    CHECK(cudaOccupancyMaxPotentialBlockSize(&min_grid, &best, add_one, 0, 0));
    EXPECT(best > 0 && best <= 1024 && min_grid > 0, "cudaOccupancyMaxPotentialBlockSize: block %d, grid %d", best, min_grid);
    CHECK(cudaProfilerStart());
    CHECK(cudaProfilerStop());
}

static int misc()
{
    misc_3d();
    misc_memory();
    misc_streams();
    misc_device();
    printf("misc: 3D copies, memory info, pointers, mapped memory, streams, pools, limits\n");
    return finish("misc");
}

// ---- bad ----

#define REFUSED(call, want) do { cudaError_t e_ = (call); cudaGetLastError(); \
    EXPECT(e_ == (want), "%s gave %s, want %s", #call, cudaGetErrorName(e_), #want); } while (0)

static int bad()
{
    cudaStream_t s, nosuch = (cudaStream_t)0x1234;
    CHECK(cudaStreamCreate(&s));
    int v;
    unsigned u;
    size_t n;
    REFUSED(cudaStreamGetPriority(nosuch, &v), cudaErrorInvalidResourceHandle);
    REFUSED(cudaStreamGetFlags(s, NULL), cudaErrorInvalidValue);
    REFUSED(cudaLaunchHostFunc(s, NULL, NULL), cudaErrorInvalidValue);
    REFUSED(cudaEventRecord(NULL, s), cudaErrorInvalidResourceHandle);
    REFUSED(cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal), cudaErrorStreamCaptureUnsupported);
    cudaGraph_t g;
    REFUSED(cudaStreamEndCapture(s, &g), cudaErrorIllegalState);
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    REFUSED(cudaStreamSynchronize(s), cudaErrorStreamCaptureUnsupported);
    REFUSED(cudaMallocAsync((void **)&v, 16, s), cudaErrorStreamCaptureUnsupported);
    CHECK(cudaStreamEndCapture(s, &g));
    REFUSED(cudaGraphInstantiate(NULL, g, NULL, NULL, 0), cudaErrorInvalidValue);
    REFUSED(cudaGraphLaunch(NULL, s), cudaErrorInvalidValue);
    REFUSED(cudaGraphAddKernelNode(NULL, g, NULL, 0, NULL), cudaErrorInvalidValue);
    cudaGraph_t other;
    cudaGraphNode_t a, b;
    CHECK(cudaGraphCreate(&other, 0));
    CHECK(cudaGraphAddEmptyNode(&a, g, NULL, 0));
    CHECK(cudaGraphAddEmptyNode(&b, other, NULL, 0));
    REFUSED(cudaGraphAddDependencies(g, &a, &b, 1), cudaErrorInvalidValue);
    REFUSED(cudaGraphAddEmptyNode(&a, g, &b, 1), cudaErrorInvalidValue);
    REFUSED(cudaGraphGetNodes(g, NULL, NULL), cudaErrorInvalidValue);
    REFUSED(cudaMemcpy3D(NULL), cudaErrorInvalidValue);
    REFUSED(cudaMalloc3D(NULL, make_cudaExtent(4, 4, 4)), cudaErrorInvalidValue);
    cudaPitchedPtr pp = make_cudaPitchedPtr(NULL, 64, 64, 4);
    REFUSED(cudaMemset3D(pp, 0, make_cudaExtent(128, 4, 1)), cudaErrorInvalidPitchValue);
    REFUSED(cudaMemset3D(pp, 0, make_cudaExtent(64, 4, 1)), cudaErrorInvalidValue);
    REFUSED(cudaPointerGetAttributes(NULL, &v), cudaErrorInvalidValue);
    REFUSED(cudaHostUnregister(NULL), cudaErrorHostMemoryNotRegistered);
    REFUSED(cudaHostGetDevicePointer((void **)&a, &v, 0), cudaErrorInvalidValue);
    REFUSED(cudaHostRegister(NULL, 16, 0), cudaErrorInvalidValue);
    cudaMemPool_t pool;
    REFUSED(cudaDeviceGetDefaultMemPool(&pool, 3), cudaErrorInvalidDevice);
    CHECK(cudaDeviceGetDefaultMemPool(&pool, 0));
    REFUSED(cudaMemPoolSetAttribute(pool, (cudaMemPoolAttr)99, &v), cudaErrorInvalidValue);
    REFUSED(cudaMemPoolDestroy(pool), cudaErrorInvalidValue);
    REFUSED(cudaLaunchCooperativeKernel((void *)bad, dim3(1), dim3(32), NULL, 0, s), cudaErrorInvalidDeviceFunction);
    REFUSED(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 1 << 20), cudaErrorInvalidValue);
    REFUSED(cudaDeviceGetLimit(NULL, cudaLimitStackSize), cudaErrorInvalidValue);
    REFUSED(cudaFuncSetAttribute(add_one, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 << 20), cudaErrorInvalidValue);
    REFUSED(cudaOccupancyAvailableDynamicSMemPerBlock(NULL, add_one, 1, 128), cudaErrorInvalidValue);
    REFUSED(cudaDeviceGetPCIBusId(NULL, 0, 0), cudaErrorInvalidValue);
    REFUSED(cudaDeviceGetByPCIBusId(&v, "0000:99:00.0"), cudaErrorInvalidDevice);
    REFUSED(cudaSetDeviceFlags(0x100), cudaErrorInvalidValue);
    REFUSED(cudaGetDeviceFlags(NULL), cudaErrorInvalidValue);
    REFUSED(cudaStreamIsCapturing(s, NULL), cudaErrorInvalidValue);
    REFUSED(cudaEventRecordWithFlags(NULL, s, 7), cudaErrorInvalidValue);
    REFUSED(cudaMemGetInfo(NULL, NULL), cudaSuccess);
    (void)u; (void)n;
    CHECK(cudaGraphDestroy(g));
    CHECK(cudaGraphDestroy(other));
    CHECK(cudaStreamDestroy(s));
    REFUSED(cudaStreamDestroy(s), cudaErrorInvalidResourceHandle);
    return finish("bad");
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "attrs";
    if (!strcmp(mode, "attrs")) return attrs();
    if (!strcmp(mode, "graph")) return graph();
    if (!strcmp(mode, "misc")) return misc();
    if (!strcmp(mode, "bad")) return bad();
    if (!strcmp(mode, "unimpl")) {
        cudaIpcMemHandle_t hdl;
        int *d;
        CHECK(cudaMalloc(&d, 64));
        CHECK(cudaIpcGetMemHandle(&hdl, d));
        printf("got a handle\n");
        return 0;
    }
    fprintf(stderr, "usage: runtime attrs|graph|misc|bad|unimpl\n");
    return 2;
}
