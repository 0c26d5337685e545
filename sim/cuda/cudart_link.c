/* sim/cuda/cudart_link.c — what CUDA's loader does for a module's variables,
 * from the dump's ELF listing (isa/sass_elf.c): the addresses of __device__
 * variables patched into the code (an instruction's 32-bit immediate, the
 * low or high word: CUDA 11's way) or into bank 4 (CUDA 12+: a table of
 * 64-bit addresses the code loads), once per kernel; and at each launch bank
 * 3, the __constant__ variables as the program last wrote them. Each
 * variable lives in simulated global memory, where __cudaRegisterVar put it
 * (cudaMemcpyToSymbol writes it there). */
#include "cudart.h"
#include "exec.h"
#include "util/xalloc.h"
#include <stdlib.h>
#include <string.h>

void __cudaRegisterVar(void **handle, char *host_var, char *device_address, const char *device_name, int ext,
                       size_t size, int constant, int global);

static const cudart_var *registered(const char *name)
{
    for (int i = 0; i < cudart.nvars; i++)
        if (!strcmp(cudart.vars[i].name, name)) return &cudart.vars[i];
    return NULL;
}

/* nvcc's own variables, which the program does not register: printf's
 * format strings ($str, $str$1 ...) and assert's function names
 * (__unnamed_1 ...), allocated here with the cubin's initial values, as
 * CUDA's loader does when it loads the module */
static const cudart_var *module_private(const isa_modvar *v)
{
    void *zero = xcalloc(1, v->size ? v->size : 1);
    __cudaRegisterVar(NULL, zero, (char *)v->name, v->name, 0, v->size, 0, 1);
    free(zero);
    return registered(v->name);
}

/* the device address of byte off of module variable vi, or 0 (said) */
static uint64_t var_address(const cudart_func *f, const isa_kernel *k, int vi, int64_t off)
{
    const isa_modvar *v = &k->modvars[vi];
    if (v->section == ISA_MODVAR_CONST) {
        cudart_say("cudaLaunchKernel", "kernel %s takes the address of __constant__ variable %s: warpsim keeps "
                   "__constant__ data in bank 3 only, with no device address", f->name, v->name);
        return 0;
    }
    if (v->is_section) {
        /* section-relative: the variable of that section covering the byte */
        int64_t at = (int64_t)v->value + off;
        for (int i = 0; i < k->nmodvars; i++) {
            const isa_modvar *o = &k->modvars[i];
            if (o->is_section || o->section != v->section || at < o->value || at >= (int64_t)o->value + (o->size ? o->size : 1))
                continue;
            return var_address(f, k, i, at - o->value);
        }
        cudart_say("cudaLaunchKernel", "kernel %s: no variable of %s holds its byte 0x%llx", f->name, v->name,
                   (unsigned long long)at);
        return 0;
    }
    const cudart_var *cv = registered(v->name);
    if (!cv && (v->name[0] == '$' || !strncmp(v->name, "__unnamed_", 10))) cv = module_private(v);
    if (!cv) {
        cudart_say("cudaLaunchKernel", "kernel %s uses __device__ variable %s, which the program did not register "
                   "(__cudaRegisterVar)", f->name, v->name);
        return 0;
    }
    return cv->addr + (uint64_t)off;
}

/* the one immediate operand of an instruction, where the address goes */
static isa_operand *immediate_of(isa_insn *in)
{
    isa_operand *imm = NULL;
    for (int j = 0; j < in->nops; j++)
        if (in->o[j].kind == OPK_IMM) {
            if (imm) return NULL;
            imm = &in->o[j];
        }
    return imm;
}

