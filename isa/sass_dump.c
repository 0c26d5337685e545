/* isa/sass_dump.c — nvcc's SASS, as `cuobjdump -sass` prints it (CUDA 11.8
 * to 13, sm_80 and sm_90), read into kernels: the third front end beside the
 * assembler and the trace reader. Each `Function : NAME` is a kernel; each
 * instruction line `(slash-star)0040(star-slash)  @!P0 IMAD.WIDE R2, R3, R4, c[0x0][0x160] ;`
 * goes through the assembler's own instruction parser (isa/asm_insn.c, the
 * opcodes of isa/opcodes.def), after the printing conventions that are not
 * part of an instruction are taken out in place, keeping every column:
 *   .reuse flags        R2.reuse      -> R2 (operand-reuse cache hints)
 *   IMMA's layouts      R16.ROW, R22.COL -> R16, R22 (A row-major, B column-major)
 *   memory descriptors  desc[UR4][R2.64] -> [R2.64] (the global-memory
 *                       descriptor of sm_90 and CUDA 12+; R2.64 = a pair)
 *   branch targets      BRA 0x1f0     -> BRA L_1f0, a label at byte 0x1f0
 *   RET's offset        RET.REL.NODEC R2 0x0 -> RET.REL.NODEC R2
 * Of the encoding in the comments, the second word's control bits (nvcc's
 * stall counts, yield, dependency barriers: isa.h ISA_CTL_*) are kept. Trailing NOPs (padding to a 128-byte boundary) are dropped.
 * Parameters and their bank-0 offsets come from the mangled name
 * (isa/demangle.c) at the arch's parameter base: 0x160 on sm_80, 0x210 on
 * sm_90 (nvcc's code reads them there: c[0x0][0x210] is sm_90's first). */
#include "sass_dump.h"
#include "asm_internal.h"
#include "demangle.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINE_MAX_CHARS 4096

typedef struct {
    asm_ctx c;
    isa_program *p;
    const src_file *s;
    int arch;             /* of the code read now (from "arch = sm_90") */
    int in_kernel;
    int func_line;
    int want_ctl;         /* the last instruction's second encoding word is next */
    int skip_rest;        /* the function's addresses went wrong: its other lines are not read */
    char buf[LINE_MAX_CHARS];
} dump_reader;

static const char *skip_ws(const char *s) { while (*s == ' ' || *s == '\t') s++; return s; }

/* blank [from, to) of buf with spaces: columns stay where the dump has them */
static void blank(char *from, char *to) { while (from < to) *from++ = ' '; }

/* the byte address of an instruction line's address comment (0040 between
 * slash-star and star-slash), or -1; *after points past it */
static long address_of(const char *s, const char **after)
{
    s = skip_ws(s);
    if (s[0] != '/' || s[1] != '*') return -1;
    char *end;
    long v = strtol(s + 2, &end, 16);
    if (end == s + 2 || end[0] != '*' || end[1] != '/') return -1;
    *after = end + 2;
    return v;
}

/* an opcode with a label operand (BRA, BSSY, CALL: opcodes.def's 'L'):
 * nvcc prints its target as a byte address */
static int is_control_with_target(const char *mn)
{
    /* the longest mnemonic it begins with: CALL.ABS (an immediate) before CALL */
    int best = -1;
    size_t best_n = 0, word = strcspn(mn, " \t");
    for (int op = 0; op < OP_COUNT; op++) {
        size_t n = strlen(isa_ops[op].mnemonic);
        if (n <= word && n > best_n && !strncmp(mn, isa_ops[op].mnemonic, n) && (mn[n] == '.' || n == word)) {
            best = op;
            best_n = n;
        }
    }
    return best >= 0 && strchr(isa_ops[best].operands, 'L') != NULL;
}

