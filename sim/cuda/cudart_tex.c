/* sim/cuda/cudart_tex.c — CUDA arrays, texture objects and surface objects
 * (docs/cuda-programs.md, "Textures and surfaces"). An array is simulated
 * device memory laid out row by row (pitch a multiple of 128 bytes; the
 * GPU's own layout is opaque and tiled); a texture or surface object is a
 * 64-byte descriptor in device memory (isa/tex.h) that TEX, TLD, TLD4, SULD
 * and SUST read, and its handle is the descriptor's address over 64. */
#include "cudart.h"
#include "tex.h"
#include "util/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { cudaErrorInvalidChannelDescriptor = 20 };
enum { ARRAY_LAYERED = 1 };   /* cudaArrayLayered */
enum { RES_ARRAY = 0, RES_MIPMAP = 1, RES_LINEAR = 2, RES_PITCH2D = 3 };

typedef struct { int x, y, z, w; int f; } cudaChannelFormatDesc;
typedef struct { size_t width, height, depth; } cudaExtent;
struct cudart_array {
    uint64_t base;
    size_t width, height, depth;    /* as given (0 for an absent dimension) */
    unsigned flags;
    cudaChannelFormatDesc desc;
    uint32_t texel, pitch;
    uint64_t slice;
};
typedef struct cudart_array *cudaArray_t;
typedef struct {
    int resType;
    union {
        struct { cudaArray_t array; } array;
        struct { void *mipmap; } mipmap;
        struct { void *devPtr; cudaChannelFormatDesc desc; size_t sizeInBytes; } linear;
        struct { void *devPtr; cudaChannelFormatDesc desc; size_t width, height, pitchInBytes; } pitch2D;
    } res;
    unsigned flags;
} cudaResourceDesc;
typedef struct {
    int addressMode[3], filterMode, readMode, sRGB;
    float borderColor[4];
    int normalizedCoords;
    unsigned maxAnisotropy;
    int mipmapFilterMode;
    float mipmapLevelBias, minMipmapLevelClamp, maxMipmapLevelClamp;
    int disableTrilinearOptimization, seamlessCubemap;
} cudaTextureDesc;
typedef unsigned long long cudaTextureObject_t;
/* cudart_api.c's entry points this file calls */
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t w, size_t h, int kind);
cudaError_t cudaFree(void *p);

/* the objects made so far: their descriptors' slots and what the program gave */
typedef struct { uint64_t addr; int used, surface; cudaResourceDesc res; cudaTextureDesc tex; } tex_object;
static tex_object *objects;
static int nobjects;
static uint64_t pool, pool_used, pool_bytes;   /* the device buffer descriptors are cut from */

CUDART_API cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, int f)
{
    cudaChannelFormatDesc d = { x, y, z, w, f };
    return d;
}

/* a format's channels, bits and kind, as the descriptor holds them; 0 or
 * an error (said) */
static cudaError_t format_of(const char *call, const cudaChannelFormatDesc *d, isa_tex_desc *t)
{
    if (!d) return cudart_ret(cudaErrorInvalidValue);
    int bits[4] = { d->x, d->y, d->z, d->w }, n = 0;
    while (n < 4 && bits[n]) n++;
    int ok = n > 0 && d->f >= 0 && d->f <= 2 && (d->x == 8 || d->x == 16 || d->x == 32)
             && !(d->f == 2 && d->x == 8);
    for (int i = 1; i < n; i++) ok &= bits[i] == d->x;
    for (int i = n; i < 4; i++) ok &= bits[i] == 0;
    if (!ok) {
        cudart_say(call, "channel format (%d, %d, %d, %d, kind %d): warpsim reads 1 to 4 channels of 8, 16 or 32 bits "
                   "alike, signed, unsigned or float (16 or 32 bits)", d->x, d->y, d->z, d->w, d->f);
        return cudart_ret((cudaError_t)cudaErrorInvalidChannelDescriptor);
    }
    t->channels = (uint8_t)n;
    t->bits = (uint8_t)d->x;
    t->kind = (uint8_t)(d->f == 0 ? ISA_TEXK_SIGNED : d->f == 1 ? ISA_TEXK_UNSIGNED : ISA_TEXK_FLOAT);
    return cudaSuccess;
}

