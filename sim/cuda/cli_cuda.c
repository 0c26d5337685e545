/* sim/cuda/cli_cuda.c — `warpsim cuda`: run an unmodified CUDA program (built
 * with nvcc -cudart shared) with warpsim's stand-in libcudart ahead of
 * NVIDIA's on the loader's path, every kernel launch simulated
 * (docs/cuda-programs.md). The settings reach the stand-in through the
 * environment (cuda_env.h); its events come back through a file, which
 * decides the exit status with the program's own. */
#include "cli/cli.h"
#include "cuda_env.h"
#include "out/mem_map.h"
#include "util/xalloc.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

const char *const cli_cuda_help =
    "usage: warpsim cuda [-c CONFIG] [--set key=value]... [--functional] [--per-pc] [--stats=text|json|csv]\n"
    "                    [--stats-file FILE] [--max-cycles=N] [--max-instructions=N] [--sass DUMP]... -- PROGRAM [ARGS]\n"
    "  run a CUDA program built with nvcc -cudart shared: warpsim's libcudart stands in for NVIDIA's and\n"
    "  simulates every kernel launch; the program's output is its own, warpsim's summary goes to stderr\n"
    "  -c, --config FILE       GPU config (h100 runs sm_90 SASS, a100 sm_80)\n"
    "  --set key=value         override a config key\n"
    "  --functional            no timing (events then measure no time)\n"
    "  --per-pc                with the text summary: every instruction with its executions and stalls\n"
    "  --stats=text|json|csv   the summary's form;  --stats-file FILE  write it there instead of stderr\n"
    "  --timeline FILE         every launch's warps as a Chrome/Perfetto trace (as warpsim run --timeline)\n"
    "  --report FILE           one HTML page of every launch (as warpsim run --report)\n"
    "  --warp BLOCK:WARP, --banks PC[:N], --coalesce PC[:N]   as in warpsim run, printed on stderr\n"
    "                          (--banks and --coalesce take a CUDA line too: lines.cu:18[:N])\n"
    "  --emit-trace DIR        an Accel-Sim trace of every launch (as warpsim run --emit-trace)\n"
    "  --max-cycles=N, --max-instructions=N   bound each launch (a fault after N)\n"
    CLI_LAUNCH_SELECT_HELP
    "  --sample                sampled simulation (sample.enabled = 1; docs/sampling.md): one launch of each\n"
    "                          group timed, each until its IPC is stable; the rest projected, with a 95% interval\n"
    "  --sass DUMP             the program's kernels as cuobjdump -sass prints them (cuobjdump -elf's listing\n"
    "                          beside it as DUMP without .sass plus .elf.txt); without it warpsim runs\n"
    "                          cuobjdump on PROGRAM when one on PATH can read it. A program built with\n"
    "                          nvcc -lineinfo gets its CUDA source lines too: from DUMP without .sass plus\n"
    "                          .lines.txt (nvdisasm -gi of its cubin), or through cuobjdump and nvdisasm on PATH\n"
    "  --source-path DIR       look for the CUDA sources there too (after the recorded path and the program's folder)\n"
    "exit status: the program's; 2 when it called what warpsim does not implement, launched a kernel with\n"
    "  no SASS, or warpsim's libcudart was not loaded; 3 when a kernel faulted\n";

static int is_file(const char *p) { struct stat st; return stat(p, &st) == 0 && S_ISREG(st.st_mode); }

/* the folder of the stand-in libraries: $WARPSIM_CUDART, ./cudart beside the
 * binary (a build tree), PREFIX/lib/warpsim/cudart beside PREFIX/bin */
static int find_cudart(char *dir, size_t len)
{
    const char *env = getenv("WARPSIM_CUDART");
    char probe[1200];
    if (env && *env) { snprintf(dir, len, "%s", env); goto check; }
    char exe[1024];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) return -1;
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    if (slash) *slash = 0;
    snprintf(dir, len, "%.900s/cudart", exe);
    snprintf(probe, sizeof probe, "%s/libcudart.so.13", dir);
    if (is_file(probe)) return 0;
    slash = strrchr(exe, '/');
    if (slash) *slash = 0;
    snprintf(dir, len, "%.900s/lib/warpsim/cudart", exe);
