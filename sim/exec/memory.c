/* sim/exec/memory.c — sparse paged global memory with lazily initialised
 * buffers. A buffer of up to 1 GB has its pages in one host mapping of its
 * size, reserved without backing (MAP_NORESERVE) and backed by huge pages
 * where the host has them: the host gives memory at a first touch, a bit
 * per page says it was filled from the initialiser, and an access finds
 * its page by subtraction. Pages of a larger buffer (or one whose mapping
 * the host refuses) are allocated one by one and found through a hash
 * table, so that a sparse access costs only its 4 KB pages. */
#define _DEFAULT_SOURCE 1   /* MAP_ANONYMOUS (gmem_alloc_shared): not in POSIX.1-2008 */
#include "memory.h"
#include "exec.h"
#include "diag.h"
#include <errno.h>
#include <math.h>
#include <sys/mman.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAGE_BITS 12
#define PAGE_SIZE (1u << PAGE_BITS)
#define REGION_BITS 21
#define REGION ((size_t)1 << REGION_BITS)   /* a huge page of the host's: 2 MB */
#define HUGE_MAX ((uint64_t)1 << 30)         /* buffers in a mapping of their own (huge pages): up to 1 GB */
#define BUFFER_ALIGN 0x10000ull       /* 64 KB: a page never spans two buffers */
#define FIRST_BASE 0x100000000ull     /* above 4 GB: a truncated pointer faults */

typedef struct { uint64_t page; uint8_t *data; int external; } page_slot;   /* external: a shared buffer's host memory */

/* a buffer's own mapping (data NULL: none yet, or refused: the table) */
typedef struct {
    uint8_t *data;           /* 2 MB-aligned within the mapping */
    uint8_t *map;            /* the mapping, map_len bytes (munmap) */
    size_t map_bytes, map_len;
    uint64_t *filled;        /* a bit per page: filled from the initialiser */
    uint64_t *queued;        /* a bit per page: a fill-ahead job (gmem_prefill) */
    int refused;             /* the host gave no mapping: the table holds its pages */
} buf_store;

/* a page to fill ahead: page k of buffer b */
typedef struct { int b; uint64_t k; } fill_job;

struct gmem {
    mem_buffer *buf;
    buf_store *store;        /* per buffer, beside buf */
    int nbuf, capbuf;
    uint64_t next_base;
    page_slot *slots;        /* open addressing, capacity a power of two */
    size_t cap, used;        /* the table's slots; pages touched, in the table or mappings */
    uint64_t last_page;
    uint8_t *last_data;
    int last_buf;
    /* the part of the last page touched that lies in its buffer: an access
     * inside [win_lo, win_hi) needs no buffer search and no page look-up
     * (pages are never freed, buffers never move) */
    uint64_t win_lo, win_hi;
    uint8_t *win_data;
    uint64_t epoch;
    int no_maps;             /* gmem_use_maps(m, 0): every page from the table */
    int ahead;               /* gmem_prefill: pages to fill ahead of a stream (0: none) */
    fill_job *jobs;
    int njobs, capjobs;
};

/* SplitMix64 (Steele et al. 2014): a counter-based generator, so element i
 * of a random buffer is the same whichever page is touched first */
static uint64_t mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

double init_value(const buffer_init *init, elem_type t, uint64_t i)
{
    switch (init->kind) {
    case INIT_CONST: return init->a;
    case INIT_IOTA: return init->a + init->b * (double)i;
    default: {
        uint64_t h = mix64(mix64(init->seed) ^ i);
        if (elem_is_float(t)) return init->a + (init->b - init->a) * (double)(h >> 11) * 0x1.0p-53;
        double lo = ceil(init->a), hi = floor(init->b);
        uint64_t span = (uint64_t)(hi - lo) + 1;
        return lo + (double)(span ? h % span : h);
    }
    }
}

static void store_drop(buf_store *st)
{
    if (st->map) munmap(st->map, st->map_len);
    free(st->filled);
    free(st->queued);
    st->data = st->map = NULL;
    st->filled = st->queued = NULL;
}

