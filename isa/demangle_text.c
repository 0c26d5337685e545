/* isa/demangle_text.c — a kernel's mangled name as a person reads it
 * (_Z14calculate_tempiPfS_S_iiiiffffff is calculate_temp(int, float*,
 * float*, float*, int, int, int, int, float, float, float, float, float,
 * float)), as c++filt prints it (a template's return type first). isa/demangle.c reads the same names for
 * the parameters' layout; this file prints them: namespaces, classes,
 * templates with type and literal arguments, template parameters (T_),
 * qualifiers, pointers and references, and substitutions (S_, S0_, St).
 * A name it cannot read is shown as it is. */
#include "demangle.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { DT_SUBS = 64, DT_LEN = 512 };

typedef struct {
    const char *s;
    int pos, len, failed;
    int depth;                    /* inside a parameter's type: its template arguments are not the function's */
    char subs[DT_SUBS][DT_LEN];   /* substitution candidates, as text */
    int nsubs;
    char targs[16][DT_LEN];       /* the function's template arguments (T_, T0_ ...) */
    int ntargs;
} dt;

static int peek(const dt *m) { return m->pos < m->len ? (unsigned char)m->s[m->pos] : 0; }
static void add_sub(dt *m, const char *t) { if (m->nsubs < DT_SUBS) snprintf(m->subs[m->nsubs++], DT_LEN, "%s", t); }
static void cat(char *out, const char *a) { size_t n = strlen(out); snprintf(out + n, DT_LEN - n, "%s", a); }

static void type(dt *m, char *out);
static void name(dt *m, char *out, int *templated);

static int number(dt *m)
{
    int v = 0, any = 0;
    while (isdigit(peek(m))) { v = v * 10 + (m->s[m->pos++] - '0'); any = 1; if (v > 100000) break; }
    if (!any || v > 100000) m->failed = 1;
    return v;
}

static void source_name(dt *m, char *out)
{
    int n = number(m);
    if (m->failed || m->pos + n > m->len) { m->failed = 1; return; }
    size_t o = strlen(out);
    snprintf(out + o, DT_LEN - o, "%.*s", n, m->s + m->pos);
    m->pos += n;
}

/* S_ S0_ St ...: the candidate's text (std:: for St) */
static void substitution(dt *m, char *out)
{
    static const char *const abbrev[][2] = { { "t", "std" }, { "a", "std::allocator" }, { "b", "std::basic_string" },
                                             { "s", "std::string" }, { "i", "std::istream" }, { "o", "std::ostream" },
                                             { "d", "std::iostream" } };
    m->pos++;
    for (size_t i = 0; i < sizeof abbrev / sizeof abbrev[0]; i++)
        if (peek(m) == abbrev[i][0][0]) { m->pos++; cat(out, abbrev[i][1]); return; }
    int idx = 0;
    if (peek(m) != '_') {
        while (isdigit(peek(m)) || isupper(peek(m))) {
            int d = peek(m);
            idx = idx * 36 + (isdigit(d) ? d - '0' : d - 'A' + 10);
            m->pos++;
            if (idx > 100000) { m->failed = 1; return; }
        }
        idx++;
    }
    if (peek(m) != '_' || idx >= m->nsubs) { m->failed = 1; return; }
    m->pos++;
    cat(out, m->subs[idx]);
}

/* T_ T0_: a template parameter */
static void template_param(dt *m, char *out)
{
    m->pos++;
    int idx = 0;
    if (peek(m) != '_') idx = number(m) + 1;
    if (peek(m) != '_' || idx >= m->ntargs) { m->failed = 1; return; }
    m->pos++;
    cat(out, m->targs[idx]);
}

/* L <type> <value> E: 32 of Li32E, true of Lb1E, -1 of Lin1E */
static void literal(dt *m, char *out)
{
    m->pos++;
    int t = peek(m);
    if (t == '_' && m->pos + 1 < m->len && m->s[m->pos + 1] == 'Z') { m->failed = 1; return; }
    m->pos++;
    int start = m->pos;
    while (peek(m) && peek(m) != 'E') m->pos++;
    if (peek(m) != 'E') { m->failed = 1; return; }
    char v[64];
    snprintf(v, sizeof v, "%.*s", m->pos - start, m->s + start);
    m->pos++;
    if (v[0] == 'n') v[0] = '-';
    if (t == 'b') cat(out, v[0] == '1' ? "true" : "false");
    else { cat(out, v); if (t == 'j') cat(out, "u"); else if (t == 'l') cat(out, "l"); else if (t == 'm') cat(out, "ul"); }
}

/* I <args> E after a name; *args gets them as the function's T_ when asked */
static void template_args(dt *m, char *out, int keep)
{
    m->pos++;
    cat(out, "<");
    if (keep) m->ntargs = 0;
    for (int first = 1; !m->failed && peek(m) && peek(m) != 'E'; first = 0) {
        char a[DT_LEN] = "";
        if (peek(m) == 'L') literal(m, a);
        else type(m, a);
        if (!first) cat(out, ", ");
        cat(out, a);
        if (keep && m->ntargs < 16) snprintf(m->targs[m->ntargs++], DT_LEN, "%s", a);
    }
    if (peek(m) != 'E') { m->failed = 1; return; }
    m->pos++;
    cat(out, out[strlen(out) - 1] == '>' ? " >" : ">");
}

