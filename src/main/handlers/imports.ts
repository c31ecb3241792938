/**
 * Handlers of files in and out of the desk screens: a CSV, Excel or text file read into a table of cells by the
 * engine's import reader (the Locks screen's column picker works on it), and a table written as CSV or Excel
 * for the user to save.
 */
import ExcelJS from 'exceljs'
import Papa from 'papaparse'
import { AppError } from '@shared/errors/app-error'
import { resolveLocale, type Locale } from '@shared/i18n/locale'
import type { ExportTableInput, ExportedFile, ParsedTable } from '@shared/ipc/channels/imports'
import type { Services } from '../core/services'
import type { HandlerRegistry } from '../ipc/registry'
import { columnIndex, columnLetter, ImportFileError, lockNumbersFrom, looksLikeHeader, readTable } from '../services/import'

/**
 * Reads a file into a table of text cells through the engine's import reader (the same the CLI and the member
 * import use), with its header and the column that looks like lock numbers. Throws `app.fileUnreadable` with the
 * reader's reason in the user's language.
 */
export async function parseTable(fileName: string, bytes: Uint8Array, locale: Locale): Promise<ParsedTable> {
  let table
  try {
    table = await readTable({ bytes, fileName }, { locale })
  } catch (err) {
    if (err instanceof ImportFileError) throw AppError.app('app.fileUnreadable', { file: fileName, detail: err.issue.message })
    throw err
  }
  const filled = table.rows.map((r, i) => ({ r, line: i + 1 })).filter((x) => x.r.some((c) => c !== ''))
  const rows = filled.map((x) => x.r)
  const hasHeader = looksLikeHeader(rows)
  const width = rows.reduce((w, r) => Math.max(w, r.length), 0)
  const header = hasHeader ? rows[0]! : []
  const columns = Array.from({ length: width }, (_, i) => header[i]?.trim() || columnLetter(i))
  const body = (hasHeader ? rows.slice(1) : rows).map((r) => {
    const out = [...r]
    while (out.length < width) out.push('')
    return out
  })
  // The engine's choice of the lock number column (a header naming it, else the most lock-like values).
  let guess = -1
  const picked = lockNumbersFrom(table, { locale }).column
  if (picked !== null) guess = columns.indexOf(picked) >= 0 ? columns.indexOf(picked) : columnIndex(picked)
  const lines = (hasHeader ? filled.slice(1) : filled).map((x) => x.line)
  return { fileName, kind: table.kind, columns, hasHeader, rows: body, lines, guess: guess < width ? guess : -1 }
}

/** A cell a spreadsheet would run as a formula gets a leading apostrophe (CSV injection); numbers stay as they are. */
export function safeCell(value: string | number | null): string | number {
  if (value === null) return ''
  if (typeof value === 'number') return value
  return /^[=+\-@\t\r]/.test(value) && !/^[+-]?\d+(\.\d+)?$/.test(value) ? `'${value}` : value
}

/** A file name without characters file systems refuse. */
export function safeFileName(base: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are among what file systems refuse
  return base.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').replace(/^\.+/, '').slice(0, 120) || 'export'
}

/** Writes a table as CSV (UTF-8 with BOM) or Excel. */
export async function writeTable(input: ExportTableInput): Promise<ExportedFile> {
  const base = safeFileName(input.baseName)
  if (input.format === 'csv') {
    const rows = input.rows.map((r) => r.map(safeCell))
    const csv = '\uFEFF' + Papa.unparse({ fields: input.columns, data: rows }, { newline: '\r\n' })
    return { fileName: `${base}.csv`, mimeType: 'text/csv;charset=utf-8', contentBase64: Buffer.from(csv, 'utf8').toString('base64'), rows: rows.length }
  }
  // In .xlsx a text cell is text: one starting with = is not a formula (those are written as formula objects), so
  // it needs no guard, and an apostrophe would show as part of the value.
  const rows = input.rows.map((r) => r.map((v) => v ?? ''))
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet((input.sheetName ?? 'Sheet1').replace(/[\\/?*[\]:]/g, ' '), { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.addRow(input.columns).font = { bold: true }
  for (const r of rows) sheet.addRow(r)
  input.columns.forEach((title, i) => {
    let width = title.length
    for (let j = 0; j < Math.min(rows.length, 500); j++) width = Math.max(width, String(rows[j]![i] ?? '').length)
    sheet.getColumn(i + 1).width = Math.min(60, Math.max(10, width + 2))
  })
  const buffer = await book.xlsx.writeBuffer()
  return {
    fileName: `${base}.xlsx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    contentBase64: Buffer.from(buffer as ArrayBuffer).toString('base64'),
    rows: rows.length,
  }
}

/** Registers `imports.parseTable` and `exports.table`. */
export function registerImportHandlers(registry: HandlerRegistry, services: Services): void {
  registry.handle('imports.parseTable', async ({ fileName, contentBase64 }) => {
    const locale = resolveLocale((await services.settings.get()).locale, services.info.systemLocale)
    return parseTable(fileName, Buffer.from(contentBase64, 'base64'), locale)
  })
  registry.handle('exports.table', (input) => writeTable(input))
}
