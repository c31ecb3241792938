/**
 * Retry policy (docs/decisions.md): only `read` and `idempotent` operations, only on code 500 and transport
 * failures, exponential backoff with full jitter, abortable while waiting.
 */
import type { RepeatSafety } from '@shared/api/operations'
import type { AppError } from '@shared/errors/app-error'
import type { Abortable } from './abort-scope'

/** Longest single wait, whatever the attempt number. */
export const MAX_BACKOFF_MS = 10_000

/** Whether a failed attempt of an operation of this class may be sent again automatically. */
export function shouldRetry(repeat: RepeatSafety, error: AppError, attempt: number, maxRetries: number): boolean {
  if (repeat === 'create') return false
  if (attempt >= maxRetries) return false
  return error.details.retryable === true
}

/** Full jitter: a uniform wait in [0, min(cap, base * 2^attempt)). `random` is injectable for tests. */
export function backoffMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** attempt)
  return Math.floor(random() * ceiling)
}

/** Waits `ms`, rejecting with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: Abortable): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error)
      return
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason as Error)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
