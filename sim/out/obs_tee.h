/* sim/out/obs_tee.h — several observers watching one run (the views and
 * trace emission can be asked for together). */
#ifndef WARPSIM_OBS_TEE_H
#define WARPSIM_OBS_TEE_H
#include "exec/observer.h"

#define OBS_TEE_MAX 8

typedef struct {
    sim_observer each[OBS_TEE_MAX];
    int n;
} obs_tee;

/* add o (ignored beyond OBS_TEE_MAX); the tee's observer forwards every event to each, in order */
void obs_tee_add(obs_tee *t, sim_observer o);
sim_observer obs_tee_observer(obs_tee *t);

#endif
