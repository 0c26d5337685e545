/* sim/out/cli_report.c — the timing summary, per-PC table and JSON timing
 * object shared by `warpsim run` and `warpsim trace`. */
#include "cli_report.h"
#include "stats_csv.h"
#include "energy_out.h"
#include "line_view.h"
#include "sample_out.h"
#include "isa.h"
#include "demangle.h"
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

/* the text and source line of pc in an assembled kernel (warpsim run, warpsim cuda), and for a
 * branch that can split a warp, where its paths meet again (IPDOM) */
const char *cli_sass_pc_text(const void *ctx, int pc, char *buf, int len, cli_pc_info *info)
{
    const isa_kernel *k = ctx;
    const isa_insn *in = &k->code[pc];
    info->line = in->line;
    info->dump = k->sass_arch ? k->file : NULL;   /* nvcc's SASS: where its line table and sources are */
    if (k->srcloc && k->srcloc[pc].file) {
        info->src_file = k->srcloc[pc].file;
        info->src_line = k->srcloc[pc].line;
        info->inlined_at = k->srcloc[pc].inlined_at;
    }
    info->reconv_pc = info->reconv_line = -1;
    if (in->op == OP_BRA && in->guard != ISA_PRED_PT && in->reconv >= 0 && in->reconv < k->ncode) {
        info->reconv_pc = (int)in->reconv;
        info->reconv_line = k->code[in->reconv].line;
    }
    return isa_disasm(k, in, buf, len);
}

static double pct(uint64_t a, uint64_t b) { return b ? 100.0 * (double)a / (double)b : 0; }

void cli_print_timing(const kernel_stats *s, const config *cfg)
{
    double ms = (double)s->cycles / ((double)CFG(cfg, gpu_clock_mhz) * 1000.0);
    printf("  %-22s %" PRIu64 " (%.4f ms at %lld MHz)\n", "cycles", s->cycles, ms, (long long)CFG(cfg, gpu_clock_mhz));
    printf("  %-22s %.3f warp instructions per cycle\n", "IPC", stats_ipc(s));
    printf("  %-22s %.1f%% achieved, %.1f%% theoretical\n", "occupancy",
           100.0 * s->occupancy_achieved, 100.0 * s->occupancy_theoretical);
    uint64_t total = 0;
    for (int r = 0; r < STALL_COUNT; r++) total += s->stall[r];
    printf("  %-22s", "scheduler cycles");
    for (int r = 0; r < STALL_COUNT; r++)
        if (s->stall[r]) printf(" %s %.1f%%", stall_names[r], 100.0 * (double)s->stall[r] / (double)total);
    printf("\n");
    uint64_t mem = s->v[STAT_global_loads] + s->v[STAT_global_stores] + s->v[STAT_global_atomics] + s->v[STAT_local_accesses];
    if (mem)
        printf("  %-22s %" PRIu64 " lines, %" PRIu64 " sectors for %" PRIu64 " warp accesses (%.2f lines each)\n",
               "global memory", s->v[STAT_global_line_requests], s->v[STAT_global_sector_requests], mem,
               (double)s->v[STAT_global_line_requests] / (double)mem);
    if (s->v[STAT_l1_accesses] || s->v[STAT_l2_accesses]) {
        printf("  %-22s L1 %.1f%% of %" PRIu64 ", L2 %.1f%% of %" PRIu64 "\n", "cache hit rates",
               pct(s->v[STAT_l1_hits], s->v[STAT_l1_accesses]), s->v[STAT_l1_accesses],
               pct(s->v[STAT_l2_hits], s->v[STAT_l2_accesses]), s->v[STAT_l2_accesses]);
        printf("  %-22s %" PRIu64 " reads, %" PRIu64 " writes, row hits %.1f%%, %.1f GB/s of %.1f peak\n", "DRAM",
               s->v[STAT_dram_reads], s->v[STAT_dram_writes],
               pct(s->v[STAT_dram_row_hits], s->v[STAT_dram_row_hits] + s->v[STAT_dram_row_misses]),
               stats_dram_gbps(s), s->dram_peak_gbps);
    }
    uint64_t sh = s->v[STAT_shared_loads] + s->v[STAT_shared_stores] + s->v[STAT_shared_atomics];
    if (sh)
        printf("  %-22s %" PRIu64 " passes for %" PRIu64 " warp accesses, %" PRIu64 " replays from bank conflicts\n",
               "shared memory", s->v[STAT_shared_passes], sh, s->v[STAT_shared_replays]);
    energy_print_launch(s);
}

static uint64_t pc_counter(const pc_stats *p, int i)
{
    return *(const uint64_t *)((const char *)p + pc_stat_table[i].offset);
}

