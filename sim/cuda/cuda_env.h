/* sim/cuda/cuda_env.h — how `warpsim cuda` (cli_cuda.c) tells the stand-in
 * libcudart (cudart_*.c), loaded into the program it runs, what to do: the
 * environment variables both sides read. */
#ifndef WARPSIM_CUDA_ENV_H
#define WARPSIM_CUDA_ENV_H

#define CUDA_ENV_CONFIG  "WARPSIM_CUDA_CONFIG"    /* the -c argument (a path, or a name in WARPSIM_CONFIGS) */
#define CUDA_ENV_SETS    "WARPSIM_CUDA_SETS"      /* the --set values, one a line */
#define CUDA_ENV_OPTIONS "WARPSIM_CUDA_OPTIONS"   /* run options, space-separated: functional per-pc stats=json|csv
                                                   * max-cycles=N max-instructions=N progress
                                                   * launch-skip=N launch-count=N */
#define CUDA_ENV_SOURCE_PATH "WARPSIM_SOURCE_PATH" /* --source-path folders, colon-separated */
#define CUDA_ENV_SASS    "WARPSIM_CUDA_SASS"      /* the SASS dumps, one a line */
#define CUDA_ENV_KERNEL_NAME "WARPSIM_CUDA_KERNEL_NAME" /* --kernel-name REGEX (unset: none; launch-skip=N
                                                   * and launch-count=N are options) */
#define CUDA_ENV_STATS   "WARPSIM_CUDA_STATS_FILE"   /* where the summary goes (empty: stderr) */
#define CUDA_ENV_TIMELINE "WARPSIM_CUDA_TIMELINE" /* --timeline FILE (an absolute path; empty: none) */
#define CUDA_ENV_REPORT  "WARPSIM_CUDA_REPORT"    /* --report FILE (an absolute path; empty: none) */
#define CUDA_ENV_VIEWS   "WARPSIM_CUDA_VIEWS"     /* one a line: warp=B:W banks=PC[:N] coalesce=PC[:N]
                                                   * emit-trace=DIR (an absolute path) */
#define CUDA_ENV_STATE   "WARPSIM_CUDA_STATE"     /* a file the stand-in appends its events to, one a line:
                                                   * "loaded", "unimplemented NAME", "missing NAME",
                                                   * "fault", "bad-launch" (read by warpsim cuda for its exit status) */

#endif
