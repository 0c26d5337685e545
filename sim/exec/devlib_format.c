/* sim/exec/devlib_format.c — kernel printf's formatting, as CUDA's host
 * side does it from the device's record: the format string and the packed
 * arguments, each at an offset aligned to its own size (int, char and
 * short as 4 bytes, long, long long, pointers and doubles as 8: float is
 * promoted to double). Each conversion is handed to the host's snprintf
 * with its value, so flags, width and precision mean what C says; width
 * and precision are bounded so that no record grows without end. */
#include "devlib.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define FIELD_MAX 4096       /* width and precision above this are cut to it */
#define STR_MAX 4096         /* bytes of a %s string read from the device */

typedef struct {
    char *out;
    size_t cap, len;
} sink;

static void put(sink *s, const char *p, size_t n)
{
    if (s->len < s->cap) {
        size_t room = s->cap - 1 - s->len;
        memcpy(s->out + s->len, p, n < room ? n : room);
    }
    s->len += n;
}

/* the next argument of size bytes (its offset aligned to size); 0 when it
 * cannot be read (more conversions than arguments, beyond the frame) */
static uint64_t next_arg(const devlib_args *a, uint64_t *off, int size, int *nargs)
{
    *off = (*off + (uint64_t)size - 1) & ~(uint64_t)(size - 1);
    uint64_t v = 0;
    if (a->arg(a->ctx, *off, &v, size)) v = 0;
    *off += (uint64_t)size;
    (*nargs)++;
    return v;
}

/* one conversion spec, parsed: %[flags][width][.prec][length]conv */
typedef struct {
    char flags[8];
    int width, prec;         /* -1: none */
    int len;                 /* 0 none, 'h', 'H' (hh), 'l', 'L' (ll, j, z, t: 64 bits), 'D' (L double) */
    char conv;
    int star_prec;           /* a precision of '*' */
} spec;

static int field(const char **p, const devlib_args *a, uint64_t *off, int *nargs)
{
    if (**p == '*') { (*p)++; return (int)(int32_t)next_arg(a, off, 4, nargs); }
    long v = 0;
    while (**p >= '0' && **p <= '9') { if (v < 1000000) v = v * 10 + (**p - '0'); (*p)++; }
    return (int)v;
}

static const char *parse(const char *p, spec *s, const devlib_args *a, uint64_t *off, int *nargs)
{
    int nf = 0;
    while (strchr("-+ #0", *p) && *p) { if (nf < 6) s->flags[nf++] = *p; p++; }
    s->flags[nf] = 0;
    s->width = *p == '*' || (*p >= '0' && *p <= '9') ? field(&p, a, off, nargs) : -1;
    if (s->width < -1) { s->width = -s->width; if (nf < 6) { s->flags[nf++] = '-'; s->flags[nf] = 0; } }
    s->prec = -1;
    s->star_prec = 0;
    if (*p == '.' && p[1] == '*') s->star_prec = 1;   /* CUDA's printf has no %.*: see conversion() */
    else if (*p == '.') { p++; s->prec = field(&p, a, off, nargs); if (s->prec < 0) s->prec = -1; }
    if (s->width > FIELD_MAX) s->width = FIELD_MAX;
    if (s->prec > FIELD_MAX) s->prec = FIELD_MAX;
    s->len = 0;
    if (*p == 'h') { p++; s->len = 'h'; if (*p == 'h') { p++; s->len = 'H'; } }
    else if (*p == 'l') { p++; s->len = 'l'; if (*p == 'l') { p++; s->len = 'L'; } }
    else if (*p == 'j' || *p == 'z' || *p == 't') { p++; s->len = 'L'; }
    else if (*p == 'L') { p++; s->len = 'D'; }
    s->conv = *p;
    return *p ? p + 1 : p;
}

/* the host format for s, its length modifier replaced by lm */
static void host_format(char *buf, size_t n, const spec *s, const char *lm)
{
    char w[16] = "", pr[16] = "";
    if (s->width >= 0) snprintf(w, sizeof w, "%d", s->width);
    if (s->prec >= 0) snprintf(pr, sizeof pr, ".%d", s->prec);
    snprintf(buf, n, "%%%s%s%s%s%c", s->flags, w, pr, lm, s->conv);
}

