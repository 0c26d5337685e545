/* sim/cuda/cudart_state.c — the stand-in libcudart's simulated device: set up
 * from the environment `warpsim cuda` gives (cuda_env.h), kernel launches
 * run cycle by cycle on warpsim as `warpsim run` runs a workload's
 * (sim/front/run.c: one timing GPU for every launch, bank 0 as the driver
 * lays it out), and the summary of every launch written at exit to stderr
 * or the stats file, never to the program's stdout. */
#include "cudart.h"
#include "cuda_env.h"
#include "cli/cli.h"
#include "exec/func.h"
#include "front/exec_driver.h"
#include "gpu/gpu_state.h"
#include "sass_dump.h"
#include "demangle.h"
#include "out/src_text.h"
#include "out/cli_report.h"
#include "out/sample_out.h"
#include "front/sample_plan.h"
#include "out/energy_out.h"
#include "out/html_report.h"
#include "out/obs_tee.h"
#include "out/timeline.h"
#include "util/json.h"
#include "util/stop.h"
#include "util/progress.h"
#include "util/xalloc.h"
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

cudart_state cudart;

static int inited;
static kernel_stats *ks;
static int nks, capks;
static const isa_kernel **ks_kernel;

void cudart_say(const char *call, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "warpsim cuda: %s: ", call);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

void cudart_event_note(const char *what, const char *name)
{
    const char *path = getenv(CUDA_ENV_STATE);
    if (!path || !*path) return;
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0600);
    if (fd < 0) return;
    char line[400];
    int n = snprintf(line, sizeof line, "%s%s%.300s\n", what, name ? " " : "", name ? name : "");
    if (write(fd, line, (size_t)n) < 0) { /* warpsim cuda then reports less; nothing else to do */ }
    close(fd);
}

cudaError_t cudart_ret(cudaError_t e)
{
    if (e != cudaSuccess) cudart.last_error = e;
    return e;
}

cudaError_t cudart_fail(const char *call, cudaError_t e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "warpsim cuda: %s: ", call);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, " (%s)\n", cudaGetErrorName(e));
    va_end(ap);
    return cudart_ret(e);
}

int cudart_unimplemented(const char *call)
{
    cudart_say(call, "not implemented by warpsim's libcudart (docs/cuda-programs.md lists what is); "
               "returning cudaErrorNotSupported");
    cudart_event_note("unimplemented", call);
    return cudart_ret(cudaErrorNotSupported);
}

static int print_diag(diag *d)
{
    return cli_print_diag(d);
}

static void parse_options(const char *s)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", s ? s : "");
    for (char *save = NULL, *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        if (!strcmp(t, "functional")) cudart.functional = 1;
        else if (!strcmp(t, "per-pc")) cudart.per_pc = 1;
        else if (!strcmp(t, "progress")) progress_enable(1);
        else if (!strncmp(t, "stats=", 6)) cudart.stats_format = !strcmp(t + 6, "json") ? 1 : !strcmp(t + 6, "csv") ? 2 : 0;
        else if (!strncmp(t, "max-cycles=", 11)) cudart.max_cycles = strtoull(t + 11, NULL, 10);
        else if (!strncmp(t, "max-instructions=", 17)) cudart.max_instructions = strtoull(t + 17, NULL, 10);
        else if (!strncmp(t, "launch-skip=", 12)) launch_select_skip(&cudart.sel, strtoull(t + 12, NULL, 10));
        else if (!strncmp(t, "launch-count=", 13)) launch_select_count(&cudart.sel, strtoull(t + 13, NULL, 10));
    }
}

int cudart_init(void)
{
    if (inited) return cudart.ok ? 0 : -1;
    inited = 1;
    diag d;
    diag_init(&d);
    const char *cfg = getenv(CUDA_ENV_CONFIG);
    if (!cfg || !getenv(CUDA_ENV_STATE)) {
        fprintf(stderr, "warpsim cuda: this is warpsim's stand-in for libcudart: run the program with "
                "'warpsim cuda -c CONFIG -- PROGRAM' (docs/cuda-programs.md)\n");
        return -1;
    }
    cudart_event_note("loaded", NULL);
    config_defaults(&cudart.cfg);
    if (*cfg) cli_load_config(&cudart.cfg, cfg, &d);
    char *sets = xstrdup(getenv(CUDA_ENV_SETS) ? getenv(CUDA_ENV_SETS) : "");
    for (char *save = NULL, *t = strtok_r(sets, "\n", &save); t; t = strtok_r(NULL, "\n", &save)) config_set(&cudart.cfg, t, &d);
    free(sets);
    if (!d.errors) config_validate(&cudart.cfg, &d);
    launch_select_init(&cudart.sel);
    parse_options(getenv(CUDA_ENV_OPTIONS));
    if (getenv(CUDA_ENV_KERNEL_NAME)) launch_select_name(&cudart.sel, "--kernel-name", getenv(CUDA_ENV_KERNEL_NAME), &d);
    /* where the views look for the CUDA sources of the dumps' line tables */
    src_text_set_program(getenv("WARPSIM_CUDA_PROGRAM"));
    src_text_add_dirs(getenv(CUDA_ENV_SOURCE_PATH));
    char *dumps = xstrdup(getenv(CUDA_ENV_SASS) ? getenv(CUDA_ENV_SASS) : "");
    for (char *save = NULL, *t = strtok_r(dumps, "\n", &save); t && !d.errors; t = strtok_r(NULL, "\n", &save))
        sass_dump_read(&cudart.prog, t, &d);
    free(dumps);
    cudart.mem = gmem_new();
    if (!cudart.functional) cudart.gpu = timing_gpu_new();
    if (!d.errors) cudart_views_open(&d);
    int errors = d.errors;
    print_diag(&d);
    if (errors) {
        cudart_event_note("bad-input", NULL);
        return -1;
    }
    cudart.ok = 1;
    stop_catch();
    return 0;
}

