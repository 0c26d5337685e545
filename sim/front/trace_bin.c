/* sim/front/trace_bin.c — the binary cache of a kernel trace (trace_bin.h).
 *
 * FILE.wsb holds what the text reader makes of FILE, in this machine's own
 * layout, so that reading it is copying:
 *   head     magic, format, layout (struct sizes, opcode tables), and the
 *            size and modification time of FILE when it was read
 *   blocks   one record per thread block, in file order: tag, length,
 *            payload, checksum; the payload is the block's ids, its warps'
 *            instruction counts, then each instruction: a flags byte, the
 *            pc and masks where they do not follow from the previous
 *            instruction of the warp, the trace_shared image of what every
 *            execution at the pc shares (registers, opcode, text, width,
 *            the pc...) with the file line it was first read on, when it is
 *            not the one the pc had last, and the addresses (3 words when
 *            strided, else put_lanes's form)
 *   trailer  the kernel's header facts, warpsim's per-pc facts, the opcode
 *            texts and the per-pc tables as the whole file left them
 *   foot     where the trailer is, its checksum, the number of blocks
 * A writer fills a temporary file beside FILE and renames it into place
 * only after the last block, so a reader sees a whole cache or none. */
#include "trace_bin.h"
#include "trace_header.h"
#include "trace_lanes.h"
#include "util/xalloc.h"
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#define BIN_FORMAT 3
/* warpsim's own layout: bump it when what the text reader makes of a line
 * changes (a field of trace_inst, trace_shared or isrc_static, how one is
 * derived), so that caches written by an older warpsim are ignored */
#define BIN_LAYOUT 5                        /* 5: the pc in the form, no file line an instruction */
#define BIN_BLOCK_TAG 0x4b4c4257u           /* "WBLK" */
#define BIN_MAX_TEXTS 65536                 /* trace_inst.text is 16 bits */
#define BIN_SETTLE 2                        /* seconds (settled) */

static const char head_magic[8] = "WSBTRACE", foot_magic[8] = "WSBEND\0";

typedef struct {
    char magic[8];
    uint32_t format, layout;
    uint32_t inst_size, static_size, addr_offset, byte_order;
    uint64_t tables;                        /* a fingerprint of sass_ops and isa_ops */
    uint64_t src_size;
    int64_t src_sec, src_nsec;              /* the text's modification time */
} bin_head;

typedef struct {
    uint64_t trailer_at, trailer_len, nblocks, sum;
    char magic[8];
} bin_foot;

typedef struct {                            /* a kernel's header, as the trailer holds it */
    char name[256];
    int32_t id, shmem, nregs, binary_version, tracer_version, lineinfo, version_line, nvbit_mask;
    int32_t gen, insn_bytes, line, npc;
    uint32_t grid[3], block[3];
    int32_t nwfacts, ntexts;
    int32_t reg_top, unused;                /* 1 + the highest register named (trace_kernel.reg_top) */
    uint64_t blocks;
} bin_facts;

struct trace_bin {
    FILE *f;
    int writing, failed;
    char src[512], path[520], tmp[530];
    bin_head head;
    uint64_t pos;                           /* bytes read or written so far */
    uint64_t trailer_at, nblocks, seen;
    int32_t end_line;                       /* k->line at the end of the text */
    int insn_bytes;
    uint32_t (*tmpl)[2];                    /* per pc (>> 3): the pc and its last form (trace_shared) */
    uint8_t *have;
    uint32_t ntmpl;
    unsigned char *buf;                     /* a block's payload, or the trailer */
    size_t len, cap;
};

typedef struct {                            /* reading a payload, bounds checked */
    const unsigned char *p;
    size_t left;
    int bad;
} cursor;

static trace_cache_mode cache_mode = TRACE_CACHE_ON;

void trace_cache_set_mode(trace_cache_mode m) { cache_mode = m; }

int trace_cache_parse_mode(const char *name, trace_cache_mode *m)
{
    if (!strcmp(name, "on")) *m = TRACE_CACHE_ON;
    else if (!strcmp(name, "off")) *m = TRACE_CACHE_OFF;
    else if (!strcmp(name, "refresh")) *m = TRACE_CACHE_REFRESH;
    else return -1;
    return 0;
}

