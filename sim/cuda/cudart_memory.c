/* sim/cuda/cudart_memory.c — the stand-in libcudart's memory calls beyond
 * cudaMalloc and cudaMemcpy: pitched 3D allocations, memsets and copies
 * (CUDA arrays: cudart_tex.c), memory info, pointer attributes,
 * registered and mapped host memory, stream-ordered allocation and memory
 * pools (one device: a pool's allocations are cudaMalloc's), peer copies. */
#include "cudart.h"
#include "util/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define INIT_OR_FAIL() do { if (cudart_init()) return cudart_ret(cudaErrorInitializationError); } while (0)

/* ---- 3D ---- */

CUDART_API cudaError_t cudaMalloc3D(cudart_pitched *p, cudart_extent e)
{
    INIT_OR_FAIL();
    if (!p) { cudart_say("cudaMalloc3D", "the pitched pointer is NULL"); return cudart_ret(cudaErrorInvalidValue); }
    size_t pitch = (e.width + 511) / 512 * 512;   /* cudaMallocPitch's alignment */
    void *ptr = NULL;
    cudaError_t err = e.width && e.height && e.depth ? cudaMalloc(&ptr, pitch * e.height * e.depth) : cudaSuccess;
    *p = (cudart_pitched){ ptr, pitch, e.width, e.height };
    return err;
}

/* the byte at pos + (0, y, z) of p */
static char *at(const cudart_pitched *p, const cudart_pos *pos, size_t y, size_t z)
{
    size_t ysize = p->ysize ? p->ysize : 1;
    return (char *)p->ptr + ((pos->z + z) * ysize + pos->y + y) * p->pitch + pos->x;
}

cudaError_t cudart_memcpy3d(const char *call, const cudart_copy3d *p)
{
    INIT_OR_FAIL();
    if (!p) return cudart_fail(call, cudaErrorInvalidValue, "the parameters are NULL");
    cudart_copy3d q = *p;
    if (p->src_array || p->dst_array) {
        /* an array is pitched device memory (cudart_tex.c); with one in the
         * copy, the extent counts its elements, and each side's position
         * its own elements (a pointer's are bytes) */
        size_t texel = 1;
        if ((p->src_array && cudart_array_as_pitched(p->src_array, &q.src, &texel))
            || (p->dst_array && cudart_array_as_pitched(p->dst_array, &q.dst, &texel)))
            return cudart_fail(call, cudaErrorInvalidResourceHandle, "an array of the copy is not one cudaMallocArray or cudaMalloc3DArray made");
        if (p->src_array) q.src_pos.x *= texel;
        if (p->dst_array) q.dst_pos.x *= texel;
        q.extent.width *= texel;
        q.src_array = q.dst_array = NULL;
        p = &q;
    }
    const cudart_extent *e = &p->extent;
    if (e->width > p->src.pitch || e->width > p->dst.pitch) {
        cudart_say(call, "extent width %zu is more than a pitch (%zu, %zu)", e->width, p->src.pitch, p->dst.pitch);
        return cudart_ret(cudaErrorInvalidPitchValue);
    }
    for (size_t z = 0; z < e->depth; z++)
        for (size_t y = 0; y < e->height; y++) {
            cudaError_t err = cudart_memcpy_untimed(call, at(&p->dst, &p->dst_pos, y, z), at(&p->src, &p->src_pos, y, z), e->width, p->kind);
            if (err) return err;
        }
    uint64_t bytes = (uint64_t)e->width * e->height * e->depth;
    if (bytes) {
        void *d = at(&p->dst, &p->dst_pos, 0, 0), *s = at(&p->src, &p->src_pos, 0, 0);
        int dir = cudart_direction(d, s, e->width, p->kind);
        cudart_charge_copy(dir, bytes, dir == cudaMemcpyDeviceToHost ? d : s);
    }
    return cudaSuccess;
}
CUDART_API cudaError_t cudaMemcpy3D(const cudart_copy3d *p) { return cudart_memcpy3d("cudaMemcpy3D", p); }
CUDART_API cudaError_t cudaMemcpy3DAsync(const cudart_copy3d *p, cudaStream_t s)
{
    if (!p) return cudart_fail("cudaMemcpy3DAsync", cudaErrorInvalidValue, "the parameters are NULL");
    cudart_work w = { .kind = WORK_COPY3D, .p3d = *p };
    return cudart_enqueue(s, &w, "cudaMemcpy3DAsync");
}
CUDART_API cudaError_t cudaMemcpy3DAsync_ptsz(const cudart_copy3d *p, cudaStream_t s) { return cudaMemcpy3DAsync(p, s); }
CUDART_API cudaError_t cudaMemcpy3D_ptds(const cudart_copy3d *p) { return cudaMemcpy3D(p); }

