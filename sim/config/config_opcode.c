/* sim/config/config_opcode.c — per-opcode overrides ("opcode.IMUL.expand = 4"). */
#include "config.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
#define X(field, def, min, max, doc) OPF_##field,
    OPCODE_FIELDS(X)
#undef X
    OPF_COUNT
};

_Static_assert(OPF_COUNT == OPCODE_NFIELDS, "OPCODE_NFIELDS must count the rows of OPCODE_FIELDS");

static const struct { const char *name; int min, max; const char *doc; } fields[OPF_COUNT] = {
#define X(field, def, min, max, doc) { #field, min, max, doc },
    OPCODE_FIELDS(X)
#undef X
};

static int *slot(config *c, int field, int op)
{
    return field == OPF_expand ? &c->op_expand[op] : field == OPF_latency ? &c->op_latency[op]
         : field == OPF_interval ? &c->op_interval[op] : &c->op_alt_unit[op];
}

static int find_op(const char *mnemonic)
{
    for (int i = 0; i < OP_COUNT; i++)
        if (!strcmp(isa_ops[i].mnemonic, mnemonic)) return i;
    return -1;
}

static int parse_value(int field, const char *value, int *out, char *msg, size_t msglen)
{
    if (field == OPF_alt_unit) {
        if (!strcmp(value, "none")) { *out = -1; return 0; }
        int u = isa_unit_find(value, strlen(value));
        if (u >= 0) { *out = u; return 0; }
        snprintf(msg, msglen, "alt_unit must be a unit class (%s) or none, found '%s'", isa_unit_choices(), value);
        return -1;
    }
    char *end;
    errno = 0;
    long v = strtol(value, &end, 0);
    if (end == value || *end || errno || v < fields[field].min || v > fields[field].max) {
        snprintf(msg, msglen, "%s needs an integer from %d to %d, found '%s'", fields[field].name,
                 fields[field].min, fields[field].max, value);
        return -1;
    }
    *out = (int)v;
    return 0;
}

int config_opcode_assign(config *c, const char *name, const char *value, const char *origin, char *msg, size_t msglen)
{
    if (strncmp(name, "opcode.", 7)) return 1;
    const char *mn = name + 7, *dot = strrchr(mn, '.');
    if (!dot) {
        snprintf(msg, msglen, "'%s' needs a field: opcode.MNEMONIC.expand, .alt_unit, .latency or .interval", name);
        return -1;
    }
    char mnemonic[32];
    snprintf(mnemonic, sizeof mnemonic, "%.*s", (int)(dot - mn), mn);
    int op = find_op(mnemonic);
    if (op < 0) {
        const char *cands[OP_COUNT];
        for (int i = 0; i < OP_COUNT; i++) cands[i] = isa_ops[i].mnemonic;
        const char *near = util_nearest(mnemonic, cands, OP_COUNT);
        snprintf(msg, msglen, "'%s' is not an opcode%s%s%s", mnemonic, near ? " (did you mean '" : " (see docs/isa.md)",
                 near ? near : "", near ? "'?)" : "");
        return -1;
    }
    int field = -1;
    for (int f = 0; f < OPF_COUNT; f++)
        if (!strcmp(fields[f].name, dot + 1)) field = f;
    if (field < 0) {
        snprintf(msg, msglen, "'%s' is not a per-opcode field: the fields are expand, alt_unit, latency and interval", dot + 1);
        return -1;
    }
    int v;
    if (parse_value(field, value, &v, msg, msglen)) return -2;
    if (field == OPF_alt_unit && v == (int)isa_ops[op].unit) {
        snprintf(msg, msglen, "opcode.%s.alt_unit = %s is the opcode's own unit class", mnemonic, value);
        return -2;
    }
    *slot(c, field, op) = v;
    snprintf(c->op_origin[op][field], sizeof c->op_origin[op][field], "%s", origin);
    return 0;
}

void config_opcode_show(const config *c, void (*line)(const char *name, const char *value, const char *origin))
{
    for (int op = 0; op < OP_COUNT; op++)
        for (int f = 0; f < OPF_COUNT; f++) {
            if (!c->op_origin[op][f][0]) continue;
            char name[64], value[32];
            snprintf(name, sizeof name, "opcode.%s.%s", isa_ops[op].mnemonic, fields[f].name);
            int v = *slot((config *)c, f, op);
            if (f == OPF_alt_unit) snprintf(value, sizeof value, "%s", v < 0 ? "none" : isa_unit_name((isa_unit)v));
            else snprintf(value, sizeof value, "%d", v);
            line(name, value, c->op_origin[op][f]);
        }
}

void config_opcode_docs(void)
{
    static const char *const types[OPF_COUNT] = { "int", "enum", "int", "int" };
    char units[160];
    snprintf(units, sizeof units, "none %s", isa_unit_choices());
    const char *const ranges[OPF_COUNT] = { "1 .. 64", units, "0 .. 10000", "0 .. 10000" };
    static const char *const defaults[OPF_COUNT] = { "1", "none", "0", "0" };
    for (int f = 0; f < OPF_COUNT; f++)
        printf("| `opcode.MNEMONIC.%s` | %s | %s | %s | | %s |\n", fields[f].name, types[f], defaults[f], ranges[f],
               fields[f].doc);
}
