/* sim/front/trace_fast.c — an instruction line read in one pass when its
 * pc's registers, opcode and width are those of the pc's last line.
 *
 * SASS is static: every line a trace has for a pc names the same
 * destination and source registers, the same opcode text and the same
 * memory width; only the lane mask and the addresses change (and, in
 * warpsim's own traces, the immediate). The full reader (parse_inst in
 * trace.c) splits a line into tokens and judges each; once it has read a
 * pc's line it leaves the bytes of that middle part here (a memo), and a
 * later line at the pc whose middle part is the same bytes takes the
 * form the full reader found, reading only the numbers around it in
 * place. Anything this reader is not sure of (a sign, a field too long,
 * an empty mask, extra fields) sends the line to the full reader, which
 * gives the answer or the error it always gave: the two read every line
 * to the same instruction (tests/test_trace_fast.c). */
#include "trace_fast.h"
#include "trace_header.h"
#include "trace_lanes.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

#define MEMO_TEXT 66                 /* the longest middle part kept */

struct trace_memo {
    uint32_t pc, src_line, form;     /* form: its trace_shared index */
    uint8_t len;                     /* bytes of text; 0: nothing kept */
    uint8_t width;                   /* the line's memory width is not 0: addresses follow */
    char text[MEMO_TEXT];            /* from the destination count to the end of the width */
};

/* in->mask's lanes at first, first + step ... kept in b */
static void keep_strided(trace_block *b, trace_inst *in, uint64_t first, uint64_t step)
{
    in->addr_form = TRACE_ADDR_STRIDED;
    in->addr = trace_block_words(b, 3);
    in->addr[0] = in->mask; in->addr[1] = first; in->addr[2] = step;
}

/* the addresses of in->mask's lanes, v[0..n) in lane order, kept in b:
 * evenly spaced, as a pattern of k's (the pc's), or packed */
static void keep_lanes(trace_kernel *k, trace_block *b, trace_inst *in, uint32_t pc, const uint64_t *v, int n)
{
    uint64_t step = n > 1 ? v[1] - v[0] : 0;
    int even = 1;
    for (int i = 2; i < n && even; i++) even = v[i] == v[0] + step * (uint64_t)i;
    if (even) {
        keep_strided(b, in, n ? v[0] : 0, step);
        return;
    }
    uint64_t a[TRACE_WARP] = { 0 };
    int i = 0;
    for (uint32_t m = in->mask; m; m &= m - 1) a[__builtin_ctz(m)] = v[i++];
    unsigned char packed[TRACE_LANES_MAX];
    size_t len = trace_lanes_pack(a, packed);
    if (trace_pattern_keep(k, b, in, pc, packed, len)) return;
    in->addr_form = TRACE_ADDR_PACKED;
    in->addr = trace_block_words(b, (int)((len + 7) / 8));
    memcpy(in->addr, packed, len);
}

void trace_keep_addresses(trace_kernel *k, trace_block *b, trace_inst *in, uint32_t pc, const uint64_t a[TRACE_WARP])
{
    uint64_t v[TRACE_WARP];
    int n = 0;
    for (uint32_t m = in->mask; m; m &= m - 1) v[n++] = a[__builtin_ctz(m)];
    keep_lanes(k, b, in, pc, v, n);
}

static int is_end(char c) { return c == ' ' || c == '\t' || c == 0; }
static const char *skip_space(const char *p) { while (*p == ' ' || *p == '\t') p++; return p; }

/* trace_fast.h; 15 hex or 18 decimal digits cannot overflow */
const char *trace_field_hex(const char *p, uint64_t *out)
{
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) p += 2;
    uint64_t v = 0;
    const char *s = p;
    for (;; p++) {
        unsigned c = (unsigned char)*p;
        if (c - '0' < 10) v = v << 4 | (c - '0');
        else if ((c | 0x20) - 'a' < 6) v = v << 4 | ((c | 0x20) - 'a' + 10);
        else break;
    }
    if (p == s || p - s > 15 || !is_end(*p)) return NULL;
    *out = v;
    return p;
}

const char *trace_field_dec(const char *p, uint64_t *out)
{
    uint64_t v = 0;
    const char *s = p;
    for (; (unsigned)(*p - '0') < 10; p++) v = v * 10 + (uint64_t)(*p - '0');
    if (p == s || p - s > 18 || !is_end(*p)) return NULL;
    *out = v;
    return p;
}

const char *trace_field_signed(const char *p, int64_t *out)
{
    uint64_t v;
    const char *e = trace_field_dec(p + (*p == '-'), &v);
    if (e) *out = *p == '-' ? -(int64_t)v : (int64_t)v;
    return e;
}

/* the addresses of mask's n lanes after the width (parse_addresses'
 * modes: 0 a list, 1 base and stride, 2 base and deltas) into v in lane
 * order, with *step the stride when they are evenly spaced (1 then in
 * *even: v holds the first only); the end, or NULL */
