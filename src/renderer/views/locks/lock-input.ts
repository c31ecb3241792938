/**
 * Reading a list of lock numbers as people paste or type it: any separators (newlines, commas, semicolons,
 * spaces, tabs, and their full-width forms), full-width characters, quotes from spreadsheets. Before anything is
 * sent the list is checked: repeats are shown and sent once, malformed numbers are shown and not sent.
 *
 * What counts as malformed (docs/desk.md): a lock number is an asset number, and the app has one rule for those
 * (`ASSET_NUMBER` of the shared rules, also used by the order rules, the file import and the CLI): 1 to 64
 * visible ASCII characters. Only that is enforced. Numbers the service issues today are 10-digit shell numbers
 * starting with 8 (domestic) or 6 (Singapore); a number of another form is flagged as unusual (often a typo) but
 * still sent, because older locks may be numbered otherwise and the service answers "lock does not exist"
 * (status 2) for a wrong one anyway.
 */
import { ASSET_NUMBER, SHELL_NUMBER } from '@shared/rules/values'

/** A number as found in the input, with its 1-based line. */
export interface LockToken {
  value: string
  line: number
}

export type MalformedReason = 'characters' | 'length'

export interface CheckedLockList {
  /** Well-formed numbers, each once, in the order first seen: what is sent. */
  unique: string[]
  /** Repeats of a number seen earlier (compared ignoring case), with the line of the first. */
  duplicates: (LockToken & { firstLine: number })[]
  /** Not sent. */
  malformed: (LockToken & { reason: MalformedReason })[]
  /** Sent, but not in the 10-digit shell-number form. */
  unusual: LockToken[]
  /** Numbers found in the input, repeats and malformed ones included. */
  total: number
}

export const MAX_LOCK_NUMBER_LENGTH = 64
const SEPARATORS = /[\s,;，；、|]+/u

/** One number as typed: full-width forms folded (NFKC), surrounding quotes and spaces removed. */
export function normalizeLockNumber(raw: string): string {
  return raw
    .normalize('NFKC')
    .trim()
    .replace(/^['"‘’“”]+|['"‘’“”]+$/gu, '')
    .trim()
}

/** The numbers of a pasted or typed text, with their line numbers. */
export function tokenizeLockText(text: string): LockToken[] {
  const out: LockToken[] = []
  const lines = text.split(/\r\n|\r|\n/)
  for (let l = 0; l < lines.length; l++) {
    for (const piece of lines[l]!.split(SEPARATORS)) {
      const value = normalizeLockNumber(piece)
      if (value !== '') out.push({ value, line: l + 1 })
    }
  }
  return out
}

/** Whether a number may be sent, and if not why. */
export function malformedReason(value: string): MalformedReason | null {
  if (ASSET_NUMBER.test(value)) return null
  return [...value].length > MAX_LOCK_NUMBER_LENGTH ? 'length' : 'characters'
}

/** Whether a number has the form of the shell numbers the service issues. */
export function isShellNumberForm(value: string): boolean {
  return SHELL_NUMBER.test(value)
}

/** Checks a list: what will be sent, what repeats, what is malformed, what looks unusual. */
export function checkLockList(tokens: readonly LockToken[]): CheckedLockList {
  const unique: string[] = []
  const duplicates: CheckedLockList['duplicates'] = []
  const malformed: CheckedLockList['malformed'] = []
  const unusual: LockToken[] = []
  const firstLine = new Map<string, number>()
  for (const tok of tokens) {
    const reason = malformedReason(tok.value)
    if (reason) {
      malformed.push({ ...tok, reason })
      continue
    }
    const key = tok.value.toLowerCase()
    const first = firstLine.get(key)
    if (first !== undefined) {
      duplicates.push({ ...tok, firstLine: first })
      continue
    }
    firstLine.set(key, tok.line)
    unique.push(tok.value)
    if (!isShellNumberForm(tok.value)) unusual.push(tok)
  }
  return { unique, duplicates, malformed, unusual, total: tokens.length }
}

/** Checks a pasted or typed text. */
export function checkLockText(text: string): CheckedLockList {
  return checkLockList(tokenizeLockText(text))
}

/**
 * The column of a table that most looks like lock numbers: the one with the largest share of shell-number-form
 * cells (ties: the leftmost); -1 when no column has any.
 */
export function guessLockColumn(rows: readonly (readonly string[])[], width: number): number {
  let best = -1
  let bestScore = 0
  const sample = rows.slice(0, 500)
  for (let c = 0; c < width; c++) {
    let hits = 0
    let filled = 0
    for (const r of sample) {
      const v = normalizeLockNumber(r[c] ?? '')
      if (v === '') continue
      filled++
      if (isShellNumberForm(v)) hits++
      else if (malformedReason(v) === null && /\d{6,}/.test(v)) hits += 0.5
    }
    const score = filled === 0 ? 0 : hits / filled
    if (score > bestScore) {
      bestScore = score
      best = c
    }
  }
  return best
}

/** A column of a table as text for the list box, one number per line (empty cells skipped). */
export function columnAsText(rows: readonly (readonly string[])[], column: number): string {
  const out: string[] = []
  for (const r of rows) {
    const v = (r[column] ?? '').trim()
    if (v !== '') out.push(v)
  }
  return out.join('\n')
}
