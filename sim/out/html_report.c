/* sim/out/html_report.c — the --report page. Everything the page shows is
 * written into its HTML by this file, so it reads without scripts; a small
 * inline script only recolours the heat map when another figure is chosen. */
#include "html_report.h"
#include "line_view.h"
#include "demangle.h"
#include "util/markup.h"
#include "util/whole_file.h"
#include "util/xalloc.h"
#include <errno.h>
#include <inttypes.h>
#include "sample_out.h"
#include "front/sample_plan.h"
#include <stdlib.h>
#include <string.h>

enum { HR_MAX_KERNELS = 32, HR_MAX_EVENTS = 20000, HR_MAX_WARPS = 32 };

typedef struct { uint64_t cycle, waited; int warp, pc, reason; } hr_event;

struct html_report {
    int kernel;                       /* launches seen so far */
    int first_slot[HR_MAX_KERNELS];   /* the block slot recorded in each launch, -1 none yet */
    uint64_t start[HR_MAX_KERNELS];   /* the run's cycle each launch began at */
    hr_event *ev[HR_MAX_KERNELS];
    int nev[HR_MAX_KERNELS];
};

static int begin(void *ctx, const obs_kernel *k, diag *d)
{
    (void)k; (void)d;
    html_report *h = ctx;
    if (h->kernel < HR_MAX_KERNELS) {
        h->first_slot[h->kernel] = -1;
        h->ev[h->kernel] = xcalloc(HR_MAX_EVENTS, sizeof(hr_event));
    }
    h->kernel++;
    return 0;
}

static void issue(void *ctx, const obs_issue *e)
{
    html_report *h = ctx;
    int k = h->kernel - 1;
    if (k < 0 || k >= HR_MAX_KERNELS || h->nev[k] >= HR_MAX_EVENTS || e->warp >= HR_MAX_WARPS) return;
    if (h->first_slot[k] < 0) {
        /* the launch's first issue: its warp has waited since the launch began */
        h->first_slot[k] = e->slot;
        h->start[k] = e->cycle - e->waited;
    }
    if (e->slot != h->first_slot[k]) return;
    h->ev[k][h->nev[k]++] = (hr_event){ e->cycle, e->waited, e->warp, e->st->pc, e->waited_reason };
}

html_report *html_report_new(void) { return xcalloc(1, sizeof(html_report)); }

sim_observer html_report_observer(html_report *h)
{
    return (sim_observer){ .ctx = h, .kernel_begin = begin, .issue = issue };
}

void html_report_free(html_report *h)
{
    if (!h) return;
    for (int k = 0; k < HR_MAX_KERNELS && k < h->kernel; k++) free(h->ev[k]);
    free(h);
}

static const char *const stall_colour[] = { "#59a14f", "#bab0ac", "#e15759", "#f28e2b", "#b07aa1",
                                            "#edc948", "#76b7b2", "#9c755f", "#d4d4d4", "#4e79a7" };

static const char *colour(int reason) { return stall_colour[reason % (int)(sizeof stall_colour / sizeof *stall_colour)]; }

static void summary(FILE *f, const kernel_stats *s, int k)
{
    fputs("<table class=\"sum\">\n", f);
    fprintf(f, "<tr><th>cycles</th><td id=\"cycles-%d\">%" PRIu64 "</td></tr>\n", k, s->cycles);
    fprintf(f, "<tr><th>IPC</th><td id=\"ipc-%d\">%.3f</td></tr>\n", k, stats_ipc(s));
    fprintf(f, "<tr><th>warp instructions</th><td id=\"insns-%d\">%" PRIu64 "</td></tr>\n", k, s->v[STAT_warp_instructions]);
    fprintf(f, "<tr><th>SIMD efficiency</th><td id=\"simd-%d\">%.1f%%</td></tr>\n", k, 100.0 * stats_simd_efficiency(s));
    fprintf(f, "<tr><th>divergent branches</th><td>%" PRIu64 " of %" PRIu64 "</td></tr>\n", s->v[STAT_divergent_branches],
            s->v[STAT_branches]);
    fprintf(f, "<tr><th>occupancy</th><td>%.1f%% achieved, %.1f%% theoretical</td></tr>\n", 100.0 * s->occupancy_achieved,
            100.0 * s->occupancy_theoretical);
    fprintf(f, "<tr><th>L1 / L2 hits</th><td>%" PRIu64 " of %" PRIu64 " / %" PRIu64 " of %" PRIu64 "</td></tr>\n",
            s->v[STAT_l1_hits], s->v[STAT_l1_accesses], s->v[STAT_l2_hits], s->v[STAT_l2_accesses]);
    fprintf(f, "<tr><th>shared-memory passes</th><td>%" PRIu64 " (%" PRIu64 " replays)</td></tr>\n", s->v[STAT_shared_passes],
            s->v[STAT_shared_replays]);
    fputs("</table>\n", f);
}

