/* sim/config/config.c — config files: [section] headers, key = value lines,
 * '#' comments, include = other.cfg, and --set key=value. */
#include "config.h"
#include "asm.h"
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the choices of a policy key come from its plug-in table: "|a|b|c" + 1 */
static const char sched_choices[] =
#define SCHED_POLICY(name, doc) "|" #name
#include "sm/sched_policies.def"
#undef SCHED_POLICY
    ;
static const char repl_choices[] =
#define REPL(name, doc) "|" #name
#include "mem/repl_policies.def"
#undef REPL
    ;
static const char dram_sched_choices[] =
#define DRAM_SCHED(name, doc) "|" #name
#include "mem/dram_schedulers.def"
#undef DRAM_SCHED
    ;
static const char set_index_choices[] =
#define SET_INDEX(name, doc) "|" #name
#include "mem/set_index.def"
#undef SET_INDEX
    ;
static const char addr_map_choices[] =
#define ADDR_MAP(name, doc) "|" #name
#include "mem/address_maps.def"
#undef ADDR_MAP
    ;
#define CHOICES(table) (table##_choices + 1)

#define CFG_DEF_INT(d) d, NULL
#define CFG_DEF_ENUM(d) d, NULL
#define CFG_DEF_STR(d) 0, d
const config_key_info config_keys[CFG_NKEYS] = {
#define KEY(sec, name, type, def, min, max, choices, unit, doc) \
    { #sec "." #name, CFG_##type, CFG_DEF_##type(def), min, max, choices, unit, doc },
#include "config_keys.def"
#undef KEY
};

void config_defaults(config *c)
{
    memset(c, 0, sizeof *c);
    for (int i = 0; i < CFG_NKEYS; i++) {
        c->ival[i] = config_keys[i].def_int;
        if (config_keys[i].def_str) snprintf(c->sval[i], sizeof c->sval[i], "%s", config_keys[i].def_str);
        snprintf(c->origin[i], sizeof c->origin[i], "default");
    }
    for (int op = 0; op < OP_COUNT; op++) { c->op_expand[op] = 1; c->op_alt_unit[op] = -1; }
}

int config_given(const config *c, int key) { return strcmp(c->origin[key], "default") != 0; }

int config_find(const char *name)
{
    for (int i = 0; i < CFG_NKEYS; i++)
        if (!strcmp(config_keys[i].name, name)) return i;
    return -1;
}

void config_choice(int key, int i, char *buf, int len)
{
    const char *p = config_keys[key].choices;
    for (int k = 0; k < i && p; k++) {
        p = strchr(p, '|');
        if (p) p++;
    }
    if (!p) { snprintf(buf, (size_t)len, "?"); return; }
    int n = (int)strcspn(p, "|");
    snprintf(buf, (size_t)len, "%.*s", n, p);
}

void config_value_text(const config *c, int key, char *buf, int len)
{
    switch (config_keys[key].type) {
    case CFG_INT: snprintf(buf, (size_t)len, "%lld", (long long)c->ival[key]); break;
    case CFG_ENUM: config_choice(key, (int)c->ival[key], buf, len); break;
    default: snprintf(buf, (size_t)len, "%s", c->sval[key]); break;
    }
}

/* parse and store value text for key; msg receives the reason on failure */
static int assign(config *c, int key, const char *value, char *msg, size_t msglen)
{
    const config_key_info *k = &config_keys[key];
    if (k->type == CFG_STR) {
        if (strlen(value) >= sizeof c->sval[key]) { snprintf(msg, msglen, "value too long"); return -1; }
        snprintf(c->sval[key], sizeof c->sval[key], "%s", value);
        return 0;
    }
    if (k->type == CFG_ENUM) {
        char choice[64];
        for (int i = 0;; i++) {
            config_choice(key, i, choice, sizeof choice);
            if (!strcmp(choice, "?")) break;
            if (!strcmp(choice, value)) { c->ival[key] = i; return 0; }
        }
        snprintf(msg, msglen, "%s must be one of %s, found '%s'", k->name, k->choices, value);
        return -1;
    }
    char *end;
    errno = 0;
    long long v = strtoll(value, &end, 0);
    if (end == value || *end || errno == ERANGE) {
        snprintf(msg, msglen, "%s needs an integer, found '%s'", k->name, value);
        return -1;
    }
    if (v < k->min || v > k->max) {
        snprintf(msg, msglen, "%s = %lld is out of range: it must be %lld .. %lld%s%s", k->name, v,
                 (long long)k->min, (long long)k->max, k->unit[0] ? " " : "", k->unit);
        return -1;
    }
    c->ival[key] = v;
    return 0;
}

static const char *nearest_key(const char *name)
{
    const char *cands[CFG_NKEYS];
    for (int i = 0; i < CFG_NKEYS; i++) cands[i] = config_keys[i].name;
    const char *near = util_nearest(name, cands, CFG_NKEYS);
    if (near) return near;
    /* a key in the wrong section: match the part after the dot */
    const char *dot = strchr(name, '.');
    for (int i = 0; dot && i < CFG_NKEYS; i++) {
        const char *kd = strchr(config_keys[i].name, '.');
        if (kd && !strcmp(kd, dot)) return config_keys[i].name;
    }
    return NULL;
}

static void trim(char *s)
{
    int n = (int)strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1])) s[--n] = 0;
    int i = 0;
    while (isspace((unsigned char)s[i])) i++;
    memmove(s, s + i, strlen(s + i) + 1);
}

