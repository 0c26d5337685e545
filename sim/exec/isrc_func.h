/* sim/exec/isrc_func.h — the execution-driven instruction source. */
#ifndef WARPSIM_ISRC_FUNC_H
#define WARPSIM_ISRC_FUNC_H
#include "isrc.h"
#include "warpexec.h"

typedef struct {
    isrc src;
    xrun *run;
    isrc_static *table;     /* static facts per pc of the kernel */
    xstep *steps;           /* one per SM: each issue's facts, while the SM uses them */
    const struct sim_observer *obs;  /* told of each issued instruction, or NULL */
    uint16_t sb_map[SB_SLOTS];       /* the scoreboard slots the kernel names (isrc.slots), found once */
    int sb_named;
} isrc_func;

void isrc_func_init(isrc_func *f, xrun *r);
void isrc_func_free(isrc_func *f);

#endif
