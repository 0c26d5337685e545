/* sim/front/trace_bin.h — the binary cache of a kernel trace: FILE.wsb
 * beside FILE (kernel-N.traceg or kernel-N.traceg.xz), written while the
 * text is read and read instead of it when it matches (docs/trace.md,
 * "The binary cache"). The reader's parts (trace.c) use these; the CLI
 * only sets the mode. */
#ifndef WARPSIM_TRACE_BIN_H
#define WARPSIM_TRACE_BIN_H
#include "trace.h"

typedef enum {
    TRACE_CACHE_ON,              /* read a matching cache, else write one */
    TRACE_CACHE_OFF,             /* neither read nor write */
    TRACE_CACHE_REFRESH          /* read the text and write the cache anew */
} trace_cache_mode;

/* the mode of every kernel opened after (default on); "on", "off" or
 * "refresh" by name: -1 for another name */
void trace_cache_set_mode(trace_cache_mode m);
int trace_cache_parse_mode(const char *name, trace_cache_mode *m);

typedef struct trace_bin trace_bin;

/* the cache of the text trace src, when it is valid for src as it is now:
 * k's header and per-pc tables are filled from it and the blocks follow
 * from trace_bin_read_block. NULL when there is none, it is stale or from
 * another warpsim (silently), or damaged (a one-line note on stderr). */
trace_bin *trace_bin_open(trace_kernel *k, const char *src);
/* 1 and the next block in b, 0 at the end (k->line as the text leaves
 * it), -1 when the cache is damaged here (b left empty: read the text) */
int trace_bin_read_block(trace_bin *r, trace_kernel *k, trace_block *b);

/* a writer of src's cache (its header read: insn_bytes known), into a
 * temporary file beside it; NULL when it cannot be made (a directory not
 * writable: silently) */
trace_bin *trace_bin_create(const char *src, int insn_bytes);
/* add the next block (a write error makes the commit discard the file) */
void trace_bin_put_block(trace_bin *w, const trace_kernel *k, const trace_block *b);
/* k was read to its end without error: its tables close the file, which
 * is renamed into place; frees w */
void trace_bin_commit(trace_bin *w, const trace_kernel *k);
/* close a reader, or drop a writer and its temporary file; NULL is fine */
void trace_bin_free(trace_bin *x);

#endif
