/* isa/asm.c — the assembler's outer level: kernels, directives, labels.
 * A source file holds `.kernel ... .end` blocks and `.workload ... .end`
 * blocks; the latter are recorded here and parsed by sim/front/workload.c. */
#include "asm_internal.h"
#include "sass_dump.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int err(asm_ctx *c, int col, const char *fmt, const char *a)
{
    diag_at(c->d, c->file, c->line, col, c->src, fmt, a);
    return -1;
}

/* the line without its comment (# or //), trimmed; returns its length */
static int clean_line(const char *line, char *out, int cap, int *first_col)
{
    int n = 0;
    while (line[n] && line[n] != '\n') n++;
    int end = 0;
    for (int i = 0; i < n; i++) {
        if (line[i] == '#' || (line[i] == '/' && line[i + 1] == '/')) break;
        end = i + 1;
    }
    while (end > 0 && (isspace((unsigned char)line[end - 1]) || line[end - 1] == ';')) end--;
    int start = 0;
    while (start < end && isspace((unsigned char)line[start])) start++;
    /* keep columns: copy from 0 so that col = index + 1 */
    if (end >= cap) end = cap - 1;
    memcpy(out, line, (size_t)end);
    out[end] = 0;
    *first_col = start + 1;
    return end;
}

static int word_len(const char *s)
{
    int n = 0;
    while (s[n] && !isspace((unsigned char)s[n])) n++;
    return n;
}

static int is_name(const char *s, int len)
{
    if (len <= 0 || !(isalpha((unsigned char)s[0]) || s[0] == '_')) return 0;
    for (int i = 1; i < len; i++)
        if (!(isalnum((unsigned char)s[i]) || s[i] == '_')) return 0;
    return 1;
}

static int param_type(const char *t, isa_param_type *pt, uint32_t *size)
{
    static const struct { const char *name; isa_param_type type; uint32_t size; } types[] = {
        { "u32", PT_U32, 4 }, { "s32", PT_S32, 4 }, { "u64", PT_U64, 8 },
        { "s64", PT_S64, 8 }, { "f32", PT_F32, 4 }, { "f64", PT_F64, 8 },
    };
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (!strcmp(t, types[i].name)) { *pt = types[i].type; *size = types[i].size; return 0; }
    return -1;
}

static int add_symbol(asm_ctx *c, const char *name, uint32_t value, int col)
{
    for (int i = 0; i < c->k->nsymbols; i++)
        if (!strcmp(c->k->symbols[i].name, name)) return err(c, col, "'%s' is declared twice", name);
    for (int i = 0; i < c->k->nparams; i++)
        if (!strcmp(c->k->params[i].name, name)) return err(c, col, "'%s' is already a parameter", name);
    if (c->k->nsymbols == c->cap_symbols) {
        c->cap_symbols = c->cap_symbols ? 2 * c->cap_symbols : 8;
        c->k->symbols = xrealloc(c->k->symbols, sizeof(isa_symbol) * (size_t)c->cap_symbols);
    }
    isa_symbol *s = &c->k->symbols[c->k->nsymbols++];
    snprintf(s->name, sizeof s->name, "%s", name);
    s->value = value;
    return 0;
}

