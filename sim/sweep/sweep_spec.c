/* sim/sweep/sweep_spec.c — reading a sweep's command line into its axes and
 * inputs, and numbering its points (the last axis varies fastest, inputs
 * slowest), so that a point index means the same point in every process. */
#include "sweep.h"
#include "cli/cli.h"
#include "config/config.h"
#include "util/xalloc.h"
#include <ctype.h>
#include <errno.h>
#include <glob.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *const sweep_opts[] = {
    "-c", "--config", "--vary", "--set", "-D", "-j", "-o", "--baseline", "--metric", "--plot", "--no-plot",
    "--emit-jobs", "--merge", "--run-point", "--functional", "--help",
};

static const char *sweep_help =
    "usage: warpsim sweep [-c CONFIG[,CONFIG...]] [--vary key=VALUES]... [-D var=VALUES]... [--set key=value]...\n"
    "                     [-j JOBS] [-o DIR] [--baseline COLUMN=VALUE] [--metric NAME] [--no-plot] [--functional]\n"
    "                     WORKLOAD.sass|TRACE|GLOB...\n"
    "       warpsim sweep ... --emit-jobs DIR     write DIR/jobs.txt (GNU parallel) and DIR/sweep.sbatch (Slurm)\n"
    "       warpsim sweep --run-point K DIR       run point K of the sweep saved in DIR (what the jobs run)\n"
    "       warpsim sweep --merge DIR             build the results from the points' files in DIR\n"
    "  VALUES: a,b,c  or a range LO..HI (step 1), LO..HI+STEP, LO..HI*FACTOR; K and M multiply by 1024\n"
    "  -D var=a,b     a list varies the workload's let variable; one value is fixed\n"
    "  -j JOBS        points run at once (default: the number of cores)\n"
    "  -o DIR         results: DIR/results.csv, results.json, summary.txt, METRIC.svg, .dat, .gp\n"
    "                 (default sweep-out); points already in DIR/points are kept, not run again\n"
    "  --baseline C=V the summary's speed-ups are against the point with column C = V (e.g. sched.policy=lrr)\n"
    "  --metric NAME  the CSV column the summary and plots show (default cycles)\n"
    "  --no-plot      no SVG charts or gnuplot files (written by default; warpsim plot DIR draws them later)\n"
    "  exit status: 0 every point passed, 1 some points failed (recorded per point), 2 bad input\n";

static int bad(const char *fmt, const char *a, const char *b)
{
    fputs("warpsim sweep: error: ", stderr);
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    return EXIT_BAD_INPUT;
}

/* a number with an optional K or M suffix (powers of 1024) */
static int parse_scaled(const char *s, const char *end, long long *out)
{
    char buf[64];
    size_t n = (size_t)(end - s);
    if (!n || n >= sizeof buf) return 0;
    memcpy(buf, s, n);
    buf[n] = 0;
    long long mult = 1;
    char last = buf[n - 1];
    if (last == 'K' || last == 'k') { mult = 1024; buf[--n] = 0; }
    else if (last == 'M' || last == 'm') { mult = 1024 * 1024; buf[--n] = 0; }
    char *e;
    errno = 0;
    long long v = strtoll(buf, &e, 10);
    if (*e || e == buf || errno || v > INT64_MAX / mult || v < INT64_MIN / mult) return 0;
    *out = v * mult;
    return 1;
}

static void add_value(sweep_axis *a, const char *s, size_t n)
{
    a->values = xrealloc(a->values, (size_t)(a->nvalues + 1) * sizeof *a->values);
    char *v = xmalloc(n + 1);
    memcpy(v, s, n);
    v[n] = 0;
    a->values[a->nvalues++] = v;
}

