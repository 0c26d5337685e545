/* isa/tex.h — a texture or surface object as warpsim's "hardware" reads it:
 * a 64-byte descriptor in global memory, written by whoever creates the
 * object (sim/cuda/cudart_tex.c for cudaCreateTextureObject and
 * cudaCreateSurfaceObject) and read by TEX, TLD, TLD4, SULD and SUST
 * (isa/sem_tex.c). The object's handle, the 32-bit value a kernel receives,
 * is the descriptor's address over 64 (the handles of nvcc's sm_90 code
 * are 32 bits: TEX's uniform register pair has URZ as its high word). */
#ifndef WARPSIM_TEX_H
#define WARPSIM_TEX_H
#include <stdint.h>

enum { ISA_TEX_DESC_BYTES = 64, ISA_TEX_HANDLE_SHIFT = 6 };

/* channel kinds (cudaChannelFormatKind's first three) */
enum { ISA_TEXK_SIGNED = 0, ISA_TEXK_UNSIGNED = 1, ISA_TEXK_FLOAT = 2 };
/* address modes (cudaTextureAddressMode) */
enum { ISA_TEXA_WRAP = 0, ISA_TEXA_CLAMP = 1, ISA_TEXA_MIRROR = 2, ISA_TEXA_BORDER = 3 };

typedef struct {
    uint64_t base;          /* address of texel (0, 0, 0) */
    uint32_t width, height, depth;   /* texels; 1 where a dimension is absent; depth: an array's layers */
    uint32_t pitch;         /* bytes from one row to the next */
    uint64_t slice;         /* bytes from one depth slice (or layer) to the next */
    uint8_t channels;       /* 1 to 4 */
    uint8_t bits;           /* per channel: 8, 16 or 32 */
    uint8_t kind;           /* ISA_TEXK_* */
    uint8_t read_norm;      /* cudaReadModeNormalizedFloat: 8- and 16-bit integers read as [0, 1] or [-1, 1] */
    uint8_t linear;         /* cudaFilterModeLinear */
    uint8_t norm_coords;    /* coordinates in [0, 1) of each dimension */
    uint8_t addr[3];        /* ISA_TEXA_* per dimension */
    uint8_t layered;        /* a layered array: the first coordinate is the layer */
    uint8_t linear_buffer;  /* a cudaResourceTypeLinear buffer (tex1Dfetch): out of range reads 0 */
    uint8_t dims;           /* 1, 2 or 3: nvcc's tex1D is a 2D fetch at y = 0, which a 1D texture ignores */
    uint8_t pad[4];
    float border[4];        /* the border colour (cudaAddressModeBorder) */
} isa_tex_desc;

_Static_assert(sizeof(isa_tex_desc) == ISA_TEX_DESC_BYTES, "the descriptor is 64 bytes");

#endif
