/* sim/util/whole_file.h — output files that are written whole or not at all:
 * the data goes to PATH.tmp, which is renamed to PATH when it is closed
 * without error, and removed otherwise. */
#ifndef WARPSIM_WHOLE_FILE_H
#define WARPSIM_WHOLE_FILE_H
#include <stdio.h>

/* NULL with errno set when PATH.tmp cannot be created */
FILE *whole_open(const char *path);
/* 0, or the errno of the failed write or rename (PATH.tmp is removed) */
int whole_close(FILE *f, const char *path);
/* the run failed: PATH.tmp is closed and removed, PATH left as it was */
void whole_discard(FILE *f, const char *path);
/* remove every PATH.tmp still open (the process is about to end at once:
 * out of memory, a second signal); async-signal-safe */
void whole_remove_all(void);

#endif
