/* sim/util/whole_file.c — write to PATH.tmp, rename into place on success. */
#include "whole_file.h"
#include <errno.h>

static void tmp_name(char *buf, size_t len, const char *path) { snprintf(buf, len, "%s.tmp", path); }

FILE *whole_open(const char *path)
{
    char tmp[4200];
    tmp_name(tmp, sizeof tmp, path);
    return fopen(tmp, "w");
}

int whole_close(FILE *f, const char *path)
{
    char tmp[4200];
    tmp_name(tmp, sizeof tmp, path);
    int err = ferror(f) ? (errno ? errno : EIO) : 0;
    if (fclose(f) && !err) err = errno ? errno : EIO;
    if (!err && rename(tmp, path)) err = errno;
    if (err) remove(tmp);
    return err;
}
