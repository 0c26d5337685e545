/* sim/cuda/cudart_ptsz.c — the per-thread default stream forms (_ptsz,
 * _ptds: nvcc --default-stream per-thread) of the calls the stand-in
 * libcudart implements, and the small stream queries of CUDA 12 and 13.
 * Every stream is one ordered timeline here (cudart_stream.c), so each form
 * is the plain call. */
#include "cudart.h"
#include <string.h>

cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block, void **args, size_t shared, cudaStream_t stream);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t n, int kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t n, int kind, cudaStream_t st);
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t w, size_t h, int kind);
cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t w, size_t h, int kind, cudaStream_t st);
cudaError_t cudaMemset(void *dst, int value, size_t n);
cudaError_t cudaMemsetAsync(void *dst, int value, size_t n, cudaStream_t st);
cudaError_t cudaMemset2D(void *dst, size_t pitch, int value, size_t w, size_t h);
cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t n, size_t offset, int kind);
cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t n, size_t offset, int kind);
cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t n, size_t offset, int kind, cudaStream_t st);
cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t n, size_t offset, int kind, cudaStream_t st);
cudaError_t cudaStreamGetCaptureInfo(cudaStream_t s, int *status, unsigned long long *id, void *graph, const void *const **deps, void *a6, void *a7);
cudaError_t cudaStreamGetCaptureInfo_v2(cudaStream_t s, int *status, unsigned long long *id, void *graph, const void *const **deps, size_t *count);
cudaError_t cudaGraphUpload(void *x, cudaStream_t s);

CUDART_API cudaError_t cudaLaunchKernel_ptsz(const void *func, dim3 grid, dim3 block, void **args, size_t shared, cudaStream_t st)
{
    return cudaLaunchKernel(func, grid, block, args, shared, st);
}
CUDART_API cudaError_t cudaMemcpy_ptds(void *dst, const void *src, size_t n, int kind) { return cudaMemcpy(dst, src, n, kind); }
CUDART_API cudaError_t cudaMemcpyAsync_ptsz(void *dst, const void *src, size_t n, int kind, cudaStream_t st) { return cudaMemcpyAsync(dst, src, n, kind, st); }
CUDART_API cudaError_t cudaMemcpy2D_ptds(void *dst, size_t dp, const void *src, size_t sp, size_t w, size_t h, int kind)
{
    return cudaMemcpy2D(dst, dp, src, sp, w, h, kind);
}
CUDART_API cudaError_t cudaMemcpy2DAsync_ptsz(void *dst, size_t dp, const void *src, size_t sp, size_t w, size_t h, int kind, cudaStream_t st)
{
    return cudaMemcpy2DAsync(dst, dp, src, sp, w, h, kind, st);
}
CUDART_API cudaError_t cudaMemset_ptds(void *dst, int v, size_t n) { return cudaMemset(dst, v, n); }
CUDART_API cudaError_t cudaMemsetAsync_ptsz(void *dst, int v, size_t n, cudaStream_t st) { return cudaMemsetAsync(dst, v, n, st); }
CUDART_API cudaError_t cudaMemset2D_ptds(void *dst, size_t pitch, int v, size_t w, size_t h) { return cudaMemset2D(dst, pitch, v, w, h); }
CUDART_API cudaError_t cudaMemcpyToSymbol_ptds(const void *sym, const void *src, size_t n, size_t off, int kind) { return cudaMemcpyToSymbol(sym, src, n, off, kind); }
CUDART_API cudaError_t cudaMemcpyFromSymbol_ptds(void *dst, const void *sym, size_t n, size_t off, int kind) { return cudaMemcpyFromSymbol(dst, sym, n, off, kind); }
CUDART_API cudaError_t cudaMemcpyToSymbolAsync_ptsz(const void *sym, const void *src, size_t n, size_t off, int kind, cudaStream_t st)
{
    return cudaMemcpyToSymbolAsync(sym, src, n, off, kind, st);
}
CUDART_API cudaError_t cudaMemcpyFromSymbolAsync_ptsz(void *dst, const void *sym, size_t n, size_t off, int kind, cudaStream_t st)
{
    return cudaMemcpyFromSymbolAsync(dst, sym, n, off, kind, st);
}
CUDART_API cudaError_t cudaStreamGetCaptureInfo_ptsz(cudaStream_t s, int *status, unsigned long long *id, void *graph, const void *const **deps,
                                                     void *a6, void *a7)
{
    return cudaStreamGetCaptureInfo(s, status, id, graph, deps, a6, a7);
}
CUDART_API cudaError_t cudaStreamGetCaptureInfo_v2_ptsz(cudaStream_t s, int *status, unsigned long long *id, void *graph, const void *const **deps,
                                                        size_t *count)
{
    return cudaStreamGetCaptureInfo_v2(s, status, id, graph, deps, count);
}
/* CUDA 12.3 to 12.9's form with edge data (CUDA 13's cudaStreamGetCaptureInfo) */
CUDART_API cudaError_t cudaStreamGetCaptureInfo_v3(cudaStream_t s, int *status, unsigned long long *id, void *graph, const void *const **deps,
                                                   const void **edges, size_t *count)
{
    cudaError_t e = cudaStreamGetCaptureInfo_v2(s, status, id, graph, deps, count);
    if (!e && edges) *edges = NULL;
    return e;
}
CUDART_API cudaError_t cudaStreamGetCaptureInfo_v3_ptsz(cudaStream_t s, int *status, unsigned long long *id, void *graph,
                                                        const void *const **deps, const void **edges, size_t *count)
{
    return cudaStreamGetCaptureInfo_v3(s, status, id, graph, deps, edges, count);
}
CUDART_API cudaError_t cudaGraphUpload_ptsz(void *x, cudaStream_t s) { return cudaGraphUpload(x, s); }

