/* tests/sem_world.h — the one-warp world of tests/test_sem.c (memory,
 * constant bank, the assembled kernel, the table row checker), shared with
 * tests/test_sem_sass.c, which tests the forms nvcc emits. */
#ifndef WARPSIM_SEM_WORLD_H
#define WARPSIM_SEM_WORLD_H
#include <check.h>
#include <string.h>
#include "asm.h"
#include "exec.h"

#define GBASE 0x10000000ull
extern uint8_t gmem[4096], smem[256];
extern uint8_t cbank[ISA_PARAM_BASE + 16];
extern const isa_env env;            /* gmem at GBASE, smem, 16 bytes of local memory per lane */
extern isa_program prog;             /* the kernel the last assemble() made */

/* assemble text as the first instruction of a kernel (a label k0 at pc 0) */
const isa_insn *assemble(const char *text);
void exec_text(const char *text, isa_warp_regs *w, uint64_t active, isa_result *res);

/* a table row: inputs in R8, R10, R12; result in R4 (or P0) */
typedef struct {
    const char *text;
    char in;            /* i: 32-bit ints, l: 64-bit ints, f: floats, d: doubles */
    double a, b, c;
    char out;           /* i, l, f, d, or p (P0 in every lane) */
    double expect;
} sem_row;
void check_row(const sem_row *r, int ws);

/* tests/test_sem_sass.c: its rows and the texts of its other tests (for
 * the check that every opcode is tested), and its tests */
extern const sem_row sass_rows[];
extern const int sass_nrows;
extern const char *const sass_texts[];
extern const int sass_ntexts;
void sem_sass_tests(TCase *tc);
void sem_sass_warp_tests(TCase *tc);        /* tests/test_sem_warp.c */
void sem_fast_tests(TCase *tc);             /* tests/test_sem_fast.c */
void sem_tex_tests(TCase *tc);              /* tests/test_sem_tex.c, and its texts */
extern const char *const tex_texts[];
extern const int tex_ntexts;
void sem_ops_tests(TCase *tc);              /* tests/test_sem_ops.c: its cases and texts, for the coverage check */
extern const char *const ops_texts[];
extern const int ops_ntexts;
int ops_ncases(void);
const char *ops_case_text(int i);
extern const char *const mma_texts[];       /* tests/test_sem_mma.c: the tensor-core forms */
extern const int mma_ntexts;
void sem_mma_tests(TCase *tc);
void sem_ops2_tests(TCase *tc);             /* tests/test_sem_ops2.c: its tests and texts, for the coverage check */
extern const char *const ops2_texts[];
extern const int ops2_ntexts;
void sem_ops3_tests(TCase *tc);             /* tests/test_sem_ops3.c: its tests and texts, for the coverage check */
extern const char *const ops3_texts[];
extern const int ops3_ntexts;
extern const uint64_t v64[];                /* 64-bit values for carry and compare chains */
extern const int nv64;

static inline uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline uint64_t dbits(double v) { uint64_t u; memcpy(&u, &v, 8); return u; }
static inline float asf(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static inline double asd(uint64_t u) { double v; memcpy(&v, &u, 8); return v; }
static inline void set32(isa_warp_regs *w, int r, uint32_t v) { for (int l = 0; l < w->warp_size; l++) w->regs[r * w->warp_size + l] = v; }
static inline void set64(isa_warp_regs *w, int r, uint64_t v) { set32(w, r, (uint32_t)v); set32(w, r + 1, (uint32_t)(v >> 32)); }
static inline uint32_t get32(const isa_warp_regs *w, int r, int l) { return w->regs[r * w->warp_size + l]; }
static inline void setl(isa_warp_regs *w, int r, int l, uint32_t v) { w->regs[r * w->warp_size + l] = v; }
static inline void setl64(isa_warp_regs *w, int r, int l, uint64_t v) { setl(w, r, l, (uint32_t)v); setl(w, r + 1, l, (uint32_t)(v >> 32)); }
static inline uint64_t get64(const isa_warp_regs *w, int r, int l) { return get32(w, r, l) | (uint64_t)get32(w, r + 1, l) << 32; }

#endif
