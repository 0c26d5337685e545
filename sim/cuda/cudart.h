/* sim/cuda/cudart.h — the stand-in for NVIDIA's libcudart (docs/cuda-programs.md):
 * the CUDA runtime types it needs, declared here (no NVIDIA header is used),
 * and what its files share. The library is loaded into an unmodified CUDA
 * program by `warpsim cuda`; every kernel launch runs on warpsim. */
#ifndef WARPSIM_CUDART_H
#define WARPSIM_CUDART_H
#include <stddef.h>
#include <stdint.h>
#include "config/config.h"
#include "exec/memory.h"
#include "exec/observer.h"
#include "stats/stats.h"
#include "asm.h"
#include "front/launch_select.h"

/* exported entry points (the rest of the library is hidden) */
#define CUDART_API __attribute__((visibility("default")))

/* cudaError_t values (driver_types.h; the same in CUDA 11 to 13) */
typedef enum {
    cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2, cudaErrorInitializationError = 3,
    cudaErrorLaunchFailure = 719, cudaErrorAssert = 710, cudaErrorInvalidConfiguration = 9, cudaErrorInvalidSymbol = 13,
    cudaErrorInvalidMemcpyDirection = 21, cudaErrorInvalidDeviceFunction = 98, cudaErrorNoDevice = 100,
    cudaErrorInvalidDevice = 101, cudaErrorInvalidResourceHandle = 400, cudaErrorIllegalState = 401, cudaErrorNotReady = 600,
    cudaErrorIllegalAddress = 700, cudaErrorLaunchOutOfResources = 701, cudaErrorLaunchTimeout = 702,
    cudaErrorCooperativeLaunchTooLarge = 720, cudaErrorNotSupported = 801, cudaErrorStreamCaptureUnsupported = 900,
    cudaErrorStreamCaptureInvalidated = 901, cudaErrorStreamCaptureUnmatched = 903, cudaErrorStreamCaptureUnjoined = 904,
    cudaErrorGraphExecUpdateFailure = 910, cudaErrorHostMemoryAlreadyRegistered = 712, cudaErrorHostMemoryNotRegistered = 713,
    cudaErrorInvalidPitchValue = 12, cudaErrorUnknown = 999
} cudaError_t;

typedef struct { unsigned x, y, z; } dim3;
typedef enum { cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2,
               cudaMemcpyDeviceToDevice = 3, cudaMemcpyDefault = 4 } cudaMemcpyKind;
typedef void *cudaStream_t;
typedef struct cudart_event *cudaEvent_t;

/* a registered kernel (__cudaRegisterFunction): the program's host stub and
 * the device function's mangled name; its SASS once found */
typedef struct {
    const void *host_fun;
    char name[256];
    const isa_kernel *k;
    uint32_t max_dynamic_shared;   /* cudaFuncAttributeMaxDynamicSharedMemorySize */
    int carveout;                  /* cudaFuncAttributePreferredSharedMemoryCarveout (a hint; -1 unset) */
    int linked;                    /* cudart_link: 1 done, -1 failed (said) */
    uint8_t *bank4;                /* its module's bank 4 as the loader fills it */
} cudart_func;

/* a __device__ or __constant__ variable (__cudaRegisterVar), in device memory */
typedef struct {
    const void *host_var;
    char name[256];
    uint64_t addr, size;
} cudart_var;

struct cudart_event { double ms; int recorded; struct cudart_graph *capture; int ndeps; int deps[16]; };

/* CUDA's 3D copy types (driver_types.h; the same in CUDA 11 to 13) */
typedef struct { void *ptr; size_t pitch, xsize, ysize; } cudart_pitched;
typedef struct { size_t width, height, depth; } cudart_extent;
typedef struct { size_t x, y, z; } cudart_pos;
typedef struct {
    void *src_array; cudart_pos src_pos; cudart_pitched src;
    void *dst_array; cudart_pos dst_pos; cudart_pitched dst;
    cudart_extent extent; int kind;
} cudart_copy3d;

/* one piece of stream work, run now or kept in a graph (cudart_stream.c) */
enum { WORK_EMPTY, WORK_KERNEL, WORK_COPY, WORK_COPY3D, WORK_MEMSET, WORK_HOST };
typedef struct {
    int kind;
    const cudart_func *f; dim3 grid, block; size_t shared; int cooperative;   /* kernel: its arguments' bytes */
    uint8_t *args; int nargs;
    void *dst; const void *src; size_t dpitch, spitch, width, height;   /* copy (kind), memset (value, elem: 1, 2 or 4) */
    int copy_kind; unsigned value, elem;
    cudart_copy3d p3d;
    void (*fn)(void *); void *data;                                       /* host function */
} cudart_work;

