/* sim/sm/coalesce.c — coalescing and bank conflicts. Small, exact, and free of
 * allocation: a warp has at most 64 lanes. */
#include "coalesce.h"

/* x / d, by a shift when d is a power of two (shift >= 0) */
static inline uint64_t div_by(uint64_t x, uint64_t d, int shift) { return shift >= 0 ? x >> shift : x / d; }

static int pow2_shift(int d) { return d > 0 && !(d & (d - 1)) ? __builtin_ctz((unsigned)d) : -1; }

/* the request of `line` in out[0..*n), added when new (-1: no room) */
static inline int request_of(line_request *out, int *n, uint64_t line)
{
    /* lines are distinct in out: neighbouring lanes mostly share the last one */
    if (*n && out[*n - 1].line == line) return *n - 1;
    int i = 0;
    while (i < *n && out[i].line != line) i++;
    if (i == *n) {
        if (*n == COALESCE_MAX) return -1;
        out[(*n)++] = (line_request){ line, 0, 0, 1, 0 };
    }
    return i;
}

/* lines and sectors of a power of two (the usual case): shifts only */
static int lanes_pow2(const uint64_t *addr, uint64_t mask, int size, int ss, int ls, line_request *out)
{
    int n = 0, at = -1;
    uint64_t sector = 0;   /* at >= 0: the last lane's one sector, in request `at` */
    for (uint64_t m = mask; m; m &= m - 1) {
        int lane = __builtin_ctzll(m);
        uint64_t first = addr[lane] >> ss, last = (addr[lane] + (uint64_t)size - 1) >> ss;
        if (at >= 0 && first == sector && last == sector) {   /* neighbouring lanes on one sector */
            out[at].lanes |= 1ull << lane;
            continue;
        }
        sector = first;
        at = -1;
        for (uint64_t s = first; s <= last; s++) {
            uint64_t byte = s << ss, line = byte >> ls << ls;
            int i = at = request_of(out, &n, line);
            if (i < 0) continue;
            out[i].sectors |= 1u << ((byte - line) >> ss);
            out[i].lanes |= 1ull << lane;
        }
        if (first != last) at = -1;   /* two sectors (or no room for its line): no next lane joins */
    }
    return n;
}

int coalesce(const uint64_t *addr, uint64_t mask, int size, int line_size, int sector_size,
             line_request *out, int *nsectors)
{
    int n = 0, ss = pow2_shift(sector_size), ls = pow2_shift(line_size);
    uint64_t sec = (uint64_t)sector_size, lsz = (uint64_t)line_size;
    if (ss >= 0 && ls >= 0) n = lanes_pow2(addr, mask, size, ss, ls, out);
    else
        for (uint64_t m = mask; m; m &= m - 1) {
            int lane = __builtin_ctzll(m);
            /* an access may cross a line (only when unaligned, which faults
             * earlier); walk its sectors anyway */
            uint64_t first = div_by(addr[lane], sec, ss), last = div_by(addr[lane] + (uint64_t)size - 1, sec, ss);
            for (uint64_t s = first; s <= last; s++) {
                uint64_t byte = s * sec;
                uint64_t line = div_by(byte, lsz, ls) * lsz;
                int i = request_of(out, &n, line);
                if (i < 0) continue;
                out[i].sectors |= 1u << div_by(byte - line, sec, ss);
                out[i].lanes |= 1ull << lane;
            }
        }
    int sectors = 0;
    for (int i = 0; i < n; i++) {
        /* lanes write distinct bytes: fewer than a sector's worth per sector leaves some partial */
        int k = __builtin_popcount(out[i].sectors);
        uint64_t whole = (uint64_t)__builtin_popcountll(out[i].lanes) * (uint64_t)size / sec;
        out[i].partial = k - (whole < (uint64_t)k ? (int)whole : k);
        sectors += k;
    }
    *nsectors = sectors;
    return n;
}

/* distinct words per bank, in time linear in the lanes: a word is looked
 * up in a small open-addressing set (a bit per slot says it is taken, so
 * that a group clears 64 bytes, not a list head per bank), and a new one
 * counts for its bank. At most 64 lanes x 4 words go into a group's set */
int bank_passes(const uint64_t *addr, uint64_t mask, int size, int banks, int bank_width,
                int lanes_per_cycle, int *worst)
{
    enum { SLOTS = 512, MAXWORDS = 256 };   /* more than twice the words: short probes */
    int total = 0;
    *worst = 0;
    int words_per_lane = size > bank_width ? size / bank_width : 1;
    int ws = pow2_shift(bank_width), bs = pow2_shift(banks);
    for (int group = 0; group < 64; group += lanes_per_cycle) {
        uint64_t gmask = mask & (lanes_per_cycle >= 64 ? ~0ull : (((1ull << lanes_per_cycle) - 1) << group));
        if (!gmask) continue;
        uint64_t word[SLOTS], taken[SLOTS / 64] = { 0 };
        uint16_t count[64] = { 0 };   /* smem.banks <= 64 (config_keys.def) */
        int nwords = 0, degree = 1;
        for (uint64_t m = gmask; m; m &= m - 1) {
            int lane = __builtin_ctzll(m);
            for (int k = 0; k < words_per_lane; k++) {
                uint64_t w = div_by(addr[lane], (uint64_t)bank_width, ws) + (uint64_t)k;
                unsigned h = (unsigned)((w * 0x9E3779B97F4A7C15ull) >> 55);   /* 9 bits */
                int seen = 0;
                while (taken[h >> 6] >> (h & 63) & 1) {
                    if (word[h] == w) { seen = 1; break; }
                    h = (h + 1) & (SLOTS - 1);
                }
                if (seen || nwords == MAXWORDS) continue;
                taken[h >> 6] |= 1ull << (h & 63);
                word[h] = w;
                nwords++;
                int b = (int)(bs >= 0 ? w & (uint64_t)(banks - 1) : w % (uint64_t)banks);
                if (++count[b] > degree) degree = count[b];
            }
        }
        total += degree;
        if (degree > *worst) *worst = degree;
    }
    return total;
}

/* the most lanes on one address: sort-free, by a small open-addressing
 * table of (address, count), linear in the lanes */
int same_address_max(const uint64_t *addr, uint64_t mask)
{
    if (!mask) return 0;
    enum { SLOTS = 128 };    /* > 2 x 64 lanes */
    uint64_t key[SLOTS];
    uint8_t cnt[SLOTS] = { 0 };
    int best = 1;
    for (uint64_t m = mask; m; m &= m - 1) {
        uint64_t a = addr[__builtin_ctzll(m)];
        unsigned h = (unsigned)((a * 0x9E3779B97F4A7C15ull) >> 57);   /* 7 bits */
        while (cnt[h] && key[h] != a) h = (h + 1) & (SLOTS - 1);
        key[h] = a;
        if (++cnt[h] > best) best = cnt[h];
    }
    return best;
}
