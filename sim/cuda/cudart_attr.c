/* sim/cuda/cudart_attr.c — the stand-in libcudart's device queries: every
 * cudaDeviceAttr (cudart_attr.def: one row each, with where its answer
 * comes from) and cudaDeviceProp (cudart_prop.def: each field's place in
 * CUDA 11's, 12's and 13's layouts and the attributes that fill it), and the
 * device-level calls around them (flags, limits, PCI address, choosing). */
#include "cudart.h"
#include "exec/devlib.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the layouts' sizes (the rows are read where the fields are filled) */
#define PROP(field, off11, off12, off13, bytes, count, a0, a1, a2)
#include "cudart_prop.def"
#undef PROP

#define INIT_OR_FAIL() do { if (cudart_init()) return cudart_ret(cudaErrorInitializationError); } while (0)

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
/* the most shared memory a block may opt in to */
static int64_t optin(const config *c) { return CFG(c, sm_shared_per_block) ? CFG(c, sm_shared_per_block) : CFG(c, sm_shared_memory); }

int cudart_attribute(int attr, int64_t *value)
{
    const config *c = &cudart.cfg;
    int arch = (int)CFG(c, gpu_sass_arch);
    (void)arch;
    switch (attr) {
#define ATTR(num, name, val, source) case num: *value = (int64_t)(val); return 0;
#include "cudart_attr.def"
#undef ATTR
    default: return -1;
    }
}

/* the attribute's name (cudaDevAttrNAME), or NULL when not in the enum */
const char *cudart_attribute_name(int attr)
{
    switch (attr) {
#define ATTR(num, name, val, source) case num: return "cudaDevAttr" #name;
#include "cudart_attr.def"
#undef ATTR
    default: return NULL;
    }
}

CUDART_API cudaError_t cudaDeviceGetAttribute(int *value, int attr, int dev)
{
    INIT_OR_FAIL();
    if (!value) { cudart_say("cudaDeviceGetAttribute", "value is NULL"); return cudart_ret(cudaErrorInvalidValue); }
    if (dev != 0) { cudart_say("cudaDeviceGetAttribute", "device %d: warpsim simulates one device, 0", dev); return cudart_ret(cudaErrorInvalidDevice); }
    int64_t v;
    if (cudart_attribute(attr, &v)) {
        cudart_say("cudaDeviceGetAttribute", "%d is not a cudaDeviceAttr of CUDA 11.8 to 13 (sim/cuda/cudart_attr.def lists them)", attr);
        return cudart_ret(cudaErrorInvalidValue);
    }
    *value = (int)v;
    return cudaSuccess;
}

/* the bytes of device memory programs are told of (simulated memory is
 * sparse: only what they allocate exists) */
uint64_t cudart_total_memory(void) { return 80ull << 30; }

static void put(void *prop, int off, int bytes, int64_t v)
{
    if (bytes == 8) { uint64_t x = (uint64_t)v; memcpy((char *)prop + off, &x, 8); }
    else if (bytes == 4) { int32_t x = (int32_t)v; memcpy((char *)prop + off, &x, 4); }
}

/* one field: each element from its attribute (0: none answers it) */
static void put_field(void *prop, int off, int bytes, int count, const int attrs[3])
{
    for (int i = 0; i < count && i < 3; i++) {
        int64_t v;
        if (attrs[i] && !cudart_attribute(attrs[i], &v)) put(prop, off + i * bytes, bytes, v);
    }
}

