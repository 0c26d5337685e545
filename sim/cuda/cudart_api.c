/* sim/cuda/cudart_api.c — the CUDA runtime calls of the stand-in libcudart
 * that nvcc's generated code and ordinary programs make: registration,
 * <<<...>>> launches, device memory (warpsim's simulated global memory),
 * copies and memsets, events (simulated time) and errors. Streams and
 * capture: cudart_stream.c; graphs: cudart_graph.c; 3D memory, pointers and
 * pools: cudart_memory.c; device queries: cudart_attr.c, cudart_device.c. */
#include "cudart.h"
#include "util/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define INIT_OR_FAIL() do { if (cudart_init()) return cudart_ret(cudaErrorInitializationError); } while (0)

/* ---- registration (nvcc's host code: crt/host_runtime.h) ---- */

static void *fatbin_handle[4];

CUDART_API void **__cudaRegisterFatBinary(void *fat_cubin)
{
    (void)fat_cubin;
    cudart_init();
    return fatbin_handle;
}
CUDART_API void __cudaRegisterFatBinaryEnd(void **handle) { (void)handle; }
CUDART_API void __cudaUnregisterFatBinary(void **handle) { (void)handle; }
CUDART_API char __cudaInitModule(void **handle) { (void)handle; return 1; }

CUDART_API void __cudaRegisterFunction(void **handle, const char *host_fun, char *device_fun, const char *device_name,
                                       int thread_limit, void *tid, void *bid, void *bdim, void *gdim, int *wsize)
{
    (void)handle; (void)device_name; (void)thread_limit; (void)tid; (void)bid; (void)bdim; (void)gdim; (void)wsize;
    cudart.funcs = xrealloc(cudart.funcs, sizeof *cudart.funcs * (size_t)(cudart.nfuncs + 1));
    cudart_func *f = &cudart.funcs[cudart.nfuncs++];
    memset(f, 0, sizeof *f);
    f->host_fun = host_fun;
    f->carveout = -1;
    snprintf(f->name, sizeof f->name, "%s", device_fun);
}

/* the initial value the dumps' ELF listings give variable name, or NULL */
static const struct isa_varinit *initial_value(const char *name)
{
    for (int i = 0; i < cudart.prog.nvarinit; i++)
        if (!strcmp(cudart.prog.varinit[i].name, name)) return &cudart.prog.varinit[i];
    return NULL;
}

CUDART_API void __cudaRegisterVar(void **handle, char *host_var, char *device_address, const char *device_name,
                                  int ext, size_t size, int constant, int global)
{
    (void)handle; (void)device_name; (void)ext; (void)global;
    if (cudart_init()) return;
    cudart.vars = xrealloc(cudart.vars, sizeof *cudart.vars * (size_t)(cudart.nvars + 1));
    cudart_var *v = &cudart.vars[cudart.nvars++];
    memset(v, 0, sizeof *v);
    v->host_var = host_var;
    snprintf(v->name, sizeof v->name, "%s", device_address);
    v->size = size;
    v->addr = cudart_malloc(size ? size : 1, constant ? "__constant__" : "__device__");
    /* the variable's initial value is the cubin's (the ELF listing beside the
     * dump), as CUDA's loader sets it; the host shadow's without one */
    const struct isa_varinit *init = initial_value(v->name);
    if (v->addr && init) cudart_copy(v->addr, init->data, init->size < size ? init->size : size, 1);
    else if (v->addr && size) cudart_copy(v->addr, host_var, size, 1);
}

/* a __managed__ variable: managed memory, which host code reaches through
 * the pointer nvcc's code keeps at host_var_ptr and kernels by the address
 * the loader patches in; the symbol API finds it by that address */
