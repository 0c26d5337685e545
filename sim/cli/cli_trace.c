/* sim/cli/cli_trace.c — `warpsim trace`: simulate a recorded SASS trace
 * (kernelslist.g, or one kernel-N.traceg[.xz]) on a config. */
#include "cli.h"
#include "util/progress.h"
#include "util/stop.h"
#include <unistd.h>
#include "out/cli_report.h"
#include "out/sample_out.h"
#include "out/energy_out.h"
#include "front/trace_run.h"
#include "front/trace_bin.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *const trace_opts[] = { "-c", "--config", "--set", "--stats", "--per-pc", "--threads", "--trace-cache", "--sample", "--help" };

const char *const cli_trace_help =
    "usage: warpsim trace [-c CONFIG] [--set key=value]... [--stats=text|json|csv] [--per-pc] [--threads N|auto]\n"
    "                     [--trace-cache=on|off|refresh] [--sample] TRACE\n"
    "  --sample      sampled simulation (sample.enabled = 1; docs/sampling.md): one kernel of each group timed, each\n"
    "                until its IPC is stable; the rest counted from the trace untimed, cycles projected with a 95% interval\n"
    "  --threads N   spread the SMs over N host threads, or auto: one per core online (sim.threads; the same statistics for every N)\n"
    "  --trace-cache=on|off|refresh   each kernel file's binary form, FILE.wsb beside it: on (the default) reads\n"
    "                it when it matches FILE's size and time, else writes it while reading the text (where the\n"
    "                directory is writable); off neither reads nor writes it; refresh writes it anew (the same statistics)\n"
    "  TRACE is a kernelslist.g (Accel-Sim's list of copies and kernels) or one kernel-N.traceg[.xz]\n"
    "  exit status: 0 done, 2 bad input (a trace error names file:line), 3 a stuck simulation\n";

typedef struct {
    const char *config_path, *trace;
    const char *sets[64];
    int nsets, json, per_pc;
    trace_cache_mode cache;
    char threads_set[48];    /* --threads N: the set sim.threads=N */
} trace_options;

static const char *trace_value(int argc, char **argv, int *i, const char *name)
{
    return cli_need_value("trace", argc, argv, i, name);
}

/* one more --set (or --threads's set); -1 after an error when there are 64 */
static int add_set(trace_options *o, const char *set)
{
    if (o->nsets == 64) { fprintf(stderr, "warpsim trace: error: more than 64 --set options\n"); return -1; }
    o->sets[o->nsets++] = set;
    return 0;
}

static int parse_options(int argc, char **argv, trace_options *o)
{
    memset(o, 0, sizeof *o);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (cli_is_opt(a, "-c") || cli_is_opt(a, "--config")) {
            if (!(v = trace_value(argc, argv, &i, a[1] == '-' ? "--config" : "-c"))) return -1;
            o->config_path = v;
        } else if (cli_is_opt(a, "--set")) {
            if (!(v = trace_value(argc, argv, &i, "--set")) || add_set(o, v)) return -1;
        } else if (!strcmp(a, "--sample")) {
            if (add_set(o, "sample.enabled=1")) return -1;
        } else if (cli_is_opt(a, "--threads")) {
            if (!(v = trace_value(argc, argv, &i, "--threads")) || cli_threads("trace", v, o->threads_set, sizeof o->threads_set)) return -1;
            if (add_set(o, o->threads_set)) return -1;
        }
        else if (cli_is_opt(a, "--trace-cache")) {
            if (!(v = trace_value(argc, argv, &i, "--trace-cache"))) return -1;
            if (trace_cache_parse_mode(v, &o->cache)) {
                fprintf(stderr, "warpsim trace: error: --trace-cache takes on, off or refresh, found '%s'\n", v);
                return -1;
            }
        }
        else if (!strcmp(a, "--stats=json")) o->json = 1;
        else if (!strcmp(a, "--stats=text")) o->json = 0;
        else if (!strcmp(a, "--stats=csv")) o->json = 2;
        else if (!strcmp(a, "--per-pc")) o->per_pc = 1;
        else if (!strcmp(a, "--help")) { fputs(cli_trace_help, stdout); return 1; }
        else if (a[0] == '-') {
            cli_unknown_option("trace", a, trace_opts, (int)(sizeof trace_opts / sizeof trace_opts[0]));
            return -1;
        } else o->trace = a;
    }
    if (!o->trace) { fprintf(stderr, "warpsim trace: error: no trace given\n%s", cli_trace_help); return -1; }
    return 0;
}

/* a trace pc's SASS text, with its byte address and source line */
const char *cli_trace_pc_text(const void *ctx, int pc, char *buf, int len, cli_pc_info *info)
{
    const trace_kernel *k = ctx;
    if (pc >= k->npc || k->pc_text[pc] < 0) return NULL;
    info->line = k->pc_line[pc] > 0 ? k->pc_line[pc] : 0;
    info->reconv_pc = info->reconv_line = -1;   /* a trace holds no control-flow graph */
    if (k->gen == 'W') snprintf(buf, (size_t)len, "%s", k->texts[k->pc_text[pc]]);   /* as warpsim run shows it */
    else snprintf(buf, (size_t)len, "%04x %s", (unsigned)(pc * k->insn_bytes), k->texts[k->pc_text[pc]]);
    return buf;
}

