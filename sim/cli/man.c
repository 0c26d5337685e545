/* sim/cli/man.c — the man page, warpsim.1, made from the --help texts
 * (cli_usage, cli_run_help, cli_trace_help): an option added to the help is
 * in the man page at the next build. Lines of the form "  OPTION  text"
 * (two or more spaces apart) become tagged paragraphs; deeper-indented
 * lines continue the text before them. */
#include "cli.h"
#include <stdio.h>
#include <string.h>

/* text with roff's special characters escaped (a leading . or ' too) */
static void roff(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (i == 0 && (c == '.' || c == '\'')) fputs("\\&", stdout);
        if (c == '\\') fputs("\\e", stdout);
        else if (c == '-') fputs("\\-", stdout);
        else putchar(c);
    }
}

static size_t spaces(const char *s) { return strspn(s, " "); }

/* one help text's option lines as tagged paragraphs; `skip` lines first
 * (the usage line) are left out, and lines starting with `stop` end it */
static void options(const char *help, int skip, const char *stop)
{
    const char *p = help;
    for (int line = 0; *p; line++) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        const char *next = end ? end + 1 : p + len;
        if (stop && !strncmp(p + spaces(p), stop, strlen(stop))) return;
        size_t lead = spaces(p);
        if (line < skip || !len) { p = next; continue; }
        const char *gap = strstr(p + lead, "  ");
        if (lead <= 2 && gap && gap < p + len) {
            /* "  -c, --config FILE       text" */
            fputs(".TP\n\\fB", stdout);
            roff(p + lead, (size_t)(gap - p - lead));
            fputs("\\fR\n", stdout);
            const char *text = gap + spaces(gap);
            roff(text, (size_t)(p + len - text));
        } else {
            roff(p + lead, len - lead);
        }
        putchar('\n');
        p = next;
    }
}

/* the top-level help's usage lines: in the synopsis each command form
 * (what comes before a gap of two spaces); under COMMANDS each form with
 * its description (after the gap, or on the next, deeper line) */
static void usage_lines(int commands)
{
    const char *p = strstr(cli_usage, "usage:\n");
    p = p ? p + 7 : cli_usage;
    if (!commands) fputs(".nf\n", stdout);
    while (*p && *p != '\n') {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        const char *s = p + spaces(p), *stop = p + len;
        const char *gap = strstr(s, "  ");
        if (!gap || gap > stop) gap = stop;
        int form = !strncmp(s, "warpsim", 7) || s[0] == '[';
        if (!commands && form) { roff(s, (size_t)(gap - s)); putchar('\n'); }
        if (commands && form) {
            fputs(s[0] == '[' ? "" : ".TP\n\\fB", stdout);
            roff(s, (size_t)(gap - s));
            fputs(s[0] == '[' ? "\n" : "\\fR\n", stdout);
        }
        if (commands && !form) {
            roff(s, (size_t)(stop - s));
            putchar('\n');
        } else if (commands && gap < stop) {
            const char *text = gap + spaces(gap);
            if (form) fputs(".br\n", stdout);
            roff(text, (size_t)(stop - text));
            putchar('\n');
        }
        p = end ? end + 1 : stop;
    }
    if (!commands) fputs(".fi\n", stdout);
}

void cli_man(void)
{
    fputs(".TH WARPSIM 1 \"\" \"warpsim " PACKAGE_VERSION "\" \"User Commands\"\n"
          ".SH NAME\nwarpsim \\- a cycle\\-level SIMT GPU simulator\n.SH SYNOPSIS\n", stdout);
    usage_lines(0);
    fputs(".SH DESCRIPTION\n"
          "warpsim simulates kernels written in a small SASS\\-like assembly language, or recorded as Accel\\-Sim "
          "SASS traces, on a GPU described by a config file, cycle by cycle (or functionally), and reports "
          "cycles, stalls, caches, DRAM and per\\-instruction counters. A workload file holds the kernels and a "
          "manifest of buffers, launches and checks. The shipped configs (GT200 to H100, AMD GCN) are listed by "
          "\\fBwarpsim configs\\fR; every key is described by \\fBwarpsim docs config\\fR.\n"
          ".SH COMMANDS\n", stdout);
    usage_lines(1);
    fputs(".SH RUN OPTIONS\n", stdout);
    options(cli_run_help, 2, NULL);
    fputs(".SH TRACE OPTIONS\n", stdout);
    options(cli_trace_help, 2, NULL);
    fputs(".SH EXIT STATUS\n", stdout);
    const char *exit = strstr(cli_usage, "exit status:");
    if (exit) roff(exit, strlen(exit));
    fputs(".SH ENVIRONMENT\n"
          ".TP\n\\fBWARPSIM_DATA\\fR\nthe directory holding \\fIconfigs\\fR and \\fIworkloads\\fR\n"
          ".TP\n\\fBWARPSIM_CONFIGS\\fR\nthe directory \\fB\\-c\\fR looks in for a config name\n"
          ".SH FILES\n"
          "The configs and workloads are looked for in \\fI./configs\\fR and \\fI./workloads\\fR, then in "
          "\\fIPREFIX/share/warpsim\\fR beside an installed \\fIPREFIX/bin/warpsim\\fR; \\fBwarpsim \\-\\-version\\fR "
          "prints the directories found.\n"
          ".SH SEE ALSO\n"
          "\\fBwarpsim docs isa|config|stats|sass\\fR (the reference pages); \\fBwarpsim sweep \\-\\-help\\fR; "
          "the project's README.md and docs/.\n", stdout);
}
