/* sim/mem/repl.c — the replacement-policy table (sim/mem/repl_policies.def). */
#include "cache.h"
#include <string.h>

#define REPL(name, doc) extern const repl_policy repl_##name;
#include "repl_policies.def"
#undef REPL

static const repl_policy *const policies[] = {
#define REPL(name, doc) &repl_##name,
#include "repl_policies.def"
#undef REPL
};
#define NPOLICIES ((int)(sizeof policies / sizeof policies[0]))

const repl_policy *repl_find(const char *name)
{
    for (int i = 0; i < NPOLICIES; i++)
        if (!strcmp(policies[i]->name, name)) return policies[i];
    return NULL;
}

const repl_policy *repl_at(int i) { return i >= 0 && i < NPOLICIES ? policies[i] : policies[0]; }
int repl_count(void) { return NPOLICIES; }

size_t repl_min_stamp(const cache *c, size_t base)
{
    size_t v = base;
    for (int w = 1; w < c->ways; w++)
        if (CACHE_STAMP(c, base + (size_t)w) < CACHE_STAMP(c, v)) v = base + (size_t)w;
    return v;
}
