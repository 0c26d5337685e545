/* sim/cuda/cudart_device.c — the stand-in libcudart's device: its memory
 * (buffers of warpsim's simulated global memory, laid out as a workload's
 * are: sim/exec/memory.c), and the device, function and occupancy queries,
 * answered from the config; the simulated time copies take. */
#include "cudart.h"
#include "exec/func.h"
#include "sass_dump.h"
#include "mem/memsys.h"
#include "util/xalloc.h"
#include <stdio.h>
#include <string.h>

/* keep buffer b of gmem as the program's allocation; its device address */
static uint64_t record_alloc(int b, uint64_t bytes)
{
    uint64_t base = gmem_buffer(cudart.mem, b)->base;
    cudart.allocs = xrealloc(cudart.allocs, sizeof *cudart.allocs * (size_t)(cudart.nallocs + 1));
    cudart.allocs[cudart.nallocs].base = base;
    cudart.allocs[cudart.nallocs].bytes = bytes;
    cudart.allocs[cudart.nallocs].buffer = b;
    cudart.allocs[cudart.nallocs].freed = 0;
    cudart.allocs[cudart.nallocs].kind = 0;
    cudart.nallocs++;
    return base;
}

uint64_t cudart_malloc(uint64_t bytes, const char *what)
{
    char name[64];
    snprintf(name, sizeof name, "%s#%d", what, cudart.nallocs);
    return record_alloc(gmem_alloc(cudart.mem, name, ET_U8, bytes, (buffer_init){ .kind = INIT_CONST }), bytes);
}

/* pinned host memory: the blocks cudaMallocHost and cudaHostAlloc gave */
static struct { const char *base; size_t bytes; } *pinned;
static int npinned;

void cudart_pinned_add(const void *p, size_t n)
{
    pinned = xrealloc(pinned, sizeof *pinned * (size_t)(npinned + 1));
    pinned[npinned].base = p;
    pinned[npinned++].bytes = n;
}

int cudart_pinned_remove(const void *p)
{
    for (int i = 0; i < npinned; i++)
        if (pinned[i].base == p) { pinned[i] = pinned[--npinned]; return 0; }
    return -1;
}

int cudart_is_pinned(const void *p, uint64_t n)
{
    const char *c = p;
    for (int i = 0; i < npinned; i++)
        if (c >= pinned[i].base && (uint64_t)(c - pinned[i].base) + n <= pinned[i].bytes) return 1;
    return 0;
}

/* A copy's simulated time, on the clock events read (config [copy], measured
 * on the H100 machine: validation/cuda-h100/copies): an overhead, then the
 * bytes at the host link's rate (pinned or pageable host memory), or at a
 * share of the DRAM's peak for device-to-device copies (each byte read and
 * written) and memsets. Under --functional nothing takes time. */
void cudart_charge_copy(int kind, uint64_t bytes, const void *host)
{
    const config *c = &cudart.cfg;
    static double dram_gbps = -1;
    if (cudart.functional || kind == cudaMemcpyHostToHost) return;
    double ns;
    if (kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToHost) {
        double mbps = (double)(cudart_is_pinned(host, bytes) ? CFG(c, copy_pinned_mbps) : CFG(c, copy_pageable_mbps));
        if (mbps <= 0) return;
        ns = (double)CFG(c, copy_host_overhead_ns) + (double)bytes / mbps * 1e3;
    } else {
        if (dram_gbps < 0) {
            mem_params p;
            diag d;
            diag_init(&d);
            dram_gbps = mem_params_load(&p, c, &d) ? 0 : memsys_peak_gbps(&p);
            diag_free(&d);
        }
        double gbps = dram_gbps * (double)CFG(c, copy_device_efficiency) / 100.0;
        if (gbps <= 0) return;
        uint64_t moved = kind == cudaMemcpyDeviceToDevice ? 2 * bytes : bytes;
        ns = (double)CFG(c, copy_device_overhead_ns) + (double)moved / gbps;
    }
    cudart.now_ms += ns / 1e6;
    cudart.copy_ms += ns / 1e6;
    cudart.copies++;
}

/* managed memory (cudaMallocManaged, __managed__): a buffer whose bytes
 * are host memory mapped at its device address, so that host code and
 * kernels use the same pointer; 0 when no address range is free */
