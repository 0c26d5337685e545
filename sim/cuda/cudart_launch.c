/* sim/cuda/cudart_launch.c — the stand-in libcudart's launches beyond
 * <<<...>>>: cooperative launches (cooperative groups' grid-wide sync; the
 * grid must be co-resident, as the driver demands), CUDA 12's
 * cudaLaunchKernelEx with its launch attributes, and the occupancy and
 * function queries that size them. Every launch goes through
 * cudart_enqueue_launch (cudart_graph.c: run now, or recorded by a stream
 * capture). */
#include "cudart.h"
#include "exec/func.h"
#include <stdio.h>
#include <string.h>

#define INIT_OR_FAIL() do { if (cudart_init()) return cudart_ret(cudaErrorInitializationError); } while (0)

/* blocks of k with this block shape and dynamic shared memory one SM holds */
int cudart_blocks_per_sm(const isa_kernel *k, dim3 block, size_t dynamic_shared)
{
    uint32_t b[3] = { block.x, block.y, block.z };
    diag d;
    diag_init(&d);
    int n = func_blocks_per_sm(k->name, k->nregs, k->shared_bytes + dynamic_shared, b, &cudart.cfg, &d);
    diag_free(&d);
    return n < 0 ? 0 : n;
}

/* the grid must fit on the GPU at once: its blocks wait for each other */
static cudaError_t cooperative_fits(const cudart_func *f, dim3 grid, dim3 block, size_t shared, const char *call)
{
    const isa_kernel *k = cudart_kernel_of((cudart_func *)f, call);
    if (!k) return cudart_ret(cudaErrorInvalidDeviceFunction);
    uint64_t blocks = (uint64_t)grid.x * grid.y * grid.z;
    int per_sm = cudart_blocks_per_sm(k, block, shared);
    uint64_t most = (uint64_t)per_sm * (uint64_t)CFG(&cudart.cfg, sm_count);
    if (blocks > most) {
        cudart_say(call, "kernel %s: %llu blocks cannot all be resident at once: %d per SM (cudaOccupancyMaxActiveBlocksPerMultiprocessor) "
                   "x %lld SMs = %llu; launch at most that many", f->name, (unsigned long long)blocks, per_sm,
                   (long long)CFG(&cudart.cfg, sm_count), (unsigned long long)most);
        return cudart_ret(cudaErrorCooperativeLaunchTooLarge);
    }
    return cudaSuccess;
}

CUDART_API cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 grid, dim3 block, void **args, size_t shared, cudaStream_t st)
{
    static const char call[] = "cudaLaunchCooperativeKernel";
    INIT_OR_FAIL();
    const cudart_func *f = cudart_find_func(func, call);
    if (!f) return cudart_ret(cudaErrorInvalidDeviceFunction);
    cudaError_t e = cooperative_fits(f, grid, block, shared, call);
    return e ? e : cudart_enqueue_launch(f, grid, block, args, shared, st, 1, call);
}
CUDART_API cudaError_t cudaLaunchCooperativeKernel_ptsz(const void *func, dim3 grid, dim3 block, void **args, size_t shared, cudaStream_t st)
{
    return cudaLaunchCooperativeKernel(func, grid, block, args, shared, st);
}
CUDART_API cudaError_t cudaLaunchCooperativeKernelMultiDevice(void *params, unsigned ndevices, unsigned flags)
{
    (void)params; (void)flags;
    cudart_say("cudaLaunchCooperativeKernelMultiDevice", "%u devices: warpsim simulates one device "
               "(cudaDevAttrCooperativeMultiDeviceLaunch is 0); launch with cudaLaunchCooperativeKernel", ndevices);
    return cudart_ret(cudaErrorNotSupported);
}

/* CUDA 12's cudaLaunchConfig_t and cudaLaunchAttribute (driver_types.h) */
typedef struct { uint32_t id, pad; union { char bytes[64]; int cooperative; struct { unsigned x, y, z; } cluster; } val; } launch_attribute;
typedef struct { dim3 grid, block; size_t shared; cudaStream_t stream; const launch_attribute *attrs; unsigned nattrs; } launch_config;

/* the attributes: cooperative taken, a cluster of one block taken, hints
 * (access policy, priority, sync domains, programmatic serialisation: every
 * launch completes before the next anyway) accepted; 0 or an error (said) */