/* the end of the pc_stats.def group that starts at row i */
static int group_end(int i)
{
    int end = i;
    while (end < PC_STAT_COUNT && !strcmp(pc_stat_table[end].group, pc_stat_table[i].group)) end++;
    return end;
}

/* the per-PC counters of pc_stats.def: a group appears when any of its
 * counters is non-zero (group `always`: always) */
void cli_json_pc_counters(json_writer *j, const pc_stats *p)
{
    for (int i = 0; i < PC_STAT_COUNT;) {
        int end = group_end(i), any = !strcmp(pc_stat_table[i].group, "always");
        for (int k = i; k < end; k++) any |= pc_counter(p, k) != 0;
        for (; i < end; i++)
            if (any) json_uint(j, pc_stat_table[i].json, pc_counter(p, i));
    }
}

/* the same groups as text: "[1.0 lines/access, 4.0 sectors/access]" */
void cli_text_pc_counters(const pc_stats *p, const uint64_t *divisor)
{
    for (int i = 0; i < PC_STAT_COUNT;) {
        int end = group_end(i), any = 0;
        for (int k = i; k < end; k++) any |= pc_stat_table[k].view != PC_VIEW_NONE && pc_counter(p, k) != 0;
        const char *sep = "  [";
        for (; any && i < end; i++) {
            const pc_stat_info *c = &pc_stat_table[i];
            if (c->view == PC_VIEW_NONE || (c->view == PC_VIEW_NONZERO && !pc_counter(p, i))) continue;
            double v = (double)pc_counter(p, i);
            uint64_t per = divisor ? divisor[i] : p->executions;
            if (c->view == PC_VIEW_AVG) v = per ? v / (double)per : 0;
            printf("%s", sep);
            printf(c->text, v);
            sep = ", ";
        }
        if (any) printf("]");
        i = end;
    }
}

/* a line's SIMD efficiency: active lanes over executions x warp size */
static double pc_simd_efficiency(const kernel_stats *s, int pc)
{
    const pc_stats *p = &s->per_pc[pc];
    return p->executions && s->warp_size ? (double)p->active_lanes / ((double)p->executions * s->warp_size) : 0;
}

/* each instruction of the kernel with its executions and where its warps waited */
void cli_print_per_pc(const kernel_stats *s, cli_pc_text text_of, const void *ctx)
{
    int cuda = cli_has_source_lines(s, text_of, ctx);
    printf("  %5s %5s %-*s%-44s %10s %5s  %s\n", "pc", "line", cuda ? 18 : 0, cuda ? "CUDA line" : "", "instruction", "executed",
           "SIMD", "scheduler cycles charged (issued, stalls)");
    for (int pc = 0; pc < s->npc; pc++) {
        char text[200], line_text[16] = "-", src[64] = "";
        cli_pc_info in = { 0, -1, -1, NULL, 0, NULL, NULL };
        const char *t = text_of(ctx, pc, text, sizeof text, &in);
        if (!t) continue;
        if (in.line > 0) snprintf(line_text, sizeof line_text, "%d", in.line);
        if (cuda) cli_source_label(&in, src, sizeof src);
        if (in.reconv_pc >= 0 && t == text) {
            size_t n = strlen(text);
            snprintf(text + n, sizeof text - n, "  -> reconverges at pc %d (line %d)", in.reconv_pc, in.reconv_line);
        }
        /* a label as long as the column (device_atomic_functions.hpp:77) keeps a space after it */
        int w = !cuda ? 0 : strlen(src) < 18 ? 18 : (int)strlen(src) + 1;
        printf("  %5d %5s %-*s%-44s %10" PRIu64 " %4.0f%% ", pc, line_text, w, src, t, s->per_pc[pc].executions,
               100.0 * pc_simd_efficiency(s, pc));
        for (int r = 0; r < STALL_COUNT; r++)
            if (s->per_pc[pc].stall[r]) printf(" %s %" PRIu64, stall_names[r], s->per_pc[pc].stall[r]);
        cli_text_pc_counters(&s->per_pc[pc], NULL);
        energy_text_pc(s, pc);
        printf("\n");
    }
    energy_print_pc_footer(s);
    cli_print_per_line(s, text_of, ctx);
}

void cli_json_stalls(json_writer *j, const char *key, const uint64_t *stall)
{
    json_begin_object(j, key);
    for (int r = 0; r < STALL_COUNT; r++) json_uint(j, stall_names[r], stall[r]);
    json_end_object(j);
}