const cudart_func *cudart_find_func(const void *host_fun, const char *call)
{
    for (int i = 0; i < cudart.nfuncs; i++)
        if (cudart.funcs[i].host_fun == host_fun) return &cudart.funcs[i];
    cudart_say(call, "%p is not a kernel the program registered", host_fun);
    return NULL;
}

/* the SASS of f for the config's arch, or NULL (said, and noted) */
const isa_kernel *cudart_kernel_of(cudart_func *f, const char *call)
{
    if (f->k) return f->k;
    int arch = (int)CFG(&cudart.cfg, gpu_sass_arch);
    f->k = asm_find_for(&cudart.prog, f->name, arch, NULL);
    if (f->k) return f->k;
    const char *dumps = getenv(CUDA_ENV_SASS);
    const isa_kernel *other = asm_find_for(&cudart.prog, f->name, -1, NULL);
    if (other)
        cudart_say(call, "kernel %s has SASS for sm_%d only, and config %s runs sm_%d: build the program with "
                   "-arch=sm_%d (or -gencode arch=compute_%d,code=sm_%d) and dump it again", f->name, other->sass_arch,
                   cudart.cfg.sval[CFGK_gpu_name], arch, arch, arch, arch);
    else
        cudart_say(call, "kernel %s is in none of the SASS dumps (%s): dump the program's kernels with "
                   "'cuobjdump -sass PROGRAM > P.sass' and 'cuobjdump -elf PROGRAM > P.elf.txt' and pass --sass P.sass",
                   f->name, dumps && *dumps ? dumps : "none given");
    cudart_event_note("missing", f->name);
    return NULL;
}

static const src_file *source_of(const isa_kernel *k)
{
    for (int i = 0; i < cudart.prog.ndumps; i++)
        if (!strcmp(cudart.prog.dumps[i].path, k->file)) return &cudart.prog.dumps[i];
    return &cudart.prog.src;
}

static void write_summary(int partial_sig);

/* a cooperative launch's grid workspace: cooperative groups' grid-wide
 * barrier counts arrivals at its byte 4 (one allocation, kept) */
static uint64_t grid_workspace(void)
{
    static uint64_t ws;
    if (!ws) ws = cudart_malloc(16, "cooperative-workspace");
    return ws;
}

/* bank 0's pointer to the grid workspace, where nvcc's SASS for
 * cg::this_grid().sync() reads it (a null pointer traps): the high word at
 * 0x8c and the low at 0x90 for sm_80 (0x44 and 0x48 for sm_90), as CUDA
 * 11.8's dumps of tests/cuda/programs/coop.cu read them */
static void put_grid_workspace(uint8_t *cbank, const isa_kernel *k)
{
    uint64_t ws = grid_workspace();
    uint32_t hi = (uint32_t)(ws >> 32), lo = (uint32_t)ws;
    uint32_t at = k->sass_arch >= 90 ? 0x44 : 0x8c;
    if (at + 8 > k->cbank_bytes) return;
    memcpy(cbank + at, &hi, 4);
    memcpy(cbank + at + 4, &lo, 4);
}

