/* sim/exec/devlib.c — what the device library's functions do when a
 * kernel calls them (CALL.ABS, isa/sem_call.c): vprintf formats one record
 * per executing lane, in lane order, into the printf FIFO (what does not
 * fit is dropped, as the driver drops it), which the host prints at its
 * synchronisation points (devlib_flush); malloc and free manage a device
 * heap in simulated global memory (first fit, 16-byte aligned, freed
 * blocks merged and reused); __assertfail reports each failing lane as
 * CUDA's runtime does and stops the kernel. The runner calls these in a
 * fixed order (the timing model at its windows' ends with the deferred
 * global accesses), so the output and the heap are the same for any
 * number of threads. */
#include "devlib.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

#define RECORD_MAX 65536     /* one record's text is cut there */

typedef struct { uint64_t off, size; int used; } heap_block;

static struct {
    uint64_t limit[2];
    char *text;              /* the records formatted so far */
    size_t len, cap;
    uint64_t fifo_used, dropped;
    gmem *mem;               /* the launch's memory */
    gmem *heap_mem;          /* where the heap was made (a new memory: a new heap) */
    uint64_t heap_base;
    heap_block *blocks;      /* in address order, covering the heap */
    int nblocks;
    char *asserts;           /* the failed asserts' reports */
    size_t alen, acap;
    int stop;                /* the last trap or assert (isa_fault) */
} dl = { .limit = { DEVLIB_FIFO_DEFAULT, DEVLIB_HEAP_DEFAULT } };

int devlib_set_limit(int which, uint64_t bytes)
{
    if (which == DEVLIB_HEAP && dl.heap_mem) return -1;
    dl.limit[which] = bytes;
    return 0;
}

uint64_t devlib_limit(int which) { return dl.limit[which]; }

void devlib_launch(gmem *m) { dl.mem = m; }

/* ---- reading the lanes' memory ---- */
typedef struct {
    const isa_env *env;
    int lane;
    uint64_t base;           /* the argument buffer's generic address */
} lane_reader;

/* a generic address: the local window from 0 (c[0x0][0x20] is 0 in
 * warpsim's bank 0), global memory from 4 GB */
static int read_generic(const lane_reader *r, uint64_t addr, void *buf, int size)
{
    isa_space sp = addr < (1ull << 32) ? SPACE_LOCAL : SPACE_GLOBAL;
    uint8_t *b = buf;
    for (int i = 0; i < size; i++)   /* byte by byte: no alignment to meet */
        if (r->env->mem(r->env->ctx, sp, r->lane, addr + (uint64_t)i, b + i, 1, ISA_MEM_READ)) return -1;
    return 0;
}

static int arg_at(void *ctx, uint64_t offset, void *buf, int size)
{
    const lane_reader *r = ctx;
    return read_generic(r, r->base + offset, buf, size);
}

static int str_at(void *ctx, uint64_t addr, char *buf, size_t max)
{
    const lane_reader *r = ctx;
    size_t n = 0;
    for (; n < max; n++) {
        if (read_generic(r, addr + n, buf + n, 1)) return n ? (int)n : -1;
        if (!buf[n]) break;
    }
    return (int)n;
}

static uint64_t reg64(const isa_warp_regs *w, int r, int lane)
{
    return w->regs[r * w->warp_size + lane] | (uint64_t)w->regs[(r + 1) * w->warp_size + lane] << 32;
}

static void set_reg64(isa_warp_regs *w, int r, int lane, uint64_t v)
{
    if (r + 1 >= w->nregs) return;
    w->regs[r * w->warp_size + lane] = (uint32_t)v;
    w->regs[(r + 1) * w->warp_size + lane] = (uint32_t)(v >> 32);
}

/* ---- printf ---- */
static void append(char **buf, size_t *len, size_t *cap, const char *p, size_t n)
{
    if (*len + n + 1 > *cap) {
        *cap = (*len + n + 1) * 2;
        *buf = xrealloc(*buf, *cap);
    }
    memcpy(*buf + *len, p, n);
    *len += n;
    (*buf)[*len] = 0;
}

/* the FIFO bytes a record takes, as estimated from the driver's layout: a
 * header and the format's address (8 bytes each), the packed arguments,
 * each %s string copied in, rounded to 8 bytes */
static uint64_t record_bytes(int nargs, size_t text)
{
    return 16 + 8 * (uint64_t)nargs + ((text + 7) & ~(uint64_t)7);
}

static int vprintf_lane(const isa_env *env, isa_warp_regs *w, int lane)
{
    lane_reader r = { env, lane, reg64(w, 6, lane) };
    uint64_t fa = reg64(w, 4, lane);
    char *fmt = xmalloc(RECORD_MAX), *text = xmalloc(RECORD_MAX);
    int nargs = 0, ret;
    int n = fa ? str_at(&r, fa, fmt, RECORD_MAX - 1) : -1;
    if (n < 0) ret = -1;     /* a NULL or unreadable format, as CUDA's -1 for NULL */
    else {
        fmt[n] = 0;
        devlib_args a = { &r, arg_at, str_at };
        size_t len = devlib_format(text, RECORD_MAX, fmt, &a, &nargs);
        if (len >= RECORD_MAX) len = RECORD_MAX - 1;
        uint64_t need = record_bytes(nargs, len);
        if (dl.fifo_used + need > dl.limit[DEVLIB_PRINTF_FIFO]) dl.dropped++;
        else {
            dl.fifo_used += need;
            append(&dl.text, &dl.len, &dl.cap, text, len);
        }
        ret = nargs;
    }
    free(fmt);
    free(text);
    return ret;
}

