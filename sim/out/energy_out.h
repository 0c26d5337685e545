/* sim/out/energy_out.h — energy and power in the outputs (docs/energy.md). */
#ifndef WARPSIM_ENERGY_OUT_H
#define WARPSIM_ENERGY_OUT_H
#include <stdio.h>
#include "stats/stats.h"
#include "util/json.h"

/* joules as text with a unit that fits ("1.234 mJ") */
const char *energy_text(double j, char *buf, int len);
/* the text summary's energy lines of a timed launch (or why there are none) */
void energy_print_launch(const kernel_stats *s);
/* a program's energy, the sum of its launches' (nothing for one launch or none with energy) */
void energy_print_program(const kernel_stats *ks, int nk);
/* the launch's "energy" object; the program's (nothing when no launch has energy) */
void energy_json_launch(json_writer *j, const kernel_stats *s);
void energy_json_program(json_writer *j, const kernel_stats *ks, int nk);
/* per instruction: its energy_j field, its --per-pc text, the table's footer */
void energy_json_pc(json_writer *j, const kernel_stats *s, int pc);
void energy_text_pc(const kernel_stats *s, int pc);
void energy_print_pc_footer(const kernel_stats *s);
/* CSV: energy_j, power_w, edp_js and energy.PART for each part (empty without energy) */
int energy_csv_columns(void);
void energy_csv_header(FILE *f);
void energy_csv_row(FILE *f, const kernel_stats *s);

#endif
