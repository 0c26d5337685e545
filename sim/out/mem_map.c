/* sim/out/mem_map.c — the bank map and the coalescing map of one execution
 * of one instruction. Both use the model's own rules (sm/coalesce.h), so
 * what they draw is what the timing charged. */
#include "mem_map.h"
#include "demangle.h"
#include "src_text.h"
#include "sm/coalesce.h"
#include "util/xalloc.h"
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct mem_map {
    FILE *out;
    int kind, pc;
    long nth, seen;
    int banks, bank_width, lanes_per_cycle, line, sector;
    int shown, npc;
    char text[200], kernel[512];
    char src_file[256];      /* --banks FILE:LINE: the CUDA line asked for (its first such access) */
    int src_line;
};

/* "lines.cu:18[:N]": a CUDA line (the file by its name), then the execution; 0 when spec is no such thing */
static int line_spec(const char *spec, char *file, size_t cap, int *line, long *nth)
{
    const char *colon = strchr(spec, ':');
    if (!colon || colon == spec || (size_t)(colon - spec) >= cap || strspn(spec, "0123456789") == (size_t)(colon - spec)) return 0;
    char *e;
    long l = strtol(colon + 1, &e, 10);
    if (e == colon + 1 || l < 1 || l > 100000000) return 0;
    *nth = 1;
    if (*e == ':') {
        char *e2;
        *nth = strtol(e + 1, &e2, 10);
        if (e2 == e + 1 || *nth < 1) return 0;
        e = e2;
    }
    if (*e) return 0;
    snprintf(file, cap, "%.*s", (int)(colon - spec), spec);
    *line = (int)l;
    return 1;
}

mem_map *mem_map_new(FILE *out, int kind, const char *spec, const config *cfg, diag *d)
{
    char *e, file[256];
    long pc = strtol(spec, &e, 10), nth = 1;
    int ok = e != spec && pc >= 0 && pc < 1000000000, line = 0;
    if (line_spec(spec, file, sizeof file, &line, &nth)) { ok = 1; e = (char *)""; pc = 0; }
    if (ok && *e == ':') {
        char *e2;
        nth = strtol(e + 1, &e2, 10);
        ok = e2 != e + 1 && nth >= 1;
        e = e2;
    }
    if (!ok || *e) {
        diag_error(d, "%s takes PC or PC:N (the instruction's number as --per-pc lists it, and its Nth execution "
                      "from 1), or FILE:LINE[:N] (a CUDA line, as lines.cu:18), found '%s'", kind == MAP_BANKS ? "--banks" : "--coalesce", spec);
        return NULL;
    }
    mem_map *m = xcalloc(1, sizeof *m);
    m->out = out;
    m->kind = kind;
    m->pc = (int)pc;
    m->nth = nth;
    if (line) { snprintf(m->src_file, sizeof m->src_file, "%s", file); m->src_line = line; }
    m->banks = (int)CFG(cfg, smem_banks);
    m->bank_width = (int)CFG(cfg, smem_bank_width);
    m->lanes_per_cycle = (int)CFG(cfg, smem_lanes_per_cycle);
    m->line = (int)CFG(cfg, mem_line_size);
    m->sector = (int)CFG(cfg, mem_sector_size);
    return m;
}

/* whether FILE:LINE is one of the places an inlined instruction was inlined
 * at ("lines.cu:17 <- main.cu:40"): atomicAdd's ATOMS is on its header's
 * line, inlined at the student's */
static int inlined_at_line(const char *chain, const char *file, int line)
{
    char want[300];
    size_t n = (size_t)snprintf(want, sizeof want, "%s:%d", src_text_base(file), line);
    for (const char *c = chain; c && *c;) {
        const char *e = strstr(c, " <- ");
        size_t len = e ? (size_t)(e - c) : strlen(c);
        if (len == n && !strncmp(c, want, n)) return 1;
        c = e ? e + 4 : NULL;
    }
    return 0;
}

/* the first shared (--banks) or global/local (--coalesce) access of the
 * CUDA line asked for, else of the code inlined into it; npc when the
 * launch has none there */
