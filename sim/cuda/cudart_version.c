/* sim/cuda/cudart_version.c — which libcudart this build of the stand-in
 * stands in for: compiled once per soname with -DWARPSIM_CUDART_MAJOR=11,
 * 12 or 13 (Makefile.am), for the layouts that differ (cudaDeviceProp). */
#include "cudart.h"
#ifndef WARPSIM_CUDART_MAJOR
#define WARPSIM_CUDART_MAJOR 12
#endif
const int cudart_major = WARPSIM_CUDART_MAJOR;
