/* sim/util/stop.c — SIGINT/SIGTERM recorded for the loops (stop.h). Only
 * async-signal-safe calls in the handlers: clock_gettime, alarm, write,
 * unlink (whole_remove_all), signal, raise. */
#include "stop.h"
#include "whole_file.h"
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t asked;     /* the first request's signal */
static volatile sig_atomic_t seen;      /* the loops acted on it, or the run is finishing */
static volatile sig_atomic_t requests;  /* separate requests so far */
/* written and read in the handler only (SIGINT, SIGTERM and SIGALRM are
 * blocked while it runs, and blocked in every thread but the main one) */
static struct timespec first_at;

static void say(const char *s) { ssize_t r = write(STDERR_FILENO, s, strlen(s)); (void)r; }

/* end now, as the signal would without a handler, leaving no half file */
static void end_now(int sig)
{
    whole_remove_all();
    signal(sig, SIG_DFL);
    raise(sig);
}

static void on_alarm(int sig)
{
    (void)sig;
    say("warpsim: the run did not stop within a second of the second request: ending now\n");
    end_now(asked ? asked : SIGTERM);
}

static void on_signal(int sig)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (!asked) {
        asked = sig;
        first_at = now;
        requests = 1;
        return;
    }
    double since = (double)(now.tv_sec - first_at.tv_sec) + 1e-9 * (double)(now.tv_nsec - first_at.tv_nsec);
    if (sig == asked && since < 1.0 && requests == 1) return;   /* the same request, delivered twice */
    requests++;
    if (requests >= 3) {
        say("warpsim: asked to stop a third time: ending now, without the statistics\n");
        end_now(sig);
        return;
    }
    if (seen) return;   /* the results are being written; the process ends after them */
    /* the loops have not looked yet: one more second, then end */
    say("warpsim: asked to stop again: the statistics so far follow within a second, or the run ends without them\n");
    alarm(2);
}

void stop_catch(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGINT);
    sigaddset(&sa.sa_mask, SIGTERM);
    sigaddset(&sa.sa_mask, SIGALRM);
    sa.sa_flags = SA_RESTART;
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sa.sa_handler = on_alarm;
    sigaction(SIGALRM, &sa, NULL);
}

int stop_signal(void)
{
    int s = asked;
    if (s && !seen) {
        seen = 1;
        alarm(0);   /* a second request's deadline: met */
    }
    return s;
}

void stop_finishing(void)
{
    seen = 1;
    if (asked) alarm(0);
}

const char *stop_signal_name(int sig) { return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "a signal"; }
void stop_clear(void) { asked = 0; seen = 0; requests = 0; }
void stop_request(int sig) { asked = sig; requests = 1; }

static void stop_set(sigset_t *s)
{
    sigemptyset(s);
    sigaddset(s, SIGINT);
    sigaddset(s, SIGTERM);
    sigaddset(s, SIGALRM);
}

void stop_block(sigset_t *old)
{
    sigset_t s;
    stop_set(&s);
    pthread_sigmask(SIG_BLOCK, &s, old);
}

void stop_unblock(const sigset_t *old) { pthread_sigmask(SIG_SETMASK, old, NULL); }
