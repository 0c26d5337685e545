/* sim/out/trace_emit.h — writing an execution-driven run as a trace directory
 * (`warpsim run --emit-trace DIR`): Accel-Sim's format, tracer version 5,
 * labelled with a real SASS version (--emit-trace-version, default 86:
 * TRACE_EMIT_DEFAULT_VERSION) so that Accel-Sim's parser accepts it unchanged: the mask column holds the
 * lanes that executed (NVBit's meaning), the immediate the lanes that issued
 * and the divergence, opcodes the generation lacks are written as one of
 * its opcodes of the same unit class. It also carries, in '-' header lines
 * Accel-Sim's parser skips, each PC's static facts and text, so that
 * `warpsim trace` replays it with exactly the timing of the original run
 * (docs/trace.md). Blocks are written in dispatch order as
 * they finish; files appear complete or not at all (written, then renamed). */
#ifndef WARPSIM_TRACE_EMIT_H
#define WARPSIM_TRACE_EMIT_H
#include "exec/isrc.h"
#include "stats/stats.h"
#include "diag.h"
#include "exec/observer.h"

#define WARPSIM_BINARY_VERSION 1

typedef struct trace_emit trace_emit;

/* start a trace directory (created if missing); NULL on an error (reported) */
trace_emit *trace_emit_open(const char *dir, int binary_version, diag *d);
/* The -binary versions Accel-Sim maps to an opcode table (its dev branch,
 * gpu-simulator/trace-driven/trace_driven.cc and ISA_Def/GEN_opcode.h): 35
 * Kepler, 60 and 61 Pascal, 70 Volta, 75 Turing, 80 and 86 Ampere; any other
 * makes it print "unsupported binary version" and simulate nothing. The
 * default is 86 for every config: Accel-Sim has no table for GT200, Fermi
 * or Hopper, and its Kepler and Pascal tables lack opcodes of warpsim's
 * Volta-style ISA (IADD3, LOP3, STG), while its Ampere table holds every
 * opcode warpsim's Ampere table lists. */
#define TRACE_EMIT_DEFAULT_VERSION 86
#define TRACE_EMIT_ACCEL_SIM_VERSIONS "35, 60, 61, 70, 75, 80, 86"
/* whether Accel-Sim has an opcode table for this -binary version */
int trace_emit_accel_sim_reads(int binary_version);
/* a launch begins: its header, with the static facts of every pc */
int trace_emit_kernel(trace_emit *e, const char *name, const uint32_t grid[3], const uint32_t block[3], int shmem,
                      int nregs, int npc, const isrc_static *facts, const char *const *texts, const int *lines, diag *d);
/* the next block in dispatch order started in slot `slot` with `nwarps` warps */
void trace_emit_block_start(trace_emit *e, int slot, const uint32_t ctaid[3], int nwarps);
/* warp `warp` of the block in `slot` issued an instruction */
void trace_emit_insn(trace_emit *e, int slot, int warp, const isrc_static *st, uint64_t active, const isrc_dynamic *dy);
/* the block in `slot` finished */
int trace_emit_block_end(trace_emit *e, int slot, diag *d);
/* the launch ended: close its file */
int trace_emit_kernel_end(trace_emit *e, diag *d);
/* the emitter as an observer of a run (exec/observer.h) */
sim_observer trace_emit_observer(trace_emit *e);
/* keep: the run succeeded: finish the last kernel, write kernelslist.g
 * (last: a directory with one is whole). Otherwise remove what this
 * emission wrote. Then free; returns errors */
int trace_emit_close(trace_emit *e, int keep, diag *d);

#endif