static int directive(asm_ctx *c, char *s, int col)
{
    char w[4][64] = { "", "", "", "" };
    int wcol[4] = { 0 }, nw = 0, i = 0;
    while (s[i] && nw < 4) {
        while (isspace((unsigned char)s[i])) i++;
        if (!s[i]) break;
        int l = word_len(s + i);
        wcol[nw] = col + i;
        snprintf(w[nw++], 64, "%.*s", l, s + i);
        i += l;
    }
    while (isspace((unsigned char)s[i])) i++;
    if (s[i]) return err(c, col + i, "unexpected text '%s' after the directive", s + i);
    if (!strcmp(w[0], ".param")) {
        isa_param_type pt; uint32_t size;
        if (nw != 3) return err(c, col, "%s", ".param needs a name and a type: .param x u64");
        if (!is_name(w[1], (int)strlen(w[1]))) return err(c, wcol[1], "'%s' is not a valid name", w[1]);
        if (param_type(w[2], &pt, &size))
            return err(c, wcol[2], "unknown parameter type '%s' (u32 s32 u64 s64 f32 f64)", w[2]);
        for (int j = 0; j < c->k->nparams; j++)
            if (!strcmp(c->k->params[j].name, w[1])) return err(c, wcol[1], "parameter '%s' is declared twice", w[1]);
        if (c->k->nparams == c->cap_params) {
            c->cap_params = c->cap_params ? 2 * c->cap_params : 8;
            c->k->params = xrealloc(c->k->params, sizeof(isa_param) * (size_t)c->cap_params);
        }
        isa_param *p = &c->k->params[c->k->nparams++];
        snprintf(p->name, sizeof p->name, "%s", w[1]);
        p->type = pt;
        p->size = size;
        p->offset = (c->k->cbank_bytes + size - 1) / size * size;
        c->k->cbank_bytes = p->offset + size;
        return 0;
    }
    if (!strcmp(w[0], ".shared") || !strcmp(w[0], ".local")) {
        int is_shared = w[0][1] == 's';
        int need = is_shared ? 3 : 2;
        if (nw < need || nw > need + 1)
            return err(c, col, "%s", is_shared ? ".shared needs a name and a size in bytes: .shared bins 1024 [align]"
                                               : ".local needs a size in bytes per thread: .local 64");
        int64_t size, align = 16; double f; int isf;
        const char *sz = w[need - 1];
        if (asm_parse_number(sz, (int)strlen(sz), &size, &f, &isf) || isf || size <= 0 || size > (1 << 24))
            return err(c, wcol[need - 1], "'%s' is not a valid size in bytes (1 .. 16 MB)", sz);
        if (nw == need + 1 && (asm_parse_number(w[need], (int)strlen(w[need]), &align, &f, &isf) || isf
                               || align <= 0 || (align & (align - 1))))
            return err(c, wcol[need], "'%s' is not a valid alignment (a power of two)", w[need]);
        if (!is_shared) { c->k->local_bytes += (uint32_t)((size + 3) & ~3); return 0; }
        if (!is_name(w[1], (int)strlen(w[1]))) return err(c, wcol[1], "'%s' is not a valid name", w[1]);
        uint32_t off = (c->k->shared_bytes + (uint32_t)align - 1) & ~((uint32_t)align - 1);
        if (add_symbol(c, w[1], off, wcol[1])) return -1;
        c->k->shared_bytes = off + (uint32_t)size;
        return 0;
    }
    const char *known[] = { ".param", ".shared", ".local", ".end", ".kernel", ".workload" };
    const char *near = util_nearest(w[0], known, 6);
    if (near) {
        diag_at(c->d, c->file, c->line, col, c->src, "unknown directive '%s' (did you mean '%s'?)", w[0], near);
        return -1;
    }
    return err(c, col, "unknown directive '%s' (.param .shared .local .end)", w[0]);
}

int asm_label_define(asm_ctx *c, const char *name, int len, int col)
{
    char n[64];
    snprintf(n, sizeof n, "%.*s", len, name);
    for (int i = 0; i < c->nlabels; i++)
        if (!strcmp(c->labels[i].name, n)) {
            diag_at(c->d, c->file, c->line, col, c->src, "label '%s' is defined twice (first at line %d)", n, c->labels[i].line);
            return -1;
        }
    if (c->nlabels == c->cap_labels) {
        c->cap_labels = c->cap_labels ? 2 * c->cap_labels : 16;
        c->labels = xrealloc(c->labels, sizeof *c->labels * (size_t)c->cap_labels);
    }
    asm_label_ref *l = &c->labels[c->nlabels++];
    snprintf(l->name, sizeof l->name, "%s", n);
    l->pc = c->k->ncode; l->line = c->line; l->col = col;
    return 0;
}

