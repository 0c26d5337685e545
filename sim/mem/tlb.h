/* sim/mem/tlb.h — the GPU's shared translation look-aside buffer: a
 * set-associative table of pages (LRU). A request that leaves an SM for the
 * L2 needs its page's translation; a page the table lacks costs a page walk
 * of tlb.walk_latency cycles, and later requests to that page while the
 * walk runs wait for the same walk. Translations of the L1 (on the SM) are
 * not modelled: their hits are in the calibrated latencies. The table sits
 * beside the interconnect's injection (one serial point, so the result is
 * the same for any --threads). Off when tlb.entries = 0. */
#ifndef WARPSIM_MEM_TLB_H
#define WARPSIM_MEM_TLB_H
#include <stdint.h>

typedef struct {
    int entries;            /* pages held (0: no TLB) */
    int assoc;              /* ways of a set (entries / assoc sets) */
    int page_bytes;         /* a power of two */
    int walk_latency;       /* core cycles a miss waits for its translation */
} tlb_params;

typedef struct tlb tlb;

tlb *tlb_new(const tlb_params *p);
void tlb_delete(tlb *t);
/* the cycle the translation of byte address `addr` is ready for a request
 * at cycle `now` (now itself on a hit); *walked = 1 when this request
 * started a page walk */
uint64_t tlb_ready(tlb *t, uint64_t addr, uint64_t now, int *walked);
/* every translation dropped (a flushed launch starts cold) */
void tlb_flush(tlb *t);

#endif
