/* isa/diag.c — diagnostics and small helpers shared by every parser. */
#include "diag.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void diag_init(diag *d) { memset(d, 0, sizeof *d); }

void diag_free(diag *d) { free(d->text); memset(d, 0, sizeof *d); }

void diag_vappend(diag *d, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0) return;
    if (d->len + (size_t)n + 1 > d->cap) {
        size_t cap = d->cap ? d->cap : 256;
        while (cap < d->len + (size_t)n + 1) cap *= 2;
        d->text = xrealloc(d->text, cap);
        d->cap = cap;
    }
    vsnprintf(d->text + d->len, (size_t)n + 1, fmt, ap);
    d->len += (size_t)n;
}

void diag_append(diag *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_vappend(d, fmt, ap);
    va_end(ap);
}

void diag_error(diag *d, const char *fmt, ...)
{
    va_list ap;
    d->errors++;
    diag_append(d, "error: ");
    va_start(ap, fmt);
    diag_vappend(d, fmt, ap);
    va_end(ap);
    diag_append(d, "\n");
}

/* "file:line:col: KIND: message", the source line and a caret */
static void positioned(diag *d, const char *kind, const char *file, int line, int col, const char *srcline,
                       const char *fmt, va_list ap)
{
    diag_append(d, "%s:%d:%d: %s: ", file ? file : "<input>", line, col, kind);
    diag_vappend(d, fmt, ap);
    diag_append(d, "\n");
    if (!srcline) return;
    int n = 0;
    while (srcline[n] && srcline[n] != '\n' && srcline[n] != '\r') n++;
    diag_append(d, "  %.*s\n  ", n, srcline);
    for (int i = 1; i < col && i <= n; i++)
        diag_append(d, "%c", srcline[i - 1] == '\t' ? '\t' : ' ');
    diag_append(d, "^\n");
}

void diag_at(diag *d, const char *file, int line, int col, const char *srcline,
             const char *fmt, ...)
{
    va_list ap;
    d->errors++;
    va_start(ap, fmt);
    positioned(d, "error", file, line, col, srcline, fmt, ap);
    va_end(ap);
}

void diag_note_at(diag *d, const char *file, int line, int col, const char *srcline, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    positioned(d, "note", file, line, col, srcline, fmt, ap);
    va_end(ap);
}

/* optimal string alignment distance: a swap of neighbours counts as one */
int util_edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 63 || lb > 63) return 99;
    int dist[64][64];
    for (size_t i = 0; i <= la; i++) dist[i][0] = (int)i;
    for (size_t j = 0; j <= lb; j++) dist[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            int ai = tolower((unsigned char)a[i - 1]), bj = tolower((unsigned char)b[j - 1]);
            int best = dist[i - 1][j - 1] + (ai != bj);
            if (dist[i - 1][j] + 1 < best) best = dist[i - 1][j] + 1;
            if (dist[i][j - 1] + 1 < best) best = dist[i][j - 1] + 1;
            if (i > 1 && j > 1 && ai == tolower((unsigned char)b[j - 2]) && tolower((unsigned char)a[i - 2]) == bj
                && dist[i - 2][j - 2] + 1 < best)
                best = dist[i - 2][j - 2] + 1;
            dist[i][j] = best;
        }
    return dist[la][lb];
}

const char *util_nearest(const char *word, const char *const *cands, int ncands)
{
    const char *best = NULL;
    int best_d = 99;
    for (int i = 0; i < ncands; i++) {
        if (!cands[i]) continue;
        int dist = util_edit_distance(word, cands[i]);
        if (dist < best_d) { best_d = dist; best = cands[i]; }
    }
    size_t len = strlen(word);
    int limit = len <= 3 ? 1 : len <= 6 ? 2 : 3;
    return best_d <= limit ? best : NULL;
}
