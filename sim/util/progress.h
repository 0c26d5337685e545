/* sim/util/progress.h — a progress line on stderr for long runs: kernel,
 * cycles, warp instructions, blocks started of all, the rate and an
 * estimate of the time left. Shown only when switched on (warpsim run and
 * trace switch it on when stderr is a terminal, or with --progress), only
 * after the run has taken a second, redrawn at most 4 times a second, and
 * wiped when the run ends. The loops call progress_tick often; it reads
 * the clock only every 64th call. */
#ifndef WARPSIM_PROGRESS_H
#define WARPSIM_PROGRESS_H
#include <stdint.h>

void progress_enable(int on);
/* from a loop: the kernel's counts so far (blocks_total 0: unknown) */
void progress_tick(const char *kernel, uint64_t cycles, uint64_t insns, uint64_t blocks, uint64_t blocks_total);
/* the run ended: wipe the line if one was drawn */
void progress_end(void);

#endif
