/* sim/out/sample_out.c — sampled simulation's figures (sample_out.h). */
#include "sample_out.h"
#include "front/sample_plan.h"
#include <inttypes.h>
#include <stdio.h>

int sample_any(const kernel_stats *ks, int nk)
{
    for (int i = 0; i < nk; i++)
        if (ks[i].sample.mode != SAMPLE_NONE) return 1;
    return 0;
}

static double pct(uint64_t part, uint64_t whole) { return whole ? 100.0 * (double)part / (double)whole : 0; }

void sample_print_launch(const kernel_stats *s)
{
    const sample_info *si = &s->sample;
    if (si->mode == SAMPLE_NONE) return;
    if (si->mode == SAMPLE_PROJECTED)
        printf("  %-22s %" PRIu64 " projected from group %d%s (run functionally)\n", "cycles", s->cycles, si->group,
               si->new_signature ? ", a signature no timed launch had" : "");
    else if (si->mode == SAMPLE_INSIDE)
        printf("  %-22s %" PRIu64 " timed (%" PRIu64 " warp instructions, %" PRIu64 " blocks) until the IPC was stable, "
               "the rest projected\n", "cycles sampled", si->timed_cycles, si->timed_instructions, si->timed_blocks);
    if (si->mode != SAMPLE_TIMED)
        printf("  %-22s [%" PRIu64 ", %" PRIu64 "] (+-%.2f%%)\n", "95% interval", si->lo, si->hi,
               pct(si->hi - s->cycles, s->cycles));
}

void sample_print_total(const kernel_stats *ks, int nk)
{
    if (!sample_any(ks, nk)) return;
    sample_total t;
    sample_plan_total(ks, nk, &t);
    printf("sampled: program cycles %" PRIu64 ", 95%% interval [%" PRIu64 ", %" PRIu64 "] (+-%.2f%%)\n", t.cycles, t.lo,
           t.hi, pct(t.hi - t.cycles, t.cycles));
    printf("  timed: %d of %d launches in full, %d until stable, %d projected (%d groups); blocks %" PRIu64 " of %" PRIu64
           "; warp instructions %.2f%% (%" PRIu64 " of %" PRIu64 ")\n", t.launches_timed, t.launches, t.launches_inside,
           t.launches_projected, t.groups, t.blocks_timed, t.blocks, pct(t.instructions_timed, t.instructions),
           t.instructions_timed, t.instructions);
}

void sample_json_launch(json_writer *j, const kernel_stats *s)
{
    const sample_info *si = &s->sample;
    if (si->mode == SAMPLE_NONE) return;
    if (!s->timed) json_uint(j, "cycles", s->cycles);
    json_string(j, "cycles_are", sample_mode_name(si->mode));
    json_uint(j, "cycles_low", si->lo);
    json_uint(j, "cycles_high", si->hi);
    json_begin_object(j, "sample");
    json_int(j, "group", si->group);
    json_int(j, "new_signature", si->new_signature);
    json_uint(j, "timed_cycles", si->timed_cycles);
    json_uint(j, "timed_warp_instructions", si->timed_instructions);
    json_uint(j, "timed_blocks", si->timed_blocks);
    json_end_object(j);
}

void sample_json_total(json_writer *j, const kernel_stats *ks, int nk)
{
    if (!sample_any(ks, nk)) return;
    sample_total t;
    sample_plan_total(ks, nk, &t);
    json_begin_object(j, "sample");
    json_uint(j, "cycles", t.cycles);
    json_uint(j, "cycles_low", t.lo);
    json_uint(j, "cycles_high", t.hi);
    json_int(j, "launches", t.launches);
    json_int(j, "launches_timed", t.launches_timed);
    json_int(j, "launches_sampled", t.launches_inside);
    json_int(j, "launches_projected", t.launches_projected);
    json_int(j, "groups", t.groups);
    json_uint(j, "blocks", t.blocks);
    json_uint(j, "blocks_timed", t.blocks_timed);
    json_uint(j, "warp_instructions", t.instructions);
    json_uint(j, "warp_instructions_timed", t.instructions_timed);
    json_double(j, "timed_share", t.instructions ? (double)t.instructions_timed / (double)t.instructions : 0);
    json_end_object(j);
}
