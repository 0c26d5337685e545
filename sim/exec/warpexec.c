/* sim/exec/warpexec.c — warp and block execution shared by the functional
 * runner and the timing model: resident blocks, each warp's registers and
 * SIMT stack, shared and local memory, fault reports and deadlock
 * detection (block barriers and exits: warpbar.c). The timing model calls xrun_step at issue (execute at issue). */
#include "warpexec.h"
#include "devlib.h"
#include "demangle.h"
#include "util/hugemem.h"
#include <inttypes.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t xrun_epoch(const xrun *r)
{
    uint64_t e = gmem_epoch(r->mem);
    for (int m = 0; m < r->nsm; m++) e += r->sms[m].local_epoch;
    return e;
}

/* the progress count as SM c sees it: other SMs' and global memory's as of
 * the last cycle's end (timing), whether global accesses are deferred or not */
static uint64_t seen_epoch(const xsm *c)
{
    return (c->r->timed ? c->r->gmem_epoch_seen : gmem_epoch(c->r->mem)) + c->r->epoch_total - c->epoch_at_end
           + c->local_epoch;
}

/* timing: SM c has work for xrun_end_cycle (its count, deferred accesses,
 * progress) */
static inline void mark_stepped(xsm *c)
{
    if (c->marked) return;
    c->marked = 1;
    atomic_fetch_or_explicit(&c->r->stepped[c->index >> 6], (uint64_t)1 << (c->index & 63), memory_order_relaxed);
}

/* global memory a page at a time, shared memory the block's whole; local
 * memory (a row per lane) through env_mem */
static int env_window(void *ctx, isa_space space, int lane, uint64_t addr, isa_window *w)
{
    xsm *c = ctx;
    const xrun *r = c->r;
    (void)lane;
    if (space == SPACE_GLOBAL) {
        if (!r->gmem_lock) return gmem_window(r->mem, addr, w);
        pthread_mutex_lock(r->gmem_lock);
        int ok = gmem_window(r->mem, addr, w);
        pthread_mutex_unlock(r->gmem_lock);
        return ok;
    }
    if (space != SPACE_SHARED || addr >= r->k->shared_bytes) return 0;
    w->lo = 0;
    w->hi = r->k->shared_bytes;
    w->data = r->blocks[c->cur->block].shared;
    w->epoch = &c->local_epoch;
    return 1;
}

static int env_mem(void *ctx, isa_space space, int lane, uint64_t addr, void *buf, int size, int write)
{
    xsm *c = ctx;
    const xrun *r = c->r;
    if (space == SPACE_GLOBAL) {
        if (write == ISA_MEM_CHECK) {
            if (addr - c->chk[0] < c->chk[1] - c->chk[0] && (uint64_t)size <= c->chk[1] - addr) return FAULT_NONE;
            return gmem_check_span(r->mem, addr, size, &c->chk[0], &c->chk[1]);
        }
        if (!r->gmem_lock) return gmem_access(r->mem, addr, buf, size, write);
        pthread_mutex_lock(r->gmem_lock);
        int f = gmem_access(r->mem, addr, buf, size, write);
        pthread_mutex_unlock(r->gmem_lock);
        return f;
    }
    uint8_t *base;
    uint64_t limit;
    if (space == SPACE_SHARED) {
        base = r->blocks[c->cur->block].shared;
        limit = r->k->shared_bytes;
    } else {
        base = c->cur->local + (size_t)lane * r->k->local_bytes;
        limit = r->k->local_bytes;
    }
    if (addr + (uint64_t)size > limit) return space == SPACE_SHARED ? FAULT_SHARED_RANGE : FAULT_LOCAL_RANGE;
    if (write == ISA_MEM_READ) { memcpy(buf, base + addr, (size_t)size); return FAULT_NONE; }
    if (memcmp(base + addr, buf, (size_t)size)) { memcpy(base + addr, buf, (size_t)size); c->local_epoch++; }
    return FAULT_NONE;
}