static inline int bit(const uint64_t *w, uint64_t k) { return (int)(w[k >> 6] >> (k & 63) & 1); }
static inline void set_bit(uint64_t *w, uint64_t k) { w[k >> 6] |= (uint64_t)1 << (k & 63); }
static inline void clear_bit(uint64_t *w, uint64_t k) { w[k >> 6] &= ~((uint64_t)1 << (k & 63)); }

/* buffer b's mapping, reserved at its first touch; NULL when the host
 * refuses it (the table holds the buffer's pages then) */
static uint8_t *store_of(gmem *m, int b)
{
    buf_store *st = &m->store[b];
    if (st->data || st->refused) return st->data;
    if (m->no_maps) { st->refused = 1; return NULL; }
    const mem_buffer *mb = &m->buf[b];
    uint64_t pages = (mb->bytes + PAGE_SIZE - 1) >> PAGE_BITS;
    /* a buffer past HUGE_MAX keeps the table: its huge pages would cost 2 MB
     * a touch where it is touched sparsely */
    if (!pages || mb->bytes > HUGE_MAX) { st->refused = 1; return NULL; }
    size_t bytes = (size_t)pages << PAGE_BITS, len = bytes + REGION;   /* room to align the data to a region */
    void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    size_t words = (size_t)(pages + 63) / 64;
    uint64_t *filled = p == MAP_FAILED ? NULL : calloc(words, sizeof(uint64_t));
    uint64_t *queued = filled ? calloc(words, sizeof(uint64_t)) : NULL;
    if (!queued) {
        if (p != MAP_FAILED) munmap(p, len);
        free(filled);
        st->refused = 1;
        return NULL;
    }
    st->map = p;
    st->map_len = len;
    st->data = (uint8_t *)(((uintptr_t)p + REGION - 1) & ~(uintptr_t)(REGION - 1));
    st->map_bytes = bytes;
    st->filled = filled;
    st->queued = queued;
    /* huge pages: a scattered access to a mapping of 4 KB pages misses the
     * host's TLB at nearly every lane (h100 gpu2's loads spent a fifth of
     * the run there, and no time in the table's pages) */
#ifdef MADV_HUGEPAGE
    madvise(st->data, bytes, MADV_HUGEPAGE);   /* a refusal leaves 4 KB pages: the same bytes */
#endif
    return st->data;
}

gmem *gmem_new(void)
{
    gmem *m = xcalloc(1, sizeof *m);
    m->next_base = FIRST_BASE;
    m->cap = 1024;
    m->slots = xcalloc(m->cap, sizeof(page_slot));
    m->last_page = UINT64_MAX;
    m->last_buf = -1;
    return m;
}

void gmem_free(gmem *m)
{
    if (!m) return;
    for (size_t i = 0; i < m->cap; i++)
        if (!m->slots[i].external) free(m->slots[i].data);
    for (int i = 0; i < m->nbuf; i++) {
        if (m->buf[i].host && !m->buf[i].released) munmap(m->buf[i].host, (size_t)m->buf[i].bytes);
        store_drop(&m->store[i]);
    }
    free(m->slots);
    free(m->jobs);
    free(m->store);
    free(m->buf);
    free(m);
}

int gmem_alloc(gmem *m, const char *name, elem_type type, uint64_t count, buffer_init init)
{
    if (m->nbuf == m->capbuf) {
        m->capbuf = m->capbuf ? 2 * m->capbuf : 8;
        m->buf = xrealloc(m->buf, sizeof(mem_buffer) * (size_t)m->capbuf);
        m->store = xrealloc(m->store, sizeof(buf_store) * (size_t)m->capbuf);
    }
    memset(&m->store[m->nbuf], 0, sizeof m->store[m->nbuf]);
    mem_buffer *b = &m->buf[m->nbuf];
    memset(b, 0, sizeof *b);
    snprintf(b->name, sizeof b->name, "%s", name);
    b->type = type;
    b->count = count;
    b->bytes = count * (uint64_t)elem_size(type);
    b->base = m->next_base;
    b->init = init;
    /* a guard gap of one alignment unit after each buffer catches overruns */
    m->next_base += (b->bytes + 2 * BUFFER_ALIGN - 1) / BUFFER_ALIGN * BUFFER_ALIGN;
    return m->nbuf++;
}

