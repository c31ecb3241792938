/** An Excel workbook of several sheets (the audit's "who holds what"), written for the user to save. */
import { loadExcel } from '../import/excel'
import type { AuditSheet } from '@shared/holdings/audit'
import type { ExportedFile } from '@shared/ipc/channels/imports'
import { safeFileName } from '../import'

/** Excel's limit on a sheet name, and the characters it refuses in one. */
const SHEET_NAME_MAX = 31
const SHEET_NAME_BAD = /[\\/?*[\]:]/g

/** Writes the sheets (a bold, frozen header row each; columns as wide as their text, within reason). */
export async function writeWorkbook(baseName: string, sheets: readonly AuditSheet[]): Promise<ExportedFile> {
  const book = new (await loadExcel()).Workbook()
  let rows = 0
  for (const s of sheets) {
    const sheet = book.addWorksheet(s.name.replace(SHEET_NAME_BAD, ' ').slice(0, SHEET_NAME_MAX), { views: [{ state: 'frozen', ySplit: 1 }] })
    sheet.addRow(s.columns).font = { bold: true }
    // A text cell of .xlsx is text (a leading = is no formula): no guard, which would show as part of the value.
    for (const r of s.rows) sheet.addRow(r.map((v) => v ?? ''))
    rows += s.rows.length
    s.columns.forEach((title, i) => {
      let width = title.length * 2
      for (let j = 0; j < Math.min(s.rows.length, 500); j++) width = Math.max(width, String(s.rows[j]![i] ?? '').length)
      sheet.getColumn(i + 1).width = Math.min(60, Math.max(10, width + 2))
    })
  }
  const buffer = await book.xlsx.writeBuffer()
  return {
    fileName: `${safeFileName(baseName)}.xlsx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    contentBase64: Buffer.from(buffer as ArrayBuffer).toString('base64'),
    rows,
  }
}
