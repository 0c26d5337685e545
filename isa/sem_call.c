/* isa/sem_call.c — the device library calls nvcc makes with CALL.ABS
 * (vprintf for printf, malloc, free, __assertfail for assert), __trap's
 * BPT.TRAP and __nanosleep. The loader's relocation names the function
 * (isa/sass_elf.c puts its ISA_CALL_* number in the immediate); the
 * environment runs it (isa_env.call: sim/exec/devlib.c). A call that
 * changes memory or output is deferred with the global accesses when the
 * runner defers them, so that it happens in the runner's order. */
#include "exec_internal.h"

static const char *const call_names[ISA_CALL_COUNT] = {
    [ISA_CALL_VPRINTF] = "vprintf", [ISA_CALL_MALLOC] = "malloc", [ISA_CALL_FREE] = "free",
    [ISA_CALL_ASSERTFAIL] = "__assertfail",
};

const char *isa_call_name(int fn) { return fn > 0 && fn < ISA_CALL_COUNT ? call_names[fn] : "(unknown)"; }

int isa_call_named(const char *name)
{
    for (int i = 1; i < ISA_CALL_COUNT; i++)
        if (!strcmp(name, call_names[i])) return i;
    return ISA_CALL_NONE;
}

/* the function CALL.ABS calls: the number the ELF put in its immediate
 * (CUDA 11), or the address the loader gave it in bank 4 (CUDA 12+: the
 * register's low word in the first executing lane); ISA_CALL_NONE if none */
static int callee(const isa_insn *in, const isa_warp_regs *w, uint64_t mask)
{
    const isa_operand *o = &in->o[0];
    if (o->kind == OPK_IMM) return o->imm > 0 && o->imm < ISA_CALL_COUNT ? (int)o->imm : ISA_CALL_NONE;
    if (o->kind != OPK_REG || o->reg >= w->nregs || !mask) return ISA_CALL_NONE;
    uint32_t a = w->regs[o->reg * w->warp_size + __builtin_ctzll(mask)];
    uint32_t fn = a - (uint32_t)ISA_CALL_ADDRESS(0);
    return fn > 0 && fn < ISA_CALL_COUNT ? (int)fn : ISA_CALL_NONE;
}

void isa_call_run(const isa_kernel *k, const isa_insn *in, isa_warp_regs *w, const isa_env *env, isa_result *res)
{
    int fn = callee(in, w, res->exec_mask), lane = __builtin_ctzll(res->exec_mask | (1ull << 63));
    int f = env->call && fn > ISA_CALL_NONE && fn < ISA_CALL_COUNT ? env->call(env, k, fn, w, res->exec_mask, &lane)
                                                                    : FAULT_CALL;
    if (f && !res->fault) {
        res->fault = f;
        res->fault_lane = lane;
        res->fault_addr = (uint64_t)fn;
    }
}

/* CALL.ABS: done here, or at the window's end with the deferred global accesses */
SEM(CALL_ABS)
{
    int fn = callee(x->in, x->w, x->mask);
    x->res->target = fn;   /* for the timing model: which call, what it costs */
    /* a failed assert stops the kernel here; the others wait for the runner's order */
    if (x->env->call && fn != ISA_CALL_NONE && fn != ISA_CALL_ASSERTFAIL && x->env->defer_global && isa_defers(x->in)) return;
    isa_call_run(x->k, x->in, x->w, x->env, x->res);
}

/* BPT.TRAP: the kernel stops; the report names the first executing lane */
SEM(BPT_TRAP)
{
    x->res->fault = FAULT_TRAP;
    x->res->fault_lane = __builtin_ctzll(x->mask);
    x->res->fault_addr = 0;
}

/* __nanosleep(t): no effect on the result; each lane's t, bounded to 1 ms
 * as the PTX ISA bounds nanosleep, is left in res->addr for the timing
 * model, which sleeps the warp (sim/sm/sm.c) */
SEM(NANOSLEEP)
{
    if (!x->in->nops) return;
    isa_src a;
    src_at(x, 0, &a);
    FOR_LANES(x, l) {
        uint32_t ns = get_u32(&a, l);
        x->res->addr[l] = ns < 1000000u ? ns : 1000000u;
    }
}

/* LEPC: the byte address of the instruction at the immediate offset (the
 * kernel's code starts at 0, as RET's addresses do) */
SEM(LEPC)
{
    FOR_LANES(x, l) put_u64(x, 0, l, (uint64_t)x->in->o[1].imm);
}