const mem_buffer *gmem_buffer(const gmem *m, int i) { return i >= 0 && i < m->nbuf ? &m->buf[i] : NULL; }
int gmem_nbuffers(const gmem *m) { return m->nbuf; }
uint64_t gmem_epoch(const gmem *m) { return m->epoch; }
size_t gmem_pages(const gmem *m) { return m->used; }

/* the buffer holding addr, -1 none; touches nothing (threads call it at once) */
static int search_buffer(const gmem *m, uint64_t addr)
{
    int lo = 0, hi = m->nbuf - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        const mem_buffer *b = &m->buf[mid];
        if (addr < b->base) hi = mid - 1;
        else if (addr >= b->base + b->bytes) lo = mid + 1;
        else return b->released ? -1 : mid;
    }
    return -1;
}

static int find_buffer(gmem *m, uint64_t addr)
{
    if (m->last_buf >= 0) {
        const mem_buffer *b = &m->buf[m->last_buf];
        if (addr >= b->base && addr < b->base + b->bytes) return m->last_buf;
    }
    int b = search_buffer(m, addr);
    if (b >= 0) m->last_buf = b;
    return b;
}

int gmem_check(const gmem *m, uint64_t addr, int size)
{
    uint64_t lo, hi;
    return gmem_check_span(m, addr, size, &lo, &hi);
}

int gmem_check_span(const gmem *m, uint64_t addr, int size, uint64_t *lo, uint64_t *hi)
{
    int b = search_buffer(m, addr);
    if (b < 0 || addr + (uint64_t)size > m->buf[b].base + m->buf[b].bytes) return FAULT_OUT_OF_BOUNDS;
    *lo = m->buf[b].base;
    *hi = m->buf[b].base + m->buf[b].bytes;
    return FAULT_NONE;
}

static void grow(gmem *m)
{
    size_t ncap = m->cap * 2;
    page_slot *ns = xcalloc(ncap, sizeof(page_slot));
    for (size_t i = 0; i < m->cap; i++) {
        if (!m->slots[i].data) continue;
        size_t h = (size_t)mix64(m->slots[i].page) & (ncap - 1);
        while (ns[h].data) h = (h + 1) & (ncap - 1);
        ns[h] = m->slots[i];
    }
    free(m->slots);
    m->slots = ns;
    m->cap = ncap;
}

/* the page at `start` of buffer b, zeroed, as its initialiser fills it:
 * the elements that start in it (a buffer starts on a 64 KB boundary) */
static void fill_page(const mem_buffer *b, uint64_t start, uint8_t *data)
{
    uint64_t lo = start > b->base ? start : b->base;
    uint64_t hi = start + PAGE_SIZE < b->base + b->bytes ? start + PAGE_SIZE : b->base + b->bytes;
    if (hi <= lo) return;
    if (b->init.kind == INIT_FILE) {
        memcpy(data + (lo - start), b->init.bytes + (lo - b->base), (size_t)(hi - lo));
        return;
    }
    if (b->init.kind == INIT_CONST && b->init.a == 0) return;
    uint64_t es = (uint64_t)elem_size(b->type), first = (lo - b->base) / es, end = (hi - b->base + es - 1) / es;
    uint8_t *p = data + (lo - start);
    if (b->init.kind == INIT_RANDOM && b->type == ET_F64) {
        /* init_value's random doubles, the seed's hash taken once */
        uint64_t seed = mix64(b->init.seed);
        double a = b->init.a, span = b->init.b - b->init.a;
        for (uint64_t i = first; i < end; i++, p += 8) {
            double v = a + span * (double)(mix64(seed ^ i) >> 11) * 0x1.0p-53;
            memcpy(p, &v, 8);
        }
        return;
    }
    for (uint64_t i = first; i < end; i++, p += es) elem_store(b->type, init_value(&b->init, b->type, i), p);
}