static cudaError_t array_new(const char *call, cudaArray_t *out, const cudaChannelFormatDesc *desc, size_t w, size_t h,
                             size_t d, unsigned flags)
{
    if (cudart_init()) return cudart_ret(cudaErrorInitializationError);
    isa_tex_desc t;
    if (!out || !w) return cudart_ret(cudaErrorInvalidValue);
    cudaError_t e = format_of(call, desc, &t);
    if (e) return e;
    struct cudart_array *a = xcalloc(1, sizeof *a);
    a->width = w; a->height = h; a->depth = d; a->flags = flags; a->desc = *desc;
    a->texel = (uint32_t)(t.channels * t.bits / 8);
    a->pitch = (uint32_t)((w * a->texel + 127) / 128 * 128);
    a->slice = (uint64_t)a->pitch * (h ? h : 1);
    a->base = cudart_malloc(a->slice * (d ? d : 1), call);
    if (!a->base) { free(a); return cudart_ret(cudaErrorMemoryAllocation); }
    *out = a;
    return cudaSuccess;
}

CUDART_API cudaError_t cudaMallocArray(cudaArray_t *a, const cudaChannelFormatDesc *desc, size_t w, size_t h, unsigned flags)
{
    return array_new("cudaMallocArray", a, desc, w, h, 0, flags);
}

CUDART_API cudaError_t cudaMalloc3DArray(cudaArray_t *a, const cudaChannelFormatDesc *desc, cudaExtent e, unsigned flags)
{
    return array_new("cudaMalloc3DArray", a, desc, e.width, e.height, e.depth, flags);
}

CUDART_API cudaError_t cudaFreeArray(cudaArray_t a)
{
    if (!a) return cudaSuccess;
    cudaError_t e = cudaFree((void *)(uintptr_t)a->base);
    free(a);
    return e;
}

CUDART_API cudaError_t cudaArrayGetInfo(cudaChannelFormatDesc *desc, cudaExtent *ext, unsigned *flags, cudaArray_t a)
{
    if (!a) return cudart_ret(cudaErrorInvalidResourceHandle);
    if (desc) *desc = a->desc;
    if (ext) { ext->width = a->width; ext->height = a->height; ext->depth = a->depth; }
    if (flags) *flags = a->flags;
    return cudaSuccess;
}

CUDART_API cudaError_t cudaGetChannelDesc(cudaChannelFormatDesc *desc, cudaArray_t a)
{
    if (!a || !desc) return cudart_ret(cudaErrorInvalidValue);
    *desc = a->desc;
    return cudaSuccess;
}

/* a 2D copy into or out of an array: rows of width bytes from (x bytes, y) */
static cudaError_t array_copy(const char *call, cudaArray_t a, size_t x, size_t y, void *host, size_t hpitch, size_t width,
                              size_t height, int kind, int to_array)
{
    if (!a) { cudart_say(call, "the array is NULL"); return cudart_ret(cudaErrorInvalidResourceHandle); }
    size_t rows = a->height ? a->height : 1;
    if (x + width > a->pitch || x + width > a->width * a->texel || y + height > rows * (a->depth ? a->depth : 1)) {
        cudart_say(call, "%zu x %zu bytes at (%zu, %zu) do not fit the %zu x %zu array", width, height, x, y,
                   a->width * a->texel, rows);
        return cudart_ret(cudaErrorInvalidValue);
    }
    void *dev = (void *)(uintptr_t)(a->base + (uint64_t)y * a->pitch + x);
    if (to_array) return cudaMemcpy2D(dev, a->pitch, host, hpitch, width, height, kind);
    return cudaMemcpy2D(host, hpitch, dev, a->pitch, width, height, kind);
}

CUDART_API cudaError_t cudaMemcpy2DToArray(cudaArray_t a, size_t x, size_t y, const void *src, size_t spitch, size_t w, size_t h,
                                           int kind)
{
    return array_copy("cudaMemcpy2DToArray", a, x, y, (void *)src, spitch, w, h, kind, 1);
}
CUDART_API cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t a, size_t x, size_t y, const void *src, size_t spitch, size_t w,
                                                size_t h, int kind, cudaStream_t s)
{
    (void)s;
    return array_copy("cudaMemcpy2DToArrayAsync", a, x, y, (void *)src, spitch, w, h, kind, 1);
}
CUDART_API cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_t a, size_t x, size_t y, size_t w, size_t h,
                                             int kind)
{
    return array_copy("cudaMemcpy2DFromArray", a, x, y, dst, dpitch, w, h, kind, 0);
}
CUDART_API cudaError_t cudaMemcpy2DFromArrayAsync(void *dst, size_t dpitch, cudaArray_t a, size_t x, size_t y, size_t w,
                                                  size_t h, int kind, cudaStream_t s)
{
    (void)s;
    return array_copy("cudaMemcpy2DFromArrayAsync", a, x, y, dst, dpitch, w, h, kind, 0);
}