/* a change of any one word changes the sum: each step is a bijection of h */
static uint64_t checksum(const unsigned char *p, size_t n)
{
    uint64_t h = 0x9e3779b97f4a7c15u ^ n;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdu;
        h ^= h >> 32;
    }
    for (; i < n; i++) h = (h ^ p[i]) * 0x100000001b3u;
    return h;
}

static uint64_t mix(uint64_t h, const void *p, size_t n)
{
    for (size_t i = 0; i < n; i++) h = (h ^ ((const unsigned char *)p)[i]) * 0x100000001b3u;
    return h;
}

/* the opcode tables a cache's indices point into (trace_inst.sass, isrc_static.op) */
static uint64_t tables_fingerprint(void)
{
    uint64_t h = 0xcbf29ce484222325u;
    for (int i = 0; i < sass_nops; i++) {
        const sass_info *s = &sass_ops[i];
        int v[3] = { s->unit, s->space, s->kind };
        h = mix(mix(mix(h, s->base, strlen(s->base) + 1), s->gens, strlen(s->gens) + 1), v, sizeof v);
    }
    for (int i = 0; i < OP_COUNT; i++) {
        int v[2] = { isa_ops[i].unit, isa_ops[i].kind };
        h = mix(mix(h, isa_ops[i].mnemonic, strlen(isa_ops[i].mnemonic) + 1), v, sizeof v);
    }
    return h;
}

/* the head a cache of src must have now; -1 when src cannot be seen */
static int head_for(const char *src, bin_head *h, mode_t *mode)
{
    struct stat st;
    memset(h, 0, sizeof *h);
    if (stat(src, &st)) return -1;
    memcpy(h->magic, head_magic, sizeof h->magic);
    h->format = BIN_FORMAT;
    h->layout = BIN_LAYOUT;
    h->inst_size = sizeof(trace_inst);
    h->static_size = sizeof(isrc_static);
    h->addr_offset = offsetof(trace_inst, addr);
    h->byte_order = 0x01020304u;
    h->tables = tables_fingerprint();
    h->src_size = (uint64_t)st.st_size;
    h->src_sec = (int64_t)st.st_mtim.tv_sec;
    h->src_nsec = (int64_t)st.st_mtim.tv_nsec;
    if (mode) *mode = st.st_mode & 0666;
    return 0;
}

static trace_bin *bin_new(const char *src, int writing)
{
    trace_bin *x = xcalloc(1, sizeof *x);
    x->writing = writing;
    snprintf(x->src, sizeof x->src, "%s", src);
    snprintf(x->path, sizeof x->path, "%s.wsb", src);
    return x;
}

void trace_bin_free(trace_bin *x)
{
    if (!x) return;
    if (x->f) fclose(x->f);
    if (x->writing && x->tmp[0]) unlink(x->tmp);
    free(x->tmpl);
    free(x->have);
    free(x->buf);
    free(x);
}

/* an instruction's flags byte: F_PC its pc follows the previous one of the
 * warp, F_MASK it has the previous mask (the first: all lanes), F_EXEC its
 * exec is its mask; F_FULL its static part follows. F_SPARE is never set
 * (it was the file line's before layout 5) */
enum { F_PC = 1, F_MASK = 2, F_EXEC = 4, F_SPARE = 8, F_DIVERGED = 16, F_ADDR = 32, F_STRIDED = 64, F_FULL = 128 };

/* the pc's slot in the templates (pc < TRACE_MAX_CODE): the pc it holds
 * and the index of the form it had last (have: whether it holds one) */
static uint32_t *template_at(trace_bin *x, uint32_t pc)
{
    uint32_t i = pc >> 3;
    if (i >= x->ntmpl) {
        uint32_t n = x->ntmpl;
        x->tmpl = trace_table_grow(x->tmpl, &n, sizeof *x->tmpl, i);
        x->have = trace_table_grow(x->have, &x->ntmpl, 1, i);
    }
    return x->tmpl[i];
}

