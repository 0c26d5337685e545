/* sim/front/trace.c — the streaming reader of Accel-Sim traces. The format (tracer
 * versions 3 to 5) is summarised in docs/trace.md; the facts follow the
 * NVBit tracer and Accel-Sim's trace parser. */
#include "trace.h"
#include "trace_header.h"
#include "trace_bin.h"
#include "trace_lanes.h"
#include "trace_fast.h"
#include "exec.h"
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && !strcmp(s + a - b, suffix);
}

/* is there an executable xz on PATH? */
static int have_xz(void)
{
    const char *path = getenv("PATH");
    char dir[1024];
    while (path && *path) {
        size_t n = strcspn(path, ":");
        snprintf(dir, sizeof dir, "%.*s/xz", (int)n, path);
        if (n && access(dir, X_OK) == 0) return 1;
        path += n + (path[n] == ':');
    }
    return 0;
}

/* the next line of k->f into k->buf, its end of line dropped: 1, or 0 at
 * the end. Lines are cut from a buffer that takes the text in large
 * pieces (getline's locking and copy were 3% of reading histogram v3) */
static int read_line(trace_kernel *k)
{
    for (;;) {
        char *s = k->rbuf ? k->rbuf + k->rpos : NULL, *nl = k->rpos < k->rlen ? memchr(s, '\n', k->rlen - k->rpos) : NULL;
        if (nl || (k->reof && k->rpos < k->rlen)) {
            size_t n = nl ? (size_t)(nl - s) : k->rlen - k->rpos;
            k->rpos += n + (nl != NULL);
            s[n] = 0;   /* the buffer keeps a byte past rlen for the last line's end */
            while (n > 0 && s[n - 1] == '\r') s[--n] = 0;
            k->buf = s;
            k->line++;
            return 1;
        }
        if (k->reof || !k->f) return 0;
        size_t keep = k->rlen - k->rpos;   /* a line's start: to the front, the buffer doubled if it is full */
        if (keep) memmove(k->rbuf, s, keep);
        k->rpos = 0, k->rlen = keep;
        if (k->rcap < keep + 2) {
            k->rcap = k->rcap ? 2 * k->rcap : (size_t)256 << 10;
            k->rbuf = xrealloc(k->rbuf, k->rcap + TRACE_LINE_SLACK);
            memset(k->rbuf + k->rcap, 0, TRACE_LINE_SLACK);
        }
        size_t got = fread(k->rbuf + keep, 1, k->rcap - 1 - keep, k->f);
        k->rlen += got;
        k->reof = got == 0;
    }
}

static int read_header(trace_kernel *k, const char *path, diag *d);

/* k->f: the text of path, through xz -dc for a .xz file */
static int open_text(trace_kernel *k, const char *path, diag *d)
{
    k->rpos = k->rlen = 0, k->reof = 0;
    FILE *probe = fopen(path, "r");
    if (!probe) { diag_error(d, "cannot open trace '%s': %s", path, strerror(errno)); return -1; }
    if (ends_with(path, ".xz")) {
        fclose(probe);
        if (!have_xz()) { diag_error(d, "%s: reading a .xz trace needs the xz program (apt-get install xz-utils)", path); return -1; }
        if (strchr(path, '\'')) { diag_error(d, "%s: a trace path may not contain a quote", path); return -1; }
        char cmd[600];
        snprintf(cmd, sizeof cmd, "xz -dc '%s'", path);
        k->f = popen(cmd, "r");
        k->piped = 1;
        if (!k->f) { diag_error(d, "%s: cannot start xz -dc", path); return -1; }
    } else k->f = probe;
    return 0;
}

int trace_kernel_open(trace_kernel *k, const char *path, diag *d)
{
    memset(k, 0, sizeof *k);
    snprintf(k->path, sizeof k->path, "%s", path);
    if ((k->bin_in = trace_bin_open(k, path))) return 0;   /* the header came from the cache */
    trace_kernel_close(k);   /* what a damaged cache left */
    snprintf(k->path, sizeof k->path, "%s", path);
    if (open_text(k, path, d) || read_header(k, path, d)) return -1;
    k->bin_out = trace_bin_create(path, k->insn_bytes);
    return 0;
}