/* a stream's pages (page k of buffer b touched, k - 1 filled before it):
 * the m->ahead pages after k neither filled nor queued become jobs. The
 * look stops at once where the last of them is taken already (the stream
 * was seen before) */
static void queue_ahead(gmem *m, int b, uint64_t k)
{
    buf_store *st = &m->store[b];
    uint64_t pages = st->map_bytes >> PAGE_BITS, last = k + (uint64_t)m->ahead;
    if (last >= pages) last = pages - 1;
    if (last <= k || bit(st->filled, last) || bit(st->queued, last)) return;
    for (uint64_t j = k + 1; j <= last && m->njobs < m->capjobs; j++) {
        if (bit(st->filled, j) || bit(st->queued, j)) continue;
        set_bit(st->queued, j);
        m->jobs[m->njobs++] = (fill_job){ b, j };
    }
}

static uint8_t *page_of(gmem *m, uint64_t page, int buf)
{
    if (page == m->last_page) return m->last_data;
    const mem_buffer *mb = &m->buf[buf];
    uint8_t *own = mb->host ? NULL : store_of(m, buf);
    if (own) {   /* its own mapping: a page's place is its offset */
        buf_store *st = &m->store[buf];
        uint64_t k = page - (mb->base >> PAGE_BITS);
        uint8_t *data = own + (k << PAGE_BITS);
        if (!bit(st->filled, k)) {   /* first touch: zero from the host, filled here */
            fill_page(mb, page << PAGE_BITS, data);
            set_bit(st->filled, k);
            m->used++;
        }
        if (m->ahead && k && bit(st->filled, k - 1)) queue_ahead(m, buf, k);
        m->last_page = page;
        return m->last_data = data;
    }
    size_t h = (size_t)mix64(page) & (m->cap - 1);
    while (m->slots[h].data) {
        if (m->slots[h].page == page) {
            m->last_page = page;
            return m->last_data = m->slots[h].data;
        }
        h = (h + 1) & (m->cap - 1);
    }
    const mem_buffer *b = &m->buf[buf];
    if (b->host) {   /* host memory at the same address holds it (gmem_alloc_shared) */
        m->slots[h].page = page;
        m->slots[h].data = b->host + ((page << PAGE_BITS) - b->base);
        m->slots[h].external = 1;
        if (++m->used * 2 > m->cap) grow(m);
        m->last_page = page;
        return m->last_data = b->host + ((page << PAGE_BITS) - b->base);
    }
    /* first touch: fill from the initialiser */
    uint8_t *data = xcalloc(1, PAGE_SIZE);
    fill_page(b, page << PAGE_BITS, data);
    m->slots[h].page = page;
    m->slots[h].data = data;
    if (++m->used * 2 > m->cap) grow(m);
    m->last_page = page;
    return m->last_data = data;
}

/* take page out of the table: the entries after it in its probe run move
 * back to where a look-up would search for them (linear probing's deletion) */
static void drop_page(gmem *m, uint64_t page)
{
    size_t h = (size_t)mix64(page) & (m->cap - 1);
    while (m->slots[h].data && m->slots[h].page != page) h = (h + 1) & (m->cap - 1);
    if (!m->slots[h].data) return;
    if (!m->slots[h].external) free(m->slots[h].data);
    m->slots[h].data = NULL;
    m->slots[h].external = 0;
    m->used--;
    for (size_t j = (h + 1) & (m->cap - 1); m->slots[j].data; j = (j + 1) & (m->cap - 1)) {
        size_t home = (size_t)mix64(m->slots[j].page) & (m->cap - 1);
        /* j's entry may fill the hole at h unless its home lies in (h, j] */
        int stays = h <= j ? (home > h && home <= j) : (home > h || home <= j);
        if (stays) continue;
        m->slots[h] = m->slots[j];
        m->slots[j].data = NULL;
        m->slots[j].external = 0;
        h = j;
    }
}

