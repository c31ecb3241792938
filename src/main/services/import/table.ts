/**
 * A file as a table of text cells: CSV/TSV (papaparse, delimiter detected), Excel .xlsx (exceljs, first or
 * named sheet), or plain text (one row per line). Text is UTF-8 (BOM dropped), or GB 18030 when the bytes are
 * not valid UTF-8, as Excel on Chinese Windows saves CSV.
 */
import { loadExcel, type ExcelJS } from './excel'
import Papa from 'papaparse'
import type { Locale } from '@shared/i18n/locale'
import { importMessage, type ImportIssue } from '@shared/bulk/import'

/** Largest file read (bytes) and rows kept. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024
export const MAX_ROWS = 200_000

export type TableInput = { bytes: Uint8Array; fileName: string } | { text: string; fileName?: string }

export interface Table {
  rows: string[][]
  kind: 'csv' | 'xlsx' | 'text'
}

/** A file that cannot be read at all (the issue says why, in the user's language). */
export class ImportFileError extends Error {
  constructor(readonly issue: ImportIssue) {
    super(issue.message)
    this.name = 'ImportFileError'
  }
}

function extOf(fileName: string | undefined): string {
  return fileName?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? ''
}

/** Decodes file bytes: UTF-8 when valid, else GB 18030. */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('gb18030').decode(bytes)
  }
}

function fail(code: Parameters<typeof importMessage>[0], locale: Locale, params: Record<string, string | number> = {}): never {
  throw new ImportFileError({ line: 0, code, message: importMessage(code, locale, params) })
}

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return ''
  if (typeof v === 'string') return v
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  if (v instanceof Date) return v.toISOString()
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('')
    if ('text' in v && typeof v.text === 'string') return v.text
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue)
  }
  return String(v)
}

async function readXlsx(bytes: Uint8Array, sheet: string | undefined, locale: Locale): Promise<string[][]> {
  const wb = new (await loadExcel()).Workbook()
  try {
    await wb.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer)
  } catch (err) {
    fail('import.unreadable', locale, { detail: (err as Error).message.slice(0, 200) })
  }
  const ws = sheet ? wb.getWorksheet(sheet) : wb.worksheets[0]
  if (!ws) fail(sheet ? 'import.noSheet' : 'import.empty', locale, { sheet: sheet ?? '' })
  const rows: string[][] = []
  ws.eachRow({ includeEmpty: true }, (row, n) => {
    if (n > MAX_ROWS + 1) return
    const cells: string[] = []
    const values = row.values as ExcelJS.CellValue[] // 1-based
    for (let c = 1; c < values.length; c++) cells.push(cellText(values[c]).trim())
    rows[n - 1] = cells
  })
  for (let i = 0; i < rows.length; i++) rows[i] ??= []
  return rows
}

/** Reads a file (or pasted text) into rows of trimmed cells. Throws ImportFileError when it cannot. */
export async function readTable(input: TableInput, opts: { locale?: Locale; sheet?: string } = {}): Promise<Table> {
  const locale = opts.locale ?? 'en'
  const ext = extOf(input.fileName)
  let kind: Table['kind']
  let rows: string[][]
  if ('bytes' in input) {
    if (input.bytes.byteLength > MAX_FILE_BYTES) {
      fail('import.tooLarge', locale, { size: Math.ceil(input.bytes.byteLength / 1024 / 1024), max: MAX_FILE_BYTES / 1024 / 1024 })
    }
    if (ext === 'xls' || ext === 'numbers' || ext === 'ods') fail('import.unsupported', locale, { type: `.${ext}` })
  }
  if (ext === 'xlsx' || ext === 'xlsm') {
    if (!('bytes' in input)) fail('import.unsupported', locale, { type: 'text' })
    kind = 'xlsx'
    rows = await readXlsx(input.bytes, opts.sheet, locale)
  } else {
    const text = ('bytes' in input ? decodeText(input.bytes) : input.text).replace(/^\uFEFF/, '')
    if (ext === 'csv' || ext === 'tsv') {
      kind = 'csv'
      const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false, delimiter: ext === 'tsv' ? '\t' : guessDelimiter(text) })
      rows = parsed.data.map((r) => r.map((c) => String(c).trim()))
    } else {
      kind = 'text'
      rows = text.split(/\r?\n/).map((l) => [l.trim()])
    }
  }
  // Trailing empty rows are not rows.
  while (rows.length > 0 && rows[rows.length - 1]!.every((c) => c === '')) rows.pop()
  if (rows.length > MAX_ROWS + 1) fail('import.tooManyRows', locale, { max: MAX_ROWS })
  if (rows.length === 0) fail('import.empty', locale)
  return { rows, kind }
}

/**
 * The delimiter of a CSV: the candidate found the same (non-zero) number of times on each of the first lines
 * that are not blank, preferring the comma. (Papaparse's own guess gives up on short files.)
 */
export function guessDelimiter(text: string): string {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '').slice(0, 20)
  for (const d of [',', ';', '\t', '|']) {
    const counts = lines.map((l) => l.split(d).length - 1)
    if (counts.length > 0 && counts[0]! > 0 && counts.every((c) => c === counts[0])) return d
  }
  for (const d of [',', ';', '\t', '|']) if (lines.some((l) => l.includes(d))) return d
  return ','
}

/** Spreadsheet column letter of a 0-based index (A, B, ..., Z, AA...). */
export function columnLetter(i: number): string {
  let s = ''
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s
  return s
}

/** 0-based index of a column given as a letter (A, AB) or a 1-based number, else -1. */
export function columnIndex(ref: string): number {
  const t = ref.trim()
  if (/^\d+$/.test(t)) return Number(t) - 1
  if (/^[A-Za-z]{1,3}$/.test(t)) return [...t.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1
  return -1
}
