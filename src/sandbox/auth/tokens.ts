/**
 * Access tokens: random opaque strings with an expiry, held in memory only (a restarted sandbox asks clients
 * to fetch new ones, which they do on 60000). Application tokens come from client_credentials, user tokens
 * from the password grant.
 */
import { randomBytes } from 'node:crypto'
import type { Clock } from '../clock'

export const DEFAULT_TOKEN_TTL_SECONDS = 2 * 60 * 60
/** Tokens kept at most; the oldest go first (a client fetching a token per call must not exhaust memory). */
const MAX_TOKENS = 100_000

export interface TokenRecord {
  kind: 'app' | 'user'
  clientId: string
  scopes: readonly string[]
  /** For user tokens: the admin's login. */
  login?: string
  expiresAt: number
}

export class TokenStore {
  private readonly tokens = new Map<string, TokenRecord>()

  constructor(
    private readonly clock: Clock,
    readonly ttlSeconds = DEFAULT_TOKEN_TTL_SECONDS,
  ) {}

  issue(record: Omit<TokenRecord, 'expiresAt'>): { token: string; record: TokenRecord } {
    const token = randomBytes(24).toString('base64url')
    const full: TokenRecord = { ...record, expiresAt: this.clock.now() + this.ttlSeconds * 1000 }
    this.tokens.set(token, full)
    if (this.tokens.size > MAX_TOKENS) this.evict()
    return { token, record: full }
  }

  /** The live record of a token; undefined when unknown or expired. */
  lookup(token: string): TokenRecord | undefined {
    const r = this.tokens.get(token)
    if (!r) return undefined
    if (r.expiresAt <= this.clock.now()) {
      this.tokens.delete(token)
      return undefined
    }
    return r
  }

  /** Forgets every token (tests of re-issue). */
  revokeAll(): void {
    this.tokens.clear()
  }

  private evict(): void {
    const now = this.clock.now()
    for (const [t, r] of this.tokens) if (r.expiresAt <= now) this.tokens.delete(t)
    while (this.tokens.size > MAX_TOKENS) {
      const oldest = this.tokens.keys().next()
      if (oldest.done) break
      this.tokens.delete(oldest.value)
    }
  }
}
