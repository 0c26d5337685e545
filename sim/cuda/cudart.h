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
    cudaErrorInvalidDevice = 101, cudaErrorInvalidResourceHandle = 400, cudaErrorNotReady = 600,
    cudaErrorIllegalAddress = 700, cudaErrorLaunchOutOfResources = 701, cudaErrorLaunchTimeout = 702,
    cudaErrorNotSupported = 801, cudaErrorUnknown = 999
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
    int linked;                    /* cudart_link: 1 done, -1 failed (said) */
    uint8_t *bank4;                /* its module's bank 4 as the loader fills it */
} cudart_func;

/* a __device__ or __constant__ variable (__cudaRegisterVar), in device memory */
typedef struct {
    const void *host_var;
    char name[256];
    uint64_t addr, size;
} cudart_var;

struct cudart_event { double ms; int recorded; };

/* cudart_state.c: the one simulated device */
typedef struct {
    int ok;                 /* initialised from the environment without error */
    config cfg;
    isa_program prog;       /* the SASS dumps */
    gmem *mem;
    int functional, per_pc, stats_format;   /* stats: 0 text, 1 JSON, 2 CSV */
    launch_select sel;      /* the launches a timed run times (--kernel-name, --launch-skip, --launch-count) */
    uint64_t max_cycles, max_instructions, used;
    struct timing_gpu *gpu;
    double now_ms;          /* simulated time so far: every launch's cycles at gpu.clock_mhz, and the copies' */
    double copy_ms;         /* of which copies and memsets (cudart_charge_copy) */
    uint64_t copies;
    int last_error, sticky_error;
    cudart_func *funcs; int nfuncs;
    cudart_var *vars; int nvars;
    struct { uint64_t base, bytes; int buffer, freed; } *allocs; int nallocs;   /* buffer: gmem's index */
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
/* an event for warpsim cuda (cuda_env.h, CUDA_ENV_STATE) */
void cudart_event_note(const char *what, const char *name);
/* a call warpsim does not implement: says so, returns cudaErrorNotSupported */
int cudart_unimplemented(const char *call);
const cudart_func *cudart_find_func(const void *host_fun, const char *call);
cudaError_t cudart_launch(const cudart_func *f, dim3 grid, dim3 block, void **args, size_t shared);
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
