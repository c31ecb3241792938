/**
 * The customer book in and out of files. Import: CSV or Excel through the engine's table reader (UTF-8 or
 * GB 18030, delimiter guessed), a header row in English or Chinese, each cell checked with the book's field rules;
 * a row with a problem is reported with its line and column and left out, the others are merged into the book in
 * one transaction (a customer already there takes the file's non-empty cells). Export: the book's fields, its
 * source and when the service last showed it, with headers in the user's language, read back by import.
 */
import {
  CUSTOMER_TEXT_FIELDS,
  CUSTOMER_TYPE_LABELS,
  NAMING_FIELDS,
  checkCustomerValue,
  customerFieldLabel,
  describeCustomerIssue,
  type CustomerField,
} from '@shared/customers/fields'
import {
  EXPORT_EXTRA_HEADERS,
  FILE_FIELDS,
  SOURCE_LABELS,
  YES_NO,
  customerColumns,
  customerImportMessage,
  parseCustomerType,
  parseYesNo,
} from '@shared/customers/files'
import type { ImportIssue } from '@shared/bulk/import'
import type { Locale } from '@shared/i18n/locale'
import type { CustomerImportResult, CustomerRecord } from '@shared/ipc/channels/customers'
import type { ExportTable } from '../exports'
import { ImportFileError, readTable, type Table, type TableInput } from '../import'
import type { CustomerBook, CustomerFieldValues } from './book'
import { localDateTime } from '@shared/time/dates'

/** A row of a customer file, checked: the values to merge, or the problems that keep it out. */
export interface CustomerFileRow {
  line: number
  values: CustomerFieldValues
}

/** The rows of a table with a header row, and one issue per problem (a row with a problem is left out). */
export function customersFrom(table: Table, locale: Locale): { rows: CustomerFileRow[]; issues: ImportIssue[]; columns: Record<string, string> } {
  const header = table.rows[0] ?? []
  const cols = customerColumns(header)
  const columns: Record<string, string> = {}
  for (const [f, i] of Object.entries(cols)) columns[f] = header[i]!
  const issues: ImportIssue[] = []
  if (!NAMING_FIELDS.some((f) => cols[f] !== undefined)) {
    const names = FILE_FIELDS.slice(0, 6).map((f) => customerFieldLabel(f, locale)).join(', ')
    issues.push({ line: 1, code: 'customers.noColumns', message: customerImportMessage('customers.noColumns', locale, { names }) })
    return { rows: [], issues, columns }
  }
  const rows: CustomerFileRow[] = []
  const firstLine = new Map<string, number>()
  for (let r = 1; r < table.rows.length; r++) {
    const cells = table.rows[r]!
    const line = r + 1
    const cell = (f: CustomerField) => (cols[f] === undefined ? '' : (cells[cols[f]!] ?? '').trim())
    if (FILE_FIELDS.every((f) => cell(f) === '')) continue // a blank row
    const values: CustomerFieldValues = {}
    const problems: ImportIssue[] = []
    for (const f of CUSTOMER_TEXT_FIELDS) {
      const v = cell(f)
      if (v === '') continue
      const found = checkCustomerValue(f, v)
      if (found) {
        const column = header[cols[f]!]!
        problems.push({ line, column, code: found.code, message: describeCustomerIssue({ ...found, field: column }, locale) })
      } else {
        values[f] = f === 'passwordMobile' || f === 'adminCellNumber' ? v.replace(/[\s-]/g, '') : v
      }
    }
    const type = cell('customerType')
    if (type !== '') {
      const t = parseCustomerType(type)
      const column = header[cols.customerType!]!
      if (t) values.customerType = t
      else problems.push({ line, column, code: 'customers.badType', message: customerImportMessage('customers.badType', locale, { field: column, value: type }) })
    }
    const def = cell('isDefault')
    if (def !== '') {
      const d = parseYesNo(def)
      const column = header[cols.isDefault!]!
      if (d !== null) values.isDefault = d
      else problems.push({ line, column, code: 'customers.badYesNo', message: customerImportMessage('customers.badYesNo', locale, { field: column, value: def }) })
    }
    if (problems.length > 0) {
      issues.push(...problems)
      continue
    }
    if (!NAMING_FIELDS.some((f) => values[f])) {
      issues.push({ line, code: 'customers.noName', message: customerImportMessage('customers.noName', locale) })
      continue
    }
    const key = identityKey(values)
    const first = key ? firstLine.get(key) : undefined
    if (key && first !== undefined) issues.push({ line, code: 'customers.repeated', message: customerImportMessage('customers.repeated', locale, { first }) })
    else if (key) firstLine.set(key, line)
    rows.push({ line, values })
  }
  return { rows, issues, columns }
}

