/* sim/front/trace_lanes.h — the binary cache's form of a warp's addresses
 * that are not evenly spaced (random bins, a gather): which lanes have
 * one, and each as an offset of 2 or 4 bytes from the lowest where they
 * all fit (8 bytes, no base, where not). sim/front/trace_bin.c keeps it in
 * a block's payload. */
#ifndef WARPSIM_FRONT_TRACE_LANES_H
#define WARPSIM_FRONT_TRACE_LANES_H
#include "trace.h"
#include <stddef.h>

/* the most bytes trace_lanes_pack writes: the lanes' mask, the width, the
 * base and every lane's 8 bytes */
#define TRACE_LANES_MAX (4 + 1 + 8 + 8 * TRACE_WARP)
/* where the base lies in the packed form, after the lanes' mask and the
 * offsets' width (none when the width is 8: the offsets are addresses) */
#define TRACE_LANES_BASE 5

/* a's TRACE_WARP addresses (0: the lane has none) into out; its length */
size_t trace_lanes_pack(const uint64_t a[TRACE_WARP], unsigned char *out);
/* the bytes of the packed addresses at p (left bytes there), 0 when p
 * does not hold them */
size_t trace_lanes_size(const unsigned char *p, size_t left);
/* the addresses at p (left bytes there) into a; the bytes they took, 0
 * (and every address 0) when p does not hold them */
size_t trace_lanes_unpack(const unsigned char *p, size_t left, uint64_t a[TRACE_WARP]);

#endif
