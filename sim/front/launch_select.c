/* sim/front/launch_select.c — the launches a run times (launch_select.h). */
#include "launch_select.h"
#include "util/xalloc.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void launch_select_init(launch_select *s) { memset(s, 0, sizeof *s); }

void launch_select_free(launch_select *s)
{
    if (s->has_name) regfree(&s->name);
    free(s->pattern);
    memset(s, 0, sizeof *s);
}

int launch_select_name(launch_select *s, const char *opt, const char *regex, diag *d)
{
    regex_t re;
    int err = regcomp(&re, regex, REG_EXTENDED | REG_NOSUB);
    if (err) {
        char why[256];
        regerror(err, &re, why, sizeof why);
        diag_error(d, "%s: '%s' is not a POSIX extended regular expression (%s); quote it for the shell, "
                   "e.g. %s 'scan|add'", opt, regex, why, opt);
        return 1;
    }
    if (s->has_name) regfree(&s->name);
    free(s->pattern);
    s->name = re;
    s->has_name = 1;
    s->pattern = xstrdup(regex);
    s->given = 1;
    return 0;
}

void launch_select_skip(launch_select *s, uint64_t n) { s->skip = n; s->given = 1; }
void launch_select_count(launch_select *s, uint64_t n) { s->count = n; s->given = 1; }

int launch_select_take(launch_select *s, const char *name)
{
    if (!s || !s->given) return 1;
    if (s->has_name && regexec(&s->name, name ? name : "", 0, NULL, 0) != 0) return 0;
    uint64_t k = s->matched++;
    if (k < s->skip || (s->count && k - s->skip >= s->count)) return 0;
    s->timed++;
    return 1;
}

void launch_select_note(const launch_select *s, const char *cmd)
{
    if (!s->given || s->timed) return;
    if (s->has_name && !s->matched)
        fprintf(stderr, "%s: note: no kernel name matched --kernel-name '%s': every launch ran functionally "
                "(the summary names each launch's kernel)\n", cmd, s->pattern);
    else
        fprintf(stderr, "%s: note: %" PRIu64 " launch%s matched, all within --launch-skip %" PRIu64
                ": every launch ran functionally\n", cmd, s->matched, s->matched == 1 ? "" : "es", s->skip);
}
