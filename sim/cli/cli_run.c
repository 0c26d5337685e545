/* sim/cli/cli_run.c — `warpsim run`: load config and workload, run every
 * launch, check, print the summary or JSON, exit with the status. */
#include "demangle.h"
#include "out/src_text.h"
#include "out/energy_out.h"
#include <sys/stat.h>
#include "cli.h"
#include "util/stop.h"
#include "util/progress.h"
#include "util/xalloc.h"
#include <unistd.h>
#include "exec/func.h"
#include "front/run.h"
#include <time.h>
#include "out/cli_report.h"
#include "out/sample_out.h"
#include "out/trace_emit.h"
#include "out/warp_view.h"
#include "out/mem_map.h"
#include "out/obs_tee.h"
#include "out/timeline.h"
#include "out/html_report.h"
#include "util/json.h"
#include "front/workload.h"
#include <errno.h>
#include <math.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *config_path;
    const char *sets[64];
    int nsets;
    const char *defines[64];
    int ndefines;
    int json;                /* 0 text, 1 JSON, 2 CSV */
    int functional;
    int no_checks;
    int per_pc;
    uint64_t max_instructions, max_cycles;
    int progress;            /* --progress 1, --no-progress 0, else -1: on a terminal */
    const char *workload;
    const char *emit_dir;
    int emit_version;        /* --emit-trace-version: the SASS version the trace is labelled with */
    const char *warp;        /* --warp B:W */
    const char *banks, *coalesce;   /* --banks PC[:N], --coalesce PC[:N] */
    const char *timeline;    /* --timeline FILE.json */
    const char *report;      /* --report FILE.html */
    timeline_opts tl;        /* --timeline-cycles, --timeline-blocks, --timeline-tracks */
    char threads_set[48];    /* --threads N: the set sim.threads=N */
    cli_launch_opts launches; /* --kernel-name REGEX, --launch-skip N, --launch-count N */
} run_options;

static const char *const run_opts[] = {
    "-c", "--config", "--set", "-D", "--functional", "--no-checks", "--per-pc", "--stats", "--max-instructions", "--max-cycles", "--progress", "--no-progress", "--threads", "--emit-trace", "--emit-trace-version", "--warp", "--banks", "--coalesce", "--timeline", "--timeline-cycles", "--timeline-blocks",
    "--timeline-tracks", "--report", "--kernel-name", "--launch-skip", "--launch-count", "--source-path", "--sample", "--help"
};

