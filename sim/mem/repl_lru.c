/* sim/mem/repl_lru.c — least recently used: every hit and fill stamps the
 * way with the cache's use counter; the victim has the oldest stamp. */
#include "cache.h"

static void lru_use(cache *c, size_t way) { CACHE_STAMP(c, way) = ++c->clock; }

static size_t lru_victim(cache *c, size_t base) { return repl_min_stamp(c, base); }

const repl_policy repl_lru = { "lru", lru_use, lru_use, lru_victim };
