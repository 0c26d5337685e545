/* sim/util/workers.h — the same worker function on several threads. */
#ifndef WARPSIM_WORKERS_H
#define WARPSIM_WORKERS_H

/* run fn(arg) on `jobs` threads (the caller's among them) and wait for all;
 * fn takes its work from arg under its own lock. Fewer threads run when
 * some cannot be created. */
void workers_run(int jobs, void *(*fn)(void *), void *arg);

#endif
