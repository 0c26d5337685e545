/* isa/diag.h — error reports with file:line:col, the line and a caret,
 * collected in a buffer so that tests can read them and the CLI prints them. */
#ifndef WARPSIM_DIAG_H
#define WARPSIM_DIAG_H
#include <stddef.h>
#include <stdarg.h>

typedef struct {
    char *text;     /* every message so far, NUL-terminated */
    size_t len, cap;
    int errors;
} diag;

void diag_init(diag *d);
void diag_free(diag *d);
/* "file:line:col: error: message", then the source line and a caret at col
 * (1-based). srcline may be NULL; it ends at '\n' or NUL. */
void diag_at(diag *d, const char *file, int line, int col, const char *srcline,
             const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* the same as a note that adds to the error before it (not counted) */
void diag_note_at(diag *d, const char *file, int line, int col, const char *srcline,
                  const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* a message without a position (still counted as an error) */
void diag_error(diag *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void diag_vappend(diag *d, const char *fmt, va_list ap);
void diag_append(diag *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* the candidate closest to word by edit distance (case-insensitive), or NULL
 * when none is close enough to be a plausible typo */
const char *util_nearest(const char *word, const char *const *cands, int ncands);
/* edit distance, case-insensitive */
int util_edit_distance(const char *a, const char *b);

#include "util/xalloc.h"   /* most diag users also allocate */

#endif