void gmem_use_maps(gmem *m, int on) { m->no_maps = !on; }

void gmem_prefill(gmem *m, int pages, int jobs)
{
    for (int i = 0; i < m->njobs; i++)   /* jobs never run: their pages may be queued again */
        clear_bit(m->store[m->jobs[i].b].queued, m->jobs[i].k);
    m->ahead = pages > 0 && jobs > 0 ? pages : 0;
    free(m->jobs);
    m->jobs = m->ahead ? xcalloc((size_t)jobs, sizeof *m->jobs) : NULL;
    m->capjobs = m->ahead ? jobs : 0;
    m->njobs = 0;
}

int gmem_prefill_jobs(const gmem *m) { return m->njobs; }

/* jobs part, part + parts, ...: each a page of its own, whose bytes no one
 * else reads or writes while this runs; the bitmaps are only read */
void gmem_prefill_run(gmem *m, int part, int parts)
{
    for (int i = part; i < m->njobs; i += parts) {
        const fill_job *j = &m->jobs[i];
        const buf_store *st = &m->store[j->b];
        if (bit(st->filled, j->k)) continue;   /* touched since it was queued: filled then */
        const mem_buffer *mb = &m->buf[j->b];
        fill_page(mb, mb->base + (j->k << PAGE_BITS), st->data + (j->k << PAGE_BITS));
    }
}

void gmem_prefill_end(gmem *m)
{
    for (int i = 0; i < m->njobs; i++) {
        buf_store *st = &m->store[m->jobs[i].b];
        uint64_t k = m->jobs[i].k;
        clear_bit(st->queued, k);
        if (bit(st->filled, k)) continue;
        set_bit(st->filled, k);
        m->used++;
    }
    m->njobs = 0;
}

/* the jobs of buffer b go (its mapping is going) */
static void drop_jobs(gmem *m, int b)
{
    int n = 0;
    for (int i = 0; i < m->njobs; i++)
        if (m->jobs[i].b != b) m->jobs[n++] = m->jobs[i];
    m->njobs = n;
}

void gmem_release(gmem *m, int index)
{
    if (index < 0 || index >= m->nbuf || m->buf[index].released) return;
    drop_jobs(m, index);
    mem_buffer *b = &m->buf[index];
    b->released = 1;
    /* a buffer starts on a 64 KB boundary: its pages hold nothing else;
     * a large buffer mostly untouched is cheaper found from the table */
    uint64_t first = b->base >> PAGE_BITS, last = b->bytes ? (b->base + b->bytes - 1) >> PAGE_BITS : first;
    buf_store *st = &m->store[index];
    if (st->data) {   /* its own mapping: its pages go with it */
        for (uint64_t k = 0; k <= (last - first) >> 6; k++) m->used -= (size_t)__builtin_popcountll(st->filled[k]);
        store_drop(st);
    } else if (b->bytes && last - first < m->used)
        for (uint64_t pg = first; pg <= last; pg++) drop_page(m, pg);
    else if (b->bytes)
        for (size_t i = 0; i < m->cap;) {   /* a drop may move a later entry into slot i: look again */
            if (m->slots[i].data && m->slots[i].page >= first && m->slots[i].page <= last) drop_page(m, m->slots[i].page);
            else i++;
        }
    if (b->host) munmap(b->host, (size_t)b->bytes);
    m->last_page = UINT64_MAX;
    m->last_data = NULL;
    m->last_buf = -1;
    m->win_lo = m->win_hi = 0;
    m->win_data = NULL;
}