static uint32_t env_sreg(void *ctx, isa_sreg sr, int lane)
{
    const xsm *c = ctx;
    const xrun *r = c->r;
    const xwarp *w = c->cur;
    const xblock *b = &r->blocks[w->block];
    const uint32_t *bd = r->l->block;
    uint32_t t = (uint32_t)(w->index * r->ws + lane);
    switch (sr) {
    case SR_TID_X: return t % bd[0];
    case SR_TID_Y: return t / bd[0] % bd[1];
    case SR_TID_Z: return t / (bd[0] * bd[1]);
    case SR_CTAID_X: case SR_CTAID_Y: case SR_CTAID_Z: return b->ctaid[sr - SR_CTAID_X];
    case SR_NTID_X: case SR_NTID_Y: case SR_NTID_Z: return bd[sr - SR_NTID_X];
    case SR_NCTAID_X: case SR_NCTAID_Y: case SR_NCTAID_Z: return r->l->grid[sr - SR_NCTAID_X];
    case SR_WARPID: return (uint32_t)w->index;
    case SR_SMID: case SR_VIRTUALSMID: return (uint32_t)b->sm;
    default: return 0;   /* SR_CgaCtaId (no clusters), SRZ */
    }
}

/* the fixed start offset of clock domain d: a splitmix64 hash, so that the
 * registers of different domains disagree but every run agrees */
static uint64_t domain_offset(uint64_t d, uint64_t skew)
{
    if (!skew) return 0;
    uint64_t z = (d + 1) * 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return (z ^ (z >> 31)) % skew;
}

static uint64_t env_clock(void *ctx)
{
    const xsm *x = ctx;
    const xrun *r = x->r;
    /* a counter at a fraction of the core clock reads in steps of that
     * fraction (GT200: half rate, read as count << 1); GT200 has one such
     * register per TPC, not synchronised with the others (seed 001, fig. 5) */
    int sm = r->blocks[x->cur->block].sm;
    uint64_t domain = (uint64_t)sm / r->clock_domain;
    uint64_t now = r->cycle ? *(const uint64_t *)(const void *)((const char *)r->cycle + r->cycle_stride * (size_t)sm) : r->clock;
    uint64_t c = now + domain_offset(domain, r->clock_skew);
    return c / r->clock_divider * r->clock_divider;
}

int func_blocks_per_sm(const char *name, int nregs, uint64_t shared_bytes, const uint32_t block[3], const config *cfg, diag *d)
{
    uint64_t threads = (uint64_t)block[0] * block[1] * block[2];
    int ws = (int)CFG(cfg, sm_warp_size);
    uint64_t warps = (threads + (uint64_t)ws - 1) / (uint64_t)ws;
    uint64_t regs = (uint64_t)nregs * warps * (uint64_t)ws;
    struct { const char *what; uint64_t need, have; } lim[] = {
        { "threads (sm.max_threads)", threads, (uint64_t)CFG(cfg, sm_max_threads) },
        { "warps (sm.max_warps)", warps, (uint64_t)CFG(cfg, sm_max_warps) },
        { "registers (sm.registers)", regs, (uint64_t)CFG(cfg, sm_registers) },
        { "shared memory bytes (sm.shared_memory, with sm.shared_reserved)", shared_bytes + (uint64_t)CFG(cfg, sm_shared_reserved),
          (uint64_t)CFG(cfg, sm_shared_memory) },
    };
    if (nregs > CFG(cfg, sm_max_regs_per_thread)) {
        diag_error(d, "kernel '%s' uses %d registers per thread; the config allows %lld (sm.max_regs_per_thread)",
                   name, nregs, (long long)CFG(cfg, sm_max_regs_per_thread));
        return 0;
    }
    uint64_t per_block = (uint64_t)CFG(cfg, sm_shared_per_block);
    if (per_block && shared_bytes > per_block) {
        diag_error(d, "a block of kernel '%s' needs %" PRIu64 " shared memory bytes but a block may use at most %" PRIu64
                   " (sm.shared_per_block); use less shared memory per block or another config", name, shared_bytes, per_block);
        return 0;
    }
    uint64_t fit = (uint64_t)CFG(cfg, sm_max_blocks);
    for (size_t i = 0; i < sizeof lim / sizeof lim[0]; i++) {
        if (!lim[i].need) continue;
        uint64_t n = lim[i].have / lim[i].need;
        if (n == 0) {
            diag_error(d, "a block of kernel '%s' needs %" PRIu64 " %s but an SM has %" PRIu64
                       "; use smaller blocks or another config", name, lim[i].need, lim[i].what, lim[i].have);
            return 0;
        }
        if (n < fit) fit = n;
    }
    return (int)fit;
}