static cudaError_t launch_attributes(const launch_config *c, int *cooperative)
{
    static const char call[] = "cudaLaunchKernelEx";
    for (unsigned i = 0; i < c->nattrs; i++) {
        const launch_attribute *a = &c->attrs[i];
        switch (a->id) {
        case 2: *cooperative = a->val.cooperative != 0; break;           /* cudaLaunchAttributeCooperative */
        case 4:                                                          /* cudaLaunchAttributeClusterDimension */
            if ((uint64_t)a->val.cluster.x * a->val.cluster.y * a->val.cluster.z > 1) {
                cudart_say(call, "cudaLaunchAttributeClusterDimension (%u, %u, %u): warpsim does not model thread block clusters "
                           "(cudaDevAttrClusterLaunch is 0); launch without the attribute or with a cluster of 1x1x1",
                           a->val.cluster.x, a->val.cluster.y, a->val.cluster.z);
                return cudart_ret(cudaErrorNotSupported);
            }
            break;
        case 0: case 1: case 3: case 5: case 6: case 8: case 9: case 10: case 11: case 14: case 16: break;
        case 7: case 12: case 13:
            cudart_say(call, "launch attribute %u (a programmatic or completion event, or a device-updatable graph node) "
                       "is not supported by warpsim", a->id);
            return cudart_ret(cudaErrorNotSupported);
        default:
            cudart_say(call, "%u is not a cudaLaunchAttributeID", a->id);
            return cudart_ret(cudaErrorInvalidValue);
        }
    }
    return cudaSuccess;
}

CUDART_API cudaError_t cudaLaunchKernelExC(const launch_config *c, const void *func, void **args)
{
    static const char call[] = "cudaLaunchKernelEx";
    INIT_OR_FAIL();
    if (!c || (c->nattrs && !c->attrs)) { cudart_say(call, "config is NULL, or has attributes at NULL"); return cudart_ret(cudaErrorInvalidValue); }
    const cudart_func *f = cudart_find_func(func, call);
    if (!f) return cudart_ret(cudaErrorInvalidDeviceFunction);
    int cooperative = 0;
    cudaError_t e = launch_attributes(c, &cooperative);
    if (!e && cooperative) e = cooperative_fits(f, c->grid, c->block, c->shared, call);
    return e ? e : cudart_enqueue_launch(f, c->grid, c->block, args, c->shared, c->stream, cooperative, call);
}
CUDART_API cudaError_t cudaLaunchKernelExC_ptsz(const launch_config *c, const void *func, void **args) { return cudaLaunchKernelExC(c, func, args); }

/* ---- occupancy ---- */

CUDART_API cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *bytes, const void *func, int nblocks, int block_size)
{
    static const char call[] = "cudaOccupancyAvailableDynamicSMemPerBlock";
    INIT_OR_FAIL();
    const cudart_func *f = cudart_find_func(func, call);
    const isa_kernel *k = f ? cudart_kernel_of((cudart_func *)f, call) : NULL;
    if (!k) return cudart_ret(cudaErrorInvalidDeviceFunction);
    if (!bytes || nblocks <= 0 || block_size <= 0) { cudart_say(call, "bytes NULL, or no blocks or threads"); return cudart_ret(cudaErrorInvalidValue); }
    /* the most dynamic shared memory with which nblocks still fit an SM */
    dim3 block = { (unsigned)block_size, 1, 1 };
    if (cudart_blocks_per_sm(k, block, 0) < nblocks) { *bytes = 0; return cudaSuccess; }
    int64_t optin = CFG(&cudart.cfg, sm_shared_per_block) ? CFG(&cudart.cfg, sm_shared_per_block) : CFG(&cudart.cfg, sm_shared_memory);
    int64_t own = cudart_static_shared(k);
    size_t lo = 0, hi = optin > own ? (size_t)(optin - own) : 0;
    while (lo < hi) {   /* blocks per SM only fall as shared memory grows */
        size_t mid = (lo + hi + 1) / 2;
        if (cudart_blocks_per_sm(k, block, mid) >= nblocks) lo = mid; else hi = mid - 1;
    }
    *bytes = lo;
    return cudaSuccess;
}