/* a 3D memset: depth slices of height rows, each width bytes */
static cudaError_t memset3d(cudart_pitched p, int value, cudart_extent e, cudaStream_t s, const char *call)
{
    if (e.width > p.pitch) { cudart_say(call, "extent width %zu is more than the pitch %zu", e.width, p.pitch); return cudart_ret(cudaErrorInvalidPitchValue); }
    size_t rows = p.ysize ? p.ysize : e.height;
    if (e.depth > 1 && e.height > rows) { cudart_say(call, "extent height %zu is more than the pointer's ysize %zu", e.height, rows); return cudart_ret(cudaErrorInvalidValue); }
    for (size_t z = 0; z < e.depth; z++) {
        cudart_work w = { .kind = WORK_MEMSET, .dst = (char *)p.ptr + z * rows * p.pitch, .dpitch = p.pitch,
                          .value = (unsigned)value & 0xff, .elem = 1, .width = e.width, .height = e.height };
        cudaError_t err = cudart_enqueue(s, &w, call);
        if (err) return err;
    }
    return cudaSuccess;
}
CUDART_API cudaError_t cudaMemset3D(cudart_pitched p, int value, cudart_extent e) { return memset3d(p, value, e, NULL, "cudaMemset3D"); }
CUDART_API cudaError_t cudaMemset3DAsync(cudart_pitched p, int value, cudart_extent e, cudaStream_t s) { return memset3d(p, value, e, s, "cudaMemset3DAsync"); }
CUDART_API cudaError_t cudaMemset3DAsync_ptsz(cudart_pitched p, int value, cudart_extent e, cudaStream_t s) { return memset3d(p, value, e, s, "cudaMemset3DAsync"); }
CUDART_API cudaError_t cudaMemset3D_ptds(cudart_pitched p, int value, cudart_extent e) { return memset3d(p, value, e, NULL, "cudaMemset3D"); }

/* ---- memory info, pointers ---- */

CUDART_API cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total)
{
    INIT_OR_FAIL();
    uint64_t used = 0;
    for (int i = 0; i < cudart.nallocs; i++)
        if (!cudart.allocs[i].freed && cudart.allocs[i].kind != 2) used += (cudart.allocs[i].bytes + 0xffff) & ~(uint64_t)0xffff;
    uint64_t all = cudart_total_memory();
    if (free_bytes) *free_bytes = used < all ? (size_t)(all - used) : 0;
    if (total) *total = (size_t)all;
    return cudaSuccess;
}

/* cudaPointerAttributes: type, device, devicePointer, hostPointer (CUDA 11's
 * and 12.0's 24 bytes; CUDA 13's adds 8 reserved longs) */
typedef struct { int type, device; void *device_pointer, *host_pointer; } pointer_attributes;

CUDART_API cudaError_t cudaPointerGetAttributes(pointer_attributes *a, const void *p)
{
    INIT_OR_FAIL();
    if (!a) { cudart_say("cudaPointerGetAttributes", "attributes NULL"); return cudart_ret(cudaErrorInvalidValue); }
    memset(a, 0, cudart_major >= 13 ? 88 : sizeof *a);
    int i = cudart_alloc_of((uint64_t)(uintptr_t)p, 1);
    if (i >= 0) {
        int kind = cudart.allocs[i].kind;
        a->type = kind == 0 ? 2 : kind == 1 ? 3 : 1;   /* cudaMemoryTypeDevice, Managed, Host */
        a->device_pointer = (void *)p;
        a->host_pointer = kind ? (void *)p : NULL;
    } else if (cudart_is_pinned(p, 1)) {
        a->type = 1;
        a->host_pointer = (void *)p;
    } else {
        a->type = 0;   /* cudaMemoryTypeUnregistered */
        a->device = -2;
    }
    return cudaSuccess;
}