static cudaError_t get_properties(void *prop, int dev)
{
    INIT_OR_FAIL();
    if (!prop) { cudart_say("cudaGetDeviceProperties", "prop is NULL"); return cudart_ret(cudaErrorInvalidValue); }
    if (dev != 0) { cudart_say("cudaGetDeviceProperties", "device %d: warpsim simulates one device, 0", dev); return cudart_ret(cudaErrorInvalidDevice); }
    int v = cudart_major >= 13 ? 13 : cudart_major == 12 ? 12 : 11;
    memset(prop, 0, v == 13 ? CUDART_PROP_SIZE13 : v == 12 ? CUDART_PROP_SIZE12 : CUDART_PROP_SIZE11);
    snprintf(prop, 256, "warpsim %s", cudart.cfg.sval[CFGK_gpu_name]);
    put(prop, 288, 8, (int64_t)cudart_total_memory());   /* totalGlobalMem, the same offset in every layout */
#define PROP(field, off11, off12, off13, bytes, count, a0, a1, a2) \
    do { static const int attrs[3] = { a0, a1, a2 }; int off = v == 13 ? off13 : v == 12 ? off12 : off11; \
         if (off >= 0 && (a0)) put_field(prop, off, bytes, count, attrs); } while (0);
#include "cudart_prop.def"
#undef PROP
    return cudaSuccess;
}
CUDART_API cudaError_t cudaGetDeviceProperties(void *prop, int dev) { return get_properties(prop, dev); }
CUDART_API cudaError_t cudaGetDeviceProperties_v2(void *prop, int dev) { return get_properties(prop, dev); }

/* the device that best matches prop: there is one */
CUDART_API cudaError_t cudaChooseDevice(int *dev, const void *prop)
{
    INIT_OR_FAIL();
    if (!dev || !prop) { cudart_say("cudaChooseDevice", "device or prop is NULL"); return cudart_ret(cudaErrorInvalidValue); }
    *dev = 0;
    return cudaSuccess;
}

static const char pci_id[] = "0000:01:00.0";   /* cudart_attr.def: PciDomainId, PciBusId, PciDeviceId */

CUDART_API cudaError_t cudaDeviceGetPCIBusId(char *id, int len, int dev)
{
    INIT_OR_FAIL();
    if (!id || len <= 0) { cudart_say("cudaDeviceGetPCIBusId", "no room for the id"); return cudart_ret(cudaErrorInvalidValue); }
    if (dev != 0) return cudart_fail("cudaDeviceGetPCIBusId", cudaErrorInvalidDevice, "device %d: warpsim simulates one device, 0", dev);
    snprintf(id, (size_t)len, "%s", pci_id);
    return cudaSuccess;
}
CUDART_API cudaError_t cudaDeviceGetByPCIBusId(int *dev, const char *id)
{
    INIT_OR_FAIL();
    if (!dev || !id) return cudart_fail("cudaDeviceGetByPCIBusId", cudaErrorInvalidValue, "device or id is NULL");
    if (strcmp(id, pci_id) && strcmp(id, pci_id + 5)) {
        cudart_say("cudaDeviceGetByPCIBusId", "'%s': warpsim's one device is at %s", id, pci_id);
        return cudart_ret(cudaErrorInvalidDevice);
    }
    *dev = 0;
    return cudaSuccess;
}

/* ---- flags and limits: remembered, answered back; they change nothing simulated ---- */

static unsigned device_flags;
CUDART_API cudaError_t cudaSetDeviceFlags(unsigned flags)
{
    INIT_OR_FAIL();
    if (flags & ~0x1fu) { cudart_say("cudaSetDeviceFlags", "flags 0x%x: unknown bits", flags); return cudart_ret(cudaErrorInvalidValue); }
    device_flags = flags;
    return cudaSuccess;
}
CUDART_API cudaError_t cudaGetDeviceFlags(unsigned *flags)
{
    INIT_OR_FAIL();
    if (!flags) return cudart_fail("cudaGetDeviceFlags", cudaErrorInvalidValue, "the flags pointer is NULL");
    *flags = device_flags | 0x8;   /* cudaDeviceMapHost: always on, as with unified addressing */
    return cudaSuccess;
}
CUDART_API cudaError_t cudaSetValidDevices(int *devs, int n)
{
    INIT_OR_FAIL();
    for (int i = 0; devs && i < n; i++)
        if (devs[i] != 0) return cudart_fail("cudaSetValidDevices", cudaErrorInvalidDevice, "device %d: warpsim simulates one device, 0", devs[i]);
    return cudaSuccess;
}

/* cudaLimit: stack size, printf FIFO, malloc heap, device runtime sync depth
 * and pending launches, max L2 fetch granularity, persisting L2 (driver_types.h) */
static size_t limits[7] = { 1024, 1 << 20, 8 << 20, 2, 2048, 32, 0 };

