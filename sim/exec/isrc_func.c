/* sim/exec/isrc_func.c — the execution-driven instruction source: static facts
 * come from the assembled kernel, dynamic facts from executing the
 * instruction at issue in the shared warp executor. */
#include "isrc_func.h"
#include "observer.h"
#include <stdlib.h>
#include <string.h>

static int is_dst_letter(char c) { return c && strchr("RWDXPUVYQEZ", c) != NULL; }

static void add(uint16_t *list, uint8_t *n, int max, int slot)
{
    for (int i = 0; i < *n; i++)
        if (list[i] == slot) return;
    if (*n < max) list[(*n)++] = (uint16_t)slot;
}

/* scoreboard slots an operand covers */
static void operand_slots(const isa_insn *in, const isa_operand *o, int dst, isrc_static *s)
{
    uint16_t *list = dst ? s->dst : s->src;
    uint8_t *n = dst ? &s->ndst : &s->nsrc;
    int max = dst ? ISRC_MAX_DST : ISRC_MAX_SRC;
    switch (o->kind) {
    case OPK_REG:
        if (o->reg != ISA_REG_RZ) for (int i = 0; i < o->width; i++) add(list, n, max, o->reg + i);
        break;
    case OPK_UREG:
        if (o->reg != ISA_UREG_URZ) for (int i = 0; i < o->width; i++) add(list, n, max, SB_UREG + o->reg + i);
        break;
    case OPK_PRED:
        if (o->reg != ISA_PRED_PT) add(list, n, max, SB_PRED + o->reg);
        break;
    case OPK_UPRED:
        if (o->reg != ISA_PRED_PT) add(list, n, max, SB_UPRED + o->reg);
        break;
    case OPK_PR:   /* P2R reads, R2P writes P0..P6 */
        for (int i = 0; i < ISA_PRED_PT; i++) add(list, n, max, SB_PRED + i);
        break;
    case OPK_MEM: {
        int wide = isa_mem_addr64(in, (int)(o - in->o));
        int regs = o->width > 1 ? o->width : wide ? 2 : 1;   /* a surface's [Rx]: one a dimension */
        if (o->base_kind == OPK_REG && o->reg != ISA_REG_RZ)
            for (int i = 0; i < regs; i++) add(s->src, &s->nsrc, ISRC_MAX_SRC, o->reg + i);
        if (o->base_kind == OPK_UREG && o->reg != ISA_UREG_URZ)
            for (int i = 0; i < (wide ? 2 : 1); i++) add(s->src, &s->nsrc, ISRC_MAX_SRC, SB_UREG + o->reg + i);
        if (o->uindex && o->uindex - 1 != ISA_UREG_URZ) add(s->src, &s->nsrc, ISRC_MAX_SRC, SB_UREG + o->uindex - 1);
        break;
    }
    case OPK_CONST:
        if (o->base_kind == OPK_REG && o->reg != ISA_REG_RZ) add(s->src, &s->nsrc, ISRC_MAX_SRC, o->reg);
        if (o->base_kind == OPK_UREG && o->reg != ISA_UREG_URZ) add(s->src, &s->nsrc, ISRC_MAX_SRC, SB_UREG + o->reg);
        break;
    default:
        break;
    }
}

static void describe(const isa_insn *in, int pc, isrc_static *s)
{
    memset(s, 0, sizeof *s);
    s->const_offset = -1;
    s->pc = pc;
    s->op = in->op;
    s->unit = isa_ops[in->op].unit;
    if (in->guard != ISA_PRED_PT)
        add(s->src, &s->nsrc, ISRC_MAX_SRC, (in->guard_uniform ? SB_UPRED : SB_PRED) + in->guard);
    for (int i = 0; i < in->nops; i++)
        operand_slots(in, &in->o[i], is_dst_letter(isa_operand_letter(in, i)), s);
    /* a device-library call returns in R4 (R4:R5: malloc's pointer) */
    if (in->op == OP_CALL_ABS) for (int r = 4; r < 6; r++) add(s->dst, &s->ndst, ISRC_MAX_DST, r);
    /* an atomic with a destination returns the old value: a load; RED is a store */
    isa_kind kind = isa_ops[in->op].kind;
    int returns = in->nops > 0 && is_dst_letter(isa_operand_letter(in, 0));
    s->is_mem = isa_op_is_mem(in->op);
    s->is_load = kind == KIND_LOAD || (kind == KIND_ATOMIC && returns);
    s->is_store = kind == KIND_STORE || (kind == KIND_ATOMIC && !returns);
    s->is_atomic = kind == KIND_ATOMIC;
    /* instructions without memory keep space 0 (global), as isrc.h's field is unsigned */
    s->mem_space = s->is_mem ? (uint8_t)isa_op_space(in->op) : SPACE_GLOBAL;
    s->mem_bytes = s->is_mem ? (uint8_t)isa_type_bytes(isa_insn_type(in)) : 0;
    s->is_barrier = kind == KIND_BAR;
    s->ctl_stall = (in->ctl & ISA_CTL_PRESENT) ? (uint8_t)ISA_CTL_STALL(in->ctl) : 0;
    s->cache_op = in->cache;
    s->const_offset = -1;
    for (int i = 0; i < in->nops; i++)
        if (in->o[i].kind == OPK_CONST) s->const_offset = (int32_t)in->o[i].imm;
    s->is_membar_gl = kind == KIND_MEMBAR && in->scope == MOD_SCOPE_GL;
    s->is_membar_cta = kind == KIND_MEMBAR && in->scope != MOD_SCOPE_GL;
    s->reads_clock = (in->op == OP_S2R || in->op == OP_CS2R)
                     && (in->o[1].imm == SR_CLOCKLO || in->o[1].imm == SR_CLOCKHI);
}

