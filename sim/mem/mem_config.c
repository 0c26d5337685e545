/* sim/mem/mem_config.c — the memory hierarchy's parameters from a config:
 * every block's params struct, checked for consistency. */
#include "memsys.h"
#include <stdlib.h>
#include <string.h>

#define KEYI(k) ((int)CFG(cfg, k))

/* l1.carveouts: sizes, comma-separated, K = 1024, ascending, within l1.size */
static int parse_carveouts(mem_params *p, const config *cfg, diag *d)
{
    const char *s = cfg->sval[CFGK_l1_carveouts];
    p->ncarveouts = 0;
    while (*s) {
        char *end;
        long v = strtol(s, &end, 10);
        if (end == s || v < 0) goto bad;
        if (*end == 'K' || *end == 'k') v *= 1024, end++;
        if (v > p->l1.cache.size || p->ncarveouts == 32
            || (p->ncarveouts && v <= p->carveouts[p->ncarveouts - 1])) goto bad;
        p->carveouts[p->ncarveouts++] = (int)v;
        s = end;
        if (*s == ',') s++;
        else if (*s) goto bad;
    }
    return 0;
bad:
    config_error(cfg, d, CFGK_l1_carveouts, "l1.carveouts = '%s': expected at most 32 ascending shared-memory sizes "
                 "within l1.size (%d bytes), comma-separated, K for 1024 (e.g. 0,8K,16K,32K)", cfg->sval[CFGK_l1_carveouts],
                 p->l1.cache.size);
    return -1;
}