/* a warp's register words (isa_warp_init's count) */
static size_t regs_per_warp(const xrun *r) { return (size_t)(r->k->nregs ? r->k->nregs : 1) * (size_t)r->ws; }

/* slot s's warps and memories, before its first block */
static void set_up_slot(xrun *r, int s)
{
    xblock *b = &r->blocks[s];
    b->shared = xcalloc(1, r->k->shared_bytes ? r->k->shared_bytes : 1);
    /* the slot's registers in huge pages, kept from block to block */
    b->regs = hugemem_calloc_in(HUGEMEM_LAUNCH, (size_t)r->warps_per_block * regs_per_warp(r) * sizeof(uint32_t));
    for (int i = 0; i < r->warps_per_block; i++) {
        xwarp *w = &r->warps[b->first_warp + i];
        w->block = s;
        w->index = i;
        w->local = r->k->local_bytes ? xcalloc((size_t)r->ws, r->k->local_bytes) : NULL;
    }
    b->set_up = 1;
}

int xrun_start_block(xrun *r, int slot)
{
    if (r->next_block >= r->total_blocks) return 0;
    xblock *b = &r->blocks[slot];
    if (!b->set_up) set_up_slot(r, slot);
    uint64_t id = r->next_block++;
    const uint32_t *g = r->l->grid;
    b->active = 1;
    b->ctaid[0] = (uint32_t)(id % g[0]);
    b->ctaid[1] = (uint32_t)(id / g[0] % g[1]);
    b->ctaid[2] = (uint32_t)(id / ((uint64_t)g[0] * g[1]));
    b->sm = slot % r->nsm;
    b->live_warps = b->nwarps = r->warps_per_block;
    b->exited_warps = 0;
    b->bar_busy = 0;
    b->released_warps = 0;
    memset(b->bar, 0, sizeof b->bar);
    memset(b->shared, 0, r->k->shared_bytes);
    for (int i = 0; i < b->nwarps; i++) {
        xwarp *w = &r->warps[b->first_warp + i];
        int lanes = r->threads_per_block - i * r->ws;
        if (lanes > r->ws) lanes = r->ws;
        uint64_t mask = lanes >= 64 ? ~0ull : (1ull << lanes) - 1;
        isa_warp_reset(&w->regs, r->ws, r->k->nregs, mask, b->regs + (size_t)i * regs_per_warp(r));
        stack_init(&w->stack, 0, mask);
        w->live = mask;
        w->at_barrier = w->done = w->spinning = w->bar_id = 0;
        w->bar_lanes = w->red_true = w->red_seen = 0;
        r->peek[b->first_warp + i] = (xpeek){ 0, 0, w->regs.regs };
        w->spin_pc = -1;
        w->spin_count = 0;
        w->age = r->next_age++;
        if (r->k->local_bytes) memset(w->local, 0, (size_t)r->ws * r->k->local_bytes);
    }
    r->st->v[STAT_blocks]++;
    r->st->v[STAT_warps] += (uint64_t)b->nwarps;
    return 1;
}

/* __trap, a failed assert, a call nothing runs: no memory access to show */
static void report_stop(xsm *c, const xwarp *w, int pc, const isa_result *res)
{
    const xrun *r = c->r;
    char at[160], line[256], dis[128];
    xrun_where(r, w, at, sizeof at);
    const isa_insn *in = &r->k->code[pc];
    isa_disasm(r->k, in, dis, sizeof dis);
    char *asserts = res->fault == FAULT_ASSERT ? devlib_take_asserts() : NULL;
    devlib_note_stop(res->fault);
    char value[40] = "";
    if (res->fault == FAULT_BARRIER) snprintf(value, sizeof value, ": %" PRIu64, res->fault_addr);
    diag_error(c->d, "%s, lane %d (thread %d), pc %d: %s%s%s\n  %s:%d: %s\n  instruction: %s%s",
               at, res->fault_lane, w->index * r->ws + res->fault_lane, pc, isa_fault_name(res->fault),
               res->fault == FAULT_CALL ? ": " : value, res->fault == FAULT_CALL ? isa_call_name((int)res->fault_addr) : "",
               r->k->file, in->line, xrun_src_text(r, in->line, line, sizeof line), dis,
               res->fault == FAULT_CALL ? "\n  (warpsim runs vprintf, malloc, free and __assertfail; a CALL.ABS "
               "whose relocation names none of them needs the dump's .elf.txt beside it)" : "");
    if (asserts) diag_append(c->d, "%s", asserts);
    free(asserts);
}

