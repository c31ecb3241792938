/**
 * Removes secrets from a request before the journal writes it: fields whose names say secret (password,
 * token, secret, authorization, credential, cookie, api key) at any depth, and secret-looking text (bearer
 * tokens, `token=...`). Unlike the log's redaction it never truncates: the journal must show what was sent.
 */
import { redactText } from '../log'

export const REDACTED = '[redacted]'

const SECRET_KEY = /(authorization|token|secret|password|passwd|pwd|credential|cookie|api[-_]?key)/i
// Documented non-secret fields whose names contain a secret word: the security mobile number of an employee
// ("cannot be used to log in", spec member operation 1) and the spec's time/flag fields.
const SAFE_KEY = /^(passwordMobile|strictMatchWhenDelete)$/

// Text the free-text patterns cannot match (they need a space, '=', ':' or '//'): lock numbers, ids, names.
const PLAIN = /^[\p{L}\p{N}_.@+-]*$/u

/** A deep copy of `value` without secrets. */
export function redactRequest(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return PLAIN.test(value) ? value : redactText(value)
  if (value === null || typeof value !== 'object') return value
  if (depth > 32) return '[deep]'
  if (Array.isArray(value)) return value.map((v) => redactRequest(v, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) {
    out[k] = SECRET_KEY.test(k) && !SAFE_KEY.test(k) && v !== null && v !== undefined ? REDACTED : redactRequest(v, depth + 1)
  }
  return out
}
