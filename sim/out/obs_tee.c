/* sim/out/obs_tee.c — forwarding each observer event to several observers. */
#include "obs_tee.h"

void obs_tee_add(obs_tee *t, sim_observer o)
{
    if (t->n < OBS_TEE_MAX) t->each[t->n++] = o;
}

static int kernel_begin(void *ctx, const obs_kernel *k, diag *d)
{
    obs_tee *t = ctx;
    int bad = 0;
    for (int i = 0; i < t->n; i++)
        if (t->each[i].kernel_begin) bad |= t->each[i].kernel_begin(t->each[i].ctx, k, d);
    return bad;
}

static void block_start(void *ctx, int slot, const uint32_t ctaid[3], int nwarps)
{
    obs_tee *t = ctx;
    for (int i = 0; i < t->n; i++)
        if (t->each[i].block_start) t->each[i].block_start(t->each[i].ctx, slot, ctaid, nwarps);
}

static void issue(void *ctx, const obs_issue *e)
{
    obs_tee *t = ctx;
    for (int i = 0; i < t->n; i++)
        if (t->each[i].issue) t->each[i].issue(t->each[i].ctx, e);
}

static void mem_access(void *ctx, const obs_mem *m)
{
    obs_tee *t = ctx;
    for (int i = 0; i < t->n; i++)
        if (t->each[i].mem_access) t->each[i].mem_access(t->each[i].ctx, m);
}

static int block_end(void *ctx, int slot, diag *d)
{
    obs_tee *t = ctx;
    int bad = 0;
    for (int i = 0; i < t->n; i++)
        if (t->each[i].block_end) bad |= t->each[i].block_end(t->each[i].ctx, slot, d);
    return bad;
}

static void sample(void *ctx, uint64_t cycle, const kernel_stats *memory)
{
    obs_tee *t = ctx;
    for (int i = 0; i < t->n; i++)
        if (t->each[i].sample && t->each[i].sample_interval) t->each[i].sample(t->each[i].ctx, cycle, memory);
}

static int kernel_end(void *ctx, diag *d)
{
    obs_tee *t = ctx;
    int bad = 0;
    for (int i = 0; i < t->n; i++)
        if (t->each[i].kernel_end) bad |= t->each[i].kernel_end(t->each[i].ctx, d);
    return bad;
}

sim_observer obs_tee_observer(obs_tee *t)
{
    sim_observer o = { .ctx = t, .kernel_begin = kernel_begin, .block_start = block_start,
                       .block_end = block_end, .kernel_end = kernel_end };
    /* issues and memory events cost a call each: forward them only when someone listens */
    for (int i = 0; i < t->n; i++) {
        if (t->each[i].issue) o.issue = issue;
        if (t->each[i].mem_access) o.mem_access = mem_access;
        /* one sampling rate for all: the finest asked for (each member sees every sample) */
        if (t->each[i].sample && t->each[i].sample_interval &&
            (!o.sample_interval || t->each[i].sample_interval < o.sample_interval)) {
            o.sample = sample;
            o.sample_interval = t->each[i].sample_interval;
        }
    }
    return o;
}