static void emit(sink *o, const char *f, ...) __attribute__((format(printf, 2, 3)));
static void emit(sink *o, const char *f, ...)
{
    char small[256];
    va_list ap, ap2;
    va_start(ap, f);
    va_copy(ap2, ap);
    int n = vsnprintf(small, sizeof small, f, ap);
    va_end(ap);
    if (n < (int)sizeof small) { if (n > 0) put(o, small, (size_t)n); va_end(ap2); return; }
    char *big = malloc((size_t)n + 1);
    vsnprintf(big, (size_t)n + 1, f, ap2);
    va_end(ap2);
    put(o, big, (size_t)n);
    free(big);
}

static void integer(sink *o, const spec *s, const devlib_args *a, uint64_t *off, int *nargs)
{
    char f[48];
    int wide = s->len == 'l' || s->len == 'L';
    uint64_t v = next_arg(a, off, wide ? 8 : 4, nargs);
    int sign = s->conv == 'd' || s->conv == 'i';
    host_format(f, sizeof f, s, "ll");
    if (!wide) v = sign ? (uint64_t)(int64_t)(int32_t)v : (uint64_t)(uint32_t)v;
    if (s->len == 'h') v = sign ? (uint64_t)(int64_t)(int16_t)v : (uint64_t)(uint16_t)v;
    if (s->len == 'H') v = sign ? (uint64_t)(int64_t)(int8_t)v : (uint64_t)(uint8_t)v;
    if (sign) emit(o, f, (long long)v);
    else emit(o, f, (unsigned long long)v);
}

static void string(sink *o, const spec *s, const devlib_args *a, uint64_t *off, int *nargs)
{
    char f[48], buf[STR_MAX + 1];
    uint64_t p = next_arg(a, off, 8, nargs);
    size_t max = s->prec >= 0 && s->prec < STR_MAX ? (size_t)s->prec : STR_MAX;
    host_format(f, sizeof f, s, "");
    if (!p) { emit(o, f, "(null)"); return; }
    int n = a->str(a->ctx, p, buf, max);
    if (n < 0) { emit(o, f, "(unreadable)"); return; }
    buf[n] = 0;
    emit(o, f, buf);
}

static void conversion(sink *o, const spec *s, const devlib_args *a, uint64_t *off, int *nargs)
{
    char f[48];
    switch (s->conv) {
    case 'd': case 'i': case 'u': case 'x': case 'X': case 'o':
        integer(o, s, a, off, nargs);
        return;
    case 'c':
        host_format(f, sizeof f, s, "");
        emit(o, f, (int)(uint8_t)next_arg(a, off, 4, nargs));
        return;
    case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A': {
        uint64_t bits = next_arg(a, off, 8, nargs);
        double d;
        memcpy(&d, &bits, sizeof d);
        host_format(f, sizeof f, s, "");
        emit(o, f, d);
        return;
    }
    case 's':
        string(o, s, a, off, nargs);
        return;
    case 'p':
        host_format(f, sizeof f, s, "");
        emit(o, f, (void *)(uintptr_t)next_arg(a, off, 8, nargs));
        return;
    case 'n':
        next_arg(a, off, 8, nargs);   /* writes nothing back */
        return;
    default:                          /* not a conversion: printed as written */
        put(o, "%", 1);
        if (s->conv) put(o, &s->conv, 1);
        return;
    }
}

size_t devlib_format(char *out, size_t cap, const char *fmt, const devlib_args *a, int *nargs)
{
    sink o = { out, cap, 0 };
    uint64_t off = 0;
    *nargs = 0;
    for (const char *p = fmt; *p;) {
        const char *pct = strchr(p, '%');
        if (!pct) { put(&o, p, strlen(p)); break; }
        put(&o, p, (size_t)(pct - p));
        if (pct[1] == '%') { put(&o, "%", 1); p = pct + 2; continue; }
        spec s;
        const char *at = parse(pct + 1, &s, a, &off, nargs);
        if (s.star_prec) {
            /* the H100's printf prints a conversion with precision '*'
             * as written and takes no argument for it (devlib.h100.txt) */
            const char *end = at;
            while (*end && !strchr("diuxXocsfFeEgGaAp%", *end)) end++;
            if (*end) end++;
            put(&o, pct, (size_t)(end - pct));
            p = end;
            continue;
        }
        p = at;
        int before = *nargs;
        conversion(&o, &s, a, &off, nargs);
        /* CUDA's device side counts no argument for %hu and %hhu (printf
         * returned 2 for "%hd %hhd %hu %hhu" on the H100) */
        if ((s.len == 'h' || s.len == 'H') && s.conv == 'u') *nargs = before;
    }
    if (cap) out[o.len < cap ? o.len : cap - 1] = 0;
    return o.len;
}
