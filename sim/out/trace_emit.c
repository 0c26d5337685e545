/* sim/out/trace_emit.c — writing runs as Accel-Sim traces (see trace_emit.h). */
#include "trace_emit.h"
#include "util/whole_file.h"
#include <unistd.h>
#include "isa.h"
#include "front/trace.h"
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct {
    char *s;
    size_t len, cap;
} sbuf;

typedef struct {
    int used, nwarps;
    uint64_t id;
    uint32_t ctaid[3];
    sbuf *warp;
    int *count;
} eblock;

typedef struct pending {
    struct pending *next;
    uint64_t id;
    char *text;
} pending;

struct trace_emit {
    char dir[512], path[600];
    int made_dir;            /* the directory is ours: removed with the files if the run fails */
    FILE *f;
    int kernels;
    eblock *slots;
    int nslots;
    uint64_t next_id, next_write;
    pending *waiting;            /* finished blocks whose predecessors are still running */
    char (*opcode)[48];          /* per pc: the opcode token of the kernel being written */
    int *line;
    int npc;
    int version;                 /* -binary version written */
    char gen;                    /* its opcode generation (sass_generation) */
};

static void sb_printf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(sbuf *b, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (n >= 0 && b->s && b->len + (size_t)n < b->cap) { b->len += (size_t)n; return; }
        b->cap = (b->cap + (size_t)n + 1) * 2;
        b->s = xrealloc(b->s, b->cap);
    }
}

int trace_emit_accel_sim_reads(int v)
{
    return v == 35 || v == 60 || v == 61 || v == 70 || v == 75 || v == 80 || v == 86;
}

trace_emit *trace_emit_open(const char *dir, int binary_version, diag *d)
{
    char gen = sass_generation(binary_version);
    if (!gen) {
        diag_error(d, "--emit-trace-version %d is not a SASS version warpsim has an opcode table for "
                   "(30-37, 50-62, 70-72, 75, 80-89, 90)", binary_version);
        return NULL;
    }
    int made = !mkdir(dir, 0777);
    if (!made && errno != EEXIST) { diag_error(d, "--emit-trace: cannot create directory '%s': %s", dir, strerror(errno)); return NULL; }
    trace_emit *e = xcalloc(1, sizeof *e);
    e->made_dir = made;
    snprintf(e->dir, sizeof e->dir, "%s", dir);
    e->version = binary_version;
    e->gen = gen;
    return e;
}

static int open_file(trace_emit *e, const char *name, diag *d)
{
    snprintf(e->path, sizeof e->path, "%s/%s", e->dir, name);
    e->f = whole_open(e->path);
    if (!e->f) diag_error(d, "--emit-trace: cannot write '%s.tmp': %s", e->path, strerror(errno));
    return e->f ? 0 : -1;
}

static int close_file(trace_emit *e, diag *d)
{
    int err = whole_close(e->f, e->path);
    e->f = NULL;
    if (err) diag_error(d, "--emit-trace: cannot write '%s': %s", e->path, strerror(err));
    return err ? -1 : 0;
}

static void slot_list(char *buf, size_t len, const uint16_t *slots, int n)
{
    buf[0] = 0;
    for (int i = 0; i < n; i++) {
        size_t l = strlen(buf);
        snprintf(buf + l, len - l, "%s%u", i ? "," : "", (unsigned)slots[i]);
    }
    if (!n) snprintf(buf, len, "-");
}

/* Accel-Sim maps each opcode through the table of the labelled generation
 * and stops at one it lacks: such an opcode is written as the generation's
 * opcode of the same unit class, its modifiers kept (they give widths) */
static void stand_in(trace_emit *e, int pc, int op)
{
    char *text = e->opcode[pc];
    size_t base_len = strcspn(text, ".");
    char base[48];
    snprintf(base, sizeof base, "%.*s", (int)base_len, text);
    if (sass_find(base, e->gen) >= 0) return;
    const char *sub = sass_stand_in(isa_ops[op].unit, e->gen);
    if (!sub) return;
    char out[48];
    snprintf(out, sizeof out, "%s%s", sub, text + base_len);
    snprintf(text, sizeof e->opcode[pc], "%s", out);
}

