/* sim/mem/addrmap_xor.c — permutation-based interleaving (Zhang, Zhu and
 * Zhang, MICRO 2000): the slice within a run and the bank of a row are
 * offset by an XOR fold of the higher address bits, so power-of-two strides
 * spread over slices and banks. The fold only permutes within a run (or a
 * group of `banks` rows), so no two lines alias. */
#include "addrmap.h"

static uint64_t fold(uint64_t x) { return x ^ (x >> 3) ^ (x >> 7) ^ (x >> 13); }

static uint64_t xor_skew(const addr_geometry *g, uint64_t run) { (void)g; return fold(run); }

static uint64_t xor_bank(const addr_geometry *g, uint64_t row_index)
{
    uint64_t group = row_index / g->banks;
    return (row_index % g->banks + fold(group)) % g->banks;
}

const addr_map addr_map_xor = { "xor", xor_skew, xor_bank };