/* ---- reading ---- */

static void take(cursor *c, void *dst, size_t n)
{
    if (!n) return;                         /* (dst may be NULL then) */
    if (c->bad || n > c->left) { c->bad = 1; memset(dst, 0, n); return; }
    memcpy(dst, c->p, n);
    c->p += n;
    c->left -= n;
}

static int read_bytes(trace_bin *r, void *dst, size_t n)
{
    if (n && fread(dst, n, 1, r->f) != 1) return -1;
    r->pos += n;
    return 0;
}

/* room for n bytes in x->buf */
static void reserve(trace_bin *x, size_t n)
{
    if (n <= x->cap) return;
    x->cap = n > 2 * x->cap ? n : 2 * x->cap;
    x->buf = xrealloc(x->buf, x->cap);
}

static int facts_ok(const bin_facts *f)
{
    uint64_t threads = (uint64_t)f->block[0] * f->block[1] * f->block[2];
    return !f->name[sizeof f->name - 1] && f->gen > 0 && strchr("KPVTAHW", f->gen) && (f->insn_bytes == 8 || f->insn_bytes == 16)
        && f->grid[0] && f->grid[1] && f->grid[2] && threads >= 1 && threads <= 65536 && f->shmem >= 0 && f->nregs >= 0
        && f->nwfacts >= 0 && f->nwfacts <= 1000000 && (f->gen == 'W') == (f->nwfacts > 0)
        && f->ntexts >= 0 && f->ntexts <= BIN_MAX_TEXTS && f->npc >= 0 && f->npc <= TRACE_MAX_CODE
        && f->reg_top >= 0 && f->reg_top <= 255;
}

static void put_facts(trace_kernel *k, const bin_facts *f)
{
    snprintf(k->name, sizeof k->name, "%s", f->name);
    k->id = f->id, k->shmem = f->shmem, k->nregs = f->nregs, k->binary_version = f->binary_version;
    k->tracer_version = f->tracer_version, k->lineinfo = f->lineinfo, k->version_line = f->version_line;
    k->nvbit_mask = f->nvbit_mask, k->gen = (char)f->gen, k->insn_bytes = f->insn_bytes;
    memcpy(k->grid, f->grid, sizeof k->grid);
    memcpy(k->block, f->block, sizeof k->block);
    k->regs_known = f->reg_top;
}

/* warpsim's per-pc facts: their indices must stay in their tables */
static int take_wfacts(cursor *c, trace_kernel *k, int n)
{
    if (!n) return 0;
    if ((size_t)n > c->left / sizeof *k->wfacts) return -1;
    k->wfacts = xcalloc((size_t)n, sizeof *k->wfacts);
    k->nwfacts = n;
    take(c, k->wfacts, (size_t)n * sizeof *k->wfacts);
    for (int i = 0; i < n; i++) {
        const isrc_static *s = &k->wfacts[i];
        if (s->op < 0 || s->op >= OP_COUNT || (unsigned)s->unit >= UNIT_COUNT || s->nsrc > ISRC_MAX_SRC || s->ndst > ISRC_MAX_DST)
            return -1;
    }
    return 0;
}

static int take_texts(cursor *c, trace_kernel *k, int n)
{
    k->texts = n ? xcalloc((size_t)n, sizeof *k->texts) : NULL;
    k->cap_texts = n;
    for (int i = 0; i < n && !c->bad; i++) {
        uint32_t len;
        take(c, &len, sizeof len);
        if (len > c->left) return -1;
        k->texts[i] = xmalloc((size_t)len + 1);
        take(c, k->texts[i], len);
        k->texts[i][len] = 0;
        k->ntexts = i + 1;
    }
    return c->bad ? -1 : 0;
}

static int take_pcs(cursor *c, trace_kernel *k, int n)
{
    if ((size_t)n > c->left / (2 * sizeof(int))) return -1;
    if (n) trace_grow_pcs(k, n);
    take(c, k->pc_text, (size_t)n * sizeof *k->pc_text);
    take(c, k->pc_line, (size_t)n * sizeof *k->pc_line);
    for (int i = 0; i < n; i++)
        if (k->pc_text[i] < -1 || k->pc_text[i] >= k->ntexts) return -1;
    return c->bad ? -1 : 0;
}