/* resolve label uses, check the end, compute reconvergence points */
int asm_kernel_finish(asm_ctx *c, const src_file *s)
{
    isa_kernel *k = c->k;
    int bad = 0;
    for (int i = 0; i < c->nrefs; i++) {
        asm_label_ref *r = &c->refs[i];
        int found = -1;
        for (int j = 0; j < c->nlabels; j++)
            if (!strcmp(c->labels[j].name, r->name)) found = j;
        if (found < 0 && k->sass_arch && !strncmp(r->name, "L_", 2)) {
            diag_at(c->d, c->file, r->line, r->col, src_line(s, r->line),
                    "branch target 0x%s is not the address of an instruction of '%s' (a truncated or edited dump?)", r->name + 2, k->name);
            bad = 1;
            continue;
        }
        if (found < 0) {
            const char *cands[256];
            int n = 0;
            for (int j = 0; j < c->nlabels && n < 256; j++) cands[n++] = c->labels[j].name;
            const char *near = util_nearest(r->name, cands, n);
            diag_at(c->d, c->file, r->line, r->col, src_line(s, r->line), "undefined label '%s'%s%s%s", r->name,
                    near ? " (did you mean '" : "", near ? near : "", near ? "'?)" : "");
            bad = 1;
            continue;
        }
        if (c->labels[found].pc >= k->ncode) {
            diag_at(c->d, c->file, r->line, r->col, src_line(s, r->line),
                    "label '%s' is at the end of the kernel, after the last instruction", r->name);
            bad = 1;
            continue;
        }
        k->code[r->pc].o[r->slot].imm = c->labels[found].pc;
        k->code[r->pc].target = c->labels[found].pc;
    }
    if (bad) return -1;
    if (k->ncode == 0) return err(c, 1, "kernel '%s' has no instructions", k->name);
    const isa_insn *last = &k->code[k->ncode - 1];
    int unguarded = last->guard == ISA_PRED_PT && !last->guard_neg && !(last->op == OP_EXIT && isa_insn_conditional(last));
    if (!unguarded || (last->op != OP_EXIT && last->op != OP_BRA)) {
        diag_at(c->d, c->file, last->line, last->col, src_line(s, last->line),
                "kernel '%s' can run past its last instruction; end it with EXIT or BRA", k->name);
        return -1;
    }
    k->labels = xcalloc((size_t)k->ncode, sizeof(char *));
    for (int j = 0; j < c->nlabels; j++)
        if (c->labels[j].pc < k->ncode && !k->labels[c->labels[j].pc])
            k->labels[c->labels[j].pc] = xstrdup(c->labels[j].name);
    cfg_reconvergence(k);
    return 0;
}

isa_kernel *asm_kernel_new(isa_program *p, const char *name, const char *file, int line)
{
    p->kernels = xrealloc(p->kernels, sizeof(isa_kernel) * (size_t)(p->nkernels + 1));
    isa_kernel *k = &p->kernels[p->nkernels++];
    memset(k, 0, sizeof *k);
    snprintf(k->name, sizeof k->name, "%s", name);
    k->file = file;
    k->line = line;
    k->cbank_bytes = ISA_PARAM_BASE;
    k->param_base = ISA_PARAM_BASE;
    return k;
}

/* one line inside a kernel; returns 1 at .end */
static int kernel_line(asm_ctx *c, char *buf, int first_col)
{
    char *s = buf + first_col - 1;
    if (!strncmp(s, ".end", 4) && (!s[4] || isspace((unsigned char)s[4]))) {
        if (s[4]) return err(c, first_col + 4, "unexpected text after .end%s", "");
        return 1;
    }
    if (s[0] == '.') { directive(c, s, first_col); return 0; }
    /* labels: name: [instruction] */
    int col = first_col;
    for (;;) {
        int l = 0;
        while (isalnum((unsigned char)s[l]) || s[l] == '_') l++;
        if (l == 0 || s[l] != ':' || !is_name(s, l)) break;
        if (asm_label_define(c, s, l, col)) return 0;
        s += l + 1;
        col += l + 1;
        while (isspace((unsigned char)*s)) { s++; col++; }
    }
    if (*s) asm_instruction(c, s, col);
    return 0;
}