static void stall_bars(FILE *f, const kernel_stats *s, int k)
{
    uint64_t total = 0;
    for (int r = 0; r < STALL_COUNT; r++) total += s->stall[r];
    fprintf(f, "<h3>Scheduler cycles</h3>\n<table class=\"bars\" id=\"stalls-%d\">\n", k);
    for (int r = 0; r < STALL_COUNT; r++) {
        /* the share of the cell's width (it was 3 times the share: a launch that leaves most
         * SMs idle, no_warp 99%, drew a bar three cells wide across the page) */
        double p = total ? 100.0 * (double)s->stall[r] / (double)total : 0;
        fprintf(f, "<tr><th>%s</th><td><div class=\"bar\" style=\"width:%.1f%%;background:%s\"></div></td>"
                   "<td class=\"n\" id=\"stall-%d-%s\">%.1f%%</td></tr>\n", stall_names[r], p, colour(r), k, stall_names[r], p);
    }
    fputs("</table>\n", f);
}

/* the launch's energy by part (docs/energy.md), or why there is none */
static void energy_bars(FILE *f, const kernel_stats *s, int k)
{
    const energy_stats *e = &s->energy;
    fputs("<h3>Energy</h3>\n", f);
    if (!e->on) {
        fprintf(f, "<p id=\"energy-%d\">Not reported: the config has no measured [energy] values (energy.source).</p>\n", k);
        return;
    }
    fprintf(f, "<p id=\"energy-%d\">%.6g J, %.1f W average over %.6g ms</p>\n<table class=\"bars\" id=\"energy-parts-%d\">\n",
            k, e->joules, e->watts, e->seconds * 1e3, k);
    for (int i = 0; i < EPART_COUNT; i++) {
        double p = e->joules > 0 ? 100.0 * e->part[i] / e->joules : 0;
        fprintf(f, "<tr><th>%s</th><td><div class=\"bar\" style=\"width:%.1f%%;background:%s\"></div></td>"
                   "<td class=\"n\" id=\"energy-%d-%s\">%.1f%%</td></tr>\n", epart_names[i], p, colour(i), k, epart_names[i], p);
    }
    fputs("</table>\n", f);
}

/* a row per instruction; data-* attributes hold each figure for the heat map */
static void source(FILE *f, const kernel_stats *s, int k, cli_pc_text text_of, const void *ctx)
{
    int cuda = html_source_cuda(f, s, k, text_of, ctx);
    fprintf(f, "<div class=\"sass\"><h3>%s</h3>\n<table class=\"src\" id=\"src-%d\"><tr><th>pc</th><th>line</th>%s<th>instruction</th>"
               "<th>executions</th><th>SIMD</th><th>stall cycles</th><th>bank passes/access</th><th>sectors/access</th></tr>\n",
            cuda ? "SASS" : "Source", k, cuda ? "<th>CUDA line</th>" : "");
    for (int pc = 0; pc < s->npc; pc++) {
        char text[200], label[64];
        cli_pc_info in = { 0, -1, -1, NULL, 0, NULL, NULL };
        const char *t = text_of(ctx, pc, text, sizeof text, &in);
        if (!t) continue;
        int line = in.line;
        if (in.reconv_pc >= 0 && t == text) {
            size_t n = strlen(text);
            snprintf(text + n, sizeof text - n, "  -> reconverges at pc %d (line %d)", in.reconv_pc, in.reconv_line);
        }
        const pc_stats *p = &s->per_pc[pc];
        uint64_t stalls = 0;
        for (int r = 1; r < STALL_COUNT; r++) stalls += p->stall[r];
        double ex = p->executions ? (double)p->executions : 1;
        double simd = p->executions && s->warp_size ? (double)p->active_lanes / (ex * s->warp_size) : 0;
        cli_source_label(&in, label, sizeof label);
        fprintf(f, "<tr data-stalls=\"%" PRIu64 "\" data-simd=\"%.4f\" data-conflicts=\"%.3f\" data-sectors=\"%.3f\"",
                stalls, p->executions ? 1 - simd : 0, p->passes / ex, p->sectors / ex);
        if (cuda) { fputs(" data-cuda=\"", f); markup_escape(f, label); fputs("\"", f); }
        fprintf(f, "><td>%d</td><td>%d</td>", pc, line);
        if (cuda) {
            fputs("<td>", f);
            markup_escape(f, label);
            if (in.inlined_at) { fputs(" <small>inlined at ", f); markup_escape(f, in.inlined_at); fputs("</small>", f); }
            fputs("</td>", f);
        }
        fputs("<td class=\"code\">", f);
        markup_escape(f, t);
        fprintf(f, "</td><td>%" PRIu64 "</td><td>%.0f%%</td><td>%" PRIu64 "</td><td>%.1f</td><td>%.1f</td></tr>\n",
                p->executions, 100 * simd, stalls, p->passes / ex, p->sectors / ex);
    }
    fputs("</table></div>\n", f);
}

