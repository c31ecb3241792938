/**
 * A call's one overall deadline (`settings.bulk.callDeadlineMs`): it covers waiting for tokens, every attempt
 * (connect, headers, body) and the waits between attempts. When it passes the call ends, as failed (nothing can
 * have been applied) or unknown (a write that may have been), said in words (docs/decisions.md, "Deadlines").
 */
import type { OperationId, RepeatSafety } from '@shared/api/operations'
import { AppError } from '@shared/errors/app-error'
import type { Abortable } from './abort-scope'

/** When a call must have ended. */
export class Deadline {
  private readonly at: number

  constructor(readonly ms: number) {
    this.at = Date.now() + ms
  }

  /** Milliseconds left (0 once passed). */
  remaining(): number {
    return Math.max(0, this.at - Date.now())
  }
}

/** The deadline in seconds, as the words say it (1.5, 30). */
export function deadlineSeconds(ms: number): number {
  return Math.round(ms / 100) / 10
}

/**
 * The error of a call its deadline stopped. Failed (`app.deadline`) when nothing can have been applied: a read, or
 * a request that never left. Otherwise a create's outcome is unknown (`app.unknownOutcome`, read back before it is
 * sent again) and an idempotent write's too (`app.deadlineUnknown`: sending it again is safe).
 */
export function deadlineError(ms: number, operation: OperationId | string, repeat: RepeatSafety, sentMaybe: boolean): AppError {
  const seconds = deadlineSeconds(ms)
  if (!sentMaybe || repeat === 'read') return AppError.app('app.deadline', { seconds }, { operation, retryable: true, cause: 'deadline' })
  if (repeat === 'create') {
    return AppError.app('app.unknownOutcome', {}, { operation, retryable: false, cause: `${DEADLINE_CAUSE} ${seconds} s` })
  }
  return AppError.app('app.deadlineUnknown', { seconds }, { operation, retryable: false, cause: 'deadline' })
}

/** How an unknown outcome caused by the deadline says so in its cause. */
export const DEADLINE_CAUSE = 'app.deadline: no answer within'

/** Whether an error is a call's deadline passing (failed or unknown). */
export function passedDeadline(e: Pick<AppError, 'code' | 'details'>): boolean {
  return e.code === 'app.deadline' || e.code === 'app.deadlineUnknown' || (e.code === 'app.unknownOutcome' && (e.details.cause ?? '').startsWith(DEADLINE_CAUSE))
}

/**
 * Waits for `p` at most `ms`: then rejects with `onTimeout()`; a `signal` that aborts first rejects with
 * app.cancelled. `p` itself goes on (a shared token request has a deadline of its own).
 */
export function within<T>(p: Promise<T>, ms: number, onTimeout: () => AppError, signal?: Abortable): Promise<T> {
  if (signal?.aborted) return Promise.reject(AppError.app('app.cancelled'))
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(AppError.app('app.cancelled'))
    const timer = setTimeout(() => reject(onTimeout()), ms)
    signal?.addEventListener('abort', onAbort, { once: true })
    p.then(resolve, reject).finally(() => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    })
  })
}