const char *const cli_run_help =
    "usage: warpsim run [-c CONFIG] [--set key=value]... [-D var=value]... [--functional]\n"
    "                   [--stats=text|json|csv] [--per-pc] [--max-instructions=N] [--threads N] [--emit-trace DIR] WORKLOAD.sass\n"
    "  -c, --config FILE       GPU config (a path, or a name in configs/, e.g. gf100)\n"
    "  --set key=value         override a config key (see warpsim config show)\n"
    "  -D var=value            override a let variable of the workload\n"
    "  --functional            run without timing (faster: counts instructions, no cycles)\n"
    "  --no-checks             skip the workload's checks (and the reference files only they read): timing at other sizes\n"
    "  --stats=text|json|csv   summary for people (default), one JSON object, or CSV (a row per launch)\n"
    "  --per-pc                with the text summary: every instruction with its executions and stalls\n"
    "  --max-instructions=N    stop with a fault after N warp instructions (0 = no limit)\n"
    "  --max-cycles=N          stop with a fault after N cycles of a launch, reporting each warp (0 = no limit)\n"
    "  --progress, --no-progress   a progress line on stderr for runs over a second (default: when stderr\n"
    "                          is a terminal); Ctrl-C stops a run, reporting each warp and the statistics so far\n"
    "  --threads N|auto        spread the SMs of a timed run over N host threads, or one per core online\n"
    "                          (sim.threads; the statistics are the same for every N)\n"
    CLI_LAUNCH_SELECT_HELP
    "  --sample                sampled simulation (sample.enabled = 1; docs/sampling.md): one launch of each group\n"
    "                          timed, and each timed one until its IPC is stable; the rest run functionally\n"
    "                          with projected cycles and a 95% interval. Results and counts stay exact\n"
    "  --emit-trace DIR        write the timed run as an Accel-Sim trace directory (warpsim trace DIR/kernelslist.g)\n"
    "  --emit-trace-version N  the SASS version (-binary version) the trace is labelled with, which picks\n"
    "                          Accel-Sim's opcode table (default 86, Ampere, whatever the config: Accel-Sim\n"
    "                          reads only " TRACE_EMIT_ACCEL_SIM_VERSIONS ", has no table for GT200, Fermi or\n"
    "                          Hopper, and its Kepler and Pascal tables lack IADD3, LOP3, STG; warpsim also reads 90)\n"
    "  --warp B:W              print warp W of block B (linear block index) as it runs: a row per issued\n"
    "                          instruction with its cycle, line, active lanes, SIMT stack depth and wait\n"
    "  --banks PC[:N]          the Nth execution (default 1st) of shared-memory instruction PC, lanes by bank\n"
    "  --coalesce PC[:N]       the Nth execution of global-memory instruction PC: lanes, lines and sectors\n"
    "                          (both take FILE:LINE[:N] too, as lines.cu:18: that CUDA line's first such access)\n"
    "  --timeline FILE.json    a trace-event timeline (ui.perfetto.dev, chrome://tracing): issues, waits, counters\n"
    "  --timeline-cycles A:B   only cycles A to B-1 of each launch (the timeline counts each launch's cycles from\n"
    "                          its start);  --timeline-blocks A:B  only blocks A to B (linear index)\n"
    "  --timeline-tracks warp|scheduler   a track per warp (default) or per warp scheduler\n"
    "  --report FILE.html      one self-contained page: summary, stalls, source heat map, warp timeline\n"
    "  --source-path DIR       nvcc SASS with a line table (NAME.lines.txt beside NAME.sass): look for the CUDA\n"
    "                          sources there too, after the recorded path and the dump's folder\n";

/* value of an option given as "--opt=value" or "--opt value", or a message */
static const char *opt_value(int argc, char **argv, int *i, const char *name)
{
    return cli_need_value("run", argc, argv, i, name);
}


