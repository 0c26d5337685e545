/* sim/cli/main.c — warpsim's command line: dispatch to the subcommands
 * (everything else of the command line is in libwarpsim_cli.a, which the
 * fuzz harnesses link too). */
#include "cli.h"
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    static const char *const cmds[] = { "run", "asm", "config", "configs", "docs", "--help", "--version", "trace", "validate", "sweep", "plot", "compare", "cuda" };
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        fputs(cli_usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? EXIT_BAD_INPUT : 0;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--version") || !strcmp(cmd, "-V")) return cli_version();
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
    if (!strcmp(cmd, "cuda")) return cli_cuda(argc - 1, argv + 1);
    const char *near = util_nearest(cmd, cmds, (int)(sizeof cmds / sizeof cmds[0]));
    fprintf(stderr, "warpsim: error: unknown command '%s'%s%s%s\n%s", cmd, near ? " (did you mean '" : "",
            near ? near : "", near ? "'?)" : "", cli_usage);
    return EXIT_BAD_INPUT;
}
