/* sim/cli/cli_tools.c — `warpsim asm`, `config show`, `configs`. */
#include "out/src_text.h"
#include "cli.h"
#include "asm.h"
#include "sass_dump.h"
#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int cli_is_opt(const char *arg, const char *name)
{
    size_t n = strlen(name);
    return !strncmp(arg, name, n) && (arg[n] == 0 || arg[n] == '=' || (name[1] != '-' && name[2] == 0));
}

const char *cli_opt_value(int argc, char **argv, int *i, const char *name)
{
    size_t n = strlen(name);
    if (argv[*i][n] == '=') return argv[*i] + n + 1;
    if (argv[*i][n] == 0 && *i + 1 < argc) return argv[++*i];
    if (name[1] != '-' && argv[*i][n]) return argv[*i] + n;   /* -j4, -Dn=1 */
    return NULL;
}

const char *cli_need_value(const char *cmd, int argc, char **argv, int *i, const char *name)
{
    const char *v = cli_opt_value(argc, argv, i, name);
    if (!v) fprintf(stderr, "warpsim %s: error: %s needs a value (warpsim %s --help)\n", cmd, name, cmd);
    return v;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* the shipped configs' names (without .cfg), sorted, at most cap; -1 when
 * the directory cannot be read */
static int config_names(char **names, int cap)
{
    DIR *dp = opendir(cli_configs_dir());
    if (!dp) return -1;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(dp)) && n < cap) {
        size_t l = strlen(e->d_name);
        if (l > 4 && !strcmp(e->d_name + l - 4, ".cfg")) names[n++] = xstrndup(e->d_name, l - 4);
    }
    closedir(dp);
    qsort(names, (size_t)n, sizeof(char *), cmp_str);
    return n;
}

int cli_whole_number(const char *cmd, const char *name, const char *text, uint64_t lo, uint64_t hi, uint64_t *out)
{
    const char *p = text;
    uint64_t v = 0;
    int digits = 0;
    for (; *p >= '0' && *p <= '9'; p++, digits++) {
        if (v > (UINT64_MAX - (uint64_t)(*p - '0')) / 10) { digits = 0; break; }
        v = v * 10 + (uint64_t)(*p - '0');
    }
    if (digits && !*p && v >= lo && v <= hi) { *out = v; return 0; }
    fprintf(stderr, "warpsim %s: error: %s takes a whole number from %" PRIu64 " to %" PRIu64 ", found '%s'\n",
            cmd, name, lo, hi, text);
    return -1;
}

int cli_launch_option(const char *cmd, int argc, char **argv, int *i, cli_launch_opts *o)
{
    const char *a = argv[*i], *v;
    if (cli_is_opt(a, "-k") || cli_is_opt(a, "--kernel-name"))
        return (o->name = cli_need_value(cmd, argc, argv, i, a[1] == 'k' ? "-k" : "--kernel-name")) ? 1 : -1;
    int skip = cli_is_opt(a, "--launch-skip");
    if (!skip && !cli_is_opt(a, "--launch-count")) return 0;
    const char *name = skip ? "--launch-skip" : "--launch-count";
    if (!(v = cli_need_value(cmd, argc, argv, i, name))
        || cli_whole_number(cmd, name, v, 0, UINT64_MAX, skip ? &o->skip : &o->count)) return -1;
    *(skip ? &o->skip_given : &o->count_given) = 1;
    return 1;
}

int cli_launch_select(launch_select *sel, const cli_launch_opts *o, int functional, int emits, diag *d)
{
    if (!o->name && !o->skip_given && !o->count_given) return 0;
    if (functional) {
        diag_error(d, "--kernel-name, --launch-skip and --launch-count pick the launches a timed run times; "
                   "with --functional none is (leave out --functional)");
        return -1;
    }
    if (emits) {
        diag_error(d, "--emit-trace records every launch of the run, and --kernel-name, --launch-skip and "
                   "--launch-count leave some untimed: trace the whole run, then keep the kernels you want in its "
                   "kernelslist.g");
        return -1;
    }
    if (o->name && launch_select_name(sel, "--kernel-name", o->name, d)) return -1;
    if (o->skip_given) launch_select_skip(sel, o->skip);
    if (o->count_given) launch_select_count(sel, o->count);
    return 0;
}

