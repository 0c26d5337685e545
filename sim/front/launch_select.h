/* sim/front/launch_select.h — which launches of a run are timed, as Nsight
 * Compute picks the launches it profiles: those whose kernel name a regular
 * expression finds (--kernel-name), less the first --launch-skip of them, at
 * most --launch-count; every other launch runs functionally (its results
 * are the same, it takes no simulated time). A program of many launches is
 * timed where it matters in a fraction of the time. */
#ifndef WARPSIM_LAUNCH_SELECT_H
#define WARPSIM_LAUNCH_SELECT_H
#include <regex.h>
#include <stdint.h>
#include "diag.h"

typedef struct {
    int given;               /* any of the three was given: launches are picked */
    int has_name;
    regex_t name;            /* POSIX extended, searched for in the kernel's name */
    char *pattern;
    uint64_t skip, count;    /* count 0: no limit */
    uint64_t matched;        /* launches whose name matched so far */
    uint64_t timed;          /* launches picked so far */
} launch_select;

void launch_select_init(launch_select *s);
void launch_select_free(launch_select *s);
/* --kernel-name: 0, or 1 after reporting a bad expression in d (opt names the option) */
int launch_select_name(launch_select *s, const char *opt, const char *regex, diag *d);
void launch_select_skip(launch_select *s, uint64_t n);
void launch_select_count(launch_select *s, uint64_t n);
/* the next launch, of kernel `name`: 1 when it is timed (every launch is
 * when nothing was given) */
int launch_select_take(launch_select *s, const char *name);
/* after the run: a note on stderr when launches were picked and none was
 * timed (what to change); cmd names the command */
void launch_select_note(const launch_select *s, const char *cmd);

#endif
