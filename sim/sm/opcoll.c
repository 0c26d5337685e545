/* sim/sm/opcoll.c — register-file banks and operand collectors (opcoll.h).
 * Structure from GPGPU-Sim's operand collector (opndcoll_rfu_t in
 * shader.cc: register banks, collector units, an arbiter granting each bank
 * one access per cycle, writes taking the bank's port): what it does, not
 * its code. Each bank keeps a calendar of the next OPCOLL_WINDOW cycles, a
 * slot per port holding the cycle (+1) it is reserved for. */
#include "opcoll.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

#define REG_SLOTS 256   /* scoreboard slots below this are vector registers (exec/isrc.h) */

void opcoll_init(opcoll *oc, const opcoll_params *p)
{
    memset(oc, 0, sizeof *oc);
    oc->p = *p;
    if (!opcoll_on(oc)) return;
    if (oc->p.ports < 1) oc->p.ports = 1;
    oc->slot = xcalloc((size_t)oc->p.banks * OPCOLL_WINDOW * (size_t)oc->p.ports, sizeof(uint64_t));
    if (oc->p.units > 0) oc->unit_free = xcalloc((size_t)oc->p.units, sizeof(uint64_t));
}

void opcoll_free(opcoll *oc)
{
    free(oc->slot);
    free(oc->unit_free);
    memset(oc, 0, sizeof *oc);
}

int opcoll_bank(const opcoll *oc, int warp, int reg)
{
    return (int)(((unsigned)reg + (unsigned)warp * (unsigned)oc->p.warp_skew) % (unsigned)oc->p.banks);
}

int opcoll_room(const opcoll *oc, uint64_t now, uint64_t *when)
{
    if (!opcoll_on(oc) || !oc->unit_free) return 1;
    uint64_t first = UINT64_MAX;
    for (int u = 0; u < oc->p.units; u++) {
        if (oc->unit_free[u] <= now) return 1;
        if (oc->unit_free[u] < first) first = oc->unit_free[u];
    }
    *when = first;
    return 0;
}

/* the port slots of bank b at cycle t */
static uint64_t *slots_at(opcoll *oc, int b, uint64_t t)
{
    return oc->slot + ((size_t)b * OPCOLL_WINDOW + (size_t)(t % OPCOLL_WINDOW)) * (size_t)oc->p.ports;
}

/* take the first free port of bank b at or after cycle t; returns its cycle */
static uint64_t reserve(opcoll *oc, int b, uint64_t t)
{
    for (uint64_t k = 0; k < OPCOLL_WINDOW; k++, t++) {
        uint64_t *s = slots_at(oc, b, t);
        for (int q = 0; q < oc->p.ports; q++)
            if (s[q] != t + 1) { s[q] = t + 1; return t; }
    }
    return t;   /* a whole window booked: not reachable with a port per bank and cycle */
}

/* regs[i] appears earlier in regs (an operand read once) */
static int seen_before(const uint16_t *regs, int i)
{
    for (int j = 0; j < i; j++)
        if (regs[j] == regs[i]) return 1;
    return 0;
}

uint64_t opcoll_issue(opcoll *oc, int warp, const uint16_t *regs, int n, uint64_t now)
{
    if (!opcoll_on(oc)) return 0;
    uint64_t done = now;
    for (int i = 0; i < n; i++) {
        if (regs[i] >= REG_SLOTS || seen_before(regs, i)) continue;
        uint64_t at = reserve(oc, opcoll_bank(oc, warp, regs[i]), now);
        if (at > now) { oc->conflicts++; oc->waits += at - now; }
        if (at > done) done = at;
    }
    if (oc->unit_free) {
        /* the instruction holds a collector unit until it dispatches, the
         * cycle after its last operand arrived */
        int best = 0;
        for (int u = 1; u < oc->p.units; u++)
            if (oc->unit_free[u] < oc->unit_free[best]) best = u;
        oc->unit_free[best] = done + 1;
    }
    return done - now;
}

void opcoll_writeback(opcoll *oc, int warp, const uint16_t *regs, int n, uint64_t at)
{
    if (!opcoll_on(oc)) return;
    /* the value is written in the cycle before it can be read, so a
     * dependent instruction issued the cycle it is ready does not wait for
     * its own producer's write (the configured latencies include that) */
    uint64_t t = at ? at - 1 : 0;
    for (int i = 0; i < n; i++)
        if (regs[i] < REG_SLOTS && !seen_before(regs, i)) reserve(oc, opcoll_bank(oc, warp, regs[i]), t);
}