int trace_emit_kernel(trace_emit *e, const char *name, const uint32_t grid[3], const uint32_t block[3], int shmem,
                      int nregs, int npc, const isrc_static *facts, const char *const *texts, const int *lines, diag *d)
{
    char file[64];
    snprintf(file, sizeof file, "kernel-%d.traceg", ++e->kernels);
    if (open_file(e, file, d)) return -1;
    FILE *f = e->f;
    fprintf(f, "-kernel name = %s\n-kernel id = %d\n", name, e->kernels);
    fprintf(f, "-grid dim = (%u,%u,%u)\n-block dim = (%u,%u,%u)\n", grid[0], grid[1], grid[2], block[0], block[1], block[2]);
    fprintf(f, "-shmem = %d\n-nregs = %d\n-binary version = %d\n-cuda stream id = 0\n", shmem, nregs, e->version);
    fprintf(f, "-shmem base_addr = 0x0000000000000000\n-local mem base_addr = 0x0000000000000000\n");
    fprintf(f, "-nvbit version = none (warpsim run --emit-trace)\n-accelsim tracer version = 5\n-enable lineinfo = 1\n");
    /* warpsim's own lines: each pc's static facts, as the run used them */
    fprintf(f, "-warpsim instructions = %d\n", npc);
    fprintf(f, "-warpsim lanes = mask: the lanes that executed (NVBit); immediate: the lanes that issued | diverged << 32\n");
    e->opcode = xrealloc(e->opcode, (size_t)(npc ? npc : 1) * sizeof *e->opcode);
    e->line = xrealloc(e->line, (size_t)(npc ? npc : 1) * sizeof *e->line);
    e->npc = npc;
    for (int pc = 0; pc < npc; pc++) {
        const isrc_static *s = &facts[pc];
        const char *t = texts[pc];
        if (t[0] == '@') t += strcspn(t, " "), t += strspn(t, " ");
        snprintf(e->opcode[pc], sizeof e->opcode[pc], "%.*s", (int)strcspn(t, " "), t);
        stand_in(e, pc, s->op);
        e->line[pc] = lines[pc];
        char src[200], dst[120];
        slot_list(src, sizeof src, s->src, s->nsrc);
        slot_list(dst, sizeof dst, s->dst, s->ndst);
        unsigned flags = (unsigned)(s->is_mem | s->is_load << 1 | s->is_store << 2 | s->is_atomic << 3 | s->is_barrier << 4
                                    | s->is_membar_gl << 5 | s->is_membar_cta << 6 | s->reads_clock << 7);
        fprintf(f, "-warpsim pc %d = %s %d %s %s %x %d %d %d | %s\n", pc, isa_ops[s->op].mnemonic, lines[pc], src, dst,
                flags, s->mem_space, s->cache_op, s->const_offset, texts[pc]);
    }
    fprintf(f, "\n#traces format = [line_num] PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width "
               "[adrrescompress?] [mem_addresses] immediate\n");
    fprintf(f, "\n");
    e->next_id = e->next_write = 0;
    return 0;
}

void trace_emit_block_start(trace_emit *e, int slot, const uint32_t ctaid[3], int nwarps)
{
    if (slot >= e->nslots) {
        int n = slot + 16;
        e->slots = xrealloc(e->slots, (size_t)n * sizeof *e->slots);
        memset(e->slots + e->nslots, 0, (size_t)(n - e->nslots) * sizeof *e->slots);
        e->nslots = n;
    }
    eblock *b = &e->slots[slot];
    if (b->nwarps < nwarps) {
        b->warp = xrealloc(b->warp, (size_t)nwarps * sizeof *b->warp);
        b->count = xrealloc(b->count, (size_t)nwarps * sizeof *b->count);
        memset(b->warp + b->nwarps, 0, (size_t)(nwarps - b->nwarps) * sizeof *b->warp);
        b->nwarps = nwarps;
    }
    for (int w = 0; w < nwarps; w++) { b->warp[w].len = 0; b->count[w] = 0; }
    b->used = nwarps;
    b->id = e->next_id++;
    memcpy(b->ctaid, ctaid, sizeof b->ctaid);
}

