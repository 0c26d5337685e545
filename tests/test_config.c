/* tests/test_config.c — config files, include, --set, errors and origins. */
#include <check.h>
#include "check_main.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "config/config.h"
#include "mem/memsys.h"

static char dir[256];

static const char *write_file(const char *name, const char *text)
{
    static char path[8][512];
    static int next;
    char *p = path[next++ & 7];
    snprintf(p, 512, "%s/%s", dir, name);
    FILE *f = fopen(p, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    return p;
}

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/warpsim-config-test-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
}

START_TEST(test_defaults_match_table)
{
    config c;
    config_defaults(&c);
    ck_assert_int_eq(CFG(&c, sm_warp_size), 32);
    ck_assert_str_eq(c.origin[CFGK_sm_warp_size], "default");
    diag d;
    diag_init(&d);
    ck_assert_int_eq(config_validate(&c, &d), 0);
    diag_free(&d);
}
END_TEST

/* dram.latency_mhz: the latency is a time, so at half that clock it is half
 * the SM cycles; 0 keeps it in SM cycles */
START_TEST(test_dram_latency_clock)
{
    config c;
    config_defaults(&c);
    diag d;
    diag_init(&d);
    mem_params p;
    ck_assert_int_eq(config_set(&c, "dram.latency=343", &d), 0);
    ck_assert_int_eq(config_set(&c, "gpu.clock_mhz=1590", &d), 0);
    ck_assert_int_eq(mem_params_load(&p, &c, &d), 0);
    ck_assert_int_eq(p.dram_latency, 343);
    ck_assert_int_eq(config_set(&c, "dram.latency_mhz=1980", &d), 0);
    ck_assert_int_eq(mem_params_load(&p, &c, &d), 0);
    ck_assert_int_eq(p.dram_latency, 275);                    /* 343 x 1590 / 1980 = 275.4 */
    ck_assert_int_eq(config_set(&c, "gpu.clock_mhz=1980", &d), 0);
    ck_assert_int_eq(mem_params_load(&p, &c, &d), 0);
    ck_assert_int_eq(p.dram_latency, 343);
    diag_free(&d);
}
END_TEST

START_TEST(test_sections_include_and_set)
{
    setup();
    write_file("base.cfg", "# base\n[sm]\nwarp_size = 32\nmax_warps = 48   # comment\n");
    const char *top = write_file("top.cfg", "include = base.cfg\n[gpu]\nname = test gpu\n[sm]\nmax_warps = 64\n"
                                            "sm.count = 4\n[simt]\ndivergence_order = fallthrough_first\n");
    config c;
    config_defaults(&c);
    diag d;
    diag_init(&d);
    ck_assert_int_eq(config_load(&c, top, &d), 0);
    ck_assert_int_eq(CFG(&c, sm_max_warps), 64);
    ck_assert_int_eq(CFG(&c, sm_count), 4);
    ck_assert_str_eq(c.sval[CFGK_gpu_name], "test gpu");
    ck_assert_int_eq(CFG(&c, simt_divergence_order), 1);
    ck_assert_msg(strstr(c.origin[CFGK_sm_warp_size], "base.cfg:3") != NULL, "%s", c.origin[CFGK_sm_warp_size]);
    ck_assert_msg(strstr(c.origin[CFGK_sm_max_warps], "top.cfg:5") != NULL, "%s", c.origin[CFGK_sm_max_warps]);
    ck_assert_int_eq(config_set(&c, "sm.warp_size=64", &d), 0);
    ck_assert_int_eq(CFG(&c, sm_warp_size), 64);
    ck_assert_str_eq(c.origin[CFGK_sm_warp_size], "--set");
    char v[64];
    config_value_text(&c, CFGK_simt_divergence_order, v, sizeof v);
    ck_assert_str_eq(v, "fallthrough_first");
    diag_free(&d);
}
END_TEST

