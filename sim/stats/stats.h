/* sim/stats/stats.h — counters of a kernel launch (sim/stats.def). */
#ifndef WARPSIM_STATS_H
#define WARPSIM_STATS_H
#include <stdint.h>
#include <stdio.h>

enum {
#define STAT(name, doc) STAT_##name,
#include "stats.def"
#undef STAT
    STAT_COUNT
};

enum {
#define STALL(name, doc) STALL_##name,
#include "stalls.def"
#undef STALL
    STALL_COUNT
};

typedef struct {
#define PC_STAT(field, json, group, merge, view, text, doc) uint64_t field;
#include "pc_stats.def"
#undef PC_STAT
    uint64_t stall[STALL_COUNT];
} pc_stats;

/* the per-PC counters as a table (pc_stats.def), for output and docs */
enum { PC_VIEW_NONE, PC_VIEW_AVG, PC_VIEW_TOTAL, PC_VIEW_NONZERO };   /* how the --per-pc text shows a counter (NONZERO: the counter, when not 0) */
typedef struct {
    const char *field, *json, *group, *doc;
    const char *text;        /* printf format of one double, for the --per-pc text */
    size_t offset;
    int is_max;              /* merged by maximum, not by sum */
    int view;                /* PC_VIEW_*: per execution, the counter, or not shown */
} pc_stat_info;
enum {
#define PC_STAT(field, json, group, merge, view, text, doc) PC_STAT_##field,
#include "pc_stats.def"
#undef PC_STAT
    PC_STAT_COUNT
};
extern const pc_stat_info pc_stat_table[PC_STAT_COUNT];

/* the per-PC counters the memory side's blocks write (stats_mem_init) */
typedef struct {
    uint64_t l1_hits, l1_misses, l2_hits, l2_misses;
} mem_pc_stats;

/* the parts of a launch's energy (energy_parts.def) and the instruction
 * classes among them: EPART_int .. EPART_memory */
enum {
#define EPART(name, per_pc, doc) EPART_##name,
#include "energy_parts.def"
#undef EPART
    EPART_COUNT
};
extern const char *const epart_names[EPART_COUNT];
extern const char *const epart_docs[EPART_COUNT];
extern const int epart_per_pc[EPART_COUNT];
/* the events the model charges (energy_events.def) */
enum {
#define EVENT(name, key, part, scale, doc) EVENT_##name,
#include "energy_events.def"
#undef EVENT
    EVENT_COUNT
};
extern const char *const event_names[EVENT_COUNT];
extern const char *const event_keys[EVENT_COUNT];
extern const char *const event_docs[EVENT_COUNT];

/* a launch's energy (sim/gpu/energy.c): on = 0 where the config has no
 * measured [energy] values (energy.source empty) */
typedef struct {
    int on;
    double joules, seconds, watts;   /* the launch's energy, its time, their ratio */
    double part[EPART_COUNT];        /* joules by part; they sum to joules */
    double event[EVENT_COUNT];       /* the events charged (energy_events.def) */
    double *pc_joules;               /* npc entries: the per_pc parts charged to each instruction */
} energy_stats;

/* bank-conflict degree histogram buckets: 1, 2, 3-4, 5-8, 9-16, 17-32, 33-64 */
#define CONFLICT_BUCKETS 7

typedef struct {
    uint64_t stall[STALL_COUNT];
    uint64_t issued_warp_instructions;
} sm_stats;

/* how well windows of SM cycles (sim.window) would run in parallel: the
 * SMs' work per window (cycles an SM looked at, plus its issues) summed,
 * and the sums of each window's largest crew share for PAR_THREADS thread
 * counts; the windows whose memory side ran its slices apart (spans) and
 * the slices; the host seconds inside the SMs' windows, inside the spans'
 * slices, and outside both */
#define PAR_COUNTS 4
extern const int par_threads[PAR_COUNTS];   /* 2, 8, 16, 64 */
typedef struct {
    uint64_t windows, work, work_max[PAR_COUNTS], spans;
    int slices;
    int threads;             /* the host threads the SMs ran on */
    uint64_t steps, team_steps;   /* with several threads: windows' steps, and those the team ran (sim.team_gauge) */
    double sm_seconds, mem_seconds, serial_seconds;
} par_stats;