/* .sass "FILE": every function of an nvcc SASS dump, the path relative to
 * the file that names it */
static void import_dump(asm_ctx *c, isa_program *p, const char *rest, int col)
{
    size_t n = strlen(rest);
    if (n < 2 || rest[0] != '"' || rest[n - 1] != '"' || memchr(rest + 1, '"', n - 2)) {
        err(c, col, "%s", ".sass needs one file name in double quotes: .sass \"saxpy.sm_90.sass\"");
        return;
    }
    char path[1024];
    const char *slash = strrchr(c->file, '/');
    int dir = rest[1] == '/' || !slash ? 0 : (int)(slash - c->file) + 1;
    if ((size_t)dir + n >= sizeof path) { err(c, col, "%s", "file name too long"); return; }
    snprintf(path, sizeof path, "%.*s%.*s", dir, c->file, (int)n - 2, rest + 1);
    int before = c->d->errors;
    sass_dump_read(p, path, c->d);
    if (c->d->errors > before) diag_note_at(c->d, c->file, c->line, col, c->src, "imported here");
}

int asm_program(isa_program *p, diag *d)
{
    int before = d->errors;
    const src_file *s = &p->src;
    asm_ctx c;
    memset(&c, 0, sizeof c);
    c.d = d;
    c.file = s->path;
    int in_kernel = 0, in_workload = 0, open_line = 0;
    char *buf = xmalloc(8192);
    for (int ln = 1; ln <= s->nlines; ln++) {
        c.line = ln;
        c.src = s->line[ln - 1];
        int fc, len = clean_line(c.src, buf, 8192, &fc);
        if (fc > len) continue;
        char *t = buf + fc - 1;
        if (in_workload) {
            if (!strncmp(t, ".end", 4) && (!t[4] || isspace((unsigned char)t[4]))) {
                p->workloads[p->nworkloads - 1].last = ln - 1;
                in_workload = 0;
            }
            continue;
        }
        int wl = word_len(t);
        int opens = (wl == 7 && !strncmp(t, ".kernel", 7)) || (wl == 9 && !strncmp(t, ".workload", 9));
        if (in_kernel && opens) {
            /* a kernel left open: say so once, close it here and read on
             * (each following line was an 'unknown opcode' before) */
            diag_at(d, s->path, ln, fc, c.src, "kernel '%s' (line %d) has no .end before this %.*s; add .end after its last instruction",
                    c.k->name, open_line, wl, t);
            asm_kernel_finish(&c, s);
            in_kernel = 0;
        }
        if (in_kernel) {
            if (kernel_line(&c, buf, fc) == 1) {
                asm_kernel_finish(&c, s);
                in_kernel = 0;
            }
            continue;
        }
        char name[64] = "";
        int ncol = fc + wl;
        char *rest = t + wl;
        while (isspace((unsigned char)*rest)) { rest++; ncol++; }
        snprintf(name, sizeof name, "%.*s", word_len(rest), rest);
        if (opens) {
            if (!is_name(name, (int)strlen(name)) || rest[strlen(name)]) {
                err(&c, ncol, "expected one name after the directive, found '%s'", rest);
                continue;
            }
            if (wl == 7) {
                if (asm_find(p, name)) { err(&c, ncol, "kernel '%s' is defined twice", name); }
                free(c.labels); free(c.refs);
                memset(&c.labels, 0, sizeof c - offsetof(asm_ctx, labels));
                c.cap_code = c.cap_params = c.cap_symbols = 0;
                c.k = asm_kernel_new(p, name, s->path, ln);
                in_kernel = 1;
            } else {
                p->workloads = xrealloc(p->workloads, sizeof(asm_block) * (size_t)(p->nworkloads + 1));
                asm_block *b = &p->workloads[p->nworkloads++];
                snprintf(b->name, sizeof b->name, "%s", name);
                b->line = ln; b->first = ln + 1; b->last = s->nlines;
                in_workload = 1;
            }
            open_line = ln;
            continue;
        }
        if (wl == 5 && !strncmp(t, ".sass", 5)) {
            import_dump(&c, p, rest, ncol);
            continue;
        }
        const char *known[] = { ".kernel", ".workload", ".sass" };
        char word[64];
        snprintf(word, sizeof word, "%.*s", wl, t);
        const char *near = util_nearest(word, known, 3);
        diag_at(d, s->path, ln, fc, c.src, "expected .kernel, .workload or .sass, found '%s'%s%s%s", word,
                near ? " (did you mean '" : "", near ? near : "", near ? "'?)" : "");
    }
    if (in_kernel || in_workload) {
        c.line = open_line;
        c.src = s->line[open_line - 1];
        err(&c, 1, "this %s has no .end", in_kernel ? ".kernel" : ".workload");
    }
    free(buf);
    free(c.labels);
    free(c.refs);
    return d->errors - before;
}

