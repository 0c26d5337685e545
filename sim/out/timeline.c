/* sim/out/timeline.c — the trace-event writer behind --timeline. Events are
 * streamed to PATH.tmp as they happen and the file is renamed into place
 * when the run ends, so a failed or interrupted run leaves no half file.
 * Each launch counts its cycles from its own start (ts 0), on processes of
 * its own: launch L's SM s is pid L * TL_PID_STRIDE + s, its memory system
 * pid 100000 + L, each labelled with the launch, its kernel and the run's
 * cycle it began at; an issue's arguments carry the run's cycle too. */
#include "timeline.h"
#include "demangle.h"
#include "src_text.h"
#include "stats/stats.h"
#include "util/whole_file.h"
#include "util/xalloc.h"
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { TL_MAX_SLOTS = 4096, TL_MAX_SMS = 1024, TL_MAX_TRACKS = TL_MAX_SLOTS * 64, TL_PID_STRIDE = 2048,
       TL_MEMORY_PID = 100000 };

typedef struct {
    uint64_t window;             /* the window being counted (cycle / opts.window) */
    uint64_t issued, lines, warps;
    int any;
} sm_window;

struct timeline {
    FILE *f;
    char path[4096];
    timeline_opts o;
    uint64_t events;
    int truncated, first;
    int64_t slot_block[TL_MAX_SLOTS];   /* linear block index in each slot, -1 none */
    uint32_t grid[3];
    const char *const *texts;           /* the launch's (valid until kernel_end) */
    int npc;
    char kname[1024];                   /* the launch's kernel, demangled */
    const isa_srcloc *srcloc;           /* its CUDA lines, or NULL */
    sm_window win[TL_MAX_SMS];
    uint8_t *named;                     /* bit per track (SM x track id): its name was written */
    uint8_t sm_named[TL_MAX_SMS];
    uint64_t *last_window;              /* per track: the last window it issued in, plus one */
    uint64_t last_l1, last_l2, last_dram, last_cycle;   /* the memory counters at the previous sample */
    int memory_named;
    int launch;                         /* the launch being written (0 the first; -1 before it) */
    int started;                        /* this launch's start is known (its first issue) */
    uint64_t start;                     /* the run's cycle this launch began at */
};

static int keep(timeline *t)
{
    if (t->events >= t->o.max_events) { t->truncated = 1; return 0; }
    t->events++;
    fputs(t->first ? "\n" : ",\n", t->f);
    t->first = 0;
    return 1;
}

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') fputc('\\', f);
        if ((unsigned char)*s >= 0x20) fputc(*s, f);
    }
    fputc('"', f);
}

/* track ids: per warp, slot x 64 + warp (slots are unique across SMs);
 * per scheduler, the scheduler, offset by the SM so that ids stay unique */
static int track_index(const timeline *t, int sm, int tid)
{
    return t->o.per_scheduler ? sm * 64 + tid : tid;
}

static int sm_pid(const timeline *t, int sm) { return t->launch * TL_PID_STRIDE + sm; }

/* a process's label: the launch, its kernel and the run's cycle it began at */
static void label_process(timeline *t, int pid)
{
    if (!keep(t)) return;
    char label[1200];
    snprintf(label, sizeof label, "launch %d, kernel %s, from run cycle %" PRIu64, t->launch, t->kname,
             t->start);
    fprintf(t->f, "{\"name\":\"process_labels\",\"ph\":\"M\",\"pid\":%d,\"args\":{\"labels\":", pid);
    json_str(t->f, label);
    fputs("}}", t->f);
}

static void name_track(timeline *t, int sm, int tid, const char *what, int a, int b)
{
    if (sm >= 0 && sm < TL_MAX_SMS && !t->sm_named[sm] && keep(t)) {
        t->sm_named[sm] = 1;
        fprintf(t->f, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%d,\"args\":{\"name\":\"SM %d\"}}", sm_pid(t, sm), sm);
        label_process(t, sm_pid(t, sm));
    }
    int k = track_index(t, sm, tid);
    if (k < 0 || k >= TL_MAX_TRACKS || (t->named[k / 8] >> (k % 8) & 1)) return;
    t->named[k / 8] |= (uint8_t)(1u << (k % 8));
    char name[64];
    if (b >= 0) snprintf(name, sizeof name, "%s %d, warp %d", what, a, b);
    else snprintf(name, sizeof name, "%s %d", what, a);
    if (!keep(t)) return;
    fprintf(t->f, "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%d,\"tid\":%d,\"args\":{\"name\":", sm_pid(t, sm), tid);
    json_str(t->f, name);
    fputs("}}", t->f);
}

static void flush_window(timeline *t, int sm)
{
    sm_window *w = &t->win[sm];
    if (!w->any || !keep(t)) return;
    fprintf(t->f, "{\"name\":\"SM %d\",\"ph\":\"C\",\"ts\":%" PRIu64 ",\"pid\":%d,\"args\":{\"warp instructions\":%" PRIu64
                  ",\"warps issuing\":%" PRIu64 ",\"line requests\":%" PRIu64 "}}",
            sm, w->window * t->o.window, sm_pid(t, sm), w->issued, w->warps, w->lines);
    memset(w, 0, sizeof *w);
}

