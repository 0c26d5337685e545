/* sim/util/workers.c — a pool of threads around one worker function. */
#include "workers.h"
#include "stop.h"
#include "xalloc.h"
#include <pthread.h>
#include <stdlib.h>

void workers_run(int jobs, void *(*fn)(void *), void *arg)
{
    if (jobs < 1) jobs = 1;
    pthread_t *th = xcalloc((size_t)jobs, sizeof *th);
    int started = 0;
    sigset_t old;
    stop_block(&old);   /* stop requests go to the calling (main) thread (stop.h) */
    for (int j = 1; j < jobs; j++)
        if (!pthread_create(&th[started], NULL, fn, arg)) started++;
    stop_unblock(&old);
    fn(arg);
    for (int j = 0; j < started; j++) pthread_join(th[j], NULL);
    free(th);
}
