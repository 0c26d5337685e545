/* sim/sm/coalesce.c — coalescing and bank conflicts. Small, exact, and free of
 * allocation: a warp has at most 64 lanes. */
#include "coalesce.h"

int coalesce(const uint64_t *addr, uint64_t mask, int size, int line_size, int sector_size,
             line_request *out, int *nsectors)
{
    int n = 0;
    for (uint64_t m = mask; m; m &= m - 1) {
        int lane = __builtin_ctzll(m);
        /* an access may cross a line (only when unaligned, which faults
         * earlier); walk its sectors anyway */
        uint64_t first = addr[lane] / (uint64_t)sector_size, last = (addr[lane] + (uint64_t)size - 1) / (uint64_t)sector_size;
        for (uint64_t s = first; s <= last; s++) {
            uint64_t byte = s * (uint64_t)sector_size;
            uint64_t line = byte / (uint64_t)line_size * (uint64_t)line_size;
            uint32_t bit = 1u << ((byte - line) / (uint64_t)sector_size);
            int i = 0;
            while (i < n && out[i].line != line) i++;
            if (i == n) {
                if (n == COALESCE_MAX) continue;
                out[n++] = (line_request){ line, 0, 0, 1 };
            }
            out[i].sectors |= bit;
            out[i].lanes |= 1ull << lane;
        }
    }
    int sectors = 0;
    for (int i = 0; i < n; i++) sectors += __builtin_popcount(out[i].sectors);
    *nsectors = sectors;
    return n;
}

int bank_passes(const uint64_t *addr, uint64_t mask, int size, int banks, int bank_width,
                int lanes_per_cycle, int *worst)
{
    int total = 0;
    *worst = 0;
    int words_per_lane = size > bank_width ? size / bank_width : 1;
    for (int group = 0; group < 64; group += lanes_per_cycle) {
        uint64_t gmask = mask & (lanes_per_cycle >= 64 ? ~0ull : (((1ull << lanes_per_cycle) - 1) << group));
        if (!gmask) continue;
        /* distinct words per bank: at most 64 lanes x 4 words */
        uint64_t words[256];
        int nwords = 0, count[64] = { 0 }, degree = 1;
        for (uint64_t m = gmask; m; m &= m - 1) {
            int lane = __builtin_ctzll(m);
            for (int k = 0; k < words_per_lane; k++) {
                uint64_t w = addr[lane] / (uint64_t)bank_width + (uint64_t)k;
                int seen = 0;
                for (int i = 0; i < nwords && !seen; i++) seen = words[i] == w;
                if (seen || nwords == 256) continue;
                words[nwords++] = w;
                int b = (int)(w % (uint64_t)banks);
                if (++count[b] > degree) degree = count[b];
            }
        }
        total += degree;
        if (degree > *worst) *worst = degree;
    }
    return total;
}

int same_address_max(const uint64_t *addr, uint64_t mask)
{
    int best = mask ? 1 : 0;
    for (uint64_t m = mask; m; m &= m - 1) {
        int lane = __builtin_ctzll(m), c = 0;
        for (uint64_t k = mask; k; k &= k - 1)
            c += addr[__builtin_ctzll(k)] == addr[lane];
        if (c > best) best = c;
    }
    return best;
}
