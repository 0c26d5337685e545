/* isa/demangle.h — a kernel's base name and parameter types from its
 * Itanium-ABI mangled name (what nvcc prints in `Function :` lines). */
#ifndef WARPSIM_DEMANGLE_H
#define WARPSIM_DEMANGLE_H
#include <stddef.h>

#define DM_MAX_PARAMS 64

enum { DM_VOID, DM_S8, DM_U8, DM_S16, DM_U16, DM_S32, DM_U32, DM_S64, DM_U64, DM_F32, DM_F64, DM_PTR, DM_STRUCT };

typedef struct {
    char base[64];                 /* saxpy; k for ns::k<float> */
    int nparams;                   /* -1: not a C++ name (extern "C"), parameters unknown */
    int type[DM_MAX_PARAMS];       /* DM_* */
} dm_info;

/* 0, or -1 when the name cannot be read (out->base may still hold the name) */
int dm_kernel(const char *mangled, dm_info *out);
int dm_size(int type);             /* bytes of a parameter, 0 if unknown (a struct) */
const char *dm_type_name(int type);
/* isa/demangle_text.c: the name as c++filt prints it (calculate_temp(int, float*, ...)) into buf;
 * a name that is not mangled, or that cannot be read, as it is */
const char *dm_readable(const char *mangled, char *buf, size_t cap);

#endif