static int line_pc(const mem_map *m, const obs_kernel *k)
{
    for (int inl = 0; inl < 2; inl++)
        for (int pc = 0; k->srcloc && k->facts && pc < k->npc; pc++) {
            const isa_srcloc *s = &k->srcloc[pc];
            if (!s->file) continue;
            if (!inl && (s->line != m->src_line || strcmp(src_text_base(s->file), src_text_base(m->src_file)))) continue;
            if (inl && !inlined_at_line(s->inlined_at, m->src_file, m->src_line)) continue;
            if (!k->facts[pc].is_mem || (k->facts[pc].mem_space == SPACE_SHARED) != (m->kind == MAP_BANKS)) continue;
            if (k->facts[pc].mem_space == SPACE_CONST) continue;
            return pc;
        }
    return k->npc;
}

/* each launch draws its own map: PCs number a kernel's instructions */
static int begin(void *ctx, const obs_kernel *k, diag *d)
{
    (void)d;
    mem_map *m = ctx;
    m->seen = 0;
    m->shown = 0;
    m->npc = k->npc;
    dm_readable(k->name, m->kernel, sizeof m->kernel);
    if (m->src_line) m->pc = line_pc(m, k);
    if (m->pc < k->npc && k->texts) snprintf(m->text, sizeof m->text, "%s", k->texts[m->pc]);
    else m->text[0] = 0;
    return 0;
}

static void lane_list(FILE *f, uint64_t lanes)
{
    const char *sep = "";
    for (int l = 0; l < 64; l++) {
        if (!(lanes >> l & 1)) continue;
        int e = l;
        while (e + 1 < 64 && (lanes >> (e + 1) & 1)) e++;
        if (e > l) fprintf(f, "%s%d-%d", sep, l, e); else fprintf(f, "%s%d", sep, l);
        sep = ",";
        l = e;
    }
}

/* lanes by bank: each bank's distinct words and the lanes reading them */
static void bank_map(mem_map *m, const isa_result *r, uint64_t exec)
{
    int worst = 0;
    int passes = bank_passes(r->addr, exec, r->mem_size, m->banks, m->bank_width, m->lanes_per_cycle, &worst);
    fprintf(m->out, "%d banks x %d B, %d lanes per cycle, %d B per lane; lane@address under each bank\n", m->banks,
            m->bank_width, m->lanes_per_cycle, r->mem_size);
    for (int g = 0; g < 64; g += m->lanes_per_cycle) {
        uint64_t gm = exec & (m->lanes_per_cycle >= 64 ? ~0ull : ((1ull << m->lanes_per_cycle) - 1) << g);
        if (!gm) continue;
        if (m->lanes_per_cycle < 64 && exec >> m->lanes_per_cycle) fprintf(m->out, "lanes %d-%d:\n", g, g + m->lanes_per_cycle - 1);
        uint64_t unused = 0;
        for (int b = 0; b < m->banks; b++) {
            uint64_t words[256];
            int nw = 0, any = 0;
            for (int l = 0; l < 64; l++) {
                if (!(gm >> l & 1)) continue;
                uint64_t first = r->addr[l] / (uint64_t)m->bank_width;
                uint64_t last = (r->addr[l] + (uint64_t)r->mem_size - 1) / (uint64_t)m->bank_width;
                for (uint64_t w = first; w <= last; w++) {
                    if ((int)(w % (uint64_t)m->banks) != b) continue;
                    if (!any) fprintf(m->out, "  bank %2d:", b);
                    any = 1;
                    fprintf(m->out, " %d@0x%" PRIx64, l, w * (uint64_t)m->bank_width);
                    int seen = 0;
                    for (int i = 0; i < nw && !seen; i++) seen = words[i] == w;
                    if (!seen && nw < 256) words[nw++] = w;
                }
            }
            if (!any) { unused |= 1ull << b; continue; }
            if (nw > 1) fprintf(m->out, "   <- %d words: %d passes", nw, nw);
            fputc('\n', m->out);
        }
        if (unused) {
            fputs("  unused banks: ", m->out);
            lane_list(m->out, unused);
            fputc('\n', m->out);
        }
    }
    fprintf(m->out, "%d pass%s, worst conflict %d-way (lanes reading one word share it: a broadcast)\n", passes,
            passes == 1 ? "" : "es", worst);
}