uint64_t cudart_malloc_managed(uint64_t bytes, const char *what)
{
    char name[64];
    snprintf(name, sizeof name, "%s#%d", what, cudart.nallocs);
    int b = gmem_alloc_shared(cudart.mem, name, bytes);
    if (b < 0) return 0;
    uint64_t a = record_alloc(b, bytes);
    cudart.allocs[cudart.nallocs - 1].kind = 1;
    return a;
}

int cudart_alloc_of(uint64_t addr, uint64_t n)
{
    for (int i = 0; i < cudart.nallocs; i++)
        if (!cudart.allocs[i].freed && addr >= cudart.allocs[i].base && addr + n <= cudart.allocs[i].base + cudart.allocs[i].bytes)
            return i;
    return -1;
}

/* page by page through gmem's windows (the caller checked the range) */
int cudart_copy(uint64_t dev, void *host, uint64_t n, int to_device)
{
    uint8_t *h = host;
    while (n) {
        isa_window w;
        if (!gmem_window(cudart.mem, dev, &w)) return -1;
        uint64_t chunk = w.hi - dev < n ? w.hi - dev : n;
        uint8_t *p = w.data + (dev - w.lo);
        if (to_device) {
            if (memcmp(p, h, (size_t)chunk)) { memcpy(p, h, (size_t)chunk); ++*w.epoch; }
        } else memcpy(h, p, (size_t)chunk);
        dev += chunk; h += chunk; n -= chunk;
    }
    return 0;
}

/* ---- the device ---- */

#define INIT_OR_FAIL() do { if (cudart_init()) return cudart_ret(cudaErrorInitializationError); } while (0)

CUDART_API cudaError_t cudaGetDeviceCount(int *n) { INIT_OR_FAIL(); if (!n) return cudart_ret(cudaErrorInvalidValue); *n = 1; return cudaSuccess; }
CUDART_API cudaError_t cudaGetDevice(int *dev) { if (!dev) return cudart_ret(cudaErrorInvalidValue); *dev = 0; return cudaSuccess; }
CUDART_API cudaError_t cudaSetDevice(int dev)
{
    INIT_OR_FAIL();
    if (dev != 0) { cudart_say("cudaSetDevice", "device %d: warpsim simulates one device, 0", dev); return cudart_ret(cudaErrorInvalidDevice); }
    return cudaSuccess;
}

CUDART_API cudaError_t cudaDriverGetVersion(int *v) { if (!v) return cudart_ret(cudaErrorInvalidValue); *v = cudart_major * 1000; return cudaSuccess; }
CUDART_API cudaError_t cudaRuntimeGetVersion(int *v) { if (!v) return cudart_ret(cudaErrorInvalidValue); *v = cudart_major * 1000; return cudaSuccess; }

/* ---- functions ---- */

/* cudaFuncAttributes' first fields (the same from CUDA 11 to 13) */
typedef struct {
    size_t shared, constant, local;
    int max_threads, nregs, ptx_version, binary_version, cache_mode_ca, max_dynamic_shared, carveout;
} func_attributes;

/* the kernel's own static shared memory: sm_90 code's shared window starts
 * with 1 KB the system reserves (isa/sass_dump.h), which k->shared_bytes counts */
uint32_t cudart_static_shared(const isa_kernel *k)
{
    uint32_t base = k->sass_arch >= 90 ? SASS_SHARED_BASE_SM90 : 0;
    return k->shared_bytes > base ? k->shared_bytes - base : 0;
}

static const isa_kernel *kernel_for(const void *func, const char *call, cudart_func **fout)
{
    const cudart_func *f = cudart_find_func(func, call);
    if (!f) return NULL;
    if (fout) *fout = (cudart_func *)f;
    if (!f->k) ((cudart_func *)f)->k = asm_find_for(&cudart.prog, f->name, (int)CFG(&cudart.cfg, gpu_sass_arch), NULL);
    if (!f->k) cudart_say(call, "kernel %s is in none of the SASS dumps", f->name);
    return f->k;
}