/* VALUES: a list, or LO..HI[+STEP|*FACTOR] */
static int parse_values(sweep_axis *a, const char *text)
{
    const char *dots = strstr(text, "..");
    if (dots && !strchr(text, ',')) {
        const char *hi = dots + 2, *op = hi + strcspn(hi, "+*");
        long long lo, top, step = 1;
        if (!parse_scaled(text, dots, &lo) || !parse_scaled(hi, op, &top) ||
            (*op && !parse_scaled(op + 1, op + strlen(op), &step)))
            return bad("'%s=%s': a range is LO..HI, LO..HI+STEP or LO..HI*FACTOR (whole numbers, K or M suffixes)",
                       a->name, text);
        int geometric = *op == '*';
        if (top < lo || step < 1 || (geometric && (step < 2 || lo < 1)))
            return bad("'%s=%s': the range must rise (HI >= LO, STEP >= 1, FACTOR >= 2 from LO >= 1)", a->name, text);
        for (long long v = lo; v <= top; v = geometric ? v * step : v + step) {
            char buf[32];
            int n = snprintf(buf, sizeof buf, "%lld", v);
            add_value(a, buf, (size_t)n);
            if (a->nvalues > 4096) return bad("'%s=%s': more than 4096 values", a->name, text);
            if (geometric ? v > INT64_MAX / step : v > INT64_MAX - step) break;
        }
        return 0;
    }
    for (const char *p = text;;) {
        size_t n = strcspn(p, ",");
        if (!n) return bad("'%s=%s': an empty value in the list", a->name, text);
        add_value(a, p, n);
        if (!p[n]) return 0;
        p += n + 1;
    }
}

static sweep_axis *new_axis(sweep_spec *s, int kind, const char *name, size_t n)
{
    if (s->naxes >= SWEEP_MAX_AXES) return NULL;
    sweep_axis *a = &s->axes[s->naxes++];
    memset(a, 0, sizeof *a);
    a->kind = kind;
    char own[96];
    snprintf(own, sizeof own, "%.*s", (int)n, name);
    memcpy(a->name, own, sizeof own);
    snprintf(a->column, sizeof a->column, "%s%s", kind == AXIS_DEFINE ? "define." : "", own);
    return a;
}

/* KEY=VALUES for --vary and -D: an axis, or (one value of -D) a fixed define */
static int add_axis(sweep_spec *s, int kind, const char *arg)
{
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg || !eq[1]) return bad("'%s': expected %s=VALUES", arg, kind == AXIS_KEY ? "key" : "var");
    if (kind == AXIS_DEFINE && !strchr(eq, ',') && !strstr(eq, "..")) {
        if (s->ndefines < SWEEP_MAX_FIXED) s->defines[s->ndefines++] = arg;
        return 0;
    }
    for (int i = 0; i < s->naxes; i++)
        if (s->axes[i].kind == kind && !strncmp(s->axes[i].name, arg, (size_t)(eq - arg)) &&
            !s->axes[i].name[eq - arg])
            return bad("'%s' is varied twice%s", arg, "");
    sweep_axis *a = new_axis(s, kind, arg, (size_t)(eq - arg));
    if (!a) return bad("more than %s axes ('%s')", "16", arg);
    return parse_values(a, eq + 1);
}

static int add_input(sweep_spec *s, const char *pattern)
{
    glob_t g;
    int r = glob(pattern, 0, NULL, &g);
    if (r == GLOB_NOMATCH) return bad("'%s': no such workload or trace%s", pattern, "");
    if (r) return bad("'%s': cannot be expanded%s", pattern, "");
    for (size_t i = 0; i < g.gl_pathc; i++) {
        struct stat st;
        if (stat(g.gl_pathv[i], &st) || !S_ISREG(st.st_mode)) {
            globfree(&g);
            return bad("'%s' is not a file (give WORKLOAD.sass, a kernelslist.g or a .traceg)%s", g.gl_pathv[i], "");
        }
        s->inputs = xrealloc(s->inputs, (size_t)(s->ninputs + 1) * sizeof *s->inputs);
        s->inputs[s->ninputs++] = xstrdup(g.gl_pathv[i]);
    }
    globfree(&g);
    return 0;
}

static int parse_jobs(const char *v, int *jobs)
{
    char *e;
    errno = 0;
    long n = strtol(v, &e, 10);
    if (*e || e == v || errno || n < 1 || n > 1024) return bad("-j takes a number of jobs from 1 to 1024, found '%s'%s", v, "");
    *jobs = (int)n;
    return 0;
}

