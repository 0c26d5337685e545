/* sim/mem/addrmap_skewed.c — each run of `slices` chunks starts one slice
 * later, so a stride that is a multiple of the run still visits every
 * slice; banks as the linear map. */
#include "addrmap.h"

static uint64_t skew_by_run(const addr_geometry *g, uint64_t run) { (void)g; return run; }
static uint64_t bank_mod(const addr_geometry *g, uint64_t row_index) { return row_index % g->banks; }

const addr_map addr_map_skewed = { "skewed", skew_by_run, bank_mod };