CUDART_API void __cudaRegisterManagedVar(void **handle, void **host_var_ptr, char *device_address, const char *device_name,
                                         int ext, size_t size, int constant, int global)
{
    (void)handle; (void)device_name; (void)ext; (void)constant; (void)global;
    if (cudart_init()) return;
    uint64_t a = cudart_malloc_managed(size ? size : 1, "__managed__");
    if (!a) {
        cudart_say("__cudaRegisterManagedVar", "__managed__ variable %s: no host address range free for its %zu bytes",
                   device_address, size);
        cudart_event_note("bad-input", NULL);
        return;
    }
    cudart.vars = xrealloc(cudart.vars, sizeof *cudart.vars * (size_t)(cudart.nvars + 1));
    cudart_var *v = &cudart.vars[cudart.nvars++];
    memset(v, 0, sizeof *v);
    v->host_var = (const void *)(uintptr_t)a;
    snprintf(v->name, sizeof v->name, "%s", device_address);
    v->size = size;
    v->addr = a;
    const struct isa_varinit *init = initial_value(v->name);
    if (init) memcpy((void *)(uintptr_t)a, init->data, init->size < size ? init->size : size);
    if (host_var_ptr) *host_var_ptr = (void *)(uintptr_t)a;
}

CUDART_API unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shared, cudaStream_t stream)
{
    if (cudart.npushed == 8) return cudaErrorInvalidConfiguration;
    cudart.pushed[cudart.npushed].grid = grid;
    cudart.pushed[cudart.npushed].block = block;
    cudart.pushed[cudart.npushed].shared = shared;
    cudart.pushed[cudart.npushed].stream = stream;
    cudart.npushed++;
    return 0;
}

CUDART_API cudaError_t __cudaPopCallConfiguration(dim3 *grid, dim3 *block, size_t *shared, cudaStream_t *stream)
{
    if (!cudart.npushed) return cudaErrorInvalidConfiguration;
    cudart.npushed--;
    *grid = cudart.pushed[cudart.npushed].grid;
    *block = cudart.pushed[cudart.npushed].block;
    *shared = cudart.pushed[cudart.npushed].shared;
    *stream = cudart.pushed[cudart.npushed].stream;
    return cudaSuccess;
}

CUDART_API cudaError_t cudaLaunchKernel(const void *func, dim3 grid, dim3 block, void **args, size_t shared, cudaStream_t stream)
{
    INIT_OR_FAIL();
    const cudart_func *f = cudart_find_func(func, "cudaLaunchKernel");
    if (!f) return cudart_ret(cudaErrorInvalidDeviceFunction);
    return cudart_enqueue_launch(f, grid, block, args, shared, stream, 0, "cudaLaunchKernel");
}

/* CUDA 12.4+ code launches through a kernel handle: the registered function */
CUDART_API cudaError_t __cudaGetKernel(const void **kernel, const void *func)
{
    INIT_OR_FAIL();
    const cudart_func *f = cudart_find_func(func, "__cudaGetKernel");
    if (!f) return cudart_ret(cudaErrorInvalidDeviceFunction);
    *kernel = f;
    return cudaSuccess;
}
CUDART_API cudaError_t __cudaLaunchKernel(const void *kernel, dim3 grid, dim3 block, void **args, size_t shared, cudaStream_t stream)
{
    INIT_OR_FAIL();
    for (int i = 0; i < cudart.nfuncs; i++)
        if (kernel == &cudart.funcs[i]) return cudart_enqueue_launch(&cudart.funcs[i], grid, block, args, shared, stream, 0, "cudaLaunchKernel");
    cudart_say("__cudaLaunchKernel", "%p is not a kernel handle of __cudaGetKernel", kernel);
    return cudart_ret(cudaErrorInvalidDeviceFunction);
}
CUDART_API cudaError_t __cudaLaunchKernel_ptsz(const void *kernel, dim3 grid, dim3 block, void **args, size_t shared, cudaStream_t stream)
{
    return __cudaLaunchKernel(kernel, grid, block, args, shared, stream);
}

/* ---- memory ---- */

CUDART_API cudaError_t cudaMalloc(void **ptr, size_t size)
{
    INIT_OR_FAIL();
    if (cudart.sticky_error) return cudart_ret(cudart.sticky_error);   /* after a fault, as the H100's (devlib.h100.txt) */
    if (!ptr) return cudart_ret(cudaErrorInvalidValue);
    *ptr = NULL;
    if (!size) return cudaSuccess;
    uint64_t a = cudart_malloc(size, "cudaMalloc");
    if (!a) return cudart_ret(cudaErrorMemoryAllocation);
    *ptr = (void *)(uintptr_t)a;
    return cudaSuccess;
}

