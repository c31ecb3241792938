/**
 * A whole number typed into a field, read as typed: never changed behind the user's back (no rounding, no
 * clamping to a bound), but refused with the reason, which the field shows. Full-width digits are folded and
 * spaces around (and thousands separators) ignored.
 */

export type NumberProblem = 'empty' | 'notWhole' | 'tooSmall' | 'tooBig'

export type ReadNumber = { value: number; problem: null } | { value: null; problem: NumberProblem }

/** Reads `text` as a whole number from `min` to `max` (max may be Infinity). */
export function readWholeNumber(text: string, min: number, max: number): ReadNumber {
  const s = text.normalize('NFKC').trim().replace(/[,\s]/g, '')
  if (s === '') return { value: null, problem: 'empty' }
  if (!/^[+-]?\d+$/.test(s)) return { value: null, problem: 'notWhole' }
  const n = Number(s)
  if (!Number.isSafeInteger(n)) return { value: null, problem: n < 0 ? 'tooSmall' : 'tooBig' }
  if (n < min) return { value: null, problem: 'tooSmall' }
  if (n > max) return { value: null, problem: 'tooBig' }
  return { value: n, problem: null }
}