CUDART_API cudaError_t cudaDeviceSetLimit(int limit, size_t value)
{
    INIT_OR_FAIL();
    if (limit < 0 || limit > 6) { cudart_say("cudaDeviceSetLimit", "%d is not a cudaLimit", limit); return cudart_ret(cudaErrorInvalidValue); }
    if (limit == 5 && value > 128) value = 128;   /* cudaLimitMaxL2FetchGranularity: 0 to 128 bytes */
    if (limit == 6 && value) {
        cudart_say("cudaDeviceSetLimit", "cudaLimitPersistingL2CacheSize: warpsim has no persisting L2 (cudaDevAttrMaxPersistingL2CacheSize is 0)");
        return cudart_ret(cudaErrorInvalidValue);
    }
    if (limit == 1 && value < (512u << 10)) value = 512u << 10;   /* the H100's driver reads 4096 and 8192 back as 512 KB */
    if (limit == 1) devlib_set_limit(DEVLIB_PRINTF_FIFO, value);
    if (limit == 2 && devlib_set_limit(DEVLIB_HEAP, value)) {
        cudart_say("cudaDeviceSetLimit", "cudaLimitMallocHeapSize: a kernel has used the heap already; set it before the "
                   "first launch that calls malloc");
        return cudart_ret(cudaErrorInvalidValue);
    }
    limits[limit] = value;
    return cudaSuccess;
}
CUDART_API cudaError_t cudaDeviceGetLimit(size_t *value, int limit)
{
    INIT_OR_FAIL();
    if (!value || limit < 0 || limit > 6) {
        cudart_say("cudaDeviceGetLimit", value ? "%d is not a cudaLimit" : "the value pointer is NULL (limit %d)", limit);
        return cudart_ret(cudaErrorInvalidValue);
    }
    *value = limits[limit];
    return cudaSuccess;
}
CUDART_API cudaError_t cudaThreadSetLimit(int limit, size_t value) { return cudaDeviceSetLimit(limit, value); }
CUDART_API cudaError_t cudaThreadGetLimit(size_t *value, int limit) { return cudaDeviceGetLimit(value, limit); }

static int cache_config, shmem_config;
CUDART_API cudaError_t cudaDeviceSetCacheConfig(int cfg)
{
    if (cfg < 0 || cfg > 3) return cudart_fail("cudaDeviceSetCacheConfig", cudaErrorInvalidValue, "%d is not a cudaFuncCache", cfg);
    cache_config = cfg;
    return cudaSuccess;
}
CUDART_API cudaError_t cudaDeviceGetCacheConfig(int *cfg) { if (!cfg) return cudart_ret(cudaErrorInvalidValue); *cfg = cache_config; return cudaSuccess; }
CUDART_API cudaError_t cudaThreadSetCacheConfig(int cfg) { return cudaDeviceSetCacheConfig(cfg); }
CUDART_API cudaError_t cudaThreadGetCacheConfig(int *cfg) { return cudaDeviceGetCacheConfig(cfg); }
CUDART_API cudaError_t cudaDeviceSetSharedMemConfig(int cfg)
{
    if (cfg < 0 || cfg > 2) return cudart_fail("cudaDeviceSetSharedMemConfig", cudaErrorInvalidValue, "%d is not a cudaSharedMemConfig", cfg);
    shmem_config = cfg;
    return cudaSuccess;
}
CUDART_API cudaError_t cudaDeviceGetSharedMemConfig(int *cfg) { if (!cfg) return cudart_ret(cudaErrorInvalidValue); *cfg = shmem_config ? shmem_config : 1; return cudaSuccess; }

CUDART_API cudaError_t cudaDeviceGetStreamPriorityRange(int *least, int *greatest)
{
    if (least) *least = 0;          /* the A100's and H100's range: 0 (least) to -5 */
    if (greatest) *greatest = -5;
    return cudaSuccess;
}

/* profiling: Nsight's --profile-from-start off bounds what it measures with
 * these; warpsim times every launch its options pick, so they are accepted
 * and change nothing (docs/cuda-programs.md) */
CUDART_API cudaError_t cudaProfilerStart(void) { INIT_OR_FAIL(); return cudaSuccess; }
CUDART_API cudaError_t cudaProfilerStop(void) { INIT_OR_FAIL(); return cudaSuccess; }
