/* sim/util/hugemem.c — chunks of 32 MB (or one array's size, in whole 2 MB
 * pages), each a bump region: an array is taken from the newest chunk with
 * room, and a chunk is unmapped when its last array is given back. */
#define _DEFAULT_SOURCE 1   /* MAP_ANONYMOUS, madvise: not in POSIX.1-2008 */
#include "hugemem.h"
#include "xalloc.h"
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#if defined(__SANITIZE_ADDRESS__)
#define HUGEMEM_PLAIN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HUGEMEM_PLAIN 1
#endif
#endif
#if !defined(MAP_ANONYMOUS) || !defined(MADV_HUGEPAGE)
#define HUGEMEM_PLAIN 1
#endif

void *hugemem_realloc(void *p, size_t old_bytes, size_t new_bytes)
{
    void *q = hugemem_calloc(new_bytes);
    if (p) memcpy(q, p, old_bytes < new_bytes ? old_bytes : new_bytes);
    hugemem_free(p);
    return q;
}

#ifdef HUGEMEM_PLAIN
int hugemem_chunks(void) { return -1; }
void *hugemem_calloc_in(int arena, size_t bytes) { (void)arena; return xcalloc_lines(1, (bytes + 63) / 64 * 64); }
void hugemem_free(void *p) { free(p); }
#else

#define PAGE_2M ((size_t)2 << 20)
#define CHUNK ((size_t)32 << 20)

typedef struct {
    char *base;
    size_t size, used;
    long live;               /* arrays taken and not given back */
    int arena;               /* hugemem_arena: arrays of one lifetime share a chunk */
} chunk;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static chunk *chunks;
static int nchunks, capchunks;

/* a chunk of at least `bytes` on a 2 MB boundary, or NULL (no mapping) */
static chunk *new_chunk(size_t bytes, int arena)
{
    size_t size = bytes > CHUNK ? (bytes + PAGE_2M - 1) / PAGE_2M * PAGE_2M : CHUNK;
    char *raw = mmap(NULL, size + PAGE_2M, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) return NULL;
    char *base = (char *)(((uintptr_t)raw + PAGE_2M - 1) & ~(uintptr_t)(PAGE_2M - 1));
    if (base > raw) munmap(raw, (size_t)(base - raw));
    size_t tail = (size_t)(raw + size + PAGE_2M - (base + size));
    if (tail) munmap(base + size, tail);
    madvise(base, size, MADV_HUGEPAGE);   /* advice only: 4 KB pages if refused */
    if (nchunks == capchunks) {
        capchunks = capchunks ? 2 * capchunks : 8;
        chunks = xrealloc(chunks, (size_t)capchunks * sizeof *chunks);
    }
    chunks[nchunks] = (chunk){ base, size, 0, 0, arena };
    return &chunks[nchunks++];
}

int hugemem_chunks(void)
{
    pthread_mutex_lock(&lock);
    int n = nchunks;
    pthread_mutex_unlock(&lock);
    return n;
}

/* the arena's chunk with room for bytes, else a new one (NULL: no mapping) */
static chunk *room(size_t bytes, int arena)
{
    for (int i = nchunks - 1; i >= 0; i--)
        if (chunks[i].arena == arena && chunks[i].size - chunks[i].used >= bytes) return &chunks[i];
    return new_chunk(bytes, arena);
}

void *hugemem_calloc_in(int arena, size_t bytes)
{
    bytes = bytes ? (bytes + 63) / 64 * 64 : 64;
    pthread_mutex_lock(&lock);
    chunk *c = room(bytes, arena);
    void *p = NULL;
    if (c) {
        p = c->base + c->used;      /* fresh from mmap: zero, and never handed out before */
        c->used += bytes;
        c->live++;
    }
    pthread_mutex_unlock(&lock);
    return p ? p : xcalloc_lines(1, bytes);   /* no mapping: the heap (hugemem_free tells them apart) */
}

void hugemem_free(void *p)
{
    if (!p) return;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < nchunks; i++) {
        chunk *c = &chunks[i];
        if ((char *)p < c->base || (char *)p >= c->base + c->size) continue;
        if (--c->live == 0) {
            munmap(c->base, c->size);
            chunks[i] = chunks[--nchunks];
        }
        pthread_mutex_unlock(&lock);
        return;
    }
    pthread_mutex_unlock(&lock);
    free(p);
}
#endif
