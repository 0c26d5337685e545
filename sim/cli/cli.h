/* sim/cli/cli.h — the warpsim subcommands. */
#ifndef WARPSIM_CLI_H
#define WARPSIM_CLI_H
#include "config/config.h"
#include "diag.h"
#include "out/cli_report.h"
#include "front/launch_select.h"

/* exit statuses */
enum { EXIT_PASS = 0, EXIT_CHECK_FAILED = 1, EXIT_BAD_INPUT = 2, EXIT_FAULT = 3 };

int cli_run(int argc, char **argv);
int cli_asm(int argc, char **argv);
int cli_config(int argc, char **argv);
int cli_configs(int argc, char **argv);
int cli_docs(int argc, char **argv);
int cli_validate(int argc, char **argv);
int cli_trace(int argc, char **argv);

/* -c NAME: a path, or the name of a shipped config (configs/NAME.cfg) */
int cli_load_config(config *c, const char *name, diag *d);
const char *cli_configs_dir(void);
/* where run arguments in a rows file find their workloads */
const char *cli_workloads_dir(void);
/* arg is option name: "--name", "--name=...", or a short "-x" with its value attached */
int cli_is_opt(const char *arg, const char *name);
/* the value of option name at argv[*i] ("--name=v", "--name v" moving *i on,
 * "-xv"), or NULL when it has none */
const char *cli_opt_value(int argc, char **argv, int *i, const char *name);
/* cli_opt_value, saying "warpsim CMD: error: NAME needs a value" when it has none */
const char *cli_need_value(const char *cmd, int argc, char **argv, int *i, const char *name);
/* text as a whole number from lo to hi (decimal digits only: no sign, no
 * suffix); else "warpsim CMD: error: NAME takes a whole number from LO to
 * HI, found 'TEXT'" and -1 */
int cli_whole_number(const char *cmd, const char *name, const char *text, uint64_t lo, uint64_t hi, uint64_t *out);
/* the launches a timed run times (front/launch_select.h): the help lines of
 * warpsim run and warpsim cuda, and sel set from their options (name NULL
 * and neither number given: every launch). -1 after an error in d: a bad
 * expression, or the options with --functional (nothing is timed) or with
 * a trace to emit (a trace holds every launch) */
#define CLI_LAUNCH_SELECT_HELP \
    "  -k, --kernel-name REGEX time only launches of kernels whose name matches REGEX (POSIX extended, anywhere\n" \
    "                          in the name); the others run functionally (the same results, no cycles), as\n" \
    "                          Nsight Compute picks what it profiles\n" \
    "  --launch-skip N         run the first N launches that match functionally as well\n" \
    "  --launch-count N        time at most N launches that match, after those skipped (0 = no limit)\n"
typedef struct {
    const char *name;                /* -k, --kernel-name REGEX (NULL: none) */
    uint64_t skip, count;            /* --launch-skip N, --launch-count N */
    int skip_given, count_given;
} cli_launch_opts;
/* argv[*i] is one of the three options: its value into o (1), -1 after an
 * error (reported as "warpsim CMD: error: ..."), 0 when it is none of them */
int cli_launch_option(const char *cmd, int argc, char **argv, int *i, cli_launch_opts *o);
int cli_launch_select(launch_select *sel, const cli_launch_opts *o, int functional, int emits, diag *d);
/* --threads N, or auto (sim.threads = 0: the cores online), as the set "sim.threads=N" into set;
 * -1 after an error (reported) */
int cli_threads(const char *cmd, const char *text, char *set, size_t len);
/* the directory an output file goes to exists and is writable (checked
 * before a long run); else a message naming it and -1 */
int cli_check_output_dir(const char *cmd, const char *path);
/* an option that is not known: error naming the nearest */
int cli_unknown_option(const char *cmd, const char *opt, const char *const *known, int n);
int cli_print_diag(diag *d);
/* the text (and source line, reconvergence point) of pc: ctx is an
 * isa_kernel, or a trace_kernel */
const char *cli_trace_pc_text(const void *ctx, int pc, char *buf, int len, cli_pc_info *info);
int cli_sweep(int argc, char **argv);
/* the help texts (--help), which the man page is made from (warpsim docs man) */
extern const char *const cli_usage, *const cli_run_help, *const cli_trace_help;
void cli_man(void);
/* warpsim --version */
int cli_version(void);
int cli_plot(int argc, char **argv);
int cli_compare(int argc, char **argv);
/* warpsim cuda: a CUDA program on the stand-in libcudart (sim/cuda/cli_cuda.c) */
int cli_cuda(int argc, char **argv);
extern const char *const cli_cuda_help;

#endif
