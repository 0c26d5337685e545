/* isa/sass_elf.c — what the SASS text does not say, from `cuobjdump -elf`
 * of the same cubin or program when it lies beside the dump (NAME.sass ->
 * NAME.elf.txt): each function's static shared memory (the size of section
 * .nv.shared.NAME), its register count (EIATTR_REGCOUNT: what occupancy is
 * computed from), its stack frame (EIATTR_FRAME_SIZE), its parameters
 * (EIATTR_KPARAM_INFO), nvcc's own constants (bank 2), and the module's
 * variables: __constant__ data (bank 3), the symbol table, and the
 * relocations through which the loader gives code and bank 4 the addresses
 * of __device__ variables. A program's listing holds several ELF images,
 * each from its "Sections:" table on; section and symbol indices are the
 * image's own. */
#include "sass_dump.h"
#include "exec.h"
#include "util/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ELF_MAX_SECTIONS 4096
#define GLOBAL_INIT_MAX (64u << 20)   /* initialised __device__ data read from a listing */

/* one ELF image of the listing, while it is read */
typedef struct {
    isa_program *p;
    int first;                      /* the dump's first kernel */
    char (*sec)[128]; int nsec;     /* section names by index */
    isa_modvar *vars; int nvars;    /* its variables: objects in .nv.global*, .nv.constant3 */
    uint8_t *bank3; uint32_t bank3_bytes;
    uint8_t *ginit; uint32_t ginit_bytes;   /* .nv.global.init */
    uint32_t bank4_bytes;
    isa_reloc *bank4; int nbank4;   /* relocations of .nv.constant4 (var: into vars) */
} elf_image;

/* the words of a constant section as cuobjdump -elf prints them, after the
 * line naming it */
static void read_words(FILE *f, uint8_t **buf, uint32_t *bytes, uint32_t max)
{
    char line[1024];
    while (fgets(line, sizeof line, f)) {
        const char *p = line;
        unsigned w;
        int n, any = 0;
        while (sscanf(p, " 0x%x%n", &w, &n) == 1 && *bytes < max) {
            if (!(*bytes & (*bytes + 4)))   /* grown at powers of two */
                *buf = xrealloc(*buf, 2 * ((size_t)*bytes + 4));
            memcpy(*buf + *bytes, &w, 4);
            *bytes += 4;
            p += n;
            any = 1;
        }
        if (!any) return;
    }
}

static isa_kernel *kernel_named(elf_image *e, const char *name)
{
    for (int i = e->first; i < e->p->nkernels; i++)
        if (!strcmp(e->p->kernels[i].name, name)) return &e->p->kernels[i];
    return NULL;
}

/* one EIATTR_KPARAM_INFO entry: parameter `ord` at `off` past the parameter
 * base, `size` bytes; kept in k->elf_params to lay out or check the
 * parameters */
static void elf_param(isa_kernel *k, unsigned ord, unsigned off, unsigned size)
{
    if (ord >= 4096 || size > 4096 || off > 4096) return;
    if ((int)ord >= k->nelf_params) {
        k->elf_params = xrealloc(k->elf_params, sizeof *k->elf_params * (ord + 1));
        for (unsigned i = (unsigned)k->nelf_params; i <= ord; i++) k->elf_params[i].size = 0;
        k->nelf_params = (int)ord + 1;
    }
    k->elf_params[ord].offset = k->param_base + off;
    k->elf_params[ord].size = size;
}

/* a row of the section table: "  e  b80  104  0  4  NOBITS  3  0  0 .nv.global" */
static void section_row(elf_image *e, const char *line)
{
    unsigned idx, off, size, es, align, flags, link, info;
    char type[64], name[512];
    if (sscanf(line, " %x %x %x %x %x %63s %x %x %x %511s", &idx, &off, &size, &es, &align, type, &flags, &link, &info,
               name) != 10 || idx >= ELF_MAX_SECTIONS)
        return;
    if ((int)idx >= e->nsec) {
        e->sec = xrealloc(e->sec, sizeof *e->sec * (idx + 1));
        for (unsigned i = (unsigned)e->nsec; i <= idx; i++) e->sec[i][0] = 0;
        e->nsec = (int)idx + 1;
    }
    snprintf(e->sec[idx], sizeof e->sec[idx], "%.127s", name);
    if (!strncmp(name, ".nv.shared.", 11)) {
        isa_kernel *k = kernel_named(e, name + 11);
        if (k) k->shared_bytes += size;
    }
    if (!strcmp(name, ".nv.constant4")) e->bank4_bytes = size < ISA_CBANK_MODULE_BYTES ? size : ISA_CBANK_MODULE_BYTES;
}