static void coalesce_map(mem_map *m, const isa_result *r, uint64_t exec)
{
    line_request req[COALESCE_MAX];
    int nsec = 0, n = coalesce(r->addr, exec, r->mem_size, m->line, m->sector, req, &nsec);
    int per_line = m->line / m->sector;
    fprintf(m->out, "%d lanes x %d B, %d B lines, %d B sectors\n", __builtin_popcountll(exec), r->mem_size, m->line,
            m->sector);
    for (int i = 0; i < n; i++) {
        fprintf(m->out, "  line 0x%08" PRIx64 "  sectors ", req[i].line);
        for (int s = 0; s < per_line && s < 32; s++) fputc(req[i].sectors >> s & 1 ? '#' : '.', m->out);
        fputs("  lanes ", m->out);
        lane_list(m->out, req[i].lanes);
        fputc('\n', m->out);
    }
    uint64_t bytes = (uint64_t)__builtin_popcountll(exec) * (uint64_t)r->mem_size;
    fprintf(m->out, "%d line request%s, %d sectors (%" PRIu64 " B moved for %" PRIu64 " B used: %.0f%% efficiency)\n", n,
            n == 1 ? "" : "s", nsec, (uint64_t)nsec * (uint64_t)m->sector, bytes,
            nsec ? 100.0 * (double)bytes / ((double)nsec * m->sector) : 0);
}

static void issue(void *ctx, const obs_issue *e)
{
    mem_map *m = ctx;
    if (m->shown || e->st->pc != m->pc || !e->dy->res || !e->dy->res->is_mem) return;
    int shared = e->dy->res->mem_space == SPACE_SHARED;
    if ((m->kind == MAP_BANKS) != shared) return;
    if (++m->seen < m->nth) return;
    m->shown = 1;
    fprintf(m->out, "%s of kernel %s, pc %d (%s), execution %ld: block slot %d, warp %d, cycle %" PRIu64 "\n",
            m->kind == MAP_BANKS ? "bank map" : "coalescing map", m->kernel, m->pc, m->text, m->nth, e->slot, e->warp,
            e->cycle);
    if (m->kind == MAP_BANKS) bank_map(m, e->dy->res, e->dy->exec);
    else coalesce_map(m, e->dy->res, e->dy->exec);
    fputc('\n', m->out);
}

static int end(void *ctx, diag *d)
{
    (void)d;
    mem_map *m = ctx;
    const char *flag = m->kind == MAP_BANKS ? "--banks" : "--coalesce";
    if (m->src_line && m->pc >= m->npc)
        fprintf(m->out, "(%s: kernel %s has no %s access on %s:%d%s: see --per-pc for its lines)\n\n", flag, m->kernel,
                m->kind == MAP_BANKS ? "shared-memory" : "global-memory", m->src_file, m->src_line,
                m->npc ? "" : " (no instructions)");
    else if (m->pc >= m->npc)
        fprintf(m->out, "(%s: kernel %s has %d instructions, 0 to %d: see --per-pc for their numbers)\n\n", flag,
                m->kernel, m->npc, m->npc - 1);
    else if (!m->shown)
        fprintf(m->out, "(%s: in kernel %s, pc %d (%s) ran %ld %s time%s: fewer than asked, or it is not a %s access)\n\n",
                flag, m->kernel, m->pc, m->text, m->seen, m->kind == MAP_BANKS ? "shared-memory" : "global-memory",
                m->seen == 1 ? "" : "s", m->kind == MAP_BANKS ? "shared-memory" : "global or local");
    return 0;
}

sim_observer mem_map_observer(mem_map *m)
{
    return (sim_observer){ .ctx = m, .kernel_begin = begin, .issue = issue, .kernel_end = end };
}

void mem_map_free(mem_map *m) { free(m); }
