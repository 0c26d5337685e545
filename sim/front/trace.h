/* sim/front/trace.h — reading recorded SASS traces in the Accel-Sim format
 * (NVBit tracer, post-processed): kernelslist.g and kernel-N.traceg[.xz].
 * A kernel file is read as a stream, one thread block at a time, so memory
 * holds only the blocks in flight. Errors name the file and line. */
#ifndef WARPSIM_TRACE_H
#define WARPSIM_TRACE_H
#include <stdint.h>
#include <stdio.h>
#include "diag.h"
#include "isa.h"
#include "exec/isrc.h"
#include "out/trace_emit.h"

#define TRACE_WARP 32            /* NVIDIA traces: 32 lanes per warp */
#define TRACE_MAX_DST 4
#define TRACE_MAX_CODE (4 << 20)   /* bytes of code a trace's PCs may span (4 MB: 256K instructions) */
#define TRACE_MAX_SRC 8

/* ---- the SASS opcode table (isa/sass_opcodes.def) ---- */
typedef struct {
    const char *base;
    isa_unit unit;
    isa_space space;             /* SPACE_NONE for no memory access */
    isa_kind kind;
    const char *gens;            /* generation letters: K P V T A H */
} sass_info;

extern const sass_info sass_ops[];
extern const int sass_nops;
/* the generation letter of a -binary version (35 -> 'K', 80 -> 'A'), 0 if unknown */
char sass_generation(int binary_version);
const char *sass_generation_name(char gen);
/* the table index of a base mnemonic in generation gen; -1 when it has none */
int sass_find(const char *base, char gen);
/* an opcode of generation gen on unit class `unit` that computes (kind ALU,
 * no memory access): what a trace labelled with that generation writes for
 * a warpsim opcode the generation lacks; NULL when it has none */
const char *sass_stand_in(isa_unit unit, char gen);

/* ---- one instruction of a warp ---- */
/* what every execution at a pc shares (most often; the kernel's table
 * holds each form once, trace_shared_at) */
typedef struct {
    uint32_t src_line;           /* -enable lineinfo = 1: the CUDA source line */
    int16_t sass;                /* sass_ops index; -1 in warpsim's own traces */
    uint16_t text;               /* the full opcode text, an index into the kernel's texts */
    uint8_t ndst, nsrc, width, cache_op;
    uint8_t dst[TRACE_MAX_DST], src[TRACE_MAX_SRC];   /* register numbers; 255 is RZ */
    uint8_t cta_scope;           /* the opcode text has .CTA (MEMBAR.CTA: the block's scope), so
                                  * that the run need not read the kernel's texts (trace_ahead.h) */
    uint8_t pad[3];              /* zero: forms are compared and cached byte for byte */
    uint32_t pc;                 /* byte address: a form is its pc's (an instruction holds no pc) */
} trace_shared;

/* 1 + the highest register (R0-R254: 255 is RZ) the form names, 0 none */
static inline int trace_shared_reg_top(const trace_shared *sh)
{
    int top = 0;
    for (int r = 0; r < sh->ndst + sh->nsrc; r++) {
        int reg = r < sh->ndst ? sh->dst[r] : sh->src[r - sh->ndst];
        if (reg != 255 && reg >= top) top = reg + 1;
    }
    return top;
}

/* 24 bytes: a run holds each resident warp's whole stream. Its pc is its
 * form's (trace_inst_pc); the file line the kernel keeps per form, where
 * the form was first read (trace_shared_line) */
typedef struct {
    uint32_t mask;               /* lanes that executed (active and guard true); in warpsim's own
                                  * traces the lanes that issued */
    uint32_t exec;               /* lanes that executed (= mask, but from the immediate in warpsim's traces) */
    uint32_t shared;             /* its trace_shared, an index into the kernel's table */
    uint8_t diverged;            /* warpsim's traces: the branch split the warp */
    uint8_t addr_form;           /* what addr holds (TRACE_ADDR_...) */
    uint64_t *addr;              /* a memory access's addresses (trace_addresses), else NULL */
} trace_inst;

