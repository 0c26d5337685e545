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
#define ISA_MAX_OPERANDS 5
#define ISA_MAX_LANES 64
#define ISA_PARAM_BASE 0x160 /* kernel parameters start here in bank 0, as in sm_70+ SASS */

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
    MG_SIGN = 1 << 12   /* .U32 or .S32 on integer arithmetic */
};

/* one value per modifier, numbered within its group from 1 (0 = absent) */
#define MOD(group, id, text) MOD_##group##_##id,
enum { MOD_NONE_ = 0,
#include "modifiers.def"
    MOD_COUNT_ };
#undef MOD

typedef enum {
#define SREG(id, text, uniform, doc) SR_##id,
#include "sregs.def"
#undef SREG
    SR_COUNT
} isa_sreg;

typedef enum {
    OPK_NONE, OPK_REG, OPK_UREG, OPK_PRED, OPK_UPRED, OPK_IMM, OPK_CONST,
    OPK_MEM, OPK_SREG, OPK_LABEL
} isa_operand_kind;

typedef struct {
    uint8_t kind;      /* isa_operand_kind */
    uint8_t reg;       /* register / predicate index; memory base register */
    uint8_t neg;       /* !P, or -R on arithmetic sources */
    uint8_t width;     /* registers covered: 1, 2 or 4 */
    uint8_t base_kind; /* OPK_MEM: OPK_REG, OPK_UREG or OPK_NONE (absolute) */
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
    isa_operand o[ISA_MAX_OPERANDS];
    int32_t reconv;       /* branches: reconvergence pc, -1 = none (paths exit) */
    int line, col;        /* source position */
} isa_insn;

typedef enum { PT_U32, PT_S32, PT_U64, PT_S64, PT_F32, PT_F64 } isa_param_type;

typedef struct {
    char name[64];
    isa_param_type type;
    uint32_t offset, size;  /* offset in constant bank 0 */
} isa_param;

typedef struct {
    char name[64];
    uint32_t value;
} isa_symbol;

typedef struct {
    char name[64];
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
} isa_kernel;

/* opcode table access */
typedef struct {
    const char *mnemonic;
    isa_unit unit;
    isa_space space;
    isa_kind kind;
    const char *operands;
    unsigned allowed, required;
    const char *doc;
} isa_opinfo;

extern const isa_opinfo isa_ops[OP_COUNT];
const char *isa_unit_name(isa_unit u);
/* opcode properties, asked instead of listing opcodes (as Lua's lopcodes.h) */
static inline isa_space isa_op_space(int op) { return isa_ops[op].space; }
static inline int isa_op_is_mem(int op) { return isa_ops[op].space != SPACE_NONE; }
/* global addresses are 64 bits wide: a register (or uniform register) pair */
static inline int isa_space_addr64(isa_space s) { return s == SPACE_GLOBAL; }
static inline int isa_op_addr64(int op) { return isa_space_addr64(isa_ops[op].space); }
const char *isa_space_name(isa_space s);       /* "global", ..., "" for none */
const char *isa_kind_name(isa_kind k);          /* "" for ALU, "load", "store", ... */
const char *isa_unit_choices(void);              /* "int fp32 ...", for messages and docs */
int isa_unit_find(const char *name, size_t len); /* unit class by name, -1 if none */
const char *isa_sreg_name(int sr);
int isa_sreg_uniform(int sr);
const char *isa_mod_text(int mod);
int isa_mod_group(int mod);          /* MG_* bit of the modifier's group */
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
