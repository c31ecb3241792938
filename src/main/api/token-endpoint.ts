/**
 * The HTTP side of token issuing: a form-encoded POST to the profile's token endpoint (RFC 6749), through the
 * profile's pooled agent, retried on transport failures and 5xx (issuing a token twice is harmless).
 */
import { request, type Dispatcher } from 'undici'
import { AppError } from '@shared/errors/app-error'
import { describeIssues } from './decode'
import { deadlineError } from './deadline'
import { backoffMs, sleep } from './retry'
import { tokenResponseSchema, type TokenIssuer, type TokenResponse } from './tokens'
import { classifyTransportError } from './transport'
import { hostOf } from '@shared/errors/transport-words'

export interface TokenEndpointOptions {
  dispatcher: Dispatcher
  maxRetries: number
  retryBaseMs: number
  /** One deadline across all the attempts of one token request (connect, headers, body, waits): see deadline.ts. */
  deadlineMs: number
  /** Told the grant type of every request sent (tests count token requests). */
  onRequest?: (grantType: string) => void
}

/** The error text of an OAuth error body (`error_description`, `error`) or a service envelope (`message`). */
function oauthErrorText(v: unknown): string | undefined {
  if (typeof v !== 'object' || v === null) return undefined
  const e = v as { error?: unknown; error_description?: unknown; message?: unknown }
  const pick = [e.error_description, e.error, e.message].find((x) => typeof x === 'string' && x !== '')
  return typeof pick === 'string' ? pick.slice(0, 200) : undefined
}

/** A TokenIssuer posting to `tokenUrl`. */
export function tokenEndpointIssuer(tokenUrl: string, opts: TokenEndpointOptions): TokenIssuer {
  return async (form, caller) => {
    // The request ends by its deadline (failed: issuing a token changes nothing), or when the caller stops it.
    const timeout = AbortSignal.timeout(opts.deadlineMs)
    const signal = caller ? AbortSignal.any([caller, timeout]) : timeout
    const passed = () => deadlineError(opts.deadlineMs, 'token', 'read', false)
    for (let attempt = 0; ; attempt++) {
      let failure: AppError
      try {
        opts.onRequest?.(form['grant_type'] ?? '')
        const res = await request(tokenUrl, {
          dispatcher: opts.dispatcher,
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
          body: new URLSearchParams(form).toString(),
          signal,
        })
        const text = await res.body.text()
        let json: unknown
        try {
          json = JSON.parse(text)
        } catch {
          json = undefined
        }
        if (res.statusCode >= 200 && res.statusCode < 300) {
          const parsed = tokenResponseSchema.safeParse(json)
          if (parsed.success) return parsed.data satisfies TokenResponse
          throw AppError.app('app.tokenRequest', { detail: describeIssues(parsed.error) }, { httpStatus: res.statusCode })
        }
        const detail = oauthErrorText(json) ?? `HTTP ${res.statusCode}`
        failure = AppError.app('app.tokenRequest', { detail }, { httpStatus: res.statusCode, retryable: res.statusCode >= 500 })
      } catch (err) {
        if (err instanceof AppError) throw err
        if (timeout.aborted) throw passed()
        const t = classifyTransportError(err, signal)
        if (t.fate === 'aborted') throw AppError.app('app.cancelled')
        // The machine's name lets the sentence say where nothing answers (src/shared/errors/transport-words.ts).
        failure = AppError.app('app.tokenRequest', { detail: t.detail, host: hostOf(tokenUrl) }, { retryable: true })
      }
      if (!failure.details.retryable || attempt >= opts.maxRetries) throw failure
      try {
        await sleep(backoffMs(attempt, opts.retryBaseMs), signal)
      } catch {
        throw timeout.aborted ? passed() : AppError.app('app.cancelled')
      }
    }
  }
}
