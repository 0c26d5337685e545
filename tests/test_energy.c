/* tests/test_energy.c — the energy model (sim/gpu/energy.c): every event is
 * charged its key's value and nothing else, every [energy] key is some
 * event's, and the parts and the instructions' shares sum as they must. */
#include <check.h>
#include "check_main.h"
#include <math.h>
#include <string.h>
#include "config/config.h"
#include "gpu/energy.h"
#include "util/xalloc.h"

/* a launch of four instructions, one of each kind of class, and launch
 * counters: every event has its own count, known here without energy.c */
static void launch(kernel_stats *s)
{
    memset(s, 0, sizeof *s);
    s->timed = 1;
    s->warp_size = 32;
    s->npc = 5;
    s->per_pc = xcalloc(5, sizeof(pc_stats));
    pc_stats *p = s->per_pc;
    /* pc 0: integer, 10 executions of 16 lanes (5 full warps' worth), 2 reads and 1 write each */
    p[0] = (pc_stats){ .executions = 10, .active_lanes = 160, .reg_reads = 20, .reg_writes = 10, .energy_class = 1 };
    /* pc 1: tensor, whole: 7 executions */
    p[1] = (pc_stats){ .executions = 7, .active_lanes = 224, .reg_reads = 70, .reg_writes = 28, .energy_class = 6 };
    /* pc 2: memory: 4 executions of 32 lanes, 3 passes, L1 and L2 events of its own */
    p[2] = (pc_stats){ .executions = 4, .active_lanes = 128, .passes = 3, .l1_hits = 2, .l1_misses = 1, .l2_hits = 1,
                       .l2_misses = 0, .energy_class = 9 };
    /* pc 3: half, 2 executions of 8 lanes */
    p[3] = (pc_stats){ .executions = 2, .active_lanes = 16, .energy_class = 4 };
    /* pc 4: never executed */
    s->v[STAT_l1_hits] = 11;
    s->v[STAT_l1_misses] = 13;
    s->v[STAT_l2_hits] = 17;
    s->v[STAT_l2_misses] = 19;
    s->v[STAT_icnt_flits] = 23;
    s->v[STAT_dram_row_misses] = 29;
    s->v[STAT_dram_reads] = 31;
    s->v[STAT_dram_writes] = 37;
    s->v[STAT_sm_active_cycles] = 3000000;   /* 3 ms of SM time at 1000 MHz */
    s->cycles = 2000000;                      /* 2 ms */
}

static void params(energy_params *e)
{
    memset(e, 0, sizeof *e);
    e->on = 1;
    e->clock_hz = 1e9;
    e->dram_hz = 2e9;
    e->tREFI = 1000;   /* 2 ms x 2 GHz / 1000 = 4000 refreshes a channel */
    e->nsm = 8;
    e->channels = 3;
}

/* each event's count in the launch above, worked out by hand */
static const double expected[EVENT_COUNT] = {
    [EVENT_warp_instructions] = 23, [EVENT_int_lanes] = 5, [EVENT_tensor_insts] = 7, [EVENT_memory_lanes] = 4,
    [EVENT_half_lanes] = 0.5, [EVENT_reg_reads] = 90, [EVENT_reg_writes] = 38, [EVENT_shared_passes] = 3,
    [EVENT_l1_hits] = 11, [EVENT_l1_misses] = 13, [EVENT_l2_hits] = 17, [EVENT_l2_misses] = 19,
    [EVENT_icnt_flits] = 23, [EVENT_dram_activations] = 29, [EVENT_dram_reads] = 31, [EVENT_dram_writes] = 37,
    [EVENT_dram_refreshes] = 12000, [EVENT_sm_active_seconds] = 0.003, [EVENT_sm_seconds] = 0.016,
    [EVENT_seconds] = 0.002,
};

START_TEST(test_each_event_charged)
{
    /* one event's energy alone set to 1 J: the launch's energy is its count */
    kernel_stats s;
    launch(&s);
    energy_params e;
    params(&e);
    e.j[_i] = 1;
    energy_compute(&e, &s);
    ck_assert_int_eq(s.energy.on, 1);
    ck_assert_msg(fabs(s.energy.joules - expected[_i]) <= 1e-12 * (1 + expected[_i]),
                  "event %s: %.9g J, expected %.9g", event_names[_i], s.energy.joules, expected[_i]);
    ck_assert_msg(fabs(s.energy.event[_i] - expected[_i]) <= 1e-12 * (1 + expected[_i]), "event %s counted %.9g",
                  event_names[_i], s.energy.event[_i]);
    stats_free(&s);
}
END_TEST

