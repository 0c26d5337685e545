/* sim/sweep/cli_sweep.c — `warpsim sweep`: run the points that have no result
 * files yet on a pool of threads (each point is independent: its own config,
 * workload and GPU), show progress on a terminal, then collect. The same
 * points can instead be written out as jobs (--emit-jobs), run one by one
 * (--run-point) and collected later (--merge). */
/* realpath(3) is XSI */
#define _XOPEN_SOURCE 700
#include "sweep.h"
#include "sweep_table.h"
#include "cli/cli.h"
#include "util/stop.h"
#include "util/workers.h"
#include "util/xalloc.h"
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    const sweep_spec *s;
    const char *dir;
    long *todo;            /* indices of the points still to run */
    long ntodo, next, done;
    long stopped;          /* points a stop request ended part way (no files) */
    int failed_writes;
    int progress;          /* draw a progress bar (stderr is a terminal) */
    struct timespec t0;
    pthread_mutex_t lock;
} pool;

static double since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + 1e-9 * (double)(t.tv_nsec - t0->tv_nsec);
}

/* called with the lock held */
static void draw_progress(pool *p)
{
    if (!p->progress) return;
    double el = since(&p->t0);
    double left = p->done ? el / (double)p->done * (double)(p->ntodo - p->done) : 0;
    int width = 30, fill = (int)(width * p->done / (p->ntodo ? p->ntodo : 1));
    char bar[64];
    for (int i = 0; i < width; i++) bar[i] = i < fill ? '#' : '.';
    bar[width] = 0;
    fprintf(stderr, "\r[%s] %ld/%ld points, %d:%02d elapsed, ~%d:%02d left ", bar, p->done, p->ntodo,
            (int)el / 60, (int)el % 60, (int)left / 60, (int)left % 60);
    if (p->done == p->ntodo) fputc('\n', stderr);
    fflush(stderr);
}

static void *worker(void *arg)
{
    pool *p = arg;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        /* after a stop request no point starts */
        long i = p->next < p->ntodo && !stop_signal() ? p->todo[p->next++] : -1;
        pthread_mutex_unlock(&p->lock);
        if (i < 0) return NULL;
        sweep_point pt;
        sweep_point_at(p->s, i, &pt);
        int r = sweep_run_point(p->s, &pt, p->dir);
        pthread_mutex_lock(&p->lock);
        if (r == SWEEP_POINT_STOPPED) p->stopped++;
        else {
            p->done++;
            p->failed_writes += r != 0;
        }
        draw_progress(p);
        pthread_mutex_unlock(&p->lock);
    }
}

static int make_dir(const char *path)
{
    if (mkdir(path, 0777) && errno != EEXIST) {
        fprintf(stderr, "warpsim sweep: error: cannot create '%s': %s\n", path, strerror(errno));
        return 1;
    }
    return 0;
}

static int make_dirs(const char *dir)
{
    char pts[4096];
    sweep_path(pts, sizeof pts, "%s/points", dir);
    return make_dir(dir) || make_dir(pts);
}

static int default_jobs(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 256 ? 256 : (int)n;
}

/* a stop request ended the sweep: what ran, what did not, how to go on */
static void stopped_summary(const pool *p, const sweep_spec *s, const char *dir)
{
    if (p->progress) fputc('\n', stderr);
    fprintf(stderr, "warpsim sweep: stopped by %s: %ld of the %ld points to run finished (their files in '%s/points' "
            "are whole), %ld stopped part way and %ld never started (no files); %ld of %ld points are done. "
            "The same command runs the rest; no results.csv until then.\n",
            stop_signal_name(stop_signal()), p->done, p->ntodo, dir, p->stopped, p->ntodo - p->done - p->stopped,
            s->npoints - (p->ntodo - p->done), s->npoints);
}

/* run every point of s that DIR does not hold yet: 0, 1 when files could
 * not be written, or 128 + the signal when a stop request ended it */
static int run_points(const sweep_spec *s, const char *dir)
{
    pool p = { .s = s, .dir = dir, .lock = PTHREAD_MUTEX_INITIALIZER };
    p.todo = xmalloc((size_t)s->npoints * sizeof *p.todo);
    for (long i = 0; i < s->npoints; i++) {
        sweep_point pt;
        sweep_point_at(s, i, &pt);
        if (!sweep_point_done(&pt, dir)) p.todo[p.ntodo++] = i;
    }
    if (p.ntodo < s->npoints)
        fprintf(stderr, "warpsim sweep: %ld of %ld points already in '%s', running the other %ld\n",
                s->npoints - p.ntodo, s->npoints, dir, p.ntodo);
    p.progress = isatty(2) && p.ntodo > 0;
    clock_gettime(CLOCK_MONOTONIC, &p.t0);
    int jobs = s->jobs ? s->jobs : default_jobs();
    if (jobs > p.ntodo) jobs = p.ntodo > 0 ? (int)p.ntodo : 1;
    workers_run(jobs, worker, &p);
    stop_finishing();
    int r = p.failed_writes ? 1 : 0;
    if (stop_signal()) {
        stopped_summary(&p, s, dir);
        r = 128 + stop_signal();
    }
    free(p.todo);
    return r;
}

static int parse_index(const char *v, long n, long *out)
{
    char *e;
    errno = 0;
    long k = strtol(v, &e, 10);
    if (*e || e == v || errno || k < 0 || k >= n) {
        fprintf(stderr, "warpsim sweep: error: --run-point takes a point from 0 to %ld, found '%s'\n", n - 1, v);
        return 1;
    }
    *out = k;
    return 0;
}

