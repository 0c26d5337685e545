/* sim/util/progress.c — the progress line (progress.h). */
#include "progress.h"
#include <inttypes.h>
#include <stdio.h>
#include <time.h>

static int enabled, drawn;
static unsigned calls;
static double started, next_draw;

static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

void progress_enable(int on)
{
    enabled = on;
    drawn = 0;
    calls = 0;
    started = seconds_now();
    next_draw = started + 1.0;
}

void progress_tick(const char *kernel, uint64_t cycles, uint64_t insns, uint64_t blocks, uint64_t blocks_total)
{
    if (!enabled || (++calls & 63)) return;
    double now = seconds_now();
    if (now < next_draw) return;
    next_draw = now + 0.25;
    double elapsed = now - started;
    char left[48] = "";
    /* blocks still to start, at the rate they have started so far */
    if (blocks_total && blocks > 0 && blocks < blocks_total)
        snprintf(left, sizeof left, ", ~%.0f s left", elapsed * (double)(blocks_total - blocks) / (double)blocks);
    char cyc[40] = "";
    if (cycles) snprintf(cyc, sizeof cyc, "%" PRIu64 " cycles, ", cycles);
    fprintf(stderr, "\r\033[K%s: %s%" PRIu64 " warp instructions, blocks %" PRIu64 " of %" PRIu64 ", %.2f M/s%s",
            kernel, cyc, insns, blocks, blocks_total, (double)insns / elapsed / 1e6, left);
    fflush(stderr);
    drawn = 1;
}

void progress_end(void)
{
    if (drawn) fprintf(stderr, "\r\033[K");
    drawn = 0;
    enabled = 0;
}