/* managed memory: the same pointer on the host and in kernels (flags:
 * cudaMemAttachGlobal or Host; one device, so they change nothing) */
CUDART_API cudaError_t cudaMallocManaged(void **ptr, size_t size, unsigned flags)
{
    (void)flags;
    INIT_OR_FAIL();
    if (!ptr) return cudart_ret(cudaErrorInvalidValue);
    uint64_t a = cudart_malloc_managed(size ? size : 1, "cudaMallocManaged");
    if (!a) {
        cudart_say("cudaMallocManaged", "no host address range free for %zu bytes", size);
        return cudart_ret(cudaErrorMemoryAllocation);
    }
    *ptr = (void *)(uintptr_t)a;
    return cudaSuccess;
}

/* one device and no page migration: prefetching and advice change nothing;
 * only the range is checked (the arguments after it differ between CUDA 11
 * and 13, and are not read) */
static cudaError_t managed_range(const char *call, const void *p, size_t n)
{
    INIT_OR_FAIL();
    if (cudart_alloc_of((uint64_t)(uintptr_t)p, n ? n : 1) >= 0) return cudaSuccess;
    cudart_say(call, "%zu bytes at %p: not within one allocation of cudaMallocManaged or cudaMalloc", n, p);
    return cudart_ret(cudaErrorInvalidValue);
}
CUDART_API cudaError_t cudaMemPrefetchAsync(const void *p, size_t n) { return managed_range("cudaMemPrefetchAsync", p, n); }
CUDART_API cudaError_t cudaMemPrefetchAsync_ptsz(const void *p, size_t n) { return managed_range("cudaMemPrefetchAsync", p, n); }
CUDART_API cudaError_t cudaMemAdvise(const void *p, size_t n) { return managed_range("cudaMemAdvise", p, n); }

CUDART_API cudaError_t cudaFree(void *ptr)
{
    INIT_OR_FAIL();
    if (!ptr) return cudaSuccess;
    for (int i = 0; i < cudart.nallocs; i++)
        if (cudart.allocs[i].base == (uint64_t)(uintptr_t)ptr && !cudart.allocs[i].freed) {
            cudart.allocs[i].freed = 1;
            gmem_release(cudart.mem, cudart.allocs[i].buffer);
            return cudaSuccess;
        }
    cudart_say("cudaFree", "%p is not a device allocation (or was freed already)", ptr);
    return cudart_ret(cudaErrorInvalidValue);
}

CUDART_API cudaError_t cudaMallocHost(void **ptr, size_t size)
{
    if (!ptr) return cudart_ret(cudaErrorInvalidValue);
    if (posix_memalign(ptr, 4096, size ? size : 1)) return cudart_ret(cudaErrorMemoryAllocation);
    cudart_pinned_add(*ptr, size);
    return cudaSuccess;
}
CUDART_API cudaError_t cudaFreeHost(void *ptr)
{
    if (!ptr) return cudaSuccess;
    if (!cudart_free_mapped(ptr)) return cudaSuccess;
    if (cudart_pinned_remove(ptr)) {
        cudart_say("cudaFreeHost", "%p is not memory of cudaMallocHost or cudaHostAlloc (or was freed already)", ptr);
        return cudart_ret(cudaErrorInvalidValue);
    }
    free(ptr);
    return cudaSuccess;
}

/* kind resolved (cudaMemcpyDefault: from the addresses) */
int cudart_direction(const void *dst, const void *src, size_t n, int kind)
{
    if (kind != cudaMemcpyDefault) return kind;
    int dd = cudart_alloc_of((uint64_t)(uintptr_t)dst, n) >= 0, sd = cudart_alloc_of((uint64_t)(uintptr_t)src, n) >= 0;
    return dd ? (sd ? cudaMemcpyDeviceToDevice : cudaMemcpyHostToDevice) : (sd ? cudaMemcpyDeviceToHost : cudaMemcpyHostToHost);
}

