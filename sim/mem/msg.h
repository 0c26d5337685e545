/* sim/mem/msg.h — the message every memory port carries: one line request
 * (or its response) between the LD/ST unit, an L1, the interconnect and an
 * L2 slice. Messages travel by value, so no block holds another's records. */
#ifndef WARPSIM_MEM_MSG_H
#define WARPSIM_MEM_MSG_H
#include <stdint.h>

enum { MR_LOAD, MR_STORE, MR_ATOMIC, MR_WRITEBACK, MR_COPY };   /* MR_COPY: a slice takes a copy of a far line (l2.far_copies) */

typedef struct {
    uint64_t line;           /* line address */
    uint32_t sectors;        /* sector mask within the line */
    uint8_t kind;            /* MR_* */
    uint8_t use_l1;          /* the L1 may cache it (cache operator, space) */
    uint8_t lanes;           /* active lanes behind it (atomics: ALU passes) */
    uint8_t word_lanes;      /* atomics: the most lanes on one word (they serialise) */
    uint8_t partial;         /* stores: sectors written only in part (an L2 read-modify-write) */
    int32_t sm;              /* the SM that sent it: where the response goes */
    int32_t tag;             /* the SM's load record, -1 for none */
    int32_t pc;              /* the instruction that caused it */
    int32_t l1_mshr;         /* an L1 miss: the L1's MSHR that the response fills, -1 none */
    int32_t aux;             /* scratch of the block holding it (an L2 slice's pool slot) */
    int32_t slice;           /* the L2 slice of its line once routed, -1 before */
} mem_msg;

#endif