/* the options that take a value; each returns 0 or an exit status */
static int option(sweep_spec *s, int argc, char **argv, int *i)
{
    const char *a = argv[*i], *v;
    static const char *const valued[] = { "--config", "-c", "--vary", "--set", "-D", "-j", "-o", "--baseline",
                                          "--metric", "--emit-jobs" };
    int k = -1;
    for (int n = 0; n < (int)(sizeof valued / sizeof *valued) && k < 0; n++)
        if (cli_is_opt(a, valued[n])) k = n;
    if (k < 0) return cli_unknown_option("sweep", a, sweep_opts, (int)(sizeof sweep_opts / sizeof *sweep_opts));
    if (!(v = cli_opt_value(argc, argv, i, valued[k]))) return bad("%s needs a value%s", valued[k], "");
    switch (k) {
    case 0: case 1:
        if (s->axes[0].nvalues) return bad("-c is given twice ('%s'): list the configs in one -c a,b%s", v, "");
        return parse_values(&s->axes[0], v);
    case 2: return add_axis(s, AXIS_KEY, v);
    case 3: if (s->nsets < SWEEP_MAX_FIXED) s->sets[s->nsets++] = v; return 0;
    case 4: return add_axis(s, AXIS_DEFINE, v);
    case 5: return parse_jobs(v, &s->jobs);
    case 6: s->out_dir = v; return 0;
    case 7:
        if (!strchr(v, '=')) return bad("--baseline takes COLUMN=VALUE (e.g. sched.policy=lrr), found '%s'%s", v, "");
        snprintf(s->baseline, sizeof s->baseline, "%s", v);
        return 0;
    case 8: s->metric = v; return 0;
    default: s->emit_dir = v; return 0;
    }
}

/* FNV-1a, 64 bits: stable names for points, and the identity of their inputs */
static uint64_t fnv_bytes(uint64_t h, const void *p, size_t n)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

static uint64_t fnv1a(const char *s) { return fnv_bytes(0xcbf29ce484222325ull, s, strlen(s)); }

static uint64_t hash_file(const char *path)
{
    uint64_t h = 0xcbf29ce484222325ull;
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) h = fnv_bytes(h, buf, n);
    fclose(f);
    return h;
}

static uint64_t hash_config(const config *c)
{
    uint64_t h = fnv_bytes(0xcbf29ce484222325ull, c->ival, sizeof c->ival);
    h = fnv_bytes(h, c->sval, sizeof c->sval);
    h = fnv_bytes(h, c->op_expand, sizeof c->op_expand);
    h = fnv_bytes(h, c->op_latency, sizeof c->op_latency);
    h = fnv_bytes(h, c->op_interval, sizeof c->op_interval);
    return fnv_bytes(h, c->op_alt_unit, sizeof c->op_alt_unit);
}

/* every config loads and every value of every key and fixed --set is
 * accepted: found before any point runs, not once per point */
static int check_values(sweep_spec *s)
{
    diag d;
    diag_init(&d);
    /* the configs are read here, in one thread: the points copy them (the
     * config search path is process state) */
    s->configs = xcalloc((size_t)s->axes[0].nvalues, sizeof *s->configs);
    for (int v = 0; v < s->axes[0].nvalues && !d.errors; v++) {
        config_defaults(&s->configs[v]);
        if (s->axes[0].values[v][0]) cli_load_config(&s->configs[v], s->axes[0].values[v], &d);
    }
    config *c = xmalloc(sizeof *c);
    config_defaults(c);
    for (int i = 0; i < s->nsets && !d.errors; i++) config_set(c, s->sets[i], &d);
    for (int a = 1; a < s->naxes && !d.errors; a++) {
        if (s->axes[a].kind != AXIS_KEY) continue;
        for (int v = 0; v < s->axes[a].nvalues && !d.errors; v++) {
            char set[256];
            snprintf(set, sizeof set, "%s=%s", s->axes[a].name, s->axes[a].values[v]);
            config_set(c, set, &d);
        }
    }
    free(c);
    int bad = cli_print_diag(&d);
    diag_free(&d);
    if (bad) fprintf(stderr, "warpsim sweep: error: the sweep was not started (nothing ran)\n");
    return bad ? EXIT_BAD_INPUT : 0;
}

