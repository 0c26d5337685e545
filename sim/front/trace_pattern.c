/* sim/front/trace_pattern.c — a memory access's lanes kept as a base and a
 * pattern of offsets the kernel's accesses share (TRACE_ADDR_PATTERN).
 *
 * An access whose addresses are not evenly spaced most often repeats, at
 * its pc, the lanes' offsets of the pc's other executions with another
 * base: a tile read from shared memory with a row break, a broadcast, a
 * transposed store. Packed on their own (trace_lanes.h) 32 such addresses
 * take 77 bytes. A pattern is the packed form less its base (the lowest
 * address: the offsets from it, their width and the lanes do not change
 * with it); an access keeps the base and the pattern's index, 16 bytes.
 * sgemm_tiled's trace on an H100, whose 256 blocks are all resident, took
 * 134 MB so instead of 175 MB (111 MB since instructions are 24 bytes). The binary cache's bytes are the same
 * either way: its reader finds the pattern in them, its writer puts the
 * base back. A pc whose accesses keep making new patterns (random bins)
 * stops taking them after PAT_PER_PC, so that the table holds what is
 * shared. */
#include "trace.h"
#include "trace_header.h"
#include "trace_lanes.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

#define PAT_RECENT 4                 /* a pc's patterns compared: its latest ones */
#define PAT_PER_PC 16                /* patterns a pc may make: one that needs more is not
                                      * looked at again (its accesses are packed) */
#define PAT_MIN_LANES 8              /* fewer lanes pack into about as little (13 + 2n bytes) */

struct trace_pat_slot {
    uint32_t recent[PAT_RECENT];     /* pattern index + 1, 0 none; the latest first */
    uint32_t made;
};

static struct trace_pat_slot *slot_of(trace_kernel *k, uint32_t pc)
{
    k->pat_slot = trace_table_grow(k->pat_slot, &k->npat_slot, sizeof *k->pat_slot, pc >> 3);
    return &k->pat_slot[pc >> 3];
}

/* the packed form (len bytes) less its base is pattern p's */
static int same(const trace_pattern *p, const unsigned char *packed, size_t len)
{
    return p->len == len && !memcmp(p->bytes, packed, TRACE_LANES_BASE) &&
           !memcmp(p->bytes + TRACE_LANES_BASE + 8, packed + TRACE_LANES_BASE + 8, len - TRACE_LANES_BASE - 8);
}

/* a new pattern's index + 1, 0 when the table is full */
static uint32_t add(trace_kernel *k, const unsigned char *packed, size_t len)
{
    uint32_t i = k->npat;
    if (i >= (uint32_t)TRACE_PAT_CHUNKS << TRACE_PAT_BITS) return 0;
    if (!k->pat) k->pat = xcalloc(TRACE_PAT_CHUNKS, sizeof *k->pat);
    if (!(i & ((1u << TRACE_PAT_BITS) - 1))) k->pat[i >> TRACE_PAT_BITS] = xmalloc(sizeof(trace_pattern) << TRACE_PAT_BITS);
    trace_pattern *p = &k->pat[i >> TRACE_PAT_BITS][i & ((1u << TRACE_PAT_BITS) - 1)];
    memcpy(p->bytes, packed, len);
    memset(p->bytes + TRACE_LANES_BASE, 0, 8);
    p->len = (uint16_t)len;
    k->npat = i + 1;   /* after the pattern is whole: the run reads it only through a block handed over later */
    return i + 1;
}

int trace_pattern_keep(trace_kernel *k, trace_block *b, trace_inst *in, uint32_t pc, const unsigned char *packed, size_t len)
{
    uint32_t lanes;
    memcpy(&lanes, packed, sizeof lanes);
    /* offsets of 8 bytes are addresses: no base to take out */
    if (__builtin_popcount(lanes) < PAT_MIN_LANES || packed[TRACE_LANES_BASE - 1] == 8) return 0;
    struct trace_pat_slot *s = slot_of(k, pc);
    if (s->made > PAT_PER_PC) return 0;
    uint32_t found = 0;
    int at = 0;
    for (; at < PAT_RECENT && s->recent[at] && !found; at++)
        if (same(trace_pattern_at(k, s->recent[at] - 1), packed, len)) found = s->recent[at];
    if (!found) {
        if (++s->made > PAT_PER_PC || !(found = add(k, packed, len))) return 0;
        at = PAT_RECENT;
    }
    memmove(&s->recent[1], &s->recent[0], (size_t)(at - 1) * sizeof s->recent[0]);   /* the latest first */
    s->recent[0] = found;
    in->addr = trace_block_words(b, 2);
    memcpy(&in->addr[0], packed + TRACE_LANES_BASE, 8);
    in->addr[1] = found - 1;
    in->addr_form = TRACE_ADDR_PATTERN;
    return 1;
}

void trace_pattern_free(trace_kernel *k)
{
    if (k->pat)
        for (uint32_t c = 0; c < TRACE_PAT_CHUNKS && k->pat[c]; c++) free(k->pat[c]);
    free(k->pat);
    free(k->pat_slot);
    k->pat = NULL, k->pat_slot = NULL;
    k->npat = k->npat_slot = 0;
}
