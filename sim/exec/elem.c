/* sim/exec/elem.c — the element types of buffers: their sizes, names and
 * ranges, and their values to and from doubles (what manifests and checks
 * speak). */
#include "memory.h"
#include <stdint.h>
#include <string.h>

/* lo and hi: the values an element holds (floats: the largest finite) */
static const struct { const char *name; int size; int is_float; double lo, hi; } elem_info[ET_COUNT] = {
    { "u8", 1, 0, 0, 255 }, { "s8", 1, 0, -128, 127 }, { "u16", 2, 0, 0, 65535 },
    { "s16", 2, 0, -32768, 32767 }, { "u32", 4, 0, 0, 4294967295.0 }, { "s32", 4, 0, -2147483648.0, 2147483647.0 },
    { "u64", 8, 0, 0, 18446744073709551615.0 }, { "s64", 8, 0, -9223372036854775808.0, 9223372036854775807.0 },
    { "f32", 4, 1, -3.4028234663852886e38, 3.4028234663852886e38 }, { "f64", 8, 1, -1.79769313486231570e308, 1.79769313486231570e308 },
};

int elem_fits(elem_type t, double v) { return v >= elem_info[t].lo && v <= elem_info[t].hi; }
double elem_lo(elem_type t) { return elem_info[t].lo; }
double elem_hi(elem_type t) { return elem_info[t].hi; }

/* v as a 64-bit integer without undefined behaviour: in range it is
 * truncated toward zero, beyond the range it saturates, NaN is 0 (a C cast
 * of such a double is undefined) */
static int64_t to_s64(double v)
{
    if (!(v == v)) return 0;
    if (v >= 9223372036854775807.0) return INT64_MAX;
    if (v <= -9223372036854775808.0) return INT64_MIN;
    return (int64_t)v;
}

int elem_size(elem_type t) { return elem_info[t].size; }
const char *elem_name(elem_type t) { return elem_info[t].name; }
int elem_is_float(elem_type t) { return elem_info[t].is_float; }

int elem_parse(const char *name, elem_type *t)
{
    for (int i = 0; i < ET_COUNT; i++)
        if (!strcmp(elem_info[i].name, name)) { *t = (elem_type)i; return 0; }
    return -1;
}

void elem_store(elem_type t, double v, void *dst)
{
    switch (t) {
    case ET_U8: { uint8_t x = (uint8_t)to_s64(v); memcpy(dst, &x, 1); break; }
    case ET_S8: { int8_t x = (int8_t)to_s64(v); memcpy(dst, &x, 1); break; }
    case ET_U16: { uint16_t x = (uint16_t)to_s64(v); memcpy(dst, &x, 2); break; }
    case ET_S16: { int16_t x = (int16_t)to_s64(v); memcpy(dst, &x, 2); break; }
    case ET_U32: { uint32_t x = (uint32_t)to_s64(v); memcpy(dst, &x, 4); break; }
    case ET_S32: { int32_t x = (int32_t)to_s64(v); memcpy(dst, &x, 4); break; }
    case ET_U64: {
        uint64_t x = v < 0 || !(v == v) ? (uint64_t)to_s64(v) : v >= 18446744073709551615.0 ? UINT64_MAX : (uint64_t)v;
        memcpy(dst, &x, 8);
        break;
    }
    case ET_S64: { int64_t x = to_s64(v); memcpy(dst, &x, 8); break; }
    case ET_F32: { float x = (float)v; memcpy(dst, &x, 4); break; }
    default: memcpy(dst, &v, 8); break;
    }
}

double elem_load(elem_type t, const void *src)
{
    switch (t) {
    case ET_U8: { uint8_t x; memcpy(&x, src, 1); return x; }
    case ET_S8: { int8_t x; memcpy(&x, src, 1); return x; }
    case ET_U16: { uint16_t x; memcpy(&x, src, 2); return x; }
    case ET_S16: { int16_t x; memcpy(&x, src, 2); return x; }
    case ET_U32: { uint32_t x; memcpy(&x, src, 4); return x; }
    case ET_S32: { int32_t x; memcpy(&x, src, 4); return x; }
    case ET_U64: { uint64_t x; memcpy(&x, src, 8); return (double)x; }
    case ET_S64: { int64_t x; memcpy(&x, src, 8); return (double)x; }
    case ET_F32: { float x; memcpy(&x, src, 4); return x; }
    default: { double x; memcpy(&x, src, 8); return x; }
    }
}
