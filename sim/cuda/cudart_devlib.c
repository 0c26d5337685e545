/* sim/cuda/cudart_devlib.c — the host side of the device library
 * (sim/exec/devlib.c): cudaDeviceSetLimit and cudaDeviceGetLimit for the
 * printf FIFO and the malloc heap; the printf records printed on the
 * program's stdout where CUDA's driver prints them (the next launch,
 * cudaDeviceSynchronize, stream and event synchronisation, copies,
 * cudaDeviceReset, the program's end: cudart_printf_flush's callers); the
 * error a trap or a failed assert leaves the device in. */
#include "cudart.h"
#include "exec/devlib.h"
#include <stdio.h>

enum { LIMIT_STACK = 0, LIMIT_PRINTF_FIFO = 1, LIMIT_MALLOC_HEAP = 2 };   /* cudaLimit (driver_types.h) */
enum { ERROR_UNSUPPORTED_LIMIT = 215 };
#define FIFO_LEAST (512u << 10)

static size_t stack_limit = 1024;   /* CUDA's default per-thread stack; warpsim sizes frames from the code */

CUDART_API cudaError_t cudaDeviceSetLimit(int limit, size_t value)
{
    if (cudart_init()) return cudart_ret(cudaErrorInitializationError);
    switch (limit) {
    case LIMIT_STACK: stack_limit = value; return cudaSuccess;
    case LIMIT_PRINTF_FIFO:   /* the H100's driver reads 4096 and 8192 back as 512 KB: its least */
        devlib_set_limit(DEVLIB_PRINTF_FIFO, value < FIFO_LEAST ? FIFO_LEAST : value);
        return cudaSuccess;
    case LIMIT_MALLOC_HEAP:
        if (!devlib_set_limit(DEVLIB_HEAP, value)) return cudaSuccess;
        cudart_say("cudaDeviceSetLimit", "cudaLimitMallocHeapSize: a kernel has used the heap already; "
                   "set it before the first launch that calls malloc");
        return cudart_ret(cudaErrorInvalidValue);
    default:
        cudart_say("cudaDeviceSetLimit", "limit %d: warpsim knows the stack, printf FIFO and malloc heap sizes", limit);
        return cudart_ret((cudaError_t)ERROR_UNSUPPORTED_LIMIT);
    }
}

CUDART_API cudaError_t cudaDeviceGetLimit(size_t *value, int limit)
{
    if (cudart_init()) return cudart_ret(cudaErrorInitializationError);
    if (!value) return cudart_ret(cudaErrorInvalidValue);
    switch (limit) {
    case LIMIT_STACK: *value = stack_limit; return cudaSuccess;
    case LIMIT_PRINTF_FIFO: *value = (size_t)devlib_limit(DEVLIB_PRINTF_FIFO); return cudaSuccess;
    case LIMIT_MALLOC_HEAP: *value = (size_t)devlib_limit(DEVLIB_HEAP); return cudaSuccess;
    default: return cudart_ret((cudaError_t)ERROR_UNSUPPORTED_LIMIT);
    }
}

void cudart_printf_flush(void) { devlib_flush(stdout); }

cudaError_t cudart_devlib_after_launch(int faulted)
{
    int stop = devlib_stopped();
    if (!faulted) return cudaSuccess;
    return stop == FAULT_ASSERT ? cudaErrorAssert : stop == FAULT_TRAP ? cudaErrorLaunchFailure : cudaErrorIllegalAddress;
}