/* take the printing conventions out of one instruction's text, in place */
static void normalise(char *text)
{
    for (char *r; (r = strstr(text, ".reuse")); ) {
        /* R9.reuse.H0_H0: the half selector moves up to the register */
        size_t n = r[6] == '.' ? strcspn(r + 6, " \t,;") : 0;
        memmove(r, r + 6, n);
        blank(r + n, r + n + 6);
    }
    /* IMMA's operand layouts (R16.ROW, R22.COL): the only ones an IMMA has */
    static const char *const layouts[] = { ".ROW", ".COL" };
    for (size_t l = 0; l < sizeof layouts / sizeof layouts[0]; l++)
        for (char *r = text; (r = strstr(r, layouts[l])); r += 4)
            if (!isalnum((unsigned char)r[4])) blank(r, r + 4);
    for (char *dsc; (dsc = strstr(text, "desc[")); ) {
        char *close = strchr(dsc, ']');
        if (!close) break;
        blank(dsc, close + 1);
    }
    const char *mn = skip_ws(text);
    if (*mn == '@') { while (*mn && !isspace((unsigned char)*mn)) mn++; mn = skip_ws(mn); }
    if (!strncmp(mn, "RET", 3)) {
        /* RET.REL.NODEC R20 0x0: the offset after the register */
        char *reg = strchr(mn, ' ');
        if (reg) {
            reg = (char *)skip_ws(reg);
            char *sp = reg;
            while (*sp && !isspace((unsigned char)*sp)) sp++;
            if (*skip_ws(sp)) blank(sp, sp + strlen(sp));
        }
    }
    if (is_control_with_target(mn)) {
        /* the last operand, an absolute byte address: 0x1f0 -> L_1f0 */
        char *last = strrchr(text, ',');
        char *t = (char *)skip_ws(last ? last + 1 : mn + strcspn(mn, " \t"));
        if (t[0] == '0' && t[1] == 'x') { t[0] = 'L'; t[1] = '_'; }
    }
}

/* "Function : NAME" starts a kernel */
static void begin_function(dump_reader *r, const char *name, int line, int col)
{
    char nm[256];
    snprintf(nm, sizeof nm, "%.*s", (int)strcspn(name, " \t\r\n"), name);
    free(r->c.labels); free(r->c.refs);
    memset(&r->c.labels, 0, sizeof r->c - offsetof(asm_ctx, labels));
    r->c.cap_code = r->c.cap_params = r->c.cap_symbols = 0;
    if (!r->arch) {
        diag_at(r->c.d, r->s->path, line, col, r->s->line[line - 1],
                "function '%s' comes before an 'arch = sm_XX' or 'code for sm_XX' line; give the whole output of cuobjdump -sass", nm);
    }
    isa_kernel *k = asm_kernel_new(r->p, nm, r->s->path, line);
    k->sass_arch = r->arch;
    k->param_base = r->arch >= 90 ? 0x210 : 0x160;
    /* bank 0 as the driver fills it: every offset may be read while the code
     * is parsed; the parameters are laid out when the function ends */
    k->cbank_bytes = SASS_CBANK_BYTES;
    r->c.k = k;
    r->in_kernel = 1;
    r->skip_rest = 0;
    r->func_line = line;
}

/* the column of the name on a "Function : NAME" line */
static int func_name_col(const char *line)
{
    const char *f = strstr(line, "Function : ");
    return f ? (int)(f - line) + 12 : 1;
}

/* parameters from the mangled name: each at its natural alignment */
static int lay_out_params(dump_reader *r, isa_kernel *k)
{
    dm_info info;
    if (dm_kernel(k->name, &info) == 0 && info.nparams < 0) {
        /* extern "C": no types in the name; the ELF's EIATTR_KPARAM_INFO gives sizes */
        snprintf(k->base_name, sizeof k->base_name, "%s", info.base);
        k->nparams = -1;
        return 0;
    }
    if (dm_kernel(k->name, &info)) {
        diag_at(r->c.d, r->s->path, r->func_line, func_name_col(r->s->line[r->func_line - 1]), r->s->line[r->func_line - 1],
                "cannot read the parameter types of '%s' from its name: use plain parameter types (integers, floats, pointers), "
                "or declare the kernel extern \"C\" and put the cubin's cuobjdump -elf output beside the dump (its parameter sizes)", k->name);
        return -1;
    }
    snprintf(k->base_name, sizeof k->base_name, "%s", info.base);
    uint32_t off = k->param_base;
    k->nparams = 0;
    if (info.nparams > 0) k->params = xcalloc((size_t)info.nparams, sizeof(isa_param));
    for (int i = 0; i < info.nparams; i++) {
        int size = dm_size(info.type[i]);
        if (!size) {
            diag_at(r->c.d, r->s->path, r->func_line, func_name_col(r->s->line[r->func_line - 1]), r->s->line[r->func_line - 1],
                    "parameter %d of '%s' is a %s passed by value; warpsim lays out scalar and pointer parameters only",
                    i, k->name, dm_type_name(info.type[i]));
            return -1;
        }
        off = (off + (uint32_t)size - 1) / (uint32_t)size * (uint32_t)size;
        isa_param *pp = &k->params[k->nparams++];
        snprintf(pp->name, sizeof pp->name, "arg%d", i);
        static const isa_param_type pt[] = { PT_U32, PT_S32, PT_U32, PT_S32, PT_U32, PT_S32, PT_U32, PT_S64, PT_U64,
                                             PT_F32, PT_F64, PT_U64, PT_U64 };
        pp->type = pt[info.type[i]];
        pp->size = (uint32_t)size;
        pp->offset = off;
        off += (uint32_t)size;
    }
    return 0;
}

