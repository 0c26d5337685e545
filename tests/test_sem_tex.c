/* tests/test_sem_tex.c — texture fetches and surface accesses (isa/sem_tex.c)
 * in the one-warp world of tests/sem_world.h: a descriptor (isa/tex.h) and
 * its texels in gmem, the handle in UR4 (sm_90's form) or in bank 0 (sm_80's
 * .SCR form). Expected values are worked out by hand from the CUDA
 * programming guide's texture-fetching rules, not read off warpsim. Part of
 * tests/test_sem; tests/cuda_textures.sh compares whole kernels with the
 * H100's own output. */
#include <check.h>
#include <math.h>
#include "sem_world.h"
#include "tex.h"

enum { DESC_OFF = 0x400, TEXELS_OFF = 0x800 };

/* a float texture of w x h texels at TEXELS_OFF whose texel (i, j) is v(i, j) */
static void float_texture(isa_tex_desc *d, int w, int h, int dims, float (*v)(int, int))
{
    memset(d, 0, sizeof *d);
    d->base = GBASE + TEXELS_OFF;
    d->width = (uint32_t)w; d->height = (uint32_t)h; d->depth = 1;
    d->pitch = (uint32_t)w * 4; d->slice = (uint64_t)w * h * 4;
    d->channels = 1; d->bits = 32; d->kind = ISA_TEXK_FLOAT; d->dims = (uint8_t)dims;
    for (int j = 0; j < h; j++)
        for (int i = 0; i < w; i++) { float f = v(i, j); memcpy(gmem + TEXELS_OFF + (j * w + i) * 4, &f, 4); }
}

static void put_desc(const isa_tex_desc *d, isa_warp_regs *w)
{
    memcpy(gmem + DESC_OFF, d, sizeof *d);
    w->uregs[4] = (uint32_t)((GBASE + DESC_OFF) >> ISA_TEX_HANDLE_SHIFT);
}

static float ramp(int i, int j) { return (float)(i + 10 * j); }

/* lane l's coordinates (x, y) as floats in R4, R5 */
static void coords(isa_warp_regs *w, const float *x, const float *y, int n)
{
    for (int l = 0; l < n; l++) { setl(w, 4, l, fbits(x[l])); setl(w, 5, l, fbits(y[l])); }
}

START_TEST(test_tex_point_and_linear)
{
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    isa_tex_desc d;
    float_texture(&d, 4, 3, 2, ramp);
    put_desc(&d, &w);
    /* point, clamp, texel coordinates: texel floor(x), floor(y), clamped */
    const float px[] = { 1.7f, -5.0f, 3.99f, 2.0f }, py[] = { 2.2f, 9.0f, 0.0f, 1.5f };
    const float pwant[] = { 21, 20, 3, 12 };
    coords(&w, px, py, 4);
    exec_text("TEX.LZ RZ, R6, R4, UR4, 0x0, 2D, 0x1", &w, 0xf, &res);
    for (int l = 0; l < 4; l++) ck_assert_msg(asf(get32(&w, 6, l)) == pwant[l], "point lane %d: %g", l, asf(get32(&w, 6, l)));
    ck_assert(res.is_mem && !res.fault);
    /* linear: around x - 0.5, y - 0.5; the weights in 1/256 steps */
    d.linear = 1;
    put_desc(&d, &w);
    const float lx[] = { 1.0f, 0.75f, 0.5f + 1.0f / 512, 100.0f }, ly[] = { 1.0f, 0.5f, 0.5f, 0.5f };
    /* (0+1+10+11)/4; 0.25 between 0 and 1; 1/512 rounds to one step of 1/256; clamped at the last column */
    const float lwant[] = { 5.5f, 0.25f, 1.0f / 256, 3.0f };
    coords(&w, lx, ly, 4);
    exec_text("TEX.LZ RZ, R6, R4, UR4, 0x0, 2D, 0x1", &w, 0xf, &res);
    for (int l = 0; l < 4; l++) ck_assert_msg(fabsf(asf(get32(&w, 6, l)) - lwant[l]) < 1e-6f, "linear lane %d: %g", l, asf(get32(&w, 6, l)));
    isa_warp_free(&w);
}
END_TEST