cudaError_t cudart_launch_as(const cudart_func *cf, dim3 grid, dim3 block, void **args, size_t shared, int cooperative,
                             const char *call)
{
    if (cudart.sticky_error) return cudart_ret(cudart.sticky_error);
    cudart_func *f = (cudart_func *)cf;
    const isa_kernel *k = cudart_kernel_of(f, call);
    if (!k) return cudart_ret(cudaErrorInvalidDeviceFunction);
    if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z || (uint64_t)block.x * block.y * block.z > 1024) {
        cudart_say(call, "kernel %s: grid (%u, %u, %u), block (%u, %u, %u): an invalid configuration", f->name,
                   grid.x, grid.y, grid.z, block.x, block.y, block.z);
        return cudart_ret(cudaErrorInvalidConfiguration);
    }
    if (k->nparams < 0) {
        cudart_say(call, "kernel %s: its parameters' sizes are unknown (an extern \"C\" kernel: put cuobjdump -elf's "
                   "listing beside the dump, named as it with .elf.txt for .sass)", f->name);
        cudart_event_note("bad-launch", f->name);
        return cudart_ret(cudaErrorInvalidDeviceFunction);
    }
    if (cudart_link(f, (isa_kernel *)k)) {   /* the program's own SASS (cudart.prog): the loader may patch it */
        cudart_event_note("unimplemented", f->name);
        return cudart_ret(cudaErrorInvalidDeviceFunction);
    }
    uint8_t *cbank = xcalloc(1, k->cbank_bytes);
    cudart_module_banks(f, k, cbank);
    /* bank 0 as sim/front/check.c (workload_cbank) lays it out for nvcc's code */
    uint32_t words[6] = { block.x, block.y, block.z, grid.x, grid.y, grid.z };
    memcpy(cbank, words, sizeof words);
    uint32_t sp = k->local_bytes;
    memcpy(cbank + 0x28, &sp, 4);
    if (cooperative) put_grid_workspace(cbank, k);
    for (int i = 0; i < k->nparams; i++) {
        const isa_param *p = &k->params[i];
        if (p->offset + p->size > k->cbank_bytes || !args || !args[i]) {
            cudart_say(call, "kernel %s: parameter %d does not fit bank 0", f->name, i);
            free(cbank);
            return cudart_ret(cudaErrorInvalidValue);
        }
        memcpy(cbank + p->offset, args[i], p->size);
    }
    isa_kernel with_shared = *k;
    with_shared.shared_bytes += (uint32_t)shared;
    func_launch l = { &with_shared, source_of(k), { grid.x, grid.y, grid.z }, { block.x, block.y, block.z },
                      cbank, k->cbank_bytes };
    func_options fo = { cudart.max_instructions, 100000, cudart_views_observer(), cudart.gpu, cudart.max_cycles, NULL };
    if (nks == capks) {
        capks = capks ? 2 * capks : 16;
        ks = xrealloc(ks, sizeof *ks * (size_t)capks);
        ks_kernel = xrealloc(ks_kernel, sizeof *ks_kernel * (size_t)capks);
    }
    kernel_stats *s = &ks[nks];
    memset(s, 0, sizeof *s);
    ks_kernel[nks++] = k;
    diag d;
    diag_init(&d);
    cudart_printf_flush();   /* a launch prints the records of the launches before it, as the driver does */
    fflush(stdout);   /* the program's output so far comes before warpsim's messages */
    int timed = !cudart.functional && launch_select_take(&cudart.sel, f->name);
    /* --sample: the plan picks the launches the timing model runs */
    if (timed && !cudart.plan && CFG(&cudart.cfg, sample_enabled)) cudart.plan = sample_plan_new(&cudart.cfg);
    int sampled = timed && cudart.plan;
    sample_watch watch;
    if (sampled) timed = sample_plan_begin(cudart.plan, f->name, l.grid, l.block, &watch);
    fo.sample = sampled && timed ? &watch : NULL;
    func_status st = timed ? exec_driver_run(&l, cudart.mem, &cudart.cfg, &fo, s, &cudart.used, &d)
                           : func_run(&l, cudart.mem, &cudart.cfg, &fo, s, &cudart.used, &d);
    free(cbank);
    if (sampled && st == FUNC_OK) sample_plan_end(cudart.plan, s, timed, &watch);
    progress_end();
    for (int i = 0; i < 3; i++) { s->grid[i] = l.grid[i]; s->block[i] = l.block[i]; }
    cudart.now_ms += (double)s->cycles / ((double)CFG(&cudart.cfg, gpu_clock_mhz) * 1000.0);
    print_diag(&d);
    if (st == FUNC_STOPPED) {
        /* Ctrl-C: the launches so far, the last partial; exit as warpsim run does */
        stop_finishing();
        write_summary(stop_signal());
        cudart_views_broken();
        cudart_views_close(ks, nks, ks_kernel);
        fflush(NULL);
        _exit(128 + stop_signal());
    }
    cudaError_t fe = cudart_devlib_after_launch(st == FUNC_FAULT);   /* its printf output; a trap's or assert's error */
    if (st == FUNC_FAULT) {
        cudart_say(call, "kernel %s faulted (above); the device is now in error (%s), as a GPU is after %s", f->name,
                   cudaGetErrorName(fe), fe == cudaErrorAssert ? "a failed assert" : fe == cudaErrorLaunchFailure
                   ? "__trap()" : "an illegal address");
        cudart_event_note("fault", f->name);
        cudart_views_broken();
        cudart.sticky_error = fe;
        return cudart_ret(fe);
    }
    if (st != FUNC_OK) {
        cudart_event_note("bad-launch", f->name);
        cudart_views_broken();
        return cudart_ret(cudaErrorLaunchFailure);
    }
    return cudaSuccess;
}

