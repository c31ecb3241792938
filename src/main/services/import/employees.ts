/**
 * Employees from a table with a header row: columns found by their names (English or Chinese), each row checked
 * with the service's own member rules (src/shared/rules), and repeated account names reported and kept once.
 */
import type { NewMember } from '@shared/api/operations'
import type { Locale } from '@shared/i18n/locale'
import { importMessage, type EmployeeImport, type ImportIssue } from '@shared/bulk/import'
import { checkNewMember, DEFAULT_MEMBER_RULE_LIMITS, type MemberRuleLimits } from '@shared/rules/member-rules'
import { describeIssue } from '@shared/rules/issue'
import type { Table } from './table'

type Field = keyof NewMember

/** Header names recognised per field (compared without case, spaces, underscores or hyphens). */
export const EMPLOYEE_COLUMNS: Record<Field, string[]> = {
  userName: ['userName', 'user name', 'account', 'login', 'username', '账号', '帐号', '用户名', '登录名', '账户'],
  password: ['password', 'initial password', 'pwd', '密码', '初始密码'],
  name: ['name', 'full name', 'display name', 'employee name', '姓名', '名字', '员工姓名'],
  departmentId: ['departmentId', 'department id', 'dept id', '部门id', '部门编号', '部门ID'],
  remark: ['remark', 'note', 'notes', 'comment', '备注'],
  passwordMobile: ['passwordMobile', 'mobile', 'phone', 'security mobile', '手机', '手机号', '手机号码', '安全手机'],
}
const REQUIRED: Field[] = ['userName', 'password', 'name']

const norm = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, '')

/** Finds each field's column in the header row. */
export function employeeColumns(header: readonly string[]): Partial<Record<Field, number>> {
  const found: Partial<Record<Field, number>> = {}
  const cells = header.map(norm)
  for (const field of Object.keys(EMPLOYEE_COLUMNS) as Field[]) {
    const names = EMPLOYEE_COLUMNS[field].map(norm)
    const i = cells.findIndex((c) => names.includes(c))
    if (i >= 0) found[field] = i
  }
  return found
}

/** The employees of a table, with one issue per row that cannot be sent (the first problem of the row). */
export function employeesFrom(table: Table, opts: { locale?: Locale; limits?: MemberRuleLimits } = {}): EmployeeImport {
  const locale = opts.locale ?? 'en'
  const limits = opts.limits ?? DEFAULT_MEMBER_RULE_LIMITS
  const header = table.rows[0] ?? []
  const cols = employeeColumns(header)
  const columns: Record<string, string> = {}
  for (const [f, i] of Object.entries(cols)) columns[f] = header[i]!
  const issues: ImportIssue[] = []
  const missing = REQUIRED.filter((f) => cols[f] === undefined)
  if (missing.length > 0) {
    for (const f of missing) {
      issues.push({ line: 1, code: 'import.missingColumn', message: importMessage('import.missingColumn', locale, { field: f, names: EMPLOYEE_COLUMNS[f].join(', ') }) })
    }
    return { rows: [], issues, columns, rowsInFile: table.rows.length }
  }

  const rows: EmployeeImport['rows'] = []
  const firstLine = new Map<string, number>()
  const columnOf = (f: Field) => header[cols[f]!]!
  for (let r = 1; r < table.rows.length; r++) {
    const cells = table.rows[r]!
    const line = r + 1
    const get = (f: Field) => (cols[f] === undefined ? '' : (cells[cols[f]!] ?? '').trim())
    if ((Object.keys(cols) as Field[]).every((f) => get(f) === '')) continue // a blank row
    const m: Record<string, unknown> = { userName: get('userName'), password: cells[cols.password!] ?? '', name: get('name') }
    const dep = get('departmentId')
    if (dep !== '') {
      if (!/^-?\d+$/.test(dep) || !Number.isSafeInteger(Number(dep))) {
        issues.push({ line, column: columnOf('departmentId'), code: 'import.integer', message: importMessage('import.integer', locale, { field: columnOf('departmentId'), value: dep }) })
        continue
      }
      m['departmentId'] = Number(dep)
    }
    if (get('remark') !== '') m['remark'] = get('remark')
    if (get('passwordMobile') !== '') m['passwordMobile'] = get('passwordMobile').replace(/[\s-]/g, '')
    const problem = checkNewMember(m, 0, limits)
    if (problem) {
      const field = (problem.field.split('.').pop() ?? problem.field) as Field
      const column = cols[field] !== undefined ? columnOf(field) : field
      issues.push({ line, column, code: problem.code, message: describeIssue({ ...problem, field: column }, locale) })
      continue
    }
    const key = String(m['userName']).toLowerCase()
    const first = firstLine.get(key)
    if (first !== undefined) {
      issues.push({ line, column: columnOf('userName'), code: 'import.duplicate', message: importMessage('import.duplicate', locale, { value: String(m['userName']), first }) })
      continue
    }
    firstLine.set(key, line)
    rows.push({ line, member: m as unknown as NewMember })
  }
  return { rows, issues, columns, rowsInFile: table.rows.length }
}