int mem_params_load(mem_params *p, const config *cfg, diag *d)
{
    memset(p, 0, sizeof *p);
    int line = KEYI(mem_line_size), sector = KEYI(mem_sector_size);
    uint64_t seed = (uint64_t)CFG(cfg, mem_seed);
    p->l1.cache = (cache_params){ KEYI(l1_size), line, sector, KEYI(l1_assoc), KEYI(l1_mshrs), 0, 0,
                                  KEYI(l1_replacement), seed * 2 + 1, KEYI(l1_index) };
    p->l1.latency = KEYI(l1_latency);
    if (parse_carveouts(p, cfg, d)) return -1;
    p->l1.local_write_back = KEYI(l1_local_write_back);
    p->l1.atomic_sector_cost = KEYI(l1_atomic_sector_cost);
    p->l1.sectored = KEYI(l1_sectored);
    p->l1.queue = KEYI(l1_queue);
    /* a warp instruction of 16-byte accesses makes at most 2 line requests per lane */
    p->l1.room_needed = 2 * KEYI(sm_warp_size);
    p->l2.cache = (cache_params){ KEYI(l2_slice_size), line, sector, KEYI(l2_assoc), KEYI(l2_mshrs), 1, 1,
                                  KEYI(l2_replacement), seed * 2 + 2, KEYI(l2_index) };
    p->l2.latency = KEYI(l2_latency);
    p->l2.queue = KEYI(l2_queue);
    p->l2.atomic_latency = KEYI(l2_atomic_latency);
    p->l2.atomic_lane_cost = KEYI(l2_atomic_lane_cost);
    p->l2.atomic_sector_cost = KEYI(l2_atomic_sector_cost);
    p->l2.atomic_word_cost = KEYI(l2_atomic_word_cost);
    p->l2.atomic_line_serial = KEYI(l2_atomic_line_serial);
    p->l2.read_sector_cost = KEYI(l2_read_sector_cost);
    p->l2.write_sector_cost = KEYI(l2_write_sector_cost);
    p->l2.write_partial_cost = KEYI(l2_write_partial_cost);
    p->l2.write_request_cost = KEYI(l2_write_request_cost);
    int fill = KEYI(l2_fill_bytes);
    if (fill && (fill % sector || fill > line || (line / fill) * fill != line)) {
        config_error(cfg, d, CFGK_l2_fill_bytes, "l2.fill_bytes = %d must be 0 or a multiple of mem.sector_size (%d) "
                     "that divides mem.line_size (%d)", fill, sector, line);
        return -1;
    }
    p->l2.fill_group = fill ? (uint32_t)(fill / sector) : 1;
    p->icnt = (icnt_params){ KEYI(icnt_latency), KEYI(icnt_width), KEYI(l2_queue), 0, 0, KEYI(l2_partitions),
                             KEYI(l2_far_latency), KEYI(icnt_lookahead), KEYI(icnt_wire_room) };
    p->slices = KEYI(l2_slices);
    p->interleave = KEYI(l2_interleave);
    p->far_copies = KEYI(l2_far_copies);
    p->map = addr_map_at(KEYI(mem_address_map));
    p->dram = (dram_params){ .banks = KEYI(dram_banks), .row_bytes = KEYI(dram_row_bytes),
                             .bus_bytes = KEYI(dram_bus_bytes), .data_rate = KEYI(dram_data_rate),
                             .tRCD = KEYI(dram_tRCD), .tCL = KEYI(dram_tCL), .tRP = KEYI(dram_tRP), .tRAS = KEYI(dram_tRAS),
                             .tREFI = KEYI(dram_tREFI), .tRFC = KEYI(dram_tRFC), .tWTR = KEYI(dram_tWTR),
                             .tRTW = KEYI(dram_tRTW), .tRRD = KEYI(dram_tRRD), .tFAW = KEYI(dram_tFAW), .write_drain = KEYI(dram_write_drain),
                             .queue = KEYI(dram_queue), .scheduler = KEYI(dram_scheduler), .map = p->map };
    p->core_clock = KEYI(gpu_clock_mhz);
    p->l2_clock = KEYI(l2_clock_mhz);
    p->l2.clock = p->l2_clock;
    p->l2.core_clock = p->core_clock;
    p->dram_clock = KEYI(dram_clock_mhz);
    p->dram_latency = KEYI(dram_latency);
    p->tlb = (tlb_params){ KEYI(tlb_entries), KEYI(tlb_assoc), KEYI(tlb_page_bytes), KEYI(tlb_walk_latency) };
    if (p->tlb.page_bytes & (p->tlb.page_bytes - 1)) {
        config_error(cfg, d, CFGK_tlb_page_bytes, "tlb.page_bytes = %d is not a power of two", p->tlb.page_bytes);
        return -1;
    }
    if (p->tlb.entries > 0 && p->tlb.entries % (p->tlb.assoc < p->tlb.entries ? p->tlb.assoc : p->tlb.entries)) {
        config_error(cfg, d, CFGK_tlb_assoc, "tlb.entries = %d is not a multiple of tlb.assoc = %d", p->tlb.entries,
                     p->tlb.assoc);
        return -1;
    }
    /* a fixed time, not a count of SM cycles: the SMs' clock may differ
     * from the one it was measured at (under ncu the H100 runs at 1590 MHz) */
    if (KEYI(dram_latency_mhz) > 0)
        p->dram_latency = (int)(((int64_t)p->dram_latency * p->core_clock + KEYI(dram_latency_mhz) / 2) / KEYI(dram_latency_mhz));
    if (p->interleave < line) {
        config_error(cfg, d, CFGK_l2_interleave, "l2.interleave = %d is smaller than the line (mem.line_size = %d)",
                     p->interleave, line);
        return -1;
    }
    if (p->l1.cache.size < line * p->l1.cache.assoc || p->l2.cache.size < line * p->l2.cache.assoc) {
        int l1_small = p->l1.cache.size < line * p->l1.cache.assoc;
        config_error(cfg, d, l1_small ? CFGK_l1_size : CFGK_l2_slice_size, "%s = %d holds less than one set (line x assoc)",
                     l1_small ? "l1.size" : "l2.slice_size", l1_small ? p->l1.cache.size : p->l2.cache.size);
        return -1;
    }
    return 0;
}