CUDART_API cudaError_t cudaFuncGetAttributes(func_attributes *a, const void *func)
{
    INIT_OR_FAIL();
    cudart_func *f = NULL;
    const isa_kernel *k = kernel_for(func, "cudaFuncGetAttributes", &f);
    if (!k || !a) return cudart_ret(cudaErrorInvalidDeviceFunction);
    /* CUDA 11's 52 bytes; 12 and 13 add cluster fields and reserved words (all 0 here: no clusters) */
    memset(a, 0, cudart_major >= 12 ? 144 : sizeof *a);
    a->shared = cudart_static_shared(k);
    a->constant = 0;
    a->local = k->local_bytes;
    /* the most threads a block may have: 1024, or fewer where the kernel's
     * registers fill the register file first (warpsim's occupancy rule,
     * sim/exec/warpexec.c: registers x threads, whole warps) */
    int64_t regs = CFG(&cudart.cfg, sm_registers) < 65536 ? CFG(&cudart.cfg, sm_registers) : 65536, ws = CFG(&cudart.cfg, sm_warp_size);
    int64_t most = k->nregs > 0 ? regs / k->nregs / ws * ws : 1024;
    a->max_threads = (int)(most < 1024 ? most : 1024);
    a->nregs = k->nregs;
    a->ptx_version = a->binary_version = k->sass_arch;
    a->max_dynamic_shared = f->max_dynamic_shared ? (int)f->max_dynamic_shared : 49152 - (int)cudart_static_shared(k);
    a->carveout = f->carveout;
    return cudaSuccess;
}

CUDART_API cudaError_t cudaFuncSetAttribute(const void *func, int attr, int value)
{
    INIT_OR_FAIL();
    cudart_func *f = NULL;
    if (!kernel_for(func, "cudaFuncSetAttribute", &f) && !f) return cudart_ret(cudaErrorInvalidDeviceFunction);
    int64_t optin = CFG(&cudart.cfg, sm_shared_per_block) ? CFG(&cudart.cfg, sm_shared_per_block) : CFG(&cudart.cfg, sm_shared_memory);
    if (attr == 8 && f->k && (value < 0 || value + (int64_t)cudart_static_shared(f->k) > optin)) {
        cudart_say("cudaFuncSetAttribute", "kernel %s: %d bytes of dynamic shared memory and %u static are more than "
                   "cudaDevAttrMaxSharedMemoryPerBlockOptin (%lld)", f->name, value, cudart_static_shared(f->k), (long long)optin);
        return cudart_ret(cudaErrorInvalidValue);
    }
    if (attr == 9 && (value < -1 || value > 100)) {
        cudart_say("cudaFuncSetAttribute", "carveout %d: -1 or a percentage", value);
        return cudart_ret(cudaErrorInvalidValue);
    }
    if (attr == 8) f->max_dynamic_shared = (uint32_t)value;   /* MaxDynamicSharedMemorySize */
    else if (attr == 9) f->carveout = value;                  /* PreferredSharedMemoryCarveout: a hint */
    else if (attr != 10 && attr != 11 && attr != 12 && attr != 13) {   /* cluster attributes: only 1x1x1 is launched */
        cudart_say("cudaFuncSetAttribute", "attribute %d is not supported", attr);
        return cudart_ret(cudaErrorInvalidValue);
    }
    return cudaSuccess;
}
CUDART_API cudaError_t cudaFuncSetCacheConfig(const void *func, int cfg) { (void)func; (void)cfg; return cudaSuccess; }

CUDART_API cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *n, const void *func, int block_size, size_t dynamic_shared)
{
    INIT_OR_FAIL();
    const isa_kernel *k = kernel_for(func, "cudaOccupancyMaxActiveBlocksPerMultiprocessor", NULL);
    if (!k || !n) return cudart_ret(cudaErrorInvalidDeviceFunction);
    uint32_t block[3] = { (uint32_t)block_size, 1, 1 };
    diag d;
    diag_init(&d);
    *n = func_blocks_per_sm(k->name, k->nregs, k->shared_bytes + dynamic_shared, block, &cudart.cfg, &d);
    diag_free(&d);
    return cudaSuccess;
}
CUDART_API cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *n, const void *func, int block_size,
                                                                               size_t dynamic_shared, unsigned flags)
{
    (void)flags;
    return cudaOccupancyMaxActiveBlocksPerMultiprocessor(n, func, block_size, dynamic_shared);
}
