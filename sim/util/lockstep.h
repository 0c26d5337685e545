/* sim/util/lockstep.h — a team of threads that take many short steps
 * together: each step, member k (the caller is member 0) runs fn(ctx, k),
 * and lockstep_step returns when every member has. Between steps the
 * members wait spinning, so that a step costs well under a microsecond when
 * each member has a core of its own, then sleeping, so that a busy machine
 * is not kept from the member it waits for. */
#ifndef WARPSIM_LOCKSTEP_H
#define WARPSIM_LOCKSTEP_H

typedef struct lockstep lockstep;

/* a team of `members` (the caller and members - 1 threads); NULL when
 * members < 2 or a thread cannot be created (run the step alone then) */
lockstep *lockstep_new(int members, void (*fn)(void *ctx, int member), void *ctx);
/* one step: fn(ctx, k) for every member k, the caller's share included;
 * what the members wrote is visible to the caller when it returns */
void lockstep_step(lockstep *t);
void lockstep_free(lockstep *t);

#endif
