/**
 * Rows of an employee file (CSV or Excel, one employee per row) as the service would take them: which column
 * holds which field (found from the header in English or Chinese, or chosen by the user), and every row checked
 * with the service's own member rules before anything is sent, with the reason at the row: a rule it breaks,
 * a repeat of an earlier row, or an account the enterprise already has. Pure: the import screen, the CLI and the
 * engine's file reader use the same functions.
 */
import type { NewMember } from '../api/operations'
import { importMessage, type ImportIssue } from '../bulk/import'
import type { Locale } from '../i18n/locale'
import { describeIssue } from '../rules/issue'
import { checkNewMember, DEFAULT_MEMBER_RULE_LIMITS, type MemberRuleLimits } from '../rules/member-rules'
import { normalizeMobile } from './member-form'

export type EmployeeField = keyof NewMember

/** The fields of a file, in the template's order. */
export const EMPLOYEE_FIELDS: readonly EmployeeField[] = ['userName', 'password', 'name', 'departmentId', 'remark', 'passwordMobile']
export const REQUIRED_EMPLOYEE_FIELDS: readonly EmployeeField[] = ['userName', 'password', 'name']

/** Header names recognised per field (compared without case, spaces, underscores or hyphens). */
export const EMPLOYEE_COLUMNS: Record<EmployeeField, string[]> = {
  userName: ['userName', 'user name', 'account', 'login', 'username', '账号', '帐号', '用户名', '登录名', '账户'],
  password: ['password', 'initial password', 'pwd', '密码', '初始密码'],
  name: ['name', 'full name', 'display name', 'employee name', '姓名', '名字', '员工姓名'],
  departmentId: ['departmentId', 'department id', 'dept id', '部门id', '部门编号', '部门ID'],
  remark: ['remark', 'note', 'notes', 'comment', '备注'],
  passwordMobile: ['passwordMobile', 'mobile', 'phone', 'security mobile', '手机', '手机号', '手机号码', '安全手机'],
}

/** The template's header: each column named in English and Chinese, which the header finder reads back. */
export const EMPLOYEE_TEMPLATE_HEADER: Record<EmployeeField, string> = {
  userName: 'userName / 账号',
  password: 'password / 密码',
  name: 'name / 姓名',
  departmentId: 'departmentId / 部门ID',
  remark: 'remark / 备注',
  passwordMobile: 'passwordMobile / 手机号',
}

/** Which column (0-based) each field is read from; fields without a column are left out. */
export type EmployeeMapping = Partial<Record<EmployeeField, number>>

const norm = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, '')
const KNOWN = new Map<string, EmployeeField>()
for (const f of EMPLOYEE_FIELDS) for (const n of EMPLOYEE_COLUMNS[f]) KNOWN.set(norm(n), f)

/** The field a header cell names: the whole cell, or one of its parts around `/ | ( )` (bilingual headers). */
export function fieldOfHeader(cell: string): EmployeeField | null {
  const whole = KNOWN.get(norm(cell))
  if (whole) return whole
  for (const part of cell.split(/[/|()（）:：]+/)) {
    const f = KNOWN.get(norm(part))
    if (f) return f
  }
  return null
}

/** Finds each field's column in a header row (the first column naming a field wins). */
export function guessEmployeeMapping(header: readonly string[]): EmployeeMapping {
  const found: EmployeeMapping = {}
  header.forEach((cell, i) => {
    const f = fieldOfHeader(cell)
    if (f && found[f] === undefined) found[f] = i
  })
  return found
}

/** Required fields without a column. */
export function missingEmployeeFields(mapping: EmployeeMapping): EmployeeField[] {
  return REQUIRED_EMPLOYEE_FIELDS.filter((f) => mapping[f] === undefined)
}

/** One data row of a file: its line in the file (1-based, as the spreadsheet numbers it) and its cells. */
export interface FileRow {
  line: number
  cells: readonly string[]
}