/* a row of the symbol table: " 0x6  0  0x4  0x1  0  0xe  counter" */
static void symbol_row(elf_image *e, const char *line)
{
    char idx[32], value[32], size[32], info[32], other[32], shndx[32], name[512];
    if (sscanf(line, " %31s %31s %31s %31s %31s %31s %511s", idx, value, size, info, other, shndx, name) != 7) return;
    unsigned long sec = strtoul(shndx, NULL, 0), type = strtoul(info, NULL, 0) & 0xf;
    if (sec >= (unsigned long)e->nsec) return;
    const char *sn = e->sec[sec];
    int section = !strcmp(sn, ".nv.constant3") ? ISA_MODVAR_CONST : !strcmp(sn, ".nv.global") ? ISA_MODVAR_GLOBAL
                : !strcmp(sn, ".nv.global.init") ? ISA_MODVAR_GLOBAL_INIT : -1;
    if (section < 0) return;
    if (type != 1 && type != 3) return;   /* STT_OBJECT, STT_SECTION */
    e->vars = xrealloc(e->vars, sizeof *e->vars * (size_t)(e->nvars + 1));
    isa_modvar *v = &e->vars[e->nvars++];
    memset(v, 0, sizeof *v);
    snprintf(v->name, sizeof v->name, "%.127s", type == 3 ? sn : name);
    v->section = (uint8_t)section;
    v->is_section = type == 3;
    v->value = (uint32_t)strtoul(value, NULL, 0);
    v->size = (uint32_t)strtoul(size, NULL, 0);
}

static int var_index(const isa_modvar *vars, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(vars[i].name, name)) return i;
    return -1;
}

/* a relocation the device library's calls need no loader for: the callee
 * of a CALL.ABS (vprintf, malloc, ...: its ISA_CALL_* number goes into the
 * immediate, for isa/sem_call.c) and the return address nvcc puts in
 * R20:R21 beside it (the kernel's own symbol: the call returns to the next
 * instruction by itself). 1 when x is one of them. */
static int call_target(isa_kernel *k, const isa_reloc *x, const char *sym)
{
    if (!strcmp(sym, k->name) && x->kind <= ISA_RELOC_HI32) return 1;
    int fn = isa_call_named(sym);
    if (!fn || x->pc < 0 || k->code[x->pc].op != OP_CALL_ABS) return 0;
    k->code[x->pc].o[0].imm = fn;
    return 1;
}

/* a row of ".section .rel.text.NAME REL": "0x50  init_val  R_CUDA_ABS32_HI_32  [addend]" */
static void reloc_row(elf_image *e, const char *target, int rela, const char *line)
{
    char off[32], sym[512], type[64], add[32];
    int n = sscanf(line, " %31s %511s %63s %31s", off, sym, type, add);
    if (n < 3) return;
    isa_reloc x;
    memset(&x, 0, sizeof x);
    x.offset = (uint32_t)strtoul(off, NULL, 0);
    x.has_addend = (uint8_t)rela;
    x.addend = n == 4 ? strtoll(add, NULL, 0) : 0;
    snprintf(x.type, sizeof x.type, "%.39s", type);
    x.kind = !strcmp(type, "R_CUDA_ABS32_LO_32") ? ISA_RELOC_LO32 : !strcmp(type, "R_CUDA_ABS32_HI_32") ? ISA_RELOC_HI32
           : !strcmp(type, "R_CUDA_64") ? ISA_RELOC_BANK4_64 : !strcmp(type, "R_CUDA_32") ? ISA_RELOC_BANK4_32 : ISA_RELOC_OTHER;
    x.var = var_index(e->vars, e->nvars, sym);
    x.call = x.var < 0 ? isa_call_named(sym) : 0;   /* CUDA 12+: vprintf's address in bank 4 */
    if (!strncmp(target, ".nv.constant0.", 14)
        && (!strcmp(type, "R_CUDA_TEX_HEADER_INDEX") || !strcmp(type, "R_CUDA_SURF_HEADER_INDEX"))) {
        /* CUDA 11's texture<> and surface<> references: the driver puts the
         * bound object's header index into the kernel's bank 0 at offset
         * (TLD.SCR.LZ ..., 0x0, 0x5b reads the word at 0x16c) */
        isa_kernel *k = kernel_named(e, target + 14);
        if (!k) return;
        x.kind = ISA_RELOC_TEXREF;
        x.var = -1;
        x.call = 0;
        snprintf(x.sym, sizeof x.sym, "%.63s", sym);
        k->relocs = xrealloc(k->relocs, sizeof *k->relocs * (size_t)(k->nrelocs + 1));
        k->relocs[k->nrelocs++] = x;
        return;
    }
    if (!strcmp(target, ".nv.constant4")) {
        e->bank4 = xrealloc(e->bank4, sizeof *e->bank4 * (size_t)(e->nbank4 + 1));
        e->bank4[e->nbank4++] = x;
        return;
    }
    isa_kernel *k = strncmp(target, ".text.", 6) ? NULL : kernel_named(e, target + 6);
    if (!k) return;   /* .debug_frame and the like */
    /* the instruction at the relocation's (16-byte) address */
    x.pc = -1;
    for (int i = 0; i < k->ncode; i++)
        if (k->code[i].addr == (x.offset & ~15u)) x.pc = i;
    if (x.var < 0 && call_target(k, &x, sym)) return;
    k->relocs = xrealloc(k->relocs, sizeof *k->relocs * (size_t)(k->nrelocs + 1));
    k->relocs[k->nrelocs++] = x;
}

