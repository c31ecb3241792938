/**
 * What a failed attempt means for the call (client.ts): which held tokens a rejection points at, whether a create's
 * failure leaves its outcome unknown, and where requests go. Pure, so the client stays one loop.
 */
import type { ApiGroup, OperationId } from '@shared/api/operations'
import { AppError } from '@shared/errors/app-error'
import type { CallTokens } from './request'
import type { TokenKind } from './tokens'
import type { TransportFailure } from './transport'

/** The token kinds each group's calls carry. */
export const GROUP_TOKENS: Record<ApiGroup, TokenKind[]> = {
  order: ['order'],
  member: ['memberClient', 'memberUser'],
}

/** The held token a kind of token is in the call's tokens. */
export function tokenOf(used: CallTokens, kind: TokenKind): string {
  return (kind === 'order' ? used.app : kind === 'memberClient' ? used.client : used.user) ?? ''
}

/** Which held tokens a rejection points at: 60000 the app/client token, 60005 the user token, 401/403 all. */
export function rejectedKinds(group: ApiGroup, error: AppError): TokenKind[] | null {
  const status = error.details.httpStatus
  const isAuth = error.code === '60000' || error.code === '60005' || status === 401 || status === 403
  if (!isAuth) return null
  if (group === 'order') return ['order']
  if (error.code === '60000') return ['memberClient']
  if (error.code === '60005') return ['memberUser']
  return ['memberClient', 'memberUser']
}

/**
 * For a create, a failure after the request may have reached the server (500, 5xx, timeout, dropped
 * connection, unreadable 200, cancel mid-flight) means the work may be done: the outcome is unknown.
 */
export function asCreateOutcome(error: AppError, sentMaybe: boolean, opId: OperationId): AppError {
  const status = error.details.httpStatus
  const unknown =
    (sentMaybe && (error.code === 'app.network' || error.code === 'app.timeout' || error.code === 'app.cancelled')) ||
    error.code === '500' ||
    (error.code === 'app.httpStatus' && (status ?? 0) >= 500) ||
    (error.code === 'app.badResponse' && status === 200)
  if (!unknown) return error
  const cause = [error.code, error.details.serverMessage ?? error.details.cause].filter(Boolean).join(': ')
  const details: AppError['details'] = { operation: opId, retryable: false, cause }
  if (status !== undefined) details.httpStatus = status
  return AppError.app('app.unknownOutcome', {}, details)
}

export function toAppError(err: unknown): AppError {
  return err instanceof AppError ? err : AppError.app('app.internal')
}

export const STOPPED_BY_US: Record<'timeout' | 'cancel', TransportFailure> = {
  timeout: { fate: 'maybeSent', code: 'app.timeout', detail: 'timeout' },
  cancel: { fate: 'aborted', code: 'app.cancelled', detail: 'aborted' },
}

/** Where requests go: the origin, and the base URL's own path (prefixed to every operation's path). */
export function targetOf(baseUrl: string): { origin: string; basePath: string; prefix: string } | null {
  try {
    const u = new URL(baseUrl)
    return { origin: u.origin, basePath: u.pathname.replace(/\/+$/, ''), prefix: baseUrl.replace(/\/+$/, '') }
  } catch {
    return null
  }
}
