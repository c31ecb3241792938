/**
 * Handlers of files in and out of the desk screens: a CSV, Excel or text file read into a table of cells (the
 * Locks screen's column picker works on it), and a table written as CSV or Excel for the user to save.
 */
import ExcelJS from 'exceljs'
import Papa from 'papaparse'
import { AppError } from '@shared/errors/app-error'
import {
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  type ExportTableInput,
  type ExportedFile,
  type ImportKind,
  type ParsedTable,
} from '@shared/ipc/channels/imports'
import type { Services } from '../core/services'
import type { HandlerRegistry } from '../ipc/registry'

/** The parser a file name asks for. */
export function importKindOf(fileName: string): ImportKind | 'xls' {
  const ext = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? ''
  if (ext === 'csv' || ext === 'tsv') return 'csv'
  if (ext === 'xlsx' || ext === 'xlsm') return 'xlsx'
  if (ext === 'xls') return 'xls'
  return 'text'
}

/**
 * Text of a file: UTF-8 (a BOM is dropped), or GB 18030 when the bytes are not valid UTF-8 (Excel on Chinese
 * Windows saves CSV that way).
 */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    return new TextDecoder('gb18030').decode(bytes)
  }
}

const DIGITS = /^\d{6,}$/

/**
 * Whether the first row is a header: it has a cell with a letter or a CJK character and none that looks like
 * a number of the kind the file lists (six digits or more), while the file has more rows.
 */
export function looksLikeHeader(rows: readonly string[][]): boolean {
  const first = rows[0]
  if (!first || rows.length < 2) return false
  const cells = first.map((c) => c.trim()).filter((c) => c !== '')
  if (cells.length === 0) return false
  return cells.some((c) => /[A-Za-z\u3400-\u9fff]/.test(c)) && !cells.some((c) => DIGITS.test(c))
}

/** Pads rows to the same width and names the columns (header cells, else 1, 2, ...). */
function shape(fileName: string, kind: ImportKind, raw: string[][], sheet?: string): ParsedTable {
  const rows = raw.filter((r) => r.some((c) => c.trim() !== ''))
  const hasHeader = looksLikeHeader(rows)
  const width = rows.reduce((w, r) => Math.max(w, r.length), 0)
  const header = hasHeader ? rows[0]! : []
  const columns = Array.from({ length: width }, (_, i) => header[i]?.trim() || String(i + 1))
  const body = (hasHeader ? rows.slice(1) : rows).map((r) => {
    const out = r.map((c) => c.trim())
    while (out.length < width) out.push('')
    return out
  })
  const truncated = Math.max(0, body.length - MAX_IMPORT_ROWS)
  const table: ParsedTable = { fileName, kind, columns, hasHeader, rows: truncated ? body.slice(0, MAX_IMPORT_ROWS) : body, truncated }
  if (sheet !== undefined) table.sheet = sheet
  return table
}

/** Splits plain text on any separator people use in lists: newlines, commas, semicolons, spaces, tabs (and their full-width forms). */
export function splitList(text: string): string[] {
  return text.split(/[\s,;，；、]+/u).filter((t) => t !== '')
}

/** Reads a file into a table of text cells. Throws `app.fileUnreadable` with the reason. */
export async function readTable(fileName: string, bytes: Uint8Array): Promise<ParsedTable> {
  const unreadable = (detail: string) => AppError.app('app.fileUnreadable', { file: fileName, detail })
  if (bytes.byteLength > MAX_IMPORT_BYTES) throw unreadable(`larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`)
  const kind = importKindOf(fileName)
  if (kind === 'xls') throw unreadable('Excel 97-2003 (.xls) files are not supported; save it as .xlsx or .csv')
  if (kind === 'xlsx') {
    const book = new ExcelJS.Workbook()
    try {
      await book.xlsx.load(bytes as unknown as ExcelJS.Buffer)
    } catch (err) {
      throw unreadable(`not a valid .xlsx file (${(err as Error).message})`)
    }
    const sheet = book.worksheets.find((ws) => ws.actualRowCount > 0)
    if (!sheet) return shape(fileName, kind, [], book.worksheets[0]?.name)
    const raw: string[][] = []
    sheet.eachRow({ includeEmpty: false }, (row) => {
      if (raw.length > MAX_IMPORT_ROWS + 1) return
      const cells: string[] = []
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        cells[col - 1] = cellText(cell)
      })
      raw.push(Array.from(cells, (c) => c ?? ''))
    })
    return shape(fileName, kind, raw, sheet.name)
  }
  const text = decodeText(bytes)
  if (kind === 'text') return shape(fileName, kind, splitList(text).map((t) => [t]))
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' })
  const fatal = parsed.errors.find((e) => e.type === 'Quotes' && e.code === 'MissingQuotes')
  if (fatal) throw unreadable(`row ${(fatal.row ?? 0) + 1}: ${fatal.message}`)
  return shape(fileName, kind, parsed.data)
}

/** A cell as the user sees it (numbers without exponent or grouping, dates as yyyy-mm-dd, formulas by result). */
function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value
  if (v === null || v === undefined) return ''
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v).toString() : String(v)
  if (v instanceof Date) return v.toISOString().slice(0, 10)
  if (typeof v === 'object' && 'result' in v) return v.result === undefined || v.result === null ? '' : String(v.result)
  return cell.text ?? ''
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
  const rows = input.rows.map((r) => r.map(safeCell))
  const base = safeFileName(input.baseName)
  if (input.format === 'csv') {
    const csv = '\uFEFF' + Papa.unparse({ fields: input.columns, data: rows }, { newline: '\r\n' })
    return { fileName: `${base}.csv`, mimeType: 'text/csv;charset=utf-8', contentBase64: Buffer.from(csv, 'utf8').toString('base64'), rows: rows.length }
  }
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
export function registerImportHandlers(registry: HandlerRegistry, _services: Services): void {
  registry.handle('imports.parseTable', async ({ fileName, contentBase64 }) => readTable(fileName, Buffer.from(contentBase64, 'base64')))
  registry.handle('exports.table', (input) => writeTable(input))
}
