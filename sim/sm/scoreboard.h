/* sim/sm/scoreboard.h — the warps' scoreboards: for each warp slot of an SM
 * and each of its SB_SLOTS registers (exec/isrc.h), the cycle the value is
 * ready. Kept in 32 bits against a base cycle, and only for the slots the
 * launch's instructions name (map, below): all 336 in 64 bits took 2.7 KB
 * a warp, and 132 SMs of 64 warps touch every one in a launch's first
 * cycles (in host huge pages).
 *
 * A slot holds 0 (never written since the warp started), SB_NEVER (a load
 * in flight: ready only when it returns) or base + v - 1 for 1 <= v <
 * SB_NEVER. Before a cycle would not fit, the base moves up to
 * SB_MARGIN cycles before now, and every slot is rewritten: a cycle older
 * than the new base becomes the new base. Such a cycle lies more than
 * SB_MARGIN cycles in the past, so no look (whose predicate delay is at
 * most SB_MARGIN) can tell the two apart: the waits stay exact. */
#ifndef WARPSIM_SM_SCOREBOARD_H
#define WARPSIM_SM_SCOREBOARD_H
#include <stdint.h>
#include "exec/isrc.h"

enum { SB_NEVER = UINT32_MAX };
/* the cycles a slot may hold ahead of the base before the base moves (a
 * test sets a small one to move it often), and how far behind `now` a
 * move puts it: more than frontend.branch_predicate_delay's maximum */
#define SB_LIMIT_DEFAULT 0x80000000u
#define SB_MARGIN 4096u

typedef struct {
    uint32_t *v;                     /* nwarps x stride, in host huge pages (a launch's arena) */
    uint64_t base;
    uint32_t limit;
    int nwarps;
    /* a warp's row holds only the slots the launch's instructions name:
     * the registers up to the highest one named in their own places, then
     * the predicates and uniform slots named, in slot order (map[slot]:
     * its place; stride - 1, a place no named slot shares, for the rest).
     * A kernel of 14 registers keeps a few dozen slots, a hundred-odd
     * bytes, where all 336 took 1.3 KB: h100's 8,448 warps then keep their
     * rows in about 1 MB, not 11 MB, and a look at one finds it in the
     * host's caches more often */
    int stride;
    int regs;                        /* slots below this keep their own places */
    uint16_t map[SB_SLOTS];          /* the places of the slots from regs on */
} scoreboard;

/* map: the slots the instructions name (any value but SB_UNNAMED; n of
 * them, as isrc.slots gives), or NULL: every slot may be named */
enum { SB_UNNAMED = 0xffff };
void sb_init(scoreboard *sb, int nwarps, const uint16_t *map, int n);
void sb_free(scoreboard *sb);
/* warp slot w starts a new warp: nothing written */
void sb_clear(scoreboard *sb, int w);
/* slot `reg` of warp slot w is ready at cycle `at` (UINT64_MAX: when a
 * load returns), written in cycle `now` (at >= now) */
void sb_set(scoreboard *sb, int w, int reg, uint64_t at, uint64_t now);
/* the cycle warp slot w's instruction st may issue by its registers: its
 * sources' cycles (a predicate source `pred_delay` cycles later when it was
 * written) and its destinations' (no write overtakes a pending one); 0
 * when none was ever written */
uint64_t sb_ready(const scoreboard *sb, int w, const isrc_static *st, uint64_t pred_delay);

#endif