/* the first block's warps: a row each, a mark per issue, the waits before
 * issues coloured by their stall reason. Cycles count from the launch's
 * start (the kernel's own cycles); the run's cycle is in each mark's title */
static void timeline(FILE *f, const html_report *h, int k)
{
    if (k >= HR_MAX_KERNELS || k >= h->kernel || !h->nev[k]) return;
    const hr_event *ev = h->ev[k];
    int n = h->nev[k], warps = 0;
    uint64_t base = h->start[k], t0 = ev[0].cycle, t1 = ev[0].cycle;
    for (int i = 0; i < n; i++) {
        if (ev[i].warp + 1 > warps) warps = ev[i].warp + 1;
        uint64_t start = ev[i].cycle > ev[i].waited ? ev[i].cycle - ev[i].waited : 0;
        if (start < t0) t0 = start;
        if (ev[i].cycle > t1) t1 = ev[i].cycle;
    }
    if (t0 < base) t0 = base;
    double span = (double)(t1 - t0 + 1), w = 900;
    int rowh = 14, hgt = warps * rowh + 30;
    fprintf(f, "<h3 id=\"timeline-title-%d\">Warp timeline: the first block's %d warps, cycles %" PRIu64 " to %" PRIu64
               " of this launch</h3>\n<p>Cycles count from the launch's start, which was the run's cycle %" PRIu64
               " (a mark's title gives both).</p>\n", k, warps, t0 - base, t1 - base, base);
    fprintf(f, "<svg id=\"timeline-%d\" width=\"%d\" height=\"%d\" xmlns=\"http://www.w3.org/2000/svg\">\n", k,
            (int)w + 80, hgt);
    for (int wi = 0; wi < warps; wi++)
        fprintf(f, "<text x=\"0\" y=\"%d\" font-size=\"10\">warp %d</text>\n", wi * rowh + 11, wi);
    for (int i = 0; i < n; i++) {
        double x = 60 + w * (double)(ev[i].cycle - t0) / span;
        int y = ev[i].warp * rowh;
        if (ev[i].waited > 1 && ev[i].reason >= 0 && ev[i].reason < STALL_COUNT) {
            double x0 = 60 + w * (double)(ev[i].cycle - ev[i].waited + 1 - t0) / span;
            fprintf(f, "<rect class=\"wait\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\">"
                       "<title>%s, %" PRIu64 " cycles</title></rect>\n",
                    x0, y + 3, x - x0, rowh - 6, colour(ev[i].reason), stall_names[ev[i].reason], ev[i].waited - 1);
        }
        fprintf(f, "<rect class=\"issue\" x=\"%.1f\" y=\"%d\" width=\"1\" height=\"%d\" fill=\"%s\"><title>cycle %" PRIu64
                   " (run cycle %" PRIu64 "), pc %d</title></rect>\n", x, y + 1, rowh - 2, colour(STALL_issued),
                ev[i].cycle - base, ev[i].cycle, ev[i].pc);
    }
    fprintf(f, "<text x=\"60\" y=\"%d\" font-size=\"10\">cycle %" PRIu64 "</text><text x=\"%d\" y=\"%d\" font-size=\"10\" "
               "text-anchor=\"end\">%" PRIu64 "</text>\n", hgt - 4, t0 - base, (int)w + 60, hgt - 4, t1 - base);
    fputs("</svg>\n", f);
    if (n >= HR_MAX_EVENTS) fprintf(f, "<p>(the first %d issues only)</p>\n", HR_MAX_EVENTS);
}

static const char *page_head =
    "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\n<title>%s</title>\n<style>\n"
    "body{font-family:sans-serif;margin:1em 2em}table{border-collapse:collapse}td,th{padding:1px 8px;text-align:left}\n"
    "table.src td.code{font-family:monospace;white-space:pre}table.src td,table.src th{border-bottom:1px solid #eee}\n"
    ".bar{height:10px}table.bars td{width:320px}table.bars td.n{width:auto}\n"
    "div.side{display:flex;gap:2em;align-items:flex-start}table.cuda tr[data-stalls]{cursor:pointer}\n"
    "tr.picked td{outline:1px solid #4e79a7}td.ln{color:#888;text-align:right}\n"
    "</style></head><body>\n";