/* the initial values of the image's variables that have one */
static void keep_initial_values(elf_image *e)
{
    isa_program *p = e->p;
    for (int i = 0; i < e->nvars; i++) {
        const isa_modvar *v = &e->vars[i];
        const uint8_t *data = v->section == ISA_MODVAR_CONST ? e->bank3 : v->section == ISA_MODVAR_GLOBAL_INIT ? e->ginit : NULL;
        uint32_t have = v->section == ISA_MODVAR_CONST ? e->bank3_bytes : e->ginit_bytes;
        if (!data || v->is_section || v->value >= have) continue;
        p->varinit = xrealloc(p->varinit, sizeof *p->varinit * (size_t)(p->nvarinit + 1));
        struct isa_varinit *vi = &p->varinit[p->nvarinit++];
        snprintf(vi->name, sizeof vi->name, "%s", v->name);
        vi->size = v->size < have - v->value ? v->size : have - v->value;
        vi->data = xmalloc(vi->size + 1u);
        memcpy(vi->data, data + v->value, vi->size);
    }
}

/* the image read: its variables, bank 3 and bank 4's relocations go to the
 * kernels it holds (a kernel's relocations name its image's variables) */
static void end_image(elf_image *e)
{
    keep_initial_values(e);
    for (int s = 0; s < e->nsec; s++) {
        isa_kernel *k = strncmp(e->sec[s], ".text.", 6) ? NULL : kernel_named(e, e->sec[s] + 6);
        if (!k || k->modvars) continue;
        k->modvars = xmalloc(sizeof *k->modvars * (size_t)(e->nvars + 1));
        if (e->nvars) memcpy(k->modvars, e->vars, sizeof *k->modvars * (size_t)e->nvars);
        k->nmodvars = e->nvars;
        if (e->bank3 && (k->module_banks & 1u << 3)) {
            k->bank3 = xmalloc(e->bank3_bytes);
            memcpy(k->bank3, e->bank3, e->bank3_bytes);
            k->bank3_bytes = e->bank3_bytes;
        }
        if (!(k->module_banks & 1u << 4)) continue;
        k->bank4_bytes = e->bank4_bytes;
        k->relocs = xrealloc(k->relocs, sizeof *k->relocs * (size_t)(k->nrelocs + e->nbank4 + 1));
        if (e->nbank4) memcpy(k->relocs + k->nrelocs, e->bank4, sizeof *e->bank4 * (size_t)e->nbank4);
        k->nrelocs += e->nbank4;
    }
    free(e->sec); free(e->vars); free(e->bank3); free(e->ginit); free(e->bank4);
    isa_program *p = e->p;
    int first = e->first;
    memset(e, 0, sizeof *e);
    e->p = p;
    e->first = first;
}

/* nv.info lines: the register count and frame of "function: NAME(0x..)" */
static void function_info(elf_image *e, const char *line)
{
    char name[512];
    const char *fn = strstr(line, "function: ");
    if (!fn || sscanf(fn + 10, "%511[^(]", name) != 1) return;
    const char *rc = strstr(line, "register count: "), *fs = strstr(line, "frame size: ");
    isa_kernel *k = kernel_named(e, name);
    if (!k) return;
    if (rc) k->nregs = atoi(rc + 16);
    if (fs) k->local_bytes = (uint32_t)strtoul(fs + 12, NULL, 16);
}