/* the trailer (at the foot's word) into k; -1 when it does not hold */
static int read_trailer(trace_bin *r, trace_kernel *k)
{
    bin_foot ft;
    if (fseeko(r->f, -(off_t)sizeof ft, SEEK_END) || fread(&ft, sizeof ft, 1, r->f) != 1
        || memcmp(ft.magic, foot_magic, sizeof ft.magic))
        return -1;
    uint64_t size = (uint64_t)ftello(r->f);
    if (ft.trailer_at < sizeof(bin_head) || ft.trailer_at > size || ft.trailer_len > size
        || ft.trailer_at + ft.trailer_len + sizeof ft != size
        || fseeko(r->f, (off_t)ft.trailer_at, SEEK_SET))
        return -1;
    reserve(r, ft.trailer_len);
    if (read_bytes(r, r->buf, ft.trailer_len) || checksum(r->buf, ft.trailer_len) != ft.sum) return -1;
    cursor c = { r->buf, ft.trailer_len, 0 };
    bin_facts f;
    take(&c, &f, sizeof f);
    if (c.bad || !facts_ok(&f) || f.blocks != ft.nblocks) return -1;
    put_facts(k, &f);
    if (take_wfacts(&c, k, f.nwfacts) || take_texts(&c, k, f.ntexts) || take_pcs(&c, k, f.npc) || c.left) return -1;
    r->trailer_at = ft.trailer_at;
    r->nblocks = ft.nblocks;
    r->end_line = f.line;
    return 0;
}

trace_bin *trace_bin_open(trace_kernel *k, const char *src)
{
    if (cache_mode != TRACE_CACHE_ON) return NULL;
    trace_bin *r = bin_new(src, 0);
    bin_head want, got;
    if (head_for(src, &want, NULL) || !(r->f = fopen(r->path, "rb"))) goto none;   /* no cache */
    if (fread(&got, sizeof got, 1, r->f) != 1 || memcmp(got.magic, head_magic, sizeof got.magic)) goto damaged;
    if (memcmp(&got, &want, sizeof got)) goto none;   /* another warpsim's, or the text changed since */
    if (read_trailer(r, k) || fseeko(r->f, (off_t)sizeof got, SEEK_SET)) goto damaged;
    r->head = got;
    r->pos = sizeof got;
    return r;
damaged:
    fprintf(stderr, "warpsim: note: the trace cache %s is damaged; reading the text and writing it anew\n", r->path);
none:
    trace_bin_free(r);
    return NULL;
}

static int shared_ok(const trace_shared *sh, uint32_t pc, const trace_kernel *k)
{
    if (sh->ndst > TRACE_MAX_DST || sh->nsrc > TRACE_MAX_SRC || sh->cta_scope > 1 || sh->text >= k->ntexts
        || sh->pad[0] || sh->pad[1] || sh->pad[2] || sh->pc != pc)
        return 0;
    if (trace_shared_reg_top(sh) > k->regs_known) return 0;   /* the trailer's register count holds every form's */
    if (k->wfacts) return sh->sass == -1 && pc / (uint32_t)k->insn_bytes < (uint32_t)k->nwfacts;
    return sh->sass >= 0 && sh->sass < sass_nops;
}

static uint32_t take_u32(cursor *c)
{
    uint32_t v;
    take(c, &v, sizeof v);
    return v;
}

/* the packed addresses put_lanes wrote into in: as a pattern of k's where
 * the pc's accesses share one (trace_pattern.c), else as they are */
static void take_lanes(cursor *c, trace_kernel *k, trace_block *b, trace_inst *in)
{
    size_t n = trace_lanes_size(c->p, c->bad ? 0 : c->left);
    if (!n) { c->bad = 1; return; }
    if (trace_pattern_keep(k, b, in, trace_inst_pc(k, in), c->p, n)) { c->p += n, c->left -= n; return; }
    in->addr_form = TRACE_ADDR_PACKED;
    take(c, in->addr = trace_block_words(b, (int)((n + 7) / 8)), n);
}