int sweep_parse(int argc, char **argv, sweep_spec *s)
{
    memset(s, 0, sizeof *s);
    new_axis(s, AXIS_CONFIG, "config", 6);
    s->metric = "cycles";
    s->out_dir = "sweep-out";
    s->plot = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int r = 0;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) { fputs(sweep_help, stdout); return -1; }
        else if (!strcmp(a, "--plot")) s->plot = 1;
        else if (!strcmp(a, "--no-plot")) s->plot = 0;
        else if (!strcmp(a, "--functional")) s->functional = 1;
        else if (a[0] != '-') r = add_input(s, a);
        else r = option(s, argc, argv, &i);
        if (r) return r;
    }
    if (!s->axes[0].nvalues) add_value(&s->axes[0], "", 0);   /* the built-in defaults, as warpsim run */
    if (!s->ninputs) return bad("no workload or trace given%s%s", "", "\n(see warpsim sweep --help)");
    if (strlen(s->out_dir) > 1024 || (s->emit_dir && strlen(s->emit_dir) > 1024))
        return bad("the directory name is over 1024 characters%s%s", "", "");
    s->combos = 1;
    for (int i = 0; i < s->naxes; i++) {
        if (s->combos > 1000000 / s->axes[i].nvalues) return bad("more than a million points%s%s", "", "");
        s->combos *= s->axes[i].nvalues;
    }
    s->npoints = s->combos * s->ninputs;
    if (s->npoints > 1000000) return bad("more than a million points%s%s", "", "");
    int r = check_values(s);
    if (r) return r;
    s->model_hash = hash_file("/proc/self/exe");
    s->config_hash = xcalloc((size_t)s->axes[0].nvalues, sizeof *s->config_hash);
    for (int v = 0; v < s->axes[0].nvalues; v++) s->config_hash[v] = hash_config(&s->configs[v]);
    s->input_hash = xcalloc((size_t)s->ninputs, sizeof *s->input_hash);
    for (int i = 0; i < s->ninputs; i++) s->input_hash[i] = hash_file(s->inputs[i]);
    return 0;
}

void sweep_spec_free(sweep_spec *s)
{
    for (int i = 0; i < s->naxes; i++) {
        for (int v = 0; v < s->axes[i].nvalues; v++) free(s->axes[i].values[v]);
        free(s->axes[i].values);
    }
    for (int i = 0; i < s->ninputs; i++) free(s->inputs[i]);
    free(s->inputs);
    free(s->configs);
    free(s->config_hash);
    free(s->input_hash);
    memset(s, 0, sizeof *s);
}


void sweep_point_at(const sweep_spec *s, long index, sweep_point *p)
{
    memset(p, 0, sizeof *p);
    p->index = index;
    p->input = (int)(index / s->combos);
    long rest = index % s->combos;
    for (int i = s->naxes - 1; i >= 0; i--) {
        p->value[i] = (int)(rest % s->axes[i].nvalues);
        rest /= s->axes[i].nvalues;
    }
    /* the identity covers everything that changes the result */
    size_t n = 0;
    n += (size_t)snprintf(p->key + n, sizeof p->key - n, "%s", s->functional ? "functional" : "timing");
    for (int i = 0; i < s->naxes && n < sizeof p->key; i++)
        n += (size_t)snprintf(p->key + n, sizeof p->key - n, " %s=%s", s->axes[i].column, s->axes[i].values[p->value[i]]);
    for (int i = 0; i < s->nsets && n < sizeof p->key; i++)
        n += (size_t)snprintf(p->key + n, sizeof p->key - n, " --set %s", s->sets[i]);
    for (int i = 0; i < s->ndefines && n < sizeof p->key; i++)
        n += (size_t)snprintf(p->key + n, sizeof p->key - n, " -D %s", s->defines[i]);
    if (n < sizeof p->key) snprintf(p->key + n, sizeof p->key - n, " %s", s->inputs[p->input]);
    /* the id also covers the binary, the config's values and the input's
     * bytes (not shown in the key: a trace's kernel files are not hashed) */
    uint64_t h = fnv1a(p->key);
    uint64_t extra[3] = { s->model_hash, s->config_hash ? s->config_hash[p->value[0]] : 0,
                          s->input_hash ? s->input_hash[p->input] : 0 };
    h = fnv_bytes(h, extra, sizeof extra);
    snprintf(p->id, sizeof p->id, "%016llx", (unsigned long long)h);
}
