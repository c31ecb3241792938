/**
 * The one reader of asset (lock) numbers as people give them: pasted or typed into a screen, in a text file, or
 * in a column of a spreadsheet. Used by the Locks screen, the Lookup screen, the file import (and so the CLI) and
 * the bulk runner, so a list gets the same verdicts everywhere (docs/decisions.md, "Reading a list of lock
 * numbers"). Pure: no Node, no DOM.
 *
 * 1. Normalising one entry: full-width forms folded (NFKC: `８１００` is `8100`, `，` is `,`), spreadsheet quotes
 *    dropped (surrounding straight or curly quotes, and Excel's leading apostrophe), spaces around trimmed.
 * 2. Splitting a line: commas, semicolons and `、` (also full-width `，；`) always separate entries. Spaces and
 *    tabs separate entries only when every piece looks like a number (a well-formed asset number with a run of 6
 *    or more digits): `8100000001 8100000002` is two, but `abc def`, `8100000001 张三` or `8100 0003` is ONE
 *    entry, which the check then calls malformed, so words, notes and broken numbers are never sent as numbers.
 *    `|` is an ordinary character, never a separator.
 * 3. Checking a list of lock numbers: the shared `SHELL_NUMBER` rule (the spec's lock number: 10 digits, the first
 *    the region, 8 or 6) decides what may be sent; anything else is refused with its reason (letters, digit count,
 *    region), never sent. One asset number typed alone (Lookup) is held only to `ASSET_NUMBER` (1 to 64 visible
 *    ASCII characters), since virtual assets are numbered otherwise.
 * 4. Repeats: compared by `assetNumberKey` (ignoring case); the first is sent, the others are reported with the
 *    line of the first.
 * 5. Tables: a heading row (words, no digit) is recognised and not read as numbers; the column of numbers is the
 *    one whose heading names it, else the one with the most number-like cells.
 */
import { ASSET_NUMBER, SHELL_NUMBER } from '../rules/values'

/** Longest asset number (the `ASSET_NUMBER` rule). */
export const MAX_ASSET_NUMBER_LENGTH = 64

/** Why an entry cannot be sent. */
export const ASSET_NUMBER_PROBLEMS = ['spaces', 'characters', 'length'] as const
export type AssetNumberProblem = (typeof ASSET_NUMBER_PROBLEMS)[number]
/** Why an entry of a list of lock numbers cannot be sent: not an asset number at all, or not a lock number. */
export const LOCK_NUMBER_PROBLEMS = [...ASSET_NUMBER_PROBLEMS, 'letters', 'digits', 'region'] as const
export type LockNumberProblem = (typeof LOCK_NUMBER_PROBLEMS)[number]

/** Quotes a spreadsheet or a chat program puts around a cell, and Excel's text mark. */
const EDGE_QUOTES = /^['"‘’“”`]+|['"‘’“”`]+$/gu
/** Always separate entries (after NFKC, which folds `，；` to `,;`). */
const HARD_SEPARATORS = /[,;、]+/u
const WHITESPACE = /\s+/u
const HAS_DIGIT = /\d/
const DIGIT_RUN = /\d{6,}/

/** Whether a piece of a line looks like a number of its own (see splitting, above). */
function looksLikeNumber(piece: string): boolean {
  return DIGIT_RUN.test(piece) && assetNumberProblem(normalizeAssetNumber(piece)) === null
}
const LINE_BREAK = /\r\n|\r|\n/

/** `cleanness` of a string that needs normalising, of a clean one, and of a clean one with capital letters. */
const NOT_CLEAN = 0
const CLEAN = 1
const CLEAN_WITH_CAPITALS = 2

/**
 * Whether a string is plain printable ASCII without quotes at its ends (nothing for `normalizeAssetNumber` to do),
 * and if so whether it has capital letters (its repeat key differs from it): one scan for both.
 */
function cleanness(s: string): number {
  const n = s.length
  if (n === 0) return NOT_CLEAN
  let capitals = false
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i)
    if (c <= 0x20 || c >= 0x7f) return NOT_CLEAN
    if (c >= 0x41 && c <= 0x5a) capitals = true
  }
  const a = s.charCodeAt(0)
  const z = s.charCodeAt(n - 1)
  // ' " `
  if (a === 0x27 || a === 0x22 || a === 0x60 || z === 0x27 || z === 0x22 || z === 0x60) return NOT_CLEAN
  return capitals ? CLEAN_WITH_CAPITALS : CLEAN
}

function isClean(s: string): boolean {
  return cleanness(s) !== NOT_CLEAN
}

/** One entry as given: full-width forms folded (NFKC), surrounding quotes and spaces removed. */
export function normalizeAssetNumber(raw: string): string {
  if (isClean(raw)) return raw
  return raw.normalize('NFKC').trim().replace(EDGE_QUOTES, '').trim()
}

