/* isa/isa.h — the instruction set: opcodes, operands, assembled kernels.
 * Everything here is generated from isa/opcodes.def, modifiers.def and
 * sregs.def; see docs/isa.md for the language. */
#ifndef WARPSIM_ISA_H
#define WARPSIM_ISA_H
#include <stdint.h>
#include <stddef.h>

#define ISA_REG_RZ    255   /* reads zero, writes are dropped */
#define ISA_NUM_REGS  255   /* R0..R254 */
#define ISA_UREG_URZ  63
#define ISA_NUM_UREGS 63    /* UR0..UR62 */
#define ISA_PRED_PT   7     /* P0..P6, PT always true */
#define ISA_MAX_OPERANDS 8
#define ISA_MAX_LANES 64
#define ISA_BARRIERS  16    /* a block's barriers, 0..15 (PTX ISA bar.sync: "each CTA instance has sixteen barriers") */
#define ISA_BAR_MAX_THREADS 4096  /* the largest thread count a named barrier's operand may name */
#define ISA_PARAM_BASE 0x160 /* kernel parameters start here in bank 0, as in sm_70+ SASS */
/* nvcc's module banks (c[0x3]: __constant__ variables; c[0x4]: CUDA 12+'s
 * table of __device__ variables' addresses) are read through bank 0's
 * image, each in its own 64 KB (a bank's size) past bank 0's driver words
 * and 4 KB of parameters, so that one byte array serves a launch:
 * c[0x3][0x10] is read as c[0x0][0x2010] */
#define ISA_CBANK_MODULE_BYTES 0x10000u
/* bank 2 (nvcc's own constants) is folded into immediates, except where
 * an index reads it (a switch's jump table: LDC R6, c[0x2][R0+0x10]):
 * then it is the third of these, past bank 4 */
#define ISA_CBANK_FLAT(bank) ((bank) == 3 ? 0x2000u : (bank) == 4 ? 0x2000u + ISA_CBANK_MODULE_BYTES \
                              : 0x2000u + 2 * ISA_CBANK_MODULE_BYTES)
#define ISA_NUM_BREGS 16
/* nvcc's schedule in each instruction of Volta and later: bits 105-125 of
 * the 128-bit encoding (bits 41-61 of the second 64-bit word cuobjdump
 * prints), laid out as Jia et al., "Dissecting the NVIDIA Volta GPU
 * Architecture via Microbenchmarking" (2018), section 2.1: stall cycles,
 * yield, write and read dependency barriers, wait mask, reuse flags.
 * isa_insn.ctl holds them with ISA_CTL_PRESENT set. */
#define ISA_CTL_PRESENT      (1u << 31)
#define ISA_CTL_STALL(c)     ((c) & 0xfu)
#define ISA_CTL_YIELD(c)     (((c) >> 4) & 1u)
#define ISA_CTL_WBAR(c)      (((c) >> 5) & 7u)     /* 7 = none */
#define ISA_CTL_RBAR(c)      (((c) >> 8) & 7u)
#define ISA_CTL_WAIT(c)      (((c) >> 11) & 0x3fu)
#define ISA_CTL_REUSE(c)     (((c) >> 17) & 0xfu)     /* B0..B15: convergence barrier registers (BSSY/BSYNC) */

typedef enum {
#define UNIT(id, name, lanes, count, latency, category, doc) UNIT_##id,
#include "units.def"
#undef UNIT
    UNIT_COUNT
} isa_unit;

/* memory space of an access; NONE for an instruction without one */
typedef enum { SPACE_NONE = -1, SPACE_GLOBAL, SPACE_SHARED, SPACE_LOCAL, SPACE_CONST } isa_space;

/* what an instruction does, for the timing model (opcodes.def, sass_opcodes.def) */
typedef enum {
    KIND_ALU, KIND_LOAD, KIND_STORE, KIND_ATOMIC, KIND_BAR, KIND_MEMBAR, KIND_EXIT, KIND_BRANCH
} isa_kind;

typedef enum {
#define OP(id, mn, unit, space, kind, sig, allowed, required, doc) OP_##id,
#include "opcodes.def"
#undef OP
    OP_COUNT
} isa_opcode;

