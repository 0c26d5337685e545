/* sim/util/clock.h — the host's monotonic clock in seconds, for the host
 * figures of a run (never for what a simulation computes) */
#ifndef WARPSIM_CLOCK_H
#define WARPSIM_CLOCK_H
#include <time.h>

static inline double util_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

#endif
