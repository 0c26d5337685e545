/* sim/out/src_text.h — the CUDA source files the views show beside the
 * SASS: found at the path the compiler recorded, else beside the program
 * (or the dump), else under the folders named by --source-path. */
#ifndef WARPSIM_SRC_TEXT_H
#define WARPSIM_SRC_TEXT_H

/* where else to look: the program run (its folder), and extra folders */
void src_text_set_program(const char *program);
void src_text_add_dir(const char *dir);
/* the folders of a colon-separated list (as $WARPSIM_SOURCE_PATH holds them) */
void src_text_add_dirs(const char *list);
/* the path the file recorded as `file` was found at (`near`: a file beside
 * which to look too, such as the dump; may be NULL), or NULL */
const char *src_text_path(const char *file, const char *near);
/* line n (1-based) of that file without its newline, or NULL; *len its length */
const char *src_text_line(const char *file, const char *near, int n, int *len);
/* the file's name without its folders */
const char *src_text_base(const char *file);
/* forget every file read (the views' end) */
void src_text_free(void);

#endif