static const char *page_script =
    "<script>\n"
    "function heat(metric){\n"
    "  document.querySelectorAll('table.src').forEach(function(t){\n"
    "  var rows=t.querySelectorAll('tr[data-stalls]');var max=0;\n"
    "  rows.forEach(function(r){var v=parseFloat(r.dataset[metric]);if(v>max)max=v;});\n"
    "  rows.forEach(function(r){var v=parseFloat(r.dataset[metric]);var a=max>0?v/max:0;\n"
    "    r.style.background='rgba(225,87,89,'+(0.6*a).toFixed(3)+')';});});\n"
    "  document.getElementById('metric').value=metric;\n"
    "}\n"
    "document.getElementById('metric').addEventListener('change',function(e){heat(e.target.value);});\n"
    "document.querySelectorAll('table.cuda tr[data-stalls]').forEach(function(r){r.addEventListener('click',function(){\n"
    "  var side=r.closest('div.side');side.querySelectorAll('tr.picked').forEach(function(x){x.classList.remove('picked');});\n"
    "  r.classList.add('picked');side.querySelectorAll('table.src tr[data-cuda=\"'+r.dataset.src+'\"]').forEach(\n"
    "    function(x){x.classList.add('picked');});});});\n"
    "heat('stalls');\n"
    "</script>\n";

int html_report_write(html_report *h, const char *path, const char *title, const char *config_name,
                      const kernel_stats *ks, int nk, cli_pc_text text_of, const void *const *pc_ctx, diag *d)
{
    FILE *f = whole_open(path);
    if (!f) { diag_error(d, "--report: cannot write '%s': %s", path, strerror(errno)); return 1; }
    fprintf(f, page_head, "warpsim report");
    fputs("<h1>", f);
    markup_escape(f, title);
    fputs(" on ", f);
    markup_escape(f, config_name);
    fputs("</h1>\n<p>Heat map of the source by <select id=\"metric\"><option value=\"stalls\">stall cycles</option>"
          "<option value=\"simd\">idle lanes (1 - SIMD efficiency)</option><option value=\"conflicts\">bank passes per access"
          "</option><option value=\"sectors\">sectors per access</option></select></p>\n", f);
    if (sample_any(ks, nk)) {
        sample_total t;
        sample_plan_total(ks, nk, &t);
        fprintf(f, "<p>Sampled (--sample, docs/sampling.md): program cycles %" PRIu64 ", 95%% interval [%" PRIu64 ", %" PRIu64
                "]; %d of %d launches timed in full, %d until stable, %d projected; %" PRIu64 " of %" PRIu64
                " warp instructions timed.</p>\n", t.cycles, t.lo, t.hi, t.launches_timed, t.launches, t.launches_inside,
                t.launches_projected, t.instructions_timed, t.instructions);
    }
    /* the observer heard the timed launches alone: seen counts them */
    for (int k = 0, seen = 0; k < nk; k++) {
        char name[1024];
        fputs("<h2 title=\"", f);
        markup_escape(f, ks[k].kernel);
        fputs("\">kernel ", f);
        markup_escape(f, dm_readable(ks[k].kernel, name, sizeof name));
        fprintf(f, " (launch %d)</h2>\n", k);
        const sample_info *si = &ks[k].sample;
        if (si->mode == SAMPLE_PROJECTED || si->mode == SAMPLE_INSIDE)
            fprintf(f, "<p>Sampled (--sample, docs/sampling.md): cycles %s %" PRIu64 ", 95%% interval [%" PRIu64 ", %" PRIu64
                    "].</p>\n", si->mode == SAMPLE_PROJECTED ? "projected from its group, run functionally:" : "timed until stable, the rest projected:",
                    ks[k].cycles, si->lo, si->hi);
        if (!ks[k].timed) {
            if (si->mode != SAMPLE_PROJECTED)
                fputs("<p>Not timed: this launch ran functionally (--kernel-name, --launch-skip, --launch-count).</p>\n", f);
            continue;
        }
        summary(f, &ks[k], k);
        stall_bars(f, &ks[k], k);
        energy_bars(f, &ks[k], k);
        timeline(f, h, seen++);
        fputs("<div class=\"side\">\n", f);
        source(f, &ks[k], k, text_of, pc_ctx[k]);
        fputs("</div>\n", f);
    }
    fputs(page_script, f);
    fputs("</body></html>\n", f);
    int err = whole_close(f, path);
    if (err) diag_error(d, "--report: cannot write '%s': %s", path, strerror(err));
    return err != 0;
}