check:
    snprintf(probe, sizeof probe, "%s/libcudart.so.13", dir);
    return is_file(probe) ? 0 : -1;
}

/* run argv (in folder cwd when not NULL) with stdout to out_path and stderr to err_path; its exit
 * status, -1 when it could not start */
static int run_in(const char *cwd, char *const argv[], const char *out_path, const char *err_path)
{
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        if (cwd && chdir(cwd)) _exit(127);
        int o = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600), e = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (o < 0 || e < 0) _exit(127);
        dup2(o, 1);
        dup2(e, 2);
        execvp(argv[0], argv);
        _exit(127);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0) if (errno != EINTR) return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

static int run_to(char *const argv[], const char *out_path, const char *err_path)
{
    return run_in(NULL, argv, out_path, err_path);
}

static char *slurp(const char *path, size_t max)
{
    FILE *f = fopen(path, "r");
    if (!f) return xstrdup("");
    char *b = xcalloc(1, max + 1);
    size_t n = fread(b, 1, max, f);
    b[n] = 0;
    fclose(f);
    return b;
}

/* the line table of a program built with nvcc -lineinfo: each cubin that
 * cuobjdump -xelf takes out of it, through nvdisasm -gi, into
 * dir/program.lines.txt beside the dump (isa/sass_lines.c; docs/cuda.md).
 * Quietly none without nvdisasm or without lines: the views then say how. */
static void line_table(const char *program, const char *dir)
{
    char abs[4096], cwd[2048] = "", lines[1100], one[1100], err[1100];
    if (program[0] != '/' && !getcwd(cwd, sizeof cwd)) return;
    snprintf(abs, sizeof abs, "%s%s%s", cwd, *cwd ? "/" : "", program);
    snprintf(lines, sizeof lines, "%s/program.lines.txt", dir);
    snprintf(one, sizeof one, "%s/cubin.lines.txt", dir);
    snprintf(err, sizeof err, "%s/cuobjdump.err", dir);
    char *x_argv[] = { "cuobjdump", "-xelf", "all", abs, NULL };
    if (run_in(dir, x_argv, one, err) != 0) return;
    DIR *d = opendir(dir);
    FILE *out = d ? fopen(lines, "w") : NULL;
    for (struct dirent *e; out && (e = readdir(d)); ) {
        size_t n = strlen(e->d_name);
        if (n < 6 || strcmp(e->d_name + n - 6, ".cubin")) continue;
        char cubin[1400];
        snprintf(cubin, sizeof cubin, "%s/%s", dir, e->d_name);
        char *n_argv[] = { "nvdisasm", "-gi", "-c", cubin, NULL };
        if (run_to(n_argv, one, err) == 0) {
            char *text = slurp(one, 64u << 20);
            fputs(text, out);
            free(text);
        }
        unlink(cubin);
    }
    if (d) closedir(d);
    unlink(one);
    if (!out) return;
    int bad = fclose(out) != 0;
    char *text = slurp(lines, 64u << 20);
    if (bad || !strstr(text, "//## File ")) unlink(lines);   /* no -lineinfo (or no nvdisasm) */
    free(text);
}