int trace_kernel_open_stream(trace_kernel *k, const char *name, FILE *f, diag *d)
{
    memset(k, 0, sizeof *k);
    snprintf(k->path, sizeof k->path, "%s", name);
    k->f = f;
    return read_header(k, name, d);
}

/* the header of k->f, up to its first '#' line, and what it implies */
static int read_header(trace_kernel *k, const char *path, diag *d)
{
    k->grid[0] = k->block[0] = 0;
    /* header lines, up to the first '#' line (the format comment) */
    while (read_line(k)) {
        if (k->buf[0] == '#') break;
        if (k->buf[0] == '-' && trace_header_line(k, k->buf, d)) return -1;
    }
    if (!k->grid[0] || !k->block[0]) {
        diag_error(d, "%s:%d: the header ended here without a '%s' line: not a kernel trace?", path, k->line,
                   k->grid[0] ? "-block dim" : "-grid dim");
        return -1;
    }
    if (!k->tracer_version) {
        diag_error(d, "%s:%d: the header ended here without an '-accelsim tracer version' line (3 to 5)", path, k->line);
        return -1;
    }
    /* warpsim's own facts make it warpsim's ISA whatever SASS version labels it */
    k->gen = k->wfacts ? 'W' : k->binary_version == WARPSIM_BINARY_VERSION ? 'W' : sass_generation(k->binary_version);
    if (k->gen == 'W' && !k->wfacts) {
        diag_error(d, "%s:%d: -binary version = %d (warpsim's own ISA) needs the '-warpsim' header lines that "
                   "warpsim run --emit-trace writes", path, k->version_line, k->binary_version);
        return -1;
    }
    if (!k->gen) {
        diag_error(d, "%s:%d: -binary version = %d is not a GPU generation warpsim has an opcode table for "
                   "(30-37, 50-62, 70-72, 75, 80-89, 90)", path, k->version_line, k->binary_version);
        return -1;
    }
    k->insn_bytes = k->gen == 'K' || k->gen == 'P' ? 8 : 16;
    return 0;
}

void trace_addresses(const trace_kernel *k, const trace_inst *in, uint64_t out[TRACE_WARP])
{
    /* width 0 (no lane accessed memory, or a trace that says so): no addresses */
    if (!in->addr) { memset(out, 0, TRACE_WARP * sizeof *out); return; }
    if (in->addr_form == TRACE_ADDR_PACKED) { trace_lanes_unpack((const unsigned char *)in->addr, TRACE_LANES_MAX, out); return; }
    memset(out, 0, TRACE_WARP * sizeof *out);
    if (in->addr_form == TRACE_ADDR_PATTERN) {   /* the pattern's offsets, and its base */
        const trace_pattern *p = trace_pattern_at(k, in->addr[1]);
        uint32_t lanes;
        trace_lanes_unpack(p->bytes, p->len, out);
        memcpy(&lanes, p->bytes, sizeof lanes);
        for (; lanes; lanes &= lanes - 1) out[__builtin_ctz(lanes)] += in->addr[0];
        return;
    }
    uint64_t v = in->addr[1];
    for (uint32_t m = (uint32_t)in->addr[0]; m; m &= m - 1, v += in->addr[2]) out[__builtin_ctz(m)] = v;
}


int trace_text_index(trace_kernel *k, const char *text)
{
    for (int i = 0; i < k->ntexts; i++)
        if (!strcmp(k->texts[i], text)) return i;
    if (k->ntexts == k->cap_texts) {
        k->cap_texts = k->cap_texts ? 2 * k->cap_texts : 64;
        k->texts = xrealloc(k->texts, (size_t)k->cap_texts * sizeof *k->texts);
    }
    k->texts[k->ntexts] = xmalloc(strlen(text) + 1);
    strcpy(k->texts[k->ntexts], text);
    return k->ntexts++;
}

void trace_grow_pcs(trace_kernel *k, int n)
{
    if (n <= k->npc) return;
    k->pc_text = xrealloc(k->pc_text, (size_t)n * sizeof *k->pc_text);
    k->pc_line = xrealloc(k->pc_line, (size_t)n * sizeof *k->pc_line);
    for (int i = k->npc; i < n; i++) k->pc_text[i] = k->pc_line[i] = -1;
    k->npc = n;
}

