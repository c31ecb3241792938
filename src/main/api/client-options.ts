/** What a caller gives the API client (src/main/api/client.ts): its options, and a place among its requests in flight. */
import type { Locale } from '@shared/i18n/locale'
import type { BulkSettings } from '@shared/settings'
import type { JournalSink } from './journal-sink'

/** Minimal logger the client writes to (the app's logger redacts; we never pass secrets anyway). */
export interface ApiLogger {
  warn(message: string, meta?: Record<string, unknown>): void
}

export interface ApiClientOptions {
  /** Timeouts and retry bounds; defaults from settings.ts. */
  settings?: Partial<BulkSettings>
  /** Where writes are journaled; without it nothing is journaled (tests of the bare client). */
  journal?: JournalSink
  logger?: ApiLogger
  /** Told about every token request (tests count them). */
  onTokenRequest?: (grantType: string) => void
  /** Randomness of the backoff jitter (tests). */
  random?: () => number
  /** Keep-alive of idle pooled sockets, ms. */
  keepAliveTimeoutMs?: number
  /** The user's language: sent as Accept-Language so server messages can come back in it. */
  locale?: Locale
}

/**
 * A place among a caller's requests in flight, held when the call is made. The client gives it back as soon as
 * an answer with HTTP 200 is in, and reads that answer only after the request that took the place meanwhile has
 * been written; it gives it back too while waiting to retry, and takes it again before sending the retry. The
 * caller releases it when the call ends (`release` does nothing when the place is not held).
 */
export interface CallSlot {
  release(): void
  acquire(): Promise<void>
}