/* sampled simulation (docs/sampling.md): how a launch's cycles were found */
typedef enum {
    SAMPLE_NONE = 0,         /* no sampling: cycles timed (or none, functional) */
    SAMPLE_TIMED,            /* sampled run, the whole launch timed */
    SAMPLE_INSIDE,           /* timed until its IPC was stable, the rest projected */
    SAMPLE_PROJECTED         /* run functionally, cycles projected from its group */
} sample_mode;
typedef struct {
    sample_mode mode;
    int group;               /* its group (launches of one signature) */
    int new_signature;       /* projected from a group of another signature (none had this one timed) */
    uint64_t lo, hi;         /* the 95% interval on cycles (lo = hi = cycles when timed) */
    uint64_t timed_cycles;   /* cycles the timing model ran (0: projected) */
    uint64_t timed_instructions, timed_blocks;   /* warp instructions and blocks it timed */
} sample_info;

typedef struct {
    char kernel[256];
    int warp_size;
    uint32_t grid[3], block[3];    /* the launch's shape */
    uint64_t v[STAT_COUNT];
    /* timing runs only (timed = 1) */
    int timed;
    int partial;                   /* the run stopped before the kernel's end (a signal, a limit) */
    uint64_t cycles;
    uint64_t stall[STALL_COUNT];
    double occupancy_theoretical, occupancy_achieved;
    uint64_t conflict_hist[CONFLICT_BUCKETS];
    double dram_peak_gbps;         /* of the config, for the achieved fraction */
    uint64_t l1_bytes;             /* the L1's data capacity in this launch (less with a larger carveout) */
    double clock_mhz;
    int npc, nsm;
    pc_stats *per_pc;      /* npc entries */
    /* the memory side's blocks (an SM's L1, a slice) keep their four
     * per-PC counters here instead of per_pc (NULL: none), 32 bytes a PC
     * where per_pc takes 224: h100's 213 such blocks allocated and merged
     * per_pc rows worth 19 MB a launch for a kernel of 400 instructions */
    mem_pc_stats *mem_pc;
    sm_stats *per_sm;      /* nsm entries */
    par_stats par;         /* host figures of the windows, never compared */
    sample_info sample;    /* sampled simulation (mode SAMPLE_NONE without --sample) */
    energy_stats energy;   /* filled at the launch's end (timing runs with an [energy] model) */
} kernel_stats;

extern const char *const stall_names[STALL_COUNT];
extern const char *const stall_docs[STALL_COUNT];
void stats_free(kernel_stats *s);
/* count one warp memory access of space (isa_space: global, shared, local) */
void stats_count_access(kernel_stats *s, int space, int is_store, int is_atomic);
/* a block's own counters for a kernel of npc instructions (all zero) */
void stats_local_init(kernel_stats *s, int npc);
/* the same for a block of the memory side: its per-PC counters in mem_pc */
void stats_mem_init(kernel_stats *s, int npc);
/* add src's counters (not its derived figures) to dst: sums, and maxima
 * for the per-PC counters merged by maximum */
void stats_merge(kernel_stats *dst, const kernel_stats *src);
/* stats_merge without the per-PC rows (a block whose rows are lent: their
 * owner merges them once) */
void stats_merge_counters(kernel_stats *dst, const kernel_stats *src);
/* grow per_pc (or mem_pc) to at least npc entries (new entries zero); not on the per-cycle path */
void stats_grow_pc(kernel_stats *s, int npc);

extern const char *const stat_names[STAT_COUNT];
extern const char *const stat_docs[STAT_COUNT];

/* active lanes / (warp instructions * warp size) */
double stats_simd_efficiency(const kernel_stats *s);
/* DRAM bytes per second over the kernel's time, in GB/s (timing runs) */
double stats_dram_gbps(const kernel_stats *s);
/* warp instructions per cycle (timing runs) */
double stats_ipc(const kernel_stats *s);

#endif
