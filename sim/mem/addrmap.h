/* sim/mem/addrmap.h — address mapping policies (sim/mem/address_maps.def):
 * which L2 slice (and its DRAM channel) owns a line, the line's address
 * within that channel, and which bank of the channel holds a row. Every map
 * keeps the channel address unique: a slice's lines never alias. */
#ifndef WARPSIM_MEM_ADDRMAP_H
#define WARPSIM_MEM_ADDRMAP_H
#include <stdint.h>

typedef struct {
    uint64_t interleave, slices, banks;
} addr_geometry;

typedef struct {
    const char *name;                  /* its row in address_maps.def */
    /* the slice's offset within a run of `slices` chunks, given the run number */
    uint64_t (*slice_skew)(const addr_geometry *g, uint64_t run);
    /* the bank of row `row_index` of a channel */
    uint64_t (*bank)(const addr_geometry *g, uint64_t row_index);
} addr_map;

const addr_map *addr_map_at(int i);
int addr_map_count(void);

/* the slice of a line: chunk c = line / interleave lies in run c / slices;
 * the map permutes the slices within each run */
static inline int addr_slice(const addr_map *m, const addr_geometry *g, uint64_t line)
{
    uint64_t chunk = line / g->interleave;
    return (int)((chunk + m->slice_skew(g, chunk / g->slices)) % g->slices);
}

/* the line's address within its slice's channel: the slice-select digits removed */
static inline uint64_t addr_channel(const addr_geometry *g, uint64_t line)
{
    uint64_t chunk = line / g->interleave;
    return chunk / g->slices * g->interleave + line % g->interleave;
}

#endif
