/* sim/util/stop.h — a stop asked for from outside: SIGINT or SIGTERM.
 * The handler only records the signal (and at most write(2)s a line); the
 * simulation loops look at it between cycles (every 4096 cycles, or each
 * round of the functional runner), report where every resident warp is and
 * return, so that the statistics so far are printed and no output file is
 * left half written.
 *
 * Requests, as the handler counts them:
 *   - the first: the loops stop at their next look and write what they have;
 *     the process exits 128 + the signal (130 SIGINT, 143 SIGTERM);
 *   - the same signal again within a second of the first is the same
 *     request (GNU timeout, shells, Slurm and supervisors signal the process
 *     and then its process group; a key held down repeats);
 *   - a separate request (another signal, or the same one later): if the
 *     loops have seen the first (the results are being written) it changes
 *     nothing; otherwise they get one more second to stop and write them,
 *     after which the process ends (an alarm) with its temporary files
 *     removed;
 *   - a third request ends the process at once, temporary files removed
 *     (what stdio still buffers is lost then: nothing else can be done
 *     safely in a handler). */
#ifndef WARPSIM_STOP_H
#define WARPSIM_STOP_H
#include <signal.h>

/* catch SIGINT and SIGTERM from now on, as above */
void stop_catch(void);
/* the signal that asked for a stop, or 0; a nonzero answer tells the handler
 * that the request is being acted on (the results are being written) */
int stop_signal(void);
/* the run has ended and its results are being written: a separate request
 * from now on waits for them (a third still ends the process at once) */
void stop_finishing(void);
/* its name: "SIGINT", "SIGTERM" */
const char *stop_signal_name(int sig);
/* forget a stop (tests) */
void stop_clear(void);
/* ask for a stop as the signal would (tests, --max-seconds) */
void stop_request(int sig);
/* block SIGINT, SIGTERM and SIGALRM in the calling thread (old mask into
 * *old), so that threads it starts inherit the block and the signals go to
 * the main thread only; stop_unblock puts the old mask back */
void stop_block(sigset_t *old);
void stop_unblock(const sigset_t *old);

#endif
