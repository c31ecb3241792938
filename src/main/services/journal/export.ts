/** CSV export of journal entries (one row per call), safe to open in a spreadsheet. */
import Papa from 'papaparse'
import type { JournalEntry } from '@shared/ipc/channels/journal'
import { catalogText } from '@shared/errors/catalog'
import { isoUtc } from '@shared/time/dates'

/** Cells starting with these are formulas to a spreadsheet: prefixed with ' so they stay text. */
const FORMULA_START = /^[=+\-@\t\r]/

function cell(v: unknown): string {
  if (v === undefined || v === null) return ''
  const s = typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v)
  return FORMULA_START.test(s) ? `'${s}` : s
}

const iso = (ms: number | undefined): string => isoUtc(ms)

/** The columns of a journal export (CSV or Excel), one row per call. */
export const JOURNAL_COLUMNS = [
  'startedAt', 'sentAt', 'endedAt', 'durationMs', 'profileId', 'operation', 'method', 'path', 'outcome', 'httpStatus',
  'errorCode', 'errorMessage', 'serverMessage', 'summary', 'shellNumbers', 'nonce', 'attempt', 'jobId', 'chunk', 'resolution', 'query', 'request',
] as const

/** An entry's cells in JOURNAL_COLUMNS' order, as text (formula-looking cells are guarded where the file is written). */
export function journalRow(e: JournalEntry): string[] {
  const r = row(e, (v) => (v === undefined || v === null ? '' : typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v)))
  return JOURNAL_COLUMNS.map((f) => r[f])
}

/** CSV with a header row; the request column holds the (already redacted) body as JSON. */
export function entriesToCsv(entries: JournalEntry[]): string {
  const fields = [...JOURNAL_COLUMNS]
  return Papa.unparse({ fields, data: entries.map((e) => row(e, cell)).map((r) => fields.map((f) => r[f])) }) + '\n'
}

function row(e: JournalEntry, cell: (v: unknown) => string): Record<(typeof JOURNAL_COLUMNS)[number], string> {
  return {
    startedAt: iso(e.startedAt),
    sentAt: iso(e.sentAt),
    endedAt: iso(e.endedAt),
    durationMs: cell(e.durationMs),
    profileId: cell(e.profileId),
    operation: cell(e.operation),
    method: cell(e.method),
    path: cell(e.path),
    outcome: cell(e.outcome),
    httpStatus: cell(e.httpStatus),
    errorCode: cell(e.error?.code),
    errorMessage: cell(e.error ? catalogText(e.error.messageKey, 'en', e.error.params) : undefined),
    serverMessage: cell(e.error?.details.serverMessage),
    summary: cell(e.summary),
    shellNumbers: cell(e.shellNumbers?.join(' ')),
    nonce: cell(e.nonce),
    attempt: cell(e.attempt),
    jobId: cell(e.jobId),
    chunk: cell(e.chunk),
    resolution: cell(e.resolutions?.map((r) => `${iso(r.at)} ${r.by}: ${r.verdict} (${r.summary})`).join('; ')),
    query: cell(Object.keys(e.query).length ? e.query : undefined),
    request: cell(e.body),
  }
}
