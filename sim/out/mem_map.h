/* sim/out/mem_map.h — `--banks PC[:N]` and `--coalesce PC[:N]`: the Nth
 * execution of one memory instruction drawn as the hardware sees it —
 * lanes laid out by shared-memory bank with the passes they need, or lanes
 * grouped into 128 B lines and 32 B sectors. */
#ifndef WARPSIM_MEM_MAP_H
#define WARPSIM_MEM_MAP_H
#include "config/config.h"
#include "exec/observer.h"
#include <stdio.h>

enum { MAP_BANKS, MAP_COALESCE };

typedef struct mem_map mem_map;

/* spec: "PC" or "PC:N" (N from 1, default 1); NULL with a message in d when malformed */
mem_map *mem_map_new(FILE *out, int kind, const char *spec, const config *cfg, diag *d);
sim_observer mem_map_observer(mem_map *m);
void mem_map_free(mem_map *m);

#endif
