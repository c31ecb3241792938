/**
 * Low-level transport codes (what undici or the OS said: ECONNREFUSED, ENOTFOUND, …) and the error that says each
 * in words with what to do. One table for every screen: the connection test, the outbox's "waiting for the
 * connection", a bulk run that stopped, any call. The raw code is never the message; it stays in the details.
 */
import type { AppErrorCode } from './catalog'

export const TRANSPORT_WORDS: Readonly<Record<string, AppErrorCode>> = {
  ECONNREFUSED: 'app.connectionRefused',
  ENOTFOUND: 'app.hostNotFound',
  EAI_AGAIN: 'app.hostNotFound',
  EHOSTUNREACH: 'app.hostUnreachable',
  ENETUNREACH: 'app.hostUnreachable',
  EHOSTDOWN: 'app.hostUnreachable',
  UND_ERR_CONNECT_TIMEOUT: 'app.connectTimeout',
  ETIMEDOUT: 'app.connectTimeout',
  ECONNRESET: 'app.connectionReset',
  EPIPE: 'app.connectionReset',
  UND_ERR_SOCKET: 'app.connectionReset',
  UND_ERR_CLOSED: 'app.connectionReset',
  ERR_TLS_CERT_ALTNAME_INVALID: 'app.tlsFailed',
  CERT_HAS_EXPIRED: 'app.tlsFailed',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'app.tlsFailed',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'app.tlsFailed',
  SELF_SIGNED_CERT_IN_CHAIN: 'app.tlsFailed',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'app.tlsFailed',
  ERR_SSL_WRONG_VERSION_NUMBER: 'app.tlsFailed',
}

/** The codes whose raw reason is a transport code (`params.detail`). */
const TRANSPORT_CODES: ReadonlySet<string> = new Set(['app.network', 'app.tokenRequest'])

/** The worded error's key for a transport failure, or null when the error is not one we can word. */
export function transportWordsKey(code: string, params: Readonly<Record<string, string | number>>): AppErrorCode | null {
  if (!TRANSPORT_CODES.has(code)) return null
  return TRANSPORT_WORDS[String(params['detail'] ?? '')] ?? null
}

/** The host part of a service address, for the worded messages ("Nothing answers at {host}…"). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}
