/**
 * Turns an HTTP answer into the operation's data or one AppError: the envelope (HTTP 200 or 299, `code` 0 or a
 * string), `data` validated with the operation's schema (unknown extra fields tolerated), and 60027 partial
 * success of add-employees kept as data.
 */
import type { z } from 'zod'
import { HTTP_BUSINESS_ERROR, isSuccessCode, rawEnvelopeSchema } from '@shared/api/envelope'
import { OPERATIONS, type OperationId } from '@shared/api/operations'
import { AppError } from '@shared/errors/app-error'

/** The partial-success code of add-employees (member operation 1): data carries succeeded and failed. */
export const PARTIAL_SUCCESS_CODE = '60027'
/** "network error, retry": retried wherever a repeat is safe. */
export const RETRY_CODE = '500'
/** "user center exception" (member operations 1 to 5): a passing fault; retried for reads and idempotent writes. */
export const USER_CENTER_CODE = '80001'

/** Whether a business code may be sent again automatically (creates never are: see retry.ts). */
function retryableCode(code: string, opId: OperationId): boolean {
  return code === RETRY_CODE || (code === USER_CENTER_CODE && OPERATIONS[opId].repeat !== 'create')
}

export interface Decoded {
  data: unknown
  /** True for a 60027 answer whose data parsed: some items succeeded, some failed. */
  partial: boolean
}

/** Short, log-safe description of zod issues (paths and messages, never values). */
export function describeIssues(error: z.ZodError, max = 3): string {
  const parts = error.issues.slice(0, max).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
  if (error.issues.length > max) parts.push(`+${error.issues.length - max} more`)
  return parts.join('; ')
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/**
 * Decodes one answer of an operation; throws AppError on every failure. `lean`: `data` is validated with the
 * operation's `lean` schema where it has one (what a bulk run reads of it).
 */
export function decodeResponse(opId: OperationId, status: number, text: string, opts: { lean?: boolean } = {}): Decoded {
  const op = OPERATIONS[opId]
  const base = { httpStatus: status, operation: opId }
  const envelope = rawEnvelopeSchema.safeParse(parseJson(text))

  if (status !== 200 && status !== HTTP_BUSINESS_ERROR) {
    // A gateway may answer 401/403/5xx with or without an envelope; a business code wins when there is one.
    if (envelope.success && !isSuccessCode(envelope.data.code)) {
      const code = String(envelope.data.code)
      throw AppError.api(code, envelope.data.message ?? undefined, envelope.data.cause ?? undefined, {
        ...base,
        retryable: retryableCode(code, opId),
      })
    }
    if (status === 401 || status === 403) throw AppError.app('app.unauthorized', { status }, base)
    throw AppError.app('app.httpStatus', { status }, { ...base, retryable: status >= 500 })
  }

  if (!envelope.success) {
    throw AppError.app('app.badResponse', { detail: text.trim() === '' ? 'empty body' : 'not a JSON envelope' }, base)
  }
  const env = envelope.data
  const code = String(env.code)
  const schema = (opts.lean === true ? op.lean : undefined) ?? op.data

  if (!isSuccessCode(code)) {
    if (code === PARTIAL_SUCCESS_CODE && schema) {
      const partial = schema.safeParse(env.data)
      if (partial.success) return { data: partial.data, partial: true }
    }
    throw AppError.api(code, env.message ?? undefined, env.cause ?? undefined, {
      ...base,
      retryable: retryableCode(code, opId),
    })
  }

  if (!schema) return { data: null, partial: false }
  const parsed = schema.safeParse(env.data)
  if (!parsed.success) {
    throw AppError.app('app.badResponse', { detail: describeIssues(parsed.error) }, base)
  }
  return { data: parsed.data, partial: false }
}