void cli_json_timing(json_writer *j, const kernel_stats *s, cli_pc_text text_of, const void *ctx)
{
    json_uint(j, "cycles", s->cycles);
    json_double(j, "ipc", stats_ipc(s));
    json_begin_object(j, "occupancy");
    json_double(j, "theoretical", s->occupancy_theoretical);
    json_double(j, "achieved", s->occupancy_achieved);
    json_end_object(j);
    json_double(j, "dram_bandwidth_gbps", stats_dram_gbps(s));
    json_double(j, "dram_peak_gbps", s->dram_peak_gbps);
    json_uint(j, "l1_bytes", s->l1_bytes);
    cli_json_stalls(j, "stalls", s->stall);
    energy_json_launch(j, s);
    static const char *const buckets[CONFLICT_BUCKETS] = { "1", "2", "3-4", "5-8", "9-16", "17-32", "33-64" };
    json_begin_object(j, "bank_conflict_degrees");
    for (int b = 0; b < CONFLICT_BUCKETS; b++) json_uint(j, buckets[b], s->conflict_hist[b]);
    json_end_object(j);
    json_begin_array(j, "per_sm");
    for (int m = 0; m < s->nsm; m++) {
        json_begin_object(j, NULL);
        json_uint(j, "warp_instructions", s->per_sm[m].issued_warp_instructions);
        cli_json_stalls(j, "stalls", s->per_sm[m].stall);
        json_end_object(j);
    }
    json_end_array(j);
    json_begin_array(j, "per_pc");
    for (int pc = 0; pc < s->npc; pc++) {
        char text[160];
        cli_pc_info in = { 0, -1, -1, NULL, 0, NULL, NULL };
        const char *t = text_of(ctx, pc, text, sizeof text, &in);
        if (!t) continue;
        json_begin_object(j, NULL);
        json_int(j, "pc", pc);
        json_int(j, "line", in.line);
        json_string(j, "text", t);
        if (in.src_file) {
            json_string(j, "source_file", in.src_file);
            json_int(j, "source_line", in.src_line);
            if (in.inlined_at) json_string(j, "inlined_at", in.inlined_at);
        }
        if (in.reconv_pc >= 0) {   /* a branch that can diverge: where its paths meet again */
            json_int(j, "reconverges_at_pc", in.reconv_pc);
            json_int(j, "reconverges_at_line", in.reconv_line);
        }
        cli_json_pc_counters(j, &s->per_pc[pc]);
        json_double(j, "simd_efficiency", pc_simd_efficiency(s, pc));
        energy_json_pc(j, s, pc);
        cli_json_stalls(j, "stalls", s->per_pc[pc].stall);
        json_end_object(j);
    }
    json_end_array(j);
    cli_json_per_line(j, s, text_of, ctx);
}


void cli_print_counts(const kernel_stats *s)
{
    printf("  %-22s %" PRIu64 "\n", "warp instructions", s->v[STAT_warp_instructions]);
    printf("  %-22s %" PRIu64 "\n", "thread instructions", s->v[STAT_thread_instructions]);
    printf("  %-22s %.1f%%\n", "SIMD efficiency", 100.0 * stats_simd_efficiency(s));
    printf("  %-22s %" PRIu64 " of %" PRIu64 "\n", "divergent branches", s->v[STAT_divergent_branches], s->v[STAT_branches]);
}

static void json_dim3(json_writer *j, const char *key, const uint32_t v[3])
{
    json_begin_array(j, key);
    for (int i = 0; i < 3; i++) json_uint(j, NULL, v[i]);
    json_end_array(j);
}

void cli_json_kernel(json_writer *j, const kernel_stats *s, int launch, const char *name, cli_pc_text text_of,
                     const void *ctx)
{
    json_begin_object(j, NULL);
    char readable[1024];
    json_string(j, "name", name);   /* as the binary has it (mangled): what --kernel-name and scripts match */
    json_string(j, "demangled_name", dm_readable(name, readable, sizeof readable));
    json_int(j, "launch", launch);
    json_dim3(j, "grid", s->grid);
    json_dim3(j, "block", s->block);
    for (int c = 0; c < STAT_COUNT; c++) json_uint(j, stat_names[c], s->v[c]);
    json_double(j, "simd_efficiency", stats_simd_efficiency(s));
    if (s->timed) cli_json_timing(j, s, text_of, ctx);
    sample_json_launch(j, s);
    json_end_object(j);
}

/* the windows' parallel efficiency (par_stats), flat (scripts strip the
 * host object up to its first closing brace): the host threads the SMs
 * ran on (sim.threads; auto: the cores online); synchronisations per
 * simulated cycle; the share of windows whose slices ran apart (span_share)
 * and the host time inside the SMs' windows (sm_share) and the spans'
 * slices (slice_share); per thread count n, the work of each window's
 * busiest thread (crews taken from a late thread: crews_busiest)
 * against an even share (imbalance_n, 1 = even), and the
 * speed-up those predict (speedup_n: Amdahl with the imbalance, the
 * slices dealt round robin taken as even work, synchronisation not
 * counted; meaningful for a run with --threads 1) */
