/* sim/gpu/gpu_state.c — the GPU's state kept between launches (gpu_state.h). */
#include "gpu_state.h"
#include "util/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { FLUSH_NONE, FLUSH_L1, FLUSH_ALL };

#define CODE_ALIGN 65536u            /* each kernel's code starts on its own 64 KB */

typedef struct {
    char name[64];
    uint64_t base;
} code_place;

struct timing_gpu {
    int built, nsm, share, nccaches;
    memsys *mem;
    icache_unit *icaches;            /* nsm of them, or NULL */
    cache *ccaches;                  /* one per ccache.shared_by SMs, or NULL */
    uint64_t now;
    code_place *code;
    int ncode, capcode;
    uint64_t code_end, code_base;
};

timing_gpu *timing_gpu_new(void) { return xcalloc(1, sizeof(timing_gpu)); }

static void teardown(timing_gpu *g)
{
    if (!g->built) return;
    memsys_delete(g->mem);
    for (int m = 0; g->icaches && m < g->nsm; m++) icache_unit_free(&g->icaches[m]);
    for (int c = 0; c < g->nccaches; c++) cache_free(&g->ccaches[c]);
    free(g->icaches);
    free(g->ccaches);
    g->mem = NULL;
    g->icaches = NULL;
    g->ccaches = NULL;
    g->built = 0;
    g->now = 0;
}

void timing_gpu_reset(timing_gpu *g) { teardown(g); }

void timing_gpu_free(timing_gpu *g)
{
    if (!g) return;
    teardown(g);
    free(g->code);
    free(g);
}

static void build(timing_gpu *g, const config *cfg, const sm_params *p, const mem_params *mp, int nsm, int npc,
                  mem_sm_port port)
{
    g->nsm = nsm;
    g->mem = memsys_new(mp, nsm, npc, port);
    if (p->icache.size) {
        g->icaches = xcalloc((size_t)nsm, sizeof(icache_unit));
        for (int m = 0; m < nsm; m++)
            icache_unit_init(&g->icaches[m], &p->icache, p->icache_miss_latency, p->icache_prefetch_lines);
    }
    g->share = (int)CFG(cfg, ccache_shared_by);
    g->nccaches = p->ccache.size ? (nsm + g->share - 1) / g->share : 0;
    if (g->nccaches) {
        g->ccaches = xcalloc((size_t)g->nccaches, sizeof(cache));
        for (int c = 0; c < g->nccaches; c++) cache_init(&g->ccaches[c], &p->ccache);
    }
    g->built = 1;
}

/* the kernel's code address: a new kernel is placed after the others */
static uint64_t place_code(timing_gpu *g, const char *kernel, int ncode, int insn_bytes)
{
    for (int i = 0; i < g->ncode; i++)
        if (!strncmp(g->code[i].name, kernel, sizeof g->code[i].name - 1)) return g->code[i].base;
    if (g->ncode == g->capcode) {
        g->capcode = g->capcode ? 2 * g->capcode : 8;
        g->code = xrealloc(g->code, (size_t)g->capcode * sizeof *g->code);
    }
    code_place *c = &g->code[g->ncode++];
    snprintf(c->name, sizeof c->name, "%s", kernel);
    c->base = g->code_end;
    uint64_t bytes = (uint64_t)ncode * (uint64_t)insn_bytes;
    g->code_end += (bytes / CODE_ALIGN + 1) * CODE_ALIGN;
    return c->base;
}

void timing_gpu_begin(timing_gpu *g, const config *cfg, const sm_params *p, const mem_params *mp, int nsm, int npc,
                      mem_sm_port port, const char *kernel, int ncode)
{
    int flush = (int)CFG(cfg, launch_flush);
    if (g->built && flush == FLUSH_ALL) teardown(g);
    if (!g->built) build(g, cfg, p, mp, nsm, npc, port);
    else memsys_begin_launch(g->mem, npc, port, flush == FLUSH_L1);
    g->code_base = place_code(g, kernel, ncode, p->icache_insn_bytes);
}

memsys *timing_gpu_mem(timing_gpu *g) { return g->mem; }
icache_unit *timing_gpu_icache(timing_gpu *g, int sm) { return g->icaches ? &g->icaches[sm] : NULL; }
cache *timing_gpu_ccache(timing_gpu *g, int sm) { return g->nccaches ? &g->ccaches[sm / g->share] : NULL; }
uint64_t timing_gpu_code_base(const timing_gpu *g) { return g->code_base; }
uint64_t timing_gpu_cycle(const timing_gpu *g) { return g->now; }
void timing_gpu_end(timing_gpu *g, uint64_t now) { g->now = now; }
