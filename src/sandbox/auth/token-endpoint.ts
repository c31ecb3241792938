/**
 * The token endpoint the spec leaves open (docs/sandbox.md): `POST /oauth/token`, form-encoded, RFC 6749
 * client_credentials (4.4) and password (4.3) grants, client authentication in the body or with HTTP Basic
 * (2.3.1), and RFC 6749 (5.2) error answers.
 */
import type { AppRegistry } from './apps'
import type { TokenStore } from './tokens'

export interface TokenAnswer {
  status: number
  body: Record<string, unknown>
  headers: Record<string, string>
}

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' }

function oauthError(status: number, error: string, description: string, extra: Record<string, string> = {}): TokenAnswer {
  return { status, body: { error, error_description: description }, headers: { ...NO_STORE, ...extra } }
}

/** Client credentials from `Authorization: Basic`, form-decoded as RFC 6749 2.3.1 asks. */
function basicCredentials(authorization: string | undefined): { id: string; secret: string } | null | 'malformed' {
  if (!authorization) return null
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization)
  if (!m) return /^Basic\b/i.test(authorization) ? 'malformed' : null
  const decoded = Buffer.from(m[1] as string, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return 'malformed'
  try {
    const dec = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '))
    return { id: dec(decoded.slice(0, colon)), secret: dec(decoded.slice(colon + 1)) }
  } catch {
    return 'malformed'
  }
}

export interface TokenRequest {
  method: string
  contentType: string | undefined
  authorization: string | undefined
  body: string
}

export class TokenEndpoint {
  constructor(
    private readonly apps: AppRegistry,
    private readonly tokens: TokenStore,
    /** Checks a user's login and password; returns the login as stored, or undefined. */
    private readonly checkUser: (username: string, password: string) => string | undefined,
  ) {}

  handle(req: TokenRequest): TokenAnswer {
    if (req.method !== 'POST') {
      return oauthError(405, 'invalid_request', 'The token endpoint accepts POST only.', { allow: 'POST' })
    }
    const type = (req.contentType ?? '').split(';')[0]?.trim().toLowerCase()
    if (type !== 'application/x-www-form-urlencoded') {
      return oauthError(400, 'invalid_request', 'The request must be form-encoded (application/x-www-form-urlencoded).')
    }
    const form = new URLSearchParams(req.body)
    for (const key of new Set(form.keys())) {
      if (form.getAll(key).length > 1) return oauthError(400, 'invalid_request', `Parameter ${key} is repeated.`)
    }
    const grant = form.get('grant_type')
    if (!grant) return oauthError(400, 'invalid_request', 'grant_type is required.')

    const basic = basicCredentials(req.authorization)
    if (basic === 'malformed') return this.invalidClient('The Basic credentials are malformed.', true)
    const bodyId = form.get('client_id')
    const bodySecret = form.get('client_secret')
    if (basic && bodySecret !== null) {
      return oauthError(400, 'invalid_request', 'Use one client authentication method: Basic or client_secret, not both.')
    }
    const clientId = basic ? basic.id : bodyId
    const clientSecret = basic ? basic.secret : bodySecret
    if (!clientId || clientSecret === null || clientSecret === undefined) {
      return this.invalidClient('Client authentication is required (client_id and client_secret).', Boolean(basic))
    }
    const app = this.apps.get(clientId)
    if (!app || app.clientSecret !== clientSecret) return this.invalidClient('Unknown client or wrong secret.', Boolean(basic))

    if (grant !== 'client_credentials' && grant !== 'password') {
      return oauthError(400, 'unsupported_grant_type', `grant_type ${grant} is not supported: use client_credentials or password.`)
    }
    const requested = form.get('scope')
    let scopes: readonly string[] = app.scopes
    if (requested !== null && requested.trim() !== '') {
      const asked = requested.trim().split(/\s+/)
      const refused = asked.filter((s) => !app.scopes.includes(s))
      if (refused.length) return oauthError(400, 'invalid_scope', `Scope not approved for this client: ${refused.join(' ')}.`)
      scopes = [...new Set(asked)]
    }

    let login: string | undefined
    if (grant === 'password') {
      const username = form.get('username')
      const password = form.get('password')
      if (!username || password === null || password === '') {
        return oauthError(400, 'invalid_request', 'The password grant needs username and password.')
      }
      login = this.checkUser(username, password)
      if (!login) return oauthError(400, 'invalid_grant', 'The username or password is wrong.')
    }
    const { token } = this.tokens.issue(
      login ? { kind: 'user', clientId, scopes, login } : { kind: 'app', clientId, scopes },
    )
    return {
      status: 200,
      body: {
        access_token: token,
        token_type: 'bearer',
        expires_in: this.tokens.ttlSeconds,
        scope: scopes.join(' '),
      },
      headers: NO_STORE,
    }
  }

  private invalidClient(description: string, usedBasic: boolean): TokenAnswer {
    // RFC 6749 5.2: 401 with a challenge for the scheme the client used (Basic either way here).
    return oauthError(401, 'invalid_client', description, { 'www-authenticate': `Basic realm="sandbox"${usedBasic ? ', error="invalid_client"' : ''}` })
  }
}
