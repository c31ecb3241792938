/** Small value checks shared by the order and member rules (pure: no Node, no DOM). */

/** A string with at least one non-space character. */
export function isFilled(v: unknown): v is string {
  return typeof v === 'string' && v.trim() !== ''
}

/** Absent: undefined, null or an empty/blank string (how a form leaves an optional field). */
export function isAbsent(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '')
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

export function isInteger(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v)
}

/** Letters and digits only (ASCII), as the spec requires of `userName`. */
export const LETTERS_DIGITS = /^[A-Za-z0-9]+$/

/**
 * Mobile numbers the service plausibly accepts: mainland China (11 digits starting 1[3-9], optionally +86)
 * and Singapore (+65 and 8 digits starting 6, 8 or 9), the two regions of the shell numbers.
 */
export const MOBILE = /^(?:(?:\+?86)?1[3-9]\d{9}|\+?65[689]\d{7})$/

export function isMobile(v: string): boolean {
  return MOBILE.test(v.replace(/[\s-]/g, ''))
}

/** An e-mail address in its plainest form: something, @, a domain with a dot; no spaces. */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * Any phone number at all, of any country: an optional +, then 5 to 15 digits (E.164's most), spaces, dashes,
 * dots and brackets between them. What fails this is malformed whatever the region.
 */
export function isPhoneLike(v: string): boolean {
  const t = v.trim()
  if (!/^\+?[\d\s().-]+$/.test(t)) return false
  const digits = t.replace(/\D/g, '').length
  return digits >= 5 && digits <= 15
}

/** A lock (shell) number: 10 digits, the first the region (8 domestic, 6 Singapore). */
export const SHELL_NUMBER = /^[86]\d{9}$/

/** Any asset number: 1 to 64 visible ASCII characters (no spaces). */
export const ASSET_NUMBER = /^[\x21-\x7e]{1,64}$/

/** Length in characters as a user counts them (code points, so one Chinese character is one). */
export function charLength(s: string): number {
  let n = 0
  for (const _ of s) n++
  return n
}
