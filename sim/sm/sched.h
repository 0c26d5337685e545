/* sim/sm/sched.h — warp scheduling policies. A policy orders a scheduler's
 * warps by priority each cycle; the scheduler issues the first eligible one.
 * Adding a policy is one file with a sched_policy and one row in
 * sched_policies.def. */
#ifndef WARPSIM_SCHED_H
#define WARPSIM_SCHED_H
#include <stddef.h>
#include <stdint.h>

#define SCHED_MAX_WARPS 256
#define SCHED_WORDS (SCHED_MAX_WARPS / 64)

typedef struct {
    int nwarps;                    /* warps assigned to this scheduler */
    int warps[SCHED_MAX_WARPS];    /* SM-local warp indices */
    const uint64_t *age;           /* per SM-local warp: dispatch order, lower = older */
    int last;                      /* position (in warps[]) of the last warp that issued, -1 none */
    int param;                     /* the policy's parameter (its param_key's value), 0 without one */
    void *priv;                    /* the policy's own state: state_size bytes, zeroed */
    /* bits by position, kept by the SM: the warp is resident and not
     * finished; it waits for an event the SM knows of (a load, a barrier,
     * a latency). Orders leave parked warps out unless with_parked asks
     * for the whole order. */
    uint64_t live_bits[SCHED_WORDS];
    uint64_t parked_bits[SCHED_WORDS];
    int with_parked;
    /* when set, the order lists only these of the live warps (parked or
     * not): the SM asks where they come in the whole order */
    const uint64_t *only;
} sched_state;

/* the warps at positions of word k that the order lists */
static inline uint64_t sched_listed_word(const sched_state *s, int k)
{
    if (s->only) return s->live_bits[k] & s->only[k];
    return s->with_parked ? s->live_bits[k] : s->live_bits[k] & ~s->parked_bits[k];
}

static inline int sched_live(const sched_state *s, int p) { return (int)(s->live_bits[p >> 6] >> (p & 63) & 1); }
static inline int sched_listed(const sched_state *s, int p) { return (int)(sched_listed_word(s, p >> 6) >> (p & 63) & 1); }

/* events: the warp issued; it issued a long-latency load; it waits at a
 * barrier for the rest of its block (it cannot issue until others do) */
enum { SCHED_ISSUED, SCHED_LONG_LATENCY, SCHED_BARRIER };

typedef struct {
    const char *name;              /* its row in sched_policies.def (with its doc) */
    size_t state_size;             /* bytes of private state per scheduler (priv) */
    int param_key;                 /* the config key of its parameter (CFGK_...), -1 for none */
    void (*init)(sched_state *s);
    /* positions (indices into s->warps) in priority order, of the warps
     * sched_listed accepts; returns how many. The order of two listed
     * warps must not depend on which others are listed. */
    int (*order)(sched_state *s, int *out);
    /* an event (SCHED_*) of the warp at position pos */
    void (*notify)(sched_state *s, int pos, int event);
    /* optional: the first position order would give, -1 for none (the SM
     * asks which of a few warps comes first) */
    int (*first)(sched_state *s);
} sched_policy;

const sched_policy *sched_find(const char *name);
int sched_count(void);
const sched_policy *sched_at(int i);

/* helpers for policies */
int sched_by_age(const sched_state *s, int *out, int skip);   /* listed warps, oldest first */
int sched_oldest_listed(const sched_state *s);                /* the first of sched_by_age, -1 none */
/* append the listed positions in [from, to) to out[n...]; returns the new n */
int sched_list_range(const sched_state *s, int from, int to, int *out, int n);

#endif