/* trace_inst.addr's forms, unpacked at issue (trace_addresses) */
enum {
    TRACE_ADDR_PACKED,           /* the lanes packed as the binary cache holds them
                                  * (trace_lanes.h: 2- or 4-byte offsets from the lowest) */
    TRACE_ADDR_STRIDED,          /* 3 words: the lanes with addresses (the mask as read), the
                                  * first one's address and the step between them (most accesses) */
    TRACE_ADDR_PATTERN           /* 2 words: the lowest address and a pattern of the kernel's
                                  * (trace_pattern): the lanes and their offsets from it,
                                  * which a pc's accesses most often repeat */
};

/* the lanes of an access and their offsets from its lowest address,
 * shared by the accesses that differ from one another by that address:
 * the packed form (trace_lanes.h) with its base 0 */
typedef struct {
    uint16_t len;
    unsigned char bytes[4 + 1 + 8 + 4 * TRACE_WARP];   /* offsets of 2 or 4 bytes */
} trace_pattern;

typedef struct {
    uint32_t id[3];
    int nwarps;
    trace_inst **warp;           /* per warp: its instructions */
    int *count;
    void *mem;                   /* the block's instructions and addresses (sim/trace.c) */
    size_t mem_hint;             /* the bytes its first chunk should hold */
    uint32_t max_pc;
} trace_block;

typedef struct {
    char path[512];
    FILE *f;
    int piped;                   /* read through xz -dc */
    int line;                    /* of the last line read */
    char *buf;                   /* the last line read, in rbuf */
    char *rbuf;                  /* the text as read: bytes [rpos, rlen) not yet split into lines */
    size_t rcap, rpos, rlen;
    int reof;                    /* the stream has ended */
    size_t block_bytes;          /* the memory the last block read took (trace_block.mem_hint) */
    /* 1 + the highest register (R0-R254) an instruction read so far names
     * (the reader's), and the same for the whole kernel as its cache
     * recorded it (0: not known before the run: the text is read first) */
    int reg_top, regs_known;
    /* the header */
    char name[256];
    int id;
    uint32_t grid[3], block[3];
    int shmem, nregs, binary_version, tracer_version, lineinfo;
    int version_line;            /* the '-binary version' line, for messages (0: none) */
    int nvbit_mask;          /* a warpsim trace whose mask column holds the executed lanes (NVBit's) */
    char gen;
    int insn_bytes;              /* 16 from Volta on, 8 before */
    /* the distinct opcode texts seen, and the text of each pc (for per-PC views) */
    char **texts;
    int ntexts, cap_texts;
    int *pc_text, *pc_line;
    int npc;
    /* the forms instructions share (trace_inst.shared), in chunks that
     * never move: the reading thread adds forms while the run reads those
     * of the blocks it was handed (trace_ahead.h) */
    trace_shared **shared;
    uint32_t nshared;
    /* the reader's: per pc (>> 3), its latest form + 1 (0: none), and
     * per form the file line it was first read on and the form the pc had
     * before it (+ 1) */
    uint32_t *shared_head, nshared_head;
    struct trace_form_link { uint32_t line, prev; } *shared_link;
    /* warpsim's own traces (-binary version = 1): each pc's static facts */
    isrc_static *wfacts;
    int nwfacts;
    uint64_t blocks_read;
    /* each pc's opcode text decoded once: what parse_inst found for it
     * (text -1: not yet); a line with the same text at the pc reuses it */
    struct trace_decoded *dec;
    uint32_t ndec;
    /* each pc's last line from its destination count to its width, and
     * the form the full reader found for it (trace_fast.h); fast_lines:
     * the lines read through it; fast_off: none are (tests) */
    struct trace_memo *memo;
    uint32_t nmemo;
    int fast_off;
    uint64_t fast_lines;
    /* the patterns of lane offsets (TRACE_ADDR_PATTERN), in chunks that
     * never move, as the forms are; per pc (>> 3) the reader's latest
     * ones and how many it made (trace_pattern.c) */
    trace_pattern **pat;
    uint32_t npat;
    struct trace_pat_slot *pat_slot;
    uint32_t npat_slot;
    /* the binary cache (trace_bin.h): the blocks come from bin_in while it
     * is open, and bin_out receives those read from the text */
    struct trace_bin *bin_in, *bin_out;
} trace_kernel;

