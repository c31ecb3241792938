/**
 * The states of a bulk run and of each of its items, defined once: the runner, the job store, the channels and
 * the words of every screen and the CLI (src/shared/i18n/run-words.ts) use these.
 */

/**
 * The final (or current) state of one input item:
 * - ok: done (a lock with status 1; an employee created, `memberGlobalId` set);
 * - failed: the service said no (a lock status 2-4, an employee in the failed list with the server's message,
 *   or an error of the whole call in `error`);
 * - unknown: the call may or may not have been done and reading back could not tell;
 * - cancelled: not done because the job was cancelled;
 * - duplicate: the same item appeared earlier in the input: not sent again (`duplicateOf` is that position);
 * - pending: not finished yet.
 */
export const ITEM_STATES = ['pending', 'ok', 'failed', 'unknown', 'cancelled', 'duplicate'] as const
export type ItemState = (typeof ITEM_STATES)[number]

/** A run's status. */
export const JOB_STATUSES = ['running', 'paused', 'cancelling', 'cancelled', 'completed', 'interrupted'] as const
export type JobStatus = (typeof JOB_STATUSES)[number]