/* the deprecated linear forms: count bytes from (x, y) on, row after row */
static cudaError_t array_copy_linear(const char *call, cudaArray_t a, size_t x, size_t y, void *host, size_t count, int kind,
                                     int to_array)
{
    if (!a) return cudart_ret(cudaErrorInvalidResourceHandle);
    size_t row = a->width * a->texel;
    while (count) {
        size_t n = row - x < count ? row - x : count;
        cudaError_t e = array_copy(call, a, x, y, host, n, n, 1, kind, to_array);
        if (e) return e;
        host = (char *)host + n;
        count -= n;
        x = 0;
        y++;
    }
    return cudaSuccess;
}
CUDART_API cudaError_t cudaMemcpyToArray(cudaArray_t a, size_t x, size_t y, const void *src, size_t count, int kind)
{
    return array_copy_linear("cudaMemcpyToArray", a, x, y, (void *)src, count, kind, 1);
}
CUDART_API cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_t a, size_t x, size_t y, size_t count, int kind)
{
    return array_copy_linear("cudaMemcpyFromArray", a, x, y, dst, count, kind, 0);
}

/* a descriptor slot in device memory */
static uint64_t slot_new(void)
{
    for (int i = 0; i < nobjects; i++)
        if (!objects[i].used && objects[i].addr) return objects[i].addr;
    if (pool_used + ISA_TEX_DESC_BYTES > pool_bytes) {
        pool_bytes = 64 * 1024;
        pool = cudart_malloc(pool_bytes, "texture and surface objects");
        pool_used = 0;
        if (!pool) return 0;
    }
    pool_used += ISA_TEX_DESC_BYTES;
    return pool + pool_used - ISA_TEX_DESC_BYTES;
}

/* the resource's memory and shape into the descriptor; 0 or an error (said) */
static cudaError_t resource_of(const char *call, const cudaResourceDesc *r, isa_tex_desc *t)
{
    t->height = t->depth = 1;
    t->dims = 1;
    switch (r->resType) {
    case RES_ARRAY: {
        struct cudart_array *a = r->res.array.array;
        if (!a) { cudart_say(call, "the resource's array is NULL"); return cudart_ret(cudaErrorInvalidResourceHandle); }
        cudaError_t e = format_of(call, &a->desc, t);
        if (e) return e;
        t->base = a->base;
        t->width = (uint32_t)a->width;
        t->height = (uint32_t)(a->height ? a->height : 1);
        t->depth = (uint32_t)(a->depth ? a->depth : 1);
        t->pitch = a->pitch;
        t->slice = a->slice;
        t->layered = (a->flags & ARRAY_LAYERED) != 0;
        t->dims = (uint8_t)(a->height ? (a->depth && !t->layered ? 3 : 2) : 1);
        return cudaSuccess;
    }
    case RES_LINEAR: {
        cudaError_t e = format_of(call, &r->res.linear.desc, t);
        if (e) return e;
        t->base = (uint64_t)(uintptr_t)r->res.linear.devPtr;
        t->width = (uint32_t)(r->res.linear.sizeInBytes / (t->channels * t->bits / 8u));
        t->pitch = (uint32_t)r->res.linear.sizeInBytes;
        t->linear_buffer = 1;
        break;
    }
    case RES_PITCH2D: {
        cudaError_t e = format_of(call, &r->res.pitch2D.desc, t);
        if (e) return e;
        t->base = (uint64_t)(uintptr_t)r->res.pitch2D.devPtr;
        t->width = (uint32_t)r->res.pitch2D.width;
        t->height = (uint32_t)r->res.pitch2D.height;
        t->pitch = (uint32_t)r->res.pitch2D.pitchInBytes;
        t->dims = 2;
        break;
    }
    default:
        cudart_say(call, "resource type %d: warpsim reads arrays, linear and pitch-2D memory (no mipmapped arrays)", r->resType);
        return cudart_ret(cudaErrorNotSupported);
    }
    uint64_t bytes = (uint64_t)t->pitch * t->height;
    if (!t->width || cudart_alloc_of(t->base, bytes ? bytes : 1) < 0) {
        cudart_say(call, "the resource's memory at 0x%llx (%llu bytes) is not within one device allocation",
                   (unsigned long long)t->base, (unsigned long long)bytes);
        return cudart_ret(cudaErrorInvalidValue);
    }
    t->slice = bytes;
    return cudaSuccess;
}

