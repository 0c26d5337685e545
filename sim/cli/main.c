/* sim/cli/main.c — warpsim's command line: dispatch to the subcommands. */
#include "cli.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifndef WARPSIM_SRCDIR
#define WARPSIM_SRCDIR "."
#endif

static const char *usage =
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
    "  warpsim docs isa|config|stats|sass   print a reference page (docs/*.md)\n"
    "  warpsim --help | --version\n"
    "\n"
    "exit status: 0 checks pass, 1 a check failed, 2 bad input, 3 kernel fault or deadlock\n";

/* ./NAME in a source checkout, else the build's source tree's NAME */
static const char *data_dir(const char *name, char *buf, size_t len)
{
    struct stat st;
    if (stat(name, &st) == 0 && S_ISDIR(st.st_mode)) return name;
    snprintf(buf, len, "%s/%s", WARPSIM_SRCDIR, name);
    return buf;
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

int main(int argc, char **argv)
{
    static const char *const cmds[] = { "run", "asm", "config", "configs", "docs", "--help", "--version", "trace", "validate", "sweep", "plot", "compare" };
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        fputs(usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? EXIT_BAD_INPUT : 0;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--version")) { puts("warpsim " PACKAGE_VERSION); return 0; }
    if (!strcmp(cmd, "run")) return cli_run(argc - 1, argv + 1);
    if (!strcmp(cmd, "asm")) return cli_asm(argc - 1, argv + 1);
    if (!strcmp(cmd, "config")) return cli_config(argc - 1, argv + 1);
    if (!strcmp(cmd, "configs")) return cli_configs(argc - 1, argv + 1);
    if (!strcmp(cmd, "docs")) return cli_docs(argc - 1, argv + 1);
    if (!strcmp(cmd, "validate")) return cli_validate(argc - 1, argv + 1);
    if (!strcmp(cmd, "trace")) return cli_trace(argc - 1, argv + 1);
    if (!strcmp(cmd, "sweep")) return cli_sweep(argc - 1, argv + 1);
    if (!strcmp(cmd, "plot")) return cli_plot(argc - 1, argv + 1);
    if (!strcmp(cmd, "compare")) return cli_compare(argc - 1, argv + 1);
    const char *near = util_nearest(cmd, cmds, (int)(sizeof cmds / sizeof cmds[0]));
    fprintf(stderr, "warpsim: error: unknown command '%s'%s%s%s\n%s", cmd, near ? " (did you mean '" : "",
            near ? near : "", near ? "'?)" : "", usage);
    return EXIT_BAD_INPUT;
}
