/* sim/mem/repl_random.c — a pseudo-random way: xorshift64 (Marsaglia 2003)
 * seeded per cache from mem.seed, so runs stay deterministic. */
#include "cache.h"

static void rnd_none(cache *c, size_t way) { (void)c; (void)way; }

static size_t rnd_victim(cache *c, size_t base)
{
    uint64_t x = c->rng;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    c->rng = x;
    return base + (size_t)(x % (uint64_t)c->ways);
}

const repl_policy repl_random = { "random", rnd_none, rnd_none, rnd_victim };