uint64_t devlib_flush(FILE *out)
{
    if (dl.len) fwrite(dl.text, 1, dl.len, out);
    fflush(out);
    uint64_t d = dl.dropped;
    dl.len = 0;
    dl.fifo_used = dl.dropped = 0;
    return d;
}

/* ---- the heap ---- */
static int heap_ready(void)
{
    if (dl.heap_mem == dl.mem && dl.blocks) return 0;
    if (!dl.mem) return -1;
    buffer_init zero = { INIT_CONST, 0, 0, 0, NULL };
    uint64_t bytes = (dl.limit[DEVLIB_HEAP] + 15) & ~(uint64_t)15;
    int b = gmem_alloc(dl.mem, "device heap (malloc in kernels)", ET_U8, bytes ? bytes : 16, zero);
    if (b < 0) return -1;
    dl.heap_mem = dl.mem;
    dl.heap_base = gmem_buffer(dl.mem, b)->base;
    free(dl.blocks);
    dl.blocks = xmalloc(sizeof *dl.blocks);
    dl.blocks[0] = (heap_block){ 0, bytes, 0 };
    dl.nblocks = 1;
    return 0;
}

static uint64_t heap_malloc(uint64_t size)
{
    if (!size || size > dl.limit[DEVLIB_HEAP] || heap_ready()) return 0;
    size = (size + 15) & ~(uint64_t)15;
    for (int i = 0; i < dl.nblocks; i++) {
        heap_block *b = &dl.blocks[i];
        if (b->used || b->size < size) continue;
        if (b->size > size) {    /* split: the rest stays free after it */
            dl.blocks = xrealloc(dl.blocks, sizeof *dl.blocks * (size_t)(dl.nblocks + 1));
            b = &dl.blocks[i];
            memmove(b + 2, b + 1, sizeof *b * (size_t)(dl.nblocks - i - 1));
            b[1] = (heap_block){ b->off + size, b->size - size, 0 };
            b->size = size;
            dl.nblocks++;
        }
        b->used = 1;
        return dl.heap_base + b->off;
    }
    return 0;
}

static void merge(int i)
{
    if (i < 0 || i + 1 >= dl.nblocks || dl.blocks[i].used || dl.blocks[i + 1].used) return;
    dl.blocks[i].size += dl.blocks[i + 1].size;
    memmove(&dl.blocks[i + 1], &dl.blocks[i + 2], sizeof *dl.blocks * (size_t)(dl.nblocks - i - 2));
    dl.nblocks--;
}

/* free(p): p not from malloc (or freed already) is ignored */
static void heap_free(uint64_t p)
{
    if (!p || dl.heap_mem != dl.mem) return;
    for (int i = 0; i < dl.nblocks; i++) {
        if (dl.heap_base + dl.blocks[i].off != p || !dl.blocks[i].used) continue;
        dl.blocks[i].used = 0;
        merge(i);
        merge(i - 1);
        return;
    }
}

/* ---- assert ---- */
static void assert_lane(const isa_env *env, const isa_warp_regs *w, int lane)
{
    lane_reader r = { env, lane, 0 };
    char msg[1024], file[1024], func[1024], line[4096];
    if (str_at(&r, reg64(w, 4, lane), msg, sizeof msg - 1) < 0) snprintf(msg, sizeof msg, "?");
    if (str_at(&r, reg64(w, 6, lane), file, sizeof file - 1) < 0) snprintf(file, sizeof file, "?");
    if (str_at(&r, reg64(w, 10, lane), func, sizeof func - 1) < 0) snprintf(func, sizeof func, "?");
    msg[sizeof msg - 1] = file[sizeof file - 1] = func[sizeof func - 1] = 0;
    uint32_t s[6];
    for (int i = 0; i < 3; i++) {
        s[i] = env->sreg(env->ctx, (isa_sreg)(SR_CTAID_X + i), lane);
        s[3 + i] = env->sreg(env->ctx, (isa_sreg)(SR_TID_X + i), lane);
    }
    int n = snprintf(line, sizeof line, "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` failed.\n",
                     file, w->regs[8 * w->warp_size + lane], func, s[0], s[1], s[2], s[3], s[4], s[5], msg);
    append(&dl.asserts, &dl.alen, &dl.acap, line, n < (int)sizeof line ? (size_t)n : sizeof line - 1);
}

char *devlib_take_asserts(void)
{
    char *a = dl.asserts;
    dl.asserts = NULL;
    dl.alen = dl.acap = 0;
    return a;
}

void devlib_note_stop(int fault) { dl.stop = fault; }

int devlib_stopped(void)
{
    int s = dl.stop;
    dl.stop = FAULT_NONE;
    return s;
}

int devlib_call(const isa_env *env, const isa_kernel *k, int fn, isa_warp_regs *w, uint64_t mask, int *lane)
{
    (void)k;
    for (uint64_t m = mask; m; m &= m - 1) {
        int l = __builtin_ctzll(m);
        switch (fn) {
        case ISA_CALL_VPRINTF: w->regs[4 * w->warp_size + l] = (uint32_t)vprintf_lane(env, w, l); break;
        case ISA_CALL_MALLOC: set_reg64(w, 4, l, heap_malloc(reg64(w, 4, l))); break;
        case ISA_CALL_FREE: heap_free(reg64(w, 4, l)); break;
        case ISA_CALL_ASSERTFAIL: assert_lane(env, w, l); break;
        default: *lane = l; return FAULT_CALL;
        }
    }
    if (fn == ISA_CALL_ASSERTFAIL && mask) { *lane = __builtin_ctzll(mask); return FAULT_ASSERT; }
    return FAULT_NONE;
}