/* the addresses of the lanes that executed, compressed as the NVBit
 * tracer does: base and stride when the lanes are consecutive and evenly
 * spaced (mode 1), else base and deltas from the previous lane (mode 2) */
static void write_addresses(sbuf *out, const isa_result *res, uint64_t lanes, int width)
{
    if (!lanes) {
        /* no lane executed (a guarded access of an edge warp): NVBit's
         * tracer writes the opcode's width and an empty address (Accel-Sim
         * asserts a width above 0) */
        sb_printf(out, "%d 1 0x0 0 ", width > 0 ? width : 4);
        return;
    }
    uint64_t a[32];
    int n = 0, first = lanes ? __builtin_ctzll(lanes) : 0;
    for (int lane = 0; lane < 32; lane++)
        if (lanes >> lane & 1) a[n++] = res->addr[lane];
    int contiguous = n >= 2 && (lanes >> first) == (((uint64_t)1 << n) - 1), even = contiguous;
    for (int i = 2; even && i < n; i++) even = a[i] - a[i - 1] == a[1] - a[0];
    if (even && (int64_t)(a[1] - a[0]) == (int32_t)(a[1] - a[0])) {
        sb_printf(out, "%d 1 0x%" PRIx64 " %d ", res->mem_size, a[0], (int)(int64_t)(a[1] - a[0]));
        return;
    }
    sb_printf(out, "%d 2 0x%" PRIx64, res->mem_size, a[0]);
    for (int i = 1; i < n; i++) sb_printf(out, " %" PRId64, (int64_t)(a[i] - a[i - 1]));
    sb_printf(out, " ");
}

void trace_emit_insn(trace_emit *e, int slot, int warp, const isrc_static *st, uint64_t active, const isrc_dynamic *dy)
{
    eblock *b = &e->slots[slot];
    sbuf *out = &b->warp[warp];
    b->count[warp]++;
    int pc = st->pc, ndst = 0, nsrc = 0;
    char regs_d[64] = "", regs_s[96] = "";
    /* at most 1 destination and 4 sources: Accel-Sim's parser asserts MAX_DST 1 and MAX_SRC 4
     * (warpsim's replay takes the registers from the header's facts) */
    for (int i = 0; i < st->ndst && ndst < 1; i++)
        if (st->dst[i] < 255) { size_t l = strlen(regs_d); snprintf(regs_d + l, sizeof regs_d - l, "R%u ", st->dst[i]); ndst++; }
    for (int i = 0; i < st->nsrc && nsrc < 4; i++)
        if (st->src[i] < 255) { size_t l = strlen(regs_s); snprintf(regs_s + l, sizeof regs_s - l, "R%u ", st->src[i]); nsrc++; }
    uint64_t executed = dy->exec & active;   /* NVBit's mask: the lanes whose guard held */
    sb_printf(out, "%d %04x %08" PRIx32 " %d %s%s %d %s", e->line[pc], (unsigned)(pc * 16), (uint32_t)executed, ndst, regs_d,
              e->opcode[pc], nsrc, regs_s);
    if (st->is_mem && dy->res) write_addresses(out, dy->res, executed, executed ? dy->res->mem_size : st->mem_bytes);
    else sb_printf(out, "0 ");
    sb_printf(out, "%" PRIu64 "\n", (uint64_t)(uint32_t)active | (uint64_t)(dy->diverged != 0) << 32);
}

static int write_ready(trace_emit *e, diag *d)
{
    for (int progress = 1; progress;) {
        progress = 0;
        for (pending **p = &e->waiting; *p; p = &(*p)->next) {
            if ((*p)->id != e->next_write) continue;
            pending *q = *p;
            fputs(q->text, e->f);
            *p = q->next;
            free(q->text);
            free(q);
            e->next_write++;
            progress = 1;
            break;
        }
    }
    if (ferror(e->f)) { diag_error(d, "--emit-trace: cannot write '%s'", e->path); return -1; }
    return 0;
}

