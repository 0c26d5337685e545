/* sim/out/src_text.c — finding and reading the CUDA source of a line table
 * (isa/sass_lines.c records the paths nvcc saw when it compiled, which need
 * not exist where the program runs now). Files are read once and kept. */
#include "src_text.h"
#include "util/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct {
    char *file, *near;        /* what was asked */
    char *path;               /* where it was found, or NULL */
    char *text;
    const char **line;        /* line[i]: the start of line i+1 */
    int nlines;
} src_entry;

static src_entry *entries;
static int nentries;
static char *program_dir;
static char **dirs;
static int ndirs;

const char *src_text_base(const char *file)
{
    const char *s = strrchr(file, '/');
    return s ? s + 1 : file;
}

static char *dir_of(const char *path)
{
    const char *s = strrchr(path, '/');
    if (!s) return xstrdup(".");
    char *d = xstrdup(path);
    d[s - path] = 0;
    if (!*d) { free(d); return xstrdup("/"); }
    return d;
}

void src_text_set_program(const char *program)
{
    free(program_dir);
    program_dir = program && *program ? dir_of(program) : NULL;
}

void src_text_add_dir(const char *dir)
{
    dirs = xrealloc(dirs, sizeof *dirs * (size_t)(ndirs + 1));
    dirs[ndirs++] = xstrdup(dir);
}

void src_text_add_dirs(const char *list)
{
    char *copy = xstrdup(list ? list : "");
    for (char *save = NULL, *t = strtok_r(copy, ":", &save); t; t = strtok_r(NULL, ":", &save)) src_text_add_dir(t);
    free(copy);
}

static int is_file(const char *p) { struct stat st; return stat(p, &st) == 0 && S_ISREG(st.st_mode); }

/* dir/name, or dir/ each tail of the recorded path (a/b/c.cu: c.cu, b/c.cu, a/b/c.cu) */
static char *look_in(const char *dir, const char *file)
{
    char *p = xmalloc(strlen(dir) + strlen(file) + 2);
    for (const char *tail = file + strlen(file); tail > file; tail--) {
        if (tail[-1] != '/') continue;
        sprintf(p, "%s/%s", dir, tail);
        if (is_file(p)) return p;
    }
    sprintf(p, "%s/%s", dir, file[0] == '/' ? file + 1 : file);
    if (is_file(p)) return p;
    free(p);
    return NULL;
}

static char *find(const char *file, const char *near)
{
    if (is_file(file)) return xstrdup(file);
    char *p = NULL;
    if (program_dir) p = look_in(program_dir, file);
    if (!p && near) {
        char *d = dir_of(near);
        p = look_in(d, file);
        free(d);
    }
    for (int i = 0; !p && i < ndirs; i++) p = look_in(dirs[i], file);
    return p;
}

static void split(src_entry *e)
{
    FILE *f = fopen(e->path, "rb");
    if (!f) return;
    size_t cap = 1 << 16, n = 0, got;
    e->text = xmalloc(cap + 1);
    while ((got = fread(e->text + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap && cap < (64u << 20)) { cap *= 2; e->text = xrealloc(e->text, cap + 1); }
        else if (n == cap) break;
    }
    fclose(f);
    e->text[n] = 0;
    int capl = 256;
    e->line = xmalloc(sizeof *e->line * (size_t)capl);
    for (char *s = e->text; *s; ) {
        if (e->nlines == capl) { capl *= 2; e->line = xrealloc(e->line, sizeof *e->line * (size_t)capl); }
        e->line[e->nlines++] = s;
        char *nl = strchr(s, '\n');
        if (!nl) break;
        s = nl + 1;
    }
}

static src_entry *entry(const char *file, const char *near)
{
    for (int i = 0; i < nentries; i++)
        if (!strcmp(entries[i].file, file) && !strcmp(entries[i].near, near ? near : "")) return &entries[i];
    entries = xrealloc(entries, sizeof *entries * (size_t)(nentries + 1));
    src_entry *e = &entries[nentries++];
    memset(e, 0, sizeof *e);
    e->file = xstrdup(file);
    e->near = xstrdup(near ? near : "");
    e->path = find(file, near);
    if (e->path) split(e);
    return e;
}

const char *src_text_path(const char *file, const char *near)
{
    return file ? entry(file, near)->path : NULL;
}

const char *src_text_line(const char *file, const char *near, int n, int *len)
{
    if (!file) return NULL;
    src_entry *e = entry(file, near);
    if (n < 1 || n > e->nlines) return NULL;
    const char *s = e->line[n - 1];
    size_t l = strcspn(s, "\r\n");
    *len = (int)l;
    return s;
}

void src_text_free(void)
{
    for (int i = 0; i < nentries; i++) {
        free(entries[i].file); free(entries[i].near); free(entries[i].path); free(entries[i].text); free(entries[i].line);
    }
    free(entries);
    entries = NULL;
    nentries = 0;
}
