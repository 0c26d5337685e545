/* sim/sm/opcoll.h — the register file's banks and the operand collectors of
 * one SM (GPGPU-Sim's opndcoll_rfu_t structure): an issued instruction takes
 * a collector unit, each of its register operands is read from the bank the
 * register lies in, one access per bank port per cycle, and a result written
 * back takes its bank's port for a cycle too. The unit latencies of a config
 * are those of an instruction whose operands were read without waiting; the
 * collector adds only the cycles an operand waited for its bank, so with no
 * conflict nothing changes. Reservation based: nothing ticks, and nothing is
 * allocated after opcoll_init. */
#ifndef WARPSIM_OPCOLL_H
#define WARPSIM_OPCOLL_H
#include <stdint.h>

/* cycles of bank calendar kept per bank: reservations further ahead than
 * this are not checked against each other (results written back later than
 * this after their issue; no shipped latency comes near it) */
#define OPCOLL_WINDOW 256

typedef struct {
    int banks;          /* opcoll.banks: 0 = no model */
    int ports;          /* opcoll.bank_ports: accesses per bank per cycle */
    int units;          /* opcoll.units: collector units per SM (0: not limited) */
    int warp_skew;      /* opcoll.warp_skew: bank = (register + warp x skew) mod banks */
} opcoll_params;

typedef struct {
    opcoll_params p;
    uint64_t *slot;     /* [bank][OPCOLL_WINDOW][port]: the cycle + 1 each access slot is taken for, 0 free */
    uint64_t *unit_free;/* per collector unit: free from this cycle */
    uint64_t waits;     /* operand cycles spent waiting for a bank */
    uint64_t conflicts; /* operand reads that waited */
} opcoll;

/* p->banks == 0 leaves oc inert: every call returns at once */
void opcoll_init(opcoll *oc, const opcoll_params *p);
void opcoll_free(opcoll *oc);
static inline int opcoll_on(const opcoll *oc) { return oc->p.banks > 0; }
/* the bank register `reg` of SM warp slot `warp` lies in */
int opcoll_bank(const opcoll *oc, int warp, int reg);
/* a collector unit is free at `now`: 1; else 0 with the cycle one frees in *when */
int opcoll_room(const opcoll *oc, uint64_t now, uint64_t *when);
/* warp `warp` issues an instruction reading registers regs[0..n) at `now`
 * (duplicates read once; slots >= 256 are not registers and are skipped):
 * it takes a collector unit and a bank slot per operand, the first free one
 * at or after `now`. Returns the cycles its last operand waited (0: no
 * conflict), by which dispatch and the result are late. */
uint64_t opcoll_issue(opcoll *oc, int warp, const uint16_t *regs, int n, uint64_t now);
/* results of `warp` readable from cycle `at` on in regs[0..n): each takes its
 * bank's port for the cycle before (or the first free one after it) */
void opcoll_writeback(opcoll *oc, int warp, const uint16_t *regs, int n, uint64_t at);

#endif