static void report_fault(xsm *c, const xwarp *w, int pc, const isa_result *res)
{
    const xrun *r = c->r;
    char at[160], line[256], dis[128];
    if (res->fault >= FAULT_TRAP) { report_stop(c, w, pc, res); return; }
    xrun_where(r, w, at, sizeof at);
    const isa_insn *in = &r->k->code[pc];
    isa_disasm(r->k, in, dis, sizeof dis);
    diag_error(c->d, "%s, lane %d (thread %d), pc %d: %s at %s address 0x%" PRIx64 " (%d bytes)\n"
               "  %s:%d: %s\n  instruction: %s",
               at, res->fault_lane, w->index * r->ws + res->fault_lane, pc, isa_fault_name(res->fault),
               isa_space_name(res->mem_space), res->fault_addr, res->mem_size,
               r->k->file, in->line, xrun_src_text(r, in->line, line, sizeof line), dis);
    if (res->mem_space == SPACE_GLOBAL) {
        for (int i = 0; i < gmem_nbuffers(r->mem); i++) {
            const mem_buffer *b = gmem_buffer(r->mem, i);
            if (res->fault_addr >= b->base - 0x10000 && res->fault_addr < b->base + b->bytes + 0x10000) {
                diag_append(c->d, "  note: buffer '%s' spans 0x%" PRIx64 "..0x%" PRIx64 " (%" PRIu64 " bytes)%s\n",
                            b->name, b->base, b->base + b->bytes, b->bytes,
                            b->released ? "; the program freed it (cudaFree) before this launch" : "");
            }
        }
    } else if (res->mem_space == SPACE_SHARED) {
        diag_append(c->d, "  note: the kernel declares %u bytes of shared memory\n", r->k->shared_bytes);
    }
}

/* waits: what the timing model says the warp waits for, or NULL */
static void describe_warp(xrun *r, const xwarp *w, const char *waits)
{
    char at[160], line[256];
    xrun_where(r, w, at, sizeof at);
    if (w->done) { diag_append(r->d, "  %s: finished\n", at); return; }
    const stack_entry *t = stack_top(&w->stack);
    const isa_insn *in = &r->k->code[t->pc];
    char bar[120] = "";
    if (w->at_barrier) xbar_describe(r, w, bar, sizeof bar);
    const char *state = w->at_barrier ? "waiting " : w->spinning ? "spinning without progress" : "runnable";
    char cuda[240];
    xrun_cuda_where(r, t->pc, cuda, sizeof cuda);
    diag_append(r->d, "  %s: %s%s%s%s%s at pc %d%s, line %d: %s\n", at, waits ? "waits for " : state, waits ? waits : bar,
                waits && w->at_barrier ? " (" : "", waits ? bar : "", waits && w->at_barrier ? ")" : "",
                t->pc, cuda, in->line, xrun_src_text(r, in->line, line, sizeof line));
    for (int i = w->stack.depth - 1; i >= 0; i--) {
        const stack_entry *e = &w->stack.e[i];
        diag_append(r->d, "    stack[%d]: pc %d, reconverge at %d, lanes 0x%" PRIx64 "\n", i, e->pc, stack_rpc(e), e->mask);
    }
}

static uint64_t hash_warp(const xrun *r, const xwarp *w)
{
    uint64_t h = 1469598103934665603ull;
#define MIX(v) (h = (h ^ (uint64_t)(v)) * 1099511628211ull)
    size_t n = (size_t)w->regs.nregs * (size_t)r->ws;
    for (size_t i = 0; i < n; i++) MIX(w->regs.regs[i]);
    for (int i = 0; i < 8; i++) MIX(w->regs.preds[i]);
    for (int i = 0; i < 64; i++) MIX(w->regs.uregs[i]);
    MIX(w->regs.upreds);
    for (int i = 0; i < w->stack.depth; i++) { MIX(w->stack.e[i].pc); MIX(w->stack.e[i].rpc); MIX(w->stack.e[i].mask); }
#undef MIX
    return h;
}