/* ---- registered and mapped host memory ---- */

/* cudaHostAllocMapped: host memory at its own device address (as managed
 * memory is), so kernels reach it through the same pointer */
CUDART_API cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned flags)
{
    INIT_OR_FAIL();
    if (!ptr || flags > 7) { cudart_say("cudaHostAlloc", "pointer NULL or flags 0x%x unknown", flags); return cudart_ret(cudaErrorInvalidValue); }
    if (!(flags & 2)) return cudaMallocHost(ptr, size);
    uint64_t a = cudart_malloc_managed(size ? size : 1, "cudaHostAllocMapped");
    if (!a) { cudart_say("cudaHostAlloc", "no host address range free for %zu bytes", size); return cudart_ret(cudaErrorMemoryAllocation); }
    cudart.allocs[cudart.nallocs - 1].kind = 2;
    *ptr = (void *)(uintptr_t)a;
    cudart_pinned_add(*ptr, size);
    return cudaSuccess;
}

int cudart_free_mapped(void *p)
{
    int i = cudart_alloc_of((uint64_t)(uintptr_t)p, 1);
    if (i < 0 || cudart.allocs[i].kind != 2 || cudart.allocs[i].base != (uint64_t)(uintptr_t)p) return -1;
    cudart.allocs[i].freed = 1;
    gmem_release(cudart.mem, cudart.allocs[i].buffer);
    cudart_pinned_remove(p);
    return 0;
}

CUDART_API cudaError_t cudaHostGetDevicePointer(void **dev, void *host, unsigned flags)
{
    INIT_OR_FAIL();
    if (!dev || flags) { cudart_say("cudaHostGetDevicePointer", "pointer NULL or flags not 0"); return cudart_ret(cudaErrorInvalidValue); }
    int i = cudart_alloc_of((uint64_t)(uintptr_t)host, 1);
    if (i >= 0 && cudart.allocs[i].kind) { *dev = host; return cudaSuccess; }
    cudart_say("cudaHostGetDevicePointer", "%p is not mapped into warpsim's device: allocate it with cudaHostAlloc(..., "
               "cudaHostAllocMapped) (memory of cudaMallocHost and cudaHostRegister is pinned, not mapped)", host);
    return cudart_ret(cudaErrorInvalidValue);
}
CUDART_API cudaError_t cudaHostGetFlags(unsigned *flags, void *host)
{
    INIT_OR_FAIL();
    if (!flags) return cudart_fail("cudaHostGetFlags", cudaErrorInvalidValue, "the flags pointer is NULL");
    int i = cudart_alloc_of((uint64_t)(uintptr_t)host, 1);
    if (i >= 0 && cudart.allocs[i].kind == 2) { *flags = 2; return cudaSuccess; }
    if (cudart_is_pinned(host, 1)) { *flags = 0; return cudaSuccess; }
    return cudart_ret(cudaErrorInvalidValue);
}

/* pinned for the copies' time (config [copy]); not mapped into the device */
CUDART_API cudaError_t cudaHostRegister(void *p, size_t size, unsigned flags)
{
    INIT_OR_FAIL();
    if (!p || !size || flags > 15) { cudart_say("cudaHostRegister", "pointer NULL, size 0 or flags 0x%x unknown", flags); return cudart_ret(cudaErrorInvalidValue); }
    if (cudart_is_pinned(p, 1) || cudart_is_pinned((char *)p + size - 1, 1)) {
        cudart_say("cudaHostRegister", "%p: part of the range is registered already", p);
        return cudart_ret(cudaErrorHostMemoryAlreadyRegistered);
    }
    cudart_pinned_add(p, size);
    return cudaSuccess;
}
CUDART_API cudaError_t cudaHostUnregister(void *p)
{
    INIT_OR_FAIL();
    if (!p || cudart_pinned_remove(p)) {
        cudart_say("cudaHostUnregister", "%p is not the start of a range of cudaHostRegister", p);
        return cudart_ret(cudaErrorHostMemoryNotRegistered);
    }
    return cudaSuccess;
}

