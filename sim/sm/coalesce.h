/* sim/sm/coalesce.h — what a warp's memory instruction asks of the memory
 * system: global accesses coalesced into line requests with sector masks,
 * shared accesses into bank-conflict passes. */
#ifndef WARPSIM_COALESCE_H
#define WARPSIM_COALESCE_H
#include <stdint.h>

#define COALESCE_MAX 128   /* 64 lanes x a 16-byte access can touch two lines each */

typedef struct {
    uint64_t line;         /* line address (byte address of the line's start) */
    uint32_t sectors;      /* bit i: sector i of the line is touched */
    uint64_t lanes;        /* lanes served by this request */
    int word_lanes;        /* atomics: the most of those lanes on one word (ldst fills it) */
    int partial;           /* sectors the lanes' bytes cannot fill whole (a store's partial sectors) */
} line_request;

/* coalesce the lanes in `mask` (addr[lane], size bytes each) into line
 * requests; returns how many (at most COALESCE_MAX), with their total
 * sector count in *nsectors */
int coalesce(const uint64_t *addr, uint64_t mask, int size, int line_size, int sector_size,
             line_request *out, int *nsectors);

/* shared memory: the passes a warp access needs. Lanes are served
 * lanes_per_cycle at a time; in each group the pass count is the most
 * distinct bank_width-byte words any one bank must deliver (one word read
 * by many lanes is a broadcast). Returns the total passes; *worst receives
 * the largest conflict degree of any group. */
int bank_passes(const uint64_t *addr, uint64_t mask, int size, int banks, int bank_width,
                int lanes_per_cycle, int *worst);

/* atomics on shared memory serialise per address: the most lanes on one address */
int same_address_max(const uint64_t *addr, uint64_t mask);

#endif
