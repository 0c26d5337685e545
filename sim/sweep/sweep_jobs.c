/* sim/sweep/sweep_jobs.c — a sweep beyond one process: its arguments saved in
 * DIR/sweep.args (with the directory they were given in), one command per
 * point for GNU parallel (DIR/jobs.txt) and a Slurm job array
 * (DIR/sweep.sbatch); each job runs `warpsim sweep --run-point K DIR`. */
/* realpath(3) is XSI */
#define _XOPEN_SOURCE 700
#include "sweep.h"
#include "cli/cli.h"
#include "util/xalloc.h"
#include <errno.h>
#include <stdarg.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void sweep_path(char *buf, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, len, fmt, ap);
    va_end(ap);
}

int sweep_save_args(const char *dir, int argc, char **argv)
{
    char path[4096], cwd[4096];
    if (!getcwd(cwd, sizeof cwd)) { fprintf(stderr, "warpsim sweep: error: cannot read the current directory\n"); return 1; }
    for (int i = 1; i < argc; i++)
        if (strchr(argv[i], '\n')) {
            fprintf(stderr, "warpsim sweep: error: argument %d holds a line break; sweeps cannot save it\n", i);
            return 1;
        }
    sweep_path(path, sizeof path, "%s/sweep.args", dir);
    FILE *f = whole_open(path);
    if (!f) { fprintf(stderr, "warpsim sweep: error: cannot write '%s': %s\n", path, strerror(errno)); return 1; }
    fprintf(f, "# warpsim sweep arguments, one per line, given in the directory below\n%s\n", cwd);
    for (int i = 1; i < argc; i++) fprintf(f, "%s\n", argv[i]);
    return sweep_close_atomic(f, path);
}

int sweep_load_args(const char *dir, int *argc, char ***argv)
{
    char path[4096], line[8192];
    sweep_path(path, sizeof path, "%s/sweep.args", dir);
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "warpsim sweep: error: '%s': %s (is '%s' a sweep's directory?)\n", path, strerror(errno), dir);
        return 1;
    }
    int n = 1, lineno = 0, bad = 0;
    char **v = xcalloc(1, sizeof *v);
    v[0] = xstrdup("sweep");
    while (fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\n")] = 0;
        if (lineno == 1) continue;   /* the comment */
        if (lineno == 2) {
            if (chdir(line)) {
                fprintf(stderr, "%s:2: error: cannot enter '%s', where the sweep was given: %s\n", path, line, strerror(errno));
                bad = 1;
                break;
            }
            continue;
        }
        v = xrealloc(v, (size_t)(n + 1) * sizeof *v);
        v[n++] = xstrdup(line);
    }
    fclose(f);
    if (lineno < 2 && !bad) { fprintf(stderr, "%s: error: the file is cut short\n", path); bad = 1; }
    if (bad) {
        for (int i = 0; i < n; i++) free(v[i]);
        free(v);
        return 1;
    }
    *argc = n;
    *argv = v;
    return 0;
}

/* 'text' for a POSIX shell */
static void shell_quote(FILE *f, const char *text)
{
    fputc('\'', f);
    for (const char *p = text; *p; p++) {
        if (*p == '\'') fputs("'\\''", f);
        else fputc(*p, f);
    }
    fputc('\'', f);
}

static void self_path(char *buf, size_t len)
{
    ssize_t n = readlink("/proc/self/exe", buf, len - 1);
    if (n > 0) { buf[n] = 0; return; }
    snprintf(buf, len, "warpsim");   /* not Linux: found on PATH */
}

int sweep_emit_jobs(const sweep_spec *s, const char *dir)
{
    char self[PATH_MAX], abs_dir[PATH_MAX], path[PATH_MAX + 32];
    self_path(self, sizeof self);
    if (!realpath(dir, abs_dir)) { fprintf(stderr, "warpsim sweep: error: '%s': %s\n", dir, strerror(errno)); return 1; }
    sweep_path(path, sizeof path, "%s/jobs.txt", abs_dir);
    FILE *f = whole_open(path);
    if (!f) { fprintf(stderr, "warpsim sweep: error: cannot write '%s'\n", path); return 1; }
    for (long k = 0; k < s->npoints; k++) {
        shell_quote(f, self);
        fprintf(f, " sweep --run-point %ld ", k);
        shell_quote(f, abs_dir);
        fputc('\n', f);
    }
    if (sweep_close_atomic(f, path)) return 1;
    sweep_path(path, sizeof path, "%s/sweep.sbatch", abs_dir);
    if (!(f = whole_open(path))) { fprintf(stderr, "warpsim sweep: error: cannot write '%s'\n", path); return 1; }
    fprintf(f, "#!/bin/sh\n"
               "# A Slurm job array: one task per point of the sweep; then run\n"
               "#   warpsim sweep --merge DIR\n"
               "#SBATCH --job-name=warpsim-sweep\n"
               "#SBATCH --array=0-%ld\n"
               "#SBATCH --ntasks=1\n"
               "#SBATCH --cpus-per-task=1\n"
               "#SBATCH --output=%s/points/slurm-%%A_%%a.out\n"
               "exec ", s->npoints - 1, abs_dir);
    shell_quote(f, self);
    fputs(" sweep --run-point \"${SLURM_ARRAY_TASK_ID:?run this script with sbatch}\" ", f);
    shell_quote(f, abs_dir);
    fputc('\n', f);
    return sweep_close_atomic(f, path);
}
