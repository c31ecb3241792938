/** Exit codes of the CLI: scripts tell success, partial failure and error apart. */
export const EXIT = {
  /** Everything asked for was done. */
  ok: 0,
  /** Some items failed (or were not sent); the rest were done. */
  partial: 1,
  /** Nothing was done: bad input, bad credentials, unreachable service. */
  error: 2,
  /** Stopped by Ctrl-C (128 + SIGINT). */
  interrupted: 130,
} as const