/* remember the text of a pc for per-PC views */
static void note_pc(trace_kernel *k, uint32_t at, const trace_shared *sh)
{
    int pc = (int)(at / (uint32_t)k->insn_bytes);
    if (pc >= k->npc) trace_grow_pcs(k, pc + 64);
    if (k->pc_text[pc] < 0) { k->pc_text[pc] = sh->text; k->pc_line[pc] = (int)sh->src_line; }
}

/* split a line into whitespace-separated tokens in place */
static int tokenize(char *l, char **tok, int max)
{
    int n = 0;
    while (*l) {
        while (*l == ' ' || *l == '\t') *l++ = 0;
        if (!*l) break;
        if (n == max) return -1;
        tok[n++] = l;
        while (*l && *l != ' ' && *l != '\t') l++;
    }
    return n;
}

/* a number of the trace: plain digits (hex ones may start 0x) are read
 * as the fast path reads them (trace_fast.h); anything else strtoull
 * judges, as it always did */
static int parse_u64(const char *s, int base, uint64_t *out)
{
    const char *e = base == 16 ? trace_field_hex(s, out) : trace_field_dec(s, out);
    if (e && !*e) return 1;
    char *end;
    errno = 0;
    *out = strtoull(s, &end, base);
    return end != s && !*end && !errno;
}

/* a signed decimal of the trace (a stride, an address delta): plain
 * [-]digits are read as the fast path reads them; anything else strtoll
 * judges */
static int parse_i64(const char *s, int64_t *out)
{
    const char *e = trace_field_signed(s, out);
    if (e && !*e) return 1;
    char *end;
    errno = 0;
    long long x = strtoll(s, &end, 10);
    *out = x;
    return end != s && !*end && !errno;
}

static int parse_reg(const char *s, uint8_t *out)
{
    uint64_t r;
    if (s[0] != 'R' || !parse_u64(s + 1, 10, &r) || r > 255) return -1;
    *out = (uint8_t)r;
    return 0;
}

/* widths and cache operators of the opcode's modifiers: a number is bits
 * (LDG.E.64), U8/S16 are narrow integers, 4 bytes otherwise (as the NVBit
 * tracer and Accel-Sim's parser read them) */
static void modifiers(const char *text, trace_shared *in)
{
    in->width = 4;
    in->cta_scope = strstr(text, ".CTA") != NULL;
    char copy[64];
    snprintf(copy, sizeof copy, "%s", text);
    for (char *save, *t = strtok_r(copy, ".", &save); t; t = strtok_r(NULL, ".", &save)) {
        uint64_t bits;
        if (parse_u64(t, 10, &bits) && bits >= 8 && bits <= 128) in->width = (uint8_t)(bits / 8);
        else if ((t[0] == 'U' || t[0] == 'S') && parse_u64(t + 1, 10, &bits) && bits >= 8 && bits <= 128) in->width = (uint8_t)(bits / 8);
        else if (!strcmp(t, "CA")) in->cache_op = MOD_CACHE_CA;
        else if (!strcmp(t, "CG")) in->cache_op = MOD_CACHE_CG;
        else if (!strcmp(t, "CS")) in->cache_op = MOD_CACHE_CS;
        else if (!strcmp(t, "CV")) in->cache_op = MOD_CACHE_CV;
    }
}

#define BAD(...) do { diag_error(d, "%s:%d: " __VA_ARGS__); return -1; } while (0)

struct trace_decoded {
    int32_t text;                /* index into the kernel's texts, -1 not yet decoded */
    int16_t sass;
    uint8_t width, cache_op, cta_scope;
};

/* the opcode text of the instruction at pc: its table entry, text index,
 * width and cache operator into in, decoded at the pc's first line and
 * reused after */