static int load_file(config *c, const char *path, diag *d, int depth);

static int load_line(config *c, const src_file *s, int ln, char *section, diag *d, int depth)
{
    const char *raw = s->line[ln - 1];
    char line[512];
    int n = (int)strcspn(raw, "\n");
    if (n >= (int)sizeof line) {
        diag_at(d, s->path, ln, (int)sizeof line, NULL, "this line is longer than %d characters", (int)sizeof line - 1);
        return 1;
    }
    memcpy(line, raw, (size_t)n);
    line[n] = 0;
    char *hash = strchr(line, '#');
    if (hash) *hash = 0;
    int first = 0;
    while (isspace((unsigned char)line[first])) first++;
    if (!line[first]) return 0;
    if (line[first] == '[') {
        char *close = strchr(line, ']');
        if (!close) { diag_at(d, s->path, ln, first + 1, raw, "missing ']' in section header"); return 1; }
        *close = 0;
        snprintf(section, 64, "%s", line + first + 1);
        trim(section);
        return 0;
    }
    char *eq = strchr(line, '=');
    if (!eq) { diag_at(d, s->path, ln, first + 1, raw, "expected 'key = value'"); return 1; }
    *eq = 0;
    char key[128], value[256];
    snprintf(key, sizeof key, "%.127s", line);
    snprintf(value, sizeof value, "%.255s", eq + 1);
    trim(key);
    trim(value);
    int vcol = (int)(eq - line) + 2;
    while (raw[vcol - 1] == ' ' || raw[vcol - 1] == '\t') vcol++;
    if (!strcmp(key, "include")) {
        char inc[512];
        const char *slash = strrchr(s->path, '/');
        if (value[0] == '/' || !slash) snprintf(inc, sizeof inc, "%s", value);
        else snprintf(inc, sizeof inc, "%.*s/%s", (int)(slash - s->path), s->path, value);
        if (depth >= 8) { diag_at(d, s->path, ln, vcol, raw, "includes nest deeper than 8 (an include cycle?)"); return 1; }
        int before = d->errors;
        load_file(c, inc, d, depth + 1);
        if (d->errors > before) diag_note_at(d, s->path, ln, vcol, raw, "included from here (a path relative to this file)");
        return d->errors > before;
    }
    char full[200];
    if (strchr(key, '.') || !section[0]) snprintf(full, sizeof full, "%s", key);
    else snprintf(full, sizeof full, "%s.%s", section, key);
    char msg[256], where[192];
    snprintf(where, sizeof where, "%s:%d", s->path, ln);
    int opk = config_opcode_assign(c, full, value, where, msg, sizeof msg);
    if (opk < 0) { diag_at(d, s->path, ln, opk == -1 ? first + 1 : vcol, raw, "%s", msg); return 1; }
    if (opk == 0) return 0;
    int k = config_find(full);
    if (k < 0) {
        const char *near = nearest_key(full);
        diag_at(d, s->path, ln, first + 1, raw, "unknown key '%s'%s%s%s", full,
                near ? " (did you mean '" : "", near ? near : "", near ? "'?)" : " (see docs/config.md)");
        return 1;
    }
    if (assign(c, k, value, msg, sizeof msg)) { diag_at(d, s->path, ln, vcol, raw, "%s", msg); return 1; }
    snprintf(c->origin[k], sizeof c->origin[k], "%s:%d", s->path, ln);
    c->origin_line[k] = ln;
    c->origin_col[k] = vcol;
    return 0;
}

/* every line of s (freed); errors */
static int load_src(config *c, src_file *s, diag *d, int depth)
{
    int before = d->errors;
    char section[64] = "";
    for (int ln = 1; ln <= s->nlines; ln++) load_line(c, s, ln, section, d, depth);
    src_free(s);
    return d->errors - before;
}