static int apply(cudart_func *f, isa_kernel *k, const isa_reloc *r)
{
    if (r->kind == ISA_RELOC_TEXREF) return 0;   /* bound at each launch: cudart_module_banks */
    if (r->call && r->kind == ISA_RELOC_BANK4_64 && (uint64_t)r->offset + 8 <= k->bank4_bytes) {
        uint64_t a = ISA_CALL_ADDRESS(r->call);   /* the device library's function: isa/sem_call.c */
        memcpy(f->bank4 + r->offset, &a, 8);
        return 0;
    }
    const char *what = r->kind == ISA_RELOC_OTHER ? "is not one warpsim's loader knows" : r->var < 0
                     ? "names a symbol that is not in the listing's symbol table" : NULL;
    isa_insn *in = r->kind <= ISA_RELOC_HI32 && r->pc >= 0 && r->pc < k->ncode ? &k->code[r->pc] : NULL;
    isa_operand *imm = in ? immediate_of(in) : NULL;
    if (!what && r->kind <= ISA_RELOC_HI32 && !imm) what = "points at no instruction with one immediate operand";
    uint32_t width = r->kind == ISA_RELOC_BANK4_64 ? 8 : 4;
    if (!what && r->kind >= ISA_RELOC_BANK4_64 && (uint64_t)r->offset + width > k->bank4_bytes)
        what = "lies outside bank 4";
    if (what) {
        cudart_say("cudaLaunchKernel", "kernel %s: relocation %s at 0x%x %s (the dump's .elf.txt)", f->name, r->type,
                   r->offset, what);
        return -1;
    }
    /* REL keeps the addend in the field itself: the immediate as the dump shows it */
    int64_t addend = r->has_addend ? r->addend : r->kind == ISA_RELOC_LO32 ? (int64_t)(uint32_t)imm->imm : 0;
    uint64_t a = var_address(f, k, r->var, addend);
    if (!a) return -1;
    if (r->kind == ISA_RELOC_LO32) imm->imm = (int64_t)(uint32_t)a;
    else if (r->kind == ISA_RELOC_HI32) imm->imm = (int64_t)(uint32_t)(a >> 32) + (r->has_addend ? 0 : imm->imm);
    else memcpy(f->bank4 + r->offset, &a, width);
    return 0;
}

int cudart_link(cudart_func *f, isa_kernel *k)
{
    if (f->linked) return f->linked < 0 ? -1 : 0;
    f->linked = 1;
    if (k->bank4_bytes) f->bank4 = xcalloc(1, k->bank4_bytes);
    for (int i = 0; i < k->nrelocs; i++)
        if (apply(f, k, &k->relocs[i])) f->linked = -1;
    return f->linked < 0 ? -1 : 0;
}

void cudart_module_banks(const cudart_func *f, const isa_kernel *k, uint8_t *cbank)
{
    if (k->module_banks & 1u << 3) {
        uint8_t *bank3 = cbank + ISA_CBANK_FLAT(3);
        if (k->bank3) memcpy(bank3, k->bank3, k->bank3_bytes);
        for (int i = 0; i < k->nmodvars; i++) {
            const isa_modvar *v = &k->modvars[i];
            const cudart_var *cv = v->section == ISA_MODVAR_CONST && !v->is_section ? registered(v->name) : NULL;
            if (!cv || v->value >= ISA_CBANK_MODULE_BYTES) continue;
            uint64_t n = cv->size < v->size ? cv->size : v->size;
            if (n > ISA_CBANK_MODULE_BYTES - v->value) n = ISA_CBANK_MODULE_BYTES - v->value;
            cudart_copy(cv->addr, bank3 + v->value, n, 0);
        }
    }
    if (f->bank4) memcpy(cbank + ISA_CBANK_FLAT(4), f->bank4, k->bank4_bytes);
    if (k->module_banks & 1u << 2 && k->bank2) memcpy(cbank + ISA_CBANK_FLAT(2), k->bank2, k->bank2_bytes);   /* jump tables */
    /* texture and surface references: the object bound to each now (0 if
     * none: a fetch through it faults at the address it names) */
    for (int i = 0; i < k->nrelocs; i++) {
        const isa_reloc *r = &k->relocs[i];
        if (r->kind != ISA_RELOC_TEXREF || (uint64_t)r->offset + 4 > k->cbank_bytes) continue;
        uint32_t h = cudart_texref_handle(r->sym);
        memcpy(cbank + r->offset, &h, 4);
    }
}
