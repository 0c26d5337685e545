/* sim/cli/validate.h — `warpsim validate`: compare simulated figures with the
 * seeds' measurements, row by row, and write the report (docs/validation.md).
 * A rows file (validation/seeds.val) names runs (warpsim run arguments) and
 * rows (a figure, an expression over the runs' results, a tolerance). */
#ifndef WARPSIM_VALIDATE_H
#define WARPSIM_VALIDATE_H
#include "config/config.h"
#include "stats/stats.h"

#define VAL_MAX_REPORTS 32
#define VAL_MAX_VALUES  256

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
    char error[512];
    int nk;
    uint64_t cycles[32];
    uint64_t counters[32][STAT_COUNT];
    double clock_mhz;
    int warp_size;
    char report_name[VAL_MAX_REPORTS][64];
    int report_first[VAL_MAX_REPORTS], report_count[VAL_MAX_REPORTS];
    int nreports;
    double values[VAL_MAX_VALUES];
    int nvalues;
} val_run;

/* run every wanted run, `jobs` at a time; the workloads directory is
 * `workloads`; results stay in the runs */
void validate_execute(val_run *runs, int nruns, int jobs, const char *workloads);

#endif
