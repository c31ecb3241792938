/**
 * Strong initial passwords, generated on request (add, reset): shown once with a copy button, never stored
 * (docs/decisions.md). Drawn from the platform's CSPRNG (Web Crypto, in the page and in Node alike).
 */
import type { MemberRuleLimits } from '../rules/member-rules'

/** Length of a generated password, kept within the configured bounds. */
export const GENERATED_PASSWORD_LENGTH = 16

// Without look-alikes (0/O, 1/l/I) so a password read aloud or copied by hand is not mistyped.
const LOWER = 'abcdefghijkmnpqrstuvwxyz'
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
const DIGITS = '23456789'
const SYMBOLS = '!@#$%^&*-_=+?'
const ALL = LOWER + UPPER + DIGITS + SYMBOLS

/** A uniform index below `n` (rejection sampling: no modulo bias). */
function randomIndex(n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n
  const buf = new Uint32Array(1)
  for (;;) {
    crypto.getRandomValues(buf)
    if (buf[0]! < limit) return buf[0]! % n
  }
}

function pick(set: string): string {
  return set[randomIndex(set.length)]!
}

/**
 * A random password with at least one lower-case letter, upper-case letter, digit and symbol, of
 * GENERATED_PASSWORD_LENGTH characters or the nearest length the bounds allow.
 */
export function generatePassword(limits: Pick<MemberRuleLimits, 'passwordMin' | 'passwordMax'>): string {
  const length = Math.min(Math.max(GENERATED_PASSWORD_LENGTH, limits.passwordMin, 4), Math.max(limits.passwordMax, 4))
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)]
  while (chars.length < length) chars.push(pick(ALL))
  // Fisher-Yates, so the guaranteed classes are not always in front.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1)
    ;[chars[i], chars[j]] = [chars[j]!, chars[i]!]
  }
  return chars.join('')
}
