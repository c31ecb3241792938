/**
 * The one error shape that crosses every boundary (IPC, HTTP bridge, CLI --json): a code, the catalog key of
 * its message, params for that message, and details. Never a stack trace.
 */
import { z } from 'zod'
import { LOCALES, type Locale } from '../i18n/locale'
import { catalogText, isAppErrorCode, isKnownApiCode, type AppErrorCode } from './catalog'
import { describeInputIssues, ISSUE_CODES, type InputIssue } from './input-issues'
import { transportWordsKey } from './transport-words'

/** Where a worded transport failure does not know the machine's name. */
const THE_SERVICE: Record<Locale, string> = { en: 'the service', 'zh-CN': '服务地址' }

/** A field problem of an `app.invalidInput` error (see input-issues.ts): where, what, and the bound crossed. */
export const errorIssueSchema = z.object({
  path: z.string(),
  /** English and technical (logs); screens word `code` themselves. */
  message: z.string(),
  code: z.enum(ISSUE_CODES).optional(),
  bound: z.number().optional(),
  values: z.array(z.string()).optional(),
  expected: z.string().optional(),
})
export type ErrorIssue = z.infer<typeof errorIssueSchema>

export const appErrorDataSchema = z.object({
  /** A service code ('60002', or one we do not know) or an app code ('app.network'). */
  code: z.string(),
  /** Catalog key of the message: the code itself when known, else 'app.unknownApiCode'. */
  messageKey: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
  details: z
    .object({
      /** What the service said, verbatim. */
      serverMessage: z.string().optional(),
      cause: z.string().optional(),
      httpStatus: z.number().optional(),
      operation: z.string().optional(),
      /** Field-level problems (input validation): the first few. */
      issues: z.array(errorIssueSchema).optional(),
      /** How many more problems there were than `issues` lists. */
      moreIssues: z.number().optional(),
      /** Whether trying again may help. */
      retryable: z.boolean().optional(),
    })
    .default({}),
})
export type AppErrorData = z.output<typeof appErrorDataSchema>
export type AppErrorDetails = AppErrorData['details']

/** An error thrown anywhere in the core; turned into AppErrorData at the boundary. */
export class AppError extends Error {
  readonly code: string
  readonly messageKey: string
  readonly params: Record<string, string | number>
  readonly details: AppErrorDetails

  constructor(code: string, params: Record<string, string | number> = {}, details: AppErrorDetails = {}) {
    const messageKey = isKnownApiCode(code) || isAppErrorCode(code) ? code : 'app.unknownApiCode'
    const effectiveParams =
      messageKey === 'app.unknownApiCode' ? { code, message: details.serverMessage ?? '', ...params } : params
    super(catalogText(messageKey, 'en', effectiveParams) ?? code)
    this.name = 'AppError'
    this.code = code
    this.messageKey = messageKey
    this.params = effectiveParams
    this.details = details
  }

  /** A service error code (or any code) with what the server said. */
  static api(code: string, serverMessage?: string, cause?: string, extra: AppErrorDetails = {}): AppError {
    const details: AppErrorDetails = { ...extra }
    if (serverMessage) details.serverMessage = serverMessage
    if (cause) details.cause = cause
    return new AppError(code, {}, details)
  }

  static app(code: AppErrorCode, params: Record<string, string | number> = {}, details: AppErrorDetails = {}): AppError {
    return new AppError(code, params, details)
  }

  static fromData(data: AppErrorData): AppError {
    const e = new AppError(data.code, data.params, data.details)
    return e
  }

  toData(): AppErrorData {
    return { code: this.code, messageKey: this.messageKey, params: this.params, details: this.details }
  }
}

/** Anything thrown, as AppErrorData; unexpected errors become 'app.internal' without their stack. */
export function toAppErrorData(err: unknown): AppErrorData {
  if (err instanceof AppError) return err.toData()
  return AppError.app('app.internal').toData()
}

/**
 * The user-facing sentence for an error in a language: catalog text, then the server's own words if any. A
 * service that words its code with the same sentence (in any of our languages) and adds a detail ("Network error
 * on the service side; try again. (magic lock 8000000500)") adds only that detail: the sentence is said once.
 */
export function describeError(data: AppErrorData, locale: Locale): string {
  // Field problems are worded in the reader's language from their codes, never zod's English.
  const issues = data.details.issues
  const params =
    data.messageKey === 'app.invalidInput' && issues && issues.length > 0
      ? { ...data.params, detail: describeInputIssues(issues as InputIssue[], data.details.moreIssues ?? 0, locale) }
      : data.params
  // A transport failure is said in words with what to do ("Nothing answers at host:port…"), never as ECONNREFUSED.
  const worded = transportWordsKey(data.code, data.params)
  if (worded) {
    const host = data.params['host']
    const text = catalogText(worded, locale, { host: host ?? THE_SERVICE[locale] }) ?? data.code
    // Errors kept from before the host was recorded: "服务地址上没有服务应答", without the space a host name keeps.
    return host === undefined && locale === 'zh-CN' ? text.replace(`${THE_SERVICE[locale]} `, THE_SERVICE[locale]) : text
  }
  const text = catalogText(data.messageKey, locale, params) ?? data.code
  const server = data.details.serverMessage?.trim()
  if (!server || data.messageKey === 'app.unknownApiCode' || text.includes(server)) return text
  for (const l of LOCALES) {
    const own = catalogText(data.messageKey, l, data.params)
    if (own && server.startsWith(own)) {
      const detail = server.slice(own.length).trim()
      return detail ? `${text} ${detail}` : text
    }
  }
  return `${text} (${server})`
}
