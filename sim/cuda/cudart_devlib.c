/* sim/cuda/cudart_devlib.c — the host side of the device library
 * (sim/exec/devlib.c; cudaDeviceSetLimit, in cudart_attr.c, sets its printf
 * FIFO and malloc heap sizes): the printf records printed on the
 * program's stdout where CUDA's driver prints them (the next launch,
 * cudaDeviceSynchronize, stream and event synchronisation, copies,
 * cudaDeviceReset, the program's end: cudart_printf_flush's callers); the
 * error a trap or a failed assert leaves the device in. */
#include "cudart.h"
#include "exec/devlib.h"
#include <stdio.h>

void cudart_printf_flush(void) { devlib_flush(stdout); }

cudaError_t cudart_devlib_after_launch(int faulted)
{
    int stop = devlib_stopped();
    if (!faulted) return cudaSuccess;
    return stop == FAULT_ASSERT ? cudaErrorAssert : stop == FAULT_TRAP ? cudaErrorLaunchFailure : cudaErrorIllegalAddress;
}