/* a stream: its flags and priority, and the capture it takes part in
 * (graph, and the nodes its next work depends on) */
struct cudart_stream {
    uint32_t magic;
    unsigned flags;
    int priority;
    struct cudart_graph *capture;
    unsigned long long capture_id;
    int ndeps, deps[16];
    void *dep_nodes[16];    /* their handles, as cudaStreamGetCaptureInfo gives them */
};

/* cudart_state.c: the one simulated device */
typedef struct {
    int ok;                 /* initialised from the environment without error */
    config cfg;
    isa_program prog;       /* the SASS dumps */
    gmem *mem;
    int functional, per_pc, stats_format;   /* stats: 0 text, 1 JSON, 2 CSV */
    launch_select sel;      /* the launches a timed run times (--kernel-name, --launch-skip, --launch-count) */
    struct sample_plan *plan;   /* --sample (sample.enabled): the launches timed and projected, or NULL */
    uint64_t max_cycles, max_instructions, used;
    struct timing_gpu *gpu;
    double now_ms;          /* simulated time so far: every launch's cycles at gpu.clock_mhz, and the copies' */
    double copy_ms;         /* of which copies and memsets (cudart_charge_copy) */
    uint64_t copies;
    int last_error, sticky_error;
    cudart_func *funcs; int nfuncs;
    cudart_var *vars; int nvars;
    struct { uint64_t base, bytes; int buffer, freed, kind; } *allocs; int nallocs;   /* buffer: gmem's index;
                            * kind: 0 device, 1 managed, 2 mapped host memory (cudaHostAllocMapped) */
    /* the launch configuration pushed by <<<...>>> */
    struct { dim3 grid, block; size_t shared; cudaStream_t stream; } pushed[8];
    int npushed;
} cudart_state;

extern cudart_state cudart;
extern const int cudart_major;          /* cudart_version.c: 11, 12 or 13, per soname */