/* one instruction of a payload into in (prev: the warp's previous one) */
static int take_inst(trace_bin *r, cursor *c, trace_kernel *k, trace_block *b, trace_inst *in, const trace_inst *prev)
{
    uint8_t f;
    take(c, &f, 1);
    if ((!prev && (f & F_PC)) || (f & F_SPARE)) return -1;
    uint32_t pc = f & F_PC ? trace_inst_pc(k, prev) + (uint32_t)k->insn_bytes : take_u32(c);
    uint32_t mask = f & F_MASK ? prev ? prev->mask : ~0u : take_u32(c);
    uint32_t exec = f & F_EXEC ? mask : take_u32(c);
    if (c->bad || pc >= TRACE_MAX_CODE) return -1;
    uint32_t *t = template_at(r, pc);
    if (f & F_FULL) {
        trace_shared sh;
        take(c, &sh, sizeof sh);
        uint32_t line = take_u32(c);
        r->have[pc >> 3] = !c->bad && shared_ok(&sh, pc, k) && !trace_shared_index(k, &sh, line, &t[1]);
        t[0] = pc;
    }
    if (!r->have[pc >> 3] || t[0] != pc) return -1;
    memset(in, 0, sizeof *in);
    in->shared = t[1];
    in->mask = mask, in->exec = exec;
    in->diverged = !!(f & F_DIVERGED);
    in->addr = NULL;
    if (f & F_ADDR) {
        if (c->left < (f & F_STRIDED ? 3 : 1) * sizeof *in->addr) return -1;
        if (f & F_STRIDED) in->addr_form = TRACE_ADDR_STRIDED, take(c, in->addr = trace_block_words(b, 3), 3 * sizeof *in->addr);
        else take_lanes(c, k, b, in);
    }
    return c->bad ? -1 : 0;
}

/* a block's payload into b (its pointers made anew); -1 when it does not hold */
static int unpack_block(trace_bin *r, const unsigned char *p, size_t len, trace_kernel *k, trace_block *b)
{
    cursor c = { p, len, 0 };
    uint32_t head[5];                       /* id x, y, z, warps, max_pc */
    uint32_t threads = k->block[0] * k->block[1] * k->block[2];
    take(&c, head, sizeof head);
    if (c.bad || head[3] != (threads + TRACE_WARP - 1) / TRACE_WARP || head[4] >= TRACE_MAX_CODE) return -1;
    memcpy(b->id, head, sizeof b->id);
    b->nwarps = (int)head[3];
    b->max_pc = head[4];
    b->warp = xcalloc((size_t)b->nwarps, sizeof *b->warp);
    b->count = xcalloc((size_t)b->nwarps, sizeof *b->count);
    take(&c, b->count, (size_t)b->nwarps * sizeof *b->count);
    for (int w = 0; w < b->nwarps && !c.bad; w++) {
        size_t n = (size_t)b->count[w];
        if (b->count[w] < 0 || n > c.left) { b->count[w] = 0; return -1; }   /* at least a byte each */
        b->warp[w] = trace_block_alloc(b, (n ? n : 1) * sizeof(trace_inst), 64);
        for (size_t i = 0; i < n; i++)
            if (take_inst(r, &c, k, b, &b->warp[w][i], i ? &b->warp[w][i - 1] : NULL)) { b->count[w] = (int)i; return -1; }
    }
    return c.bad || c.left ? -1 : 0;
}

int trace_bin_read_block(trace_bin *r, trace_kernel *k, trace_block *b)
{
    memset(b, 0, sizeof *b);
    b->mem_hint = k->block_bytes;   /* the size the last block took */
    if (r->pos == r->trailer_at) {
        if (r->seen != r->nblocks) return -1;
        k->line = r->end_line;
        return 0;
    }
    uint32_t tag[2];
    uint64_t len, sum;
    if (read_bytes(r, tag, sizeof tag) || read_bytes(r, &len, sizeof len) || tag[0] != BIN_BLOCK_TAG
        || r->pos + sizeof sum > r->trailer_at || len > r->trailer_at - r->pos - sizeof sum)   /* (it ends before the trailer) */
        return -1;
    reserve(r, len);
    if (read_bytes(r, r->buf, len) || read_bytes(r, &sum, sizeof sum) || checksum(r->buf, len) != sum) return -1;
    if (unpack_block(r, r->buf, len, k, b)) { trace_block_free(b); return -1; }
    r->seen++;
    k->blocks_read++;
    return 1;
}

