/**
 * Lock numbers from a table: the column named (header text, letter or number) or the one that looks like lock
 * numbers; blank cells skipped; each value checked; repeats reported and kept once.
 */
import type { Locale } from '@shared/i18n/locale'
import { importMessage, type ImportIssue, type LockImport } from '@shared/bulk/import'
import { ASSET_NUMBER } from '@shared/rules/values'
import { columnIndex, columnLetter, ImportFileError, type Table } from './table'

const LOCK_HEADER = /asset|lock|shell|usbkey|锁|资产|编号|号码|number|^no\.?$/i
const LONG_DIGITS = /^\d{6,}$/
// Separators people use in a pasted or typed list: spaces, commas, semicolons (also the Chinese ones).
const SEPARATORS = /[\s,;，；、]+/

/** Whether the first row is a header: words, no lock-like numbers, and more rows below. */
export function looksLikeHeader(rows: readonly string[][]): boolean {
  const first = rows[0]
  if (!first || rows.length < 2) return false
  const cells = first.filter((c) => c !== '')
  return cells.length > 0 && cells.some((c) => /[A-Za-z\u4e00-\u9fff]/.test(c)) && !cells.some((c) => LONG_DIGITS.test(c))
}

function pickColumn(table: Table, header: boolean, wanted: string | undefined, locale: Locale): number {
  const names = header ? table.rows[0]! : []
  if (wanted !== undefined && wanted.trim() !== '') {
    const byName = names.findIndex((n) => n.trim().toLowerCase() === wanted.trim().toLowerCase())
    if (byName >= 0) return byName
    const byRef = columnIndex(wanted)
    const width = Math.max(...table.rows.map((r) => r.length))
    if (byRef >= 0 && byRef < width) return byRef
    const columns = header ? names.filter(Boolean).join(', ') : Array.from({ length: width }, (_, i) => columnLetter(i)).join(', ')
    throw new ImportFileError({ line: 0, code: 'import.noColumn', message: importMessage('import.noColumn', locale, { column: wanted, columns }) })
  }
  if (header) {
    const named = names.findIndex((n) => LOCK_HEADER.test(n))
    if (named >= 0) return named
  }
  // The column with the most lock-like values.
  const body = table.rows.slice(header ? 1 : 0, 200)
  const width = Math.max(...body.map((r) => r.length), 1)
  let best = 0
  let bestScore = -1
  for (let c = 0; c < width; c++) {
    const score = body.filter((r) => LONG_DIGITS.test(r[c] ?? '')).length
    if (score > bestScore) {
      best = c
      bestScore = score
    }
  }
  return best
}

/** The lock numbers of a table, with one issue per bad or repeated value. */
export function lockNumbersFrom(table: Table, opts: { column?: string; locale?: Locale } = {}): LockImport {
  const locale = opts.locale ?? 'en'
  const items: LockImport['items'] = []
  const issues: ImportIssue[] = []
  const firstLine = new Map<string, number>()
  const take = (raw: string, line: number, column?: string) => {
    const value = raw.trim()
    if (value === '') return
    if (!ASSET_NUMBER.test(value)) {
      const issue: ImportIssue = { line, code: 'import.lockNumber', message: importMessage('import.lockNumber', locale, { value: value.slice(0, 80) }) }
      if (column) issue.column = column
      issues.push(issue)
      return
    }
    const key = value.toLowerCase()
    const first = firstLine.get(key)
    if (first !== undefined) {
      const issue: ImportIssue = { line, code: 'import.duplicate', message: importMessage('import.duplicate', locale, { value, first }) }
      if (column) issue.column = column
      issues.push(issue)
      return
    }
    firstLine.set(key, line)
    items.push({ value, line })
  }

  if (table.kind === 'text') {
    // Typed or pasted lists: any separators, several numbers to a line; a first line of words is a title.
    const skipFirst = table.rows.length > 1 && /[A-Za-z\u4e00-\u9fff]/.test(table.rows[0]![0] ?? '') && !/\d{6,}/.test(table.rows[0]![0] ?? '')
    table.rows.forEach((r, i) => {
      if (i === 0 && skipFirst) return
      for (const token of (r[0] ?? '').split(SEPARATORS)) take(token, i + 1)
    })
    return { items, issues, column: null, header: skipFirst, rows: table.rows.length }
  }

  const header = looksLikeHeader(table.rows)
  const col = pickColumn(table, header, opts.column, locale)
  const columnName = header && table.rows[0]![col] ? table.rows[0]![col]! : columnLetter(col)
  table.rows.forEach((r, i) => {
    if (i === 0 && header) return
    take(r[col] ?? '', i + 1, columnName)
  })
  return { items, issues, column: columnName, header, rows: table.rows.length }
}
