/**
 * An employee file on the import screen: the file as rows with their lines, the counts of the check, the rows
 * kept in the draft (passwords emptied), and the file of the rows not imported: the file's own columns plus a
 * reason, in the file's own format, ready to correct and import again. Pure (tested without a screen).
 */
import type { ImportIssue } from '../bulk/import'
import type { ItemResult, JobItem } from '../ipc/channels/bulk'
import type { ParsedTable } from '../ipc/channels/imports'
import type { CheckedEmployeeRow, EmployeeMapping, FileRow } from './employee-rows'

/** Spreadsheet column letters (A, B, …, Z, AA…) of a 0-based column number. */
export function columnLetterOf(i: number): string {
  let s = ''
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s
  return s
}

/** An employee file as the import holds it. */
export interface ImportFile {
  fileName: string
  format: 'csv' | 'xlsx'
  /** The header row's cells (column letters when the file has none). */
  header: string[]
  hasHeader: boolean
  rows: { line: number; cells: string[] }[]
}

/** A read file as the import holds it; null when it is not a table (plain text). */
export function importFileOf(t: ParsedTable): ImportFile | null {
  if (t.kind === 'text') return null
  const first = t.hasHeader ? 2 : 1
  const rows = t.rows.map((cells, i) => ({ line: t.lines?.[i] ?? first + i, cells }))
  const header = t.columns.map((c, i) => c || columnLetterOf(i))
  return { fileName: t.fileName, format: t.kind, header, hasHeader: t.hasHeader, rows }
}

/** The counts the check shows. */
export interface ImportCounts {
  rows: number
  toSend: number
  invalid: number
  duplicates: number
  existing: number
}

export function importCounts(rows: readonly CheckedEmployeeRow[]): ImportCounts {
  const c: ImportCounts = { rows: rows.length, toSend: 0, invalid: 0, duplicates: 0, existing: 0 }
  for (const r of rows) {
    if (r.member) c.toSend++
    else if (r.issue?.code === 'import.duplicate') c.duplicates++
    else if (r.issue?.code === 'import.exists') c.existing++
    else c.invalid++
  }
  return c
}

/** The rows as a draft keeps them: the password column emptied (initial passwords are used once, never kept). */
export function rowsWithoutPasswords(rows: readonly FileRow[], mapping: EmployeeMapping): { line: number; cells: string[] }[] {
  const p = mapping.password
  if (p === undefined) return rows.map((r) => ({ line: r.line, cells: [...r.cells] }))
  return rows.map((r) => ({ line: r.line, cells: r.cells.map((c, i) => (i === p ? '' : c)) }))
}

/** Whether an imported employee's result means it was not created (failed, unknown, cancelled, not sent). */
export function notImported(r: ItemResult): boolean {
  return r.state !== 'ok' && r.state !== 'duplicate'
}

/**
 * The rows not imported, in file order: the file's cells plus the reason (the check's, or the run's result in
 * words), for the file of failed rows.
 */
export function failedRows(
  file: ImportFile,
  sentLines: readonly number[],
  notSent: readonly ImportIssue[],
  items: readonly JobItem[],
  reasonOf: (r: ItemResult) => string,
): { line: number; cells: string[]; reason: string }[] {
  const byLine = new Map(file.rows.map((r) => [r.line, r]))
  const out: { line: number; cells: string[]; reason: string }[] = []
  const width = file.header.length
  const cellsOf = (line: number) => {
    const cells = [...(byLine.get(line)?.cells ?? [])]
    while (cells.length < width) cells.push('')
    return cells.slice(0, width)
  }
  for (const i of notSent) if (i.line > 0) out.push({ line: i.line, cells: cellsOf(i.line), reason: i.message })
  for (const item of items) {
    const line = sentLines[item.index]
    if (line === undefined || !notImported(item.result)) continue
    out.push({ line, cells: cellsOf(line), reason: reasonOf(item.result) })
  }
  return out.sort((a, b) => a.line - b.line)
}