static void print_summary(FILE *f, int stopped_sig)
{
    const config *cfg = &cudart.cfg;
    const char *prog = getenv("WARPSIM_CUDA_PROGRAM");
    if (!prog) prog = "program";
    const char *mode = cudart.functional ? "functional" : "timing";
    if (cudart.stats_format == 1) {
        json_writer j;
        json_init(&j, f);
        json_begin_object(&j, NULL);
        json_string(&j, "program", prog);
        json_string(&j, "config", cfg->sval[CFGK_gpu_name]);
        json_string(&j, "mode", mode);
        json_int(&j, "warp_size", CFG(cfg, sm_warp_size));
        json_string(&j, "result", stopped_sig ? "stopped" : "done");
        json_uint(&j, "copies", cudart.copies);
        json_double(&j, "copy_ms", cudart.copy_ms);
        json_begin_array(&j, "kernels");
        for (int i = 0; i < nks; i++) cli_json_kernel(&j, &ks[i], i, ks[i].kernel, cli_sass_pc_text, ks_kernel[i]);
        json_end_array(&j);
        sample_json_total(&j, ks, nks);
        energy_json_program(&j, ks, nks);
        json_end_object(&j);
        fputc('\n', f);
        return;
    }
    /* text and CSV are printed to stdout by sim/out/cli_report.c: stdout is
     * pointed at f meanwhile (the program's own output flushed first) */
    fflush(stdout);
    int saved = dup(STDOUT_FILENO);
    if (saved < 0 || dup2(fileno(f), STDOUT_FILENO) < 0) { if (saved >= 0) close(saved); return; }
    if (cudart.stats_format == 2) cli_print_csv(prog, cfg->sval[CFGK_gpu_name], ks, nks);
    else {
        printf("warpsim cuda: %s on %s, %s run, %d launch%s\n", prog, cfg->sval[CFGK_gpu_name], mode, nks, nks == 1 ? "" : "es");
        for (int i = 0; i < nks; i++) {
            const kernel_stats *s = &ks[i];
            char name[1024];
            printf("launch %d: kernel %s grid (%u, %u, %u) block (%u, %u, %u)\n", i, dm_readable(s->kernel, name, sizeof name), s->grid[0], s->grid[1],
                   s->grid[2], s->block[0], s->block[1], s->block[2]);
            if (s->timed) cli_print_timing(s, cfg);
            sample_print_launch(s);
            if (!s->timed && !cudart.functional && s->sample.mode == SAMPLE_NONE) printf("  not timed: it ran functionally (--kernel-name, --launch-skip, --launch-count)\n");
            cli_print_counts(s);
            if (cudart.per_pc && s->timed) cli_print_per_pc(s, cli_sass_pc_text, ks_kernel[i]);
        }
        energy_print_program(ks, nks);
        if (cudart.copies)
            printf("copies and memsets: %llu, %.4f ms of simulated time (config [copy])\n", (unsigned long long)cudart.copies,
                   cudart.copy_ms);
        sample_print_total(ks, nks);
        if (stopped_sig) printf("result: stopped by %s (the statistics of the last launch are partial)\n", stop_signal_name(stopped_sig));
    }
    fflush(stdout);
    dup2(saved, STDOUT_FILENO);
    close(saved);
}

static void write_summary(int stopped_sig)
{
    const char *path = getenv(CUDA_ENV_STATS);
    FILE *f = stderr;
    if (path && *path && !(f = fopen(path, "w"))) {
        fprintf(stderr, "warpsim cuda: cannot write the statistics to %s\n", path);
        f = stderr;
    }
    print_summary(f, stopped_sig);
    if (f != stderr) fclose(f);
    else fflush(stderr);
}

/* at exit (after the program's own atexit handlers): the summary */
__attribute__((destructor)) static void cudart_fini(void)
{
    if (!cudart.ok) return;
    cudart_printf_flush();   /* the context's end: the driver prints what is left */
    write_summary(0);
    launch_select_note(&cudart.sel, "warpsim cuda");
    launch_select_free(&cudart.sel);
    sample_plan_free(cudart.plan);
    cudart.plan = NULL;
    cudart_views_close(ks, nks, ks_kernel);
    for (int i = 0; i < nks; i++) stats_free(&ks[i]);
    free(ks);
    free(ks_kernel);
    nks = capks = 0;
    ks = NULL;
    cudart.ok = 0;
}