/* --run-point K DIR and --merge DIR: the sweep saved in DIR */
static int saved_sweep(int argc, char **argv)
{
    int merge = !strcmp(argv[1], "--merge");
    if (argc != (merge ? 3 : 4)) {
        fprintf(stderr, "warpsim sweep: error: usage: warpsim sweep %s\n", merge ? "--merge DIR" : "--run-point K DIR");
        return EXIT_BAD_INPUT;
    }
    const char *dir = argv[argc - 1];
    char abs_dir[4096];
    if (!realpath(dir, abs_dir)) {
        fprintf(stderr, "warpsim sweep: error: '%s': %s\n", dir, strerror(errno));
        return EXIT_BAD_INPUT;
    }
    int sargc;
    char **sargv;
    if (sweep_load_args(abs_dir, &sargc, &sargv)) return EXIT_BAD_INPUT;
    sweep_spec s;
    int r = sweep_parse(sargc, sargv, &s);
    if (!r) {
        if (merge) {
            stop_catch();
            r = sweep_collect(&s, abs_dir, stdout);
        }
        else {
            long k;
            sweep_point pt;
            if (parse_index(argv[2], s.npoints, &k)) r = EXIT_BAD_INPUT;
            else {
                sweep_point_at(&s, k, &pt);
                stop_catch();
                int pr = make_dirs(abs_dir) ? 1 : sweep_run_point(&s, &pt, abs_dir);
                stop_finishing();
                r = pr == SWEEP_POINT_STOPPED ? 128 + stop_signal() : pr ? EXIT_BAD_INPUT : 0;
                if (pr == SWEEP_POINT_STOPPED)
                    fprintf(stderr, "warpsim sweep: point %ld stopped by %s part way: no files written (run it again)\n",
                            k, stop_signal_name(stop_signal()));
            }
        }
    }
    sweep_spec_free(&s);
    for (int i = 0; i < sargc; i++) free(sargv[i]);
    free(sargv);
    return r < 0 ? 0 : r;
}

int cli_sweep(int argc, char **argv)
{
    if (argc >= 2 && (!strcmp(argv[1], "--run-point") || !strcmp(argv[1], "--merge"))) return saved_sweep(argc, argv);
    sweep_spec s;
    int r = sweep_parse(argc, argv, &s);
    if (r) { sweep_spec_free(&s); return r < 0 ? 0 : r; }
    if (s.emit_dir) {
        r = make_dirs(s.emit_dir) || sweep_save_args(s.emit_dir, argc, argv) ||
            sweep_emit_jobs(&s, s.emit_dir) ? EXIT_BAD_INPUT : 0;
        if (!r) printf("%ld points: run them with 'parallel < %s/jobs.txt' or 'sbatch %s/sweep.sbatch', "
                       "then 'warpsim sweep --merge %s'\n", s.npoints, s.emit_dir, s.emit_dir, s.emit_dir);
        sweep_spec_free(&s);
        return r;
    }
    if (make_dirs(s.out_dir) || sweep_save_args(s.out_dir, argc, argv)) { sweep_spec_free(&s); return EXIT_BAD_INPUT; }
    stop_catch();
    r = run_points(&s, s.out_dir);
    if (r == 1) r = EXIT_BAD_INPUT;
    if (!r) r = sweep_collect(&s, s.out_dir, stdout);
    sweep_spec_free(&s);
    return r;
}

/* `warpsim plot DIR [--metric NAME] [--baseline C=V]`: the charts of a
 * finished sweep, from DIR/results.csv */
int cli_plot(int argc, char **argv)
{
    const char *dir = NULL, *metric = "cycles", *baseline = "";
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            puts("usage: warpsim plot DIR [--metric NAME] [--baseline COLUMN=VALUE]\n"
                 "  prints the summary of figure NAME (default cycles) and writes DIR/NAME.svg (grouped bars),\n"
                 "  DIR/NAME_over_AXIS.svg for each numeric axis, DIR/NAME.dat and DIR/NAME.gp (gnuplot)");
            return 0;
        }
        if (!strcmp(argv[i], "--metric") && i + 1 < argc) metric = argv[++i];
        else if (!strncmp(argv[i], "--metric=", 9)) metric = argv[i] + 9;
        else if (!strcmp(argv[i], "--baseline") && i + 1 < argc) baseline = argv[++i];
        else if (!strncmp(argv[i], "--baseline=", 11)) baseline = argv[i] + 11;
        else if (argv[i][0] == '-') {
            static const char *const known[] = { "--metric", "--baseline", "--help" };
            return cli_unknown_option("plot", argv[i], known, 3);
        } else dir = argv[i];
    }
    if (!dir) { fprintf(stderr, "warpsim plot: error: no sweep directory given (usage: warpsim plot DIR)\n"); return EXIT_BAD_INPUT; }
    if (*baseline && !strchr(baseline, '=')) {
        fprintf(stderr, "warpsim plot: error: --baseline takes COLUMN=VALUE, found '%s'\n", baseline);
        return EXIT_BAD_INPUT;
    }
    char path[4096];
    sweep_path(path, sizeof path, "%s/results.csv", dir);
    csv_table t;
    if (csv_table_read(path, &t)) {
        fprintf(stderr, "warpsim plot: error: cannot read '%s' (a sweep's results; see warpsim sweep -o)\n", path);
        csv_table_free(&t);
        return EXIT_BAD_INPUT;
    }
    sweep_results r;
    int bad = sweep_results_build(&t, metric, baseline, &r);
    if (!bad) {
        bad = sweep_plots(&r, dir);
        sweep_summary(&r, stdout);
        if (!bad) printf("\nwrote %s/%s.svg, %s/%s.dat and %s/%s.gp\n", dir, metric, dir, metric, dir, metric);
        sweep_results_free(&r);
    }
    csv_table_free(&t);
    return bad ? EXIT_BAD_INPUT : 0;
}
