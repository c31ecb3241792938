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

/**
 * MAYBE_SECRET_TEXT.test(s), with a plain scan first: text without any of '/', ':', '=', 'b', 'B' cannot match
 * (a lock chunk's hundred numbers are checked this way, several times faster than by the regex).
 */
function mayHoldSecret(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c === 0x2f || c === 0x3a || c === 0x3d || c === 0x62 || c === 0x42) return MAYBE_SECRET_TEXT.test(s)
  }
  return false
}

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

/**
 * `value` without secrets: parts holding none are returned as they are (not copied), so a request without
 * secrets comes back as the very same object and the journal can reuse its JSON as sent.
 */
export function redactRequest(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return mayHoldSecret(value) ? redactText(value) : value
  if (value === null || typeof value !== 'object') return value
  if (depth > 32) return '[deep]'
  if (Array.isArray(value)) {
    let out: unknown[] | null = null
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i]
      const r = redactRequest(v, depth + 1)
      if (out === null && r !== v) out = value.slice(0, i)
      out?.push(r)
    }
    return out ?? value
  }
  const src = value as Record<string, unknown>
  const keys = Object.keys(src)
  let out: Record<string, unknown> | null = null
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!
    const v = src[k]
    const r = v !== null && v !== undefined && isSecretKey(k) ? REDACTED : redactRequest(v, depth + 1)
    if (out === null && r !== v) {
      out = {}
      for (let j = 0; j < i; j++) out[keys[j]!] = src[keys[j]!]
    }
    if (out) out[k] = r
  }
  return out ?? value
}
