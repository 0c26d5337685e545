/* sim/cli/validate.h — `warpsim validate`: compare simulated figures with the
 * seeds' measurements, row by row, and write the report (docs/validation.md).
 * A rows file (validation/seeds.val) names runs (warpsim run arguments) and
 * rows (a figure, an expression over the runs' results, a tolerance). */
#ifndef WARPSIM_VALIDATE_H
#define WARPSIM_VALIDATE_H
#include "config/config.h"
#include "stats/stats.h"
#include <stdio.h>

#define VAL_MAX_REPORTS 32
#define VAL_MAX_VALUES  256
#define VAL_MAX_LAUNCHES 32   /* a validation row's launches (the table's rows name a launch each) */

/* one run: its arguments, then what it produced */
typedef struct {
    char name[48];
    int line;                     /* in the rows file */
    int fast;                     /* part of the fast subset (make check) */
    char args[512];               /* as written: -c gf100 -D n=4 microbench/x.sass */
    /* parsed arguments */
    char config[64];
    char sets[8][96];
    int nsets;
    char defines[8][96];
    int ndefines;
    char file[256];               /* under workloads/ */
    /* results */
    int wanted;                   /* a selected row reads it */
    int status;                   /* 0 ok; else the run failed and error holds why */
    int ran;                      /* 1 it ran to its end (or failed); 2 a stop request ended it part way */
    char error[512];
    int nk;
    uint64_t cycles[VAL_MAX_LAUNCHES];
    uint64_t counters[VAL_MAX_LAUNCHES][STAT_COUNT];
    double clock_mhz;
    int warp_size;
    char report_name[VAL_MAX_REPORTS][64];
    int report_first[VAL_MAX_REPORTS], report_count[VAL_MAX_REPORTS];
    int nreports;
    double values[VAL_MAX_VALUES];
    int nvalues;
} val_run;

#include "front/expr.h"

enum { RULE_TOL, RULE_RANGE, RULE_MIN, RULE_MAX, RULE_INFO };
enum { ROW_PASS, ROW_MISS, ROW_INFO, ROW_ERROR, ROW_SKIPPED };

typedef struct {
    int line, section, rule;
    int calibrated;               /* a config parameter was set from this figure */
    char id[48];                  /* id=: what configs' [calibrated: ID] tags name */
    char cal_keys[200];           /* calibrated=KEY,KEY: the parameters set from it */
    char quote[600];              /* quote=: the source sentence the row tests */
    char quantity[160], seed_text[48], unit[24], source[64], why[600], value_text[240];
    double target, lo, hi, tol;
    expr *value;
    int runs[8], nruns;
    double got;
    int result;
    char error[320];
} val_row;

typedef struct {
    char title[160];
    char text[2048];
} val_section;

typedef struct {
    const char *path;
    char title[160];
    double require;
    int strict;                   /* `calibration strict`: check the configs' tags */
    val_section sec[24];
    int nsec;
    val_run *runs;
    int nruns;
    val_row *rows;
    int nrows;
    diag *d;
} val_file;

/* run every wanted run, `jobs` at a time; the workloads directory is
 * `workloads`; results stay in the runs */
void validate_execute(val_run *runs, int nruns, int jobs, const char *workloads);
/* what every wanted run needs before anything runs: its config, sets and
 * workload (with its -D values); errors into f->d, at the run's line */
int validate_preflight(val_file *f, const char *workloads);
/* parse a rows file given as text (nothing runs): its errors (the fuzz harness) */
int validate_parse_text(const char *path, const char *text, diag *d);

/* the calibration claims agree: every [calibrated: ID ...] tag in the
 * configs the runs use names a calibrated row that lists the tagged key, and
 * every key a calibrated row lists carries a tag naming it. Errors in f->d. */
int validate_check_calibration(const val_file *f, const char *configs_dir);
/* a judged row must be able to fail both ways: a one-sided bound only for a
 * one-sided seed figure ("> 9"), a range around the seed figure. 0 when sound */
int validate_check_rule(const val_file *f, const val_row *row, const char *line);
/* the report: markdown to out */
void validate_write_report(FILE *out, const val_file *f, const char *rows_path, int fast);
int validate_count(const val_file *f, int result, int calibrated);

#endif