START_TEST(test_parts_sum)
{
    kernel_stats s;
    launch(&s);
    energy_params e;
    params(&e);
    for (int i = 0; i < EVENT_COUNT; i++) e.j[i] = 1.0 + i * 0.37;
    energy_compute(&e, &s);
    double sum = 0, want = 0, pcs = 0, pc_parts = 0;
    for (int p = 0; p < EPART_COUNT; p++) sum += s.energy.part[p];
    for (int i = 0; i < EVENT_COUNT; i++) want += expected[i] * e.j[i];
    ck_assert_msg(fabs(sum - s.energy.joules) <= 1e-12 * s.energy.joules, "parts %.12g, total %.12g", sum, s.energy.joules);
    ck_assert_msg(fabs(want - s.energy.joules) <= 1e-12 * want, "total %.12g, expected %.12g", s.energy.joules, want);
    ck_assert(fabs(s.energy.watts - s.energy.joules / 0.002) <= 1e-9 * s.energy.watts);
    /* the instructions' energy: exactly the per-instruction events of each pc */
    for (int pc = 0; pc < s.npc; pc++) pcs += s.energy.pc_joules[pc];
    for (int i = EVENT_warp_instructions; i <= EVENT_shared_passes; i++) pc_parts += expected[i] * e.j[i];
    pc_parts += e.j[EVENT_l1_hits] * 2 + e.j[EVENT_l1_misses] * 1 + e.j[EVENT_l2_hits] * 1;
    ck_assert_msg(fabs(pcs - pc_parts) <= 1e-12 * pc_parts, "per-pc %.12g, expected %.12g", pcs, pc_parts);
    ck_assert(s.energy.pc_joules[4] == 0);
    stats_free(&s);
}
END_TEST

START_TEST(test_off)
{
    /* no energy.source: nothing reported, whatever the values */
    config c;
    config_defaults(&c);
    CFG(&c, energy_fp32_fj) = 1000;
    energy_params e;
    energy_params_load(&e, &c);
    ck_assert_int_eq(e.on, 0);
    kernel_stats s;
    launch(&s);
    energy_compute(&e, &s);
    ck_assert_int_eq(s.energy.on, 0);
    ck_assert(s.energy.joules == 0);
    ck_assert_ptr_null(s.energy.pc_joules);
    stats_free(&s);
}
END_TEST

START_TEST(test_every_key_is_an_event)
{
    /* an [energy] key no event reads would be a value silently ignored */
    for (int k = 0; k < CFG_NKEYS; k++) {
        if (strncmp(config_keys[k].name, "energy.", 7) || !strcmp(config_keys[k].name, "energy.source")) continue;
        int found = 0;
        for (int i = 0; i < EVENT_COUNT; i++) found |= !strcmp(event_keys[i], config_keys[k].name);
        ck_assert_msg(found, "%s is no event's key (sim/stats/energy_events.def)", config_keys[k].name);
    }
    for (int i = 0; i < EVENT_COUNT; i++) ck_assert_msg(config_find(event_keys[i]) >= 0, "no key %s", event_keys[i]);
}
END_TEST

START_TEST(test_params_from_config)
{
    config c;
    config_defaults(&c);
    snprintf(c.sval[CFGK_energy_source], sizeof c.sval[0], "test");
    CFG(&c, energy_l2_miss_fj) = 5000;
    CFG(&c, energy_constant_mw) = 70000;
    energy_params e;
    energy_params_load(&e, &c);
    ck_assert_int_eq(e.on, 1);
    ck_assert(fabs(e.j[EVENT_l2_misses] - 5e-12) < 1e-24);
    ck_assert(fabs(e.j[EVENT_seconds] - 70.0) < 1e-12);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("energy");
    TCase *t = tcase_create("core");
    tcase_add_loop_test(t, test_each_event_charged, 0, EVENT_COUNT);
    tcase_add_test(t, test_parts_sum);
    tcase_add_test(t, test_off);
    tcase_add_test(t, test_every_key_is_an_event);
    tcase_add_test(t, test_params_from_config);
    suite_add_tcase(s, t);
    return run_suite(s);
}