/* the counters of the window holding cycle c on SM sm */
static sm_window *window_at(timeline *t, int sm, uint64_t c)
{
    if (sm < 0 || sm >= TL_MAX_SMS) return NULL;
    sm_window *w = &t->win[sm];
    uint64_t k = c / t->o.window;
    if (w->any && w->window != k) flush_window(t, sm);
    w->window = k;
    w->any = 1;
    return w;
}

static int begin(void *ctx, const obs_kernel *k, diag *d)
{
    (void)d;
    timeline *t = ctx;
    t->npc = k->texts ? k->npc : 0;
    t->texts = k->texts;
    for (int i = 0; i < TL_MAX_SLOTS; i++) t->slot_block[i] = -1;
    memcpy(t->grid, k->grid, sizeof t->grid);
    dm_readable(k->name, t->kname, sizeof t->kname);
    t->srcloc = k->srcloc;
    /* a new launch: its own processes, cycles from its start */
    t->launch++;
    t->started = 0;
    t->start = 0;
    memset(t->sm_named, 0, sizeof t->sm_named);
    memset(t->named, 0, TL_MAX_TRACKS / 8 + 1);
    memset(t->last_window, 0, TL_MAX_TRACKS * sizeof *t->last_window);
    memset(t->win, 0, sizeof t->win);
    t->memory_named = 0;
    t->last_l1 = t->last_l2 = t->last_dram = t->last_cycle = 0;
    return 0;
}

static void block_start(void *ctx, int slot, const uint32_t ctaid[3], int nwarps)
{
    (void)nwarps;
    timeline *t = ctx;
    if (slot >= 0 && slot < TL_MAX_SLOTS)
        t->slot_block[slot] = (int64_t)(ctaid[0] + (uint64_t)ctaid[1] * t->grid[0] + (uint64_t)ctaid[2] * t->grid[0] * t->grid[1]);
}

/* e's cycle in its launch (the first issue of a launch has waited since the
 * launch began: that fixes the launch's start) */
static uint64_t launch_cycle(timeline *t, const obs_issue *e)
{
    if (!t->started) {
        t->started = 1;
        t->start = e->cycle - e->waited;
    }
    return e->cycle - t->start;
}

static int wanted(const timeline *t, const obs_issue *e, uint64_t c)
{
    if (c < t->o.from || c >= t->o.to) return 0;
    if (e->slot < 0 || e->slot >= TL_MAX_SLOTS || t->slot_block[e->slot] < 0) return 0;
    uint64_t b = (uint64_t)t->slot_block[e->slot];
    return b >= t->o.block_lo && b <= t->o.block_hi;
}

static void issue(void *ctx, const obs_issue *e)
{
    timeline *t = ctx;
    uint64_t c = launch_cycle(t, e);
    if (!wanted(t, e, c)) return;
    sm_window *w = window_at(t, e->sm, c);
    int tid;
    if (t->o.per_scheduler) {
        tid = e->scheduler;
        name_track(t, e->sm, tid, "scheduler", e->scheduler, -1);
    } else {
        tid = e->slot * 64 + (e->warp & 63);
        name_track(t, e->sm, tid, "block slot", e->slot, e->warp);
    }
    if (w) {
        w->issued++;
        /* warps issuing in the window: each warp counted once */
        int k = e->slot * 64 + (e->warp & 63);
        if (k >= 0 && k < TL_MAX_TRACKS && t->last_window[k] != w->window + 1) {
            t->last_window[k] = w->window + 1;
            w->warps++;
        }
    }
    int pc = e->st->pc;
    if (!t->o.per_scheduler && e->waited > 1 && e->waited_reason >= 0 && e->waited_reason < STALL_COUNT && keep(t))
        fprintf(t->f, "{\"name\":\"%s\",\"cat\":\"stall\",\"ph\":\"X\",\"ts\":%" PRIu64 ",\"dur\":%" PRIu64
                      ",\"pid\":%d,\"tid\":%d}",
                stall_names[e->waited_reason], c - e->waited + 1, e->waited - 1, sm_pid(t, e->sm), tid);
    if (!keep(t)) return;
    fputs("{\"name\":", t->f);
    json_str(t->f, pc < t->npc ? t->texts[pc] : "?");
    fprintf(t->f, ",\"cat\":\"issue\",\"ph\":\"X\",\"ts\":%" PRIu64 ",\"dur\":1,\"pid\":%d,\"tid\":%d,\"args\":{\"kernel\":",
            c, sm_pid(t, e->sm), tid);
    json_str(t->f, t->kname);
    fprintf(t->f, ",\"launch\":%d,\"run cycle\":%" PRIu64, t->launch, e->cycle);
    if (t->srcloc && pc < t->npc && t->srcloc[pc].file)
        fprintf(t->f, ",\"CUDA line\":\"%s:%d\"", src_text_base(t->srcloc[pc].file), t->srcloc[pc].line);
    fprintf(t->f, ",\"pc\":%d,\"active lanes\":%d,\"block slot\":%d,\"warp\":%d%s}}", pc,
            __builtin_popcountll(e->dy->active), e->slot, e->warp, e->dy->diverged ? ",\"diverged\":true" : "");
}

