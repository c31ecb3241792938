/**
 * Access tokens of one profile: issued from the token endpoint (RFC 6749 client_credentials and password
 * grants) or pasted by the user, held in memory only with their expiry, single-flight per kind so many
 * concurrent calls cause one token request, and invalidated when the service rejects them.
 */
import { z } from 'zod'
import { GROUP_SCOPE } from '@shared/api/operations'
import { AppError } from '@shared/errors/app-error'
import type { SecretName } from '@shared/ipc/channels/profiles'
import { rememberSecret } from '../services/known-secrets'
import type { Abortable } from './abort-scope'
import type { ConnectionConfig } from './connection'

/** The three tokens the service knows: the order app token, the member client token, the member user token. */
export type TokenKind = 'order' | 'memberClient' | 'memberUser'

/** The pasted-token secret that stands in for each kind. */
export const PASTED_SECRET: Record<TokenKind, SecretName> = {
  order: 'orderAccessToken',
  memberClient: 'memberClientToken',
  memberUser: 'userToken',
}

/** Token endpoint answer (RFC 6749 section 5.1); extra fields are ignored. */
export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.coerce.number().positive().optional(),
  scope: z.string().optional(),
})
export type TokenResponse = z.output<typeof tokenResponseSchema>

/** Sends a form to the token endpoint and returns its parsed answer (or throws AppError). */
export type TokenIssuer = (form: Record<string, string>, signal?: AbortSignal) => Promise<TokenResponse>

export interface HeldToken {
  token: string
  /** Epoch ms after which we stop using it (expiry minus a safety margin); Infinity for pasted tokens. */
  usableUntil: number
  source: 'issued' | 'pasted'
}

/** Lifetime assumed when the endpoint does not say (RFC 6749 leaves expires_in optional). */
export const DEFAULT_LIFETIME_S = 3600

/** Stop using a token this long before it expires: 10% of its lifetime, between 5 and 60 seconds. */
export function safetyMarginMs(lifetimeS: number): number {
  return Math.min(60_000, Math.max(5_000, lifetimeS * 100))
}

/** One token manager per profile (per API client). */
export class TokenManager {
  private readonly held = new Map<TokenKind, HeldToken>()
  private readonly pending = new Map<TokenKind, Promise<HeldToken>>()

  constructor(
    private readonly config: ConnectionConfig,
    private readonly issue: TokenIssuer,
    private readonly now: () => number = Date.now,
  ) {}

  /** The token of this kind if one is held and usable now (no waiting: the common case of every call). */
  peek(kind: TokenKind): HeldToken | undefined {
    const current = this.held.get(kind)
    return current && current.usableUntil > this.now() ? current : undefined
  }

  /** A usable token of this kind, issuing one if needed; concurrent callers share one request. */
  async get(kind: TokenKind, signal?: Abortable): Promise<HeldToken> {
    const current = this.held.get(kind)
    if (current && current.usableUntil > this.now()) return current
    let flight = this.pending.get(kind)
    if (!flight) {
      // The shared request is not tied to the first caller's signal: one caller cancelling must not fail the
      // others waiting on it. Each caller stops waiting on its own signal instead.
      flight = this.obtain(kind).then((got) => {
        rememberSecret(got.token)
        this.held.set(kind, got)
        return got
      })
      flight.finally(() => this.pending.delete(kind)).catch(() => undefined)
      this.pending.set(kind, flight)
    }
    return untilAborted(flight, signal)
  }

  /**
   * Forgets a token the service rejected, if it is still the one held (so fifty calls failing with the same
   * token cause one re-issue). Returns false when the token was pasted: it cannot be re-issued.
   */
  invalidate(kind: TokenKind, token: string): boolean {
    const current = this.held.get(kind)
    if (current?.source === 'pasted' && current.token === token) return false
    if (current?.token === token) this.held.delete(kind)
    return true
  }

  /** Drops every held token (profile changed or client closed). */
  clear(): void {
    this.held.clear()
  }

  private async secret(name: SecretName): Promise<string | null> {
    const v = await this.config.getSecret(name)
    return v && v.length > 0 ? v : null
  }

  private async obtain(kind: TokenKind): Promise<HeldToken> {
    const c = this.config
    const appKey = kind === 'order' ? c.orderAppKey : c.memberAppKey
    const appSecret = await this.secret(kind === 'order' ? 'orderAppSecret' : 'memberAppSecret')
    const scope = GROUP_SCOPE[kind === 'order' ? 'order' : 'member']
    // Credentials first: an issued token can be re-issued when it expires; a pasted one cannot.
    if (appKey && appSecret) {
      if (kind !== 'memberUser') {
        return this.issued({ grant_type: 'client_credentials', client_id: appKey, client_secret: appSecret, scope })
      }
      const password = await this.secret('userPassword')
      if (c.userLogin && password) {
        return this.issued({
          grant_type: 'password',
          client_id: appKey,
          client_secret: appSecret,
          username: c.userLogin,
          password,
          scope,
        })
      }
    }
    const pasted = await this.secret(PASTED_SECRET[kind])
    if (pasted) return { token: pasted, usableUntil: Number.POSITIVE_INFINITY, source: 'pasted' }
    throw AppError.app('app.missingSecret', { secret: missingSecretName(kind, Boolean(appKey && appSecret)) })
  }

  private async issued(form: Record<string, string>): Promise<HeldToken> {
    const res = await this.issue(form)
    const lifetimeS = res.expires_in ?? DEFAULT_LIFETIME_S
    return {
      token: res.access_token,
      usableUntil: this.now() + lifetimeS * 1000 - safetyMarginMs(lifetimeS),
      source: 'issued',
    }
  }
}

/** Waits for a promise unless the signal aborts first (then rejects with app.cancelled). */
function untilAborted<T>(p: Promise<T>, signal?: Abortable): Promise<T> {
  if (!signal) return p
  if (signal.aborted) return Promise.reject(AppError.app('app.cancelled'))
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(AppError.app('app.cancelled'))
    signal.addEventListener('abort', onAbort, { once: true })
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

function missingSecretName(kind: TokenKind, haveApp: boolean): SecretName {
  if (kind === 'order') return 'orderAppSecret'
  if (kind === 'memberClient') return 'memberAppSecret'
  return haveApp ? 'userPassword' : 'memberAppSecret'
}