/** What makes two rows the same customer of the service (as the book merges them). */
function identityKey(v: CustomerFieldValues): string | null {
  if (v.customerId) return `id\u0000${v.customerId}`
  if (v.channelCode && v.channelCustomerId) return `ch\u0000${v.channelCode}\u0000${v.channelCustomerId}`
  if (v.crmCustomerId) return `crm\u0000${v.crmCustomerId}`
  return null
}

/** Imports a file into a profile's book. A file that cannot be read gives one issue on line 0 and changes nothing. */
export async function importCustomers(
  book: CustomerBook,
  profileId: string,
  input: TableInput,
  opts: { locale: Locale; sheet?: string },
): Promise<CustomerImportResult> {
  let table: Table
  try {
    table = await readTable(input, opts.sheet ? { locale: opts.locale, sheet: opts.sheet } : { locale: opts.locale })
  } catch (err) {
    if (err instanceof ImportFileError) return { added: 0, updated: 0, unchanged: 0, issues: [err.issue], rows: 0, columns: {} }
    throw err
  }
  const parsed = customersFrom(table, opts.locale)
  const merged = parsed.rows.length > 0 ? book.importRows(profileId, parsed.rows.map((r) => r.values)) : []
  return {
    added: merged.filter((m) => m.change === 'added').length,
    updated: merged.filter((m) => m.change === 'updated').length,
    unchanged: merged.filter((m) => m.change === 'unchanged').length,
    issues: parsed.issues,
    rows: Math.max(0, table.rows.length - 1),
    columns: parsed.columns,
  }
}

const localTime = (ms: number | null): string => localDateTime(ms)

/** The export's header row and rows (what import reads back, plus source, last seen and created members). */
export function customerTable(records: readonly CustomerRecord[], locale: Locale): { columns: string[]; rows: (string | null)[][] } {
  const columns = [
    ...FILE_FIELDS.map((f) => customerFieldLabel(f, locale)),
    EXPORT_EXTRA_HEADERS.source[locale],
    EXPORT_EXTRA_HEADERS.lastSeen[locale],
    EXPORT_EXTRA_HEADERS.members[locale],
  ]
  const rows = records.map((r) => [
    ...CUSTOMER_TEXT_FIELDS.map((f) => r[f]),
    r.customerType ? CUSTOMER_TYPE_LABELS[r.customerType][locale] : null,
    r.isDefault === null ? null : r.isDefault ? YES_NO[locale].yes : YES_NO[locale].no,
    SOURCE_LABELS[r.source][locale],
    localTime(r.lastSeenAt),
    r.members.map((m) => `${m.memberIdentity} (${m.memberGlobalId})`).join('; '),
  ])
  return { columns, rows }
}

/** A profile's book (or the customers matching `query`) as an export's table. */
export function customersExportTable(book: CustomerBook, profileId: string, opts: { query?: string | undefined; locale: Locale }): ExportTable {
  const { columns, rows } = customerTable(book.all(profileId, opts.query ?? ''), opts.locale)
  return { baseName: opts.locale === 'zh-CN' ? '客户簿' : 'customers', sheetName: opts.locale === 'zh-CN' ? '客户' : 'Customers', columns, rows, total: rows.length }
}