START_TEST(test_tex_address_modes)
{
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    isa_tex_desc d;
    float_texture(&d, 4, 1, 1, ramp);
    d.norm_coords = 1;
    d.border[0] = -7.5f;
    /* x = 1.125 of 4 texels is u = 4.5: texel 4, which wraps to 0, mirrors
     * to 3, clamps to 3 and is border; x = -0.3 is u = -1.2: texel -2 */
    const struct { int mode; float a, b; } rows[] = {
        { ISA_TEXA_WRAP, 0, 2 }, { ISA_TEXA_MIRROR, 3, 1 }, { ISA_TEXA_CLAMP, 3, 0 }, { ISA_TEXA_BORDER, -7.5f, -7.5f },
    };
    const float x[] = { 1.125f, -0.3f }, y[] = { 0, 0 };
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        d.addr[0] = (uint8_t)rows[r].mode;
        put_desc(&d, &w);
        coords(&w, x, y, 2);
        /* tex1D is a 2D fetch at y = 0 that a 1D texture ignores (dims = 1) */
        exec_text("TEX.LZ RZ, R6, R4, UR4, 0x0, 2D, 0x1", &w, 0x3, &res);
        ck_assert_msg(asf(get32(&w, 6, 0)) == rows[r].a && asf(get32(&w, 6, 1)) == rows[r].b, "mode %d: %g %g",
                      rows[r].mode, asf(get32(&w, 6, 0)), asf(get32(&w, 6, 1)));
    }
    isa_warp_free(&w);
}
END_TEST

/* a linear buffer of bytes read as uchar4: elements (tex1Dfetch), normalised
 * floats, out of range 0; sm_80's .SCR form takes the handle from bank 0 */
START_TEST(test_tld_formats)
{
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    isa_tex_desc d;
    memset(&d, 0, sizeof d);
    d.base = GBASE + TEXELS_OFF;
    d.width = 2; d.height = d.depth = 1; d.pitch = 8; d.slice = 8;
    d.channels = 4; d.bits = 8; d.kind = ISA_TEXK_UNSIGNED; d.dims = 1; d.linear_buffer = 1;
    const uint8_t bytes[8] = { 255, 51, 0, 7, 1, 2, 3, 4 };
    memcpy(gmem + TEXELS_OFF, bytes, 8);
    put_desc(&d, &w);
    uint32_t h = w.uregs[4];
    memcpy(cbank + ISA_PARAM_BASE, &h, 4);
    const int at[] = { 0, 1, -1, 2 };
    for (int l = 0; l < 4; l++) setl(&w, 4, l, (uint32_t)at[l]);
    exec_text("TLD.SCR.LZ R8, R6, R4, 0x0, 0x58, 1D", &w, 0xf, &res);
    ck_assert_uint_eq(get32(&w, 6, 0), 255); ck_assert_uint_eq(get32(&w, 7, 0), 51);
    ck_assert_uint_eq(get32(&w, 8, 0), 0); ck_assert_uint_eq(get32(&w, 9, 0), 7);
    ck_assert_uint_eq(get32(&w, 9, 1), 4);
    for (int l = 2; l < 4; l++) ck_assert_uint_eq(get32(&w, 6, l) | get32(&w, 9, l), 0);
    d.read_norm = 1;
    put_desc(&d, &w);
    exec_text("TLD.LZ RZ, R6, R4, UR4, 0x0, 1D, 0x3", &w, 0x1, &res);
    ck_assert(asf(get32(&w, 6, 0)) == 1.0f && fabsf(asf(get32(&w, 7, 0)) - 0.2f) < 1e-7f);
    isa_warp_free(&w);
}
END_TEST

/* TLD4: component c of the four texels around (x, y), in DirectX's order */
START_TEST(test_tld4_gather)
{
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    isa_tex_desc d;
    float_texture(&d, 4, 3, 2, ramp);
    put_desc(&d, &w);
    const float x[] = { 1.2f }, y[] = { 1.9f };   /* around (0.7, 1.4): texels i = 0, 1 and j = 1, 2 */
    coords(&w, x, y, 1);
    exec_text("TLD4.R R8, R6, R4, UR4, 0x0, 2D", &w, 0x1, &res);
    const float want[4] = { 20, 21, 11, 10 };
    for (int c = 0; c < 4; c++) ck_assert_msg(asf(get32(&w, 6 + c, 0)) == want[c], "component %d: %g", c, asf(get32(&w, 6 + c, 0)));
    isa_warp_free(&w);
}
END_TEST