/* EIATTR_INDIRECT_BRANCH_TARGETS of function name: "Offset of Indirect
 * Branch: 0x160 Number of targets: 4" then "Targets: 0x1c0 0x1e0 ..."
 * (byte addresses in the function), kept as (BRX, target) pairs */
static int indirect_targets(elf_image *e, const char *name, const char *line, long *at)
{
    const char *o = strstr(line, "Offset of Indirect Branch: "), *t = strstr(line, "Targets: ");
    unsigned v;
    if (o && sscanf(o + 27, "%x", &v) == 1) { *at = v; return 1; }
    if (!t || *at < 0) return 0;
    isa_kernel *k = kernel_named(e, name);
    int n;
    for (const char *p = t + 9; k && sscanf(p, " 0x%x%n", &v, &n) == 1; p += n) {
        k->ibt = xrealloc(k->ibt, sizeof *k->ibt * (size_t)(k->nibt + 1));
        k->ibt[k->nibt].at = (uint32_t)*at;
        k->ibt[k->nibt++].target = v;
    }
    *at = -1;
    return 1;
}

void sass_elf_read(isa_program *p, int first, const char *path)
{
    char elf[1024];
    size_t n = strlen(path);
    if (n < 5 || strcmp(path + n - 5, ".sass") || n + 4 >= sizeof elf) return;
    snprintf(elf, sizeof elf, "%.*s.elf.txt", (int)(n - 5), path);
    FILE *f = fopen(elf, "r");
    if (!f) return;
    elf_image e;
    memset(&e, 0, sizeof e);
    e.p = p;
    e.first = first;
    char line[1024], cur[512] = "", rel[512] = "";
    enum { NONE, SECTIONS, SYMBOLS, RELOCS } block = NONE;
    int rela = 0;
    long brx_at = -1;
    while (fgets(line, sizeof line, f)) {
        char name[512];
        if (!strncmp(line, "Sections:", 9)) { end_image(&e); block = SECTIONS; continue; }
        if (!strncmp(line, ".section .symtab", 16)) { block = SYMBOLS; continue; }
        if (sscanf(line, ".section .rel%511s", name) == 1) {
            rela = name[0] == 'a';
            snprintf(rel, sizeof rel, "%s", name + rela);
            block = RELOCS;
            continue;
        }
        if (line[0] == '.') block = NONE;
        if (block == SECTIONS || block == NONE) section_row(&e, line);   /* rows only match its pattern */
        if (block == SECTIONS) continue;
        if (block == SYMBOLS) { symbol_row(&e, line); continue; }
        if (block == RELOCS) { reloc_row(&e, rel, rela, line); continue; }
        if (!strncmp(line, ".nv.constant2.", 14) && sscanf(line + 14, "%511s", name) == 1) {
            isa_kernel *k = kernel_named(&e, name);
            if (k && !k->bank2) read_words(f, &k->bank2, &k->bank2_bytes, ISA_CBANK_MODULE_BYTES);
            continue;
        }
        if (!strncmp(line, ".nv.constant3", 13) && (line[13] == '\n' || line[13] == ' ') && !e.bank3) {
            read_words(f, &e.bank3, &e.bank3_bytes, ISA_CBANK_MODULE_BYTES);
            continue;
        }
        if (!strncmp(line, ".nv.global.init", 15) && (line[15] == '\n' || line[15] == ' ') && !e.ginit) {
            read_words(f, &e.ginit, &e.ginit_bytes, GLOBAL_INIT_MAX);
            continue;
        }
        if (!strncmp(line, ".nv.info.", 9) && sscanf(line + 9, "%511s", cur) == 1) continue;
        unsigned ord, poff, psize;
        const char *kp = strstr(line, "Ordinal : ");
        if (kp && sscanf(kp, "Ordinal : %x Offset : %x Size : %x", &ord, &poff, &psize) == 3 && cur[0]) {
            isa_kernel *k = kernel_named(&e, cur);
            if (k) elf_param(k, ord, poff, psize);
            continue;
        }
        if (cur[0] && indirect_targets(&e, cur, line, &brx_at)) continue;
        function_info(&e, line);
    }
    end_image(&e);
    fclose(f);
}
