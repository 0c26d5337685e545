/* sim/sweep/sweep.h — `warpsim sweep`: the cross product of configs, config
 * key values, -D values and workloads (or traces); each point runs as
 * `warpsim run --stats=json` would and leaves its own result files, from
 * which the CSV, JSON, summary and plots are built (in process, or after GNU
 * parallel or a Slurm job array ran the points). */
#ifndef WARPSIM_SWEEP_H
#define WARPSIM_SWEEP_H
#include "config/config.h"
#include "util/whole_file.h"
#include <stdio.h>

#define SWEEP_MAX_AXES 16
#define SWEEP_MAX_FIXED 64

enum { AXIS_CONFIG, AXIS_KEY, AXIS_DEFINE };

typedef struct {
    int kind;              /* AXIS_* */
    char name[96];         /* "config", a config key, or a -D variable */
    char column[104];      /* its CSV column: config, the key, define.NAME */
    char **values;
    int nvalues;
} sweep_axis;

typedef struct {
    sweep_axis axes[SWEEP_MAX_AXES];   /* axes[0] is the config axis */
    int naxes;
    char **inputs;                     /* workloads (.sass) and traces */
    int ninputs;
    const char *sets[SWEEP_MAX_FIXED]; /* --set and -D given once: every point */
    int nsets;
    const char *defines[SWEEP_MAX_FIXED];
    int ndefines;
    char baseline[160];                /* COLUMN=VALUE, or empty */
    const char *metric;                /* the summary's and plots' figure (default cycles) */
    const char *out_dir;
    const char *emit_dir;              /* --emit-jobs DIR */
    int jobs, plot, functional;
    long combos, npoints;              /* settings per input; settings x inputs */
    config *configs;                   /* each config axis value, loaded once (before any thread starts) */
    /* what a point's identity must cover besides its arguments, so that a
     * resumed sweep never reuses results of another binary, config or input */
    uint64_t model_hash;               /* the warpsim executable's bytes */
    uint64_t *config_hash;             /* each config's values */
    uint64_t *input_hash;              /* each input file's bytes */
} sweep_spec;

/* one point: its setting and input, resolved */
typedef struct {
    long index;
    int input;
    int value[SWEEP_MAX_AXES];         /* index into each axis's values */
    char key[1024];                    /* the point's identity: every setting and the input */
    char id[17];                       /* a hash of key: its result files' name */
} sweep_point;

/* parse the command line (after "sweep"); 0 or an exit status */
int sweep_parse(int argc, char **argv, sweep_spec *s);
void sweep_spec_free(sweep_spec *s);
void sweep_point_at(const sweep_spec *s, long index, sweep_point *p);
/* run one point and leave DIR/points/ID.csv and ID.json (written whole or
 * not at all); 0 when the files were written, whatever the run's status;
 * SWEEP_POINT_STOPPED, with no files, when a stop request (util/stop.h)
 * ended the run part way */
enum { SWEEP_POINT_STOPPED = 2 };
int sweep_run_point(const sweep_spec *s, const sweep_point *p, const char *dir);
/* whether the point's result files exist */
int sweep_point_done(const sweep_point *p, const char *dir);
/* build DIR/results.csv, results.json, summary.txt (and plots) from the
 * points' files; prints the summary; 0, 1 when points failed, 2 when
 * points are missing, or 128 + the signal when a stop request came while
 * it wrote them (the files not yet written are not) */
int sweep_collect(const sweep_spec *s, const char *dir, FILE *summary_out);
/* --emit-jobs: DIR/jobs.txt, DIR/sweep.sbatch and DIR/sweep.args */
int sweep_emit_jobs(const sweep_spec *s, const char *dir);
/* read back DIR/sweep.args: the argument list that --emit-jobs or -o saved */
int sweep_load_args(const char *dir, int *argc, char ***argv);
int sweep_save_args(const char *dir, int argc, char **argv);

/* a path under a sweep's directory, as snprintf; paths longer than the
 * buffer are cut (sweep_parse refuses directories that could make them so) */
void sweep_path(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* close a file opened with whole_open (util/whole_file.h): renamed into
 * place, or an error naming it (1) */
int sweep_close_atomic(FILE *f, const char *path);

#endif