/* ---- writing ---- */

static void put(trace_bin *w, const void *p, size_t n)
{
    if (!n) return;                         /* (p may be NULL then) */
    reserve(w, w->len + n);
    memcpy(w->buf + w->len, p, n);
    w->len += n;
}

static void write_bytes(trace_bin *w, const void *p, size_t n)
{
    if (w->failed) return;
    if (n && fwrite(p, n, 1, w->f) != 1) w->failed = 1;   /* a full disk: the commit drops the file */
    w->pos += n;
}

/* a text changed less than BIN_SETTLE seconds ago may change again within
 * the same tick of the file system's clock, keeping its size and time (a
 * trace written anew in place): its cache could not tell, so it waits */
static int settled(const bin_head *h)
{
    struct timespec now;
    return !clock_gettime(CLOCK_REALTIME, &now) && (int64_t)now.tv_sec > h->src_sec + BIN_SETTLE;
}

trace_bin *trace_bin_create(const char *src, int insn_bytes)
{
    if (cache_mode == TRACE_CACHE_OFF) return NULL;
    trace_bin *w = bin_new(src, 1);
    w->insn_bytes = insn_bytes;
    mode_t mode;
    snprintf(w->tmp, sizeof w->tmp, "%s.XXXXXX", w->path);
    int fd = head_for(src, &w->head, &mode) || !settled(&w->head) ? -1 : mkstemp(w->tmp);
    if (fd < 0) { w->tmp[0] = 0; trace_bin_free(w); return NULL; }   /* a directory not writable */
    fchmod(fd, mode);                       /* readable by whoever may read the text */
    if (!(w->f = fdopen(fd, "wb"))) { close(fd); trace_bin_free(w); return NULL; }
    write_bytes(w, &w->head, sizeof w->head);
    return w;
}

/* addresses that are not evenly spaced, packed (trace_lanes.h): as trace.h
 * keeps them, or their pattern's bytes with the base put back */
static void put_lanes(trace_bin *w, const trace_kernel *k, const trace_inst *in)
{
    if (in->addr_form == TRACE_ADDR_PACKED) {
        put(w, in->addr, trace_lanes_size((const unsigned char *)in->addr, TRACE_LANES_MAX));
        return;
    }
    const trace_pattern *p = trace_pattern_at(k, in->addr[1]);   /* its bytes, with the base */
    put(w, p->bytes, TRACE_LANES_BASE);
    put(w, &in->addr[0], 8);
    put(w, p->bytes + TRACE_LANES_BASE + 8, p->len - TRACE_LANES_BASE - 8u);
}

/* one instruction (prev: the warp's previous one), as take_inst reads it */
static void put_inst(trace_bin *w, const trace_kernel *k, const trace_inst *in, const trace_inst *prev)
{
    uint32_t pc = trace_inst_pc(k, in), *t = template_at(w, pc);
    int full = !w->have[pc >> 3] || t[0] != pc || t[1] != in->shared;   /* a pc's forms: one index each */
    uint8_t f = (uint8_t)((prev && pc == trace_inst_pc(k, prev) + (uint32_t)w->insn_bytes ? F_PC : 0)
                          | (in->mask == (prev ? prev->mask : ~0u) ? F_MASK : 0) | (in->exec == in->mask ? F_EXEC : 0)
                          | (in->diverged ? F_DIVERGED : 0)
                          | (in->addr ? F_ADDR : 0) | (in->addr_form == TRACE_ADDR_STRIDED ? F_STRIDED : 0) | (full ? F_FULL : 0));
    put(w, &f, 1);
    if (!(f & F_PC)) put(w, &pc, sizeof pc);
    if (!(f & F_MASK)) put(w, &in->mask, sizeof in->mask);
    if (!(f & F_EXEC)) put(w, &in->exec, sizeof in->exec);
    if (full) {
        uint32_t line = trace_shared_line(k, in->shared);
        put(w, trace_shared_at(k, in->shared), sizeof(trace_shared));
        put(w, &line, sizeof line);
        t[0] = pc, t[1] = in->shared;
        w->have[pc >> 3] = 1;
    }
    if (in->addr && in->addr_form == TRACE_ADDR_STRIDED) put(w, in->addr, 3 * sizeof *in->addr);
    else if (in->addr) put_lanes(w, k, in);
}

