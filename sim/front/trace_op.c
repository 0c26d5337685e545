/* sim/front/trace_op.c — the SASS opcode table and what an opcode's modifiers say. */
#include "trace.h"
#include "exec.h"
#include <string.h>

#define SASS(base, unit, space, kind, gens) { #base, UNIT_##unit, SPACE_##space, KIND_##kind, gens },
const sass_info sass_ops[] = {
#include "sass_opcodes.def"
};
#undef SASS
const int sass_nops = (int)(sizeof sass_ops / sizeof sass_ops[0]);

char sass_generation(int v)
{
    /* CUDA compute capabilities as -binary version (major * 10 + minor) */
    if (v >= 30 && v <= 37) return 'K';
    if (v >= 50 && v <= 62) return 'P';   /* Maxwell shares Pascal's opcode set */
    if (v >= 70 && v <= 72) return 'V';
    if (v == 75) return 'T';
    if (v >= 80 && v <= 89) return 'A';   /* 89 (Ada) shares Ampere's */
    if (v == 90) return 'H';
    return 0;
}

const char *sass_generation_name(char gen)
{
    switch (gen) {
    case 'K': return "Kepler";
    case 'P': return "Maxwell/Pascal";
    case 'V': return "Volta";
    case 'T': return "Turing";
    case 'A': return "Ampere/Ada";
    case 'H': return "Hopper";
    default: return "unknown";
    }
}

const char *sass_stand_in(isa_unit unit, char gen)
{
    for (int i = 0; i < sass_nops; i++)
        if (sass_ops[i].unit == unit && sass_ops[i].kind == KIND_ALU && sass_ops[i].space == SPACE_NONE
            && strchr(sass_ops[i].gens, gen))
            return sass_ops[i].base;
    return NULL;
}

int sass_find(const char *base, char gen)
{
    for (int i = 0; i < sass_nops; i++)
        if (!strcmp(sass_ops[i].base, base) && strchr(sass_ops[i].gens, gen)) return i;
    return -1;
}