int gmem_alloc_shared(gmem *m, const char *name, uint64_t bytes)
{
    if (!bytes) bytes = 1;
    /* the next free device address whose host range is free too; MAP_FIXED
     * is not used, so nothing of the program's is ever replaced: a hint the
     * kernel does not honour means the range is taken, and the search moves on */
    for (int tries = 0; tries < 4096; tries++) {
        uint64_t base = m->next_base;
        void *p = mmap((void *)(uintptr_t)base, (size_t)bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) return -1;
        if ((uint64_t)(uintptr_t)p == base) {
            int i = gmem_alloc(m, name, ET_U8, bytes, (buffer_init){ .kind = INIT_CONST });
            m->buf[i].host = p;
            return i;
        }
        munmap(p, (size_t)bytes);
        m->next_base += (bytes + 2 * BUFFER_ALIGN - 1) / BUFFER_ALIGN * BUFFER_ALIGN;
    }
    errno = ENOMEM;
    return -1;
}

/* the window of the page holding addr in buffer b (see struct gmem) */
static void open_window(gmem *m, uint64_t addr, int b)
{
    const mem_buffer *mb = &m->buf[b];
    uint64_t page = addr >> PAGE_BITS, start = page << PAGE_BITS, end = start + PAGE_SIZE;
    uint8_t *data = page_of(m, page, b);
    m->win_lo = start > mb->base ? start : mb->base;
    m->win_hi = end < mb->base + mb->bytes ? end : mb->base + mb->bytes;
    m->win_data = data + (m->win_lo - start);
}

/* the window holds addr (opened when it did not); 0 when addr is in no buffer */
static int window_at(gmem *m, uint64_t addr)
{
    if (addr >= m->win_lo && addr < m->win_hi) return 1;
    int b = find_buffer(m, addr);
    if (b < 0) return 0;
    open_window(m, addr, b);
    return 1;
}

/* an aligned access never crosses a page: past the window is past the buffer */
int gmem_access(gmem *m, uint64_t addr, void *buf, int size, int write)
{
    if (!window_at(m, addr) || (uint64_t)size > m->win_hi - addr) return FAULT_OUT_OF_BOUNDS;
    uint8_t *p = m->win_data + (addr - m->win_lo);
    if (!write) {
        memcpy(buf, p, (size_t)size);
        return FAULT_NONE;
    }
    if (memcmp(p, buf, (size_t)size)) {
        memcpy(p, buf, (size_t)size);
        m->epoch++;
    }
    return FAULT_NONE;
}

int gmem_window(gmem *m, uint64_t addr, isa_window *w)
{
    if (!window_at(m, addr)) return 0;
    w->lo = m->win_lo;
    w->hi = m->win_hi;
    w->data = m->win_data;
    w->epoch = &m->epoch;
    return 1;
}

double gmem_elem(gmem *m, int b, uint64_t i)
{
    const mem_buffer *mb = &m->buf[b];
    int es = elem_size(mb->type);
    uint64_t addr = mb->base + i * (uint64_t)es;
    /* in the window: no copy through a buffer (checks read every element) */
    if (addr >= m->win_lo && addr < m->win_hi && (uint64_t)es <= m->win_hi - addr)
        return elem_load(mb->type, m->win_data + (addr - m->win_lo));
    uint8_t tmp[8];
    gmem_access(m, addr, tmp, es, 0);
    return elem_load(mb->type, tmp);
}

/* n elements from i, as gmem_elem reads them one by one: those inside the
 * open window in one loop, the first past it through gmem_elem (which opens
 * the next window) */
void gmem_elems(gmem *m, int b, uint64_t i, uint64_t n, double *out)
{
    const mem_buffer *mb = &m->buf[b];
    uint64_t es = (uint64_t)elem_size(mb->type);
    for (uint64_t k = 0; k < n;) {
        uint64_t addr = mb->base + (i + k) * es;
        if (addr >= m->win_lo && addr < m->win_hi && es <= m->win_hi - addr) {
            uint64_t fit = (m->win_hi - addr) / es;
            const uint8_t *p = m->win_data + (addr - m->win_lo);
            for (uint64_t e = k + (fit < n - k ? fit : n - k); k < e; k++, p += es) out[k] = elem_load(mb->type, p);
        } else {
            out[k] = gmem_elem(m, b, i + k);
            k++;
        }
    }
}