/* ---- CUDA 12 and 13 stream queries ---- */

CUDART_API cudaError_t cudaStreamGetId(cudaStream_t s, unsigned long long *id)
{
    int bad;
    struct cudart_stream *st = cudart_stream_of(s, &bad);
    if (bad || !id) return cudart_ret(bad ? cudaErrorInvalidResourceHandle : cudaErrorInvalidValue);
    *id = st ? (unsigned long long)(uintptr_t)st : (unsigned long long)(uintptr_t)s;   /* unique while it lives */
    return cudaSuccess;
}
CUDART_API cudaError_t cudaStreamGetId_ptsz(cudaStream_t s, unsigned long long *id) { return cudaStreamGetId(s, id); }
CUDART_API cudaError_t cudaStreamGetDevice(cudaStream_t s, int *dev)
{
    int bad;
    cudart_stream_of(s, &bad);
    if (bad || !dev) return cudart_ret(bad ? cudaErrorInvalidResourceHandle : cudaErrorInvalidValue);
    *dev = 0;
    return cudaSuccess;
}
CUDART_API cudaError_t cudaStreamGetDevice_ptsz(cudaStream_t s, int *dev) { return cudaStreamGetDevice(s, dev); }

/* launch attributes on a stream (cudaLaunchAttributeValue, 64 bytes): the
 * priority is kept; access policy windows and synchronisation policies are
 * hints warpsim does not model, accepted and answered as 0 */
CUDART_API cudaError_t cudaStreamSetAttribute(cudaStream_t s, int attr, const void *value)
{
    int bad;
    struct cudart_stream *st = cudart_stream_of(s, &bad);
    if (bad || !value) return cudart_ret(bad ? cudaErrorInvalidResourceHandle : cudaErrorInvalidValue);
    if (attr == 8 && st) memcpy(&st->priority, value, sizeof st->priority);   /* cudaLaunchAttributePriority */
    return cudaSuccess;
}
CUDART_API cudaError_t cudaStreamGetAttribute(cudaStream_t s, int attr, void *value)
{
    int bad;
    struct cudart_stream *st = cudart_stream_of(s, &bad);
    if (bad || !value) return cudart_ret(bad ? cudaErrorInvalidResourceHandle : cudaErrorInvalidValue);
    memset(value, 0, 64);
    if (attr == 8 && st) memcpy(value, &st->priority, sizeof st->priority);
    return cudaSuccess;
}
CUDART_API cudaError_t cudaStreamSetAttribute_ptsz(cudaStream_t s, int attr, const void *v) { return cudaStreamSetAttribute(s, attr, v); }
CUDART_API cudaError_t cudaStreamGetAttribute_ptsz(cudaStream_t s, int attr, void *v) { return cudaStreamGetAttribute(s, attr, v); }

/* managed memory attached to a stream: one device, nothing to do */
CUDART_API cudaError_t cudaStreamAttachMemAsync(cudaStream_t s, void *p, size_t n, unsigned flags)
{
    (void)n; (void)flags;
    int bad;
    cudart_stream_of(s, &bad);
    if (bad) return cudart_fail("cudaStreamAttachMemAsync", cudaErrorInvalidResourceHandle, "%p is not a stream of cudaStreamCreate (or was destroyed)", (void *)s);
    if (cudart_alloc_of((uint64_t)(uintptr_t)p, 1) < 0) {
        cudart_say("cudaStreamAttachMemAsync", "%p is not memory of cudaMallocManaged", p);
        return cudart_ret(cudaErrorInvalidValue);
    }
    return cudaSuccess;
}
CUDART_API cudaError_t cudaStreamAttachMemAsync_ptsz(cudaStream_t s, void *p, size_t n, unsigned f) { return cudaStreamAttachMemAsync(s, p, n, f); }
