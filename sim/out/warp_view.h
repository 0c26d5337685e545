/* sim/out/warp_view.h — `--warp B:W`: one warp's life, a row per issued
 * instruction (cycle, PC, source line, the active mask as lane cells, the
 * SIMT stack depth with pushes and pops, and why it waited). */
#ifndef WARPSIM_WARP_VIEW_H
#define WARPSIM_WARP_VIEW_H
#include "exec/observer.h"
#include <stdio.h>

typedef struct warp_view warp_view;

/* block: the linear block index (x + y * grid.x + z * grid.x * grid.y);
 * warp: the warp within the block */
warp_view *warp_view_new(FILE *out, uint64_t block, int warp);
sim_observer warp_view_observer(warp_view *v);
/* rows printed so far (all kernels) */
long warp_view_rows(const warp_view *v);
void warp_view_free(warp_view *v);

#endif