static cudaError_t object_new(const char *call, unsigned long long *out, const cudaResourceDesc *r, const cudaTextureDesc *td)
{
    if (cudart_init()) return cudart_ret(cudaErrorInitializationError);
    if (!out || !r) return cudart_ret(cudaErrorInvalidValue);
    isa_tex_desc t;
    memset(&t, 0, sizeof t);
    cudaError_t e = resource_of(call, r, &t);
    if (e) return e;
    if (td) {
        for (int i = 0; i < 3; i++) t.addr[i] = (uint8_t)(td->addressMode[i] & 3);
        t.linear = td->filterMode == 1;
        t.read_norm = td->readMode == 1;
        t.norm_coords = td->normalizedCoords != 0;
        memcpy(t.border, td->borderColor, sizeof t.border);
        if (t.linear && t.kind != ISA_TEXK_FLOAT && !t.read_norm) {
            cudart_say(call, "linear filtering needs float texels or cudaReadModeNormalizedFloat");
            return cudart_ret(cudaErrorInvalidValue);
        }
    }
    uint64_t addr = slot_new();
    if (!addr) return cudart_ret(cudaErrorMemoryAllocation);
    cudart_copy(addr, &t, sizeof t, 1);
    int i = 0;
    while (i < nobjects && objects[i].addr != addr) i++;
    if (i == nobjects) {
        objects = xrealloc(objects, sizeof *objects * (size_t)(nobjects + 1));
        nobjects++;
    }
    memset(&objects[i], 0, sizeof objects[i]);
    objects[i].addr = addr;
    objects[i].used = 1;
    objects[i].surface = td == NULL;
    objects[i].res = *r;
    if (td) objects[i].tex = *td;
    *out = addr >> ISA_TEX_HANDLE_SHIFT;
    return cudaSuccess;
}

static tex_object *object_of(unsigned long long h, int surface)
{
    uint64_t addr = (uint64_t)h << ISA_TEX_HANDLE_SHIFT;
    for (int i = 0; i < nobjects; i++)
        if (objects[i].used && objects[i].addr == addr && objects[i].surface == surface) return &objects[i];
    return NULL;
}

CUDART_API cudaError_t cudaCreateTextureObject(cudaTextureObject_t *t, const cudaResourceDesc *r, const cudaTextureDesc *td,
                                               const void *view)
{
    if (view) { cudart_say("cudaCreateTextureObject", "resource views are not read by warpsim"); return cudart_ret(cudaErrorNotSupported); }
    if (!td) return cudart_ret(cudaErrorInvalidValue);
    return object_new("cudaCreateTextureObject", t, r, td);
}
CUDART_API cudaError_t cudaCreateTextureObject_v2(cudaTextureObject_t *t, const cudaResourceDesc *r, const cudaTextureDesc *td,
                                                  const void *view)
{
    return cudaCreateTextureObject(t, r, td, view);
}
CUDART_API cudaError_t cudaCreateSurfaceObject(cudaTextureObject_t *s, const cudaResourceDesc *r)
{
    if (r && r->resType != RES_ARRAY) {
        cudart_say("cudaCreateSurfaceObject", "a surface's resource must be an array (resource type %d)", r->resType);
        return cudart_ret(cudaErrorInvalidValue);
    }
    return object_new("cudaCreateSurfaceObject", s, r, NULL);
}

static cudaError_t object_free(const char *call, unsigned long long h, int surface)
{
    tex_object *o = object_of(h, surface);
    if (!o) { cudart_say(call, "%llu is not a live %s object", h, surface ? "surface" : "texture"); return cudart_ret(cudaErrorInvalidValue); }
    o->used = 0;
    return cudaSuccess;
}
CUDART_API cudaError_t cudaDestroyTextureObject(cudaTextureObject_t t) { return object_free("cudaDestroyTextureObject", t, 0); }
CUDART_API cudaError_t cudaDestroySurfaceObject(cudaTextureObject_t s) { return object_free("cudaDestroySurfaceObject", s, 1); }

