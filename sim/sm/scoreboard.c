/* sim/sm/scoreboard.c — the warps' scoreboards in 32 bits against a base
 * cycle (scoreboard.h says why the waits stay exact). */
#include "scoreboard.h"
#include "util/hugemem.h"
#include <string.h>

void sb_init(scoreboard *sb, int nwarps, const uint16_t *map, int n)
{
    /* registers below the highest one named keep their own places (a look
     * at one reads no map: the usual slot), so map[] holds only the slots
     * from there on: the predicates and uniform slots named, in slot order,
     * then one place for the rest */
    int regs = SB_SLOTS;   /* no map: every slot its own place */
    if (map && n > 0 && n < SB_SLOTS) {
        regs = 0;
        for (int i = 0; i < SB_PRED; i++)
            if (map[i] != SB_UNNAMED) regs = i + 1;
    }
    int next = regs;
    for (int i = regs; i < SB_SLOTS; i++)
        sb->map[i] = i >= SB_PRED && map[i] != SB_UNNAMED ? (uint16_t)next++ : SB_UNNAMED;
    for (int i = regs; i < SB_SLOTS; i++)
        if (sb->map[i] == SB_UNNAMED) sb->map[i] = (uint16_t)next;
    sb->regs = regs;
    sb->stride = regs == SB_SLOTS ? SB_SLOTS : next + 1;
    sb->v = hugemem_calloc_in(HUGEMEM_LAUNCH, (size_t)nwarps * (size_t)sb->stride * sizeof(uint32_t));
    sb->base = 0;
    sb->limit = SB_LIMIT_DEFAULT;
    sb->nwarps = nwarps;
}

void sb_free(scoreboard *sb)
{
    hugemem_free(sb->v);
    memset(sb, 0, sizeof *sb);
}

/* a slot's place in a warp's row */
static inline size_t place(const scoreboard *sb, int slot) { return slot < sb->regs ? (size_t)slot : sb->map[slot]; }

static inline uint32_t *slots(const scoreboard *sb, int w) { return sb->v + (size_t)w * (size_t)sb->stride; }

void sb_clear(scoreboard *sb, int w) { memset(slots(sb, w), 0, (size_t)sb->stride * sizeof(uint32_t)); }

/* the base moves up to SB_MARGIN cycles before now (never down); every
 * written slot is rewritten against it. Once per 2 G cycles by default */
static void move_base(scoreboard *sb, uint64_t now)
{
    uint64_t to = now > SB_MARGIN ? now - SB_MARGIN : 0;
    if (to <= sb->base) return;
    uint64_t delta = to - sb->base;
    for (size_t i = 0; i < (size_t)sb->nwarps * (size_t)sb->stride; i++) {
        uint32_t v = sb->v[i];
        if (v && v != SB_NEVER) sb->v[i] = v > delta ? (uint32_t)(v - delta) : 1;
    }
    sb->base = to;
}

void sb_set(scoreboard *sb, int w, int reg, uint64_t at, uint64_t now)
{
    uint32_t v = SB_NEVER;
    if (at != UINT64_MAX) {
        if (at - sb->base + 1 >= sb->limit) move_base(sb, now);
        uint64_t d = at - sb->base + 1;
        v = d < SB_NEVER ? (uint32_t)d : SB_NEVER - 1;   /* 4 G cycles ahead: unreachable */
    }
    slots(sb, w)[place(sb, reg)] = v;
}

/* a slot's cycle, as the 64-bit scoreboard held it */
static inline uint64_t cycle_of(const scoreboard *sb, uint32_t v)
{
    return !v ? 0 : v == SB_NEVER ? UINT64_MAX : sb->base + v - 1;
}

uint64_t sb_ready(const scoreboard *sb, int w, const isrc_static *st, uint64_t pred_delay)
{
    const uint32_t *s = slots(sb, w);
    uint32_t most = 0;
    for (int i = 0; i < st->ndst; i++)
        if (s[place(sb, st->dst[i])] > most) most = s[place(sb, st->dst[i])];
    if (!pred_delay) {
        for (int i = 0; i < st->nsrc; i++)
            if (s[place(sb, st->src[i])] > most) most = s[place(sb, st->src[i])];
        return cycle_of(sb, most);
    }
    /* a branch reads its predicates late: in 64 bits, as before (a pending
     * load's UINT64_MAX plus the delay wraps, as it always did) */
    uint64_t ready = cycle_of(sb, most);
    for (int i = 0; i < st->nsrc; i++) {
        uint64_t at = cycle_of(sb, s[place(sb, st->src[i])]);
        if (at && sb_is_predicate(st->src[i])) at += pred_delay;
        if (at > ready) ready = at;
    }
    return ready;
}