static int decode(trace_kernel *k, const char *text, uint32_t pc, trace_shared *in, diag *d)
{
    uint32_t at = pc / (uint32_t)k->insn_bytes;
    struct trace_decoded *c = at < k->ndec ? &k->dec[at] : NULL;
    if (c && c->text >= 0 && !strcmp(k->texts[c->text], text)) {
        in->sass = c->sass;
        in->text = (uint16_t)c->text;
        in->width = c->width;
        in->cache_op = c->cache_op;
        in->cta_scope = c->cta_scope;
        return 0;
    }
    char base[32];
    snprintf(base, sizeof base, "%.*s", (int)strcspn(text, "."), text);
    int op = k->gen == 'W' ? -1 : sass_find(base, k->gen);
    if (k->gen != 'W' && op < 0)
        BAD("opcode '%s' is not in the SASS table for -binary version %d (%s): add it to isa/sass_opcodes.def", k->path,
            k->line, base, k->binary_version, sass_generation_name(k->gen));
    in->sass = (int16_t)op;
    in->text = (uint16_t)trace_text_index(k, text);
    modifiers(text, in);
    if (at >= 1u << 24) return 0;    /* a wild pc: not worth a table */
    if (at >= k->ndec) {
        uint32_t old = k->ndec;
        k->dec = trace_table_grow(k->dec, &k->ndec, sizeof *k->dec, at);
        for (uint32_t j = old; j < k->ndec; j++) k->dec[j].text = -1;
    }
    k->dec[at] = (struct trace_decoded){ in->text, in->sass, in->width, in->cache_op, in->cta_scope };
    return 0;
}

/* the addresses of a memory instruction: mode 0 lists one per executing
 * lane, 1 gives base and stride (contiguous lanes), 2 base and a delta from
 * the previous executing lane for each further one */
static int parse_addresses(trace_kernel *k, char **tok, int ntok, int *i, trace_inst *in, uint32_t pc, trace_block *b, diag *d)
{
    uint64_t mode, v;
    int lanes = __builtin_popcount(in->mask);
    if (*i >= ntok || !parse_u64(tok[*i], 10, &mode)) BAD("the address mode is missing after the memory width", k->path, k->line);
    (*i)++;
    if (mode > 2) BAD("unknown address mode %" PRIu64 " (0: a list, 1: base and stride, 2: base and deltas)", k->path, k->line, mode);
    uint64_t a[TRACE_WARP] = { 0 };
    if (!lanes) {   /* the tracer still writes a base (and a stride) for an empty mask */
        int extra = mode == 1 ? 2 : mode == 2 ? 1 : 0;
        if (*i + extra > ntok) BAD("address mode %" PRIu64 " needs a base address even for an empty mask", k->path, k->line, mode);
        *i += extra;
        trace_keep_addresses(k, b, in, pc, a);
        return 0;
    }
    int need = mode == 0 ? lanes : mode == 1 ? 2 : lanes;
    if (*i + need > ntok)
        BAD("address mode %" PRIu64 " needs %d values for the %d lanes of mask %08x, found %d", k->path, k->line, mode, need,
            lanes, in->mask, ntok - *i);
    int64_t stride = 0;
    uint64_t prev = 0;
    for (int lane = 0, seen = 0; lane < TRACE_WARP; lane++) {
        if (!(in->mask >> lane & 1)) continue;
        const char *t = tok[*i];
        if (mode == 0 || seen == 0) {
            if (!parse_u64(t, 16, &v)) BAD("'%s' is not a hex address", k->path, k->line, t);
            (*i)++;
            if (mode == 1) {
                if (!parse_i64(tok[*i], &stride)) BAD("'%s' is not a decimal stride", k->path, k->line, tok[*i]);
                (*i)++;
            }
        } else if (mode == 1) {
            v = prev + (uint64_t)stride;
        } else {
            int64_t delta;
            if (!parse_i64(t, &delta)) BAD("'%s' is not a decimal address delta", k->path, k->line, t);
            v = prev + (uint64_t)delta;
            (*i)++;
        }
        a[lane] = v;
        prev = v;
        seen++;
    }
    trace_keep_addresses(k, b, in, pc, a);
    return 0;
}

/* one instruction line: [line] PC MASK NDST [Rd..] OPCODE NSRC [Rs..] WIDTH [MODE ADDRESSES] [IMMEDIATE]
 * (what this makes of a line is what the binary cache holds: a change to
 * it bumps BIN_LAYOUT in trace_bin.c, so that older caches are ignored) */
