/**
 * The results file of a bulk command: one row per line of the input file (rows not sent included, with why),
 * as CSV, Excel or JSON chosen by the file's extension; written atomically.
 */
import { extname } from 'node:path'
import { loadExcel } from '../services/import/excel'
import Papa from 'papaparse'
import writeFileAtomic from 'write-file-atomic'
import type { ImportIssue } from '@shared/bulk/import'
import { lockStatusText } from '@shared/bulk/lock-status'
import { describeError } from '@shared/errors/app-error'
import type { Locale } from '@shared/i18n/locale'
import type { JobItem } from '@shared/ipc/channels/bulk'
import { t } from './text'

export interface ResultRow {
  /** Line in the input file (1-based). */
  line: number
  key: string
  name: string
  /** ok, failed, unknown, cancelled, pending, or for rows not sent: invalid / duplicate. */
  state: string
  status: string
  memberGlobalId: string
  message: string
}

export const RESULT_COLUMNS: (keyof ResultRow)[] = ['line', 'key', 'name', 'state', 'status', 'memberGlobalId', 'message']

export const RESULT_FORMATS = ['.csv', '.xlsx', '.json'] as const

/** Whether a path names a results format we write. */
export function isResultsPath(path: string): boolean {
  return (RESULT_FORMATS as readonly string[]).includes(extname(path).toLowerCase())
}

/** Rows from the job's items (matched to file lines) and the file's rows that were not sent. */
export function resultRows(items: JobItem[], lines: number[], issues: ImportIssue[], locale: Locale): ResultRow[] {
  const rows: ResultRow[] = items.map((item) => {
    const r = item.result
    const message = [
      r.status !== undefined ? lockStatusText(r.status, locale) : '',
      r.message ?? '',
      r.error ? describeError(r.error, locale) : '',
      r.reconciled ? t('reconciled', locale) : '',
      r.duplicateOf !== undefined ? t('duplicateOf', locale, { line: lines[r.duplicateOf] ?? r.duplicateOf + 1 }) : '',
    ]
      .filter(Boolean)
      .join('; ')
    return {
      line: lines[item.index] ?? item.index + 1,
      key: item.key,
      name: item.label ?? '',
      state: r.state,
      status: r.status !== undefined ? String(r.status) : '',
      memberGlobalId: r.memberGlobalId ?? '',
      message,
    }
  })
  for (const i of issues) {
    if (i.line === 0) continue
    rows.push({ line: i.line, key: '', name: '', state: i.code === 'import.duplicate' ? 'duplicate' : 'invalid', status: '', memberGlobalId: '', message: i.message })
  }
  return rows.sort((a, b) => a.line - b.line)
}

// Cells a spreadsheet would run as formulas stay text.
const safe = (v: string | number) => (typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v)

/** Writes the rows to `path` in the format its extension names. */
export async function writeResults(path: string, rows: ResultRow[]): Promise<void> {
  const ext = extname(path).toLowerCase()
  let data: string | Buffer
  if (ext === '.json') {
    data = JSON.stringify(rows, null, 2) + '\n'
  } else if (ext === '.xlsx') {
    const wb = new (await loadExcel()).Workbook()
    const ws = wb.addWorksheet('Results')
    ws.columns = RESULT_COLUMNS.map((c) => ({ header: c, key: c, width: c === 'message' ? 60 : 18 }))
    for (const r of rows) ws.addRow(r)
    ws.getRow(1).font = { bold: true }
    data = Buffer.from(await wb.xlsx.writeBuffer())
  } else {
    data = Papa.unparse({ fields: RESULT_COLUMNS, data: rows.map((r) => RESULT_COLUMNS.map((c) => safe(r[c]))) }) + '\n'
  }
  await writeFileAtomic(path, data, { fsync: true })
}