/* N [qualifiers] prefix... E, or an unscoped name; *templated: it ended with template arguments */
static void name(dt *m, char *out, int *templated)
{
    *templated = 0;
    if (peek(m) != 'N') {
        if (peek(m) == 'S' && m->pos + 1 < m->len && m->s[m->pos + 1] == 't') {
            m->pos += 2;
            cat(out, "std::");
            source_name(m, out);
        } else if (peek(m) == 'S') substitution(m, out);
        else source_name(m, out);
        if (peek(m) == 'I') { add_sub(m, out); template_args(m, out, m->depth == 0); *templated = 1; }
        return;
    }
    m->pos++;
    while (peek(m) == 'K' || peek(m) == 'V' || peek(m) == 'r') m->pos++;
    for (int first = 1; !m->failed && peek(m) && peek(m) != 'E'; first = 0) {
        *templated = peek(m) == 'I';
        if (*templated) template_args(m, out, m->depth == 0);
        else {
            if (!first) cat(out, "::");
            if (peek(m) == 'S') substitution(m, out);
            else if (peek(m) == 'T') template_param(m, out);
            else source_name(m, out);
        }
        if (peek(m) != 'E') add_sub(m, out);
    }
    if (peek(m) != 'E') { m->failed = 1; return; }
    m->pos++;
}

static const char *builtin(int c)
{
    static const char *const names[26] = {
        ['a' - 'a'] = "signed char", ['b' - 'a'] = "bool", ['c' - 'a'] = "char", ['d' - 'a'] = "double",
        ['e' - 'a'] = "long double", ['f' - 'a'] = "float", ['g' - 'a'] = "__float128", ['h' - 'a'] = "unsigned char",
        ['i' - 'a'] = "int", ['j' - 'a'] = "unsigned int", ['l' - 'a'] = "long", ['m' - 'a'] = "unsigned long",
        ['n' - 'a'] = "__int128", ['o' - 'a'] = "unsigned __int128", ['s' - 'a'] = "short", ['t' - 'a'] = "unsigned short",
        ['v' - 'a'] = "void", ['w' - 'a'] = "wchar_t", ['x' - 'a'] = "long long", ['y' - 'a'] = "unsigned long long",
        ['z' - 'a'] = "..." };
    return c >= 'a' && c <= 'z' ? names[c - 'a'] : NULL;
}

static void type_in(dt *m, char *out);

static void type(dt *m, char *out)
{
    m->depth++;
    type_in(m, out);
    m->depth--;
}

static void type_in(dt *m, char *out)
{
    int c = peek(m);
    char t[DT_LEN] = "";
    if (builtin(c)) { m->pos++; cat(out, builtin(c)); return; }
    if (c == 'D') {
        m->pos++;
        int d = peek(m);
        m->pos++;
        cat(out, d == 'h' ? "__half" : d == 'f' ? "float" : d == 'n' ? "decltype(nullptr)" : d == 's' ? "char16_t" : d == 'i' ? "char32_t" : "?");
        if (!strchr("hfnsi", d)) m->failed = 1;
        return;
    }
    if (c == 'P' || c == 'R' || c == 'O' || c == 'K' || c == 'V' || c == 'r') {
        m->pos++;
        type(m, t);
        cat(t, c == 'P' ? "*" : c == 'R' ? "&" : c == 'O' ? "&&" : c == 'K' ? " const" : c == 'V' ? " volatile" : " restrict");
    } else if (c == 'S' && m->pos + 1 < m->len && m->s[m->pos + 1] != 't') {
        substitution(m, t);
        if (peek(m) == 'I') { add_sub(m, t); template_args(m, t, 0); } else { cat(out, t); return; }
    } else if (c == 'T') {
        template_param(m, t);
    } else if (isdigit(c) || c == 'N' || c == 'S') {
        int templated;
        name(m, t, &templated);
    } else {
        m->failed = 1;
        return;
    }
    add_sub(m, t);
    cat(out, t);
}

/* the encoding after _Z: name, (a template's return type), parameters; 0 when read whole */
static int encoding(dt *m, char *out, size_t cap)
{
    char nm[DT_LEN] = "", ret[DT_LEN] = "";
    int templated;
    name(m, nm, &templated);
    if (templated && !m->failed) type(m, ret);
    snprintf(out, cap, "%s%s%s(", ret, *ret ? " " : "", nm);
    for (int first = 1; !m->failed && m->pos < m->len; first = 0) {
        char t[DT_LEN] = "";
        type(m, t);
        if (first && !strcmp(t, "void") && m->pos == m->len) break;
        size_t n = strlen(out);
        snprintf(out + n, cap - n, "%s%s", first ? "" : ", ", t);
    }
    size_t n = strlen(out);
    snprintf(out + n, cap - n, ")");
    return m->failed || m->pos != m->len ? -1 : 0;
}

const char *dm_readable(const char *mangled, char *buf, size_t cap)
{
    size_t len = strlen(mangled);
    snprintf(buf, cap, "%s", mangled);
    if (len < 3 || strncmp(mangled, "_Z", 2)) return buf;
    dt *m = calloc(1, sizeof *m);   /* 40 KB: not on a thread's stack */
    if (!m) return buf;
    m->s = mangled;
    m->pos = 2;
    m->len = (int)len;
    char out[4 * DT_LEN];
    if (encoding(m, out, sizeof out) == 0) snprintf(buf, cap, "%s", out);
    free(m);
    return buf;
}