static void mem_access(void *ctx, const obs_mem *m)
{
    timeline *t = ctx;
    if (!t->started || m->cycle < t->start) return;   /* (a memory access follows an issue) */
    uint64_t c = m->cycle - t->start;
    if (c < t->o.from || c >= t->o.to || m->space == SPACE_SHARED) return;   /* line requests only */
    if (m->sm < 0 || m->sm >= TL_MAX_SMS || !t->sm_named[m->sm]) return;   /* SMs the filter kept */
    sm_window *w = window_at(t, m->sm, c);
    if (w) w->lines++;
}

/* the memory system's counters over the last window, on a track of their own */
static void sample(void *ctx, uint64_t cycle, const kernel_stats *m)
{
    timeline *t = ctx;
    /* before the launch's first issue nothing has reached memory (and
     * the launch's start is not known yet): no sample */
    if (!t->started || cycle < t->start) return;
    uint64_t c = cycle - t->start;   /* counted from the launch's start, as the SMs' events */
    uint64_t l1 = m->v[STAT_l1_misses], l2 = m->v[STAT_l2_misses], dram = m->v[STAT_dram_bytes];
    uint64_t span = c > t->last_cycle ? c - t->last_cycle : 1;
    int pid = TL_MEMORY_PID + t->launch;
    if (c >= t->o.from && c < t->o.to) {
        if (!t->memory_named && keep(t)) {
            t->memory_named = 1;
            fprintf(t->f, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%d,\"args\":{\"name\":\"memory system\"}}", pid);
            label_process(t, pid);
        }
        if (keep(t))
            fprintf(t->f, "{\"name\":\"memory\",\"ph\":\"C\",\"ts\":%" PRIu64 ",\"pid\":%d,\"args\":{\"L1 misses\":%"
                          PRIu64 ",\"L2 misses\":%" PRIu64 ",\"DRAM bytes per cycle\":%.2f}}",
                    c, pid, l1 - t->last_l1, l2 - t->last_l2, (double)(dram - t->last_dram) / (double)span);
    }
    t->last_l1 = l1;
    t->last_l2 = l2;
    t->last_dram = dram;
    t->last_cycle = c;
}

static int end(void *ctx, diag *d)
{
    (void)d;
    timeline *t = ctx;
    for (int sm = 0; sm < TL_MAX_SMS; sm++) flush_window(t, sm);
    return 0;
}

timeline *timeline_open(const char *path, const timeline_opts *o, diag *d)
{
    timeline *t = xcalloc(1, sizeof *t);
    snprintf(t->path, sizeof t->path, "%s", path);
    if (!(t->f = whole_open(path))) {
        diag_error(d, "--timeline: cannot write '%s': %s", path, strerror(errno));
        free(t);
        return NULL;
    }
    t->o = *o;
    if (!t->o.window) t->o.window = 100;
    if (!t->o.max_events) t->o.max_events = 2000000;
    t->first = 1;
    t->launch = -1;
    t->named = xcalloc(TL_MAX_TRACKS / 8 + 1, 1);
    t->last_window = xcalloc(TL_MAX_TRACKS, sizeof *t->last_window);
    fputs("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[", t->f);
    return t;
}

sim_observer timeline_observer(timeline *t)
{
    return (sim_observer){ .ctx = t, .kernel_begin = begin, .block_start = block_start, .issue = issue,
                           .mem_access = mem_access, .kernel_end = end, .sample = sample,
                           .sample_interval = t->o.window };
}

uint64_t timeline_events(const timeline *t) { return t->events; }

int timeline_close(timeline *t, int keep, diag *d)
{
    if (!t) return 0;
    if (!keep) {
        whole_discard(t->f, t->path);
        t->f = NULL;
    } else fprintf(t->f, "\n],\"otherData\":{\"generator\":\"warpsim\",\"time unit\":\"1 us shown = 1 core cycle, "
                  "counted from the start of each launch (each launch has processes of its own, labelled with the run's "
                  "cycle it began at; an issue's 'run cycle' is the cycle since the run began)\","
                  "\"events\":%" PRIu64 ",\"truncated\":%s}}\n", t->events, t->truncated ? "true" : "false");
    int err = t->f ? whole_close(t->f, t->path) : 0, bad = err != 0;
    if (err) diag_error(d, "--timeline: cannot write '%s': %s", t->path, strerror(err));
    free(t->named);
    free(t->last_window);
    free(t);
    return bad;
}