/* modifier groups, as bits for the allowed/required columns */
enum {
    MG_CMP = 1 << 0, MG_BOOL = 1 << 1, MG_TYPE = 1 << 2, MG_CACHE = 1 << 3,
    MG_ATOM = 1 << 4, MG_LOP = 1 << 5, MG_SHFL = 1 << 6, MG_MUFU = 1 << 7,
    MG_SCOPE = 1 << 8, MG_E = 1 << 9, MG_HI = 1 << 10,
    MG_TYPE2 = 1 << 11, /* two types: destination then source (conversions) */
    MG_SIGN = 1 << 12,  /* .U32 or .S32 on integer arithmetic */
    MG_HINT = 1 << 13,  /* real-SASS hints without effect on results (modifiers.def) */
    MG_FLAG = 1 << 14,  /* result-changing flags, each allowed by its own bit FL(id) */
    MG_TEXD = 1 << 15,  /* a texture's or surface's dimensions: TEX's 2D operand, SULD's .2D (isa_insn.func) */
    MG_TEXL = 1 << 16,  /* TEX/TLD's level of detail: .LZ .LL .B .LB (isa_insn.func) */
    MG_TEXC = 1 << 17,  /* TLD4's component .R .G .B .A (isa_insn.hi) */
    MG_SURFB = 1 << 18, /* SULD/SUST out of range: .TRAP .IGN, clamped when neither (isa_insn.hi) */
    MG_BRED = 1 << 19,  /* BAR.RED's reduction: .POPC .AND .OR */
    MG_FSCALE = 1 << 20 /* FMUL's power-of-two scale of the product: .D2 .D4 .D8 .M2 .M4 .M8 (isa_insn.func) */
};

/* one value per modifier, numbered within its group from 1 (0 = absent) */
#define MOD(group, id, text) MOD_##group##_##id,
enum { MOD_NONE_ = 0,
#include "modifiers.def"
    MOD_COUNT_ };
#undef MOD

/* the allowed-column bit of flag modifier id (opcodes.def), and its bit in
 * isa_insn.flags; flags are the last rows of modifiers.def */
#define FL(id) (1ull << (32 + MOD_FLAG_##id - MOD_FLAG_X))
#define ISA_FLAG_BIT(mod) (1u << ((mod) - MOD_FLAG_X))
#define INSN_HAS(in, id) (((in)->flags >> (MOD_FLAG_##id - MOD_FLAG_X)) & 1u)

typedef enum {
#define SREG(id, text, uniform, doc) SR_##id,
#include "sregs.def"
#undef SREG
    SR_COUNT
} isa_sreg;

typedef enum {
    OPK_NONE, OPK_REG, OPK_UREG, OPK_PRED, OPK_UPRED, OPK_IMM, OPK_CONST,
    OPK_MEM, OPK_SREG, OPK_LABEL, OPK_BREG,
    OPK_TEXDIM,        /* TEX's dimensions operand (2D, ARRAY_2D ...): imm = MOD_TEXD_* */
    OPK_PR              /* PR: the predicate file P0..P6 as bits 0..6 (P2R, R2P) */
} isa_operand_kind;

/* isa_operand.half: which 16-bit halves of a register an FP16 instruction
 * reads (nvcc prints them after the register: R8.H0_H0, R5.H1, R2.F32) */
enum { HALF_PAIR = 0, HALF_H0_H0, HALF_H1_H1, HALF_F32, HALF_H0, HALF_H1 };

/* isa_operand.neg on value sources: arithmetic negation or bitwise not */
enum { NEG_NONE = 0, NEG_MINUS = 1, NEG_NOT = 2 };

typedef struct {
    uint8_t kind;      /* isa_operand_kind */
    uint8_t reg;       /* register / predicate index; memory base register */
    uint8_t neg;       /* !P, or -R on arithmetic sources */
    uint8_t width;     /* registers covered: 1, 2 or 4 */
    uint8_t base_kind; /* OPK_MEM: OPK_REG, OPK_UREG or OPK_NONE (absolute);
                          OPK_CONST: OPK_REG for a register-indexed c[0x0][Rn+off] */
    uint8_t uindex;    /* OPK_MEM: 1 + the uniform register added to the address ([R2+UR4]); 0 if none */
    uint8_t absval;    /* |R2|: the magnitude of a floating-point source */
    uint8_t offset;    /* OPK_REG: an offset follows the register (BRX R6 -0x170: imm) */
    uint8_t byte;      /* OPK_REG: R8.B1 .. R8.B3, the byte R2P reads (its .B1 .. .B3 flag once checked) */
    union {
        uint8_t scale; /* OPK_MEM: log2 of the base register's scale ([R11.X4]: 2) */
        uint8_t half;  /* value sources: HALF_* (R8.H0_H0), HALF_PAIR when none */
    };
    uint8_t bank;      /* OPK_CONST: the constant bank (0; 2 = nvcc's own constants, resolved from the ELF) */
    int64_t imm;       /* immediate bits, constant offset, memory offset, sreg, target pc */
} isa_operand;