int cli_threads(const char *cmd, const char *text, char *set, size_t len)
{
    uint64_t n;
    if (!strcmp(text, "auto")) {
        n = 0;   /* sim.threads' auto: the cores online (timing_threads) */
    } else {
        char *end;
        unsigned long v = strtoul(text, &end, 10);
        if (*text < '0' || *text > '9' || *end || v < 1 || v > 256) {
            fprintf(stderr, "warpsim %s: error: --threads takes a whole number from 1 to 256 or auto, found '%s'\n",
                    cmd, text);
            return -1;
        }
        n = v;
    }
    snprintf(set, len, "sim.threads=%" PRIu64, n);
    return 0;
}

int cli_check_output_dir(const char *cmd, const char *path)
{
    char dir[1100];
    const char *slash = strrchr(path, '/');
    if (!slash) snprintf(dir, sizeof dir, ".");
    else if (slash == path) snprintf(dir, sizeof dir, "/");
    else snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    struct stat st;
    if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "warpsim %s: error: cannot write %s: there is no directory %s (create it first)\n", cmd, path, dir);
        return -1;
    }
    if (access(dir, W_OK)) {
        fprintf(stderr, "warpsim %s: error: cannot write %s: directory %s is not writable\n", cmd, path, dir);
        return -1;
    }
    return 0;
}

int cli_load_config(config *c, const char *name, diag *d)
{
    struct stat st;
    if (stat(name, &st) == 0 || strchr(name, '/')) return config_load(c, name, d);
    char path[1200];
    snprintf(path, sizeof path, "%s/%s%s", cli_configs_dir(), name,
             strstr(name, ".cfg") ? "" : ".cfg");
    if (stat(path, &st) == 0) return config_load(c, path, d);
    char *names[256];
    int n = config_names(names, 256);
    const char *near = util_nearest(name, (const char *const *)names, n);
    diag_error(d, "no config '%s': not a file, and not in %s (%s%s%s)", name, cli_configs_dir(),
               near ? "did you mean '" : "see 'warpsim configs'", near ? near : "", near ? "'?" : "");
    for (int i = 0; i < n; i++) free(names[i]);
    return 1;
}

/* nvcc's schedule beside an instruction: stall cycles, yield, the
 * dependency barrier it sets (write/read) and those it waits on */
static void print_ctl(const char *text, uint32_t c)
{
    char bars[64] = "";
    if (ISA_CTL_WBAR(c) != 7) snprintf(bars + strlen(bars), sizeof bars - strlen(bars), " wr=SB%u", ISA_CTL_WBAR(c));
    if (ISA_CTL_RBAR(c) != 7) snprintf(bars + strlen(bars), sizeof bars - strlen(bars), " rd=SB%u", ISA_CTL_RBAR(c));
    if (ISA_CTL_WAIT(c)) snprintf(bars + strlen(bars), sizeof bars - strlen(bars), " wait=0x%02x", ISA_CTL_WAIT(c));
    printf("%-44s # stall %2u%s%s\n", text, ISA_CTL_STALL(c), ISA_CTL_YIELD(c) ? " yield" : "", bars);
}

/* a dump with a line table: "# lines.cu:14    float v = in[t * stride];" where the CUDA line changes */
static void print_source_line(const isa_kernel *k, int pc)
{
    const isa_srcloc *s = k->srcloc ? &k->srcloc[pc] : NULL;
    if (!s || !s->file) return;
    if (pc && k->srcloc[pc - 1].file == s->file && k->srcloc[pc - 1].line == s->line
        && k->srcloc[pc - 1].inlined_at == s->inlined_at) return;
    int len = 0;
    const char *text = src_text_line(s->file, k->file, s->line, &len);
    printf("  # %s:%d%s%s  %.*s\n", src_text_base(s->file), s->line, s->inlined_at ? " inlined at " : "",
           s->inlined_at ? s->inlined_at : "", text ? len : 0, text ? text : "");
}

