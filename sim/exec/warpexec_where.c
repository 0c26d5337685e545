/* sim/exec/warpexec_where.c — where a warp is, for the runtime's reports:
 * the kernel, block and warp, the source line's text, and the CUDA line
 * (with its inlining) when the kernel has a line table. */
#include "warpexec.h"
#include "demangle.h"
#include <stdio.h>
#include <string.h>

const char *xrun_src_text(const xrun *r, int line, char *buf, size_t len)
{
    const char *s = r->l->src ? src_line(r->l->src, line) : NULL;
    if (!s) { snprintf(buf, len, "?"); return buf; }
    while (*s == ' ' || *s == '\t') s++;
    snprintf(buf, len, "%.*s", (int)strcspn(s, "\n"), s);
    return buf;
}

/* "kernel K, block (x,y,z), warp W" prefix of every runtime report */
void xrun_where(const xrun *r, const xwarp *w, char *buf, size_t len)
{
    const xblock *b = &r->blocks[w->block];
    char name[256];
    snprintf(buf, len, "kernel '%.100s', block (%u,%u,%u), warp %d", dm_readable(r->k->name, name, sizeof name),
             b->ctaid[0], b->ctaid[1], b->ctaid[2], w->index);
}

/* ", CUDA file:line (inlined at ...)" for pc, or "" without a line table */
void xrun_cuda_where(const xrun *r, int pc, char *buf, size_t len)
{
    const isa_srcloc *cu = r->k->srcloc && r->k->srcloc[pc].file ? &r->k->srcloc[pc] : NULL;
    const char *base = cu ? strrchr(cu->file, '/') : NULL;
    buf[0] = 0;
    if (cu) snprintf(buf, len, ", CUDA %.80s:%d%s%.100s%s", base ? base + 1 : cu->file, cu->line,
                     cu->inlined_at ? " (inlined at " : "", cu->inlined_at ? cu->inlined_at : "", cu->inlined_at ? ")" : "");
}
