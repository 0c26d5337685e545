/* sim/sm/sched.c — the table of scheduling policies and their shared helpers. */
#include "sched.h"
#include <string.h>

#define SCHED_POLICY(name, doc) extern const sched_policy sched_##name;
#include "sched_policies.def"
#undef SCHED_POLICY

static const sched_policy *const policies[] = {
#define SCHED_POLICY(name, doc) &sched_##name,
#include "sched_policies.def"
#undef SCHED_POLICY
};
#define NPOLICIES ((int)(sizeof policies / sizeof policies[0]))

const sched_policy *sched_find(const char *name)
{
    for (int i = 0; i < NPOLICIES; i++)
        if (!strcmp(policies[i]->name, name)) return policies[i];
    return NULL;
}

int sched_count(void) { return NPOLICIES; }
const sched_policy *sched_at(int i) { return i >= 0 && i < NPOLICIES ? policies[i] : NULL; }

/* insertion sort by age: schedulers hold a few dozen warps at most */
int sched_by_age(const sched_state *s, int *out, int skip)
{
    int n = 0;
    for (int p = 0; p < s->nwarps; p++) {
        int w = s->warps[p];
        if (!sched_listed(s, p) || p == skip) continue;
        int j = n++;
        while (j > 0 && s->age[s->warps[out[j - 1]]] > s->age[w]) { out[j] = out[j - 1]; j--; }
        out[j] = p;
    }
    return n;
}
