/* isa/sass_lines.c — each SASS instruction's CUDA source line, for code
 * built with `nvcc -lineinfo` (or -G). The line table is the cubin's
 * .debug_line; warpsim reads it as `nvdisasm --print-line-info-inline`
 * (-gi) prints it beside each instruction, kept next to the dump as
 * NAME.lines.txt (for NAME.sass; docs/cuda.md says why this form):
 *
 *   .headerflags @"EF_CUDA_TEXMODE_UNIFIED EF_CUDA_64BIT_ADDRESS EF_CUDA_SM90 ..."
 *   .text._Z7lessonsPKfPfi:
 *       //## File "/home/s/lines.cu", line 15
 *       /(star)0020(star)/   LDC.64 R2, c[0x0][0x210] ;
 *       //## File "/home/s/lines.cu", line 9 inlined at "/home/s/lines.cu", line 17
 *
 * A comment holds for the instructions after it, up to the next one. Several
 * nvdisasm outputs (one per cubin, each from its .headerflags) may follow one
 * another in the file. Each kernel of the dump whose name and arch a
 * function of the file has gets k->srcloc (one entry per instruction); a
 * function whose instructions do not match the dump's (another build) or that
 * stops short (a truncated file) is said, as a warning: the views then show
 * SASS only, or lines for the part that was read. */
#include "sass_dump.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* one function of the file while it is read: addr/16 -> its location */
typedef struct {
    char name[256];
    int arch, line;           /* line: where its section starts in the file */
    isa_srcloc *loc;
    char (*op)[16];           /* each instruction's opcode, to match the dump's */
    int n, cap;
} lt_func;

typedef struct {
    isa_program *p;
    const char *path;
    diag *d;
    lt_func *f;
    int nf;
    int arch;
    isa_srcloc cur;
    int any_loc;              /* some "//## File" comment was read */
    int pending;              /* a comment since the last instruction */
} lt_reader;

/* a name kept once for the whole program (freed by asm_free) */
static const char *intern(isa_program *p, const char *s)
{
    for (int i = 0; i < p->nsrcnames; i++)
        if (!strcmp(p->srcnames[i], s)) return p->srcnames[i];
    p->srcnames = xrealloc(p->srcnames, sizeof *p->srcnames * (size_t)(p->nsrcnames + 1));
    return p->srcnames[p->nsrcnames++] = xstrdup(s);
}

