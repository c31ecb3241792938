/**
 * Employees from a table with a header row: columns found by their names (English or Chinese), each row checked
 * with the service's own member rules, and repeated account names reported and kept once. The finding and the
 * checks are shared with the Members screen's import (src/shared/members/employee-rows.ts).
 */
import type { Locale } from '@shared/i18n/locale'
import { importMessage, type EmployeeImport, type ImportIssue } from '@shared/bulk/import'
import type { MemberRuleLimits } from '@shared/rules/member-rules'
import {
  checkEmployeeRows,
  EMPLOYEE_COLUMNS,
  guessEmployeeMapping,
  missingEmployeeFields,
  type EmployeeField,
  type EmployeeMapping,
} from '@shared/members/employee-rows'
import type { Table } from './table'

export { EMPLOYEE_COLUMNS } from '@shared/members/employee-rows'

/** Finds each field's column in the header row. */
export function employeeColumns(header: readonly string[]): EmployeeMapping {
  return guessEmployeeMapping(header)
}

/** The employees of a table, with one issue per row that cannot be sent (the first problem of the row). */
export function employeesFrom(table: Table, opts: { locale?: Locale; limits?: MemberRuleLimits } = {}): EmployeeImport {
  const locale = opts.locale ?? 'en'
  const header = table.rows[0] ?? []
  const cols = guessEmployeeMapping(header)
  const columns: Record<string, string> = {}
  for (const [f, i] of Object.entries(cols)) columns[f] = header[i]!
  const missing = missingEmployeeFields(cols)
  if (missing.length > 0) {
    const issues: ImportIssue[] = missing.map((f: EmployeeField) => ({
      line: 1,
      code: 'import.missingColumn',
      message: importMessage('import.missingColumn', locale, { field: f, names: EMPLOYEE_COLUMNS[f].join(', ') }),
    }))
    return { rows: [], issues, columns, rowsInFile: table.rows.length }
  }
  const body = table.rows.slice(1).map((cells, i) => ({ line: i + 2, cells }))
  const rows: EmployeeImport['rows'] = []
  const issues: ImportIssue[] = []
  for (const r of checkEmployeeRows(header, body, cols, opts)) {
    if (r.member) rows.push({ line: r.line, member: r.member })
    else if (r.issue) issues.push(r.issue)
  }
  return { rows, issues, columns, rowsInFile: table.rows.length }
}