/** The key two entries repeat each other by (after normalising): case is ignored. */
export function assetNumberKey(value: string): string {
  return value.toLowerCase()
}

/**
 * Normalised values and their repeat keys for a list of numbers that crossed a boundary (the bulk runner's
 * input): a clean list (the usual case, since the screens and the CLI send normalised numbers) costs one scan
 * and is returned as it is.
 */
export function assetNumberKeys(values: readonly string[]): { values: readonly string[]; keys: readonly string[] } {
  let changed = false
  let upper = false
  for (let i = 0; i < values.length; i++) {
    const c = cleanness(values[i]!)
    if (c === NOT_CLEAN) {
      changed = true
      break
    }
    if (c === CLEAN_WITH_CAPITALS) upper = true
  }
  const out = changed ? values.map(normalizeAssetNumber) : values
  return { values: out, keys: changed || upper ? out.map(assetNumberKey) : out }
}

/** Why an entry (normalised) may not be sent, or null when it may. */
export function assetNumberProblem(value: string): AssetNumberProblem | null {
  if (ASSET_NUMBER.test(value)) return null
  if (WHITESPACE.test(value)) return 'spaces'
  return [...value].length > MAX_ASSET_NUMBER_LENGTH ? 'length' : 'characters'
}

/** Whether a number has the form of the shell numbers the service issues (10 digits, first 8 or 6). */
export function isShellNumberForm(value: string): boolean {
  return SHELL_NUMBER.test(value)
}

/**
 * Why an entry (normalised) is not a lock number, or null when it is: not an asset number at all (spaces,
 * characters, length), or one with something other than digits (`letters`), not 10 digits (`digits`), or a
 * first digit that is no region (`region`).
 */
export function lockNumberProblem(value: string): LockNumberProblem | null {
  if (SHELL_NUMBER.test(value)) return null
  const asset = assetNumberProblem(value)
  if (asset) return asset
  if (!/^\d+$/.test(value)) return 'letters'
  return value.length === 10 ? 'region' : 'digits'
}

/**
 * The entries of one line (or one cell), normalised, in order: see the module's comment for the rule. Empty
 * pieces are dropped.
 */
export function splitAssetNumberLine(line: string): string[] {
  const out: string[] = []
  if (isClean(line)) {
    // No spaces, quotes or full-width forms: only the hard separators can split it.
    if (line.includes(',') || line.includes(';')) {
      for (const p of line.split(HARD_SEPARATORS)) {
        const v = normalizeAssetNumber(p)
        if (v !== '') out.push(v)
      }
    } else out.push(line)
    return out
  }
  for (const piece of line.normalize('NFKC').split(HARD_SEPARATORS)) {
    const trimmed = piece.trim()
    if (trimmed === '') continue
    const words = trimmed.split(WHITESPACE)
    if (words.length > 1 && words.every(looksLikeNumber)) {
      for (const w of words) {
        const v = normalizeAssetNumber(w)
        if (v !== '') out.push(v)
      }
    } else {
      const v = normalizeAssetNumber(trimmed)
      if (v !== '') out.push(v)
    }
  }
  return out
}

/** An entry of a list as given, normalised, with its 1-based line (or spreadsheet row). */
export interface ListEntry {
  value: string
  line: number
}

/** Whether a row of cells (or a line) is a heading: words, and not a single digit. */
export function looksLikeHeading(cells: readonly string[]): boolean {
  let words = false
  for (const raw of cells) {
    const c = raw.normalize('NFKC')
    if (HAS_DIGIT.test(c)) return false
    if (/[\p{L}]/u.test(c)) words = true
  }
  return words
}

/** The entries of a text, with the line of each; a first line that is a heading is returned apart. */
export function readAssetNumberText(text: string): { entries: ListEntry[]; heading: ListEntry | null } {
  const entries: ListEntry[] = []
  let heading: ListEntry | null = null
  const lines = text.split(LINE_BREAK)
  let first = true
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l]!
    if (first) {
      if (line.trim() === '') continue
      first = false
      // A heading only above something else ("Lock number" over the numbers), never a list's only line.
      if (looksLikeHeading([line]) && lines.slice(l + 1).some((x) => x.trim() !== '')) {
        heading = { value: line.normalize('NFKC').trim(), line: l + 1 }
        continue
      }
    }
    for (const value of splitAssetNumberLine(line)) entries.push({ value, line: l + 1 })
  }
  return { entries, heading }
}

/** The entries of one column of a table's data rows; `firstLine` is the row number of `rows[0]` (1-based). */
export function readAssetNumberColumn(rows: readonly (readonly string[])[], column: number, firstLine = 1): ListEntry[] {
  const out: ListEntry[] = []
  for (let r = 0; r < rows.length; r++) {
    for (const value of splitAssetNumberLine(rows[r]![column] ?? '')) out.push({ value, line: firstLine + r })
  }
  return out
}

