/* sim/util/whole_file.c — write to PATH.tmp, rename into place on success.
 * The temporary names open now are kept in a table, so that a process
 * that must end at once (out of memory, a second Ctrl-C) can remove them:
 * no half-written file is left behind, under any name. */
#include "whole_file.h"
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <unistd.h>

#define MAX_OPEN 64
#define NAME_LEN 4200

static void tmp_name(char *buf, size_t len, const char *path) { snprintf(buf, len, "%s.tmp", path); }

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char open_names[MAX_OPEN][NAME_LEN];
static volatile int in_use[MAX_OPEN];

static void note(const char *tmp, int add)
{
    pthread_mutex_lock(&lock);
    for (int i = 0; i < MAX_OPEN; i++) {
        if (add && !in_use[i]) { snprintf(open_names[i], NAME_LEN, "%s", tmp); in_use[i] = 1; break; }
        if (!add && in_use[i] && !strcmp(open_names[i], tmp)) { in_use[i] = 0; break; }
    }
    pthread_mutex_unlock(&lock);
}

FILE *whole_open(const char *path)
{
    char tmp[NAME_LEN];
    tmp_name(tmp, sizeof tmp, path);
    FILE *f = fopen(tmp, "w");
    if (f) note(tmp, 1);
    return f;
}

int whole_close(FILE *f, const char *path)
{
    char tmp[NAME_LEN];
    tmp_name(tmp, sizeof tmp, path);
    int err = ferror(f) ? (errno ? errno : EIO) : 0;
    if (fclose(f) && !err) err = errno ? errno : EIO;
    if (!err && rename(tmp, path)) err = errno;
    if (err) remove(tmp);
    note(tmp, 0);
    return err;
}

void whole_discard(FILE *f, const char *path)
{
    char tmp[NAME_LEN];
    tmp_name(tmp, sizeof tmp, path);
    fclose(f);
    remove(tmp);
    note(tmp, 0);
}

void whole_remove_all(void)
{
    /* only unlink: safe in a signal handler (no lock: the process ends) */
    for (int i = 0; i < MAX_OPEN; i++)
        if (in_use[i]) unlink(open_names[i]);
}
