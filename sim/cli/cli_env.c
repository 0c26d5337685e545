/* sim/cli/cli_env.c — what every command shares: the top-level help, where
 * the shipped configs and workloads are, printing messages, --version. */
#include "cli.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef WARPSIM_SRCDIR
#define WARPSIM_SRCDIR "."
#endif
#ifndef WARPSIM_DATADIR
#define WARPSIM_DATADIR "/usr/local/share/warpsim"
#endif

const char *const cli_usage =
    "warpsim — a cycle-level SIMT GPU simulator\n"
    "\n"
    "usage:\n"
    "  warpsim run [-c CONFIG] [--set key=value]... [-D var=value]... [--functional]\n"
    "              [--stats=text|json|csv] [--per-pc] [--warp B:W] [--banks PC] [--coalesce PC]\n"
    "              [--timeline FILE.json] [--report FILE.html] [--max-instructions=N] [--emit-trace DIR] WORKLOAD.sass\n"
    "  warpsim asm FILE.sass            assemble, check, print with reconvergence points\n"
    "  warpsim config show [-c CONFIG] [--set key=value]...   every key, its value and origin\n"
    "  warpsim configs                  the shipped configs, one line each\n"
    "  warpsim trace [-c CONFIG] [--set key=value]... [--stats=text|json|csv] [--per-pc] TRACE\n"
    "                                   simulate a recorded SASS trace (Accel-Sim kernelslist.g or .traceg)\n"
    "  warpsim validate [-j JOBS] [-o REPORT.md] [--fast] ROWS.val\n"
    "                                   compare with measured figures (validation/seeds.val)\n"
    "  warpsim sweep [-c A,B] [--vary key=VALUES]... [-D var=VALUES]... [-j N] [-o DIR] [--baseline C=V] INPUT...\n"
    "                                   run the cross product; results.csv/json, a summary, SVG plots (see --help)\n"
    "  warpsim plot DIR [--metric NAME] [--baseline C=V]   SVG charts and gnuplot data of a sweep\n"
    "  warpsim compare A.json B.json     two runs' counters side by side, largest differences first\n"
    "  warpsim cuda [-c CONFIG] [run options] [--sass DUMP]... [--stats-file FILE] -- PROGRAM [ARGS]\n"
    "                                   run a CUDA program (nvcc -cudart shared), its kernels simulated\n"
    "  warpsim docs isa|config|stats|sass   print a reference page (docs/*.md)\n"
    "  warpsim --help | --version\n"
    "\n"
    "exit status: 0 checks pass, 1 a check failed, 2 bad input, 3 kernel fault, deadlock or limit\n"
    "  (--max-instructions, --max-cycles), 4 out of host memory, 130/143 stopped by SIGINT/SIGTERM\n";

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* where the shipped configs and workloads are: $WARPSIM_DATA/NAME; ./NAME
 * in a source checkout; PREFIX/share/warpsim/NAME beside an installed
 * binary in PREFIX/bin (wherever the prefix was moved to); the build's
 * source tree; the data directory of the configured prefix */
static const char *data_dir(const char *name, char *buf, size_t len)
{
    const char *env = getenv("WARPSIM_DATA");
    if (env && *env) { snprintf(buf, len, "%s/%s", env, name); return buf; }
    if (is_dir(name)) return name;
    char exe[512];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = 0;
        char *slash = strrchr(exe, '/');
        if (slash) *slash = 0;
        slash = strrchr(exe, '/');
        if (slash && !strcmp(slash, "/bin")) {
            *slash = 0;
            if ((size_t)snprintf(buf, len, "%.511s/share/warpsim/%.64s", exe, name) < len && is_dir(buf)) return buf;
        }
    }
    snprintf(buf, len, "%s/%s", WARPSIM_SRCDIR, name);
    if (is_dir(buf)) return buf;
    snprintf(buf, len, "%s/%s", WARPSIM_DATADIR, name);
    return buf;
}

int cli_version(void)
{
    printf("warpsim %s\n", PACKAGE_VERSION);
    printf("built with %s (%s), %s\n", WARPSIM_BUILD_CC, __VERSION__, WARPSIM_BUILD_OPTIONS);
    printf("flags: %s\n", WARPSIM_BUILD_FLAGS);
    printf("configs: %s\nworkloads: %s\n", cli_configs_dir(), cli_workloads_dir());
    return 0;
}

const char *cli_workloads_dir(void)
{
    static char dir[1024];
    return data_dir("workloads", dir, sizeof dir);
}

const char *cli_configs_dir(void)
{
    static char dir[1024];
    const char *env = getenv("WARPSIM_CONFIGS");
    if (env && *env) return env;
    return data_dir("configs", dir, sizeof dir);
}

int cli_print_diag(diag *d)
{
    if (d->len) fputs(d->text, stderr);
    int n = d->errors;
    diag_free(d);
    diag_init(d);
    return n;
}

int cli_unknown_option(const char *cmd, const char *opt, const char *const *known, int n)
{
    char name[64];
    snprintf(name, sizeof name, "%.*s", (int)strcspn(opt, "="), opt);
    const char *near = util_nearest(name, known, n);
    fprintf(stderr, "warpsim %s: error: unknown option '%s'%s%s%s; see 'warpsim %s --help'\n", cmd, name,
            near ? " (did you mean '" : "", near ? near : "", near ? "'?)" : "", cmd);
    return EXIT_BAD_INPUT;
}