static int parse_run_options(int argc, char **argv, run_options *o)
{
    memset(o, 0, sizeof *o);
    o->progress = -1;
    o->tl.to = UINT64_MAX;
    o->tl.block_hi = UINT64_MAX;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        int took;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) { fputs(cli_run_help, stdout); return -2; }
        if (!strcmp(a, "--functional")) { o->functional = 1; continue; }
        if (!strcmp(a, "--no-checks")) { o->no_checks = 1; continue; }
        if (!strcmp(a, "--per-pc")) { o->per_pc = 1; continue; }
        if (a[0] != '-') {
            if (o->workload) { fprintf(stderr, "warpsim run: error: more than one workload ('%s' and '%s')\n", o->workload, a); return -1; }
            o->workload = a;
            continue;
        }
        if (cli_is_opt(a, "-c") || cli_is_opt(a, "--config")) {
            const char *name = a[1] == 'c' ? "-c" : "--config";
            if (a[1] == 'c' && a[2] && a[2] != '=') v = a + 2;
            else if (!(v = opt_value(argc, argv, &i, name))) return -1;
            o->config_path = v;
        } else if (cli_is_opt(a, "--set")) {
            if (!(v = opt_value(argc, argv, &i, "--set"))) return -1;
            if (o->nsets < 64) o->sets[o->nsets++] = v;
        } else if (!strncmp(a, "-D", 2)) {
            v = a[2] ? a + 2 : (i + 1 < argc ? argv[++i] : NULL);
            if (!v) { fprintf(stderr, "warpsim run: error: -D needs var=value\n"); return -1; }
            if (o->ndefines < 64) o->defines[o->ndefines++] = v;
        } else if (cli_is_opt(a, "--stats")) {
            if (!(v = opt_value(argc, argv, &i, "--stats"))) return -1;
            if (strcmp(v, "json") && strcmp(v, "text") && strcmp(v, "csv")) {
                fprintf(stderr, "warpsim run: error: --stats takes text, json or csv, found '%s'\n", v);
                return -1;
            }
            o->json = !strcmp(v, "json") ? 1 : !strcmp(v, "csv") ? 2 : 0;
        } else if (cli_is_opt(a, "--warp")) {
            if (!(o->warp = opt_value(argc, argv, &i, "--warp"))) return -1;
        } else if (cli_is_opt(a, "--report")) {
            if (!(o->report = opt_value(argc, argv, &i, "--report"))) return -1;
        } else if (cli_is_opt(a, "--source-path")) {
            const char *dir = opt_value(argc, argv, &i, "--source-path");
            struct stat st;
            if (!dir) return -1;
            if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
                fprintf(stderr, "warpsim run: error: --source-path %s: no such folder\n", dir);
                return -1;
            }
            src_text_add_dir(dir);
        } else if (cli_is_opt(a, "--timeline")) {
            if (!(o->timeline = opt_value(argc, argv, &i, "--timeline"))) return -1;
        } else if (cli_is_opt(a, "--timeline-cycles") || cli_is_opt(a, "--timeline-blocks")) {
            int cyc = cli_is_opt(a, "--timeline-cycles");
            const char *name = cyc ? "--timeline-cycles" : "--timeline-blocks";
            if (!(v = opt_value(argc, argv, &i, name))) return -1;
            unsigned long long lo, hi;
            int n = 0;
            if (sscanf(v, "%llu:%llu%n", &lo, &hi, &n) != 2 || v[n] || hi < lo) {
                fprintf(stderr, "warpsim run: error: %s takes A:B (whole numbers, A <= B), found '%s'\n", name, v);
                return -1;
            }
            if (cyc) { o->tl.from = lo; o->tl.to = hi; }
            else { o->tl.block_lo = lo; o->tl.block_hi = hi; }
        } else if (cli_is_opt(a, "--timeline-tracks")) {
            if (!(v = opt_value(argc, argv, &i, "--timeline-tracks"))) return -1;
            if (strcmp(v, "warp") && strcmp(v, "scheduler")) {
                fprintf(stderr, "warpsim run: error: --timeline-tracks takes warp or scheduler, found '%s'\n", v);
                return -1;
            }
            o->tl.per_scheduler = !strcmp(v, "scheduler");
        } else if (cli_is_opt(a, "--banks")) {
            if (!(o->banks = opt_value(argc, argv, &i, "--banks"))) return -1;
        } else if (cli_is_opt(a, "--coalesce")) {
            if (!(o->coalesce = opt_value(argc, argv, &i, "--coalesce"))) return -1;
        } else if (cli_is_opt(a, "--emit-trace-version")) {
            if (!(v = opt_value(argc, argv, &i, "--emit-trace-version"))) return -1;
            char *end;
            long n = strtol(v, &end, 10);
            if (*end || end == v || n <= 0 || n > 1000) {
                fprintf(stderr, "warpsim run: error: --emit-trace-version takes a SASS version such as 86 or 90, found '%s'\n", v);
                return -1;
            }
            o->emit_version = (int)n;
        } else if (cli_is_opt(a, "--emit-trace")) {
            if (!(o->emit_dir = opt_value(argc, argv, &i, "--emit-trace"))) return -1;
        } else if (!strcmp(a, "--sample")) {
            /* sampled simulation: the [sample] section's knobs (docs/sampling.md) */
            if (o->nsets < 64) o->sets[o->nsets++] = "sample.enabled=1";
        } else if (cli_is_opt(a, "--threads")) {
            /* the range sim.threads takes, said of the option; or auto */
            if (!(v = opt_value(argc, argv, &i, "--threads")) || cli_threads("run", v, o->threads_set, sizeof o->threads_set)) return -1;
            if (o->nsets < 64) o->sets[o->nsets++] = o->threads_set;
        } else if (!strcmp(a, "--progress") || !strcmp(a, "--no-progress")) {
            o->progress = a[2] == 'p';
        } else if ((took = cli_launch_option("run", argc, argv, &i, &o->launches))) {
            if (took < 0) return -1;
        } else if (cli_is_opt(a, "--max-cycles")) {
            if (!(v = opt_value(argc, argv, &i, "--max-cycles"))
                || cli_whole_number("run", "--max-cycles", v, 0, UINT64_MAX, &o->max_cycles)) return -1;
        } else if (cli_is_opt(a, "--max-instructions")) {
            if (!(v = opt_value(argc, argv, &i, "--max-instructions"))
                || cli_whole_number("run", "--max-instructions", v, 0, UINT64_MAX, &o->max_instructions)) return -1;
        } else {
            cli_unknown_option("run", a, run_opts, (int)(sizeof run_opts / sizeof run_opts[0]));
            return -1;
        }
    }
    if (!o->workload) { fprintf(stderr, "warpsim run: error: no workload file given\n%s", cli_run_help); return -1; }
    return 0;
}

