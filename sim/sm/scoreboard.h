/* sim/sm/scoreboard.h — the warps' scoreboards: for each warp slot of an SM
 * and each of its SB_SLOTS registers (exec/isrc.h), the cycle the value is
 * ready. Kept in 32 bits against a base cycle: 1.3 KB a warp, where 64-bit
 * cycles took 2.7 KB, and 132 SMs of 64 warps touch every one in a
 * launch's first cycles (22 MB on h100, in host huge pages).
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
    uint32_t *v;                     /* nwarps x SB_SLOTS, in host huge pages (a launch's arena) */
    uint64_t base;
    uint32_t limit;
    int nwarps;
} scoreboard;

void sb_init(scoreboard *sb, int nwarps);
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