/* the stack frame: nvcc's entry lowers R1 (the stack pointer, read from
 * c[0x0][0x28]) by the frame size (VIADD R1, R1, 0xffffffd0 / IADD3 R1, R1, -0x30) */
static void find_frame(isa_kernel *k)
{
    for (int i = 0; i < k->ncode && i < 8; i++) {
        const isa_insn *in = &k->code[i];
        if ((in->op != OP_VIADD && in->op != OP_IADD3) || in->o[0].kind != OPK_REG || in->o[0].reg != 1) continue;
        int a = in->op == OP_VIADD ? 1 : 3, b = a + 1;
        if (in->o[a].kind != OPK_REG || in->o[a].reg != 1 || in->o[b].kind != OPK_IMM) continue;
        int32_t delta = (int32_t)(uint32_t)in->o[b].imm;
        if (in->o[b].neg) delta = -delta;
        if (delta < 0) k->local_bytes = (uint32_t)-delta;
    }
}

/* Reconvergence as nvcc marks it: a branch inside a BSSY region rejoins at
 * the region's BSYNC (the instruction before BSSY's target). The
 * post-dominator of such a branch is the same point in straight code (107
 * of the suite's 115 branches in BSSY regions), but not where the region
 * holds a CALL: a RET returns to every call site in the control-flow graph,
 * so the post-dominator lies past all of them, and divergent lanes would
 * stay apart far longer than the hardware keeps them. */
static int breaks_out(const isa_kernel *k, int b, int sync)
{
    for (int i = b + 1; i < sync; i++)
        if (k->code[i].op == OP_BREAK && k->code[i].o[1].reg == k->code[b].o[0].reg) return 1;   /* BREAK [P,] Bn */
    return 0;
}

/* A region whose barrier some lanes leave with BREAK (a loop's break, as
 * `@P0 BREAK B2; @P0 BRA L` to an outer region's BSYNC) is not where they
 * rejoin: its branches keep the post-dominator (or an outer region's
 * BSYNC), and lanes that break wait past it. */
static void bssy_reconvergence(isa_kernel *k)
{
    for (int b = 0; b < k->ncode; b++) {
        const isa_insn *bs = &k->code[b];
        if (bs->op != OP_BSSY || bs->target <= b + 1) continue;
        int sync = bs->target - 1;
        const isa_insn *sy = &k->code[sync];
        if (sy->op != OP_BSYNC || sy->o[0].reg != bs->o[0].reg || breaks_out(k, b, sync)) continue;
        for (int i = b + 1; i < sync; i++) {
            isa_insn *in = &k->code[i];
            if (isa_ops[in->op].kind != KIND_BRANCH || in->op == OP_RET || in->op == OP_CALL) continue;
            /* an inner region's branches keep theirs: only those whose
             * post-dominator lies past this region's end are moved */
            if (in->reconv < 0 || in->reconv > sync) in->reconv = sync;
        }
    }
    /* paths that rejoin at a BSYNC each issue it (sim/exec/simt_stack.h) */
    for (int i = 0; i < k->ncode; i++) {
        isa_insn *in = &k->code[i];
        if (isa_ops[in->op].kind == KIND_BRANCH && in->reconv >= 0 && in->reconv < k->ncode)
            in->reconv_sync = k->code[in->reconv].op == OP_BSYNC;
    }
}