/* "PATH:LINE: warning: ..." (LINE 0: the whole file); a warning: the run goes on */
static void warn(lt_reader *r, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void warn(lt_reader *r, int line, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (line) diag_append(r->d, "%s:%d: warning: %s\n", r->path, line, msg);
    else diag_append(r->d, "%s: warning: %s\n", r->path, msg);
}

/* `"FILE", line N` at s: the file into buf, the line into *line; the text after, or NULL */
static const char *file_line(const char *s, char *buf, size_t cap, int *line)
{
    if (*s != '"') return NULL;
    const char *end = strchr(s + 1, '"');
    if (!end || (size_t)(end - s - 1) >= cap) return NULL;
    snprintf(buf, cap, "%.*s", (int)(end - s - 1), s + 1);
    int used = 0;
    if (sscanf(end + 1, ", line %d%n", line, &used) != 1 || !used || *line <= 0) return NULL;
    return end + 1 + used;
}

/* "//## File "F", line N [inlined at "G", line M]..." */
static int location(lt_reader *r, const char *s, int ln)
{
    char file[1024], at[1024], chain[2048] = "";
    int line, at_line;
    const char *rest = file_line(s, file, sizeof file, &line);
    if (!rest) { warn(r, ln, "a '//## File' comment that is not '\"FILE\", line N': %.*s", (int)strcspn(s, "\r\n"), s); return -1; }
    /* -gi gives an inlined instruction two comments, "line 9 inlined at ..., line 17" then
     * "line 17": the first is where it is (its function's line), the chain says from where */
    if (r->pending && r->cur.inlined_at) return 0;
    r->pending = 1;
    while ((rest = strstr(rest, " inlined at ")) && (rest = file_line(rest + 12, at, sizeof at, &at_line))) {
        const char *base = strrchr(at, '/');
        size_t n = strlen(chain);
        snprintf(chain + n, sizeof chain - n, "%s%s:%d", n ? " <- " : "", base ? base + 1 : at, at_line);
    }
    r->cur.file = intern(r->p, file);
    r->cur.line = line;
    r->cur.inlined_at = *chain ? intern(r->p, chain) : NULL;
    r->any_loc = 1;
    return 0;
}

static void begin_func(lt_reader *r, const char *name, int ln)
{
    r->f = xrealloc(r->f, sizeof *r->f * (size_t)(r->nf + 1));
    lt_func *f = &r->f[r->nf++];
    memset(f, 0, sizeof *f);
    snprintf(f->name, sizeof f->name, "%.*s", (int)strcspn(name, ": \t\r\n"), name);
    f->arch = r->arch;
    f->line = ln;
    memset(&r->cur, 0, sizeof r->cur);
    r->pending = 0;
}

/* the opcode of an instruction's text ("@!P0 IMAD.WIDE R2, ..." -> "IMAD") */
static void opcode_of(const char *text, char *out, size_t cap)
{
    while (*text == ' ' || *text == '\t') text++;
    if (*text == '@') { text += strcspn(text, " \t"); while (*text == ' ' || *text == '\t') text++; }
    snprintf(out, cap, "%.*s", (int)strcspn(text, " \t;.\r\n"), text);
}

/* "/(star)0040(star)/  @!P0 BRA ..." in the current function */
static void insn(lt_reader *r, long addr, const char *text, int ln)
{
    lt_func *f = &r->f[r->nf - 1];
    if (addr < 0 || addr % 16 || addr / 16 >= (1L << 20)) {
        warn(r, ln, "instruction address 0x%lx is not a multiple of 16 below 16 MB", addr);
        return;
    }
    int i = (int)(addr / 16);
    if (i >= f->cap) {
        int cap = i + 64 > 2 * f->cap ? i + 64 : 2 * f->cap;
        f->loc = xrealloc(f->loc, sizeof *f->loc * (size_t)cap);
        f->op = xrealloc(f->op, sizeof *f->op * (size_t)cap);
        memset(f->loc + f->cap, 0, sizeof *f->loc * (size_t)(cap - f->cap));
        memset(f->op + f->cap, 0, sizeof *f->op * (size_t)(cap - f->cap));
        f->cap = cap;
    }
    f->loc[i] = r->cur;
    r->pending = 0;
    opcode_of(text, f->op[i], sizeof f->op[i]);
    if (i + 1 > f->n) f->n = i + 1;
}

static void read_lines(lt_reader *r, FILE *in)
{
    char buf[4096];
    int ln = 0;
    while (fgets(buf, sizeof buf, in)) {
        ln++;
        const char *t = buf;
        while (*t == ' ' || *t == '\t') t++;
        const char *sm = strstr(t, "EF_CUDA_SM");
        if (!strncmp(t, ".headerflags", 12) && sm) { r->arch = atoi(sm + 10); continue; }
        if (!strncmp(t, ".text.", 6) && t[strcspn(t, " \t\r\n") - 1] == ':') { begin_func(r, t + 6, ln); continue; }
        if (!r->nf) continue;
        if (!strncmp(t, "//## File ", 10)) { location(r, t + 10, ln); continue; }
        char *end;
        if (t[0] == '/' && t[1] == '*') {
            long addr = strtol(t + 2, &end, 16);
            if (end > t + 2 && end[0] == '*' && end[1] == '/') {
                const char *text = end + 2;
                while (*text == ' ' || *text == '\t') text++;
                if (*text && *text != '\n' && *text != '/') insn(r, addr, text, ln);
            }
        }
    }
}

/* instruction i's opcode as the dump prints it (its line's text after the
 * address), else as warpsim names it */
static void dump_op(const isa_program *p, const isa_kernel *k, int i, char *out, size_t cap)
{
    const src_file *s = asm_kernel_source(p, k);
    int ln = k->code[i].line;
    const char *text = s && ln >= 1 && ln <= s->nlines ? strstr(s->line[ln - 1], "*/") : NULL;
    if (text) opcode_of(text + 2, out, cap);
    else opcode_of(isa_ops[k->code[i].op].mnemonic, out, cap);
}

/* a function's locations onto the kernel of the same name and arch */
static void attach(lt_reader *r, isa_kernel *k, const lt_func *f)
{
    int mismatch = -1;
    for (int i = 0; i < k->ncode && i < f->n && mismatch < 0; i++) {
        char op[24];
        dump_op(r->p, k, i, op, sizeof op);
        /* the NOPs that fill a gap of the dump are no instruction of it */
        if (f->op[i][0] && k->code[i].op != OP_NOP && strcmp(op, f->op[i])) mismatch = i;
    }
    if (mismatch >= 0) {
        char op[24];
        dump_op(r->p, k, mismatch, op, sizeof op);
        warn(r, f->line, "%s at 0x%x is %s here but %s in the dump: a line table of another build? Make it again "
             "from the same binary (docs/cuda.md); this kernel's views show SASS only", k->name, (unsigned)mismatch * 16,
             f->op[mismatch], op);
        return;
    }
    k->srcloc = xcalloc((size_t)k->ncode, sizeof *k->srcloc);
    for (int i = 0; i < k->ncode && i < f->n; i++) k->srcloc[i] = f->loc[i];
    if (f->n < k->ncode)
        warn(r, f->line, "%s ends at 0x%x while its SASS goes on: a truncated line table? Its later instructions have no line",
             k->name, (unsigned)f->n * 16);
}

int sass_lines_read(isa_program *p, int first, const char *path, diag *d)
{
    FILE *in = fopen(path, "r");
    if (!in) { diag_append(d, "%s: warning: cannot read this line table; the views show SASS only\n", path); return -1; }
    lt_reader r = { .p = p, .path = path, .d = d };
    read_lines(&r, in);
    fclose(in);
    int attached = 0;
    if (!r.nf)
        warn(&r, 0, "no function in it (no '.text.NAME:' line): give the whole output of 'nvdisasm -gi' of the cubin");
    else if (!r.any_loc)
        warn(&r, 0, "no '//## File' comment in it: the program was built without line information; build it with "
             "'nvcc -lineinfo' and make the table again (docs/cuda.md)");
    for (int j = 0; j < r.nf && r.any_loc; j++)
        for (int i = first; i < p->nkernels; i++) {
            isa_kernel *k = &p->kernels[i];
            if (k->srcloc || strcmp(k->name, r.f[j].name) || (r.f[j].arch && k->sass_arch != r.f[j].arch)) continue;
            attach(&r, k, &r.f[j]);
            attached += k->srcloc != NULL;
        }
    for (int j = 0; j < r.nf; j++) { free(r.f[j].loc); free(r.f[j].op); }
    free(r.f);
    return attached;
}

/* NAME.lines.txt beside NAME.sass, when it exists */
void sass_lines_beside(isa_program *p, int first, const char *dump, diag *d)
{
    size_t n = strlen(dump);
    char *path = xmalloc(n + 16);
    memcpy(path, dump, n + 1);
    if (n > 5 && !strcmp(path + n - 5, ".sass")) path[n - 5] = 0;
    strcat(path, ".lines.txt");
    FILE *f = fopen(path, "r");
    if (f) { fclose(f); sass_lines_read(p, first, path, d); }
    free(path);
}