/* ---- stream-ordered allocation and pools: in order, allocations are cudaMalloc's ---- */

typedef struct { int magic; uint64_t attrs[9]; } mem_pool;
static mem_pool default_pool = { 1, { 0 } };
static mem_pool *current_pool = &default_pool;

static cudaError_t alloc_async(void **p, size_t size, cudaStream_t s, const char *call)
{
    int bad;
    struct cudart_stream *st = cudart_stream_of(s, &bad);
    if (bad) return cudart_fail(call, cudaErrorInvalidResourceHandle, "%p is not a stream of cudaStreamCreate (or was destroyed)", (void *)s);
    if (st && st->capture) {
        cudart_say(call, "allocation nodes are not supported in a capture: allocate before cudaStreamBeginCapture");
        return cudart_ret(cudaErrorStreamCaptureUnsupported);
    }
    return cudaMalloc(p, size);
}
CUDART_API cudaError_t cudaMallocAsync(void **p, size_t size, cudaStream_t s) { return alloc_async(p, size, s, "cudaMallocAsync"); }
CUDART_API cudaError_t cudaMallocAsync_ptsz(void **p, size_t size, cudaStream_t s) { return alloc_async(p, size, s, "cudaMallocAsync"); }
CUDART_API cudaError_t cudaMallocFromPoolAsync(void **p, size_t size, mem_pool *pool, cudaStream_t s)
{
    if (!pool) return cudart_fail("cudaMallocFromPoolAsync", cudaErrorInvalidValue, "the pool is NULL");
    return alloc_async(p, size, s, "cudaMallocFromPoolAsync");
}
CUDART_API cudaError_t cudaMallocFromPoolAsync_ptsz(void **p, size_t size, mem_pool *pool, cudaStream_t s) { return cudaMallocFromPoolAsync(p, size, pool, s); }
CUDART_API cudaError_t cudaFreeAsync(void *p, cudaStream_t s)
{
    int bad;
    struct cudart_stream *st = cudart_stream_of(s, &bad);
    if (bad) return cudart_fail("cudaFreeAsync", cudaErrorInvalidResourceHandle, "%p is not a stream of cudaStreamCreate (or was destroyed)", (void *)s);
    if (st && st->capture) { cudart_say("cudaFreeAsync", "free nodes are not supported in a capture"); return cudart_ret(cudaErrorStreamCaptureUnsupported); }
    return cudaFree(p);
}
CUDART_API cudaError_t cudaFreeAsync_ptsz(void *p, cudaStream_t s) { return cudaFreeAsync(p, s); }