static void end_function(dump_reader *r)
{
    if (!r->in_kernel) return;
    r->in_kernel = 0;
    isa_kernel *k = r->c.k;
    /* the padding after the final self-branch */
    while (k->ncode > 1 && k->code[k->ncode - 1].op == OP_NOP) k->ncode--;
    if (lay_out_params(r, k)) return;
    find_frame(k);
    if (asm_kernel_finish(&r->c, r->s) == 0) bssy_reconvergence(k);
    /* bank 0 is the arch's driver words and the parameters */
    uint32_t end = k->param_base;
    for (int i = 0; i < k->nparams; i++) end = k->params[i].offset + k->params[i].size;
    k->cbank_bytes = end > SASS_CBANK_DRIVER ? end : SASS_CBANK_DRIVER;
}

static void instruction(dump_reader *r, int ln, const char *line, long addr, const char *text)
{
    isa_kernel *k = r->c.k;
    if (addr != (long)k->ncode * 16) {
        diag_at(r->c.d, r->s->path, ln, (int)(text - line) + 1, line,
                "instruction at 0x%lx where 0x%lx was expected: the instruction at 0x%lx has no text (an encoding that "
                "this cuobjdump cannot print: CUDA 11.8's with sm_90 code; dump with CUDA 12 or later) or lines are missing",
                addr, (long)k->ncode * 16, (long)k->ncode * 16);
        /* one report, not one per line after: a small gap is filled so the
         * addresses after it stay right; a large one (or a line before the
         * expected address) ends the function's reading */
        if (addr < (long)k->ncode * 16 || addr - (long)k->ncode * 16 > 64 * 16) { r->skip_rest = 1; return; }
        while ((long)k->ncode * 16 < addr) asm_instruction(&r->c, "NOP", 1);
    }
    size_t n = strcspn(line, "\n");   /* lines point into the whole file */
    if (n >= sizeof r->buf) {
        diag_at(r->c.d, r->s->path, ln, 1, line, "line longer than %d characters", LINE_MAX_CHARS - 1);
        return;
    }
    memcpy(r->buf, line, n);
    r->buf[n] = 0;
    size_t start = (size_t)(text - line);
    char *t = r->buf + start;
    char *semi = strchr(t, ';');
    if (!semi) {
        diag_at(r->c.d, r->s->path, ln, (int)n + 1, line, "instruction without its ';' (a truncated dump?)");
        return;
    }
    *semi = 0;
    normalise(t);
    char label[24];
    int ll = snprintf(label, sizeof label, "L_%lx", addr);
    asm_label_define(&r->c, label, ll, (int)start + 1);
    const char *first = skip_ws(t);
    r->c.src = line;
    if (asm_instruction(&r->c, first, (int)(first - r->buf) + 1)) {
        /* reported; a NOP keeps the addresses of the lines after it (the
         * errors stop the run before it starts) */
        asm_instruction(&r->c, "NOP", (int)(first - r->buf) + 1);
    }
    k->code[k->ncode - 1].addr = (uint32_t)addr;
    r->want_ctl = r->arch >= 70;   /* 128-bit encodings: the next line holds the second word */
}

/* static shared memory when no ELF says: past the highest offset an
 * absolute or register-relative access names (an estimate from the code) */
static void guess_shared(isa_kernel *k)
{
    uint32_t top = 0;
    int indexed = 0;
    for (int i = 0; i < k->ncode; i++) {
        const isa_insn *in = &k->code[i];
        if (isa_op_space(in->op) != SPACE_SHARED && in->op != OP_LDGSTS) continue;
        int bytes = isa_type_bytes(isa_insn_type(in));
        for (int j = 0; j < in->nops; j++) {
            const isa_operand *o = &in->o[j];
            if (o->kind != OPK_MEM || (in->op == OP_LDGSTS && j)) continue;
            uint32_t end = (uint32_t)o->imm + (uint32_t)(bytes ? bytes : 4);
            if (o->imm >= 0 && end > top) top = end;
            indexed |= o->base_kind != OPK_NONE || o->uindex;
        }
    }
    /* a computed address can reach any byte: then the whole 48 KB a block
     * may use without opting in (an estimate; give the ELF for the size) */
    k->shared_bytes = indexed ? 48 * 1024 - (k->sass_arch >= 90 ? SASS_SHARED_BASE_SM90 : 0) : (top + 15) & ~15u;
}

/* the parameters: from the ELF where the name has no types (extern "C"),
 * and where both exist, the name's layout checked against the ELF's */
