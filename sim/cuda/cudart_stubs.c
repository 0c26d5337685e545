/* sim/cuda/cudart_stubs.c — the entry points of NVIDIA's libcudart that the
 * stand-in does not implement (cudart_stubs.def): a program that calls one
 * is told which, gets cudaErrorNotSupported, and warpsim cuda exits 2 unless
 * the program handles the error and succeeds. */
#include "cudart.h"

#define STUB(name) CUDART_API int name(void); CUDART_API int name(void) { return cudart_unimplemented(#name); }
#include "cudart_stubs.def"
