/**
 * What the API client tells the operation journal about each write: one entry before the request is sent and
 * its end after. The journal service implements it (and removes secrets); the client only calls it.
 */
import type { AppErrorData } from '@shared/errors/app-error'
import type { OperationId } from '@shared/api/operations'

/** Links a journal entry to the bulk job (and chunk) that sent it. */
export interface JournalContext {
  jobId?: string
  chunk?: number
}

export interface JournalStart {
  profileId: string
  operation: OperationId
  method: string
  /** Path without the query. */
  path: string
  /** Query without g_nonce and appKey. */
  query: Record<string, string>
  /** The request body as sent; the journal removes secrets before writing it. */
  body?: unknown
  nonce: string
  attempt: number
  startedAt: number
  context?: JournalContext
}

/** ok; partial (60027); error (the service said no, nothing done); unknown (may or may not have been done). */
export type JournalOutcome = 'ok' | 'partial' | 'error' | 'unknown'

export interface JournalEnd {
  outcome: JournalOutcome
  endedAt: number
  httpStatus?: number
  error?: AppErrorData
  /** One line about the result, e.g. "100 locks: 98 done, 2 not found". */
  summary?: string
}

export interface JournalSink {
  /** Records (and flushes to disk) the start of a call; resolves with the entry id. */
  started(entry: JournalStart): Promise<string>
  /**
   * Records (and flushes) the end of a call. `lazy`: the caller does not wait for it; it is written with the
   * next flush, within a few tens of milliseconds.
   */
  ended(id: string, end: JournalEnd, opts?: { lazy?: boolean }): Promise<void>
}
