/* sim/exec/isrc.h — the instruction source: where the timing model gets each
 * warp's instructions. It asks for the next instruction's static facts
 * (peek) and, at issue, for its dynamic facts (issue). The functional core
 * (isrc_func.c) executes the instruction then; a trace reader will replay a
 * recorded one. The SM never decodes or executes by itself. */
#ifndef WARPSIM_ISRC_H
#define WARPSIM_ISRC_H
#include "exec.h"
#include "stats/stats.h"

/* scoreboard slots: registers, then predicates, uniform registers, uniform predicates */
enum { SB_PRED = 256, SB_UREG = 264, SB_UPRED = 328, SB_SLOTS = 336 };
static inline int sb_is_predicate(int slot) { return (slot >= SB_PRED && slot < SB_UREG) || slot >= SB_UPRED; }
#define ISRC_MAX_SRC 16
#define ISRC_MAX_DST 8

typedef struct {
    int pc;
    int op;                 /* the warpsim opcode, for per-opcode overrides; -1 when there is none */
    isa_unit unit;
    uint8_t nsrc, ndst;
    uint16_t src[ISRC_MAX_SRC], dst[ISRC_MAX_DST];
    uint8_t mem_space;      /* isa_space of a memory instruction */
    uint8_t is_mem, is_load, is_store;
    uint8_t is_barrier, is_membar_gl, is_membar_cta, reads_clock;
    uint8_t is_atomic, cache_op;     /* cache_op: MOD_CACHE_* or 0 */
    uint8_t ctl_stall;      /* nvcc's stall count for this instruction (0: none; isa.h ISA_CTL_STALL) */
    uint8_t mem_bytes;      /* a memory instruction's bytes per lane by its type (0: the type does not say) */
    int32_t const_offset;            /* bank-0 offset the instruction reads, -1 when none */
} isrc_static;

typedef struct {
    uint64_t active;        /* lanes that issued */
    uint64_t exec;          /* lanes that executed (guard true) */
    int redirected;         /* the warp does not continue at pc + 1 */
    int diverged;
    int warp_done;
    int barrier_released;   /* this instruction completed a barrier of its block */
    uint64_t barrier_warps; /* the warps it freed: bit i = warp i of the block (~0: every warp) */
    const isa_result *res;  /* addresses of a memory instruction */
    int slot, warp;         /* the warp's block slot and index in its block (for observers) */
    int stack_depth;        /* SIMT stack entries after the instruction; -1 unknown (traces) */
} isrc_dynamic;

typedef struct isrc isrc;
struct isrc {
    void *ctx;
    /* the next instruction of warp w, or NULL when the warp has finished */
    const isrc_static *(*peek)(isrc *s, int w);
    /* issue it, counting its functional counters (instructions, accesses,
     * branches) into st, the issuing SM's own: 0, or -1 on a fault (reported) */
    int (*issue)(isrc *s, int w, kernel_stats *st, isrc_dynamic *out);
    /* the warp waits at a barrier for the rest of its block */
    int (*at_barrier)(isrc *s, int w);
    /* optional (NULL: none): warp w's instruction st may issue soon; what
     * issuing it reads starts on its way from host memory */
    void (*prefetch)(isrc *s, int w, const isrc_static *st);
    /* optional (NULL: any slot may be named): the scoreboard slots the
     * launch's instructions name, as map[slot] = its place among them in
     * slot order (0xffff for one none names); returns how many */
    int (*slots)(isrc *s, uint16_t map[SB_SLOTS]);
};

/* the slots an instruction names, marked in named[] */
static inline void isrc_mark_slots(const isrc_static *st, uint8_t named[SB_SLOTS])
{
    for (int i = 0; i < st->nsrc; i++) named[st->src[i]] = 1;
    for (int i = 0; i < st->ndst; i++) named[st->dst[i]] = 1;
}

/* map[slot]: its place among the slots named[] marks, in slot order
 * (0xffff for one not marked), as the slots port gives it; how many */
static inline int isrc_slot_map(const uint8_t named[SB_SLOTS], uint16_t map[SB_SLOTS])
{
    int n = 0;
    for (int i = 0; i < SB_SLOTS; i++) map[i] = named[i] ? (uint16_t)n++ : 0xffff;
    return n;
}

#endif