static void print_kernel(const isa_kernel *k)
{
    if (k->sass_arch)
        printf("# nvcc's SASS for sm_%d: launch it as '%s' (or by its mangled name); parameters from the name at c[0x0][0x%x]\n",
               k->sass_arch, k->base_name, k->param_base);
    if (k->sass_arch && k->nparams < 0) printf("# extern \"C\": parameter types unknown (no .elf.txt beside the dump)\n");
    printf(".kernel %s    # %d registers per thread", k->name, k->nregs);
    if (k->nuregs) printf(", %d uniform", k->nuregs);
    if (k->shared_bytes) printf(", %u bytes shared", k->shared_bytes);
    if (k->local_bytes) printf(", %u bytes local per thread", k->local_bytes);
    printf("\n");
    static const char *const tn[] = { "u32", "s32", "u64", "s64", "f32", "f64", "b32", "b64" };
    for (int i = 0; i < k->nparams; i++)
        printf(".param %s %s    # c[0x0][0x%x]\n", k->params[i].name, tn[k->params[i].type], k->params[i].offset);
    for (int i = 0; i < k->nsymbols; i++)
        printf("# shared %s at 0x%x\n", k->symbols[i].name, k->symbols[i].value);
    for (int pc = 0; pc < k->ncode; pc++) {
        const isa_insn *in = &k->code[pc];
        char text[200];
        isa_disasm(k, in, text, sizeof text);
        print_source_line(k, pc);
        /* a dump's labels are its byte addresses (L_1f0): shown only where something branches */
        if (k->labels[pc] && !k->sass_arch) printf("%s:\n", k->labels[pc]);
        /* nvcc's code is numbered by byte address, as cuobjdump prints it */
        int shown = k->sass_arch ? (int)in->addr : pc;
        const char *numfmt = k->sass_arch ? "  /*%04x*/  " : "  /*%04d*/  ";
        int guarded = isa_insn_conditional(in) || (in->op == OP_BRA && in->o[0].kind != OPK_NONE)
                      || isa_ops[in->op].operands[0] == 'J';   /* BRX: its lanes may go several ways */
        if (!guarded || (isa_ops[in->op].kind != KIND_BRANCH && isa_ops[in->op].kind != KIND_EXIT)) {
            printf(numfmt, shown);
            if (in->ctl & ISA_CTL_PRESENT) print_ctl(text, in->ctl);
            else printf("%s\n", text);
            continue;
        }
        /* only a guarded branch or exit can split the warp */
        printf(numfmt, shown);
        printf("%-44s", text);
        if (in->reconv < 0) printf(" # reconverge: none (paths exit)\n");
        else if (k->sass_arch) printf(" # reconverge at /*%04x*/\n", k->code[in->reconv].addr);
        else printf(" # reconverge at %d%s%s\n", in->reconv, k->labels[in->reconv] ? " " : "",
                    k->labels[in->reconv] ? k->labels[in->reconv] : "");
    }
    printf(".end\n");
}

/* cuobjdump -sass output rather than warpsim assembly */
static int is_sass_dump(const src_file *s)
{
    for (int i = 0; i < s->nlines && i < 400; i++) {
        const char *t = s->line[i];
        while (*t == ' ' || *t == '\t') t++;
        if (!strncmp(t, "Function : ", 11) || !strncmp(t, "code for sm_", 12)) return 1;
        if (!strncmp(t, ".kernel", 7) || !strncmp(t, ".workload", 9)) return 0;
    }
    return 0;
}