typedef struct { const char *text; const char *expect; } bad_case;
static const bad_case bad[] = {
    { "[sm]\nwarp_sise = 32\n", "bad.cfg:2:1: error: unknown key 'sm.warp_sise' (did you mean 'sm.warp_size'?)" },
    { "[sim]\nwarp_size = 32\n", "did you mean 'sm.warp_size'?" },
    { "[sm]\nwarp_size = 128\n", "bad.cfg:2:13: error: sm.warp_size = 128 is out of range: it must be 1 .. 64 lanes" },
    { "[sm]\nwarp_size = lots\n", "sm.warp_size needs an integer, found 'lots'" },
    { "[simt]\ndivergence_order = random\n", "must be one of taken_first|fallthrough_first" },
    { "[sm\n", "bad.cfg:1:1: error: missing ']'" },
    { "[sm]\nwarp_size\n", "expected 'key = value'" },
    { "include = nothere.cfg\n", "cannot open" },
    { "include = bad.cfg\n", "includes nest deeper than 8" },
    { "[opcode.IMLU]\nexpand = 4\n", "bad.cfg:2:1: error: 'IMLU' is not an opcode (did you mean 'IMUL'?)" },
    { "[opcode.IMUL]\nexpnad = 4\n", "'expnad' is not a per-opcode field: the fields are expand, alt_unit, latency and interval" },
    { "[opcode.IMUL]\nexpand = 0\n", "bad.cfg:2:10: error: expand needs an integer from 1 to 64, found '0'" },
    { "[opcode.FMUL]\nalt_unit = fp32\n", "opcode.FMUL.alt_unit = fp32 is the opcode's own unit class" },
    { "[opcode.FMUL]\nalt_unit = matrix\n", "alt_unit must be a unit class (int fp32 fp64 sfu ldst shared branch sync uniform tex tensor) or none" },
    { "opcode.FMUL = 2\n", "'opcode.FMUL' needs a field" },
};

START_TEST(test_bad_files)
{
    setup();
    const char *p = write_file("bad.cfg", bad[_i].text);
    config c;
    config_defaults(&c);
    diag d;
    diag_init(&d);
    ck_assert_int_gt(config_load(&c, p, &d), 0);
    ck_assert_msg(strstr(d.text, bad[_i].expect) != NULL, "expected '%s' in:\n%s", bad[_i].expect, d.text);
    diag_free(&d);
}
END_TEST

START_TEST(test_inconsistent_values)
{
    setup();
    const char *p = write_file("inc.cfg", "[sm]\nwarp_size = 32\nmax_warps = 4\nmax_threads = 256\n");
    config c;
    config_defaults(&c);
    diag d;
    diag_init(&d);
    ck_assert_int_eq(config_load(&c, p, &d), 0);
    ck_assert_int_gt(config_validate(&c, &d), 0);
    ck_assert_msg(strstr(d.text, "max_threads <= max_warps * warp_size = 128") && strstr(d.text, "inc.cfg:4"), "%s", d.text);
    diag_free(&d);
    diag_init(&d);
    config_defaults(&c);
    config_set(&c, "sm.warp_size=48", &d);
    ck_assert_int_gt(config_validate(&c, &d), 0);
    ck_assert_msg(strstr(d.text, "power of two") && strstr(d.text, "--set"), "%s", d.text);
    diag_free(&d);
    diag_init(&d);
    config_defaults(&c);
    config_set(&c, "sm.warp_size=64", &d);
    config_set(&c, "l1.queue=64", &d);
    ck_assert_int_gt(config_validate(&c, &d), 0);
    ck_assert_msg(strstr(d.text, "l1.queue >= 2 * warp_size = 128"), "%s", d.text);
    diag_free(&d);
}
END_TEST

START_TEST(test_set_errors)
{
    config c;
    config_defaults(&c);
    diag d;
    diag_init(&d);
    ck_assert_int_eq(config_set(&c, "sm.wrap_size=32", &d), 1);
    ck_assert_msg(strstr(d.text, "did you mean 'sm.warp_size'?") != NULL, "%s", d.text);
    ck_assert_int_eq(config_set(&c, "opcode.IMAD.WIDE.expand=3", &d), 0);
    ck_assert_int_eq(c.op_expand[OP_IMAD_WIDE], 3);
    ck_assert_int_eq(c.op_expand[OP_IMAD], 1);
    ck_assert_int_eq(config_set(&c, "opcode.FMUL.alt_unit=sfu", &d), 0);
    ck_assert_int_eq(c.op_alt_unit[OP_FMUL], UNIT_SFU);
    ck_assert_str_eq(c.op_origin[OP_FMUL][1], "--set");
    ck_assert_int_eq(config_set(&c, "opcode.FMUL.alt_unit=none", &d), 0);
    ck_assert_int_eq(c.op_alt_unit[OP_FMUL], -1);
    ck_assert_int_eq(config_set(&c, "opcode.DFMA.expand=65", &d), 1);
    ck_assert_msg(strstr(d.text, "--set: expand needs an integer from 1 to 64, found '65'") != NULL, "%s", d.text);
    ck_assert_int_eq(config_set(&c, "sm.count", &d), 1);
    ck_assert_msg(strstr(d.text, "--set needs key=value") != NULL, "%s", d.text);
    diag_free(&d);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("config");
    TCase *tc = tcase_create("config");
    tcase_add_test(tc, test_defaults_match_table);
    tcase_add_test(tc, test_sections_include_and_set);
    tcase_add_test(tc, test_dram_latency_clock);
    tcase_add_loop_test(tc, test_bad_files, 0, (int)(sizeof bad / sizeof bad[0]));
    tcase_add_test(tc, test_inconsistent_values);
    tcase_add_test(tc, test_set_errors);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
