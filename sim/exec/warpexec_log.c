/* sim/exec/warpexec_log.c — the timing model's deferred global accesses:
 * each SM logs its window's loads, stores and atomics at issue
 * (xsm_defer), and they are applied at the window's end in SM order, then
 * issue order (xrun_end_cycle), or, for an SM that only loaded, at the end
 * of its own window on its thread (xrun_commit_early). */
#include "warpexec.h"
#include <stdatomic.h>
#include <stddef.h>
#include <string.h>

/* keep a deferred global access for xrun_end_cycle */
void xsm_defer(xsm *c, const isa_insn *in, isa_warp_regs *regs, const isa_result *res)
{
    if (c->nlog == c->caplog) {
        c->caplog = c->caplog ? c->caplog * 2 : 8;
        c->log = xrealloc(c->log, (size_t)c->caplog * sizeof *c->log);
    }
    xdeferred *e = &c->log[c->nlog++];
    e->in = in;
    e->regs = regs;
    e->res.exec_mask = res->exec_mask;
    e->res.mem_space = res->mem_space;
    e->res.mem_size = res->mem_size;
    int data = isa_ops[in->op].kind != KIND_LOAD;   /* what a store or atomic writes; a load has none */
    c->log_writes |= data;
    for (uint64_t m = res->exec_mask; m; m &= m - 1) {
        int l = __builtin_ctzll(m);
        e->res.addr[l] = res->addr[l];
        if (data) memcpy(e->res.data[l], res->data[l], sizeof e->res.data[l]);
    }
}

/* SM c's deferred accesses applied, in issue order */
static void commit_log(xrun *r, xsm *c)
{
    isa_env now = c->env;
    now.defer_global = 0;
    xwarp *cur = c->cur;
    for (int i = 0; i < c->nlog; i++) {
        /* a device-library call reads its warp's local memory and ids */
        if (c->log[i].in->op == OP_CALL_ABS) c->cur = (xwarp *)((char *)c->log[i].regs - offsetof(xwarp, regs));
        isa_commit_global(r->k, c->log[i].in, c->log[i].regs, &now, &c->log[i].res);
    }
    c->cur = cur;
}

void xrun_commit_early(xrun *r, int m)
{
    xsm *c = &r->sms[m];
    if (!c->nlog || c->log_writes || c->log_early) return;
    commit_log(r, c);
    c->log_early = 1;
}

/* SM c's part of the cycle's end: its deferred accesses (again where an
 * earlier SM wrote memory after it read: `again`), its count */
static void end_cycle_sm(xrun *r, xsm *c, int again)
{
    if (c->nlog) {
        if (!c->log_early || again) commit_log(r, c);
        c->nlog = 0;
        c->log_writes = c->log_early = 0;
    }
    *r->used += c->used;
    c->used = 0;
    c->marked = 0;
    r->epoch_total += c->local_epoch - c->epoch_at_end;
    c->epoch_at_end = c->local_epoch;
}

/* the SMs that stepped, in SM order (the others have nothing to apply and
 * their progress counts did not move) */
void xrun_end_cycle(xrun *r)
{
    int wrote = 0;   /* an SM before this one wrote memory in the window */
    for (int k = 0; k <= r->nsm / 64; k++) {
        uint64_t bits = atomic_exchange_explicit(&r->stepped[k], 0, memory_order_relaxed);
        for (; bits; bits &= bits - 1) {
            xsm *c = &r->sms[k * 64 + __builtin_ctzll(bits)];
            int writes = c->log_writes;
            end_cycle_sm(r, c, wrote);
            wrote |= writes;
        }
    }
    r->gmem_epoch_seen = gmem_epoch(r->mem);
}
