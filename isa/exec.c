/* isa/exec.c — dispatch of one warp instruction to its semantics. */
#include "exec_internal.h"
#include <stdlib.h>

int isa_exec_fast = 1;

typedef void (*sem_fn)(isa_xctx *x);
static const sem_fn sem_table[OP_COUNT] = {
#define OP(id, mn, unit, space, kind, sig, allowed, required, doc) sem_##id,
#include "opcodes.def"
#undef OP
};

/* w's state for lanes, its registers at regs (as they are) */
static void set_up(isa_warp_regs *w, int warp_size, int nregs, uint64_t lanes, uint32_t *regs)
{
    memset(w, 0, sizeof *w);
    w->warp_size = warp_size;
    w->lanes = lanes;
    w->nregs = nregs;
    w->regs = regs;
    w->preds[ISA_PRED_PT] = lanes;
    w->upreds = 1u << ISA_PRED_PT;
}

/* the register words of a warp */
static size_t reg_words(int warp_size, int nregs) { return (size_t)(nregs ? nregs : 1) * (size_t)warp_size; }

void isa_warp_init(isa_warp_regs *w, int warp_size, int nregs, uint64_t lanes)
{
    set_up(w, warp_size, nregs, lanes, calloc(reg_words(warp_size, nregs), sizeof(uint32_t)));
}

void isa_warp_reset(isa_warp_regs *w, int warp_size, int nregs, uint64_t lanes, uint32_t *regs)
{
    memset(regs, 0, reg_words(warp_size, nregs) * sizeof(uint32_t));
    set_up(w, warp_size, nregs, lanes, regs);
}

void isa_warp_free(isa_warp_regs *w)
{
    free(w->regs);
    w->regs = NULL;
}

void isa_exec(const isa_kernel *k, const isa_insn *in, isa_warp_regs *w,
              uint64_t active, const isa_env *env, isa_result *res)
{
    uint64_t guard;
    if (in->guard_uniform)
        guard = (((w->upreds >> in->guard) & 1) ^ in->guard_neg) ? w->lanes : 0;
    else
        guard = in->guard_neg ? ~w->preds[in->guard] : w->preds[in->guard];
    res->exec_mask = active & guard;
    res->taken_mask = 0;
    res->again = 0;
    res->target = in->target;
    res->exited = res->barrier = res->bar_red = res->bar_id = res->bar_arrive = res->conv = 0;
    res->bar_threads = 0;
    res->is_mem = res->is_store = res->is_atomic = 0;
    res->fault = FAULT_NONE;
    isa_window win;          /* set up by the memory instructions (begin) */
    isa_xctx x = { k, in, w, env, res, res->exec_mask, &win };
    /* uniform instructions run once for the warp, if any lane is active */
    if (!x.mask && in->op != OP_BRA) return;
    sem_table[in->op](&x);
}

const char *isa_fault_name(int fault)
{
    switch (fault) {
    case FAULT_OUT_OF_BOUNDS: return "access outside every buffer";
    case FAULT_MISALIGNED: return "misaligned access";
    case FAULT_SHARED_RANGE: return "shared-memory address out of range";
    case FAULT_LOCAL_RANGE: return "local-memory address out of range";
    case FAULT_STACK_OVERFLOW: return "SIMT stack overflow";
    case FAULT_BAD_RETURN: return "RET or BRX to an address that is not an instruction, or a RET the lanes disagree on";
    case FAULT_TRAP: return "__trap() (BPT.TRAP)";
    case FAULT_ASSERT: return "device-side assert failed";
    case FAULT_CALL: return "CALL.ABS to a function warpsim's device library does not run";
    case FAULT_BARRIER: return "a barrier id outside 0..15, or a thread count that is not a positive multiple of the warp size (PTX ISA bar.sync a, b)";
    default: return "no fault";
    }
}