int cli_asm(int argc, char **argv)
{
    if (argc != 2 || argv[1][0] == '-') {
        if (argc == 2 && !strcmp(argv[1], "--help")) {
            puts("usage: warpsim asm FILE.sass\n  assemble every kernel, print it with reconvergence points and register counts;\n  FILE may be cuobjdump -sass output (nvcc's SASS for sm_80 / sm_90): its functions, parameter layout and reconvergence");
            return 0;
        }
        fprintf(stderr, "usage: warpsim asm FILE.sass\n");
        return EXIT_BAD_INPUT;
    }
    diag d;
    diag_init(&d);
    isa_program p;
    memset(&p, 0, sizeof p);
    int status = 0;
    if (src_read(&p.src, argv[1], &d)) status = EXIT_BAD_INPUT;
    else if (is_sass_dump(&p.src) ? sass_dump_read(&p, argv[1], &d) : asm_program(&p, &d)) status = EXIT_BAD_INPUT;
    else
        for (int i = 0; i < p.nkernels; i++) { if (i) printf("\n"); print_kernel(&p.kernels[i]); }
    cli_print_diag(&d);
    asm_free(&p);
    return status;
}

static void show_line(const char *name, const char *value, const char *origin)
{
    char line[160];
    snprintf(line, sizeof line, "%s = %s", name, value);
    printf("%-44s # %s\n", line, origin);
}

int cli_config(int argc, char **argv)
{
    static const char *const opts[] = { "-c", "--set", "--help" };
    if (argc < 2 || strcmp(argv[1], "show")) {
        if (argc >= 2 && !strcmp(argv[1], "--help")) {
            puts("usage: warpsim config show [-c CONFIG] [--set key=value]...");
            return 0;
        }
        fprintf(stderr, "usage: warpsim config show [-c CONFIG] [--set key=value]...\n");
        return EXIT_BAD_INPUT;
    }
    diag d;
    diag_init(&d);
    config c;
    config_defaults(&c);
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "-c") && i + 1 < argc) cli_load_config(&c, argv[++i], &d);
        else if (!strncmp(argv[i], "-c", 2) && argv[i][2]) cli_load_config(&c, argv[i] + 2, &d);
        else if (!strcmp(argv[i], "--set") && i + 1 < argc) config_set(&c, argv[++i], &d);
        else if (!strncmp(argv[i], "--set=", 6)) config_set(&c, argv[i] + 6, &d);
        else { diag_free(&d); return cli_unknown_option("config show", argv[i], opts, 3); }
    }
    if (!d.errors) config_validate(&c, &d);
    if (cli_print_diag(&d)) return EXIT_BAD_INPUT;
    for (int k = 0; k < CFG_NKEYS; k++) {
        char v[96], line[160];
        config_value_text(&c, k, v, sizeof v);
        snprintf(line, sizeof line, "%s = %s", config_keys[k].name, v);
        printf("%-44s # %s\n", line, c.origin[k]);
    }
    config_opcode_show(&c, show_line);
    return 0;
}


int cli_configs(int argc, char **argv)
{
    (void)argc; (void)argv;
    const char *dir = cli_configs_dir();
    char *names[256];
    int n = config_names(names, 256);
    if (n < 0) { fprintf(stderr, "warpsim configs: error: cannot open %s\n", dir); return EXIT_BAD_INPUT; }
    for (int i = 0; i < n; i++) {
        char path[1200], line[256] = "", summary[256] = "";
        snprintf(path, sizeof path, "%s/%s.cfg", dir, names[i]);
        FILE *f = fopen(path, "r");
        /* the first comment line of a config is its one-line summary */
        while (f && fgets(line, sizeof line, f))
            if (line[0] == '#') {
                snprintf(summary, sizeof summary, "%s", line + 1 + (line[1] == ' '));
                summary[strcspn(summary, "\n")] = 0;
                break;
            }
        if (f) fclose(f);
        printf("%-14s %s\n", names[i], summary);
        free(names[i]);
    }
    return 0;
}
