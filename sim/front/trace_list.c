/* sim/front/trace_list.c — kernelslist.g, Accel-Sim's list of a trace's
 * copies and kernel files (docs/trace.md, "The format"). */
#include "trace.h"
#include "util/xalloc.h"
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && !strcmp(s + a - b, suffix);
}

int trace_list_read(const char *path, trace_cmd **cmds, int *n, diag *d)
{
    *cmds = NULL;
    *n = 0;
    if (ends_with(path, ".traceg") || ends_with(path, ".traceg.xz")) {
        *cmds = xcalloc(1, sizeof **cmds);
        (*cmds)[0].is_kernel = 1;
        snprintf((*cmds)[0].path, sizeof (*cmds)[0].path, "%s", path);
        *n = 1;
        return 0;
    }
    FILE *f = fopen(path, "r");
    if (!f) { diag_error(d, "cannot open trace list '%s': %s", path, strerror(errno)); return -1; }
    const char *slash = strrchr(path, '/');
    char *line = NULL;
    size_t cap = 0;
    int ln = 0, cap_cmds = 0, bad = 0;
    while (getline(&line, &cap, f) >= 0 && !bad) {
        ln++;
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0]) continue;
        if (*n == cap_cmds) {
            cap_cmds = cap_cmds ? 2 * cap_cmds : 16;
            *cmds = xrealloc(*cmds, (size_t)cap_cmds * sizeof **cmds);
        }
        trace_cmd *c = &(*cmds)[*n];
        memset(c, 0, sizeof *c);
        c->line = ln;
        if (!strncmp(line, "MemcpyHtoD", 10)) {
            if (sscanf(line, "MemcpyHtoD,%" SCNx64 ",%" SCNu64, &c->addr, &c->bytes) != 2) {
                diag_error(d, "%s:%d: expected MemcpyHtoD,0xADDRESS,BYTES", path, ln);
                bad = 1;
            }
            (*n)++;
        } else if (!strncmp(line, "kernel", 6)) {
            c->is_kernel = 1;
            if (line[0] == '/' || !slash) snprintf(c->path, sizeof c->path, "%s", line);
            else snprintf(c->path, sizeof c->path, "%.*s/%s", (int)(slash - path), path, line);
            if (access(c->path, R_OK)) { diag_error(d, "%s:%d: cannot open kernel trace '%s'", path, ln, c->path); bad = 1; }
            (*n)++;
        }
        /* other lines (MemcpyDtoH and the like) do not affect timing */
    }
    free(line);
    fclose(f);
    if (!bad && !*n) { diag_error(d, "%s: no kernel in the list", path); bad = 1; }
    return bad ? -1 : 0;
}