typedef struct {
    uint16_t op;          /* isa_opcode */
    uint8_t nops;
    uint8_t guard;        /* predicate index; ISA_PRED_PT when unguarded */
    uint8_t guard_neg;
    uint8_t guard_uniform;
    /* modifier values (MOD_<group>_<id>), 0 when absent */
    uint8_t cmp, boolop, type, type2, cache, func, scope, hi;
    uint8_t reconv_sync;  /* branches: the reconvergence pc is a convergence barrier's wait (nvcc's BSYNC) */
    uint32_t flags;       /* real-SASS flags (ISA_FLAG_BIT of MOD_FLAG_*) */
    uint32_t addr;        /* SASS dumps: the instruction's byte address (the dump's 0x0040) */
    uint32_t ctl;         /* SASS dumps: nvcc's control bits (ISA_CTL_*), 0 if the dump has none */
    isa_operand o[ISA_MAX_OPERANDS];
    int32_t reconv;       /* branches: reconvergence pc, -1 = none (paths exit) */
    int32_t target;       /* the pc of the label operand (BRA, CALL, BSSY), -1 = none */
    int line, col;        /* source position */
} isa_insn;

/* PT_B32, PT_B64: a parameter whose size is known but not its type (an
 * extern "C" kernel's, from the ELF): the launch argument decides (a
 * buffer's address, an integer, or a float) */
typedef enum { PT_U32, PT_S32, PT_U64, PT_S64, PT_F32, PT_F64, PT_B32, PT_B64 } isa_param_type;

typedef struct {
    char name[64];
    isa_param_type type;
    uint32_t offset, size;  /* offset in constant bank 0 */
} isa_param;

typedef struct {
    char name[64];
    uint32_t value;
} isa_symbol;

/* SASS dumps: a variable of the kernel's module, from cuobjdump -elf's
 * symbol table: a __constant__ one in bank 3, a __device__ one in global
 * memory; or a section's own symbol, which stands for its start */
enum { ISA_MODVAR_GLOBAL, ISA_MODVAR_GLOBAL_INIT, ISA_MODVAR_CONST };   /* .nv.global, .nv.global.init, .nv.constant3 */
typedef struct {
    char name[128];
    uint8_t section;        /* ISA_MODVAR_* */
    uint8_t is_section;
    uint32_t value, size;   /* offset in its section, bytes */
} isa_modvar;

/* SASS dumps: an address the loader patches in (the ELF's relocations):
 * the low or high word of the instruction at pc's 32-bit immediate, or a
 * 64- or 32-bit word of bank 4 */
enum { ISA_RELOC_LO32, ISA_RELOC_HI32, ISA_RELOC_BANK4_64, ISA_RELOC_BANK4_32, ISA_RELOC_OTHER,
       ISA_RELOC_TEXREF };   /* a texture or surface reference's handle into bank 0 at offset, each launch */
typedef struct {
    int32_t pc;             /* ISA_RELOC_LO32/HI32: the instruction */
    uint32_t offset;        /* ISA_RELOC_BANK4_*: the byte in bank 4 */
    int var;                /* into isa_kernel.modvars */
    int call;               /* a device library function (ISA_CALL_*) the relocation names, or 0 */
    uint8_t kind;           /* ISA_RELOC_* */
    uint8_t has_addend;     /* RELA; for REL, the field's own value is the addend */
    int64_t addend;
    char type[40];          /* the ELF's name of it (R_CUDA_ABS32_LO_32 ...), for messages */
    char sym[64];           /* ISA_RELOC_TEXREF: the reference's name (texture<> t1: "t1") */
} isa_reloc;

/* an instruction's CUDA source line (SASS dumps with a line table:
 * isa/sass_lines.c); file NULL: none known */
typedef struct {
    const char *file;        /* as the compiler recorded it (kept in isa_program.srcnames) */
    int line;
    const char *inlined_at;  /* "lines.cu:17 <- main.cu:40": where the function holding it was inlined, or NULL */
} isa_srcloc;