void trace_bin_put_block(trace_bin *w, const trace_kernel *k, const trace_block *b)
{
    if (!w || w->failed) return;
    uint32_t head[5] = { b->id[0], b->id[1], b->id[2], (uint32_t)b->nwarps, b->max_pc };
    w->len = 0;
    put(w, head, sizeof head);
    put(w, b->count, (size_t)b->nwarps * sizeof *b->count);
    for (int i = 0; i < b->nwarps; i++)
        for (int j = 0; j < b->count[i]; j++) put_inst(w, k, &b->warp[i][j], j ? &b->warp[i][j - 1] : NULL);
    uint32_t tag[2] = { BIN_BLOCK_TAG, 0 };
    uint64_t len = w->len, sum = checksum(w->buf, w->len);
    write_bytes(w, tag, sizeof tag);
    write_bytes(w, &len, sizeof len);
    write_bytes(w, w->buf, w->len);
    write_bytes(w, &sum, sizeof sum);
    w->nblocks++;
}

static void put_trailer(trace_bin *w, const trace_kernel *k)
{
    bin_facts f;
    memset(&f, 0, sizeof f);
    snprintf(f.name, sizeof f.name, "%s", k->name);
    f.id = k->id, f.shmem = k->shmem, f.nregs = k->nregs, f.binary_version = k->binary_version;
    f.tracer_version = k->tracer_version, f.lineinfo = k->lineinfo, f.version_line = k->version_line;
    f.nvbit_mask = k->nvbit_mask, f.gen = k->gen, f.insn_bytes = k->insn_bytes, f.line = k->line, f.npc = k->npc;
    memcpy(f.grid, k->grid, sizeof f.grid);
    memcpy(f.block, k->block, sizeof f.block);
    f.nwfacts = k->nwfacts, f.ntexts = k->ntexts, f.blocks = w->nblocks, f.reg_top = k->reg_top;
    w->len = 0;
    put(w, &f, sizeof f);
    put(w, k->wfacts, (size_t)k->nwfacts * sizeof *k->wfacts);
    for (int i = 0; i < k->ntexts; i++) {
        uint32_t len = (uint32_t)strlen(k->texts[i]);
        put(w, &len, sizeof len);
        put(w, k->texts[i], len);
    }
    put(w, k->pc_text, (size_t)k->npc * sizeof *k->pc_text);
    put(w, k->pc_line, (size_t)k->npc * sizeof *k->pc_line);
}

void trace_bin_commit(trace_bin *w, const trace_kernel *k)
{
    if (!w) return;
    bin_head now;
    /* the text changed while it was read, or a table outgrew the format: no cache */
    if (head_for(w->src, &now, NULL) || memcmp(&now, &w->head, sizeof now) || k->ntexts > BIN_MAX_TEXTS) w->failed = 1;
    put_trailer(w, k);
    bin_foot ft = { w->pos, w->len, w->nblocks, checksum(w->buf, w->len), { 0 } };
    memcpy(ft.magic, foot_magic, sizeof ft.magic);
    write_bytes(w, w->buf, w->len);
    write_bytes(w, &ft, sizeof ft);
    int ok = !w->failed && fflush(w->f) == 0 && !ferror(w->f);
    if (fclose(w->f)) ok = 0;
    w->f = NULL;
    if (ok && !rename(w->tmp, w->path)) w->tmp[0] = 0;
    trace_bin_free(w);
}
