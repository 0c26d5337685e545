/* sim/util/json.h — a small JSON writer (comma and nesting bookkeeping). */
#ifndef WARPSIM_JSON_H
#define WARPSIM_JSON_H
#include <stdio.h>
#include <stdint.h>

typedef struct {
    FILE *f;
    int depth;
    int need_comma[32];
} json_writer;

void json_init(json_writer *j, FILE *f);
void json_begin_object(json_writer *j, const char *key);  /* key NULL inside arrays / at top */
void json_end_object(json_writer *j);
void json_begin_array(json_writer *j, const char *key);
void json_end_array(json_writer *j);
void json_string(json_writer *j, const char *key, const char *value);
void json_uint(json_writer *j, const char *key, uint64_t value);
void json_int(json_writer *j, const char *key, int64_t value);
void json_double(json_writer *j, const char *key, double value);

#endif
