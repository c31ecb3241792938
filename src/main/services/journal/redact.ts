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

// The free-text patterns (redactText) need "bearer " or "basic ", or one of '=', ':', '/': text without them
// (lock numbers, ids, most names) is kept as it is without running them.
const MAYBE_SECRET_TEXT = /[=:/]|\b(?:bearer|basic)\s/i

// Requests repeat the same few keys (100 employees, 5 fields each): decide each key once.
const secretKeys = new Map<string, boolean>()
function isSecretKey(k: string): boolean {
  let s = secretKeys.get(k)
  if (s === undefined) {
    s = SECRET_KEY.test(k) && !SAFE_KEY.test(k)
    if (secretKeys.size < 10_000) secretKeys.set(k, s)
  }
  return s
}

/** A deep copy of `value` without secrets. */
export function redactRequest(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return MAYBE_SECRET_TEXT.test(value) ? redactText(value) : value
  if (value === null || typeof value !== 'object') return value
  if (depth > 32) return '[deep]'
  if (Array.isArray(value)) return value.map((v) => redactRequest(v, depth + 1))
  const out: Record<string, unknown> = {}
  for (const k of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[k]
    out[k] = v !== null && v !== undefined && isSecretKey(k) ? REDACTED : redactRequest(v, depth + 1)
  }
  return out
}
