/* sim/out/html_report.h — `--report FILE.html`: one self-contained page (no
 * external resources) per run: each kernel's summary, its stall breakdown,
 * its source as a heat map by a chosen figure (stalls, SIMD efficiency,
 * bank conflicts, sectors per access) and a warp timeline in SVG (the warps
 * of the first block, as an observer recorded them). */
#ifndef WARPSIM_HTML_REPORT_H
#define WARPSIM_HTML_REPORT_H
#include <stdio.h>
#include "cli_report.h"
#include "exec/observer.h"

typedef struct html_report html_report;

html_report *html_report_new(void);
/* records the first block's warps of each launch for the timeline */
sim_observer html_report_observer(html_report *h);
/* write the page (whole or not at all): ks[i] and pc_ctx[i] for each launch */
int html_report_write(html_report *h, const char *path, const char *title, const char *config_name,
                      const kernel_stats *ks, int nk, cli_pc_text text_of, const void *const *pc_ctx, diag *d);
void html_report_free(html_report *h);
/* sim/out/html_source.c: a launch's CUDA source table with its figures per
 * line (the kernel's line table); 0 written when it has none */
int html_source_cuda(FILE *f, const kernel_stats *s, int k, cli_pc_text text_of, const void *ctx);

#endif
