/**
 * What the user can do about an error, one place for every screen and the CLI: errors about the connection's
 * credentials (the service refused the app, the user token or the security check) stop the work with one prompt
 * to fix the connection profile, never one error per row; a passing fault of the service (user center
 * exception, network error) says to try again.
 */
import type { AppErrorData } from './app-error'

export type ErrorAdvice = 'credentials' | 'tryAgain' | 'none'

/** Codes that mean the connection profile's credentials (or tokens) are not accepted. */
export const CREDENTIAL_CODES: ReadonlySet<string> = new Set([
  '60000',
  '60005',
  '70001',
  'app.unauthorized',
  'app.missingSecret',
  'app.pastedTokenRejected',
  'app.tokenRequest',
])

/** Codes of a passing fault: the same request may well succeed a moment later. */
export const TRY_AGAIN_CODES: ReadonlySet<string> = new Set(['80001', '500', 'app.network', 'app.timeout', 'app.deadline'])

/** The advice for an error. */
export function errorAdvice(e: Pick<AppErrorData, 'code' | 'details'>): ErrorAdvice {
  const status = e.details.httpStatus
  if (CREDENTIAL_CODES.has(e.code) || status === 401 || status === 403) return 'credentials'
  if (TRY_AGAIN_CODES.has(e.code) || (e.code === 'app.httpStatus' && (status ?? 0) >= 500)) return 'tryAgain'
  return 'none'
}