static void json_par(json_writer *j, const kernel_stats *ks, int nk, uint64_t cycles)
{
    par_stats p = { 0, 0, { 0 }, 0, 0, 0, 0, 0, 0, 0, 0 };
    for (int i = 0; i < nk; i++) {
        p.windows += ks[i].par.windows;
        p.work += ks[i].par.work;
        for (int c = 0; c < PAR_COUNTS; c++) p.work_max[c] += ks[i].par.work_max[c];
        p.spans += ks[i].par.spans;
        if (ks[i].par.slices > p.slices) p.slices = ks[i].par.slices;
        if (ks[i].par.threads > p.threads) p.threads = ks[i].par.threads;
        p.steps += ks[i].par.steps;
        p.team_steps += ks[i].par.team_steps;
        p.sm_seconds += ks[i].par.sm_seconds;
        p.mem_seconds += ks[i].par.mem_seconds;
        p.serial_seconds += ks[i].par.serial_seconds;
    }
    if (!p.windows || !p.work) return;
    double total = p.sm_seconds + p.mem_seconds + p.serial_seconds;
    json_uint(j, "threads", (uint64_t)p.threads);
    json_uint(j, "windows", p.windows);
    /* the share of the windows' steps the thread team ran (sim.team_gauge) */
    if (p.steps) json_double(j, "team_share", (double)p.team_steps / (double)p.steps);
    json_double(j, "syncs_per_cycle", cycles ? (double)p.windows / (double)cycles : 0);
    json_double(j, "span_share", (double)p.spans / (double)p.windows);
    json_double(j, "sm_share", p.sm_seconds / total);
    json_double(j, "slice_share", p.mem_seconds / total);
    for (int c = 0; c < PAR_COUNTS; c++) {
        char key[32];
        int n = par_threads[c];
        double share = (double)p.work_max[c] / (double)p.work;
        double slices = p.slices ? (double)((p.slices + n - 1) / n) / p.slices : 1;
        snprintf(key, sizeof key, "imbalance_%d", n);
        json_double(j, key, share * n);
        snprintf(key, sizeof key, "speedup_%d", n);
        json_double(j, key, total / (p.serial_seconds + p.sm_seconds * share + p.mem_seconds * slices));
    }
}

void cli_json_host(json_writer *j, const kernel_stats *ks, int nk, double seconds)
{
    uint64_t insns = 0, cycles = 0;
    for (int i = 0; i < nk; i++) { insns += ks[i].v[STAT_warp_instructions]; cycles += ks[i].cycles; }
    json_begin_object(j, "host");
    json_double(j, "seconds", seconds);
    json_uint(j, "warp_instructions", insns);
    json_uint(j, "cycles", cycles);
    json_double(j, "warp_instructions_per_second", seconds > 0 ? (double)insns / seconds : 0);
    json_double(j, "cycles_per_second", seconds > 0 ? (double)cycles / seconds : 0);
    /* the process's peak resident memory so far (Linux counts it in KiB),
     * and the CPU time of all its threads (user and system) */
    struct rusage ru;
    int have = getrusage(RUSAGE_SELF, &ru) == 0;
    json_uint(j, "peak_rss_kib", have && ru.ru_maxrss > 0 ? (uint64_t)ru.ru_maxrss : 0);
    json_double(j, "cpu_seconds", have ? (double)ru.ru_utime.tv_sec + 1e-6 * (double)ru.ru_utime.tv_usec
                                         + (double)ru.ru_stime.tv_sec + 1e-6 * (double)ru.ru_stime.tv_usec : 0);
    json_par(j, ks, nk, cycles);
    json_end_object(j);
}

void cli_json_inputs(json_writer *j, const char *config_arg, const char *const *sets, int nsets,
                     const char *const *defines, int ndefines)
{
    json_string(j, "config_file", config_arg ? config_arg : "");
    json_begin_array(j, "sets");
    for (int i = 0; i < nsets; i++) json_string(j, NULL, sets[i]);
    json_end_array(j);
    json_begin_array(j, "defines");
    for (int i = 0; i < ndefines; i++) json_string(j, NULL, defines[i]);
    json_end_array(j);
}

void cli_print_csv(const char *input, const char *gpu, const kernel_stats *ks, int nk)
{
    fputs("workload,gpu,", stdout);
    csv_kernel_header(stdout);
    fputc('\n', stdout);
    for (int i = 0; i < nk; i++) {
        csv_field(stdout, input);
        fputc(',', stdout);
        csv_field(stdout, gpu);
        fputc(',', stdout);
        csv_kernel_row(stdout, &ks[i], i);
        fputc('\n', stdout);
    }
}