/* before a run that cannot end soon: a warning at once (the messages of
 * the run come after it), saying how to bound it */
static void warn_before_run(workload *w, const config *cfg, diag *d)
{
    double warp = (double)CFG(cfg, sm_warp_size);
    for (int i = 0; i < w->nlaunches; i++) {
        uint8_t *cbank = xmalloc(w->launches[i].k->cbank_bytes);
        uint32_t size, grid[3], block[3];
        int bad = workload_cbank(w, i, cbank, &size, grid, block, d);
        free(cbank);
        if (bad) return;
        double blocks = (double)grid[0] * grid[1] * grid[2], threads = (double)block[0] * block[1] * block[2];
        double warps = blocks * ceil(threads / warp);
        /* 10^8 warps of a few instructions each: minutes functional, hours timed */
        if (warps < 1e8) continue;
        const wl_launch *L = &w->launches[i];
        fprintf(stderr, "%s:%d:%d: warning: this launch has %.3g blocks of %.0f threads (%.3g warps); at a few million "
                "warp instructions a second it runs for hours: --max-cycles or --max-instructions bound it, Ctrl-C "
                "stops it with a report\n", w->prog.src.path, L->line, L->col, blocks, threads, warps);
    }
    double bytes = 0, phys = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE);
    for (int b = 0; b < gmem_nbuffers(w->mem); b++) bytes += (double)gmem_buffer(w->mem, b)->bytes;
    if (phys > 0 && bytes > phys)
        fprintf(stderr, "%s: warning: the buffers hold %.1f GB, more than this machine's %.1f GB of memory: memory is "
                "taken as it is touched, and a run or check that touches it all ends with 'out of host memory' "
                "(exit status 4)\n", w->prog.src.path, bytes / 1e9, phys / 1e9);
}

/* a launch was timed (--kernel-name and the launch options may leave
 * some, or all, functional) */
static int any_timed(const kernel_stats *ks, int nk)
{
    for (int i = 0; i < nk; i++)
        if (ks[i].timed || ks[i].sample.mode != SAMPLE_NONE) return 1;
    return 0;
}

