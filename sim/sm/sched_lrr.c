/* sim/sm/sched_lrr.c — loose round robin: start after the warp that issued last. */
#include "sched.h"

static void lrr_init(sched_state *s) { s->last = -1; }

static int lrr_order(sched_state *s, int *out)
{
    if (!s->nwarps) return 0;
    /* the positions after the last issuer, then those up to it (no modulo per warp:
     * this runs for every scheduler every cycle) */
    int start = s->last + 1 < s->nwarps ? s->last + 1 : 0;
    if (s->nwarps <= 64) {
        /* one word of positions (the usual case): from start on, then before it */
        uint64_t w = sched_listed_word(s, 0), from = ~(uint64_t)0 << start;
        int n = 0;
        for (uint64_t b = w & from; b; b &= b - 1) out[n++] = __builtin_ctzll(b);
        for (uint64_t b = w & ~from; b; b &= b - 1) out[n++] = __builtin_ctzll(b);
        return n;
    }
    return sched_list_range(s, 0, start, out, sched_list_range(s, start, s->nwarps, out, 0));
}

static int lrr_first(sched_state *s)
{
    if (!s->nwarps) return -1;
    int start = s->last + 1 < s->nwarps ? s->last + 1 : 0;
    for (int k = start >> 6; k < (s->nwarps + 63) >> 6; k++) {   /* from start on */
        uint64_t b = sched_listed_word(s, k) & (k == start >> 6 ? ~(uint64_t)0 << (start & 63) : ~(uint64_t)0);
        if (b) return k * 64 + __builtin_ctzll(b);
    }
    for (int k = 0; k <= start >> 6; k++) {   /* then before it */
        uint64_t b = sched_listed_word(s, k);
        if (b) return k * 64 + __builtin_ctzll(b);
    }
    return -1;
}

static void lrr_notify(sched_state *s, int pos, int event) { if (event == SCHED_ISSUED) s->last = pos; }

const sched_policy sched_lrr = { "lrr", 0, -1, lrr_init, lrr_order, lrr_notify, lrr_first };
