/* isa/demangle.c — the base name and parameter types of a kernel from its
 * C++ mangled name (the Itanium ABI that nvcc uses: _Z5saxpyifPKfPf is
 * saxpy(int, float, const float *, float *)). Only what kernel parameters
 * are made of is read: builtin types, pointers and qualifiers, names of
 * classes, namespaces, templates and substitutions (S_, S0_ ...). A
 * parameter passed by value as a struct has no known size here: the caller
 * is told to declare the parameters instead. */
#include "demangle.h"
#include <ctype.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    const char *s;
    int pos, len;
    int nsubs;             /* substitution candidates seen (S_ = 0, S0_ = 1 ...) */
    int sub_kind[64];      /* their kinds: DM_PTR for pointers, else DM_OTHER */
    int failed;
    int last_template;     /* the name just read ended with template arguments */
} dm;

enum { DM_OTHER = -1 };

/* the next byte, 0 at the end (as unsigned char: ctype's isdigit takes no negative byte) */
static int peek(const dm *m) { return m->pos < m->len ? (unsigned char)m->s[m->pos] : 0; }
static void add_sub(dm *m, int kind) { if (m->nsubs < 64) m->sub_kind[m->nsubs++] = kind; }

static int number(dm *m)
{
    int v = 0, any = 0;
    while (isdigit((unsigned char)peek(m))) { v = v * 10 + (m->s[m->pos++] - '0'); any = 1; if (v > 100000) { m->failed = 1; return 0; } }
    if (!any) m->failed = 1;
    return v;
}

static void skip_type(dm *m);

/* <source-name> ::= <length> <identifier>; copies it into out when given */
static void source_name(dm *m, char *out, size_t cap)
{
    int n = number(m);
    if (m->failed || m->pos + n > m->len) { m->failed = 1; return; }
    if (out) snprintf(out, cap, "%.*s", n, m->s + m->pos);
    m->pos += n;
}

/* I <args> E: template arguments (types or literals L...E) */
static void template_args(dm *m)
{
    m->pos++;   /* I */
    while (!m->failed && peek(m) && peek(m) != 'E') {
        if (peek(m) == 'L') {
            while (peek(m) && peek(m) != 'E') m->pos++;
            if (peek(m) == 'E') m->pos++;
        } else {
            skip_type(m);
        }
    }
    if (peek(m) == 'E') m->pos++;
    else m->failed = 1;
}

/* S_ S0_ ... St Sa: a substitution; returns its kind */
static int substitution(dm *m)
{
    m->pos++;   /* S */
    int c = peek(m);
    if (c == 't' || c == 'a' || c == 'b' || c == 's' || c == 'i' || c == 'o' || c == 'd') { m->pos++; return DM_OTHER; }
    int idx = 0;
    if (c != '_') {
        /* a base-36 sequence number of digits and capitals; a longer one
         * than any name holds is no substitution (and would overflow) */
        while (isdigit(peek(m)) || isupper(peek(m))) {
            int d = peek(m);
            idx = idx * 36 + (isdigit(d) ? d - '0' : d - 'A' + 10);
            m->pos++;
            if (idx > 100000) { m->failed = 1; return DM_OTHER; }
        }
        idx++;
    }
    if (peek(m) != '_') { m->failed = 1; return DM_OTHER; }
    m->pos++;
    return idx < m->nsubs ? m->sub_kind[idx] : DM_OTHER;
}

/* a (possibly nested) name: N ... E, or a source name, with template args */
static void name(dm *m, char *out, size_t cap)
{
    if (peek(m) == 'N') {
        m->pos++;
        while (peek(m) == 'K' || peek(m) == 'V' || peek(m) == 'r') m->pos++;
        while (!m->failed && peek(m) && peek(m) != 'E') {
            int is_template = peek(m) == 'I';
            if (peek(m) == 'S') substitution(m);
            else if (is_template) template_args(m);
            else source_name(m, out, cap);
            add_sub(m, DM_OTHER);
            m->last_template = is_template;
        }
        if (peek(m) == 'E') m->pos++;
        else m->failed = 1;
        return;
    }
    if (peek(m) == 'S') { substitution(m); }
    else source_name(m, out, cap);
    int is_template = peek(m) == 'I';
    if (is_template) { add_sub(m, DM_OTHER); template_args(m); }
    m->last_template = is_template;
}

