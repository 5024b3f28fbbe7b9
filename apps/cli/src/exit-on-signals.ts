import { constants } from 'node:os';

/** A terminal's Ctrl-C, the terminal closing, `kill`. */
const STOP_SIGNALS = ['SIGINT', 'SIGHUP', 'SIGTERM'] as const;

/**
 * A stop signal ends the command at once, with one line on standard error and the shell's code for the signal
 * (128 + its number). Exiting, rather than dying of the signal as node does by default, runs the process's exit
 * listeners, among them the one that stops an embedded PostgreSQL this command started: it runs in a session of its
 * own, so a terminal's Ctrl-C does not reach it. The database rolls back whatever the command had not committed.
 */
export function exitOnStopSignals(): void {
  for (const signal of STOP_SIGNALS) {
    process.once(signal, () => {
      process.stderr.write(`error: stopped by ${signal} before the command finished\n`);
      process.exit(128 + constants.signals[signal]);
    });
  }
}
