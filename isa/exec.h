/* isa/exec.h — functional semantics: what one warp instruction does to the
 * registers and memory of the active lanes. The timing model (and the
 * functional runner) call isa_exec at issue; it never decides *when*. */
#ifndef WARPSIM_EXEC_H
#define WARPSIM_EXEC_H
#include "isa.h"


typedef enum {
    FAULT_NONE, FAULT_OUT_OF_BOUNDS, FAULT_MISALIGNED, FAULT_SHARED_RANGE,
    FAULT_LOCAL_RANGE, FAULT_STACK_OVERFLOW
} isa_fault;

/* architectural state of one warp; registers are stored register-major so
 * the lanes of one register are contiguous: regs[r * warp_size + lane] */
typedef struct {
    int warp_size;
    uint64_t lanes;         /* mask of the lanes that exist */
    int nregs;
    uint32_t *regs;
    uint64_t preds[8];      /* one lane mask per predicate; preds[PT] = lanes */
    uint32_t uregs[64];     /* uregs[URZ] stays 0 */
    uint8_t upreds;         /* bit i = UPi; bit 7 (UPT) set */
} isa_warp_regs;

/* the world outside the warp, provided by whoever runs it */
typedef struct {
    void *ctx;
    /* read (write = 0) or write size bytes at addr for one lane; returns an
     * isa_fault (FAULT_NONE when the access is valid) */
    int (*mem)(void *ctx, isa_space space, int lane, uint64_t addr, void *buf, int size, int write);
    uint32_t (*sreg)(void *ctx, isa_sreg sr, int lane);
    uint64_t (*clock)(void *ctx);
    const uint8_t *cbank;   /* constant bank 0 of the launch */
    uint32_t cbank_size;
} isa_env;

/* what happened, for the runner and the timing model */
typedef struct {
    uint64_t exec_mask;     /* lanes that executed (active and guard true) */
    uint64_t taken_mask;    /* BRA: lanes that jump */
    int exited;             /* EXIT: exec_mask lanes finished */
    int barrier;            /* BAR.SYNC reached */
    isa_space mem_space;    /* memory instructions: space, bytes per lane */
    int mem_size;
    int is_mem, is_store, is_atomic;
    uint64_t addr[ISA_MAX_LANES];  /* per executing lane */
    int fault;              /* isa_fault */
    int fault_lane;
    uint64_t fault_addr;
} isa_result;

void isa_warp_init(isa_warp_regs *w, int warp_size, int nregs, uint64_t lanes);
void isa_warp_free(isa_warp_regs *w);
void isa_exec(const isa_kernel *k, const isa_insn *in, isa_warp_regs *w,
              uint64_t active, const isa_env *env, isa_result *res);
const char *isa_fault_name(int fault);

#endif
