/**
 * Lock numbers from a table (a file, or pasted text) through the one list reader of src/shared
 * (`src/shared/lists/asset-numbers.ts`), so the CLI and the screens read a list alike: the column named (header
 * text, letter or number) or the one that holds the numbers; each value normalised, checked, repeats reported and
 * kept once. Here only the reader's verdicts become import issues in the user's language.
 */
import type { Locale } from '@shared/i18n/locale'
import { importMessage, type ImportIssue, type LockImport } from '@shared/bulk/import'
import {
  checkAssetNumbers,
  guessAssetNumberColumn,
  looksLikeHeading,
  readAssetNumberColumn,
  readAssetNumberText,
  type CheckedAssetNumbers,
} from '@shared/lists/asset-numbers'
import { columnIndex, columnLetter, ImportFileError, type Table } from './table'

/** Whether the first row is a header: words without digits (the list reader's heading), and more rows below. */
export function looksLikeHeader(rows: readonly string[][]): boolean {
  const first = rows[0]
  if (!first || rows.length < 2) return false
  return looksLikeHeading(first.filter((c) => c !== ''))
}

function pickColumn(table: Table, header: boolean, wanted: string | undefined, locale: Locale): number {
  const names = header ? table.rows[0]! : []
  const width = Math.max(...table.rows.map((r) => r.length), 1)
  if (wanted !== undefined && wanted.trim() !== '') {
    const byName = names.findIndex((n) => n.trim().toLowerCase() === wanted.trim().toLowerCase())
    if (byName >= 0) return byName
    const byRef = columnIndex(wanted)
    if (byRef >= 0 && byRef < width) return byRef
    const columns = header ? names.filter(Boolean).join(', ') : Array.from({ length: width }, (_, i) => columnLetter(i)).join(', ')
    throw new ImportFileError({ line: 0, code: 'import.noColumn', message: importMessage('import.noColumn', locale, { column: wanted, columns }) })
  }
  const guess = guessAssetNumberColumn(table.rows.slice(header ? 1 : 0), names)
  return guess >= 0 ? guess : 0
}

/** The reader's verdicts as an import: what is sent, and one issue per malformed or repeated value, by line. */
function toImport(checked: CheckedAssetNumbers, locale: Locale, column: string | null, header: boolean, rows: number): LockImport {
  const issues: ImportIssue[] = []
  const withColumn = (issue: ImportIssue): ImportIssue => (column ? { ...issue, column } : issue)
  for (const m of checked.malformed) {
    issues.push(withColumn({ line: m.line, code: 'import.lockNumber', message: importMessage('import.lockNumber', locale, { value: m.value.slice(0, 80) }) }))
  }
  for (const d of checked.duplicates) {
    issues.push(withColumn({ line: d.line, code: 'import.duplicate', message: importMessage('import.duplicate', locale, { value: d.value, first: d.firstLine }) }))
  }
  issues.sort((a, b) => a.line - b.line)
  const items = checked.unique.map((value, i) => ({ value, line: checked.uniqueLines[i]! }))
  return { items, issues, column, header, rows }
}

/** The lock numbers of a table, with one issue per bad or repeated value. */
export function lockNumbersFrom(table: Table, opts: { column?: string; locale?: Locale } = {}): LockImport {
  const locale = opts.locale ?? 'en'
  if (table.kind === 'text') {
    // Typed or pasted lists: the reader's text rules (separators, a first line of words taken as a heading).
    const { entries, heading } = readAssetNumberText(table.rows.map((r) => r[0] ?? '').join('\n'))
    return toImport(checkAssetNumbers(entries, heading), locale, null, heading !== null, table.rows.length)
  }
  const header = looksLikeHeader(table.rows)
  const col = pickColumn(table, header, opts.column, locale)
  const columnName = header && table.rows[0]![col] ? table.rows[0]![col]! : columnLetter(col)
  const entries = readAssetNumberColumn(table.rows.slice(header ? 1 : 0), col, header ? 2 : 1)
  return toImport(checkAssetNumbers(entries), locale, columnName, header, table.rows.length)
}
