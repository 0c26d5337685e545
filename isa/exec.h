/* isa/exec.h — functional semantics: what one warp instruction does to the
 * registers and memory of the active lanes. The timing model (and the
 * functional runner) call isa_exec at issue; it never decides *when*. */
#ifndef WARPSIM_EXEC_H
#define WARPSIM_EXEC_H
#include "isa.h"


typedef enum {
    FAULT_NONE, FAULT_OUT_OF_BOUNDS, FAULT_MISALIGNED, FAULT_SHARED_RANGE,
    FAULT_LOCAL_RANGE, FAULT_STACK_OVERFLOW, FAULT_BAD_RETURN,
    FAULT_TRAP, FAULT_ASSERT, FAULT_CALL,  /* __trap (BPT.TRAP), a failed assert, a CALL.ABS nothing runs */
    FAULT_BARRIER           /* a barrier id outside 0..15, or a thread count not a positive multiple of the warp size */
} isa_fault;

/* the device library functions CALL.ABS runs (its immediate, which
 * isa/sass_elf.c sets from the relocation naming the function) */
enum { ISA_CALL_NONE, ISA_CALL_VPRINTF, ISA_CALL_MALLOC, ISA_CALL_FREE, ISA_CALL_ASSERTFAIL, ISA_CALL_COUNT };
/* the address the loader gives function fn in bank 4 (CUDA 12+ loads it
 * and calls the register): its low word, which CALL.ABS Rn reads */
#define ISA_CALL_ADDRESS(fn) (0xffffffffde710000ull | (uint64_t)(fn))
const char *isa_call_name(int fn);
int isa_call_named(const char *name);   /* ISA_CALL_NONE when not one */

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
    /* the last BAR.RED's block-wide result, set when the barrier releases
     * the warp, read by B2R.RESULT: the count of threads whose predicate
     * was true, and the .AND / .OR of them */
    uint32_t bar_count;
    uint8_t bar_pred;
} isa_warp_regs;

/* the world outside the warp, provided by whoever runs it */
/* what isa_env.mem is asked to do */
enum { ISA_MEM_READ, ISA_MEM_WRITE, ISA_MEM_CHECK };

/* host bytes that a warp's accesses inside [lo, hi) read and write
 * directly (isa_env.window); a write that changes a byte adds one to *epoch,
 * as isa_env.mem's owner counts changes */
typedef struct {
    uint64_t lo, hi;
    uint8_t *data;
    uint64_t *epoch;
    int none;               /* the environment had no window: ask no more */
} isa_window;

typedef struct isa_env_s {
    void *ctx;
    /* read (ISA_MEM_READ) or write (ISA_MEM_WRITE) size bytes at addr for
     * one lane, or only check that the access is valid (ISA_MEM_CHECK, asked
     * for global memory when defer_global is set); returns an isa_fault
     * (FAULT_NONE when the access is valid) */
    int (*mem)(void *ctx, isa_space space, int lane, uint64_t addr, void *buf, int size, int write);
    uint32_t (*sreg)(void *ctx, isa_sreg sr, int lane);
    uint64_t (*clock)(void *ctx);
    const uint8_t *cbank;   /* constant bank 0 of the launch */
    uint32_t cbank_size;
    /* 1: global loads, stores and atomics only check their addresses and
     * keep what they write (isa_result.data); memory and their destination
     * registers are left alone until the runner applies them, in an order
     * of its choosing, with isa_commit_global. Used by the timing model so
     * that SMs can execute on several threads with one result. */
    int defer_global;
    /* optional: the window of host memory around addr in space for lane
     * (global and shared memory), so that the lanes of a warp instruction
     * need not call mem one by one; 0 when there is none (mem is called) */
    int (*window)(void *ctx, isa_space space, int lane, uint64_t addr, isa_window *w);
    /* optional: [checked[0], checked[1]), global memory that mem has found
     * valid (it may move the span when asked): an aligned deferred access
     * inside it needs no ISA_MEM_CHECK call */
    const uint64_t *checked;
    /* optional: the device library (sim/exec/devlib.c): CALL.ABS's function
     * fn (ISA_CALL_*) for the lanes of mask, their return values written
     * into w; returns an isa_fault, *lane the lane it concerns */
    int (*call)(const struct isa_env_s *env, const isa_kernel *k, int fn, isa_warp_regs *w, uint64_t mask, int *lane);
} isa_env;

enum { ISA_CONV_NONE, ISA_CONV_SYNC, ISA_CONV_YIELD };

/* what happened, for the runner and the timing model */
typedef struct {
    uint64_t exec_mask;     /* lanes that executed (active and guard true) */
    uint64_t taken_mask;    /* BRA: lanes that jump */
    int32_t target;         /* where they jump: the instruction's target, or RET's return pc */
    int again;              /* BRX: the executing lanes that do not jump run the BRX again (one target at a time) */
    int exited;             /* EXIT: exec_mask lanes finished */
    int barrier;            /* BAR.SYNC reached */
    int bar_id;             /* BAR: which of the block's barriers (0..15) */
    uint32_t bar_threads;   /* BAR: the thread count it names, 0 for the whole block */
    int bar_arrive;         /* BAR.ARV: arrive without waiting */
    int conv;               /* ISA_CONV_SYNC: the lanes wait at their convergence barrier (BSYNC);
                               ISA_CONV_YIELD: the path offers its turn to the warp's others (YIELD) */
    int bar_red;            /* BAR.RED: its MOD_ATOM_ operation (POPC as ADD, AND, OR), 0 for none */
    uint64_t bar_pred;      /* BAR.RED: the executing lanes whose predicate is true */
    isa_space mem_space;    /* memory instructions: space, bytes per lane */
    int mem_size;
    int is_mem, is_store, is_atomic;
    uint64_t addr[ISA_MAX_LANES];  /* per executing lane */
    /* a deferred global access (isa_env.defer_global), per executing lane:
     * a store's bytes; an atomic's operands a (words 0-1) and b (words 2-3) */
    uint32_t data[ISA_MAX_LANES][4];
    int fault;              /* isa_fault */
    int fault_lane;
    uint64_t fault_addr;
} isa_result;

/* 1 (default): instructions whose sources carry no modifiers run a lane
 * loop with their operands resolved once; 0: the general path only (tests
 * compare the two) */
extern int isa_exec_fast;
void isa_warp_init(isa_warp_regs *w, int warp_size, int nregs, uint64_t lanes);
void isa_warp_free(isa_warp_regs *w);
/* as isa_warp_init, with the registers in the caller's nregs x warp_size
 * words at regs (zeroed here; the caller frees them, not isa_warp_free) */
void isa_warp_reset(isa_warp_regs *w, int warp_size, int nregs, uint64_t lanes, uint32_t *regs);
void isa_exec(const isa_kernel *k, const isa_insn *in, isa_warp_regs *w,
              uint64_t active, const isa_env *env, isa_result *res);
/* apply a global access executed with defer_global: in->op with the lanes,
 * addresses and data of res (as isa_exec left them) on the warp's registers,
 * through env (whose defer_global is 0). Its addresses were checked then:
 * it cannot fault. */
void isa_commit_global(const isa_kernel *k, const isa_insn *in, isa_warp_regs *w, const isa_env *env, isa_result *res);
/* 1 when in is a global access that defer_global defers */
int isa_defers(const isa_insn *in);
const char *isa_fault_name(int fault);

#endif
