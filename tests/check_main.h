/* tests/check_main.h — the runner every Check suite ends with. */
#ifndef WARPSIM_CHECK_MAIN_H
#define WARPSIM_CHECK_MAIN_H
#include <check.h>

static inline int run_suite(Suite *s)
{
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}

#endif