static void print_kernel_text(const trace_kernel *k, const kernel_stats *s, const config *cfg, int per_pc)
{
    printf("kernel %s (%s, -binary version %d, tracer version %d)\n", k->name, k->path, k->binary_version,
           k->tracer_version);
    if (s->timed) cli_print_timing(s, cfg);
    sample_print_launch(s);
    cli_print_counts(s);
    if (per_pc && s->timed) cli_print_per_pc(s, cli_trace_pc_text, k);
}

static void print_json(const trace_options *o, const config *cfg, trace_kernel *ks, kernel_stats *st, int nk,
                       uint64_t copies, uint64_t copy_bytes, double seconds)
{
    json_writer j;
    json_init(&j, stdout);
    json_begin_object(&j, NULL);
    json_string(&j, "trace", o->trace);
    json_string(&j, "config", cfg->sval[CFGK_gpu_name]);
    cli_json_inputs(&j, o->config_path, o->sets, o->nsets, NULL, 0);
    json_string(&j, "mode", "trace");
    json_int(&j, "warp_size", TRACE_WARP);
    json_begin_object(&j, "memcpy_h2d");
    json_uint(&j, "copies", copies);
    json_uint(&j, "bytes", copy_bytes);
    json_end_object(&j);
    json_begin_array(&j, "kernel_files");   /* beside, so that "kernels" reads as in warpsim run */
    for (int i = 0; i < nk; i++) {
        json_begin_object(&j, NULL);
        json_string(&j, "file", ks[i].path);
        json_int(&j, "binary_version", ks[i].binary_version);
        json_int(&j, "tracer_version", ks[i].tracer_version);
        json_end_object(&j);
    }
    json_end_array(&j);
    json_begin_array(&j, "kernels");
    for (int i = 0; i < nk; i++) cli_json_kernel(&j, &st[i], i, ks[i].name, cli_trace_pc_text, &ks[i]);
    json_end_array(&j);
    sample_json_total(&j, st, nk);
    energy_json_program(&j, st, nk);
    cli_json_host(&j, st, nk, seconds);
    json_end_object(&j);
}

int cli_trace(int argc, char **argv)
{
    trace_options o;
    int r = parse_options(argc, argv, &o);
    if (r) return r > 0 ? EXIT_PASS : EXIT_BAD_INPUT;
    diag d;
    diag_init(&d);
    config cfg;
    config_defaults(&cfg);
    if (o.config_path) cli_load_config(&cfg, o.config_path, &d);
    for (int i = 0; i < o.nsets && !d.errors; i++) config_set(&cfg, o.sets[i], &d);
    if (!d.errors) config_validate(&cfg, &d);
    trace_cmd *cmds = NULL;
    int ncmds = 0;
    trace_cache_set_mode(o.cache);
    if (!d.errors) trace_list_read(o.trace, &cmds, &ncmds, &d);
    if (cli_print_diag(&d)) { free(cmds); return EXIT_BAD_INPUT; }
    trace_kernel *ks = xcalloc((size_t)ncmds, sizeof *ks);
    kernel_stats *st = xcalloc((size_t)ncmds, sizeof *st);
    int nk = 0;
    uint64_t copies = 0, copy_bytes = 0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    stop_catch();
    progress_enable(isatty(STDERR_FILENO));
    func_status fs = trace_run_list(cmds, ncmds, &cfg, ks, st, ncmds, &nk, &copies, &copy_bytes, &d);
    stop_finishing();   /* a further stop request waits for the results */
    progress_end();
    int status = fs == FUNC_OK ? EXIT_PASS : fs == FUNC_FAULT ? EXIT_FAULT : EXIT_BAD_INPUT;
    /* stopped by a signal: the kernels so far, the last one partial */
    if (fs == FUNC_STOPPED) status = 128 + stop_signal();
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double seconds = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    cli_print_diag(&d);
    if (status == EXIT_PASS || fs == FUNC_STOPPED) {
        if (o.json == 1) print_json(&o, &cfg, ks, st, nk, copies, copy_bytes, seconds);
        else if (o.json == 2) cli_print_csv(o.trace, cfg.sval[CFGK_gpu_name], st, nk);
        else {
            printf("trace %s on %s, trace-driven run (%" PRIu64 " host-to-device copies, %" PRIu64 " bytes)\n", o.trace,
                   cfg.sval[CFGK_gpu_name], copies, copy_bytes);
            for (int i = 0; i < nk; i++) print_kernel_text(&ks[i], &st[i], &cfg, o.per_pc);
            sample_print_total(st, nk);
            energy_print_program(st, nk);
        }
    }
    for (int i = 0; i < nk; i++) { stats_free(&st[i]); trace_kernel_close(&ks[i]); }
    free(ks);
    free(st);
    free(cmds);
    diag_free(&d);
    return status;
}