/** A row checked: the employee to send, or why it is not sent. */
export interface CheckedEmployeeRow {
  line: number
  member?: NewMember
  issue?: ImportIssue
}

export interface CheckRowsOptions {
  locale?: Locale
  limits?: MemberRuleLimits
}

/**
 * Checks every row (blank rows are skipped): the member rules (the first problem of a row, worded with the
 * column's header), whole-number department ids, then repeats of an account earlier in the file (compared
 * ignoring case, as the service does; the first is kept).
 */
export function checkEmployeeRows(
  header: readonly string[],
  rows: readonly FileRow[],
  mapping: EmployeeMapping,
  opts: CheckRowsOptions = {},
): CheckedEmployeeRow[] {
  const locale = opts.locale ?? 'en'
  const limits = opts.limits ?? DEFAULT_MEMBER_RULE_LIMITS
  const columnOf = (f: EmployeeField): string => {
    const i = mapping[f]
    return i === undefined ? f : header[i] || f
  }
  const fields = EMPLOYEE_FIELDS.filter((f) => mapping[f] !== undefined)
  const firstLine = new Map<string, number>()
  const out: CheckedEmployeeRow[] = []
  for (const { line, cells } of rows) {
    const get = (f: EmployeeField) => (mapping[f] === undefined ? '' : (cells[mapping[f]!] ?? '').trim())
    if (fields.every((f) => get(f) === '')) continue
    const m: Record<string, unknown> = { userName: get('userName'), password: mapping.password === undefined ? '' : (cells[mapping.password] ?? ''), name: get('name') }
    const dep = get('departmentId')
    if (dep !== '') {
      if (!/^-?\d+$/.test(dep) || !Number.isSafeInteger(Number(dep))) {
        const column = columnOf('departmentId')
        out.push({ line, issue: { line, column, code: 'import.integer', message: importMessage('import.integer', locale, { field: column, value: dep }) } })
        continue
      }
      m['departmentId'] = Number(dep)
    }
    if (get('remark') !== '') m['remark'] = get('remark')
    if (get('passwordMobile') !== '') m['passwordMobile'] = normalizeMobile(get('passwordMobile'))
    const problem = checkNewMember(m, 0, limits)
    if (problem) {
      const field = (problem.field.split('.').pop() ?? problem.field) as EmployeeField
      const column = columnOf(field)
      out.push({ line, issue: { line, column, code: problem.code, message: describeIssue({ ...problem, field: column }, locale) } })
      continue
    }
    const key = String(m['userName']).toLowerCase()
    const first = firstLine.get(key)
    if (first !== undefined) {
      const column = columnOf('userName')
      out.push({ line, issue: { line, column, code: 'import.duplicate', message: importMessage('import.duplicateAccount', locale, { value: String(m['userName']), first }) } })
      continue
    }
    firstLine.set(key, line)
    out.push({ line, member: m as unknown as NewMember })
  }
  return out
}

/** An account the enterprise has, as the member list shows it. */
export interface ExistingAccount {
  userName: string
  name: string
}

/**
 * Flags rows whose account the enterprise already has (`existing` by lower-case account): they would be
 * refused one by one (60027), so they are shown before anything is sent and not sent.
 */
export function flagExistingAccounts(
  rows: readonly CheckedEmployeeRow[],
  existing: ReadonlyMap<string, ExistingAccount>,
  header: readonly string[],
  mapping: EmployeeMapping,
  locale: Locale = 'en',
): CheckedEmployeeRow[] {
  const column = mapping.userName === undefined ? 'userName' : header[mapping.userName] || 'userName'
  return rows.map((r) => {
    if (!r.member) return r
    const found = existing.get(r.member.userName.toLowerCase())
    if (!found) return r
    const message = importMessage('import.exists', locale, { value: r.member.userName, name: found.name || found.userName })
    return { line: r.line, issue: { line: r.line, column, code: 'import.exists', message } }
  })
}
