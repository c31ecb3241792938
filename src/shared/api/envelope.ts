import { z } from 'zod'

/** HTTP status the service uses for business exceptions (spec: conventions 2). */
export const HTTP_BUSINESS_ERROR = 299

/** `code` is the integer 0 on success and a string on errors: always compare as strings (docs/decisions.md). */
export function isSuccessCode(code: unknown): boolean {
  return String(code) === '0'
}

/** Error body: `{code: String, message, cause}`. Numbers are tolerated and normalised to strings. */
export const errorBodySchema = z.object({
  code: z.union([z.string(), z.number()]).transform(String),
  message: z.string().nullish(),
  cause: z.string().nullish(),
})
export type ErrorBody = z.output<typeof errorBodySchema>

/** Any envelope, before we know whether it is a success. */
export const rawEnvelopeSchema = z.object({
  code: z.union([z.string(), z.number()]),
  message: z.string().nullish(),
  data: z.unknown().optional(),
  cause: z.string().nullish(),
})
export type RawEnvelope = z.output<typeof rawEnvelopeSchema>

/** What the service sends on success. */
export interface SuccessEnvelope<T> {
  code: 0
  message: 'success'
  data: T
}

/** What the service sends on failure. */
export interface ErrorEnvelope {
  code: string
  message: string
  cause: string
}

/** Builds a success envelope (used by the sandbox; kept here so both sides agree on the shape). */
export function success<T>(data: T): SuccessEnvelope<T> {
  return { code: 0, message: 'success', data }
}

/** Builds an error envelope. */
export function failure(code: string | number, message: string, cause = ''): ErrorEnvelope {
  return { code: String(code), message, cause }
}
