/* sim/mem/dram_sched.c — the DRAM scheduler table (dram_schedulers.def). */
#include "dram.h"

#define DRAM_SCHED(name, doc) extern const dram_scheduler dram_sched_##name;
#include "dram_schedulers.def"
#undef DRAM_SCHED

static const dram_scheduler *const scheds[] = {
#define DRAM_SCHED(name, doc) &dram_sched_##name,
#include "dram_schedulers.def"
#undef DRAM_SCHED
};
#define NSCHEDS ((int)(sizeof scheds / sizeof scheds[0]))

const dram_scheduler *dram_scheduler_at(int i) { return i >= 0 && i < NSCHEDS ? scheds[i] : scheds[0]; }
int dram_scheduler_count(void) { return NSCHEDS; }
