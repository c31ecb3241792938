/**
 * Reading lock numbers and employees from files (CSV, Excel .xlsx, plain text) or pasted text. Input: bytes and
 * a file name, or text; output: the rows to send and every problem, per row, in the user's language. A file that
 * cannot be read at all gives no rows and one issue on line 0.
 */
import type { Locale } from '@shared/i18n/locale'
import type { EmployeeImport, LockImport } from '@shared/bulk/import'
import type { MemberRuleLimits } from '@shared/rules/member-rules'
import { employeesFrom } from './employees'
import { lockNumbersFrom } from './locks'
import { ImportFileError, readTable, type TableInput } from './table'

export { readTable, decodeText, columnLetter, columnIndex, ImportFileError, MAX_FILE_BYTES, MAX_ROWS, type Table, type TableInput } from './table'
export { lockNumbersFrom, looksLikeHeader } from './locks'
export { employeesFrom, employeeColumns, EMPLOYEE_COLUMNS } from './employees'
export { safeCell, safeFileName, writeWorkbook } from './write-table'

/** Lock numbers from a file or text; `column` picks the column (header text, letter or 1-based number). */
export async function importLockNumbers(input: TableInput, opts: { column?: string; sheet?: string; locale?: Locale } = {}): Promise<LockImport> {
  try {
    const table = await readTable(input, opts)
    return lockNumbersFrom(table, opts)
  } catch (err) {
    if (err instanceof ImportFileError) return { items: [], issues: [err.issue], column: null, header: false, rows: 0 }
    throw err
  }
}

/** Employees from a file or text (a header row is required). */
export async function importEmployees(input: TableInput, opts: { sheet?: string; locale?: Locale; limits?: MemberRuleLimits } = {}): Promise<EmployeeImport> {
  try {
    const table = await readTable(input, opts)
    return employeesFrom(table, opts)
  } catch (err) {
    if (err instanceof ImportFileError) return { rows: [], issues: [err.issue], columns: {}, rowsInFile: 0 }
    throw err
  }
}
