/**
 * What every exported file shares: cells a spreadsheet would run as formulas get a leading apostrophe in CSV (in
 * Excel every text cell is plain text), safe file names; and a workbook of several sheets written whole (the
 * product catalog). A single list is streamed instead (stream-table.ts).
 */
import { loadExcel, type ExcelJS } from './excel'
import type { ExportedFile } from '@shared/ipc/channels/imports'

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

/** One sheet of a workbook: bold frozen header, columns as wide as their text (up to 60). */
function addSheet(book: ExcelJS.Workbook, name: string, columns: string[], input: (string | number | null)[][]): void {
  const rows = input.map((r) => r.map((v) => v ?? ''))
  const sheet = book.addWorksheet(name.replace(/[\\/?*[\]:]/g, ' '), { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.addRow(columns).font = { bold: true }
  for (const r of rows) sheet.addRow(r)
  columns.forEach((title, i) => {
    let width = title.length
    for (let j = 0; j < Math.min(rows.length, 500); j++) width = Math.max(width, String(rows[j]![i] ?? '').length)
    sheet.getColumn(i + 1).width = Math.min(60, Math.max(10, width + 2))
  })
}

/** Several tables as the sheets of one Excel file (the product catalog's products, features and packages). */
export async function writeWorkbook(input: { baseName: string; sheets: { name: string; columns: string[]; rows: (string | number | null)[][] }[] }): Promise<ExportedFile> {
  const book = new (await loadExcel()).Workbook()
  for (const s of input.sheets) addSheet(book, s.name, s.columns, s.rows)
  const buffer = await book.xlsx.writeBuffer()
  return {
    fileName: `${safeFileName(input.baseName)}.xlsx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    contentBase64: Buffer.from(buffer as ArrayBuffer).toString('base64'),
    rows: input.sheets.reduce((n, s) => n + s.rows.length, 0),
  }
}
