/* sim/front/trace_header.c — the header lines of a kernel trace ("-key =
 * value", and warpsim's own "-warpsim" lines), each value checked where it
 * is read, so that a message names its file, line and column. */
#include "trace.h"
#include "trace_header.h"
#include "exec.h"
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>


static int parse_slots(const char *list, uint16_t *out, uint8_t *n, int max)
{
    *n = 0;
    if (!strcmp(list, "-")) return 0;
    for (const char *p = list; *p;) {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p || v < 0 || v >= SB_SLOTS || *n == max) return -1;
        out[(*n)++] = (uint16_t)v;
        p = *end == ',' ? end + 1 : end;
        if (*end && *end != ',') return -1;
    }
    return 0;
}

/* "-warpsim pc N = OP LINE SRC DST FLAGS SPACE CACHE CONST | TEXT": the
 * static facts warpsim used for pc N (sim/trace_emit.c writes them) */
static int warpsim_pc_line(trace_kernel *k, const char *l, diag *d)
{
    int pc, line, space, cache, cnst, op = -1;
    unsigned flags;
    char name[48], src[200], dst[120];
    const char *bar = strstr(l, " | ");
    if (sscanf(l, "-warpsim pc %d = %47s %d %199s %119s %x %d %d %d", &pc, name, &line, src, dst, &flags, &space, &cache,
               &cnst) != 9 || !bar || pc < 0 || pc >= k->nwfacts) {
        diag_error(d, "%s:%d: a '-warpsim pc' line needs PC (below '-warpsim instructions') = OPCODE LINE SRC DST FLAGS "
                   "SPACE CACHE CONST | TEXT", k->path, k->line);
        return -1;
    }
    for (int i = 0; i < OP_COUNT; i++)
        if (!strcmp(isa_ops[i].mnemonic, name)) op = i;
    isrc_static *s = &k->wfacts[pc];
    if (op < 0 || parse_slots(src, s->src, &s->nsrc, ISRC_MAX_SRC) || parse_slots(dst, s->dst, &s->ndst, ISRC_MAX_DST)) {
        diag_error(d, "%s:%d: unknown opcode '%s' or bad register slots in a '-warpsim pc' line", k->path, k->line, name);
        return -1;
    }
    s->pc = pc;
    s->op = op;
    s->unit = isa_ops[op].unit;
    s->is_mem = flags & 1, s->is_load = flags >> 1 & 1, s->is_store = flags >> 2 & 1, s->is_atomic = flags >> 3 & 1;
    s->is_barrier = flags >> 4 & 1, s->is_membar_gl = flags >> 5 & 1, s->is_membar_cta = flags >> 6 & 1;
    s->reads_clock = flags >> 7 & 1;
    s->mem_space = (uint8_t)space;
    s->cache_op = (uint8_t)cache;
    s->const_offset = cnst;
    k->pc_text[pc] = trace_text_index(k, bar + 3);
    k->pc_line[pc] = line;
    return 0;
}

int trace_header_line(trace_kernel *k, const char *l, diag *d)
{
    if (!strncmp(l, "-warpsim pc ", 12)) return warpsim_pc_line(k, l, d);
    if (!strncmp(l, "-warpsim lanes = ", 17)) { k->nvbit_mask = 1; return 0; }
    if (!strncmp(l, "-warpsim instructions = ", 24)) {
        int n = atoi(l + 24);
        if (n <= 0 || n > 1000000 || k->wfacts) { diag_error(d, "%s:%d: bad '-warpsim instructions' line", k->path, k->line); return -1; }
        k->wfacts = xcalloc((size_t)n, sizeof *k->wfacts);
        for (int i = 0; i < n; i++) k->wfacts[i].const_offset = -1, k->wfacts[i].pc = i;
        k->nwfacts = n;
        trace_grow_pcs(k, n);
        return 0;
    }
    const char *eq = strchr(l, '=');
    if (!eq) return 0;
    const char *v = eq + 1;
    while (*v == ' ') v++;
    int col = (int)(v - l) + 1, n = 0;
    const char *bad = NULL;
    if (!strncmp(l, "-kernel name", 12)) {
        snprintf(k->name, sizeof k->name, "%s", v);
        if (!*v) bad = "a kernel name";
    } else if (!strncmp(l, "-kernel id", 10)) {
        if (sscanf(v, "%d%n", &k->id, &n) != 1 || v[n]) bad = "a whole number";
    } else if (!strncmp(l, "-grid dim", 9) || !strncmp(l, "-block dim", 10)) {
        uint32_t *dim = l[1] == 'g' ? k->grid : k->block;
        long long x, y, z;
        if (sscanf(v, "(%lld,%lld,%lld)%n", &x, &y, &z, &n) != 3 || v[n]) bad = "(X,Y,Z), three whole numbers";
        /* CUDA's limits: grid x to 2^31-1, y and z to 65535; a block of at most 65536 threads */
        else if (x < 1 || y < 1 || z < 1 || (l[1] == 'g' ? x > 2147483647LL || y > 65535 || z > 65535 
                                               : x > 65536 || y > 65536 || z > 65536 || x * y * z > 65536))
            bad = l[1] == 'g' ? "dimensions from 1 (x to 2^31-1, y and z to 65535)" : "dimensions from 1, at most 65536 threads in all";
        else dim[0] = (uint32_t)x, dim[1] = (uint32_t)y, dim[2] = (uint32_t)z;
    } else if (!strncmp(l, "-shmem =", 8)) {
        if (sscanf(v, "%d%n", &k->shmem, &n) != 1 || v[n] || k->shmem < 0 || k->shmem > (1 << 24)) bad = "bytes from 0 to 2^24";
    } else if (!strncmp(l, "-nregs", 6)) {
        if (sscanf(v, "%d%n", &k->nregs, &n) != 1 || v[n] || k->nregs < 0 || k->nregs > 255) bad = "registers from 0 to 255";
    } else if (!strncmp(l, "-binary version", 15)) {
        if (sscanf(v, "%d", &k->binary_version) != 1) bad = "a SASS version such as 86";
        k->version_line = k->line;
    } else if (!strncmp(l, "-accelsim tracer version", 24)) {
        if (sscanf(v, "%d", &k->tracer_version) != 1) bad = "a version number (3 to 5)";
    } else if (!strncmp(l, "-enable lineinfo", 16)) {
        if (sscanf(v, "%d", &k->lineinfo) != 1) bad = "0 or 1";
    }
    if (!bad) return 0;
    int key = (int)(eq - l);
    while (key > 0 && l[key - 1] == ' ') key--;
    diag_at(d, k->path, k->line, col, l, "'%.*s' needs %s, found '%s'", key, l, bad, v);
    return -1;
}

