/* tests/fuzz/replay.c — a harness without libFuzzer: every file named on
 * the command line (a directory: every file in it) goes through
 * LLVMFuzzerTestOneInput once. make check runs the regression corpus and the
 * shipped files this way, with any compiler; a crash or a sanitizer report
 * fails it. */
#include "fuzz.h"
#include <dirent.h>
#include <stdio.h>
#include <sys/stat.h>

static int one(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "replay: cannot open %s\n", path); return 1; }
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    if (!buf) return 1;
    LLVMFuzzerTestOneInput(buf, n);
    free(buf);
    return 0;
}

int main(int argc, char **argv)
{
    int bad = 0, files = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st)) { fprintf(stderr, "replay: no %s\n", argv[i]); bad = 1; continue; }
        if (!S_ISDIR(st.st_mode)) { bad |= one(argv[i]); files++; continue; }
        DIR *dp = opendir(argv[i]);
        struct dirent *e;
        while (dp && (e = readdir(dp))) {
            if (e->d_name[0] == '.') continue;
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
            bad |= one(path);
            files++;
        }
        if (dp) closedir(dp);
    }
    printf("replay: %d inputs\n", files);
    return bad;
}