/* cuobjdump -sass and -elf of the program's SASS for sm_<arch> into dir; 0, or -1 said */
static int dump_program(const char *program, int arch, const char *dir, char *dump, size_t len)
{
    char sm[32], err[1100], elf[1100];
    snprintf(sm, sizeof sm, "sm_%d", arch);
    snprintf(dump, len, "%s/program.sass", dir);
    snprintf(elf, sizeof elf, "%s/program.elf.txt", dir);
    snprintf(err, sizeof err, "%s/cuobjdump.err", dir);
    char *sass_argv[] = { "cuobjdump", "-sass", "-arch", sm, (char *)program, NULL };
    int st = run_to(sass_argv, dump, err);
    char *msg = slurp(err, 2000);
    msg[strcspn(msg, "\n")] = 0;
    if (st == 127 || st < 0) {
        fprintf(stderr, "warpsim cuda: error: no cuobjdump on PATH to read %s's kernels: install the CUDA toolkit "
                "that built it (cuobjdump of CUDA 11.8 reads CUDA 11 programs only; CUDA 12 and 13 programs need "
                "their own), or dump them elsewhere with 'cuobjdump -sass -arch %s %s > P.sass' and "
                "'cuobjdump -elf -arch %s %s > P.elf.txt' and pass --sass P.sass\n", program, sm, program, sm, program);
        free(msg);
        return -1;
    }
    char *text = slurp(dump, 1 << 20);
    int has = strstr(text, "Function : ") != NULL;
    free(text);
    if (st != 0 || !has) {
        if (st != 0)
            fprintf(stderr, "warpsim cuda: error: cuobjdump cannot read %s's kernels (%s); a program built by a newer "
                    "CUDA than this cuobjdump (CUDA 11.8's reads CUDA 11 programs only) needs that CUDA's cuobjdump: "
                    "dump it with 'cuobjdump -sass -arch %s %s > P.sass' and 'cuobjdump -elf -arch %s %s > P.elf.txt' "
                    "and pass --sass P.sass\n", program, *msg ? msg : "no message", sm, program, sm, program);
        else
            fprintf(stderr, "warpsim cuda: error: %s has no SASS for %s (the config's gpu.sass_arch): build it with "
                    "-arch=%s (warpsim runs SASS, not PTX); if its kernels live in a shared library, dump that and "
                    "pass --sass\n", program, sm, sm);
        free(msg);
        return -1;
    }
    free(msg);
    char *elf_argv[] = { "cuobjdump", "-elf", "-arch", sm, (char *)program, NULL };
    if (run_to(elf_argv, elf, err) != 0) unlink(elf);   /* without it: estimates (docs/cuda.md) */
    line_table(program, dir);
    return 0;
}

/* a path made absolute (allocated): the program may change its directory */
static char *absolute(const char *v)
{
    char cwd[2048] = "", *abs = xmalloc(strlen(v) + sizeof cwd + 2);
    if (v[0] != '/' && !getcwd(cwd, sizeof cwd)) cwd[0] = 0;
    sprintf(abs, "%s%s%s", v[0] == '/' ? "" : cwd, v[0] == '/' ? "" : "/", v);
    return abs;
}

static void append(char **s, const char *add, const char *sep)
{
    size_t n = *s ? strlen(*s) : 0;
    *s = xrealloc(*s, n + strlen(sep) + strlen(add) + 1);
    sprintf(*s + n, "%s%s", n ? sep : "", add);
}

/* --banks and --coalesce specs and --emit-trace's folder, checked before the
 * program starts, as warpsim run checks them */
static void check_views(const char *views, const config *cfg, diag *d)
{
    char *copy = xstrdup(views ? views : "");
    for (char *save = NULL, *t = strtok_r(copy, "\n", &save); t; t = strtok_r(NULL, "\n", &save)) {
        int m = !strncmp(t, "banks=", 6) ? MAP_BANKS : !strncmp(t, "coalesce=", 9) ? MAP_COALESCE : -1;
        if (m >= 0) mem_map_free(mem_map_new(stderr, m, strchr(t, '=') + 1, cfg, d));
        if (!strncmp(t, "emit-trace=", 11) && CFG(cfg, sm_warp_size) != 32)
            diag_error(d, "--emit-trace needs 32-lane warps (traces hold 32-lane masks)");
    }
    free(copy);
}

