/* sim/mem/repl_fifo.c — first in, first out: only a fill stamps the way, so
 * hits do not protect a line; the victim was filled longest ago. */
#include "cache.h"

static void fifo_hit(cache *c, size_t way) { (void)c; (void)way; }
static void fifo_fill(cache *c, size_t way) { CACHE_STAMP(c, way) = ++c->clock; }

static size_t fifo_victim(cache *c, size_t base) { return repl_min_stamp(c, base); }

const repl_policy repl_fifo = { "fifo", fifo_hit, fifo_fill, fifo_victim };