#define TRACE_SHARED_BITS 12                 /* forms a chunk of the table holds: 4096 */
#define TRACE_SHARED_CHUNKS 4096             /* so at most 16 M forms a kernel */
static inline const trace_shared *trace_shared_at(const trace_kernel *k, uint32_t i)
{
    return &k->shared[i >> TRACE_SHARED_BITS][i & ((1u << TRACE_SHARED_BITS) - 1)];
}
static inline uint32_t trace_inst_pc(const trace_kernel *k, const trace_inst *in) { return trace_shared_at(k, in->shared)->pc; }
/* the index of form sh (its padding zero, its pc set) in k's table, added
 * (first read on file line `line`) if the pc has not had it: 0, or -1 when
 * the table is full */
int trace_shared_index(trace_kernel *k, const trace_shared *sh, uint32_t line, uint32_t *out);
/* the file line form i was first read on: the reader's table, read by the
 * run only once the reader has stopped (trace_ahead_stop) */
static inline uint32_t trace_shared_line(const trace_kernel *k, uint32_t i) { return k->shared_link[i].line; }
void trace_shared_free(trace_kernel *k);

#define TRACE_PAT_BITS 10                    /* patterns a chunk holds: 1024 (144 KB) */
#define TRACE_PAT_CHUNKS 64                  /* so at most 64 K patterns (9 MB) a kernel */
static inline const trace_pattern *trace_pattern_at(const trace_kernel *k, uint64_t i)
{
    return &k->pat[i >> TRACE_PAT_BITS][i & ((1u << TRACE_PAT_BITS) - 1)];
}
/* the TRACE_WARP addresses of a memory access of k (0 for lanes not in mask) */
void trace_addresses(const trace_kernel *k, const trace_inst *in, uint64_t out[TRACE_WARP]);

/* open path and read its header: from its binary cache when that matches
 * it (the blocks follow from the cache too), else from the text, writing
 * the cache as the blocks are read (trace_bin.h; trace_cache_set_mode) */
int trace_kernel_open(trace_kernel *k, const char *path, diag *d);
/* the same from an open stream (fmemopen: the fuzz harness), named name;
 * k owns f (trace_kernel_close closes it) */
int trace_kernel_open_stream(trace_kernel *k, const char *name, FILE *f, diag *d);
/* 1 and the next block in b, 0 at the end of the file, -1 on an error (reported) */
int trace_kernel_next_block(trace_kernel *k, trace_block *b, diag *d);
void trace_block_free(trace_block *b);
/* the memory finished blocks left for the next ones, given back (at a run's end) */
void trace_pool_release(void);
/* the run of k is over (ok: without an error): the text is read to its end
 * and its binary cache put in place (trace_bin.h), the stream closed; k
 * keeps its texts for the per-PC views */
void trace_kernel_end(trace_kernel *k, int ok);
void trace_kernel_close(trace_kernel *k);

/* ---- kernelslist.g ---- */
typedef struct {
    int is_kernel;
    char path[512];              /* kernel: the file, relative paths resolved */
    uint64_t addr, bytes;        /* MemcpyHtoD */
    int line;
} trace_cmd;

/* the commands of a list; a path ending in .traceg[.xz] is a one-kernel list */
int trace_list_read(const char *path, trace_cmd **cmds, int *n, diag *d);

#endif