/* at a backward branch, once nothing has changed memory for a while: is this
 * warp repeating the same state? (a spin loop that cannot end) */
static void spin_check(xsm *c, xwarp *w, int pc)
{
    if (c->since_progress < c->r->opt->spin_threshold) return;
    if ((w->spin_count++ & 15) != 0) return;
    uint64_t h = hash_warp(c->r, w), e = seen_epoch(c);
    if (w->spin_pc == pc && w->spin_hash == h && w->spin_epoch == e) { w->spinning = 1; return; }
    w->spin_pc = pc;
    w->spin_hash = h;
    w->spin_epoch = e;
    w->spinning = 0;
}

/* independent thread scheduling: the warp's path at pc offers its turn */
static void its_yield(xwarp *w, kernel_stats *st, int pc)
{
    if (!stack_yield(&w->stack)) return;
    if (pc < st->npc) st->per_pc[pc].yields++;   /* functional runs keep no per-pc rows */
    st->v[STAT_path_switches]++;
}

/* one warp instruction; returns -1 on a fault (reported) */
/* the xsm a warp executes through */
static xsm *sm_of(xrun *r, const xwarp *w) { return r->timed ? &r->sms[r->blocks[w->block].sm] : &r->sms[0]; }

int xrun_step(xrun *r, xwarp *w, kernel_stats *st, xstep *out)
{
    xsm *c = sm_of(r, w);
    xblock *b = &r->blocks[w->block];
    const stack_entry *t = stack_top(&w->stack);
    int pc = t->pc;
    uint64_t active = t->mask;
    const isa_insn *in = &r->k->code[pc];
    isa_result *res = &out->res;
    out->pc = pc;
    out->insn = in;
    out->active = active;
    out->diverged = 0;
    c->cur = w;
    if (r->timed) mark_stepped(c);
    uint64_t e = seen_epoch(c);
    if (e != c->last_epoch) { c->last_epoch = e; c->since_progress = 0; }
    else c->since_progress++;
    isa_exec(r->k, in, &w->regs, active, &c->env, res);
    if (!r->timed) r->clock++;
    st->v[STAT_warp_instructions]++;
    st->v[STAT_thread_instructions] += (uint64_t)__builtin_popcountll(active);
    if (res->fault) { report_fault(c, w, pc, res); return -1; }
    if (c->env.defer_global && res->exec_mask && isa_defers(in)) xsm_defer(c, in, &w->regs, res);
    if (res->is_mem) stats_count_access(st, res->mem_space, res->is_store, res->is_atomic);
    int status = 0;
    switch (isa_ops[in->op].kind) {
    case KIND_BRANCH: {
        int target = res->target;
        int32_t rpc = in->reconv >= 0 && in->reconv_sync ? in->reconv | STACK_SYNC : in->reconv;
        int div = stack_branch(&w->stack, res->taken_mask, target, res->again ? pc : pc + 1, rpc, r->order);
        st->v[STAT_branches]++;
        if (div < 0) {
            res->fault = FAULT_STACK_OVERFLOW;
            res->fault_lane = 0;
            res->fault_addr = 0;
            report_fault(c, w, pc, res);
            return -1;
        }
        out->diverged = div;
        st->v[STAT_divergent_branches] += (uint64_t)div;
        if (target <= pc && res->taken_mask) {
            /* a loop's backward branch yields under independent thread
             * scheduling; nvcc's code yields only where it says YIELD (its
             * uniform registers hold a path's values across its loops:
             * another path of the warp must not run in between) */
            if (r->its && !r->k->sass_arch) its_yield(w, st, pc);
            spin_check(c, w, pc);
        }
        break;
    }
    case KIND_EXIT:
        if (res->exec_mask) status = xbar_exit(c, w, b, res->exec_mask, pc);
        else stack_advance(&w->stack, pc + 1);
        break;
    case KIND_BAR:
        st->v[STAT_barriers]++;
        if (res->bar_red) {   /* lanes counted once, however many paths bring them */
            w->red_true |= res->bar_pred;
            w->red_seen |= res->exec_mask;
        }
        if (res->barrier) status = xbar_arrive(c, w, b, pc, res);
        else stack_advance(&w->stack, pc + 1);
        break;
    default:
        if (res->conv == ISA_CONV_SYNC) stack_sync(&w->stack, pc);
        else stack_advance(&w->stack, pc + 1);
        if (res->conv == ISA_CONV_YIELD && r->its) its_yield(w, st, pc);
        break;
    }
    out->redirected = w->done || stack_top(&w->stack)->pc != pc + 1;
    r->peek[w - r->warps].pc = w->done ? -1 : stack_top(&w->stack)->pc;
    return status;
}