static const char *addresses(const char *p, int n, uint64_t v[TRACE_WARP], int *even, uint64_t *step)
{
    uint64_t mode;
    int64_t d = 0, d1 = 0;
    if (!n || !(p = trace_field_dec(skip_space(p), &mode)) || mode > 2) return NULL;
    if (!(p = trace_field_hex(skip_space(p), &v[0]))) return NULL;
    if (mode == 1) {
        if (!(p = trace_field_signed(skip_space(p), &d))) return NULL;
        *even = 1, *step = n > 1 ? (uint64_t)d : 0;
        return p;
    }
    if (mode == 2) {
        int same = 1;
        uint64_t at = v[0];
        for (int i = 1; i < n; i++) {
            p = skip_space(p);
            unsigned digit = (unsigned)(p[0] - '0');
            if (digit < 10 && is_end(p[1])) d = digit, p++;   /* one digit: most deltas (4 bytes apart, or 0) */
            else if (!(p = trace_field_signed(p, &d))) return NULL;
            if (i == 1) d1 = d;
            same &= d == d1;
            v[i] = at += (uint64_t)d;
        }
        *even = same, *step = (uint64_t)d1;
        return p;
    }
    for (int i = 1; i < n; i++)
        if (!(p = trace_field_hex(skip_space(p), &v[i]))) return NULL;
    *even = 0;    /* keep_lanes judges */
    return p;
}

/* the len bytes at p are text's (p may end sooner: trace.c's buffer
 * keeps TRACE_LINE_SLACK bytes past a line, so reading 8 at a time stays
 * inside it, and a line's end differs from text, which holds none) */
static int same_text(const char *p, const char *text, unsigned len)
{
    uint64_t x, y, diff = 0;
    unsigned i = 0;
    for (; i + 8 <= len; i += 8) {
        memcpy(&x, p + i, 8), memcpy(&y, text + i, 8);
        diff |= x ^ y;
    }
    for (; i < len; i++) diff |= (uint64_t)(p[i] ^ text[i]);
    return !diff;
}

static struct trace_memo *memo_at(const trace_kernel *k, uint32_t pc)
{
    uint32_t slot = pc >> 3;
    return slot < k->nmemo && k->memo[slot].len && k->memo[slot].pc == pc ? &k->memo[slot] : NULL;
}

int trace_fast_line(trace_kernel *k, const char *l, trace_block *b, trace_inst *in)
{
    uint64_t v, pc, mask, line = 0;
    if (k->fast_off || k->tracer_version < 3) return 0;
    const char *p = l;
    if (k->lineinfo && !(p = trace_field_dec(skip_space(p), &line))) return 0;
    if (!(p = trace_field_hex(skip_space(p), &pc)) || pc >= TRACE_MAX_CODE) return 0;
    if (!(p = trace_field_hex(skip_space(p), &mask)) || mask > UINT32_MAX) return 0;
    const struct trace_memo *m = memo_at(k, (uint32_t)pc);
    p = skip_space(p);
    if (!m || m->src_line != (uint32_t)line || !same_text(p, m->text, m->len) || !is_end(p[m->len])) return 0;
    p += m->len;
    uint64_t a[TRACE_WARP], step = 0;
    int n = __builtin_popcount((uint32_t)mask), even = 0;
    if (m->width && !(p = addresses(p, n, a, &even, &step))) return 0;
    int warpsim_imm = 0;
    p = skip_space(p);
    if (*p && k->tracer_version >= 5) {   /* the immediate */
        if (k->gen == 'W') {
            if (!(p = trace_field_dec(p, &v))) return 0;
            warpsim_imm = 1;
        } else
            while (!is_end(*p)) p++;
        p = skip_space(p);
    }
    if (*p) return 0;
    in->mask = (uint32_t)mask;       /* the addresses' lanes: the immediate may widen it after them */
    in->shared = m->form;
    if (m->width && even) keep_strided(b, in, a[0], step);
    else if (m->width) keep_lanes(k, b, in, (uint32_t)pc, a, n);
    else { in->addr = NULL; in->addr_form = 0; }
    in->exec = in->mask;
    if (warpsim_imm) trace_warpsim_immediate(k, v, in);
    if ((uint32_t)pc > b->max_pc) b->max_pc = (uint32_t)pc;
    k->fast_lines++;
    return 1;
}

void trace_warpsim_immediate(const trace_kernel *k, uint64_t v, trace_inst *in)
{
    if (k->nvbit_mask) in->mask |= (uint32_t)v;    /* the mask held the executed lanes, as NVBit writes */
    else in->exec = (uint32_t)v & in->mask;        /* older warpsim traces: the mask held the issued lanes */
    in->diverged = (uint8_t)(v >> 32 & 1);
}

void trace_fast_learn(trace_kernel *k, uint32_t pc, uint32_t src_line, const char *text, size_t len, int width,
                      uint32_t form)
{
    if (len == 0 || len > MEMO_TEXT) return;
    k->memo = trace_table_grow(k->memo, &k->nmemo, sizeof *k->memo, pc >> 3);
    struct trace_memo *m = &k->memo[pc >> 3];
    m->pc = pc, m->src_line = src_line, m->form = form;
    m->len = (uint8_t)len, m->width = (uint8_t)!!width;
    memcpy(m->text, text, len);
}

void trace_fast_free(trace_kernel *k)
{
    free(k->memo);
    k->memo = NULL;
    k->nmemo = 0;
}