/* one copy; its time is charged by the caller (a 2D copy is one transfer) */
cudaError_t cudart_memcpy_untimed(const char *call, void *dst, const void *src, size_t n, int kind)
{
    INIT_OR_FAIL();
    cudart_printf_flush();   /* a copy is one of the driver's printf points */
    if (cudart.sticky_error) return cudart_ret(cudart.sticky_error);
    if (!n) return cudaSuccess;
    uint64_t d = (uint64_t)(uintptr_t)dst, s = (uint64_t)(uintptr_t)src;
    switch (cudart_direction(dst, src, n, kind)) {
    case cudaMemcpyHostToHost: memmove(dst, src, n); return cudaSuccess;
    case cudaMemcpyHostToDevice:
        if (cudart_alloc_of(d, n) < 0) break;
        cudart_copy(d, (void *)src, n, 1);
        return cudaSuccess;
    case cudaMemcpyDeviceToHost:
        if (cudart_alloc_of(s, n) < 0) break;
        cudart_copy(s, dst, n, 0);
        return cudaSuccess;
    case cudaMemcpyDeviceToDevice: {
        if (cudart_alloc_of(d, n) < 0 || cudart_alloc_of(s, n) < 0) break;
        void *tmp = xmalloc(n);
        cudart_copy(s, tmp, n, 0);
        cudart_copy(d, tmp, n, 1);
        free(tmp);
        return cudaSuccess;
    }
    default:
        cudart_say(call, "kind %d is not a cudaMemcpyKind", kind);
        return cudart_ret(cudaErrorInvalidMemcpyDirection);
    }
    cudart_say(call, "%zu bytes from %p to %p (kind %d): the device side is not within one device allocation", n, src, dst, kind);
    return cudart_ret(cudaErrorInvalidValue);
}

/* a copy and its simulated time (the host side: src to the device, dst from it) */
static cudaError_t memcpy_timed(const char *call, void *dst, const void *src, size_t n, int kind)
{
    cudaError_t e = cudart_memcpy_untimed(call, dst, src, n, kind);
    int dir = cudart_direction(dst, src, n, kind);
    if (!e && n) cudart_charge_copy(dir, n, dir == cudaMemcpyDeviceToHost ? dst : src);
    return e;
}
CUDART_API cudaError_t cudaMemcpy(void *dst, const void *src, size_t n, int kind) { return memcpy_timed("cudaMemcpy", dst, src, n, kind); }
CUDART_API cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t n, int kind, cudaStream_t st)
{
    cudart_work w = { .kind = WORK_COPY, .dst = dst, .src = src, .dpitch = n, .spitch = n, .width = n, .height = 1, .copy_kind = kind };
    return cudart_enqueue(st, &w, "cudaMemcpyAsync");
}

cudaError_t cudart_memcpy2d(const char *call, void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                            size_t height, int kind)
{
    if (width > dpitch || width > spitch) {
        cudart_say(call, "width %zu is more than a pitch (%zu, %zu)", width, dpitch, spitch);
        return cudart_ret(cudaErrorInvalidPitchValue);
    }
    for (size_t r = 0; r < height; r++) {
        cudaError_t e = cudart_memcpy_untimed(call, (char *)dst + r * dpitch, (const char *)src + r * spitch, width, kind);
        if (e) return e;
    }
    int dir = height && width ? cudart_direction(dst, src, width, kind) : cudaMemcpyHostToHost;
    cudart_charge_copy(dir, (uint64_t)width * height, dir == cudaMemcpyDeviceToHost ? dst : src);
    return cudaSuccess;
}
CUDART_API cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t w, size_t h, int kind)
{
    return cudart_memcpy2d("cudaMemcpy2D", dst, dpitch, src, spitch, w, h, kind);
}
CUDART_API cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t w, size_t h, int kind,
                                         cudaStream_t st)
{
    cudart_work wk = { .kind = WORK_COPY, .dst = dst, .src = src, .dpitch = dpitch, .spitch = spitch, .width = w, .height = h, .copy_kind = kind };
    return cudart_enqueue(st, &wk, "cudaMemcpy2DAsync");
}