/** A column of a table as text for a list box, one cell per line (empty cells skipped). */
export function columnAsText(rows: readonly (readonly string[])[], column: number): string {
  const out: string[] = []
  for (const r of rows) {
    const v = (r[column] ?? '').trim()
    if (v !== '') out.push(v)
  }
  return out.join('\n')
}

/** Headings that name the column of numbers, strongest first; headings naming a phone are never it. */
const NUMBER_HEADINGS = [/lock|shell|usb\s*key|锁|加密狗/i, /asset|资产/i, /编号|号码|number|^no\.?$/i]
const NOT_NUMBER_HEADING = /phone|mobile|tel|手机|电话|id\b/i

function headingColumn(headings: readonly string[]): number {
  const names = headings.map((h) => h.normalize('NFKC').trim())
  for (const re of NUMBER_HEADINGS) {
    const i = names.findIndex((h) => re.test(h) && !NOT_NUMBER_HEADING.test(h))
    if (i >= 0) return i
  }
  return -1
}

/**
 * The column of a table that holds the numbers: the first whose heading names it (a lock before an asset before
 * a plain "number"; never a phone or an id), else the one with the largest
 * share of number-like cells (shell-number form counts 1, another well-formed number with 6 or more digits in a
 * row 0.5) among the first 500 rows; ties go to the leftmost. -1 when no column has any.
 */
export function guessAssetNumberColumn(rows: readonly (readonly string[])[], headings: readonly string[] = []): number {
  const named = headingColumn(headings)
  if (named >= 0) return named
  const width = rows.reduce((w, r) => Math.max(w, r.length), headings.length)
  const sample = rows.slice(0, 500)
  let best = -1
  let bestScore = 0
  for (let c = 0; c < width; c++) {
    let hits = 0
    let filled = 0
    for (const r of sample) {
      const v = normalizeAssetNumber(r[c] ?? '')
      if (v === '') continue
      filled++
      if (isShellNumberForm(v)) hits++
      else if (assetNumberProblem(v) === null && DIGIT_RUN.test(v)) hits += 0.5
    }
    const score = filled === 0 ? 0 : hits / filled
    if (score > bestScore) {
      bestScore = score
      best = c
    }
  }
  return best
}

/** A list checked before anything is sent. */
export interface CheckedAssetNumbers {
  /** Well-formed numbers, each once, in the order first seen: what is sent. */
  unique: string[]
  /** The line of each of `unique`. */
  uniqueLines: number[]
  /** Repeats of a number seen earlier (same `assetNumberKey`), with the line of the first. */
  duplicates: (ListEntry & { firstLine: number })[]
  /** Not lock numbers, so not sent, with the reason. */
  malformed: (ListEntry & { reason: LockNumberProblem })[]
  /** A first line read as a heading, not as numbers. */
  heading: ListEntry | null
  /** Entries found, repeats and malformed ones included (the heading not). */
  total: number
}

/** Checks entries of a list of lock numbers: what is sent, what repeats, what is malformed (and why). */
export function checkAssetNumbers(entries: readonly ListEntry[], heading: ListEntry | null = null): CheckedAssetNumbers {
  const unique: string[] = []
  const uniqueLines: number[] = []
  const duplicates: CheckedAssetNumbers['duplicates'] = []
  const malformed: CheckedAssetNumbers['malformed'] = []
  const firstLine = new Map<string, number>()
  for (const e of entries) {
    const reason = lockNumberProblem(e.value)
    if (reason) {
      malformed.push({ value: e.value, line: e.line, reason })
      continue
    }
    const key = assetNumberKey(e.value)
    const first = firstLine.get(key)
    if (first !== undefined) {
      duplicates.push({ value: e.value, line: e.line, firstLine: first })
      continue
    }
    firstLine.set(key, e.line)
    unique.push(e.value)
    uniqueLines.push(e.line)
  }
  return { unique, uniqueLines, duplicates, malformed, heading, total: entries.length }
}

/** Checks a pasted or typed text (or a text file). */
export function checkAssetNumberText(text: string): CheckedAssetNumbers {
  const { entries, heading } = readAssetNumberText(text)
  return checkAssetNumbers(entries, heading)
}

/**
 * One asset number typed into a field (the Lookup screen): normalised (full-width forms folded, quotes and
 * spaces around dropped), and why it cannot be one (a space inside is `spaces`).
 */
export function readOneAssetNumber(raw: string): { value: string; problem: AssetNumberProblem | null } {
  const value = normalizeAssetNumber(raw)
  if (value === '') return { value, problem: null }
  return { value, problem: assetNumberProblem(value) }
}
