/**
 * Classifies what undici (or Node's sockets) threw: whether the request can have reached the server, which
 * decides between "retry/resend is safe" and "outcome unknown" for creates.
 */
import { AppError } from '@shared/errors/app-error'
import type { Abortable } from './abort-scope'

/** notSent: the server cannot have seen the request; maybeSent: it may have done the work; aborted: we stopped it. */
export type TransportFate = 'notSent' | 'maybeSent' | 'aborted'

export interface TransportFailure {
  fate: TransportFate
  /** app.network, app.timeout or app.cancelled. */
  code: 'app.network' | 'app.timeout' | 'app.cancelled'
  /** Short technical reason (error code), safe for logs. */
  detail: string
}

// Failures before a connection exists: nothing was written to the wire.
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_CLOSED',
  'UND_ERR_DESTROYED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
])
const TIMEOUTS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT'])

function errorCode(err: unknown): string {
  if (typeof err !== 'object' || err === null) return ''
  const e = err as { code?: unknown; cause?: unknown; name?: unknown }
  if (typeof e.code === 'string' && e.code !== '') return e.code
  if (e.cause) return errorCode(e.cause)
  return typeof e.name === 'string' ? e.name : ''
}

/** What a thrown transport error means for the call. */
export function classifyTransportError(err: unknown, signal?: Abortable): TransportFailure {
  const code = errorCode(err)
  if (signal?.aborted || code === 'UND_ERR_ABORTED' || code === 'AbortError' || code === 'ABORT_ERR') {
    // A timeout signal we armed ourselves is a timeout, not a user's cancel.
    const reason: unknown = signal?.reason
    const isTimeout = typeof reason === 'object' && reason !== null && (reason as { name?: unknown }).name === 'TimeoutError'
    return isTimeout
      ? { fate: 'maybeSent', code: 'app.timeout', detail: 'timeout' }
      : { fate: 'aborted', code: 'app.cancelled', detail: 'aborted' }
  }
  if (NOT_SENT.has(code)) return { fate: 'notSent', code: 'app.network', detail: code }
  if (TIMEOUTS.has(code)) return { fate: 'maybeSent', code: 'app.timeout', detail: code }
  return { fate: 'maybeSent', code: 'app.network', detail: code || 'transport error' }
}

/** The AppError of a transport failure (retryable unless aborted). */
export function transportAppError(f: TransportFailure, operation: string, host?: string): AppError {
  if (f.code === 'app.cancelled') return AppError.app('app.cancelled', {}, { operation, retryable: false })
  if (f.code === 'app.timeout') return AppError.app('app.timeout', {}, { operation, retryable: true, cause: f.detail })
  // The machine's name lets the screens say where nothing answers (src/shared/errors/transport-words.ts).
  return AppError.app('app.network', host ? { detail: f.detail, host } : { detail: f.detail }, { operation, retryable: true })
}
