/* sim/exec/devlib.h — the device library nvcc's code calls (CALL.ABS):
 * printf (vprintf) into a FIFO the host prints at synchronisation points,
 * malloc and free on a device heap in simulated global memory, assert
 * (__assertfail). One simulated device per process: one state. */
#ifndef WARPSIM_DEVLIB_H
#define WARPSIM_DEVLIB_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "isa/exec.h"
#include "memory.h"

/* the limits cudaDeviceSetLimit sets (CUDA's defaults: 1 MB, 8 MB) */
enum { DEVLIB_PRINTF_FIFO, DEVLIB_HEAP };
#define DEVLIB_FIFO_DEFAULT (1u << 20)
#define DEVLIB_HEAP_DEFAULT (8u << 20)
/* 0, or -1 when the heap is in use already (CUDA: cudaErrorInvalidValue) */
int devlib_set_limit(int which, uint64_t bytes);
uint64_t devlib_limit(int which);

/* isa_env.call: CALL.ABS's function fn for the lanes of mask */
int devlib_call(const isa_env *env, const isa_kernel *k, int fn, isa_warp_regs *w, uint64_t mask, int *lane);
/* the launch about to run uses memory m (the device heap lives there) */
void devlib_launch(gmem *m);
/* the printf records of the launches so far, in order, written to out
 * (the program's stdout), the FIFO emptied; returns the records dropped
 * because the FIFO was full */
uint64_t devlib_flush(FILE *out);
/* the failed asserts' reports since the last call (NULL if none), for the
 * runner's fault report; the caller frees it */
char *devlib_take_asserts(void);
/* the runner stopped a kernel for fault (FAULT_TRAP, FAULT_ASSERT ...);
 * devlib_stopped gives the last one and forgets it (FAULT_NONE if none) */
void devlib_note_stop(int fault);
int devlib_stopped(void);

/* printf's formatting, as CUDA's host side does it: fmt with the packed
 * arguments (each aligned to its size, as nvcc packs them) that arg reads
 * at byte offsets, strings for %s through str (up to max bytes; -1 when
 * unreadable). Writes at most cap - 1 bytes and a NUL; returns the length
 * of the whole text (as snprintf), *nargs the arguments it read. */
typedef struct {
    void *ctx;
    int (*arg)(void *ctx, uint64_t offset, void *buf, int size);        /* 0 when read */
    int (*str)(void *ctx, uint64_t addr, char *buf, size_t max);        /* length, or -1 */
} devlib_args;
size_t devlib_format(char *out, size_t cap, const char *fmt, const devlib_args *a, int *nargs);

#endif