static void reconcile_params(dump_reader *r, isa_kernel *k, diag *d)
{
    int line = k->line;
    const char *src = r->s->line[line - 1];
    int col = func_name_col(src);
    if (k->nparams < 0) {
        if (!k->nelf_params) return;   /* unknown: an error if it is launched (sim/front/workload.c) */
        k->params = xcalloc((size_t)k->nelf_params, sizeof(isa_param));
        k->nparams = k->nelf_params;
        for (int i = 0; i < k->nparams; i++) {
            isa_param *pp = &k->params[i];
            snprintf(pp->name, sizeof pp->name, "arg%d", i);
            pp->offset = k->elf_params[i].offset;
            pp->size = k->elf_params[i].size;
            pp->type = pp->size == 8 ? PT_B64 : PT_B32;
            if (pp->size != 4 && pp->size != 8) {
                diag_at(d, r->s->path, line, col, src, "parameter %d of '%s' is %u bytes; warpsim passes 4- and 8-byte parameters only",
                        i, k->name, pp->size);
                return;
            }
        }
    } else if (k->nelf_params) {
        int bad = k->nelf_params != k->nparams;
        for (int i = 0; !bad && i < k->nparams; i++)
            bad = k->elf_params[i].offset != k->params[i].offset || k->elf_params[i].size != k->params[i].size;
        if (bad)
            diag_at(d, r->s->path, line, col, src, "the parameters of '%s' read from its name (%d) do not match its ELF's "
                    "(%d, EIATTR_KPARAM_INFO): is the .elf.txt of another build?", k->name, k->nparams, k->nelf_params);
    }
    uint32_t end = k->param_base;
    for (int i = 0; i < k->nparams; i++) if (k->params[i].offset + k->params[i].size > end) end = k->params[i].offset + k->params[i].size;
    k->cbank_bytes = end > SASS_CBANK_DRIVER ? end : SASS_CBANK_DRIVER;
}

/* c[0x3][off] and c[0x4][off] (the module's banks) are read through bank
 * 0's image, each at its place there (isa.h: ISA_CBANK_FLAT) */
static void flatten_module_banks(isa_kernel *k)
{
    for (int i = 0; i < k->ncode; i++)
        for (int j = 0; j < k->code[i].nops; j++) {
            isa_operand *o = &k->code[i].o[j];
            if (o->kind != OPK_CONST || (o->bank != 3 && o->bank != 4)) continue;
            k->module_banks |= (uint8_t)(1u << o->bank);
            o->imm += ISA_CBANK_FLAT(o->bank);
            o->bank = 0;
        }
}

/* c[0x2][off] operands become the immediates the ELF gives them: bank 2 is
 * fixed when the code is compiled */
static void resolve_bank2(dump_reader *r, isa_kernel *k, diag *d)
{
    for (int i = 0; i < k->ncode; i++)
        for (int j = 0; j < k->code[i].nops; j++) {
            isa_operand *o = &k->code[i].o[j];
            if (o->kind != OPK_CONST || o->bank != 2) continue;
            if (o->base_kind != OPK_NONE && k->bank2_bytes) {
                /* an indexed read (a jump table): bank 2 in the launch's
                 * image (isa.h ISA_CBANK_FLAT), read when it runs */
                o->imm += ISA_CBANK_FLAT(2);
                o->bank = 0;
                k->module_banks |= 1u << 2;
                continue;
            }
            uint32_t bytes = 4u * o->width;
            if ((uint64_t)o->imm + bytes > k->bank2_bytes || o->base_kind != OPK_NONE) {
                /* bank 2's words (nvcc's constants) are only in the cubin's
                 * .nv.constant2 section, which cuobjdump -sass leaves out */
                const char *path = r->s->path;
                size_t n = strlen(path), stem = n > 5 && !strcmp(path + n - 5, ".sass") ? n - 5 : n;
                diag_at(d, path, k->code[i].line, k->code[i].col, r->s->line[k->code[i].line - 1],
                        "c[0x2][0x%llx]: nvcc's constant bank 2 is in the cubin, not in the SASS text; put the output of "
                        "cuobjdump -elf for the same cubin beside the dump, named as it with .elf.txt for .sass: "
                        "cuobjdump -elf PROGRAM > %.*s.elf.txt",
                        (unsigned long long)o->imm, (int)stem, path);
                continue;
            }
            uint64_t v = 0;
            memcpy(&v, k->bank2 + o->imm, bytes);
            o->kind = OPK_IMM;
            o->imm = (int64_t)v;
            o->bank = 0;
        }
}