CUDART_API cudaError_t cudaMallocPitch(void **ptr, size_t *pitch, size_t width, size_t height)
{
    if (!pitch) return cudart_ret(cudaErrorInvalidValue);
    *pitch = (width + 511) / 512 * 512;
    return cudaMalloc(ptr, *pitch * height);
}

/* n bytes at dst: value in every byte (elem 1), or in every 2 or 4 */
static cudaError_t memset_any(const char *call, void *dst, unsigned value, unsigned elem, size_t n)
{
    INIT_OR_FAIL();
    if (cudart.sticky_error) return cudart_ret(cudart.sticky_error);
    if (!n) return cudaSuccess;
    uint64_t d = (uint64_t)(uintptr_t)dst;
    if (cudart_alloc_of(d, n) < 0) {
        cudart_say(call, "%zu bytes at %p: not within one device allocation", n, dst);
        return cudart_ret(cudaErrorInvalidValue);
    }
    uint8_t *tmp = xmalloc(n);
    if (elem == 1) memset(tmp, (int)value, n);
    else for (size_t i = 0; i < n; i++) tmp[i] = (uint8_t)(value >> (8 * (i % elem)));
    cudart_copy(d, tmp, n, 1);
    free(tmp);
    return cudaSuccess;
}
static cudaError_t memset_timed(const char *call, void *dst, int value, size_t n)
{
    cudaError_t e = memset_any(call, dst, (unsigned)value & 0xff, 1, n);
    if (!e && n) cudart_charge_copy(-1, n, NULL);
    return e;
}
CUDART_API cudaError_t cudaMemset(void *dst, int value, size_t n) { return memset_timed("cudaMemset", dst, value, n); }
CUDART_API cudaError_t cudaMemsetAsync(void *dst, int value, size_t n, cudaStream_t st)
{
    cudart_work w = { .kind = WORK_MEMSET, .dst = dst, .dpitch = n, .value = (unsigned)value & 0xff, .elem = 1, .width = n, .height = 1 };
    return cudart_enqueue(st, &w, "cudaMemsetAsync");
}
/* rows of width bytes, pitch apart; one transfer's time */
cudaError_t cudart_memset2d(const char *call, void *dst, size_t pitch, unsigned value, unsigned elem, size_t w, size_t h)
{
    if (h > 1 && w > pitch) { cudart_say(call, "width %zu is more than the pitch %zu", w, pitch); return cudart_ret(cudaErrorInvalidPitchValue); }
    for (size_t r = 0; r < h; r++) {
        cudaError_t e = memset_any(call, (char *)dst + r * pitch, value, elem, w);
        if (e) return e;
    }
    if (w && h) cudart_charge_copy(-1, (uint64_t)w * h, NULL);
    return cudaSuccess;
}
CUDART_API cudaError_t cudaMemset2D(void *dst, size_t pitch, int value, size_t w, size_t h)
{
    return cudart_memset2d("cudaMemset2D", dst, pitch, (unsigned)value & 0xff, 1, w, h);
}
CUDART_API cudaError_t cudaMemset2DAsync(void *dst, size_t pitch, int value, size_t w, size_t h, cudaStream_t st)
{
    cudart_work wk = { .kind = WORK_MEMSET, .dst = dst, .dpitch = pitch, .value = (unsigned)value & 0xff, .elem = 1, .width = w, .height = h };
    return cudart_enqueue(st, &wk, "cudaMemset2DAsync");
}
CUDART_API cudaError_t cudaMemset2DAsync_ptsz(void *dst, size_t pitch, int value, size_t w, size_t h, cudaStream_t st)
{
    return cudaMemset2DAsync(dst, pitch, value, w, h, st);
}

/* ---- symbols (__device__ and __constant__ variables) ---- */

static const cudart_var *var_of(const void *symbol, const char *call)
{
    for (int i = 0; i < cudart.nvars; i++)
        if (cudart.vars[i].host_var == symbol) return &cudart.vars[i];
    cudart_say(call, "%p is not a __device__ or __constant__ variable of the program", symbol);
    return NULL;
}