static int parse_inst(trace_kernel *k, char *l, trace_block *b, trace_inst *in, diag *d)
{
    if (trace_fast_line(k, l, b, in)) return 0;
    char head[192];                  /* the line as it was, for trace_fast_learn */
    size_t nhead = strnlen(l, sizeof head - 1);
    memcpy(head, l, nhead);
    char *tok[TRACE_WARP + 48];
    int ntok = tokenize(l, tok, (int)(sizeof tok / sizeof tok[0])), i = 0;
    uint64_t v;
    trace_shared sh;
    memset(&sh, 0, sizeof sh);
    if (ntok < 0) BAD("too many fields", k->path, k->line);
    if (k->tracer_version < 3) i += 4;   /* block x, y, z and warp lead every line */
    if (k->lineinfo) {
        if (i >= ntok || !parse_u64(tok[i++], 10, &v)) BAD("expected a source line number first (-enable lineinfo = 1)", k->path, k->line);
        sh.src_line = (uint32_t)v;
    }
    if (i + 3 > ntok) BAD("%d fields: an instruction line has at least PC, mask, destination count, opcode, source count and width", k->path, k->line, ntok);
    if (!parse_u64(tok[i++], 16, &v) || v > UINT32_MAX) BAD("'%s' is not a hex PC", k->path, k->line, tok[i - 1]);
    /* PCs are offsets into the kernel's code; the per-PC tables grow with
     * the largest (a PC near 2^32 asked for gigabytes: found by fuzzing) */
    if (v >= TRACE_MAX_CODE) BAD("PC %s is beyond %d MB of code: a trace's PCs are offsets from the kernel's start",
                                 k->path, k->line, tok[i - 1], TRACE_MAX_CODE >> 20);
    uint32_t pc = (uint32_t)v;
    if (!parse_u64(tok[i++], 16, &v) || v > UINT32_MAX) BAD("'%s' is not a hex 32-lane mask", k->path, k->line, tok[i - 1]);
    in->mask = (uint32_t)v;
    int first = i;                   /* the part trace_fast.c compares: the destination count ... the width */
    if (!parse_u64(tok[i++], 10, &v) || v > TRACE_MAX_DST) BAD("'%s' is not a destination count (0 to %d)", k->path, k->line, tok[i - 1], TRACE_MAX_DST);
    sh.ndst = (uint8_t)v;
    for (int r = 0; r < sh.ndst; r++)
        if (i >= ntok || parse_reg(tok[i++], &sh.dst[r])) BAD("expected %d destination registers (R0 .. R255)", k->path, k->line, sh.ndst);
    if (i >= ntok) BAD("the opcode is missing", k->path, k->line);
    const char *text = tok[i++];
    if (k->gen == 'W' && pc / (uint32_t)k->insn_bytes >= (uint32_t)k->nwfacts)
        BAD("pc %04x is beyond the %d instructions of the header", k->path, k->line, pc, k->nwfacts);
    if (decode(k, text, pc, &sh, d)) return -1;
    if (i >= ntok || !parse_u64(tok[i++], 10, &v) || v > TRACE_MAX_SRC) BAD("expected a source count (0 to %d) after the opcode", k->path, k->line, TRACE_MAX_SRC);
    sh.nsrc = (uint8_t)v;
    for (int r = 0; r < sh.nsrc; r++)
        if (i >= ntok || parse_reg(tok[i++], &sh.src[r])) BAD("expected %d source registers (R0 .. R255)", k->path, k->line, sh.nsrc);
    if (i >= ntok || !parse_u64(tok[i++], 10, &v)) BAD("the memory width is missing", k->path, k->line);
    size_t from = (size_t)(tok[first] - l), to = (size_t)(tok[i - 1] - l) + strlen(tok[i - 1]);
    int width = v != 0;
    if (v && parse_addresses(k, tok, ntok, &i, in, pc, b, d)) return -1;
    if (!v) { sh.width = 0; in->addr = NULL; in->addr_form = 0; }
    in->exec = in->mask;
    if (k->tracer_version >= 5 && i < ntok) {   /* the immediate: in warpsim's traces, the other lanes and the divergence */
        if (k->gen == 'W') {
            if (!parse_u64(tok[i], 10, &v)) BAD("'%s' is not the immediate warpsim writes (%s | diverged << 32)", k->path, k->line,
                                                tok[i], k->nvbit_mask ? "issued lanes" : "executing lanes");
            trace_warpsim_immediate(k, v, in);
        }
        i++;
    }
    if (i != ntok) BAD("%d fields, expected %d: extra values after the instruction", k->path, k->line, ntok, i);
    int top = trace_shared_reg_top(&sh);
    if (top > k->reg_top) k->reg_top = top;
    sh.pc = pc;
    if (trace_shared_index(k, &sh, (uint32_t)k->line, &in->shared))
        BAD("more than %u distinct instruction forms in one kernel", k->path, k->line, (unsigned)TRACE_SHARED_CHUNKS << TRACE_SHARED_BITS);
    if (pc > b->max_pc) b->max_pc = pc;
    if (k->gen != 'W') note_pc(k, pc, &sh);
    if (to <= nhead) trace_fast_learn(k, pc, sh.src_line, head + from, to - from, width, in->shared);
    return 0;
}
#undef BAD

