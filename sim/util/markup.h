/* sim/util/markup.h — text inside HTML and SVG. */
#ifndef WARPSIM_MARKUP_H
#define WARPSIM_MARKUP_H
#include <stdio.h>

/* s with < > & " written as entities */
void markup_escape(FILE *f, const char *s);

#endif
