/* sim/util/stop.h — a stop asked for from outside: SIGINT or SIGTERM.
 * The handler only records the signal; the simulation loops look at it
 * between cycles (every 4096 cycles, or each round of the functional
 * runner), report where every resident warp is and return, so that the
 * statistics so far are printed and no output file is left half written. */
#ifndef WARPSIM_STOP_H
#define WARPSIM_STOP_H

/* catch SIGINT and SIGTERM from now on (a second one of them ends the
 * process at once, as without the handler) */
void stop_catch(void);
/* the signal that asked for a stop, or 0 */
int stop_signal(void);
/* its name: "SIGINT", "SIGTERM" */
const char *stop_signal_name(int sig);
/* forget a stop (tests) */
void stop_clear(void);
/* ask for a stop as the signal would (tests, --max-seconds) */
void stop_request(int sig);

#endif