CUDART_API cudaError_t cudaGetTextureObjectResourceDesc(cudaResourceDesc *r, cudaTextureObject_t t)
{
    tex_object *o = object_of(t, 0);
    if (!o || !r) return cudart_ret(cudaErrorInvalidValue);
    *r = o->res;
    return cudaSuccess;
}
CUDART_API cudaError_t cudaGetTextureObjectTextureDesc(cudaTextureDesc *td, cudaTextureObject_t t)
{
    tex_object *o = object_of(t, 0);
    if (!o || !td) return cudart_ret(cudaErrorInvalidValue);
    *td = o->tex;
    return cudaSuccess;
}
CUDART_API cudaError_t cudaGetSurfaceObjectResourceDesc(cudaResourceDesc *r, cudaTextureObject_t s)
{
    tex_object *o = object_of(s, 1);
    if (!o || !r) return cudart_ret(cudaErrorInvalidValue);
    *r = o->res;
    return cudaSuccess;
}

/* an array side of a 3D copy as the pitched device memory it is, and its
 * texel's bytes: positions and the extent count the array's elements */
int cudart_array_as_pitched(const void *array, cudart_pitched *out, size_t *texel)
{
    const struct cudart_array *a = array;
    if (!a || !a->base) return -1;
    *out = (cudart_pitched){ (void *)(uintptr_t)a->base, a->pitch, a->width * a->texel, a->height ? a->height : 1 };
    *texel = a->texel;
    return 0;
}

/* ---- CUDA 11's texture and surface references (texture<>, surface<>) ----
 * A reference is the program's host variable, registered with its device
 * name; binding keeps the resource, and each launch makes the object the
 * reference's fields describe then (cudart_module_banks puts its handle
 * where the kernel's bank-0 relocation says: isa/sass_elf.c). */
typedef struct {
    int normalized, filterMode, addressMode[3];
    cudaChannelFormatDesc channelDesc;
} textureReference;   /* its first fields (texture_types.h); the rest are mipmap and reserved words */

typedef struct {
    const void *host;
    char name[64];
    int read_norm, surface, bound;
    cudaResourceDesc res;
    unsigned long long handle;
} tex_ref;
static tex_ref *refs;
static int nrefs;

static void ref_register(const void *host, const char *name, int read_norm, int surface)
{
    refs = xrealloc(refs, sizeof *refs * (size_t)(nrefs + 1));
    tex_ref *r = &refs[nrefs++];
    memset(r, 0, sizeof *r);
    r->host = host;
    /* nvcc registers "::t1"; the kernel's relocation names "t1" */
    if (name && !strncmp(name, "::", 2)) name += 2;
    snprintf(r->name, sizeof r->name, "%.63s", name ? name : "");
    r->read_norm = read_norm;
    r->surface = surface;
}

CUDART_API void __cudaRegisterTexture(void **fatbin, const void *host, const void **dev, const char *name, int dim, int norm, int ext)
{
    (void)fatbin; (void)dev; (void)dim; (void)ext;
    ref_register(host, name, norm, 0);   /* norm: the template's read mode is cudaReadModeNormalizedFloat */
}
CUDART_API void __cudaRegisterSurface(void **fatbin, const void *host, const void **dev, const char *name, int dim, int ext)
{
    (void)fatbin; (void)dev; (void)dim; (void)ext;
    ref_register(host, name, 0, 1);
}

static tex_ref *ref_of(const void *host, const char *call)
{
    for (int i = 0; i < nrefs; i++)
        if (refs[i].host == host) return &refs[i];
    cudart_say(call, "%p is not a texture or surface reference the program registered", host);
    return NULL;
}

static cudaError_t ref_bind(const char *call, const void *host, const cudaResourceDesc *r, size_t *offset)
{
    if (cudart_init()) return cudart_ret(cudaErrorInitializationError);
    tex_ref *t = ref_of(host, call);
    if (!t) return cudart_ret(cudaErrorInvalidValue);
    isa_tex_desc check;
    memset(&check, 0, sizeof check);
    cudaError_t e = resource_of(call, r, &check);
    if (e) return e;
    if (offset) *offset = 0;   /* any alignment is taken: nothing to offset */
    t->res = *r;
    t->bound = 1;
    return cudaSuccess;
}