/* the next block of the text (trace_kernel_next_block) */
static int parse_block(trace_kernel *k, trace_block *b, diag *d)
{
    memset(b, 0, sizeof *b);
    b->mem_hint = k->block_bytes;   /* the size the last block took */
    int begun = 0, warp = -1, want = 0, have = 0, room = 0;
    uint32_t threads = k->block[0] * (k->block[1] ? k->block[1] : 1) * (k->block[2] ? k->block[2] : 1);
    int nwarps = (int)((threads + TRACE_WARP - 1) / TRACE_WARP);
    while (read_line(k)) {
        char *l = k->buf;
        while (*l == ' ' || *l == '\t') l++;
        if (!*l) continue;
        if (!begun) {
            if (!strncmp(l, "#BEGIN_TB", 9)) {
                begun = 1;
                b->nwarps = nwarps;
                b->warp = xcalloc((size_t)nwarps, sizeof *b->warp);
                b->count = xcalloc((size_t)nwarps, sizeof *b->count);
                continue;
            }
            if (l[0] == '#') continue;
            diag_error(d, "%s:%d: expected #BEGIN_TB, found '%.40s'", k->path, k->line, l);
            return -1;
        }
        if (have < want) {
            if (l[0] == '#' || (l[0] == 'w' && !strncmp(l, "warp", 4)) || (l[0] == 'i' && !strncmp(l, "insts", 5)) ||
                (l[0] == 't' && !strncmp(l, "thread", 6))) {
                diag_error(d, "%s:%d: warp %d has %d of the %d instructions its 'insts' line announced", k->path, k->line,
                           warp, have, want);
                return -1;
            }
            if (have == room) {   /* the count a warp announces is not taken on trust: room grows with
                                   * the lines read (a 64 KB input that claimed 94 M instructions
                                   * asked for 3 GB: found by fuzzing), 8 times at a step */
                room = room > want / 8 ? want : 8 * room;
                trace_inst *more = trace_block_insts(b, room);
                memcpy(more, b->warp[warp], (size_t)have * sizeof *more);
                b->warp[warp] = more;
            }
            if (parse_inst(k, l, b, &b->warp[warp][have], d)) return -1;
            b->count[warp] = ++have;
            continue;
        }
        if (!strncmp(l, "#END_TB", 7)) { k->blocks_read++; return 1; }
        if (sscanf(l, "thread block = %" SCNu32 ",%" SCNu32 ",%" SCNu32, &b->id[0], &b->id[1], &b->id[2]) == 3) continue;
        if (sscanf(l, "warp = %d", &warp) == 1) {
            if (warp < 0 || warp >= nwarps || b->warp[warp]) {
                diag_error(d, "%s:%d: warp %d is outside the block's %d warps or appears twice", k->path, k->line, warp, nwarps);
                return -1;
            }
            continue;
        }
        if (!strncmp(l, "insts = ", 8)) {
            char *end;
            long long n = strtoll(l + 8, &end, 10);
            want = *end || n < 0 || n > (1 << 28) ? -1 : (int)n;
            if (warp < 0 || want < 0 || want > (1 << 28) || b->warp[warp]) {
                diag_error(d, "%s:%d: 'insts' needs a 'warp =' line before it, once per warp", k->path, k->line);
                return -1;
            }
            room = want < 4096 ? want : 4096;
            b->warp[warp] = trace_block_insts(b, room);
            b->count[warp] = have = 0;
            continue;
        }
        diag_error(d, "%s:%d: unexpected line '%.40s' in a thread block", k->path, k->line, l);
        return -1;
    }
    if (!begun) return 0;
    diag_error(d, "%s:%d: the file ends inside thread block (%u,%u,%u)%s: a truncated trace?", k->path, k->line,
               b->id[0], b->id[1], b->id[2], have < want ? ", in the middle of a warp's instructions" : "");
    return -1;
}

