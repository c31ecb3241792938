/**
 * exceljs, loaded on first use: it is the heaviest module of the core (about 0.25 s of CPU to load), and most CLI
 * commands and app starts never read or write a spreadsheet.
 */
import type ExcelJS from 'exceljs'

export type { ExcelJS }

let loading: Promise<typeof ExcelJS> | null = null

/** The exceljs module (loaded once). */
export function loadExcel(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then((m) => (m as { default?: typeof ExcelJS }).default ?? (m as unknown as typeof ExcelJS))
  return loading
}
