/**
 * Removes secrets from a request before the journal writes it: the values of fields whose names say secret
 * (password, token, secret, authorization, credential, cookie, api key) at any depth, and any secret value the
 * app has handled wherever it appears in text (known-secrets.ts). Ordinary text is kept as it is, even when it
 * reads like a secret ("基础包 Basic Pack", "Bearer Edition"): values are redacted by what they are, never by the
 * words in them. Unlike the log's redaction it never truncates: the journal must show what was sent.
 */
import { hideKnownSecrets, KNOWN_SECRET_MIN_LENGTH } from '../known-secrets'

export const REDACTED = '[redacted]'

const SECRET_KEY = /(authorization|token|secret|password|passwd|pwd|credential|cookie|api[-_]?key)/i
// Documented non-secret fields whose names contain a secret word: the security mobile number of an employee
// ("cannot be used to log in", spec member operation 1) and the spec's time/flag fields.
const SAFE_KEY = /^(passwordMobile|strictMatchWhenDelete)$/

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
  if (typeof value === 'string') return value.length < KNOWN_SECRET_MIN_LENGTH ? value : hideKnownSecrets(value, REDACTED)
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