static void print_text(const workload *w, const config *cfg, kernel_stats *ks, int nk, const int *results, int per_pc)
{
    int timed = any_timed(ks, nk);
    printf("workload %s (%s) on %s, %s run\n", w->name, w->prog.src.path, cfg->sval[CFGK_gpu_name],
           timed ? "timing" : "functional");
    for (int i = 0; i < nk; i++) {
        const kernel_stats *s = &ks[i];
        char name[1024];
        printf("kernel %s\n", dm_readable(s->kernel, name, sizeof name));
        if (s->timed) cli_print_timing(s, cfg);
        sample_print_launch(s);
        if (!s->timed && timed && s->sample.mode == SAMPLE_NONE) printf("  not timed: it ran functionally (--kernel-name, --launch-skip, --launch-count)\n");
        cli_print_counts(s);
        if (per_pc && s->timed) cli_print_per_pc(s, cli_sass_pc_text, w->launches[i].k);
    }
    energy_print_program(ks, nk);
    for (int i = 0; results && i < w->nchecks; i++)
        printf("check %-40s %s\n", w->checks[i].text, results[i] ? "pass" : "FAIL");
    sample_print_total(ks, nk);
}

static void print_json(const run_options *o, const workload *w, const config *cfg, kernel_stats *ks, int nk,
                       const int *results, const char *verdict, workload *wm, double seconds)
{
    json_writer j;
    json_init(&j, stdout);
    json_begin_object(&j, NULL);
    json_string(&j, "workload", w->name);
    json_string(&j, "file", w->prog.src.path);
    json_string(&j, "config", cfg->sval[CFGK_gpu_name]);
    cli_json_inputs(&j, o->config_path, o->sets, o->nsets, o->defines, o->ndefines);
    json_string(&j, "mode", any_timed(ks, nk) ? "timing" : "functional");
    json_int(&j, "warp_size", CFG(cfg, sm_warp_size));
    json_string(&j, "check", verdict);
    json_begin_array(&j, "checks");
    for (int i = 0; results && i < w->nchecks; i++) {
        json_begin_object(&j, NULL);
        json_int(&j, "line", w->checks[i].line);
        json_string(&j, "text", w->checks[i].text);
        json_string(&j, "result", results[i] ? "pass" : "fail");
        json_end_object(&j);
    }
    json_end_array(&j);
    json_begin_array(&j, "kernels");
    for (int i = 0; i < nk; i++) cli_json_kernel(&j, &ks[i], i, ks[i].kernel, cli_sass_pc_text, wm->launches[i].k);
    json_end_array(&j);
    json_begin_object(&j, "reports");
    for (int i = 0; i < wm->nreports; i++) {
        wl_report *r = &wm->reports[i];
        json_begin_array(&j, r->name);
        int64_t n = expr_length(r->e, &wm->scope, NULL);
        for (int64_t k = 0; k < (n ? n : 1); k++) json_double(&j, NULL, expr_at(r->e, &wm->scope, (uint64_t)k));
        json_end_array(&j);
    }
    json_end_object(&j);
    sample_json_total(&j, ks, nk);
    energy_json_program(&j, ks, nk);
    cli_json_host(&j, ks, nk, seconds);
    json_end_object(&j);
}

static void print_reports_text(workload *w)
{
    for (int i = 0; i < w->nreports; i++) {
        wl_report *r = &w->reports[i];
        int64_t n = expr_length(r->e, &w->scope, NULL);
        printf("report %s:", r->name);
        for (int64_t k = 0; k < (n ? n : 1) && k < 64; k++) printf(" %.17g", expr_at(r->e, &w->scope, (uint64_t)k));
        if (n > 64) printf(" ... (%" PRId64 " values; --stats=json prints all)", n);
        printf("\n");
    }
}

static int report_and_exit(diag *d, int status)
{
    cli_print_diag(d);
    return status;
}