CUDART_API cudaError_t cudaBindTexture(size_t *offset, const textureReference *ref, const void *dev,
                                       const cudaChannelFormatDesc *desc, size_t size)
{
    cudaResourceDesc r;
    memset(&r, 0, sizeof r);
    r.resType = RES_LINEAR;
    r.res.linear.devPtr = (void *)dev;
    r.res.linear.desc = desc ? *desc : ref ? ref->channelDesc : (cudaChannelFormatDesc){ 0, 0, 0, 0, 0 };
    r.res.linear.sizeInBytes = size;
    return ref_bind("cudaBindTexture", ref, &r, offset);
}
CUDART_API cudaError_t cudaBindTexture2D(size_t *offset, const textureReference *ref, const void *dev,
                                         const cudaChannelFormatDesc *desc, size_t w, size_t h, size_t pitch)
{
    cudaResourceDesc r;
    memset(&r, 0, sizeof r);
    r.resType = RES_PITCH2D;
    r.res.pitch2D.devPtr = (void *)dev;
    r.res.pitch2D.desc = desc ? *desc : ref ? ref->channelDesc : (cudaChannelFormatDesc){ 0, 0, 0, 0, 0 };
    r.res.pitch2D.width = w;
    r.res.pitch2D.height = h;
    r.res.pitch2D.pitchInBytes = pitch;
    return ref_bind("cudaBindTexture2D", ref, &r, offset);
}
/* a reference bound to an array: the array's own format is the one read */
static cudaError_t bind_array(const char *call, const void *ref, cudaArray_t a)
{
    cudaResourceDesc r;
    memset(&r, 0, sizeof r);
    r.resType = RES_ARRAY;
    r.res.array.array = a;
    return ref_bind(call, ref, &r, NULL);
}
CUDART_API cudaError_t cudaBindTextureToArray(const textureReference *ref, cudaArray_t a, const cudaChannelFormatDesc *desc)
{
    (void)desc;
    return bind_array("cudaBindTextureToArray", ref, a);
}
CUDART_API cudaError_t cudaBindSurfaceToArray(const void *ref, cudaArray_t a, const cudaChannelFormatDesc *desc)
{
    (void)desc;
    return bind_array("cudaBindSurfaceToArray", ref, a);
}
CUDART_API cudaError_t cudaUnbindTexture(const textureReference *ref)
{
    tex_ref *t = ref_of(ref, "cudaUnbindTexture");
    if (!t) return cudart_ret(cudaErrorInvalidValue);
    t->bound = 0;
    return cudaSuccess;
}
CUDART_API cudaError_t cudaGetTextureReference(const textureReference **out, const void *symbol)
{
    if (!out || !ref_of(symbol, "cudaGetTextureReference")) return cudart_ret(cudaErrorInvalidValue);
    *out = symbol;   /* the registered host variable is the reference */
    return cudaSuccess;
}
CUDART_API cudaError_t cudaGetSurfaceReference(const void **out, const void *symbol)
{
    if (!out || !ref_of(symbol, "cudaGetSurfaceReference")) return cudart_ret(cudaErrorInvalidValue);
    *out = symbol;
    return cudaSuccess;
}
CUDART_API cudaError_t cudaGetTextureAlignmentOffset(size_t *offset, const textureReference *ref)
{
    if (!offset || !ref_of(ref, "cudaGetTextureAlignmentOffset")) return cudart_ret(cudaErrorInvalidValue);
    *offset = 0;
    return cudaSuccess;
}

uint32_t cudart_texref_handle(const char *name)
{
    for (int i = 0; i < nrefs; i++) {
        tex_ref *t = &refs[i];
        if (strcmp(t->name, name)) continue;
        if (!t->bound) return 0;
        if (t->handle) object_free("cudaLaunchKernel", t->handle, t->surface);
        t->handle = 0;
        if (t->surface) {
            if (object_new("cudaLaunchKernel", &t->handle, &t->res, NULL)) return 0;
            return (uint32_t)t->handle;
        }
        const textureReference *f = t->host;   /* its fields as the program left them */
        cudaTextureDesc td;
        memset(&td, 0, sizeof td);
        for (int a = 0; a < 3; a++) td.addressMode[a] = f->addressMode[a];
        td.filterMode = f->filterMode;
        td.readMode = t->read_norm;
        td.normalizedCoords = f->normalized;
        if (object_new("cudaLaunchKernel", &t->handle, &t->res, &td)) return 0;
        return (uint32_t)t->handle;
    }
    return 0;
}
