/**
 * What the API client tells the operation journal about each write: one entry before the request is sent and
 * its end after. The journal service implements it (and removes secrets); the client only calls it.
 */
import type { AppErrorData } from '@shared/errors/app-error'
import type { OperationId } from '@shared/api/operations'
import type { JournalCounts } from '@shared/ipc/channels/journal'

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
  /**
   * `body` as JSON, exactly as sent. When removing secrets leaves the body as it is (lock numbers), the journal
   * writes this text instead of serialising the body a second time.
   */
  bodyJson?: string
  nonce: string
  attempt: number
  /** When the entry was written: the call is sent after this (a bulk run writes a few calls ahead). */
  startedAt: number
  context?: JournalContext
}

/** ok; partial (60027); error (the service said no, nothing done); unknown (may or may not have been done). */
export type JournalOutcome = 'ok' | 'partial' | 'error' | 'unknown'

export interface JournalEnd {
  outcome: JournalOutcome
  endedAt: number
  /** When the request went out, if later than the entry's `startedAt` (calls journaled ahead of sending). */
  sentAt?: number
  httpStatus?: number
  error?: AppErrorData
  /** One line about the result in English, e.g. "100 locks: 98 ok, 2 status 2" (exports, text search). */
  summary?: string
  /** The same counts, structured, for the Journal screen to word in the user's language. */
  counts?: JournalCounts
  /** Shell numbers a getShellNums call issued (not secret; the service cannot list them again). */
  shellNumbers?: string[]
}

export interface JournalSink {
  /** Records (and flushes to disk) the start of a call; resolves with the entry id. */
  started(entry: JournalStart): Promise<string>
  /** Records the starts of several calls with one write and one flush; resolves with their ids, in order. */
  startedAll(entries: JournalStart[]): Promise<string[]>
  /**
   * Records (and flushes) the end of a call. `lazy`: the caller does not wait for it; it is written with the
   * next flush, within a few tens of milliseconds.
   */
  ended(id: string, end: JournalEnd, opts?: { lazy?: boolean }): Promise<void>
}