static cudaError_t symbol_copy(const char *call, const void *symbol, void *host, size_t n, size_t offset, int to_device)
{
    INIT_OR_FAIL();
    const cudart_var *v = var_of(symbol, call);
    if (!v) return cudart_ret(cudaErrorInvalidSymbol);
    if (offset + n > v->size) {
        cudart_say(call, "%zu bytes at offset %zu of %s, which has %llu", n, offset, v->name, (unsigned long long)v->size);
        return cudart_ret(cudaErrorInvalidValue);
    }
    if (n) cudart_copy(v->addr + offset, host, n, to_device);
    if (n) cudart_charge_copy(to_device ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost, n, host);
    return cudaSuccess;
}
CUDART_API cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t n, size_t offset, int kind)
{
    (void)kind;
    return symbol_copy("cudaMemcpyToSymbol", symbol, (void *)src, n, offset, 1);
}
CUDART_API cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t n, size_t offset, int kind)
{
    (void)kind;
    return symbol_copy("cudaMemcpyFromSymbol", symbol, dst, n, offset, 0);
}
CUDART_API cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t n, size_t offset, int kind, cudaStream_t st)
{
    (void)st;
    return cudaMemcpyToSymbol(symbol, src, n, offset, kind);
}
CUDART_API cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t n, size_t offset, int kind, cudaStream_t st)
{
    (void)st;
    return cudaMemcpyFromSymbol(dst, symbol, n, offset, kind);
}
CUDART_API cudaError_t cudaGetSymbolAddress(void **ptr, const void *symbol)
{
    INIT_OR_FAIL();
    const cudart_var *v = var_of(symbol, "cudaGetSymbolAddress");
    if (!v) return cudart_ret(cudaErrorInvalidSymbol);
    *ptr = (void *)(uintptr_t)v->addr;
    return cudaSuccess;
}
CUDART_API cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol)
{
    INIT_OR_FAIL();
    const cudart_var *v = var_of(symbol, "cudaGetSymbolSize");
    if (!v) return cudart_ret(cudaErrorInvalidSymbol);
    *size = v->size;
    return cudaSuccess;
}

/* ---- synchronisation, events: every call completes in order (streams: cudart_stream.c) ---- */

CUDART_API cudaError_t cudaDeviceSynchronize(void) { INIT_OR_FAIL(); cudart_printf_flush(); return cudart_ret(cudart.sticky_error); }
CUDART_API cudaError_t cudaThreadSynchronize(void) { return cudaDeviceSynchronize(); }
CUDART_API cudaError_t cudaDeviceReset(void) { cudart_printf_flush(); return cudaSuccess; }

CUDART_API cudaError_t cudaEventCreate(cudaEvent_t *e) { if (!e) return cudart_ret(cudaErrorInvalidValue); *e = xcalloc(1, sizeof **e); return cudaSuccess; }
CUDART_API cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned flags) { (void)flags; return cudaEventCreate(e); }
CUDART_API cudaError_t cudaEventDestroy(cudaEvent_t e) { free(e); return cudaSuccess; }
CUDART_API cudaError_t cudaEventSynchronize(cudaEvent_t e) { cudart_printf_flush(); return e ? cudaSuccess : cudart_ret(cudaErrorInvalidResourceHandle); }
CUDART_API cudaError_t cudaEventQuery(cudaEvent_t e) { return e ? cudaSuccess : cudart_ret(cudaErrorInvalidResourceHandle); }
CUDART_API cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b)
{
    if (!ms || !a || !b) return cudart_ret(cudaErrorInvalidValue);
    if (!a->recorded || !b->recorded) return cudart_ret(cudaErrorInvalidResourceHandle);
    *ms = (float)(b->ms - a->ms);
    return cudaSuccess;
}
CUDART_API cudaError_t cudaEventElapsedTime_v2(float *ms, cudaEvent_t a, cudaEvent_t b) { return cudaEventElapsedTime(ms, a, b); }

/* ---- errors ---- */

CUDART_API cudaError_t cudaGetLastError(void)
{
    cudaError_t e = cudart.sticky_error ? cudart.sticky_error : cudart.last_error;
    cudart.last_error = cudaSuccess;
    return e;
}
CUDART_API cudaError_t cudaPeekAtLastError(void) { return cudart.sticky_error ? cudart.sticky_error : cudart.last_error; }