int cli_run(int argc, char **argv)
{
    run_options o;
    int r = parse_run_options(argc, argv, &o);
    if (r == -2) return 0;
    if (r) return EXIT_BAD_INPUT;
    /* output files are written at the end: their directories are checked
     * before a long run rather than after it */
    if ((o.report && cli_check_output_dir("run", o.report)) || (o.timeline && cli_check_output_dir("run", o.timeline)))
        return EXIT_BAD_INPUT;
    diag d;
    diag_init(&d);
    config cfg;
    config_defaults(&cfg);
    if (o.config_path) cli_load_config(&cfg, o.config_path, &d);
    for (int i = 0; i < o.nsets; i++) config_set(&cfg, o.sets[i], &d);
    if (!d.errors) config_validate(&cfg, &d);
    if (d.errors) return report_and_exit(&d, EXIT_BAD_INPUT);
    workload *w = xcalloc(1, sizeof *w);
    trace_emit *emit = NULL;     /* the run's watchers (freed at done) */
    warp_view *wv = NULL;
    mem_map *maps[2] = { NULL, NULL };
    timeline *tl = NULL;
    html_report *report = NULL;
    launch_select sel;
    launch_select_init(&sel);
    kernel_stats *ks = NULL;     /* one a launch, once the manifest is read */
    int status = EXIT_BAD_INPUT;
    if (workload_load(w, o.workload, &d)) goto done;
    for (int i = 0; i < o.ndefines; i++) workload_define(w, o.defines[i], &d);
    w->no_checks = o.no_checks;
    if (d.errors || workload_prepare(w, (int)CFG(&cfg, gpu_sass_arch), &d)) goto done;
    ks = xcalloc((size_t)w->nlaunches + 1, sizeof *ks);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    func_options fo = { o.max_instructions, 100000, NULL, NULL, o.max_cycles, NULL };
    /* the views and trace emission watch the run together */
    obs_tee tee = { .n = 0 };
    sim_observer tee_obs;
    if ((o.warp || o.banks || o.coalesce || o.timeline || o.report) && o.functional) {
        diag_error(&d, "--warp, --banks, --coalesce, --timeline and --report need a timed run (not --functional)");
        goto done;
    }
    if (cli_launch_select(&sel, &o.launches, o.functional, o.emit_dir != NULL, &d))
        goto done;
    if (o.emit_dir) {
        if (o.functional || CFG(&cfg, sm_warp_size) != 32) {
            diag_error(&d, "--emit-trace needs a timed run with 32-lane warps (traces hold 32-lane masks)");
            goto done;
        }
        if (!(emit = trace_emit_open(o.emit_dir, o.emit_version ? o.emit_version : TRACE_EMIT_DEFAULT_VERSION, &d))) goto done;
        if (o.emit_version && !trace_emit_accel_sim_reads(o.emit_version))
            fprintf(stderr, "warpsim run: note: --emit-trace-version %d: Accel-Sim reads only binary versions %s "
                    "(it answers 'unsupported binary version' to this trace); warpsim trace reads it\n",
                    o.emit_version, TRACE_EMIT_ACCEL_SIM_VERSIONS);
        obs_tee_add(&tee, trace_emit_observer(emit));
    }
    if (o.warp) {
        unsigned long long b;
        int wi, n = 0;
        if (sscanf(o.warp, "%llu:%d%n", &b, &wi, &n) != 2 || o.warp[n] || wi < 0) {
            diag_error(&d, "--warp takes BLOCK:WARP (two whole numbers, e.g. 0:1), found '%s'", o.warp);
            goto done;
        }
        wv = warp_view_new(stdout, b, wi);
        obs_tee_add(&tee, warp_view_observer(wv));
    }
    for (int m = 0; m < 2; m++) {
        const char *spec = m ? o.coalesce : o.banks;
        if (!spec) continue;
        if (!(maps[m] = mem_map_new(stdout, m ? MAP_COALESCE : MAP_BANKS, spec, &cfg, &d))) goto done;
        obs_tee_add(&tee, mem_map_observer(maps[m]));
    }
    if (o.report) {
        report = html_report_new();
        obs_tee_add(&tee, html_report_observer(report));
    }
    if (o.timeline) {
        if (!(tl = timeline_open(o.timeline, &o.tl, &d))) goto done;
        obs_tee_add(&tee, timeline_observer(tl));
    }
    if (tee.n) {
        tee_obs = obs_tee_observer(&tee);
        fo.observer = &tee_obs;
    }
    warn_before_run(w, &cfg, &d);
    if (d.errors) goto done;
    stop_catch();
    progress_enable(o.progress == 1 || (o.progress < 0 && isatty(STDERR_FILENO)));
    func_status st = workload_run(w, &cfg, &fo, o.functional, &sel, ks, &d);
    launch_select_note(&sel, "warpsim run");
    stop_finishing();   /* a further stop request waits for what follows: the results */
    progress_end();
    /* a run that failed or was stopped leaves no trace or timeline behind */
    if (emit && trace_emit_close(emit, st == FUNC_OK, &d) && st == FUNC_OK) st = FUNC_BAD_LAUNCH;
    emit = NULL;
    if (tl && timeline_close(tl, st == FUNC_OK, &d) && st == FUNC_OK) st = FUNC_BAD_LAUNCH;
    tl = NULL;
    status = st == FUNC_OK ? EXIT_PASS : st == FUNC_BAD_LAUNCH ? EXIT_BAD_INPUT : EXIT_FAULT;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double seconds = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    int nk = 0;
    while (nk < w->nlaunches && ks[nk].kernel[0]) nk++;
    if (st == FUNC_STOPPED || (st == FUNC_FAULT && nk && ks[nk - 1].partial)) {
        /* a signal or --max-cycles: the launches so far, the last one
         * partial; no checks (the results are not all there); a signal
         * exits 128 + its number, as the shell reports a process it ended */
        if (st == FUNC_STOPPED) status = 128 + stop_signal();
        cli_print_diag(&d);
        if (o.json == 1) print_json(&o, w, &cfg, ks, nk, NULL, "stopped", w, seconds);
        else if (o.json == 2) cli_print_csv(w->name, cfg.sval[CFGK_gpu_name], ks, nk);
        else {
            print_text(w, &cfg, ks, nk, NULL, o.per_pc);
            printf("result: stopped by %s (the statistics of the last launch are partial)\n",
                   st == FUNC_STOPPED ? stop_signal_name(stop_signal()) : "--max-cycles");
        }
        goto done;
    }
    if (status != EXIT_PASS) goto done;
    int results[32], all = 1;
    for (int i = 0; i < w->nchecks; i++) {
        results[i] = workload_check(w, i, &d);
        all &= results[i];
    }
    const char *verdict = w->nchecks == 0 ? "none" : all ? "pass" : "fail";
    if (report) {
        const void **ctx = xcalloc((size_t)w->nlaunches + 1, sizeof *ctx);
        for (int i = 0; i < w->nlaunches; i++) ctx[i] = w->launches[i].k;
        if (html_report_write(report, o.report, w->name, cfg.sval[CFGK_gpu_name], ks, w->nlaunches, cli_sass_pc_text, ctx, &d))
            status = EXIT_BAD_INPUT;
        free(ctx);
    }
    if (status == EXIT_PASS) status = all ? EXIT_PASS : EXIT_CHECK_FAILED;
    if (d.errors) status = EXIT_BAD_INPUT;
    cli_print_diag(&d);
    if (o.json == 1) print_json(&o, w, &cfg, ks, w->nlaunches, results, verdict, w, seconds);
    else if (o.json == 2) cli_print_csv(w->name, cfg.sval[CFGK_gpu_name], ks, w->nlaunches);
    else {
        print_text(w, &cfg, ks, w->nlaunches, results, o.per_pc);
        print_reports_text(w);
        printf("result: %s\n", verdict);
    }
done:
    if (emit) trace_emit_close(emit, 0, &d);
    if (tl) timeline_close(tl, 0, &d);
    warp_view_free(wv);
    html_report_free(report);
    launch_select_free(&sel);
    for (int m = 0; m < 2; m++) mem_map_free(maps[m]);
    if (ks) for (int i = 0; i < w->nlaunches; i++) stats_free(&ks[i]);
    free(ks);
    cli_print_diag(&d);
    workload_free(w);
    free(w);
    return status;
}
