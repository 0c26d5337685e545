/* sim/util/stop.c — SIGINT/SIGTERM recorded for the loops (stop.h). */
#include "stop.h"
#include "whole_file.h"
#include <signal.h>
#include <string.h>

static volatile sig_atomic_t asked;

static void on_signal(int sig)
{
    if (asked) {
        /* asked twice: the loop did not get there (or the user insists):
         * end now, leaving no half-written file */
        whole_remove_all();
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    asked = sig;
}

void stop_catch(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

int stop_signal(void) { return asked; }
const char *stop_signal_name(int sig) { return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "a signal"; }
void stop_clear(void) { asked = 0; }
void stop_request(int sig) { asked = sig; }
