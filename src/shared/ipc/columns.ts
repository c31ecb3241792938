/**
 * Columns of a long table sent over IPC (200,000 entries and more), checked on both sides of the channel: in the
 * core (nothing outside the contract leaves it) and in the renderer (nothing malformed reaches the table).
 * Checked element by element with zod that is about 100 ms per side at 200,000 entries; these plain loops check
 * the same (an array, every entry of the right kind) in a few milliseconds and pass the array through as it is.
 */
import { z } from 'zod'

function column<T>(what: string, check: (v: unknown[]) => boolean) {
  return z.custom<T[]>((v) => Array.isArray(v) && check(v), { message: `expected an array of ${what}` })
}

/** A column of strings. */
export const stringColumn = column<string>('strings', (v) => {
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'string') return false
  return true
})

/** A column of integers (bits, dictionary references with -1 for none). */
export const intColumn = column<number>('integers', (v) => {
  for (let i = 0; i < v.length; i++) if (!Number.isInteger(v[i])) return false
  return true
})

/** A column of finite numbers (times). */
export const numberColumn = column<number>('numbers', (v) => {
  for (let i = 0; i < v.length; i++) if (!Number.isFinite(v[i])) return false
  return true
})

/** The first entry of `col` that is not -1 or a position in a dictionary of `size` entries, or -1 when all are. */
export function badReference(col: readonly number[], size: number): number {
  for (let i = 0; i < col.length; i++) {
    const v = col[i]!
    if (v < -1 || v >= size) return i
  }
  return -1
}