static int load_file(config *c, const char *path, diag *d, int depth)
{
    src_file s;
    int before = d->errors;
    if (src_read(&s, path, d)) return d->errors - before;
    return load_src(c, &s, d, depth);
}

int config_load(config *c, const char *path, diag *d) { return load_file(c, path, d, 0); }

int config_load_text(config *c, const char *path, const char *text, diag *d)
{
    src_file s;
    src_from_text(&s, path, text);
    return load_src(c, &s, d, 0);
}

int config_set(config *c, const char *assignment, diag *d)
{
    const char *eq = strchr(assignment, '=');
    if (!eq) { diag_error(d, "--set needs key=value, found '%s'", assignment); return 1; }
    char key[128], value[256];
    snprintf(key, sizeof key, "%.*s", (int)(eq - assignment), assignment);
    snprintf(value, sizeof value, "%s", eq + 1);
    trim(key);
    trim(value);
    char msg[256];
    int opk = config_opcode_assign(c, key, value, "--set", msg, sizeof msg);
    if (opk < 0) { diag_error(d, "--set: %s", msg); return 1; }
    if (opk == 0) return 0;
    int k = config_find(key);
    if (k < 0) {
        const char *near = nearest_key(key);
        diag_error(d, "--set: unknown key '%s'%s%s%s", key, near ? " (did you mean '" : "",
                   near ? near : "", near ? "'?)" : " (see docs/config.md)");
        return 1;
    }
    if (assign(c, k, value, msg, sizeof msg)) { diag_error(d, "--set: %s", msg); return 1; }
    snprintf(c->origin[k], sizeof c->origin[k], "--set");
    c->origin_line[k] = c->origin_col[k] = 0;
    return 0;
}

void config_error(const config *c, diag *d, int key, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    int line = c->origin_line[key];
    if (line <= 0) { diag_error(d, "%s (%s set by %s)", msg, config_keys[key].name, c->origin[key]); return; }
    /* set in a file: point at the value there (the line is read again:
     * the config keeps no text) */
    char path[192], text[512] = "";
    snprintf(path, sizeof path, "%s", c->origin[key]);
    char *colon = strrchr(path, ':');
    if (colon) *colon = 0;
    FILE *f = fopen(path, "r");
    for (int ln = 1; f && fgets(text, sizeof text, f) && ln < line; ln++) text[0] = 0;
    if (f) fclose(f);
    diag_at(d, path, line, c->origin_col[key], text[0] ? text : NULL, "%s", msg);
}

/* a broken rule, at the origin of the key that was set last */
static void rule(const config *c, diag *d, int key, const char *fmt, long long a, long long b)
{
    char msg[300];
    snprintf(msg, sizeof msg, fmt, a, b);
    config_error(c, d, key, "%s", msg);
}

int config_validate(const config *c, diag *d)
{
    int before = d->errors;
    long long ws = CFG(c, sm_warp_size);
    if (ws & (ws - 1))
        rule(c, d, CFGK_sm_warp_size, "sm.warp_size = %lld breaks the rule: it must be a power of two (at most 64)%.0lld", ws, 0);
    if (CFG(c, sm_max_threads) > CFG(c, sm_max_warps) * ws)
        rule(c, d, CFGK_sm_max_threads, "sm.max_threads = %lld breaks the rule max_threads <= max_warps * warp_size = %lld",
             (long long)CFG(c, sm_max_threads), (long long)(CFG(c, sm_max_warps) * ws));
    if (CFG(c, sm_max_threads) < ws)
        rule(c, d, CFGK_sm_max_threads, "sm.max_threads = %lld breaks the rule max_threads >= warp_size = %lld",
             (long long)CFG(c, sm_max_threads), ws);
    long long line = CFG(c, mem_line_size), sector = CFG(c, mem_sector_size);
    if ((line & (line - 1)) || (sector & (sector - 1)) || sector > line || line / sector > 32)
        rule(c, d, CFGK_mem_sector_size, "mem.sector_size = %lld breaks the rule: line and sector are powers of two, "
             "sector <= line, at most 32 sectors per line (line %lld)", sector, line);
    if (CFG(c, l1_queue) < 2 * ws)
        rule(c, d, CFGK_l1_queue, "l1.queue = %lld breaks the rule l1.queue >= 2 * warp_size = %lld (one warp instruction's line requests)",
             (long long)CFG(c, l1_queue), 2 * ws);
    long long bw = CFG(c, smem_bank_width);
    if (bw & (bw - 1))
        rule(c, d, CFGK_smem_bank_width, "smem.bank_width = %lld breaks the rule: a power of two%.0lld", bw, 0);
    return d->errors - before;
}
