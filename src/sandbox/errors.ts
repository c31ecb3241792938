/**
 * Errors the sandbox answers with the spec's envelope `{code: String, message, cause}`: every business error
 * and every security error goes out with HTTP 299 (docs/sandbox.md, "HTTP status of each code").
 */
import { HTTP_BUSINESS_ERROR } from '@shared/api/envelope'
import { catalogText } from '@shared/errors/catalog'
import type { Locale } from '@shared/i18n/locale'
import { describeIssue, type RuleIssue } from '@shared/rules/issue'

export class SandboxError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** The envelope's `cause`: a stable English reason, whatever the language of `message`. */
    readonly causeText: string,
    /** Only 60027 carries data (the succeeded and failed lists). */
    readonly data?: unknown,
    readonly httpStatus: number = HTTP_BUSINESS_ERROR,
  ) {
    super(message)
    this.name = 'SandboxError'
  }

  /** The body sent to the client. */
  envelope(): Record<string, unknown> {
    const body: Record<string, unknown> = { code: this.code, message: this.message, cause: this.causeText }
    if (this.data !== undefined) body['data'] = this.data
    return body
  }
}

/** Per-language detail added after the catalog sentence. */
export type Detail = Partial<Record<Locale, string>> & { en: string }

/**
 * An error with the catalog's sentence for the code, in the request's language, plus an optional detail.
 * `params` fill the catalog's placeholders (50003's {min}/{max}, 60009's {max}).
 */
export function apiError(
  code: string,
  locale: Locale,
  detail?: Detail,
  options: { params?: Record<string, string | number>; data?: unknown } = {},
): SandboxError {
  const base = catalogText(code, locale, options.params) ?? code
  const baseEn = catalogText(code, 'en', options.params) ?? code
  const d = detail ? (detail[locale] ?? detail.en) : undefined
  const message = d ? `${base} ${d}` : base
  const cause = detail ? `${baseEn} ${detail.en}` : baseEn
  return new SandboxError(code, message, cause, options.data)
}

/** An error from a rule violation: the message names the field (and the order entry's sequence). */
export function issueError(found: RuleIssue, locale: Locale): SandboxError {
  const message = describeIssue(found, locale)
  const baseEn = catalogText(found.code, 'en') ?? found.code
  return new SandboxError(found.code, message, `${baseEn} ${describeIssue(found, 'en')}`)
}