/* the cache failed at its block n (b empty): the text from block n on,
 * the blocks before it read again for the new cache (k's tables, filled
 * from the cache, hold every text those blocks name: they keep their indices) */
static int cache_to_text(trace_kernel *k, diag *d)
{
    uint64_t n = k->blocks_read;
    fprintf(stderr, "warpsim: note: the trace cache %s.wsb is damaged at block %" PRIu64 "; reading the text and writing it anew\n",
            k->path, n);
    trace_bin_free(k->bin_in);
    k->bin_in = NULL;
    if (open_text(k, k->path, d)) return -1;
    while (read_line(k) && k->buf[0] != '#') {}   /* the header, read from the cache */
    k->bin_out = trace_bin_create(k->path, k->insn_bytes);
    k->blocks_read = 0;
    while (k->blocks_read < n) {
        trace_block b;
        int got = parse_block(k, &b, d);
        if (got > 0) trace_bin_put_block(k->bin_out, k, &b);
        trace_block_free(&b);
        if (got == 0) diag_error(d, "%s:%d: the text ends before block %" PRIu64 " of its cache", k->path, k->line, n);
        if (got <= 0) return -1;
    }
    return 0;
}

int trace_kernel_next_block(trace_kernel *k, trace_block *b, diag *d)
{
    if (k->bin_in) {
        int got = trace_bin_read_block(k->bin_in, k, b);
        if (got > 0) k->block_bytes = trace_block_bytes(b);
        if (got >= 0) return got;
        if (cache_to_text(k, d)) return -1;
    }
    int got = parse_block(k, b, d);
    if (got > 0 && k->bin_out) trace_bin_put_block(k->bin_out, k, b);
    if (got > 0) k->block_bytes = trace_block_bytes(b);
    return got;
}

void trace_kernel_end(trace_kernel *k, int ok)
{
    if (k->bin_out) {
        /* the cache holds the whole file: read on to its end, which must
         * come after the grid's last block without an error */
        uint64_t grid = (uint64_t)k->grid[0] * k->grid[1] * k->grid[2];
        trace_block b;
        diag quiet;
        memset(&b, 0, sizeof b);
        diag_init(&quiet);
        if (ok && k->blocks_read == grid && parse_block(k, &b, &quiet) == 0) trace_bin_commit(k->bin_out, k);
        else trace_bin_free(k->bin_out);
        trace_block_free(&b);
        diag_free(&quiet);
        k->bin_out = NULL;
    }
    trace_bin_free(k->bin_in);
    k->bin_in = NULL;
    if (k->f) { if (k->piped) pclose(k->f); else fclose(k->f); }
    k->f = NULL;
}

void trace_kernel_close(trace_kernel *k)
{
    trace_kernel_end(k, 0);
    for (int i = 0; i < k->ntexts; i++) free(k->texts[i]);
    free(k->texts);
    free(k->pc_text);
    free(k->pc_line);
    free(k->wfacts);
    trace_shared_free(k);
    free(k->dec);
    trace_fast_free(k);
    trace_pattern_free(k);
    free(k->rbuf);
    memset(k, 0, sizeof *k);
}
