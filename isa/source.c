/* isa/source.c — source files kept as lines for error messages. */
#include "asm.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void split_lines(src_file *s)
{
    int cap = 64;
    s->line = xmalloc(sizeof(char *) * (size_t)cap);
    s->nlines = 0;
    const char *p = s->text;
    while (*p) {
        if (s->nlines == cap) {
            cap *= 2;
            s->line = xrealloc(s->line, sizeof(char *) * (size_t)cap);
        }
        s->line[s->nlines++] = p;
        const char *nl = strchr(p, '\n');
        if (!nl) break;
        p = nl + 1;
    }
}

void src_from_text(src_file *s, const char *path, const char *text)
{
    s->path = xstrdup(path);
    s->text = xstrdup(text);
    split_lines(s);
}

int src_read(src_file *s, const char *path, diag *d)
{
    memset(s, 0, sizeof *s);
    FILE *f = fopen(path, "rb");
    if (!f) {
        diag_error(d, "cannot open '%s': %s", path, strerror(errno));
        return -1;
    }
    size_t cap = 4096, len = 0;
    char *buf = xmalloc(cap);
    size_t n;
    while ((n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += n;
        if (cap - len < 2) { cap *= 2; buf = xrealloc(buf, cap); }
    }
    int bad = ferror(f);
    fclose(f);
    buf[len] = 0;
    if (bad) {
        free(buf);
        diag_error(d, "cannot read '%s'", path);
        return -1;
    }
    if (memchr(buf, 0, len)) {
        free(buf);
        diag_error(d, "'%s' is not a text file (it contains NUL bytes)", path);
        return -1;
    }
    s->path = xstrdup(path);
    s->text = buf;
    split_lines(s);
    return 0;
}

void src_free(src_file *s)
{
    free(s->path);
    free(s->text);
    free(s->line);
    memset(s, 0, sizeof *s);
}

const char *src_line(const src_file *s, int line)
{
    return line >= 1 && line <= s->nlines ? s->line[line - 1] : NULL;
}
