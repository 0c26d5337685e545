/* sim/gpu/energy.h — a launch's energy and power from the events the timing
 * model counted (docs/energy.md): each event's energy is an [energy] config
 * value (sim/stats/energy_events.def); nothing is counted twice, and the
 * parts sum to the total. */
#ifndef WARPSIM_ENERGY_H
#define WARPSIM_ENERGY_H
#include "config/config.h"
#include "stats/stats.h"

/* the [energy] values, each in joules per event (energy_events.def) */
typedef struct {
    int on;                          /* energy.source is set */
    double j[EVENT_COUNT];           /* joules per event */
    double clock_hz, dram_hz, tREFI; /* gpu.clock_mhz, dram.clock_mhz, dram.tREFI */
    int nsm, channels;               /* sm.count, l2.slices (one DRAM channel each) */
} energy_params;

void energy_params_load(energy_params *e, const config *cfg);
/* instruction pc's events (the per-PC ones: the rest are 0) */
void energy_pc_events(const kernel_stats *s, int pc, double ev[EVENT_COUNT]);
/* the launch's events from its counters and time */
void energy_events(const energy_params *e, const kernel_stats *s, double ev[EVENT_COUNT]);
/* fill s->energy from s's counters (a timing run's, at its end); nothing when e is off */
void energy_compute(const energy_params *e, kernel_stats *s);

#endif