int xrun_deadlocked(xrun *r)
{
    uint64_t e = xrun_epoch(r);
    int spinning = 0, waiting = 0;
    for (int s = 0; s < r->nslots; s++) {
        xblock *b = &r->blocks[s];
        if (!b->active) continue;
        for (int i = 0; i < b->nwarps; i++) {
            xwarp *w = &r->warps[b->first_warp + i];
            if (w->done) continue;
            if (w->at_barrier) { waiting = 1; continue; }
            if (!w->spinning || w->spin_epoch != e) return 0;
            spinning = 1;
        }
    }
    /* every live warp waits at a barrier: one named with a thread count
     * that too few warps reach (a whole-block barrier completes with its
     * last live warp) */
    return spinning || waiting;
}

void xrun_describe_warp(xrun *r, int xw, const char *waits)
{
    describe_warp(r, &r->warps[xw], waits);
}

/* every resident warp, the first XRUN_REPORT_WARPS of them in full */
static void describe_resident(xrun *r)
{
    int listed = 0, more = 0;
    for (int s = 0; s < r->nslots; s++) {
        xblock *b = &r->blocks[s];
        if (!b->active) continue;
        for (int i = 0; i < b->nwarps; i++)
            if (listed < XRUN_REPORT_WARPS) { describe_warp(r, &r->warps[b->first_warp + i], NULL); listed++; }
            else more++;
    }
    if (more) diag_append(r->d, "  ... and %d more resident warps, not listed\n", more);
}

void xrun_report_stop(xrun *r, const char *why)
{
    diag_error(r->d, "kernel '%s' %s; the statistics are partial. Each resident warp:", r->k->name, why);
    describe_resident(r);
}

void xrun_report_deadlock(xrun *r)
{
    char name[256];
    diag_error(r->d, "deadlock in kernel '%s': no warp can make progress (warps spin in loops that "
               "nothing can end, or wait at a barrier for them). A lane that left a spin loop waits at "
               "the loop's reconvergence point for lanes that wait on it: the SIMT deadlock of Wong et al. "
               "(seed 001). Each warp:", dm_readable(r->k->name, name, sizeof name));
    describe_resident(r);
}


int xrun_count(xrun *r, xwarp *w)
{
    xsm *c = sm_of(r, w);
    if (!r->opt->max_instructions || *r->used + c->used < r->opt->max_instructions) {
        if (r->timed) { c->used++; mark_stepped(c); }
        else (*r->used)++;
        return 0;
    }
    char at[160];
    xrun_where(r, w, at, sizeof at);
    diag_error(c->d, "%s, pc %d: the run reached --max-instructions=%" PRIu64
               " warp instructions; raise the limit if the kernel is not stuck", at,
               stack_top(&w->stack)->pc, r->opt->max_instructions);
    return 1;
}

