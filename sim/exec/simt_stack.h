/* sim/exec/simt_stack.h — the SIMT reconvergence stack of one warp.
 * Entries are (pc, reconvergence pc, lane mask); the top entry runs. A
 * divergent branch turns the top entry into the reconvergence entry and
 * pushes one entry per path; an entry whose pc reaches its reconvergence pc
 * pops, and its lanes continue in the entry below (Fung et al., MICRO 2007). */
#ifndef WARPSIM_SIMT_STACK_H
#define WARPSIM_SIMT_STACK_H
#include <stdint.h>

typedef struct {
    int32_t pc;
    int32_t rpc;      /* -1: no reconvergence (the paths exit); | STACK_SYNC: a path to a convergence barrier */
    uint64_t mask;
} stack_entry;

/* Or'd into a branch's reconvergence pc when the instruction there is a
 * convergence barrier's wait (nvcc's BSYNC): each path of the divergence
 * then issues the BSYNC itself when it arrives, as Volta and later do (one
 * warp instruction per path: Nsight Compute's counts, issue 59), and the
 * last path's BSYNC lets the reconverged warp go on past it. Such a path's
 * entry keeps the bit: it is not popped on reaching its pc, but by
 * stack_sync when it issues the BSYNC there. */
#define STACK_SYNC 0x40000000
static inline int32_t stack_rpc(const stack_entry *e) { return e->rpc < 0 ? e->rpc : e->rpc & ~STACK_SYNC; }

#define STACK_MAX_DEPTH 160  /* > 2 * 64 lanes: every push splits a mask */

/* depth first: the top entry a warp's every instruction reads is then on
 * the depth's host line while the stack is shallow, where after the
 * 2.5 KB array the depth was a line of its own, read cold before it */
typedef struct {
    int depth;
    stack_entry e[STACK_MAX_DEPTH];
} simt_stack;

typedef enum { STACK_TAKEN_FIRST, STACK_FALLTHROUGH_FIRST } stack_order;

void stack_init(simt_stack *s, int32_t pc, uint64_t mask);
static inline int stack_empty(const simt_stack *s) { return s->depth == 0; }
static inline const stack_entry *stack_top(const simt_stack *s) { return &s->e[s->depth - 1]; }
/* a non-branch instruction finished: the top entry goes on to next_pc */
void stack_advance(simt_stack *s, int32_t next_pc);
/* a branch at the top: taken lanes go to target, the others to fallthrough.
 * rpc may carry STACK_SYNC (above): then a path already at rpc is a path of
 * its own (it issues the BSYNC), and a divergence of a path bound for the
 * same barrier splits that path in two (no reconvergence entry between).
 * Returns 1 when the warp diverged, 0 when it did not, -1 on overflow. */
int stack_branch(simt_stack *s, uint64_t taken, int32_t target, int32_t fallthrough,
                 int32_t rpc, stack_order order);
/* the top issued the convergence-barrier wait at pc (BSYNC): a path bound
 * for it arrives and leaves the stack; when it was the last one, the
 * reconverged warp below goes on to pc + 1. A warp not diverged to it just
 * goes on. Returns 1 when a path arrived, 0 otherwise. */
int stack_sync(simt_stack *s, int32_t pc);
/* lanes finished (EXIT): removed from every entry; then the top goes on to
 * next_pc if it still has lanes */
void stack_exit(simt_stack *s, uint64_t lanes, int32_t next_pc);
/* independent thread scheduling (CC 7.0+, simt.model = its): the path on
 * top yields (a loop's backward branch, YIELD). A sibling path waiting
 * below it (same reconvergence point) runs next; lanes that already wait at
 * the top path's reconvergence point (its convergence barrier, BSYNC) are
 * released and run on from there, and both paths reconverge one level out
 * (NVIDIA's convergence-barrier patent: yielding threads no longer hold the
 * barrier). Returns 1 when another path runs next, 0 when none could. */
int stack_yield(simt_stack *s);
/* every lane of the warp reached the block barrier at pc (independent
 * thread scheduling: paths may arrive one by one): the entries waiting
 * there go on to pc + 1, and neighbours that now agree merge */
void stack_pass_barrier(simt_stack *s, int32_t pc);
/* the top two entries at the same pc with the same reconvergence point
 * become one (paths waiting at one barrier); returns 1 when they did */
int stack_merge_top(simt_stack *s);

#endif
