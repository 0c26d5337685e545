/* sim/front/trace_mem.c — a trace's memory: a block's (trace_header.h), its
 * warps' instructions and their addresses, and the kernel's table of the
 * forms instructions share (trace.h). */
#include "trace.h"
#include "trace_header.h"
#include "util/hugemem.h"
#include "util/xalloc.h"
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A block's memory: its warps' instructions and their addresses, taken in
 * turn from chunks that a finished block hands to the next through a pool
 * (the reading thread takes, the run's gives back). A trace run holds as
 * many blocks as the GPU runs at once (all of sgemm's 256 on an H100, 179
 * MB), and memory fresh from the system for every block was a sixth of
 * such a run in page faults; the chunks come in huge pages
 * (util/hugemem.h). A block's first chunk has the size the block before
 * it took (chunk_class), the next ones a quarter of that, up to 256 KB (or
 * what one array needs), so that neither a small block (vectoradd's: a
 * few KB) nor a large one (sgemm's, 0.9 MB) leaves much of a chunk unused. */
#define CHUNK_CLASSES 140                /* pooled sizes, 4 KB to 2 GB (chunk_class) */
#define CHUNK_NEXT ((size_t)256 << 10)   /* the most a block's chunks after its first take */
#define CHUNK_HEAD 64                    /* the header, padded: data starts on a host line */

typedef struct chunk {
    struct chunk *next;
    size_t size, used;                   /* bytes, the header's included */
    int cls;                             /* its pool, -1 none (larger than every class) */
} chunk;

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static chunk *pool[CHUNK_CLASSES];

/* the pool of chunks of at least `size` bytes (-1 none) and their size:
 * 4 KB steps up to 32 KB, then eight steps a doubling (a chunk is at most
 * an eighth larger than asked) */
static int chunk_class(size_t size, size_t *rounded)
{
    size_t r = 4096;
    int cls = 0;
    for (; r < size && cls < CHUNK_CLASSES; cls++) {
        size_t p = r;
        while (p & (p - 1)) p &= p - 1;
        r += p / 8 > 4096 ? p / 8 : 4096;
    }
    *rounded = r;
    return cls < CHUNK_CLASSES ? cls : -1;
}

/* a chunk of at least `size` bytes, its header's included */
static chunk *chunk_get(size_t size)
{
    int cls = chunk_class(size, &size);
    chunk *c = NULL;
    if (cls >= 0) {
        pthread_mutex_lock(&pool_lock);
        if ((c = pool[cls])) pool[cls] = c->next;
        pthread_mutex_unlock(&pool_lock);
    }
    if (!c) {
        c = hugemem_calloc_in(HUGEMEM_TRACE, size);
        c->size = size;
        c->cls = cls;
    }
    c->next = NULL;
    c->used = CHUNK_HEAD;
    return c;
}

static void chunk_put(chunk *c)
{
    if (c->cls < 0) { hugemem_free(c); return; }
    pthread_mutex_lock(&pool_lock);
    c->next = pool[c->cls];
    pool[c->cls] = c;
    pthread_mutex_unlock(&pool_lock);
}

void trace_pool_release(void)
{
    for (int i = 0; i < CHUNK_CLASSES; i++) {
        pthread_mutex_lock(&pool_lock);
        chunk *c = pool[i];
        pool[i] = NULL;
        pthread_mutex_unlock(&pool_lock);
        for (chunk *n; c; c = n) { n = c->next; hugemem_free(c); }
    }
}

void *trace_block_alloc(trace_block *b, size_t bytes, size_t align)
{
    chunk *c = b->mem;
    size_t at = c ? (c->used + align - 1) / align * align : 0;
    if (!c || at + bytes > c->size) {
        size_t next = b->mem_hint / 4 < CHUNK_NEXT ? b->mem_hint / 4 : CHUNK_NEXT;
        size_t want = CHUNK_HEAD + (c ? next : b->mem_hint);
        c = chunk_get(CHUNK_HEAD + bytes > want ? CHUNK_HEAD + bytes : want);
        c->next = b->mem;
        b->mem = c;
        at = CHUNK_HEAD;
    }
    c->used = at + bytes;
    return (char *)c + at;
}

size_t trace_block_bytes(const trace_block *b)
{
    size_t n = 0;
    for (const chunk *c = b->mem; c; c = c->next) n += c->used - CHUNK_HEAD;
    return n;
}

uint64_t *trace_block_words(trace_block *b, int n) { return trace_block_alloc(b, (size_t)n * sizeof(uint64_t), 8); }

trace_inst *trace_block_insts(trace_block *b, int n)
{
    size_t bytes = (size_t)(n > 0 ? n : 1) * sizeof(trace_inst);
    trace_inst *in = trace_block_alloc(b, bytes, 64);
    memset(in, 0, bytes);   /* what a line leaves unset (diverged, outside warpsim's traces) is zero */
    return in;
}

void trace_block_free(trace_block *b)
{
    free(b->warp);
    free(b->count);
    for (chunk *c = b->mem, *n; c; c = n) { n = c->next; chunk_put(c); }
    memset(b, 0, sizeof *b);
}

void *trace_table_grow(void *t, uint32_t *n, size_t size, uint32_t i)
{
    if (i < *n) return t;
    uint32_t m = *n ? *n : 256;
    while (m <= i) m *= 2;
    t = xrealloc(t, (size_t)m * size);
    memset((char *)t + (size_t)*n * size, 0, (size_t)(m - *n) * size);
    *n = m;
    return t;
}

/* An instruction keeps its pc's form (registers, opcode, text, width, the
 * pc: 32 bytes) as an index: an instruction is 24 bytes instead of 64, and
 * a run reads a few hundred forms that stay in the host's caches. A pc's
 * forms are found through its latest and a link from each to the one
 * before: one compare in the usual case, where every execution at a pc
 * shares one form. */
int trace_shared_index(trace_kernel *k, const trace_shared *sh, uint32_t line, uint32_t *out)
{
    uint32_t slot = sh->pc >> 3;
    if (slot < k->nshared_head)
        for (uint32_t i = k->shared_head[slot]; i; i = k->shared_link[i - 1].prev)
            if (!memcmp(trace_shared_at(k, i - 1), sh, sizeof *sh)) {   /* the pc's own */
                *out = i - 1;
                return 0;
            }
    uint32_t n = k->nshared;
    if (n >= (uint32_t)TRACE_SHARED_CHUNKS << TRACE_SHARED_BITS) return -1;
    if (!k->shared) k->shared = xcalloc(TRACE_SHARED_CHUNKS, sizeof *k->shared);
    if (!(n & ((1u << TRACE_SHARED_BITS) - 1))) {
        k->shared[n >> TRACE_SHARED_BITS] = xmalloc(sizeof(trace_shared) << TRACE_SHARED_BITS);
        k->shared_link = xrealloc(k->shared_link, ((size_t)n + (1u << TRACE_SHARED_BITS)) * sizeof *k->shared_link);
    }
    k->shared_head = trace_table_grow(k->shared_head, &k->nshared_head, sizeof *k->shared_head, slot);
    memcpy(&k->shared[n >> TRACE_SHARED_BITS][n & ((1u << TRACE_SHARED_BITS) - 1)], sh, sizeof *sh);
    k->shared_link[n] = (struct trace_form_link){ line, k->shared_head[slot] };
    k->shared_head[slot] = n + 1;
    k->nshared = n + 1;
    *out = n;
    return 0;
}

void trace_shared_free(trace_kernel *k)
{
    if (k->shared)
        for (uint32_t c = 0; c < TRACE_SHARED_CHUNKS && k->shared[c]; c++) free(k->shared[c]);
    free(k->shared);
    free(k->shared_head);
    free(k->shared_link);
    k->shared = NULL;
    k->shared_head = NULL;
    k->shared_link = NULL;
    k->nshared = k->nshared_head = 0;
}