int cli_cuda(int argc, char **argv)
{
    const char *config_path = NULL, *stats_file = NULL;
    cli_launch_opts launches = { 0 };
    int took;
    char *sets = NULL, *options = NULL, *dumps = NULL, *timeline_path = NULL, *report_path = NULL, *views = NULL, *srcpath = NULL;
    int i, status = EXIT_BAD_INPUT;
    uint64_t n;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (!strcmp(a, "--")) { i++; break; }
        if (a[0] != '-') break;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) { fputs(cli_cuda_help, stdout); return 0; }
        if (!strcmp(a, "--functional")) append(&options, "functional", " ");
        else if (!strcmp(a, "--per-pc")) append(&options, "per-pc", " ");
        else if (!strcmp(a, "--progress")) append(&options, "progress", " ");
        else if (!strcmp(a, "--no-progress")) continue;
        else if (cli_is_opt(a, "-c") || cli_is_opt(a, "--config")) {
            if (a[1] == 'c' && a[2] && a[2] != '=') v = a + 2;
            else if (!(v = cli_need_value("cuda", argc, argv, &i, a[1] == 'c' ? "-c" : "--config"))) goto out;
            config_path = v;
        } else if (cli_is_opt(a, "--set")) {
            if (!(v = cli_need_value("cuda", argc, argv, &i, "--set"))) goto out;
            append(&sets, v, "\n");
        } else if (cli_is_opt(a, "--sass")) {
            if (!(v = cli_need_value("cuda", argc, argv, &i, "--sass"))) goto out;
            if (!is_file(v)) { fprintf(stderr, "warpsim cuda: error: --sass %s: no such file\n", v); goto out; }
            append(&dumps, v, "\n");
        } else if (cli_is_opt(a, "--source-path")) {
            if (!(v = cli_need_value("cuda", argc, argv, &i, "--source-path"))) goto out;
            struct stat st;
            if (stat(v, &st) || !S_ISDIR(st.st_mode)) { fprintf(stderr, "warpsim cuda: error: --source-path %s: no such folder\n", v); goto out; }
            char *abs = absolute(v);
            append(&srcpath, abs, ":");
            free(abs);
        } else if (cli_is_opt(a, "--timeline") || cli_is_opt(a, "--report")) {
            int is_tl = cli_is_opt(a, "--timeline");
            if (!(v = cli_need_value("cuda", argc, argv, &i, is_tl ? "--timeline" : "--report"))) goto out;
            if (cli_check_output_dir("cuda", v)) goto out;
            char *abs = absolute(v);
            free(is_tl ? timeline_path : report_path);
            if (is_tl) timeline_path = abs; else report_path = abs;
        } else if (cli_is_opt(a, "--warp") || cli_is_opt(a, "--banks") || cli_is_opt(a, "--coalesce")) {
            const char *name = cli_is_opt(a, "--warp") ? "--warp" : cli_is_opt(a, "--banks") ? "--banks" : "--coalesce";
            if (!(v = cli_need_value("cuda", argc, argv, &i, name))) goto out;
            unsigned long long b;
            int w, used = 0;
            if (name[2] == 'w' && (sscanf(v, "%llu:%d%n", &b, &w, &used) != 2 || v[used] || w < 0)) {
                fprintf(stderr, "warpsim cuda: error: --warp takes BLOCK:WARP (two whole numbers, e.g. 0:1), found '%s'\n", v);
                goto out;
            }
            char *kv = xmalloc(strlen(v) + 16);
            sprintf(kv, "%s=%s", name + 2, v);
            append(&views, kv, "\n");
            free(kv);
        } else if (cli_is_opt(a, "--emit-trace")) {
            if (!(v = cli_need_value("cuda", argc, argv, &i, "--emit-trace"))) goto out;
            char *abs = absolute(v), *kv = xmalloc(strlen(abs) + 16);
            sprintf(kv, "emit-trace=%s", abs);
            append(&views, kv, "\n");
            free(kv);
            free(abs);
        } else if (cli_is_opt(a, "--stats-file")) {
            if (!(stats_file = cli_need_value("cuda", argc, argv, &i, "--stats-file"))) goto out;
            if (cli_check_output_dir("cuda", stats_file)) goto out;
        } else if (cli_is_opt(a, "--stats")) {
            if (!(v = cli_need_value("cuda", argc, argv, &i, "--stats"))) goto out;
            if (strcmp(v, "text") && strcmp(v, "json") && strcmp(v, "csv")) {
                fprintf(stderr, "warpsim cuda: error: --stats takes text, json or csv, found '%s'\n", v);
                goto out;
            }
            char opt[32];
            snprintf(opt, sizeof opt, "stats=%s", v);
            append(&options, opt, " ");
        } else if (cli_is_opt(a, "--max-cycles") || cli_is_opt(a, "--max-instructions")) {
            const char *name = cli_is_opt(a, "--max-cycles") ? "--max-cycles" : "--max-instructions";
            if (!(v = cli_need_value("cuda", argc, argv, &i, name)) || cli_whole_number("cuda", name, v, 0, UINT64_MAX, &n)) goto out;
            char opt[64];
            snprintf(opt, sizeof opt, "%s=%llu", name + 2, (unsigned long long)n);
            append(&options, opt, " ");
        } else if ((took = cli_launch_option("cuda", argc, argv, &i, &launches))) {
            if (took < 0) goto out;
        } else if (!strcmp(a, "--sample")) {
            append(&sets, "sample.enabled=1", "\n");   /* sampled simulation (docs/sampling.md) */
        } else if (cli_is_opt(a, "--threads")) {
            if (!(v = cli_need_value("cuda", argc, argv, &i, "--threads")) || cli_whole_number("cuda", "--threads", v, 1, 256, &n)) goto out;
            char set[48];
            snprintf(set, sizeof set, "sim.threads=%llu", (unsigned long long)n);
            append(&sets, set, "\n");
        } else {
            static const char *const known[] = { "-c", "--config", "--set", "--functional", "--per-pc", "--stats", "--stats-file",
                                                 "--max-cycles", "--max-instructions", "--sass", "--threads", "--progress", "--help",
                                                 "--timeline", "--report", "--warp", "--banks", "--coalesce", "--emit-trace",
                                                 "--kernel-name", "--launch-skip", "--launch-count", "--source-path", "--sample" };
            cli_unknown_option("cuda", a, known, (int)(sizeof known / sizeof known[0]));
            goto out;
        }
    }
    if (i >= argc) { fprintf(stderr, "warpsim cuda: error: no program given\n%s", cli_cuda_help); goto out; }
    if ((timeline_path || report_path || views) && options && strstr(options, "functional")) {
        fprintf(stderr, "warpsim cuda: error: --timeline, --report, --warp, --banks, --coalesce and --emit-trace need "
                "a timed run (not --functional)\n");
        goto out;
    }
    const char *program = argv[i];
    /* the config, checked here before the program starts (the stand-in reads it again) */
    diag d;
    diag_init(&d);
    config cfg;
    config_defaults(&cfg);
    if (config_path) cli_load_config(&cfg, config_path, &d);
    char *s2 = xstrdup(sets ? sets : "");
    for (char *save = NULL, *t = strtok_r(s2, "\n", &save); t; t = strtok_r(NULL, "\n", &save)) config_set(&cfg, t, &d);
    free(s2);
    if (!d.errors) config_validate(&cfg, &d);
    if (!d.errors) check_views(views, &cfg, &d);
    launch_select sel;   /* checked here; the stand-in builds its own */
    launch_select_init(&sel);
    if (!d.errors)
        cli_launch_select(&sel, &launches, options && strstr(options, "functional"), views && strstr(views, "emit-trace="), &d);
    launch_select_free(&sel);
    for (int k = 0; k < 2; k++) {   /* the numbers go to the stand-in as options, the expression in its variable */
        char opt[64];
        if (!(k ? launches.count_given : launches.skip_given)) continue;
        snprintf(opt, sizeof opt, "launch-%s=%llu", k ? "count" : "skip", (unsigned long long)(k ? launches.count : launches.skip));
        append(&options, opt, " ");
    }
    if (cli_print_diag(&d)) goto out;
    int arch = (int)CFG(&cfg, gpu_sass_arch);
    if (!arch) {
        fprintf(stderr, "warpsim cuda: error: config %s runs no nvcc SASS (its gpu.sass_arch is 0): use -c h100 (sm_90) or -c a100 (sm_80)\n",
                cfg.sval[CFGK_gpu_name]);
        goto out;
    }
    char lib[1024];
    if (find_cudart(lib, sizeof lib)) {
        fprintf(stderr, "warpsim cuda: error: warpsim's libcudart is not built or installed (looked in %s; "
                "'make' builds it in ./cudart, 'make install' puts it in PREFIX/lib/warpsim/cudart; $WARPSIM_CUDART names another folder)\n", lib);
        goto out;
    }
    char tmp[256];
    const char *td = getenv("TMPDIR");
    snprintf(tmp, sizeof tmp, "%s/warpsim-cuda.XXXXXX", td && *td ? td : "/tmp");
    if (!mkdtemp(tmp)) { fprintf(stderr, "warpsim cuda: error: cannot make a temporary folder in %s\n", td && *td ? td : "/tmp"); goto out; }
    char state[300], dump[300];
    snprintf(state, sizeof state, "%s/state", tmp);
    if (!dumps) {
        if (dump_program(program, arch, tmp, dump, sizeof dump)) goto clean;
        append(&dumps, dump, "\n");
    }
    char *ldpath = NULL;
    append(&ldpath, lib, ":");
    if (getenv("LD_LIBRARY_PATH") && *getenv("LD_LIBRARY_PATH")) append(&ldpath, getenv("LD_LIBRARY_PATH"), ":");
    setenv("LD_LIBRARY_PATH", ldpath, 1);
    free(ldpath);
    setenv(CUDA_ENV_CONFIG, config_path ? config_path : "", 1);
    setenv("WARPSIM_CONFIGS", cli_configs_dir(), 1);
    setenv(CUDA_ENV_SETS, sets ? sets : "", 1);
    setenv(CUDA_ENV_OPTIONS, options ? options : "", 1);
    setenv(CUDA_ENV_SASS, dumps, 1);
    setenv(CUDA_ENV_SOURCE_PATH, srcpath ? srcpath : "", 1);
    if (launches.name) setenv(CUDA_ENV_KERNEL_NAME, launches.name, 1);
    else unsetenv(CUDA_ENV_KERNEL_NAME);
    setenv(CUDA_ENV_STATS, stats_file ? stats_file : "", 1);
    setenv(CUDA_ENV_STATE, state, 1);
    setenv(CUDA_ENV_TIMELINE, timeline_path ? timeline_path : "", 1);
    setenv(CUDA_ENV_REPORT, report_path ? report_path : "", 1);
    setenv(CUDA_ENV_VIEWS, views ? views : "", 1);
    setenv("WARPSIM_CUDA_PROGRAM", program, 1);
    fflush(NULL);
    /* Ctrl-C reaches the program too, whose stand-in reports and exits 130 */
    struct sigaction ign = { .sa_handler = SIG_IGN }, old_int, old_term;
    sigaction(SIGINT, &ign, &old_int);
    sigaction(SIGTERM, &ign, &old_term);
    pid_t pid = fork();
    if (pid == 0) {
        sigaction(SIGINT, &old_int, NULL);
        sigaction(SIGTERM, &old_term, NULL);
        execvp(program, argv + i);
        fprintf(stderr, "warpsim cuda: error: cannot run %s: %s\n", program, strerror(errno));
        _exit(127);
    }
    int st = 0;
    while (pid > 0 && waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
    int prog_status = pid < 0 ? 127 : WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    char *events = slurp(state, 1 << 16);
    if (prog_status == 127 && !strstr(events, "loaded")) status = EXIT_BAD_INPUT;
    else if (!strstr(events, "loaded")) {
        fprintf(stderr, "warpsim cuda: error: %s did not load warpsim's libcudart, so nothing ran on warpsim: build it with "
                "'nvcc -cudart shared' (nvcc links the runtime statically by default)\n", program);
        status = EXIT_BAD_INPUT;
    } else if (strstr(events, "\nfault") || !strncmp(events, "fault", 5)) status = EXIT_FAULT;
    else if ((strstr(events, "unimplemented ") || strstr(events, "missing ") || strstr(events, "bad-")) && prog_status != 0)
        status = EXIT_BAD_INPUT;
    else status = prog_status;
    free(events);
clean:
    unlink(state);
    { char p[400]; snprintf(p, sizeof p, "%s/program.sass", tmp); unlink(p);
      snprintf(p, sizeof p, "%s/program.elf.txt", tmp); unlink(p);
      snprintf(p, sizeof p, "%s/program.lines.txt", tmp); unlink(p);
      snprintf(p, sizeof p, "%s/cuobjdump.err", tmp); unlink(p); }
    rmdir(tmp);
out:
    free(sets); free(options); free(dumps); free(timeline_path); free(report_path); free(views); free(srcpath);
    return status;
}