int asm_text(isa_program *p, const char *path, const char *text, diag *d)
{
    memset(p, 0, sizeof *p);
    src_from_text(&p->src, path, text);
    return asm_program(p, d);
}

void asm_free(isa_program *p)
{
    for (int i = 0; i < p->nkernels; i++) {
        isa_kernel *k = &p->kernels[i];
        for (int j = 0; k->labels && j < k->ncode; j++) free(k->labels[j]);
        free(k->labels); free(k->code); free(k->params); free(k->symbols); free(k->bank2); free(k->bank3); free(k->ibt); free(k->elf_params);
        free(k->modvars); free(k->relocs); free(k->srcloc);
    }
    free(p->kernels);
    free(p->workloads);
    for (int i = 0; i < p->nvarinit; i++) free(p->varinit[i].data);
    free(p->varinit);
    for (int i = 0; i < p->nsrcnames; i++) free(p->srcnames[i]);
    free(p->srcnames);
    for (int i = 0; i < p->ndumps; i++) src_free(&p->dumps[i]);
    free(p->dumps);
    src_free(&p->src);
    memset(p, 0, sizeof *p);
}

const isa_kernel *asm_find(const isa_program *p, const char *name)
{
    return asm_find_for(p, name, -1, NULL);
}

/* a kernel by name (mangled, or the demangled base name when one kernel has
 * it) among warpsim-assembly kernels and the nvcc SASS of arch (any arch if
 * arch < 0); *ambiguous counts the kernels a base name matched */
const isa_kernel *asm_find_for(const isa_program *p, const char *name, int arch, int *ambiguous)
{
    const isa_kernel *by_base = NULL;
    int nbase = 0;
    for (int i = 0; i < p->nkernels; i++) {
        const isa_kernel *k = &p->kernels[i];
        if (arch >= 0 && k->sass_arch && k->sass_arch != arch) continue;
        if (!strcmp(k->name, name)) return k;
        /* the same function compiled for several arches is one name */
        if (k->sass_arch && !strcmp(k->base_name, name) && (!by_base || strcmp(by_base->name, k->name))) {
            if (!by_base) by_base = k;
            nbase++;
        }
    }
    if (ambiguous) *ambiguous = nbase;
    return nbase == 1 ? by_base : NULL;
}

/* the text a kernel was read from: its dump for nvcc's SASS, else the file */
const src_file *asm_kernel_source(const isa_program *p, const isa_kernel *k)
{
    for (int i = 0; k->sass_arch && i < p->ndumps; i++)
        if (p->dumps[i].path && k->file && !strcmp(p->dumps[i].path, k->file)) return &p->dumps[i];
    return &p->src;
}