/* once, on the first call: read the environment */
int cudart_init(void);
/* the result of a call: remembered for cudaGetLastError */
cudaError_t cudart_ret(cudaError_t e);
/* a message on stderr, "warpsim cuda: CALL: ..." */
void cudart_say(const char *call, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* says why call failed, and returns e as cudart_ret does */
cudaError_t cudart_fail(const char *call, cudaError_t e, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
const char *cudaGetErrorName(cudaError_t e);
/* an event for warpsim cuda (cuda_env.h, CUDA_ENV_STATE) */
void cudart_event_note(const char *what, const char *name);
/* a call warpsim does not implement: says so, returns cudaErrorNotSupported */
int cudart_unimplemented(const char *call);
const cudart_func *cudart_find_func(const void *host_fun, const char *call);
/* a launch, now (cudart_enqueue_launch decides between now and a capture),
 * named as call in messages; cooperative: bank 0 points at the grid
 * workspace cooperative groups' grid sync needs */
cudaError_t cudart_launch_as(const cudart_func *f, dim3 grid, dim3 block, void **args, size_t shared, int cooperative,
                             const char *call);
/* cudart_devlib.c: after a launch, the error a fault leaves
 * (cudaErrorAssert, cudaErrorLaunchFailure for __trap,
 * cudaErrorIllegalAddress), cudaSuccess when it did not fault */
cudaError_t cudart_devlib_after_launch(int faulted);
/* the kernels' printf records so far on stdout, where CUDA's driver prints
 * them: a launch, a synchronisation, a blocking copy, cudaDeviceReset, the
 * program's end */
void cudart_printf_flush(void);
const char *cudaGetErrorName(cudaError_t e);
/* device memory: the allocation holding [addr, addr+n), or -1 */
int cudart_alloc_of(uint64_t addr, uint64_t n);
/* copy between host and simulated device memory (dir 1: to the device) */
int cudart_copy(uint64_t dev, void *host, uint64_t n, int to_device);
uint64_t cudart_malloc(uint64_t bytes, const char *what);
uint64_t cudart_malloc_managed(uint64_t bytes, const char *what);
/* cudart_device.c: pinned host memory (cudaMallocHost); the simulated time
 * of a copy (kind: a cudaMemcpyKind, or -1 for a memset; host: its host
 * side) added to the clock events read */
void cudart_pinned_add(const void *p, size_t n);
int cudart_pinned_remove(const void *p);
void cudart_charge_copy(int kind, uint64_t bytes, const void *host);
/* cudart_stream.c: the stream a handle names (NULL for the legacy and
 * per-thread default streams, and for a bad handle: *bad set); work run now
 * or captured; a kernel's arguments packed as its parameters' bytes */
struct cudart_stream *cudart_stream_of(cudaStream_t s, int *bad);
cudaError_t cudart_enqueue(cudaStream_t s, const cudart_work *w, const char *call);
cudaError_t cudart_enqueue_launch(const cudart_func *f, dim3 grid, dim3 block, void **args, size_t shared, cudaStream_t s,
                                  int cooperative, const char *call);
cudaError_t cudart_work_run(const cudart_work *w, const char *call);
int cudart_pack_args(cudart_work *w, void **args, const char *call);
void cudart_work_copy(cudart_work *to, const cudart_work *from);
void cudart_work_free(cudart_work *w);
/* cudart_graph.c: a node for work w in graph g after deps; its index; the
 * handle of node index, and the index of a handle (-1: not g's) */
int cudart_graph_add(struct cudart_graph *g, const cudart_work *w, const int *deps, int ndeps);
void *cudart_graph_node(struct cudart_graph *g, int index);
int cudart_graph_index(const struct cudart_graph *g, const void *node);
/* cudart_api.c: copies and memsets as the calls do them, with their time */
cudaError_t cudart_memcpy2d(const char *call, void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                            size_t height, int kind);
cudaError_t cudart_memcpy_untimed(const char *call, void *dst, const void *src, size_t n, int kind);
int cudart_direction(const void *dst, const void *src, size_t n, int kind);
cudaError_t cudart_memcpy3d(const char *call, const cudart_copy3d *p);
/* cudart_tex.c: a CUDA array as the pitched device memory it is, and its
 * texel's bytes; 0, or -1 when it is not an array */
int cudart_array_as_pitched(const void *array, cudart_pitched *out, size_t *texel);
/* cudart_tex.c: the handle of the object bound to the texture or
 * surface reference named name (CUDA 11's texture<>), or 0 */
uint32_t cudart_texref_handle(const char *name);
cudaError_t cudart_memset2d(const char *call, void *dst, size_t pitch, unsigned value, unsigned elem, size_t width, size_t height);
/* entry points the library's own files call */
cudaError_t cudaMalloc(void **ptr, size_t size);
cudaError_t cudaFree(void *ptr);
cudaError_t cudaMallocHost(void **ptr, size_t size);
/* cudart_memory.c: frees mapped host memory of cudaHostAlloc: 0, or -1 if p is none */
int cudart_free_mapped(void *p);
/* cudart_launch.c: blocks of k one SM holds */
int cudart_blocks_per_sm(const isa_kernel *k, dim3 block, size_t dynamic_shared);
/* cudart_state.c: f's SASS, or NULL (said) */
const isa_kernel *cudart_kernel_of(cudart_func *f, const char *call);
/* cudart_device.c: a kernel's own static shared memory (sm_90's reserved
 * 1 KB not counted); pinned host memory (cudaMallocHost, cudaHostRegister) */
uint32_t cudart_static_shared(const isa_kernel *k);
int cudart_is_pinned(const void *p, uint64_t n);
/* cudart_attr.c: cudaDeviceAttr attr's value (cudart_attr.def), or -1 when
 * not in the enum; the device memory programs are told of */
int cudart_attribute(int attr, int64_t *value);
uint64_t cudart_total_memory(void);
/* cudart_views.c: the views and the trace of every launch (cuda_env.h),
 * their observer (NULL if none), a launch that did not end (no trace kept),
 * and at exit their files */
void cudart_views_open(diag *d);
const sim_observer *cudart_views_observer(void);
void cudart_views_broken(void);
void cudart_views_close(const kernel_stats *ks, int nks, const isa_kernel *const *ks_kernel);
/* cudart_link.c: the loader's work for k, f's SASS, once: the addresses of
 * __device__ variables into its code and bank 4; 0, or -1 (said) */
int cudart_link(cudart_func *f, isa_kernel *k);
/* banks 3 (__constant__ variables as they are now) and 4 into a launch's
 * bank-0 image (isa.h: ISA_CBANK_FLAT) */
void cudart_module_banks(const cudart_func *f, const isa_kernel *k, uint8_t *cbank);

#endif