CUDART_API cudaError_t cudaDeviceGetDefaultMemPool(mem_pool **pool, int dev)
{
    INIT_OR_FAIL();
    if (!pool) return cudart_fail("cudaDeviceGetDefaultMemPool", cudaErrorInvalidValue, "the pool is NULL");
    if (dev) return cudart_fail("cudaDeviceGetDefaultMemPool", cudaErrorInvalidDevice, "device %d: warpsim simulates one device, 0", dev);
    *pool = &default_pool;
    return cudaSuccess;
}
CUDART_API cudaError_t cudaDeviceGetMemPool(mem_pool **pool, int dev)
{
    if (!pool) return cudart_fail("cudaDeviceGetMemPool", cudaErrorInvalidValue, "the pool is NULL");
    if (dev) return cudart_fail("cudaDeviceGetMemPool", cudaErrorInvalidDevice, "device %d: warpsim simulates one device, 0", dev);
    *pool = current_pool;
    return cudaSuccess;
}
CUDART_API cudaError_t cudaDeviceSetMemPool(int dev, mem_pool *pool)
{
    if (!pool || pool->magic != 1) return cudart_fail("cudaDeviceSetMemPool", cudaErrorInvalidValue, "%p is not a memory pool", (void *)pool);
    if (dev) return cudart_fail("cudaDeviceSetMemPool", cudaErrorInvalidDevice, "device %d: warpsim simulates one device, 0", dev);
    current_pool = pool;
    return cudaSuccess;
}
CUDART_API cudaError_t cudaMemPoolCreate(mem_pool **pool, const void *props)
{
    if (!pool || !props) return cudart_fail("cudaMemPoolCreate", cudaErrorInvalidValue, "pool or properties NULL");
    *pool = xcalloc(1, sizeof **pool);
    (*pool)->magic = 1;
    return cudaSuccess;
}
CUDART_API cudaError_t cudaMemPoolDestroy(mem_pool *pool)
{
    if (!pool || pool->magic != 1 || pool == &default_pool) return cudart_fail("cudaMemPoolDestroy", cudaErrorInvalidValue, "%p is not a pool of cudaMemPoolCreate (the default pool cannot be destroyed)", (void *)pool);
    if (current_pool == pool) current_pool = &default_pool;
    pool->magic = 0;
    free(pool);
    return cudaSuccess;
}
/* cudaMemPoolAttr 1 to 3 are ints, 4 to 8 64-bit counts: kept, answered back */
static cudaError_t pool_attr(mem_pool *pool, int attr, void *v, int set, const char *call)
{
    if (!pool || pool->magic != 1 || !v || attr < 1 || attr > 8) {
        cudart_say(call, "pool or value NULL, or %d is not a cudaMemPoolAttr", attr);
        return cudart_ret(cudaErrorInvalidValue);
    }
    size_t n = attr <= 3 ? sizeof(int) : sizeof(uint64_t);
    if (set) memcpy(&pool->attrs[attr], v, n);
    else { memset(v, 0, n); memcpy(v, &pool->attrs[attr], n); }
    return cudaSuccess;
}
CUDART_API cudaError_t cudaMemPoolSetAttribute(mem_pool *pool, int attr, void *v) { return pool_attr(pool, attr, v, 1, "cudaMemPoolSetAttribute"); }
CUDART_API cudaError_t cudaMemPoolGetAttribute(mem_pool *pool, int attr, void *v) { return pool_attr(pool, attr, v, 0, "cudaMemPoolGetAttribute"); }
CUDART_API cudaError_t cudaMemPoolTrimTo(mem_pool *pool, size_t keep) { (void)keep; return pool && pool->magic == 1 ? cudaSuccess : cudart_ret(cudaErrorInvalidValue); }

/* ---- peers: one device, so a device-to-device copy ---- */

CUDART_API cudaError_t cudaMemcpyPeer(void *dst, int ddev, const void *src, int sdev, size_t n)
{
    if (ddev || sdev) { cudart_say("cudaMemcpyPeer", "devices %d and %d: warpsim simulates one device, 0", ddev, sdev); return cudart_ret(cudaErrorInvalidDevice); }
    return cudart_memcpy2d("cudaMemcpyPeer", dst, n, src, n, n, 1, cudaMemcpyDeviceToDevice);
}
CUDART_API cudaError_t cudaMemcpyPeerAsync(void *dst, int ddev, const void *src, int sdev, size_t n, cudaStream_t s)
{
    if (ddev || sdev) { cudart_say("cudaMemcpyPeerAsync", "devices %d and %d: warpsim simulates one device, 0", ddev, sdev); return cudart_ret(cudaErrorInvalidDevice); }
    cudart_work w = { .kind = WORK_COPY, .dst = dst, .src = src, .dpitch = n, .spitch = n, .width = n, .height = 1, .copy_kind = cudaMemcpyDeviceToDevice };
    return cudart_enqueue(s, &w, "cudaMemcpyPeerAsync");
}
