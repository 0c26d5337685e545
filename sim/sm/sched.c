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

int sched_list_range(const sched_state *s, int from, int to, int *out, int n)
{
    for (int k = from >> 6; k <= (to - 1) >> 6 && from < to; k++) {
        uint64_t bits = sched_listed_word(s, k);
        if (k == from >> 6) bits &= ~(uint64_t)0 << (from & 63);
        if (k == (to - 1) >> 6 && (to & 63)) bits &= ((uint64_t)1 << (to & 63)) - 1;
        for (; bits; bits &= bits - 1) out[n++] = k * 64 + __builtin_ctzll(bits);
    }
    return n;
}

/* insertion sort by age: schedulers hold a few dozen warps at most */
int sched_by_age(const sched_state *s, int *out, int skip)
{
    int n = 0, listed[SCHED_MAX_WARPS], nl = sched_list_range(s, 0, s->nwarps, listed, 0);
    for (int i = 0; i < nl; i++) {
        int p = listed[i], w = s->warps[p];
        if (p == skip) continue;
        int j = n++;
        while (j > 0 && s->age[s->warps[out[j - 1]]] > s->age[w]) { out[j] = out[j - 1]; j--; }
        out[j] = p;
    }
    return n;
}

/* sched_by_age's first: the least age, the lowest position among equals
 * (its insertion sort is stable) */
int sched_oldest_listed(const sched_state *s)
{
    int best = -1;
    for (int k = 0; k * 64 < s->nwarps; k++)
        for (uint64_t bits = sched_listed_word(s, k); bits; bits &= bits - 1) {
            int p = k * 64 + __builtin_ctzll(bits);
            if (best < 0 || s->age[s->warps[p]] < s->age[s->warps[best]]) best = p;
        }
    return best;
}