/* surfaces: byte x, row y; clamped, dropped (.IGN) or a fault (.TRAP) out of range */
START_TEST(test_surface_access)
{
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    isa_tex_desc d;
    float_texture(&d, 4, 3, 2, ramp);
    put_desc(&d, &w);
    const int xs[] = { 4, 12, 40, 4 }, ys[] = { 1, 2, 1, -3 };
    for (int l = 0; l < 4; l++) { setl(&w, 2, l, (uint32_t)xs[l]); setl(&w, 3, l, (uint32_t)ys[l]); }
    exec_text("SULD.D.BA.2D.STRONG.SM R6, [R2], UR4, 0x0", &w, 0xf, &res);
    const float clamped[] = { 11, 23, 13, 1 };   /* x 40 clamps to byte 12, y -3 to row 0 */
    for (int l = 0; l < 4; l++) ck_assert_msg(asf(get32(&w, 6, l)) == clamped[l], "clamp lane %d", l);
    setl(&w, 6, 2, 123);
    exec_text("SULD.D.BA.2D.STRONG.SM.IGN R6, [R2], UR4, 0x0", &w, 0x4, &res);
    ck_assert_uint_eq(get32(&w, 6, 2), 0);
    set32(&w, 8, fbits(-1.0f));
    exec_text("SUST.D.BA.2D.STRONG.SM.IGN [R2], R8, UR4, 0x0", &w, 0xf, &res);
    float got;
    memcpy(&got, gmem + TEXELS_OFF + (1 * 4 + 1) * 4, 4);
    ck_assert(got == -1.0f);
    memcpy(&got, gmem + TEXELS_OFF + (1 * 4 + 3) * 4, 4);
    ck_assert(got == 13.0f);   /* lane 2's x = 40 is past the edge: dropped, not clamped */
    exec_text("SUST.D.BA.2D.STRONG.SM.TRAP [R2], R8, UR4, 0x0", &w, 0x4, &res);
    ck_assert_int_eq(res.fault, FAULT_OUT_OF_BOUNDS);
    ck_assert_int_eq(res.fault_lane, 2);
    isa_warp_free(&w);
}
END_TEST

/* a handle that names no descriptor faults at its address */
START_TEST(test_tex_bad_handle)
{
    isa_warp_regs w;
    isa_result res;
    isa_warp_init(&w, 32, 16, 0xffffffffu);
    memset(gmem + DESC_OFF, 0, ISA_TEX_DESC_BYTES);
    w.uregs[4] = (uint32_t)((GBASE + DESC_OFF) >> ISA_TEX_HANDLE_SHIFT);
    exec_text("TEX.LZ RZ, R6, R4, UR4, 0x0, 2D, 0x1", &w, 0x1, &res);
    ck_assert_int_eq(res.fault, FAULT_OUT_OF_BOUNDS);
    ck_assert_uint_eq(res.fault_addr, GBASE + DESC_OFF);
    w.uregs[4] = 0x100;   /* outside every buffer */
    exec_text("TEX.LZ RZ, R6, R4, UR4, 0x0, 2D, 0x1", &w, 0x1, &res);
    ck_assert_int_eq(res.fault, FAULT_OUT_OF_BOUNDS);
    isa_warp_free(&w);
}
END_TEST

/* the operands' registers: the mask's components, the coordinates split
 * between Ra and Rb as each generation's encoding does */
START_TEST(test_tex_operand_widths)
{
    const isa_insn *in = assemble("TEX.LL R6, R4, R0, R8, UR4, 0x0, 3D");
    ck_assert_int_eq(in->o[1].width, 2); ck_assert_int_eq(in->o[0].width, 2);
    ck_assert_int_eq(in->o[2].width, 2); ck_assert_int_eq(in->o[3].width, 2);   /* sm_80's split: x, y | z, level */
    in = assemble("TEX.LL RZ, R5, R4, R7, UR4, 0x0, 2D, 0x1");
    ck_assert_int_eq(in->o[1].width, 1); ck_assert_int_eq(in->o[2].width, 2); ck_assert_int_eq(in->o[3].width, 1);
    in = assemble("SULD.D.BA.3D.64 R6, [R2], UR4, 0x0");
    ck_assert_int_eq(in->o[1].width, 3); ck_assert_int_eq(in->o[0].width, 2);
}
END_TEST

const char *const tex_texts[] = {
    "TEX.LZ RZ, R6, R4, UR4, 0x0, 2D, 0x1", "TLD.LZ RZ, R6, R4, UR4, 0x0, 1D, 0x1", "TLD4.R R8, R6, R4, UR4, 0x0, 2D",
    "SULD.D.BA.2D R6, [R2], UR4, 0x0", "SUST.D.BA.2D [R2], R8, UR4, 0x0",
};
const int tex_ntexts = (int)(sizeof tex_texts / sizeof tex_texts[0]);

void sem_tex_tests(TCase *tc)
{
    tcase_add_test(tc, test_tex_point_and_linear);
    tcase_add_test(tc, test_tex_address_modes);
    tcase_add_test(tc, test_tld_formats);
    tcase_add_test(tc, test_tld4_gather);
    tcase_add_test(tc, test_surface_access);
    tcase_add_test(tc, test_tex_bad_handle);
    tcase_add_test(tc, test_tex_operand_widths);
}
