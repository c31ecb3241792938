/**
 * What the API client tells the operation journal about each write: one entry before the request is sent, the
 * send itself for calls journaled ahead of sending, and its end after. The journal service implements it (and
 * removes secrets); the client only calls it.
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
  /** When the entry was written: the call is sent then, or (`queued`) later. */
  startedAt: number
  /**
   * Journaled ahead of sending (a bulk run's calls wait for a free slot): the journal learns of the send itself
   * through `sent`. Without it the entry is written just before its request goes out.
   */
  queued?: boolean
  context?: JournalContext
}

/**
 * ok; partial (60027); error (the service said no, nothing done); unknown (may or may not have been done);
 * notSent (journaled ahead, then not sent: the run was paused or cancelled first).
 */
export type JournalOutcome = 'ok' | 'partial' | 'error' | 'unknown' | 'notSent'

export interface JournalEnd {
  outcome: JournalOutcome
  endedAt: number
  /** When the request was handed to the connection; absent when it never was (e.g. connection refused). */
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
   * Records the send of a queued call, just before its request leaves: written at once, without an fsync (it
   * survives the app being killed; the next flush puts it on disk). Null when written; otherwise a promise of
   * the line on disk, which the caller waits for before sending.
   */
  sent(id: string, at: number): Promise<void> | null
  /**
   * Records (and flushes) the end of a call. `lazy`: the caller does not wait for it; it is written with the
   * next flush, within a few tens of milliseconds.
   */
  ended(id: string, end: JournalEnd, opts?: { lazy?: boolean }): Promise<void>
}
