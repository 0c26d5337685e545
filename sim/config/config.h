/* sim/config/config.h — the configuration: keys from sim/config/config_keys.def, values
 * from files (with include), --set overrides, and where each came from. */
#ifndef WARPSIM_CONFIG_H
#define WARPSIM_CONFIG_H
#include <stdint.h>
#include "diag.h"
#include "isa.h"
#include "config_opcode.h"

enum {
#define KEY(sec, name, type, def, min, max, choices, unit, doc) CFGK_##sec##_##name,
#include "config_keys.def"
#undef KEY
    CFG_NKEYS
};

typedef enum { CFG_INT, CFG_ENUM, CFG_STR } config_type;

typedef struct {
    const char *name;      /* "section.key" */
    config_type type;
    int64_t def_int;
    const char *def_str;
    int64_t min, max;
    const char *choices;
    const char *unit;
    const char *doc;
} config_key_info;

struct config {
    int64_t ival[CFG_NKEYS];     /* INT value, ENUM index */
    char sval[CFG_NKEYS][64];    /* STR value */
    char origin[CFG_NKEYS][192]; /* "default", "file:line", "--set" */
    int origin_line[CFG_NKEYS];  /* set in a file: its line and the value's column */
    int origin_col[CFG_NKEYS];
    char files[8][160];          /* files read, for messages */
    /* per-opcode overrides (config_opcode.h): expand (1: as its class), alt_unit (-1: none) */
    int op_expand[OP_COUNT];
    int op_alt_unit[OP_COUNT];
    int op_latency[OP_COUNT];        /* 0: the unit class's latency */
    int op_interval[OP_COUNT];       /* 0: the unit class's occupancy */
    char op_origin[OP_COUNT][OPCODE_NFIELDS][96];
};

#define CFG(c, sec_name) ((c)->ival[CFGK_##sec_name])

extern const config_key_info config_keys[CFG_NKEYS];

void config_defaults(config *c);
/* read a config file (and its includes); returns errors added to d */
int config_load(config *c, const char *path, diag *d);
/* apply "key=value"; returns errors added to d */
int config_set(config *c, const char *assignment, diag *d);
/* check the rules between keys; returns errors added to d */
int config_validate(const config *c, diag *d);
/* config_load of text given in memory, named path in messages */
int config_load_text(config *c, const char *path, const char *text, diag *d);
/* an error about key's value: at file:line:col with a caret when a file
 * set it, else naming what set it (--set, default) */
void config_error(const config *c, diag *d, int key, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
int config_find(const char *name);
/* 1 when a config file or --set gave key its value (not its default) */
int config_given(const config *c, int key);
/* the value as text (ENUM by name) */
void config_value_text(const config *c, int key, char *buf, int len);
/* the enum choice text for index i of key */
void config_choice(int key, int i, char *buf, int len);

#endif