/* one type; returns its kind (a dm_type) */
static int type(dm *m)
{
    int c = peek(m);
    switch (c) {
    case 'v': m->pos++; return DM_VOID;
    case 'b': case 'c': case 'a': case 'h': m->pos++; return c == 'a' || c == 'c' ? DM_S8 : DM_U8;
    case 's': m->pos++; return DM_S16;
    case 't': m->pos++; return DM_U16;
    case 'i': m->pos++; return DM_S32;
    case 'j': m->pos++; return DM_U32;
    case 'l': case 'x': m->pos++; return DM_S64;
    case 'm': case 'y': m->pos++; return DM_U64;
    case 'f': m->pos++; return DM_F32;
    case 'd': m->pos++; return DM_F64;
    case 'P': case 'R': case 'O': {
        m->pos++;
        type(m);
        add_sub(m, DM_PTR);
        return DM_PTR;
    }
    case 'K': case 'V': case 'r': {
        m->pos++;
        int t = type(m);
        add_sub(m, t);
        return t;
    }
    case 'S': {
        int t = substitution(m);
        if (peek(m) == 'I') { template_args(m); add_sub(m, DM_OTHER); return DM_STRUCT; }
        return t == DM_OTHER ? DM_STRUCT : t;
    }
    case 'D':
        /* Dh: half, Dn: nullptr_t; others unknown */
        m->pos++;
        if (peek(m) == 'h') { m->pos++; return DM_U16; }
        m->failed = 1;
        return DM_STRUCT;
    default:
        if (isdigit(c) || c == 'N') {
            name(m, NULL, 0);
            add_sub(m, DM_OTHER);
            return DM_STRUCT;
        }
        m->failed = 1;
        return DM_STRUCT;
    }
}

static void skip_type(dm *m) { type(m); }

int dm_kernel(const char *mangled, dm_info *out)
{
    memset(out, 0, sizeof *out);
    size_t len = strlen(mangled);
    if (len < 3 || strncmp(mangled, "_Z", 2) != 0) {
        /* extern "C": the name is the name; parameters unknown */
        snprintf(out->base, sizeof out->base, "%s", mangled);
        out->nparams = -1;
        return 0;
    }
    dm m = { .s = mangled, .pos = 2, .len = (int)len };
    name(&m, out->base, sizeof out->base);
    /* a template function's name ends with I...E, then comes its return type */
    int templated = m.last_template;
    if (m.failed) return -1;
    if (templated) type(&m);
    while (!m.failed && m.pos < m.len && out->nparams < DM_MAX_PARAMS) {
        int t = type(&m);
        if (t == DM_VOID && out->nparams == 0 && m.pos == m.len) break;   /* f(void) */
        out->type[out->nparams++] = t;
    }
    if (m.failed || m.pos != m.len) return -1;
    return 0;
}

int dm_size(int t)
{
    switch (t) {
    case DM_S8: case DM_U8: return 1;
    case DM_S16: case DM_U16: return 2;
    case DM_S32: case DM_U32: case DM_F32: return 4;
    case DM_S64: case DM_U64: case DM_F64: case DM_PTR: return 8;
    default: return 0;
    }
}

const char *dm_type_name(int t)
{
    static const char *const names[] = { "void", "s8", "u8", "s16", "u16", "s32", "u32", "s64", "u64", "f32", "f64", "pointer", "struct" };
    return t >= 0 && t < (int)(sizeof names / sizeof names[0]) ? names[t] : "?";
}