func_status xrun_init(xrun *r, const func_launch *l, gmem *mem, const config *cfg, const func_options *opt,
                      kernel_stats *stats, uint64_t *used, diag *d, int nsm)
{
    memset(r, 0, sizeof *r);
    r->l = l; r->k = l->kernel; r->cfg = cfg; r->mem = mem; r->st = stats; r->d = d; r->opt = opt; r->used = used;
    r->ws = (int)CFG(cfg, sm_warp_size);
    r->nsm = nsm;
    r->clock_divider = (uint64_t)CFG(cfg, sm_clock_divider);
    r->clock_domain = (uint64_t)CFG(cfg, sm_clock_domain);
    r->clock_skew = (uint64_t)CFG(cfg, sm_clock_skew);
    r->its = CFG(cfg, simt_model) == 1;
    r->release_exited = CFG(cfg, simt_exited_at_barrier) == 1;
    r->order = CFG(cfg, simt_divergence_order) == 0 ? STACK_TAKEN_FIRST : STACK_FALLTHROUGH_FIRST;
    r->sms = xcalloc_lines((size_t)(nsm > 0 ? nsm : 1), sizeof *r->sms);
    int words = (nsm > 0 ? nsm : 1) / 64 + 1;
    r->stepped = xcalloc((size_t)words, sizeof *r->stepped);
    for (int k = 0; k < words; k++) atomic_init(&r->stepped[k], 0);
    for (int m = 0; m < (nsm > 0 ? nsm : 1); m++) {
        xsm *c = &r->sms[m];
        c->r = r;
        c->d = d;
        c->index = m;
        c->env = (isa_env){ c, env_mem, env_sreg, env_clock, l->cbank, l->cbank_size, 0, env_window, c->chk, devlib_call };
    }
    devlib_launch(mem);
    snprintf(stats->kernel, sizeof stats->kernel, "%s", r->k->name);
    stats->warp_size = r->ws;
    uint64_t threads = (uint64_t)l->block[0] * l->block[1] * l->block[2];
    r->total_blocks = (uint64_t)l->grid[0] * l->grid[1] * l->grid[2];
    if (!threads || !r->total_blocks) return FUNC_OK;
    r->threads_per_block = (int)threads;
    r->warps_per_block = (int)((threads + (uint64_t)r->ws - 1) / (uint64_t)r->ws);
    r->blocks_per_sm = func_blocks_per_sm(r->k->name, r->k->nregs, r->k->shared_bytes, l->block, cfg, d);
    if (!r->blocks_per_sm) return FUNC_BAD_LAUNCH;
    r->nslots = r->blocks_per_sm * nsm;
    /* huge pages: a hundred SMs' warps are looked at in turn, each mostly
     * out of the host's caches and, with 4 KB pages, out of its TLB */
    size_t nwarps = (size_t)r->nslots * (size_t)r->warps_per_block;
    r->blocks = hugemem_calloc_in(HUGEMEM_LAUNCH, (size_t)r->nslots * sizeof(xblock));
    r->warps = hugemem_calloc_in(HUGEMEM_LAUNCH, nwarps * sizeof(xwarp));
    r->peek = hugemem_calloc_in(HUGEMEM_LAUNCH, nwarps * sizeof(xpeek));
    /* a slot's warps are set up when its first block starts: a big GPU has
     * many more slots than a small grid fills (h100: 1,056 slots of 3 KB
     * warps, which touching would cost every launch 25 MB of page faults) */
    for (int s = 0; s < r->nslots; s++) {
        xblock *b = &r->blocks[s];
        b->first_warp = s * r->warps_per_block;
        b->sm = s % nsm;
    }
    return FUNC_OK;
}

void xrun_set_timed(xrun *r, int defer)
{
    r->timed = 1;
    r->gmem_epoch_seen = gmem_epoch(r->mem);
    for (int m = 0; m < r->nsm; m++) {
        r->sms[m].d = &r->sms[m].own;
        r->sms[m].env.defer_global = defer;
    }
}

void xrun_set_threaded(xrun *r)
{
    if (r->gmem_lock) return;
    r->gmem_lock = xcalloc(1, sizeof *r->gmem_lock);
    pthread_mutex_init(r->gmem_lock, NULL);
}

void xrun_take_fault(xrun *r, int m)
{
    xsm *c = &r->sms[m];
    if (c->own.text) diag_append(r->d, "%s", c->own.text);
    r->d->errors += c->own.errors;
    diag_free(&c->own);
    diag_init(&c->own);
}

void xrun_free(xrun *r)
{
    for (int m = 0; r->sms && m < r->nsm; m++) {
        free(r->sms[m].log);
        diag_free(&r->sms[m].own);
    }
    free(r->sms);
    free((void *)r->stepped);
    if (r->gmem_lock) {
        pthread_mutex_destroy(r->gmem_lock);
        free(r->gmem_lock);
    }
    for (int s = 0; s < r->nslots; s++) {
        xblock *b = &r->blocks[s];
        if (!b->set_up) continue;   /* never touched */
        free(b->shared);
        hugemem_free(b->regs);
        for (int i = 0; i < r->warps_per_block; i++) free(r->warps[b->first_warp + i].local);
    }
    hugemem_free(r->blocks);
    hugemem_free(r->warps);
    hugemem_free(r->peek);
    memset(r, 0, sizeof *r);
}