static const struct { int code; const char *name, *text; } errors[] = {
    { cudaSuccess, "cudaSuccess", "no error" },
    { cudaErrorInvalidValue, "cudaErrorInvalidValue", "invalid argument" },
    { cudaErrorMemoryAllocation, "cudaErrorMemoryAllocation", "out of memory" },
    { cudaErrorInitializationError, "cudaErrorInitializationError", "initialization error" },
    { cudaErrorLaunchFailure, "cudaErrorLaunchFailure", "unspecified launch failure" },
    { cudaErrorInvalidConfiguration, "cudaErrorInvalidConfiguration", "invalid configuration argument" },
    { cudaErrorInvalidSymbol, "cudaErrorInvalidSymbol", "invalid device symbol" },
    { cudaErrorInvalidMemcpyDirection, "cudaErrorInvalidMemcpyDirection", "invalid copy direction for memcpy" },
    { cudaErrorInvalidDeviceFunction, "cudaErrorInvalidDeviceFunction", "invalid device function" },
    { cudaErrorNoDevice, "cudaErrorNoDevice", "no CUDA-capable device is detected" },
    { cudaErrorInvalidDevice, "cudaErrorInvalidDevice", "invalid device ordinal" },
    { cudaErrorInvalidResourceHandle, "cudaErrorInvalidResourceHandle", "invalid resource handle" },
    { cudaErrorIllegalState, "cudaErrorIllegalState", "the operation cannot be performed in the present state" },
    { cudaErrorNotReady, "cudaErrorNotReady", "device not ready" },
    { cudaErrorIllegalAddress, "cudaErrorIllegalAddress", "an illegal memory access was encountered" },
    { cudaErrorAssert, "cudaErrorAssert", "device-side assert triggered" },
    { cudaErrorLaunchOutOfResources, "cudaErrorLaunchOutOfResources", "too many resources requested for launch" },
    { cudaErrorLaunchTimeout, "cudaErrorLaunchTimeout", "the launch timed out and was terminated" },
    { cudaErrorInvalidPitchValue, "cudaErrorInvalidPitchValue", "invalid pitch argument" },
    { cudaErrorHostMemoryAlreadyRegistered, "cudaErrorHostMemoryAlreadyRegistered", "part or all of the requested memory range is already mapped" },
    { cudaErrorHostMemoryNotRegistered, "cudaErrorHostMemoryNotRegistered", "pointer does not correspond to a registered memory region" },
    { cudaErrorCooperativeLaunchTooLarge, "cudaErrorCooperativeLaunchTooLarge", "too many blocks in cooperative launch" },
    { cudaErrorStreamCaptureUnsupported, "cudaErrorStreamCaptureUnsupported", "operation not permitted when stream is capturing" },
    { cudaErrorStreamCaptureInvalidated, "cudaErrorStreamCaptureInvalidated", "operation failed due to a previous error during capture" },
    { cudaErrorStreamCaptureUnmatched, "cudaErrorStreamCaptureUnmatched", "capture was not initiated in this stream" },
    { cudaErrorStreamCaptureUnjoined, "cudaErrorStreamCaptureUnjoined", "capturing stream has unjoined work" },
    { cudaErrorGraphExecUpdateFailure, "cudaErrorGraphExecUpdateFailure", "the graph update was not performed because it included changes which violated constraints specific to instantiated graph update" },
    { cudaErrorNotSupported, "cudaErrorNotSupported", "operation not supported (not implemented by warpsim's libcudart)" },
    { cudaErrorUnknown, "cudaErrorUnknown", "unknown error" },
};
CUDART_API const char *cudaGetErrorString(cudaError_t e)
{
    for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++) if (errors[i].code == (int)e) return errors[i].text;
    return "unrecognized error code";
}
CUDART_API const char *cudaGetErrorName(cudaError_t e)
{
    for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++) if (errors[i].code == (int)e) return errors[i].name;
    return "cudaErrorUnknown";
}
