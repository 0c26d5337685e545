/* sim/util/json.c — JSON output. Doubles print with 17 significant digits so
 * that two identical runs give byte-identical text. */
#include "json.h"
#include <inttypes.h>
#include <math.h>

void json_init(json_writer *j, FILE *f)
{
    j->f = f;
    j->depth = 0;
    j->need_comma[0] = 0;
}

static void put_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c == '\n') fputs("\\n", f);
        else if (c < 0x20) fprintf(f, "\\u%04x", c);
        else fputc(c, f);
    }
    fputc('"', f);
}

static void key(json_writer *j, const char *k)
{
    if (j->need_comma[j->depth]) fputc(',', j->f);
    j->need_comma[j->depth] = 1;
    if (k) {
        put_string(j->f, k);
        fputc(':', j->f);
    }
}

void json_begin_object(json_writer *j, const char *k)
{
    key(j, k);
    fputc('{', j->f);
    j->need_comma[++j->depth] = 0;
}

void json_end_object(json_writer *j)
{
    j->depth--;
    fputc('}', j->f);
    if (j->depth == 0) fputc('\n', j->f);
}

void json_begin_array(json_writer *j, const char *k)
{
    key(j, k);
    fputc('[', j->f);
    j->need_comma[++j->depth] = 0;
}

void json_end_array(json_writer *j)
{
    j->depth--;
    fputc(']', j->f);
}

void json_string(json_writer *j, const char *k, const char *v)
{
    key(j, k);
    put_string(j->f, v);
}

void json_uint(json_writer *j, const char *k, uint64_t v)
{
    key(j, k);
    fprintf(j->f, "%" PRIu64, v);
}

void json_int(json_writer *j, const char *k, int64_t v)
{
    key(j, k);
    fprintf(j->f, "%" PRId64, v);
}

void json_double(json_writer *j, const char *k, double v)
{
    key(j, k);
    if (!isfinite(v)) fputs("null", j->f);
    else if (v == floor(v) && fabs(v) < 1e15) fprintf(j->f, "%.1f", v);
    else fprintf(j->f, "%.17g", v);
}