typedef struct {
    char name[256];      /* mangled names of templates run long */
    const char *file;
    int line;
    isa_insn *code;
    int ncode;
    isa_param *params;
    int nparams;
    uint32_t cbank_bytes;   /* ISA_PARAM_BASE + parameters */
    uint32_t shared_bytes;  /* static shared memory per block */
    uint32_t local_bytes;   /* local memory per thread */
    isa_symbol *symbols;    /* shared-memory names and other constants */
    int nsymbols;
    char **labels;          /* label name at each pc, or NULL */
    int nregs;              /* registers per thread (highest used + 1) */
    int nuregs;
    uint32_t param_base;    /* bank-0 offset of the first parameter (ISA_PARAM_BASE; 0x210 for sm_90 dumps) */
    int sass_arch;          /* 80, 90 ...: the kernel came from nvcc's SASS for sm_<arch>; 0 = warpsim assembly */
    char base_name[64];     /* SASS dumps: the demangled name without parameters (saxpy), for launch */
    uint8_t *bank2;         /* SASS dumps: nvcc's constant bank 2 (from the ELF), folded into immediates */
    struct { uint32_t offset, size; } *elf_params;   /* SASS dumps: EIATTR_KPARAM_INFO (bank-0 offset, bytes) by ordinal */
    int nelf_params;
    uint32_t bank2_bytes;
    uint8_t *bank3;         /* SASS dumps: the module's __constant__ data (ELF .nv.constant3), at ISA_CBANK_FLAT(3) */
    uint32_t bank3_bytes;
    uint8_t module_banks;   /* SASS dumps: bit b set when the code reads bank b (3, 4) */
    isa_modvar *modvars;    /* SASS dumps: the module's variables (the ELF listing) */
    int nmodvars;
    isa_reloc *relocs;      /* SASS dumps: what the loader patches: only `warpsim cuda` fills them in */
    int nrelocs;
    uint32_t bank4_bytes;   /* SASS dumps: the size of the module's bank 4 */
    isa_srcloc *srcloc;     /* SASS dumps with a line table: each instruction's CUDA line (ncode entries), or NULL */
    struct { uint32_t at, target; } *ibt;   /* SASS dumps: EIATTR_INDIRECT_BRANCH_TARGETS, a BRX's byte address and */
    int nibt;                               /* one of its targets' (one pair a target), for reconvergence */
} isa_kernel;

/* opcode table access */
typedef struct {
    const char *mnemonic;
    isa_unit unit;
    isa_space space;
    isa_kind kind;
    const char *operands;
    uint64_t allowed;       /* MG_* groups, FL(id) flags */
    unsigned required;
    const char *doc;
} isa_opinfo;

extern const isa_opinfo isa_ops[OP_COUNT];
const char *isa_unit_name(isa_unit u);
/* opcode properties, asked instead of listing opcodes (as Lua's lopcodes.h) */
static inline isa_space isa_op_space(int op) { return isa_ops[op].space; }
static inline int isa_op_is_mem(int op) { return isa_ops[op].space != SPACE_NONE; }
/* a texture fetch (TEX, TLD, TLD4: their destination letter is E) */
static inline int isa_op_tex_fetch(int op) { return isa_ops[op].operands[0] == 'E'; }
/* global addresses are 64 bits wide: a register (or uniform register) pair */
static inline int isa_space_addr64(isa_space s) { return s == SPACE_GLOBAL; }
static inline int isa_op_addr64(int op) { return isa_space_addr64(isa_ops[op].space); }
/* memory operand i of in takes a 64-bit address (LDGSTS: its first, the
 * shared destination, does not) */
static inline int isa_mem_addr64(const isa_insn *in, int i)
{
    return isa_op_addr64(in->op) && !(in->op == OP_LDGSTS && i == 0) && isa_ops[in->op].unit != UNIT_TEX;
}
/* EXIT or BRA that may let some lanes go on: a guard, or a predicate
 * operand other than PT (BRA !P2, L; EXIT P1) */
static inline int isa_insn_conditional(const isa_insn *in)
{
    const isa_operand *p = &in->o[0];
    return in->guard != ISA_PRED_PT || in->guard_neg
        || ((in->op == OP_EXIT || in->op == OP_BRA) && (p->kind == OPK_PRED || p->kind == OPK_UPRED) && (p->reg != ISA_PRED_PT || p->neg));
}
const char *isa_space_name(isa_space s);       /* "global", ..., "" for none */
const char *isa_kind_name(isa_kind k);          /* "" for ALU, "load", "store", ... */
const char *isa_unit_choices(void);              /* "int fp32 ...", for messages and docs */
int isa_unit_find(const char *name, size_t len); /* unit class by name, -1 if none */
const char *isa_sreg_name(int sr);
int isa_sreg_uniform(int sr);
const char *isa_mod_text(int mod);
int isa_mod_group(int mod);          /* MG_* bit of the modifier's group */
int isa_mod_allowed(int op, int mod); /* may mod follow op (opcodes.def's allowed column) */
int isa_type_bytes(int type_mod);    /* memory size of a type modifier (0 if none) */
int isa_type_regs(int type_mod);     /* registers a value of this type covers */
int isa_type_is_float(int type_mod);
int isa_type_is_signed(int type_mod);
int isa_insn_type(const isa_insn *in);   /* .type, or the opcode's default */
int isa_insn_type2(const isa_insn *in);  /* second (source) type of conversions */

/* the letter of operand i in the opcode's operand list (opcodes.def) */
char isa_operand_letter(const isa_insn *in, int i);
/* disassemble one instruction into buf (no newline); returns buf */
char *isa_disasm(const isa_kernel *k, const isa_insn *in, char *buf, size_t len);

#endif