int sass_dump_read(isa_program *p, const char *path, diag *d)
{
    int before = d->errors;
    p->dumps = xrealloc(p->dumps, sizeof(src_file) * (size_t)(p->ndumps + 1));
    src_file *s = &p->dumps[p->ndumps];
    if (src_read(s, path, d)) return d->errors - before;
    p->ndumps++;
    int first = p->nkernels;
    dump_reader *r = xcalloc(1, sizeof *r);
    r->p = p;
    r->s = s;
    r->c.d = d;
    r->c.file = s->path;
    int kernels = 0;
    for (int ln = 1; ln <= s->nlines; ln++) {
        const char *line = s->line[ln - 1];
        r->c.line = ln;
        r->c.src = line;
        const char *t = skip_ws(line), *after;
        int sm;
        /* "arch = sm_90" (a fat binary), "code for sm_90" (a cubin) */
        if (sscanf(t, "arch = sm_%d", &sm) == 1 || sscanf(t, "code for sm_%d", &sm) == 1) { end_function(r); r->arch = sm; continue; }
        if (!strncmp(t, "Function : ", 11)) {
            end_function(r);
            begin_function(r, skip_ws(t + 11), ln, (int)(t - line) + 12);
            kernels++;
            continue;
        }
        unsigned long long hi;
        if (r->in_kernel && r->c.k->ncode && sscanf(t, "/* 0x%llx */", &hi) == 1 && r->want_ctl) {
            /* the instruction's second word: nvcc's control bits (isa.h) */
            r->c.k->code[r->c.k->ncode - 1].ctl = ISA_CTL_PRESENT | (uint32_t)((hi >> 41) & 0x1fffff);
            r->want_ctl = 0;
            continue;
        }
        long addr = address_of(t, &after);
        if (addr >= 0 && r->in_kernel && r->skip_rest) continue;
        if (addr >= 0 && r->in_kernel) {
            after = skip_ws(after);
            if (*after != '/' && *after != '\n' && *after) instruction(r, ln, line, addr, after);
            continue;
        }
        if (r->in_kernel && (t[0] == '.' && t[1] == '.')) end_function(r);   /* "......." closes a function */
    }
    end_function(r);
    for (int i = first; i < p->nkernels; i++) p->kernels[i].shared_bytes = 0;
    for (int i = first; i < p->nkernels; i++) flatten_module_banks(&p->kernels[i]);
    sass_elf_read(p, first, path);
    for (int i = first; i < p->nkernels; i++) {
        isa_kernel *k = &p->kernels[i];
        reconcile_params(r, k, d);
        resolve_bank2(r, k, d);
        if (k->nibt && k->labels) {   /* BRX's targets came with the ELF: the post-dominators again */
            cfg_reconvergence(k);
            bssy_reconvergence(k);
        }
        for (int b = 2; b <= 4; b++)
            if (k->module_banks & 1u << b && k->cbank_bytes < ISA_CBANK_FLAT(b) + ISA_CBANK_MODULE_BYTES)
                k->cbank_bytes = ISA_CBANK_FLAT(b) + ISA_CBANK_MODULE_BYTES;
        for (int j = 0; j < k->nrelocs; j++)   /* texture references' handles after the parameters */
            if (k->relocs[j].kind == ISA_RELOC_TEXREF && k->relocs[j].offset + 4 > k->cbank_bytes)
                k->cbank_bytes = k->relocs[j].offset + 4;
        /* sm_90 code addresses a block's shared memory from 0x400: the
         * first 1 KB of the window is the system's (nvcc: UMOV UR4, 0x400;
         * ULEA UR4, SR_CgaCtaId, UR4, 0x18). The ELF's .nv.shared size
         * counts it already (reduce_shared: 0x800 for 1 KB of data). */
        if (!k->shared_bytes) {
            guess_shared(k);
            if (k->sass_arch >= 90) k->shared_bytes += SASS_SHARED_BASE_SM90;
        }
    }
    sass_lines_beside(p, first, path, d);
    if (!kernels && d->errors == before)
        diag_error(d, "%s: no 'Function :' in it; give the output of cuobjdump -sass (CUDA 11.8 or later) for sm_80 or sm_90", path);
    free(r->c.labels);
    free(r->c.refs);
    free(r);
    return d->errors - before;
}
