/* sim/mem/addrmap_linear.c — chunk mod slices; row index mod banks
 * (column bits, then bank, then row: consecutive rows of a bank lie far
 * apart and a stream spreads over the banks). */
#include "addrmap.h"

static uint64_t no_skew(const addr_geometry *g, uint64_t run) { (void)g; (void)run; return 0; }
static uint64_t bank_mod(const addr_geometry *g, uint64_t row_index) { return row_index % g->banks; }

const addr_map addr_map_linear = { "linear", no_skew, bank_mod };
