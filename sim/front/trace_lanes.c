/* sim/front/trace_lanes.c — a warp's uneven addresses in the binary cache
 * (trace_lanes.h). The mask and the base are in the host's byte order, as
 * the rest of the cache is (a cache is read where it was written: its head
 * names the tables it indexes); a lane's offset is the low byte first. */
#include "trace_lanes.h"
#include <string.h>

size_t trace_lanes_pack(const uint64_t a[TRACE_WARP], unsigned char *out)
{
    uint32_t nz = 0;
    uint64_t lo = UINT64_MAX, hi = 0;
    for (int i = 0; i < TRACE_WARP; i++)
        if (a[i]) {
            nz |= 1u << i;
            lo = a[i] < lo ? a[i] : lo;
            hi = a[i] > hi ? a[i] : hi;
        }
    uint8_t width = !nz ? 2 : hi - lo < 1u << 16 ? 2 : hi - lo <= UINT32_MAX ? 4 : 8;
    uint64_t base = width == 8 || !nz ? 0 : lo;
    unsigned char *p = out;
    memcpy(p, &nz, 4), p += 4;
    *p++ = width;
    if (width != 8) memcpy(p, &base, 8), p += 8;
    for (uint32_t m = nz; m; m &= m - 1) {
        uint64_t v = a[__builtin_ctz(m)] - base;
        for (int i = 0; i < width; i++) *p++ = (unsigned char)(v >> 8 * i);
    }
    return (size_t)(p - out);
}

/* n bytes, the low byte first; with n a constant the compiler makes it
 * one load on a little-endian host */
static inline uint64_t le_bytes(const unsigned char *by, int n)
{
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--) v = v << 8 | by[i];
    return v;
}

size_t trace_lanes_size(const unsigned char *p, size_t left)
{
    uint32_t nz;
    if (left < 5) return 0;
    memcpy(&nz, p, 4);
    uint8_t width = p[4];
    size_t bytes = (width == 8 ? 5 : 13) + (size_t)__builtin_popcount(nz) * width;
    return (width != 2 && width != 4 && width != 8) || bytes > left ? 0 : bytes;
}

size_t trace_lanes_unpack(const unsigned char *p, size_t left, uint64_t a[TRACE_WARP])
{
    memset(a, 0, TRACE_WARP * sizeof *a);
    size_t bytes = trace_lanes_size(p, left);
    if (!bytes) return 0;
    uint32_t nz;
    uint64_t base = 0;
    memcpy(&nz, p, 4);
    uint8_t width = p[4];
    if (width != 8) memcpy(&base, p + 5, 8);
    /* one bounds check for the lanes, and loads of a fixed size (a library
     * call per lane was a fifth of reading a cached block) */
    const unsigned char *by = p + (width == 8 ? 5 : 13);
    for (uint32_t m = nz; m; m &= m - 1, by += width)
        a[__builtin_ctz(m)] = base + (width == 8 ? le_bytes(by, 8) : width == 4 ? le_bytes(by, 4) : le_bytes(by, 2));
    return bytes;
}