static const isrc_static *func_peek(isrc *s, int w)
{
    isrc_func *f = s->ctx;
    int pc = f->run->peek[w].pc;
    return pc < 0 ? NULL : &f->table[pc];
}

static int func_issue(isrc *s, int w, kernel_stats *st, isrc_dynamic *out)
{
    isrc_func *f = s->ctx;
    xrun *r = f->run;
    xwarp *x = &r->warps[w];
    const xblock *b = &r->blocks[x->block];
    uint64_t released = b->released;
    xstep *step = &f->steps[b->sm];   /* SMs may issue at once (one thread each) */
    if (xrun_count(r, x)) return -1;
    if (xrun_step(r, x, st, step)) return -1;
    out->active = step->active;
    out->exec = step->res.exec_mask;
    out->redirected = step->redirected;
    out->diverged = step->diverged;
    out->warp_done = x->done;
    out->barrier_released = b->released != released;
    out->barrier_warps = b->released_warps;
    out->res = &step->res;
    out->slot = x->block;
    out->warp = x->index;
    out->stack_depth = x->stack.depth;
    return 0;
}

/* the warp's state an issue reads first (its stack's top, its registers'
 * header and predicates) and the rows of the instruction's source
 * registers */
static void func_prefetch(isrc *s, int w, const isrc_static *st)
{
    const isrc_func *f = s->ctx;
    const xwarp *x = &f->run->warps[w];
    __builtin_prefetch(&x->stack);
    __builtin_prefetch(&x->regs);
    __builtin_prefetch(&x->regs.preds[7]);
    const uint32_t *regs = f->run->peek[w].regs;   /* beside the pc peek read: not the xwarp's cold line */
    if (!regs) return;
    size_t ws = (size_t)f->run->ws;
    for (int i = 0; i < st->nsrc; i++)
        if (st->src[i] < SB_PRED) {
            const uint32_t *row = regs + st->src[i] * ws;
            __builtin_prefetch(row);
            __builtin_prefetch(row + ws - 1);
        }
}

static int func_at_barrier(isrc *s, int w)
{
    const isrc_func *f = s->ctx;
    return f->run->peek[w].at_barrier;
}

/* every slot an instruction of the kernel names, in slot order (once a
 * launch: each SM asks) */
static void find_slots(isrc_func *f)
{
    uint8_t named[SB_SLOTS] = { 0 };
    for (int pc = 0; pc < f->run->k->ncode; pc++) isrc_mark_slots(&f->table[pc], named);
    f->sb_named = isrc_slot_map(named, f->sb_map);
}

static int func_slots(isrc *s, uint16_t map[SB_SLOTS])
{
    const isrc_func *f = s->ctx;
    memcpy(map, f->sb_map, sizeof f->sb_map);
    return f->sb_named;
}

void isrc_func_init(isrc_func *f, xrun *r)
{
    f->run = r;
    f->obs = r->opt ? r->opt->observer : NULL;
    f->table = xcalloc((size_t)r->k->ncode, sizeof(isrc_static));
    f->steps = xcalloc((size_t)(r->nsm > 0 ? r->nsm : 1), sizeof *f->steps);
    for (int pc = 0; pc < r->k->ncode; pc++) describe(&r->k->code[pc], pc, &f->table[pc]);
    find_slots(f);
    f->src.ctx = f;
    f->src.peek = func_peek;
    f->src.issue = func_issue;
    f->src.at_barrier = func_at_barrier;
    f->src.prefetch = func_prefetch;
    f->src.slots = func_slots;
}

void isrc_func_free(isrc_func *f)
{
    free(f->table);
    free(f->steps);
    f->table = NULL;
    f->steps = NULL;
}