int trace_emit_block_end(trace_emit *e, int slot, diag *d)
{
    eblock *b = &e->slots[slot];
    sbuf text = { 0 };
    sb_printf(&text, "#BEGIN_TB\n\nthread block = %u,%u,%u\n\n", b->ctaid[0], b->ctaid[1], b->ctaid[2]);
    for (int w = 0; w < b->used; w++) {
        sb_printf(&text, "warp = %d\ninsts = %d\n", w, b->count[w]);
        if (b->warp[w].len) sb_printf(&text, "%.*s", (int)b->warp[w].len, b->warp[w].s);
        sb_printf(&text, "\n");
    }
    sb_printf(&text, "#END_TB\n\n");
    pending *p = xmalloc(sizeof *p);
    p->id = b->id;
    p->text = text.s;
    p->next = e->waiting;
    e->waiting = p;
    b->used = 0;
    return write_ready(e, d);
}

int trace_emit_kernel_end(trace_emit *e, diag *d)
{
    if (!e->f) return 0;
    int bad = write_ready(e, d);
    if (e->waiting && !bad) { diag_error(d, "--emit-trace: blocks left unwritten (a simulator bug)"); bad = 1; }
    return close_file(e, d) || bad ? -1 : 0;
}

/* the run failed: what this emission wrote goes (the kernel files so far,
 * the one being written, the directory if it made it) */
static void discard(trace_emit *e)
{
    if (e->f) whole_discard(e->f, e->path);
    e->f = NULL;
    for (int k = 1; k <= e->kernels; k++) {
        char path[600];
        snprintf(path, sizeof path, "%s/kernel-%d.traceg", e->dir, k);
        remove(path);
    }
    if (e->made_dir) rmdir(e->dir);
}

int trace_emit_close(trace_emit *e, int keep, diag *d)
{
    int bad = !keep || (e->f && trace_emit_kernel_end(e, d));
    /* the list last: a directory with a kernelslist.g is whole */
    if (!bad && !open_file(e, "kernelslist.g", d)) {
        for (int k = 1; k <= e->kernels; k++) fprintf(e->f, "kernel-%d.traceg\n", k);
        bad = close_file(e, d);
    } else bad = 1;
    if (bad) discard(e);
    bad = bad && keep ? -1 : 0;
    for (int s = 0; s < e->nslots; s++) {
        for (int w = 0; w < e->slots[s].nwarps; w++) free(e->slots[s].warp[w].s);
        free(e->slots[s].warp);
        free(e->slots[s].count);
    }
    while (e->waiting) { pending *p = e->waiting; e->waiting = p->next; free(p->text); free(p); }
    free(e->slots);
    free(e->opcode);
    free(e->line);
    free(e);
    return bad;
}

/* ---- as an observer ---- */
static int obs_kernel_begin(void *ctx, const obs_kernel *k, diag *d)
{
    return trace_emit_kernel(ctx, k->name, k->grid, k->block, k->shared_bytes, k->nregs, k->npc, k->facts, k->texts,
                             k->lines, d);
}

static void obs_block_start(void *ctx, int slot, const uint32_t ctaid[3], int nwarps)
{
    trace_emit_block_start(ctx, slot, ctaid, nwarps);
}

static void emit_issue(void *ctx, const obs_issue *e)
{
    trace_emit_insn(ctx, e->slot, e->warp, e->st, e->dy->active, e->dy);
}

static int obs_block_end(void *ctx, int slot, diag *d) { return trace_emit_block_end(ctx, slot, d); }
static int obs_kernel_end(void *ctx, diag *d) { return trace_emit_kernel_end(ctx, d); }

sim_observer trace_emit_observer(trace_emit *e)
{
    return (sim_observer){ .ctx = e, .kernel_begin = obs_kernel_begin, .block_start = obs_block_start,
                           .issue = emit_issue, .block_end = obs_block_end, .kernel_end = obs_kernel_end };
}
