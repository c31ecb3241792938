/**
 * Builds the HTTP request of one operation from the OPERATIONS table: path, query (g_nonce first), the
 * headers of its group and the JSON body. Pure, so it is unit-tested without a network.
 */
import { GROUP_PREFIX, OPERATIONS, fillPath, type OperationId } from '@shared/api/operations'

/** Tokens a call carries: the order group needs `app`; the member group needs `client` and `user`. */
export interface CallTokens {
  app?: string
  client?: string
  user?: string
}

/** Parts of a request an operation may have (besides g_nonce and appKey, which the client adds). */
export interface RequestParts {
  path?: Record<string, string>
  query?: Record<string, string | number | boolean | undefined | null>
  body?: unknown
}

export interface BuildContext {
  baseUrl: string
  nonce: string
  tokens: CallTokens
  /** The profile's order app key: batch orders carry it in the query. */
  orderAppKey?: string
  /** The user's language, so the service's own messages come back in it where it can. */
  acceptLanguage?: string
}

export interface BuiltRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** Absolute URL with query. */
  url: string
  /** Path relative to the base URL, without the query: what the journal and logs show. */
  path: string
  /** Query without g_nonce and appKey: what the journal shows. */
  query: Record<string, string>
  headers: Record<string, string>
  body?: string
}

function requireToken(value: string | undefined, name: string): string {
  // The client always resolves tokens first; reaching this is a programming error, not a user error.
  if (!value) throw new Error(`internal: ${name} token missing`)
  return value
}

/** The request of an operation, ready for undici. */
export function buildRequest(opId: OperationId, parts: RequestParts, ctx: BuildContext): BuiltRequest {
  const op = OPERATIONS[opId]
  const path = GROUP_PREFIX[op.group] + fillPath(op.path, parts.path ?? {})
  const query: Record<string, string> = {}
  let search: string
  if (parts.query === undefined && opId !== 'batchOrder') {
    // Only g_nonce (the bulk calls): hex needs no encoding.
    search = `g_nonce=${ctx.nonce}`
  } else {
    const params = new URLSearchParams()
    params.set('g_nonce', ctx.nonce)
    if (opId === 'batchOrder') params.set('appKey', ctx.orderAppKey ?? '')
    for (const [k, v] of Object.entries(parts.query ?? {})) {
      if (v === undefined || v === null || v === '') continue
      query[k] = String(v)
      params.set(k, String(v))
    }
    search = params.toString()
  }
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE' && parts.body !== undefined
  // Header names as the spec spells them (HTTP is case-insensitive, but some gateways are not).
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (ctx.acceptLanguage) headers['Accept-Language'] = ctx.acceptLanguage
  if (op.group === 'order') {
    headers['Authorization'] = `Bearer ${requireToken(ctx.tokens.app, 'app')}`
    // The spec lists Content-Type as required for every order-group call, bodies or not.
    headers['Content-Type'] = 'application/json'
  } else {
    const client = requireToken(ctx.tokens.client, 'client')
    headers['Authorization'] = `Bearer ${client}`
    headers['clientToken'] = client
    headers['userToken'] = requireToken(ctx.tokens.user, 'user')
    if (hasBody) headers['Content-Type'] = 'application/json'
  }
  const built: BuiltRequest = {
    method: op.method,
    url: `${ctx.baseUrl.replace(/\/+$/, '')}${path}?${search}`,
    path,
    query,
    headers,
  }
  if (hasBody) built.body = JSON.stringify(parts.body)
  return built
}
